"use strict";

const express = require("express");
const path = require("path");
const fs = require("fs");
const mysql = require("mysql2/promise");
const User = require("../models/user");
const { requireLogin } = require("../middleware/auth");

const router = express.Router();
const AVATAR_DIR = path.join(__dirname, "..", "uploads", "avatars");
const USERS_TABLE = "users";

const pool = mysql.createPool({
  host: process.env.DB_HOST,
  user: process.env.DB_USER,
  password: process.env.DB_PASSWORD,
  database: "crm",
});

router.get("/users/search", requireLogin, async (req, res) => {
  const sort = req.query.sort === "name" ? "name" : "created_at";
  // expect: js.sql-injection-string-query
  const [rows] = await pool.query(`SELECT id, name, email FROM users WHERE name LIKE '%${req.query.q}%' ORDER BY ${sort}`);
  res.json(rows);
});

router.get("/users/:id", requireLogin, async (req, res) => {
  // ok: js.sql-injection-string-query
  const [rows] = await pool.query(`SELECT id, name, email FROM ${USERS_TABLE} WHERE id = ?`, [req.params.id]);
  if (!rows.length) return res.sendStatus(404);
  res.json(rows[0]);
});

router.delete("/users/:id/sessions", requireLogin, async (req, res) => {
  const sql = "DELETE FROM sessions WHERE user_id = " + req.params.id;
  // expect: js.sql-injection-string-query
  await pool.execute(sql);
  res.sendStatus(204);
});

router.post("/login", async (req, res) => {
  // expect: js.mongo-query-operator-injection
  const user = await User.findOne({ email: req.body.email, password: req.body.password });
  if (!user) return res.status(401).json({ error: "invalid credentials" });
  req.session.userId = user.id;
  // expect: js.express-open-redirect
  res.redirect(req.query.returnTo);
});

router.post("/login/v2", async (req, res) => {
  // ok: js.mongo-query-operator-injection
  const user = await User.findOne({ email: String(req.body.email) });
  if (!user || !(await user.checkPassword(String(req.body.password)))) {
    return res.status(401).json({ error: "invalid credentials" });
  }
  const next = req.query.next;
  const target = typeof next === "string" && next.startsWith("/") && !next.startsWith("//") ? next : "/";
  // ok: js.express-open-redirect
  res.redirect(target);
});

router.post("/users", async (req, res) => {
  // expect: js.mass-assignment-request-body
  const user = await User.create(req.body);
  res.status(201).json(user);
});

router.post("/users/invite", async (req, res) => {
  const { name, email } = req.body;
  // ok: js.mass-assignment-request-body
  const user = await User.create({ name, email, role: "member" });
  res.status(201).json(user);
});

router.patch("/me", requireLogin, async (req, res) => {
  const user = await User.findById(req.session.userId);
  // expect: js.mass-assignment-object-assign
  Object.assign(user, req.body);
  await user.save();
  res.json(user);
});

router.get("/users/:id/avatar", (req, res) => {
  // expect: js.fs-path-from-request
  fs.createReadStream(path.join(AVATAR_DIR, req.params.id + ".png")).pipe(res);
});

router.get("/avatars/:file", (req, res) => {
  // ok: js.express-sendfile-request-path
  res.sendFile(req.params.file, { root: AVATAR_DIR });
});

router.get("/export/:name", (req, res) => {
  // expect: js.path-join-request-data
  const file = path.join(__dirname, "..", "exports", req.params.name);
  // expect: js.express-sendfile-request-path
  res.download(file);
});

router.get("/profile/search", (req, res) => {
  // expect: js.express-reflected-response
  res.send(`<p>No profile matches <b>${req.query.q}</b></p>`);
});

router.get("/profile/search/safe", (req, res) => {
  // ok: js.express-reflected-response
  res.render("search", { q: req.query.q });
});

router.get("/find", async (req, res) => {
  const term = req.query.term;
  // expect: js.regexp-from-request
  const docs = await User.find({ name: new RegExp(term, "i") }).limit(20);
  res.json(docs);
});

module.exports = router;
