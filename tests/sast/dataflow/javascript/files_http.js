'use strict';

const http = require('http');
const fs = require('fs');
const path = require('path');
const escapeHtml = require('escape-html');

const STATIC_DIR = path.join(__dirname, 'static');
const RETURN_PATHS = new Set(['/', '/inbox', '/settings']);
const BACKENDS = new Map([
  ['primary', 'http://10.0.0.10:8080/health'],
  ['replica', 'http://10.0.0.11:8080/health'],
]);

function serveStatic(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  const file = params.get('file') || 'index.html';
  res.setHeader('Content-Type', 'application/octet-stream');
  // expect: CWE-22
  fs.createReadStream(path.join(STATIC_DIR, file)).pipe(res);
}

function serveStaticFlat(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  const file = params.get('file') || 'index.html';
  res.setHeader('Content-Type', 'application/octet-stream');
  // ok: CWE-22
  fs.createReadStream(path.join(STATIC_DIR, path.basename(file))).pipe(res);
}

function servePage(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  let page = 'index.html';
  if (params.has('page')) {
    page = params.get('page');
  }
  // expect: CWE-22
  fs.readFile(path.join(STATIC_DIR, 'pages', page), (err, data) => (err ? res.writeHead(404).end() : res.end(data)));
}

function serveHome(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  let page = 'index.html';
  if (false) {
    page = params.get('page');
  }
  // ok: CWE-22
  fs.readFile(path.join(STATIC_DIR, 'pages', page), (err, data) => (err ? res.writeHead(404).end() : res.end(data)));
}

function greet(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  const name = params.get('name') || 'visitor';
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  // expect: CWE-79
  res.write(`<p>Hello ${name}, welcome back.</p>`);
  res.end();
}

function greetEscaped(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  const name = params.get('name') || 'visitor';
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  // ok: CWE-79
  res.write(`<p>Hello ${escapeHtml(name)}, welcome back.</p>`);
  res.end();
}

function finishLogin(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  const next = params.get('next') || '/';
  // expect: CWE-601
  res.writeHead(302, { Location: next });
  res.end();
}

function finishLogout(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  const next = params.get('next') || '/';
  if (!RETURN_PATHS.has(next)) {
    res.writeHead(400).end();
    return;
  }
  // ok: CWE-601
  res.writeHead(302, { Location: next });
  res.end();
}

function onHealth(res) {
  return (upstream) => {
    res.writeHead(upstream.statusCode === 200 ? 204 : 502);
    res.end();
    upstream.resume();
  };
}

function probeBackend(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  const backends = new Map(BACKENDS);
  backends.set('custom', params.get('url'));
  // expect: CWE-918
  http.get(backends.get('custom'), onHealth(res));
}

function probePrimary(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  const backends = new Map(BACKENDS);
  backends.set('custom', params.get('url'));
  // ok: CWE-918
  http.get(backends.get('primary'), onHealth(res));
}

const routes = {
  '/static': serveStatic,
  '/static/flat': serveStaticFlat,
  '/page': servePage,
  '/home': serveHome,
  '/greet': greet,
  '/greet/escaped': greetEscaped,
  '/login/done': finishLogin,
  '/logout/done': finishLogout,
  '/probe': probeBackend,
  '/probe/primary': probePrimary,
};

http
  .createServer((req, res) => {
    const url = new URL(req.url, `http://${req.headers.host || 'localhost'}`);
    const handler = Object.prototype.hasOwnProperty.call(routes, url.pathname) ? routes[url.pathname] : null;
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    handler(req, res);
  })
  .listen(8080);
