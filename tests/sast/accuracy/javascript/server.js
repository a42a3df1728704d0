"use strict";

const https = require("https");
const express = require("express");
const session = require("express-session");
const cookieParser = require("cookie-parser");
const cors = require("cors");
const helmet = require("helmet");
const errorhandler = require("errorhandler");
const { Pool } = require("pg");
const logger = require("./logger");

const app = express();

// expect: js.hardcoded-database-password
const reportingDb = new Pool({ host: "reports-db", user: "reporter", password: "R3p0rt!ng-2023", database: "reports" });
// ok: js.hardcoded-database-password
const mainDb = new Pool({ host: process.env.PGHOST, user: process.env.PGUSER, password: process.env.PGPASSWORD });

// ok: js.helmet-protection-disabled
app.use(helmet({ crossOriginEmbedderPolicy: false }));
// expect: js.helmet-protection-disabled
app.use("/embed", helmet({ frameguard: false }));

// expect: js.cors-wildcard-credentials
app.use("/public-api", cors({ origin: "*", credentials: true }));
// ok: js.cors-wildcard-credentials
app.use("/open-data", cors({ origin: "*" }));
// expect: js.cors-reflect-any-origin-credentials
app.use("/partner-api", cors({ origin: true, credentials: true, maxAge: 600 }));
// ok: js.cors-reflect-any-origin-credentials
app.use("/app-api", cors({ origin: ["https://app.example.com"], credentials: true }));

// ok: js.express-session-hardcoded-secret
app.use(cookieParser(process.env.COOKIE_SECRET));
app.use(
  session({
    name: "sid",
    // expect: js.express-session-hardcoded-secret
    secret: process.env.SESSION_SECRET || "dev-session-secret",
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, secure: true, sameSite: "lax" },
  })
);
app.use(
  "/legacy",
  // expect: js.express-session-insecure-cookie
  session({
    secret: process.env.LEGACY_SESSION_SECRET,
    resave: false,
    saveUninitialized: true,
    cookie: { secure: false },
  })
);

app.use("/widgets", (req, res, next) => {
  // expect: js.cors-header-reflected-origin
  res.setHeader("Access-Control-Allow-Origin", req.headers.origin);
  res.setHeader("Access-Control-Allow-Credentials", "true");
  next();
});

app.use("/fonts", (req, res, next) => {
  // ok: js.cors-header-wildcard-credentials
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "GET");
  next();
});

const billingAgent = new https.Agent({
  keepAlive: true,
  // expect: js.tls-reject-unauthorized-disabled
  rejectUnauthorized: false,
});
// ok: js.tls-reject-unauthorized-disabled
const partnerAgent = new https.Agent({ keepAlive: true, rejectUnauthorized: true, ca: process.env.PARTNER_CA });

if (process.env.ALLOW_SELF_SIGNED === "yes") {
  // expect: js.node-tls-reject-unauthorized-env
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
}

if (process.env.NODE_ENV === "development") {
  // ok: js.express-errorhandler-enabled
  app.use(errorhandler());
}
// expect: js.express-errorhandler-enabled
app.use(errorhandler({ log: true }));

app.use((err, req, res, next) => {
  logger.error({ err, path: req.path }, "request failed");
  if (req.path.startsWith("/internal")) {
    // expect: js.express-error-stack-leak
    return res.status(500).json({ error: err.message, stack: err.stack });
  }
  // ok: js.express-error-stack-leak
  res.status(500).json({ error: "Internal server error", requestId: req.id });
});

module.exports = { app, reportingDb, mainDb, billingAgent, partnerAgent };
