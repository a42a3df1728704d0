'use strict';

const express = require('express');
const multer = require('multer');
const { exec, execSync, execFile, execFileSync, spawn } = require('child_process');
const { quote } = require('shell-quote');
const shell = require('./lib/shell');

const app = express();
app.use(express.json());
const upload = multer({ dest: '/tmp/uploads' });
const logSearch = new shell.LogSearch();

const SERVICES = ['nginx', 'redis-server', 'postgresql'];

function sendOutput(res) {
  return (err, stdout) => (err ? res.sendStatus(500) : res.type('text/plain').end(stdout));
}

// ---------------------------------------------------------------------------
// Two statements in one handler

app.get('/diag/ping', (req, res) => {
  const host = req.query.host;
  // expect: CWE-78
  exec('ping -c 3 ' + host, sendOutput(res));
});

app.get('/diag/ping-args', (req, res) => {
  const host = req.query.host;
  // ok: CWE-78
  execFile('ping', ['-c', '3', host], sendOutput(res));
});

app.post('/services/status', (req, res) => {
  const svc = req.body.service;
  // expect: CWE-78
  const out = execSync(`systemctl status ${svc} --no-pager`);
  res.type('text/plain').end(out);
});

app.post('/services/state', (req, res) => {
  const svc = req.body.service;
  if (!SERVICES.includes(svc)) {
    return res.sendStatus(400);
  }
  // ok: CWE-78
  const out = execSync(`systemctl status ${svc} --no-pager`);
  res.type('text/plain').end(out);
});

app.get('/disk/:dir', (req, res) => {
  const dir = req.params.dir;
  // expect: CWE-78
  const child = spawn('du', ['-sh', '--', dir], { shell: true, cwd: '/srv/data' });
  child.stdout.pipe(res);
});

app.get('/disk-usage/:dir', (req, res) => {
  const dir = req.params.dir;
  // ok: CWE-78
  const child = spawn('du', ['-sh', '--', dir], { shell: false, cwd: '/srv/data' });
  child.stdout.pipe(res);
});

// ---------------------------------------------------------------------------
// Helper functions in this file

function thumbnailCommand(file) {
  return `convert /tmp/uploads/${file} -resize 200x200 /tmp/thumbs/latest.png`;
}

function placeholderThumbnailCommand(file) {
  return 'convert /srv/app/static/placeholder.png -resize 200x200 /tmp/thumbs/latest.png';
}

app.post('/thumbnails', upload.single('image'), (req, res) => {
  const cmd = thumbnailCommand(req.file.originalname);
  // expect: CWE-78
  exec(cmd, sendOutput(res));
});

app.post('/thumbnails/placeholder', upload.single('image'), (req, res) => {
  const cmd = placeholderThumbnailCommand(req.file.originalname);
  // ok: CWE-78
  exec(cmd, sendOutput(res));
});

function dnsLookup(domain) {
  // expect: CWE-78
  return execSync('nslookup ' + domain).toString();
}

function dnsLookupArgs(domain) {
  // ok: CWE-78
  return execFileSync('nslookup', [domain]).toString();
}

app.get('/dns', (req, res) => {
  res.type('text/plain').end(dnsLookup(req.query.domain));
});

app.get('/dns/resolve', (req, res) => {
  res.type('text/plain').end(dnsLookupArgs(req.query.domain));
});

// ---------------------------------------------------------------------------
// Helpers in lib/shell.js

app.get('/logs/count', async (req, res) => {
  res.json({ count: await logSearch.countMatchesShell(req.query.pattern) });
});

app.get('/logs/matches', async (req, res) => {
  res.json({ count: await logSearch.countMatches(req.query.pattern) });
});

app.get('/net/ping', (req, res) => {
  const cmd = shell.buildPingCommand(req.get('X-Target-Host'));
  // expect: CWE-78
  exec(cmd, sendOutput(res));
});

app.get('/net/uptime', (req, res) => {
  const cmd = shell.buildUptimeCommand(req.get('X-Target-Host'));
  // ok: CWE-78
  exec(cmd, sendOutput(res));
});

// ---------------------------------------------------------------------------
// Collections

