'use strict';

const express = require('express');
const session = require('express-session');
const { SessionContext, selectedWarehouse, defaultWarehouse } = require('./lib/sessionStore');

const app = express();
app.use(express.json());
app.use(express.urlencoded({ extended: false }));
app.use(
  session({
    secret: process.env.SESSION_SECRET,
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax' },
  }),
);

// Two statements in one handler

app.post('/session/identify', (req, res) => {
  const username = req.body.username;
  // expect: CWE-501
  req.session.username = username;
  res.sendStatus(204);
});

app.post('/session/identify-guest', (req, res) => {
  const username = 'guest';
  // ok: CWE-501
  req.session.username = username;
  res.sendStatus(204);
});

app.post('/session/role', (req, res) => {
  let role = req.body.role;
  // expect: CWE-501
  req.session.role = role;
  res.sendStatus(204);
});

app.post('/session/role/reset', (req, res) => {
  let role = req.body.role;
  role = 'viewer';
  // ok: CWE-501
  req.session.role = role;
  res.sendStatus(204);
});

// Helper in this file

function preferredLocale(req) {
  const header = req.get('Accept-Language') || 'en-US';
  return header.split(',')[0].trim();
}

function fallbackLocale(req) {
  return 'en-US';
}

app.get('/session/locale', (req, res) => {
  const locale = preferredLocale(req);
  // expect: CWE-501
  req.session.locale = locale;
  res.sendStatus(204);
});

app.get('/session/locale/reset', (req, res) => {
  const locale = fallbackLocale(req);
  // ok: CWE-501
  req.session.locale = locale;
  res.sendStatus(204);
});

// Helpers in lib/sessionStore.js

app.get('/session/tenant', (req, res) => {
  new SessionContext(req).rememberTenant(req.query.tenant);
  res.sendStatus(204);
});

app.get('/session/tenant/default', (req, res) => {
  new SessionContext(req).rememberDefaultTenant(req.query.tenant);
  res.sendStatus(204);
});

app.post('/session/warehouse', (req, res) => {
  const code = selectedWarehouse(req.body.warehouse);
  // expect: CWE-501
  req.session.warehouse = code;
  res.sendStatus(204);
});

app.post('/session/warehouse/default', (req, res) => {
  const code = defaultWarehouse(req.body.warehouse);
  // ok: CWE-501
  req.session.warehouse = code;
  res.sendStatus(204);
});

// Collections

app.post('/session/theme', (req, res) => {
  const prefs = { requested: req.body.theme, fallback: 'light' };
  // expect: CWE-501
  req.session.theme = prefs.requested;
  res.sendStatus(204);
});

app.post('/session/theme/reset', (req, res) => {
  const prefs = { requested: req.body.theme, fallback: 'light' };
  // ok: CWE-501
  req.session.theme = prefs.fallback;
  res.sendStatus(204);
});

app.get('/orgs/:org/enter', (req, res) => {
  const scopes = [req.params.org, 'public'];
  // expect: CWE-501
  req.session.org = scopes[0];
  res.sendStatus(204);
});

app.get('/orgs/:org/browse', (req, res) => {
  const scopes = [req.params.org, 'public'];
  // ok: CWE-501
  req.session.org = scopes[1];
  res.sendStatus(204);
});

// String builders

app.get('/catalog/visit', (req, res) => {
  let crumbs = 'home';
  crumbs += ' > catalog';
  crumbs += ' > ' + req.query.section;
  // expect: CWE-501
  req.session.breadcrumbs = crumbs;
  res.sendStatus(204);
});

app.get('/catalog/visit-root', (req, res) => {
  let crumbs = 'home';
  crumbs += ' > catalog';
  if (false) {
    crumbs += ' > ' + req.query.section;
  }
  // ok: CWE-501
  req.session.breadcrumbs = crumbs;
  res.sendStatus(204);
});

app.post('/checkout/steps', (req, res) => {
  const steps = ['cart'];
  steps.push(req.body.nextStep);
  // expect: CWE-501
  req.session.checkoutPath = steps.join('/');
  res.sendStatus(204);
});

app.post('/checkout/steps/default', (req, res) => {
  const steps = ['cart'];
  steps.push('shipping');
  // ok: CWE-501
  req.session.checkoutPath = steps.join('/');
  res.sendStatus(204);
});

// Ternaries

app.post('/billing/plan', (req, res) => {
  // expect: CWE-501
  req.session.plan = req.body.plan ? req.body.plan : 'free';
  res.sendStatus(204);
});

app.post('/billing/plan/trial', (req, res) => {
  // ok: CWE-501
  req.session.plan = req.body.plan ? 'trial' : 'free';
  res.sendStatus(204);
});

app.listen(3008);
