'use strict';

const express = require('express');
const cookieParser = require('cookie-parser');
const multer = require('multer');
const axios = require('axios');
const libxmljs = require('libxmljs');
const serialize = require('node-serialize');
const { WebhookClient } = require('./lib/remote');
const { parsePipelineConfig, parsePipelineConfigSafe } = require('./lib/codec');

const app = express();
app.use(cookieParser());
app.use(express.json());
app.use('/xml', express.text({ type: ['application/xml', 'text/xml'] }));
app.use('/config', express.text({ type: ['application/yaml', 'text/yaml'] }));
const upload = multer({ storage: multer.memoryStorage() });

const webhooks = new WebhookClient();
const FEED_HOSTS = new Set(['feeds.example.com', 'news.example.org']);
const DEFAULT_SETTINGS_XML = '<?xml version="1.0"?><settings><theme>light</theme></settings>';
const INVOICE_TEMPLATE = '<?xml version="1.0"?><invoice><total>0</total></invoice>';
const DEFAULT_STATE = '{"step":1,"items":[]}';

// ===========================================================================
// CWE-918 server-side request forgery

app.get('/feeds/fetch', async (req, res) => {
  const url = req.query.url;
  // expect: CWE-918
  const response = await axios.get(url, { timeout: 5000, responseType: 'text' });
  res.json({ status: response.status, length: response.data.length });
});

app.get('/feeds/import', async (req, res) => {
  const url = req.query.url;
  if (!FEED_HOSTS.has(new URL(url).hostname)) {
    return res.sendStatus(400);
  }
  // ok: CWE-918
  const response = await axios.get(url, { timeout: 5000, responseType: 'text' });
  res.json({ status: response.status, length: response.data.length });
});

async function fetchLinkPreview(link) {
  // expect: CWE-918
  return axios.get(link, { timeout: 3000 });
}

async function fetchLinkPreviewProxied(link) {
  // ok: CWE-918
  return axios.get('https://preview.example.com/render?url=' + encodeURIComponent(link), { timeout: 3000 });
}

app.post('/links/preview', async (req, res) => {
  const response = await fetchLinkPreview(req.body.link);
  res.json({ status: response.status });
});

app.post('/links/card', async (req, res) => {
  const response = await fetchLinkPreviewProxied(req.body.link);
  res.json({ status: response.status });
});

app.post('/integrations/test', async (req, res) => {
  const status = await webhooks.deliverUnchecked(req.body.webhookUrl, { text: 'Test notification' });
  res.json({ status });
});

app.post('/integrations/verify', async (req, res) => {
  const status = await webhooks.deliver(req.body.webhookUrl, { text: 'Test notification' });
  res.json({ status });
});

app.get('/metrics/node', async (req, res) => {
  const parts = ['http://metrics.internal'];
  parts.push(':');
  parts.push(req.query.port);
  parts.push('/metrics');
  // expect: CWE-918
  const response = await axios.get(parts.join(''));
  res.json({ bytes: String(response.data).length });
});

app.get('/metrics/exporter', async (req, res) => {
  const parts = ['http://metrics.internal'];
  parts.push(':');
  parts.push(String(parseInt(req.query.port, 10)));
  parts.push('/metrics');
  // ok: CWE-918
  const response = await axios.get(parts.join(''));
  res.json({ bytes: String(response.data).length });
});

app.get('/packages/meta', async (req, res) => {
  const registry = req.query.mirror ? req.query.mirror : 'https://registry.npmjs.org';
  // expect: CWE-918
  const response = await fetch(registry + '/express/latest');
  res.json({ ok: response.ok });
});

app.get('/packages/latest', async (req, res) => {
  const registry = req.query.mirror ? 'https://registry.npmmirror.com' : 'https://registry.npmjs.org';
  // ok: CWE-918
  const response = await fetch(registry + '/express/latest');
  res.json({ ok: response.ok });
});

// ===========================================================================
// CWE-611 XML external entities

app.post('/xml/orders', (req, res) => {
  const xml = req.body;
  // expect: CWE-611
  const doc = libxmljs.parseXml(xml, { noent: true, nocdata: true });
  res.json({ orders: doc.find('//order').length });
});

app.post('/xml/orders/count', (req, res) => {
  const xml = req.body;
  // ok: CWE-611
  const doc = libxmljs.parseXml(xml, { noent: false, nocdata: true });
  res.json({ orders: doc.find('//order').length });
});