app.post('/jobs/run', (req, res) => {
  const jobs = { nightly: '/opt/app/bin/backup.sh --full', custom: req.body.script };
  // expect: CWE-78
  exec(jobs.custom, sendOutput(res));
});

app.post('/jobs/nightly', (req, res) => {
  const jobs = { nightly: '/opt/app/bin/backup.sh --full', custom: req.body.script };
  // ok: CWE-78
  exec(jobs.nightly, sendOutput(res));
});

app.post('/repo/checkout', (req, res) => {
  const opts = new Map();
  opts.set('branch', req.body.branch);
  opts.set('defaultBranch', 'main');
  // expect: CWE-78
  execSync('git checkout ' + opts.get('branch'), { cwd: '/srv/repo' });
  res.sendStatus(204);
});

app.post('/repo/reset', (req, res) => {
  const opts = new Map();
  opts.set('branch', req.body.branch);
  opts.set('defaultBranch', 'main');
  // ok: CWE-78
  execSync('git checkout ' + opts.get('defaultBranch'), { cwd: '/srv/repo' });
  res.sendStatus(204);
});

// ---------------------------------------------------------------------------
// String builders

app.get('/media/clip', (req, res) => {
  const argv = ['ffmpeg', '-y', '-i', '/srv/media/source.mp4'];
  argv.push('-ss', req.query.start);
  argv.push('-t', '10', '/tmp/clip.mp4');
  // expect: CWE-78
  exec(argv.join(' '), sendOutput(res));
});

app.get('/media/preview', (req, res) => {
  const argv = ['ffmpeg', '-y', '-i', '/srv/media/source.mp4'];
  argv.push('-ss', String(parseInt(req.query.start, 10)));
  argv.push('-t', '10', '/tmp/clip.mp4');
  // ok: CWE-78
  exec(argv.join(' '), sendOutput(res));
});

app.get('/health/upstream', (req, res) => {
  let cmd = 'curl -s -o /dev/null -w "%{http_code}"';
  cmd += ` -H "X-Trace-Id: ${req.get('X-Trace-Id')}"`;
  cmd += ' https://status.internal.example.com/health';
  // expect: CWE-78
  const code = execSync(cmd).toString();
  res.json({ code });
});

app.get('/health/upstream-traced', (req, res) => {
  let cmd = 'curl -s -o /dev/null -w "%{http_code}"';
  cmd += ' -H ' + quote([`X-Trace-Id: ${req.get('X-Trace-Id')}`]);
  cmd += ' https://status.internal.example.com/health';
  // ok: CWE-78
  const code = execSync(cmd).toString();
  res.json({ code });
});

// ---------------------------------------------------------------------------
// Ternaries

app.get('/fs/list', (req, res) => {
  const target = req.query.verbose ? req.query.path : '/var/www';
  // expect: CWE-78
  exec('ls -la ' + target, sendOutput(res));
});

app.get('/fs/list-web', (req, res) => {
  const target = req.query.verbose ? '/var/www/html' : '/var/www';
  // ok: CWE-78
  exec('ls -la ' + target, sendOutput(res));
});

// ---------------------------------------------------------------------------
// Dead branch and overwritten variable

app.get('/whois', (req, res) => {
  let domain = 'example.com';
  if (req.query.domain) {
    domain = req.query.domain;
  }
  // expect: CWE-78
  const out = execSync('whois ' + domain);
  res.type('text/plain').end(out);
});

app.get('/whois/default', (req, res) => {
  let domain = 'example.com';
  if (false) {
    domain = req.query.domain;
  }
  // ok: CWE-78
  const out = execSync('whois ' + domain);
  res.type('text/plain').end(out);
});

app.post('/packages/version', (req, res) => {
  let pkg = req.body.pkg;
  // expect: CWE-78
  const version = execSync('npm view ' + pkg + ' version').toString().trim();
  res.json({ version });
});

app.post('/packages/framework-version', (req, res) => {
  let pkg = req.body.pkg;
  pkg = 'express';
  // ok: CWE-78
  const version = execSync('npm view ' + pkg + ' version').toString().trim();
  res.json({ version });
});

app.listen(3002);
