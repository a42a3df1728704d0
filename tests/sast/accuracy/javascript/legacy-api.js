"use strict";

const crypto = require("crypto");
const shell = require("shelljs");
const jwt = require("jsonwebtoken");
const express = require("express");
const sqlite3 = require("sqlite3");

const app = express();
const db = new sqlite3.Database("/var/lib/legacy/app.db");
const PAGES = { home: "home", pricing: "pricing", faq: "faq" };
const tenantSettings = {};

app.use((req, res, next) => {
  // expect: js.cors-header-wildcard-credentials
  res.header("Access-Control-Allow-Origin", "*");
  res.header("Access-Control-Allow-Credentials", "true");
  next();
});

app.get("/whoami", (req, res) => {
  const token = (req.headers.authorization || "").split(" ")[1];
  // expect: js.jwt-decode-without-verify
  const claims = jwt.decode(token);
  res.json({ user: claims && claims.sub });
});

app.get("/pages/:name", (req, res) => {
  // expect: js.express-render-request-view
  res.render(req.params.name, { title: "Legacy" });
});

app.get("/pages2/:name", (req, res) => {
  // ok: js.express-render-request-view
  res.render(PAGES[req.params.name] || "404", { title: "Legacy" });
});

app.post("/repos/mirror", (req, res) => {
  // expect: js.shelljs-exec-injection
  const result = shell.exec("git clone --mirror " + req.body.repo + " /srv/mirrors/tmp", { silent: true });
  res.json({ code: result.code });
});

app.post("/repos/gc", (req, res) => {
  // ok: js.shelljs-exec-injection
  const result = shell.exec("git gc --prune=now", { silent: true });
  res.json({ code: result.code });
});

app.post("/tenants/settings", (req, res) => {
  tenantSettings[req.body.tenant] = tenantSettings[req.body.tenant] || {};
  // expect: js.prototype-pollution-computed-assignment
  tenantSettings[req.body.tenant][req.body.key] = req.body.value;
  res.sendStatus(204);
});

app.get("/reports/:year", (req, res) => {
  let sql = "SELECT month, total FROM reports WHERE year = ";
  sql += req.params.year;
  // expect: js.sql-injection-string-query
  db.all(sql, (err, rows) => res.json(rows || []));
});

app.get("/reports/:year/safe", (req, res) => {
  // ok: js.sql-injection-string-query
  db.all("SELECT month, total FROM reports WHERE year = ?", [req.params.year], (err, rows) => res.json(rows || []));
});

function encryptBackup(passphrase, data) {
  // expect: js.crypto-create-cipher-no-iv
  const cipher = crypto.createCipher("aes-256-cbc", passphrase);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

function encryptBackupV2(key, data) {
  const iv = crypto.randomBytes(16);
  // ok: js.crypto-create-cipher-no-iv
  const cipher = crypto.createCipheriv("aes-256-cbc", key, iv);
  // ok: js.crypto-weak-cipher
  const check = crypto.createCipheriv("aes-256-gcm", key, crypto.randomBytes(12));
  return { iv, body: Buffer.concat([cipher.update(data), cipher.final()]), check };
}

module.exports = { app, encryptBackup, encryptBackupV2 };
