'use strict';

const express = require('express');
const cookieParser = require('cookie-parser');
const escapeHtml = require('escape-html');
const render = require('./lib/render');

const app = express();
app.use(express.urlencoded({ extended: false }));
app.use(express.json());
app.use(cookieParser());

const ALLOWED_RETURN_PATHS = new Set(['/', '/account', '/orders', '/help']);
const IDP_HOSTS = new Set(['idp.example.com', 'login.partner.example.org']);
const PARTNER_SITES = new Map([
  ['docs', 'https://docs.example.com/'],
  ['status', 'https://status.example.com/'],
]);

// ===========================================================================
// CWE-79 cross-site scripting

app.get('/search', (req, res) => {
  const q = req.query.q;
  // expect: CWE-79
  res.send('<h2>Results for ' + q + '</h2><ul id="results"></ul>');
});

app.get('/search/escaped', (req, res) => {
  const q = req.query.q;
  // ok: CWE-79
  res.send('<h2>Results for ' + escapeHtml(q) + '</h2><ul id="results"></ul>');
});

function banner(message) {
  return `<div class="banner">${message}</div>`;
}

function bannerEscaped(message) {
  return `<div class="banner">${escapeHtml(message)}</div>`;
}

app.get('/banner', (req, res) => {
  const html = banner(req.query.msg);
  // expect: CWE-79
  res.send(html);
});

app.get('/banner/escaped', (req, res) => {
  const html = bannerEscaped(req.query.msg);
  // ok: CWE-79
  res.send(html);
});

function renderError(res, detail) {
  // expect: CWE-79
  res.status(400).send('<html><body><h1>Bad request</h1><pre>' + detail + '</pre></body></html>');
}

function renderGenericError(res, detail) {
  // ok: CWE-79
  res.status(400).send('<html><body><h1>Bad request</h1><pre>' + 'The request could not be processed.' + '</pre></body></html>');
}

app.get('/items/:sku', (req, res) => {
  if (!/^[A-Z0-9]{8}$/.test(req.params.sku)) {
    return renderError(res, 'Unknown SKU ' + req.params.sku);
  }
  res.json({ sku: req.params.sku });
});

app.get('/items/:sku/stock', (req, res) => {
  if (!/^[A-Z0-9]{8}$/.test(req.params.sku)) {
    return renderGenericError(res, 'Unknown SKU ' + req.params.sku);
  }
  res.json({ sku: req.params.sku });
});

app.post('/profile/preview', (req, res) => {
  const card = new render.ProfileCard(req.body.displayName, req.body.bio);
  // expect: CWE-79
  res.send(card.toHtml());
});

app.post('/profile/render', (req, res) => {
  const card = new render.ProfileCard(req.body.displayName, req.body.bio);
  // ok: CWE-79
  res.send(card.toSafeHtml());
});

app.get('/notice', (req, res) => {
  render.sendNotice(res, req.query.notice);
});

app.get('/notice/escaped', (req, res) => {
  render.sendNoticeEscaped(res, req.query.notice);
});

app.get('/page-title', (req, res) => {
  const view = { title: 'Search', term: req.query.term };
  // expect: CWE-79
  res.send(`<html><head><title>${view.term}</title></head><body></body></html>`);
});

app.get('/page-title/default', (req, res) => {
  const view = { title: 'Search', term: req.query.term };
  // ok: CWE-79
  res.send(`<html><head><title>${view.title}</title></head><body></body></html>`);
});

app.get('/tags', (req, res) => {
  const rows = ['<ul class="tags">'];
  for (const tag of [].concat(req.query.tag || [])) {
    rows.push(`<li>${tag}</li>`);
  }
  rows.push('</ul>');
  // expect: CWE-79
  res.send(rows.join('\n'));
});

app.get('/tags/escaped', (req, res) => {
  const rows = ['<ul class="tags">'];
  for (const tag of [].concat(req.query.tag || [])) {
    rows.push(`<li>${escapeHtml(tag)}</li>`);
  }
  rows.push('</ul>');
  // ok: CWE-79
  res.send(rows.join('\n'));
});

app.get('/visits', (req, res) => {
  let html = '<table class="stats">';
  html += `<tr><th>Visits</th><td>${req.query.count}</td></tr>`;
  html += '</table>';
  res.type('html');
  // expect: CWE-79
  res.send(html);
});

app.get('/visits/count', (req, res) => {
  let html = '<table class="stats">';
  html += `<tr><th>Visits</th><td>${Number(req.query.count)}</td></tr>`;
  html += '</table>';
  res.type('html');
  // ok: CWE-79
  res.send(html);
});

app.get('/hello', (req, res) => {
  const greeting = req.query.name ? 'Hi ' + req.query.name : 'Hi guest';
  // expect: CWE-79
  res.send('<h1>' + greeting + '</h1>');
});

app.get('/hello/default', (req, res) => {
  const greeting = req.query.name ? 'Welcome back' : 'Hi guest';
  // ok: CWE-79
  res.send('<h1>' + greeting + '</h1>');
});

app.get('/stream/status', (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html' });
  const job = req.query.job;
  // expect: CWE-79
  res.write('<p>Job ' + job + ' is running</p>');
  res.end();
});

app.get('/stream/status-escaped', (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html' });
  const job = req.query.job;
  // ok: CWE-79
  res.write('<p>Job ' + escapeHtml(job) + ' is running</p>');
  res.end();
});

// ===========================================================================
// CWE-601 open redirect

app.get('/login/continue', (req, res) => {
  const next = req.query.next;
  // expect: CWE-601
  res.redirect(next);
});

app.get('/login/return', (req, res) => {
  const next = req.query.next;
  if (!ALLOWED_RETURN_PATHS.has(next)) {
    return res.redirect('/');
  }
  // ok: CWE-601
  res.redirect(next);
});

app.get('/session/continue', (req, res) => {
  const target = render.postLoginTarget(req.query.returnTo);
  // expect: CWE-601
  res.redirect(303, target);
});

app.get('/session/done', (req, res) => {
  const target = render.postLogoutTarget(req.query.returnTo);
  // ok: CWE-601
  res.redirect(303, target);
});

app.get('/out', (req, res) => {
  // expect: CWE-601
  res.redirect(req.query.returnTo ? req.query.returnTo : '/dashboard');
});

app.get('/out/account', (req, res) => {
  // ok: CWE-601
  res.redirect(req.query.returnTo ? '/account' : '/dashboard');
});

app.get('/partners', (req, res) => {
  const sites = new Map(PARTNER_SITES);
  sites.set('requested', req.query.site);
  // expect: CWE-601
  res.redirect(sites.get('requested'));
});

app.get('/partners/docs', (req, res) => {
  const sites = new Map(PARTNER_SITES);
  sites.set('requested', req.query.site);
  // ok: CWE-601
  res.redirect(sites.get('docs'));
});

app.get('/sso/start', (req, res) => {
  const parts = ['https://'];
  parts.push(req.query.idp);
  parts.push('/authorize?client_id=shop');
  // expect: CWE-601
  res.redirect(parts.join(''));
});

app.get('/sso/begin', (req, res) => {
  const parts = ['https://'];
  parts.push(IDP_HOSTS.has(req.query.idp) ? req.query.idp : 'idp.example.com');
  parts.push('/authorize?client_id=shop');
  // ok: CWE-601
  res.redirect(parts.join(''));
});

app.listen(3004);