function parseInvoice(xml) {
  // expect: CWE-611
  return libxmljs.parseXmlString(xml, { noent: true });
}

function parseInvoiceTemplate(xml) {
  // ok: CWE-611
  return libxmljs.parseXmlString(INVOICE_TEMPLATE, { noent: true });
}

app.post('/invoices/import', upload.single('invoice'), (req, res) => {
  const doc = parseInvoice(req.file.buffer.toString('utf8'));
  res.json({ total: doc.get('//total').text() });
});

app.post('/invoices/blank', upload.single('invoice'), (req, res) => {
  const doc = parseInvoiceTemplate(req.file.buffer.toString('utf8'));
  res.json({ total: doc.get('//total').text() });
});

app.post('/xml/settings', (req, res) => {
  const sources = { upload: req.body, defaults: DEFAULT_SETTINGS_XML };
  // expect: CWE-611
  const doc = libxmljs.parseXml(sources.upload, { noent: true });
  res.json({ theme: doc.get('//theme').text() });
});

app.post('/xml/settings/reset', (req, res) => {
  const sources = { upload: req.body, defaults: DEFAULT_SETTINGS_XML };
  // ok: CWE-611
  const doc = libxmljs.parseXml(sources.defaults, { noent: true });
  res.json({ theme: doc.get('//theme').text() });
});

app.post('/xml/feed', (req, res) => {
  let xml = req.body;
  // expect: CWE-611
  const doc = libxmljs.parseXml(xml, { noent: true, dtdload: false });
  res.json({ items: doc.find('//item').length });
});

app.post('/xml/feed/sample', (req, res) => {
  let xml = req.body;
  xml = '<?xml version="1.0"?><rss><channel><item/></channel></rss>';
  // ok: CWE-611
  const doc = libxmljs.parseXml(xml, { noent: true, dtdload: false });
  res.json({ items: doc.find('//item').length });
});

// ===========================================================================
// CWE-502 deserialization of untrusted data

app.get('/preferences', (req, res) => {
  const raw = Buffer.from(req.cookies.prefs || '', 'base64').toString('utf8');
  // expect: CWE-502
  const prefs = serialize.unserialize(raw);
  res.json({ theme: prefs.theme });
});

app.get('/preferences/theme', (req, res) => {
  const raw = Buffer.from(req.cookies.prefs || '', 'base64').toString('utf8');
  // ok: CWE-502
  const prefs = JSON.parse(raw);
  res.json({ theme: prefs.theme });
});

function restoreWizard(token) {
  // expect: CWE-502
  return serialize.unserialize(Buffer.from(token, 'base64').toString('utf8'));
}

function restoreWizardJson(token) {
  // ok: CWE-502
  return JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
}

app.post('/wizard/resume', (req, res) => {
  const state = restoreWizard(req.body.token);
  res.json({ step: state.step });
});

app.post('/wizard/continue', (req, res) => {
  const state = restoreWizardJson(req.body.token);
  res.json({ step: state.step });
});

app.post('/config/pipeline', (req, res) => {
  const config = parsePipelineConfig(req.body);
  res.json({ name: String(config.name), stages: Object.keys(config.stages || {}) });
});

app.post('/config/pipeline/validate', (req, res) => {
  const config = parsePipelineConfigSafe(req.body);
  res.json({ name: String(config.name), stages: Object.keys(config.stages || {}) });
});

app.post('/cart/restore', (req, res) => {
  const blobs = new Map();
  blobs.set('client', req.body.state);
  blobs.set('server', DEFAULT_STATE);
  // expect: CWE-502
  const cart = serialize.unserialize(blobs.get('client'));
  res.json({ items: cart.items.length });
});

app.post('/cart/new', (req, res) => {
  const blobs = new Map();
  blobs.set('client', req.body.state);
  blobs.set('server', DEFAULT_STATE);
  // ok: CWE-502
  const cart = serialize.unserialize(blobs.get('server'));
  res.json({ items: cart.items.length });
});

app.post('/drafts/load', (req, res) => {
  const payload = req.query.legacy ? req.body.draft : '{"title":"Untitled"}';
  // expect: CWE-502
  const draft = serialize.unserialize(payload);
  res.json({ title: draft.title });
});

app.post('/drafts/blank', (req, res) => {
  const payload = req.query.legacy ? '{"title":"Imported"}' : '{"title":"Untitled"}';
  // ok: CWE-502
  const draft = serialize.unserialize(payload);
  res.json({ title: draft.title });
});

app.listen(3006);
