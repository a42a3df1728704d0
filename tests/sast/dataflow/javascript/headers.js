'use strict';

const express = require('express');

const app = express();
app.use(express.json());

const DEFAULT_ORIGIN = 'https://www.example.com';
const ALLOWED_ORIGINS = new Set(['https://www.example.com', 'https://shop.example.com']);

function attachmentFor(fileName) {
  return 'attachment; filename="' + fileName + '"';
}

function genericAttachment(fileName) {
  return 'attachment; filename="statement.pdf"';
}

// ---------------------------------------------------------------------------
// Two statements in one handler

app.get('/content/lang', (req, res) => {
  const lang = req.query.lang;
  const contentLanguage = lang;
  // expect: CWE-113
  res.setHeader('Content-Language', contentLanguage);
  res.sendStatus(204);
});

app.get('/content/lang/clean', (req, res) => {
  const lang = req.query.lang;
  const contentLanguage = String(lang).replace(/[\r\n]/g, '');
  // ok: CWE-113
  res.setHeader('Content-Language', contentLanguage);
  res.sendStatus(204);
});

app.get('/tenant/banner', (req, res) => {
  let tenant = req.query.tenant;
  // expect: CWE-113
  res.set('X-Tenant', tenant);
  res.sendStatus(204);
});

app.get('/tenant/banner/default', (req, res) => {
  let tenant = req.query.tenant;
  tenant = 'default';
  // ok: CWE-113
  res.set('X-Tenant', tenant);
  res.sendStatus(204);
});

// ---------------------------------------------------------------------------
// Helpers in this file

app.get('/statements/download', (req, res) => {
  const name = req.query.name;
  // expect: CWE-113
  res.setHeader('Content-Disposition', attachmentFor(name));
  res.type('application/pdf').end();
});

app.get('/statements/download/generic', (req, res) => {
  const name = req.query.name;
  // ok: CWE-113
  res.setHeader('Content-Disposition', genericAttachment(name));
  res.type('application/pdf').end();
});

// ---------------------------------------------------------------------------
// Collections

app.get('/api/trace', (req, res) => {
  const trace = new Map([['service', 'shop-api']]);
  trace.set('requestId', req.get('X-Request-Id'));
  // expect: CWE-113
  res.set('X-Request-Id', trace.get('requestId'));
  res.json({});
});

app.get('/api/trace/service', (req, res) => {
  const trace = new Map([['service', 'shop-api']]);
  trace.set('requestId', req.get('X-Request-Id'));
  // ok: CWE-113
  res.set('X-Served-By', trace.get('service'));
  res.json({});
});

app.get('/cdn/asset', (req, res) => {
  const tags = ['assets', req.query.bucket];
  // expect: CWE-113
  res.append('X-Cache-Tag', tags[1]);
  res.sendStatus(204);
});

app.get('/cdn/asset/global', (req, res) => {
  const tags = ['assets', req.query.bucket];
  // ok: CWE-113
  res.append('X-Cache-Tag', tags[0]);
  res.sendStatus(204);
});

// ---------------------------------------------------------------------------
// String building

app.get('/catalog/page', (req, res) => {
  const cursor = req.query.cursor;
  let link = '</catalog/page?cursor=';
  link += cursor;
  link += '>; rel="next"';
  // expect: CWE-113
  res.header('Link', link);
  res.json([]);
});

app.get('/catalog/page/encoded', (req, res) => {
  const cursor = req.query.cursor;
  let link = '</catalog/page?cursor=';
  link += encodeURIComponent(cursor);
  link += '>; rel="next"';
  // ok: CWE-113
  res.header('Link', link);
  res.json([]);
});

// ---------------------------------------------------------------------------
// Ternaries and branches

app.get('/api/cors/catalog', (req, res) => {
  const origin = req.headers.origin;
  const allowed = origin ? origin : DEFAULT_ORIGIN;
  // (a reflected Origin: the CORS rules' case, not counted as CWE-113)
  res.header('Access-Control-Allow-Origin', allowed);
  res.json([]);
});

app.get('/api/cors/orders', (req, res) => {
  const origin = req.headers.origin;
  const allowed = ALLOWED_ORIGINS.has(origin) ? origin : DEFAULT_ORIGIN;
  // (a reflected Origin: the CORS rules' case, not counted as CWE-113)
  res.header('Access-Control-Allow-Origin', allowed);
  res.json([]);
});

app.get('/account/timeout', (req, res) => {
  let delay = '30';
  if (req.query.delay) {
    delay = req.query.delay;
  }
  // expect: CWE-113
  res.setHeader('Refresh', `${delay}; url=/account/login`);
  res.sendStatus(204);
});

app.get('/account/timeout/fixed', (req, res) => {
  let delay = '30';
  if (false) {
    delay = req.query.delay;
  }
  // ok: CWE-113
  res.setHeader('Refresh', `${delay}; url=/account/login`);
  res.sendStatus(204);
});

app.listen(3011);
