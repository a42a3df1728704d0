'use strict';

const express = require('express');
const pino = require('pino');
const pinoHttp = require('pino-http');
const winston = require('winston');

const app = express();
app.use(express.json());
app.use(express.urlencoded({ extended: false }));

const logger = pino({ level: 'info' });
app.use(pinoHttp({ logger }));
const audit = { log: winston.createLogger({ transports: [new winston.transports.Console()] }) };

const LEVELS = new Set(['debug', 'info', 'warn', 'error']);

function userAgent(req) {
  return req.get('User-Agent') || 'unknown';
}

function anonymousAgent(req) {
  return 'unknown';
}

function oneLine(value) {
  return String(value).replace(/[\r\n]+/g, ' ');
}

function passThrough(value) {
  return String(value);
}

// ---------------------------------------------------------------------------
// Two statements in one handler

app.post('/login', (req, res) => {
  const user = req.body.user;
  // expect: CWE-117
  console.warn('failed login for ' + user);
  res.sendStatus(401);
});

app.post('/login/clean', (req, res) => {
  const user = req.body.user.replace(/[\r\n]/g, '_');
  // ok: CWE-117
  console.warn('failed login for ' + user);
  res.sendStatus(401);
});

app.get('/search', (req, res) => {
  let q = req.query.q;
  // expect: CWE-117
  logger.info('search for %s', q);
  res.json([]);
});

app.get('/search/redacted', (req, res) => {
  let q = req.query.q;
  q = 'redacted';
  // ok: CWE-117
  logger.info('search for %s', q);
  res.json([]);
});

// ---------------------------------------------------------------------------
// Helpers in this file

app.get('/agent', (req, res) => {
  const ua = userAgent(req);
  // expect: CWE-117
  req.log.info('visit from ' + ua);
  res.sendStatus(204);
});

app.get('/agent/anonymous', (req, res) => {
  const ua = anonymousAgent(req);
  // ok: CWE-117
  req.log.info('visit from ' + ua);
  res.sendStatus(204);
});

app.post('/comments', (req, res) => {
  const text = passThrough(req.body.text);
  // expect: CWE-117
  audit.log.info('comment: ' + text);
  res.sendStatus(201);
});

app.post('/comments/flat', (req, res) => {
  const text = oneLine(req.body.text);
  // ok: CWE-117
  audit.log.info('comment: ' + text);
  res.sendStatus(201);
});

// ---------------------------------------------------------------------------
// Collections

app.get('/visit', (req, res) => {
  const entry = { referer: req.get('Referer'), path: '/visit' };
  // expect: CWE-117
  console.info('visit', entry.referer);
  res.sendStatus(204);
});

app.get('/visit/path', (req, res) => {
  const entry = { referer: req.get('Referer'), path: '/visit' };
  // ok: CWE-117
  console.info('visit', entry.path);
  res.sendStatus(204);
});

app.get('/orders/:id', (req, res) => {
  const parts = [req.params.id, 'orders'];
  // expect: CWE-117
  logger.error('no such order ' + parts[0]);
  res.sendStatus(404);
});

app.get('/orders/:id/list', (req, res) => {
  const parts = [req.params.id, 'orders'];
  // ok: CWE-117
  logger.error('no such list ' + parts[1]);
  res.sendStatus(404);
});

// ---------------------------------------------------------------------------
// String building: concatenation, template literals

app.get('/reports', (req, res) => {
  let line = 'report';
  line += ' page=' + req.query.page;
  // expect: CWE-117
  logger.debug(line);
  res.json([]);
});

app.get('/reports/page', (req, res) => {
  let line = 'report';
  line += ' page=' + Number(req.query.page);
  // ok: CWE-117
  logger.debug(line);
  res.json([]);
});

app.post('/upload', (req, res) => {
  // expect: CWE-117
  winston.warn(`upload rejected: ${req.body.filename}`);
  res.sendStatus(400);
});

app.post('/upload/encoded', (req, res) => {
  // ok: CWE-117
  winston.warn(`upload rejected: ${encodeURIComponent(req.body.filename)}`);
  res.sendStatus(400);
});

app.post('/webhooks', (req, res) => {
  // expect: CWE-117
  console.error('bad webhook payload ' + req.body.event);
  res.sendStatus(400);
});

app.post('/webhooks/json', (req, res) => {
  // ok: CWE-117
  console.error('bad webhook payload ' + JSON.stringify(req.body.event));
  res.sendStatus(400);
});

// ---------------------------------------------------------------------------
// Ternaries and branches

app.get('/landing', (req, res) => {
  const source = req.query.ref ? req.query.ref : 'direct';
  // expect: CWE-117
  req.log.warn('landing from ' + source);
  res.sendStatus(204);
});

app.get('/landing/tagged', (req, res) => {
  const source = req.query.ref ? 'referred' : 'direct';
  // ok: CWE-117
  req.log.warn('landing from ' + source);
  res.sendStatus(204);
});

app.post('/notes', (req, res) => {
  let note = 'none';
  if (req.body.note) {
    note = req.body.note;
  }
  // expect: CWE-117
  logger.info('note ' + note);
  res.sendStatus(204);
});

app.post('/notes/disabled', (req, res) => {
  let note = 'none';
  if (false) {
    note = req.body.note;
  }
  // ok: CWE-117
  logger.info('note ' + note);
  res.sendStatus(204);
});

app.post('/debug/level', (req, res) => {
  const level = req.body.level;
  // expect: CWE-117
  logger.warn('log level change requested: ' + level);
  res.sendStatus(204);
});

app.post('/debug/level/checked', (req, res) => {
  const level = req.body.level;
  if (!LEVELS.has(level)) {
    return res.sendStatus(400);
  }
  // ok: CWE-117
  logger.warn('log level change requested: ' + level);
  res.sendStatus(204);
});

app.listen(3010);
