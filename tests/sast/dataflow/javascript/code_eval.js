'use strict';

const express = require('express');
const vm = require('vm');
const { FormulaEngine } = require('./lib/codec');

const app = express();
app.use(express.json());

const formulas = new FormulaEngine();
const ROW_FILTERS = new Set(['row.active', 'row.total > 100', 'row.country === "DE"']);
const SAMPLE_ROWS = [
  { id: 1, active: true, total: 250, country: 'DE' },
  { id: 2, active: false, total: 40, country: 'FR' },
];

// Two statements in one handler

app.get('/calc', (req, res) => {
  const expr = req.query.a + ' * ' + req.query.b;
  // expect: CWE-95
  const result = eval(expr);
  res.json({ result });
});

app.get('/calc/numeric', (req, res) => {
  const expr = Number(req.query.a) + ' * ' + Number(req.query.b);
  // ok: CWE-95
  const result = eval(expr);
  res.json({ result });
});

app.post('/rows/filter', (req, res) => {
  const body = 'return (' + req.body.filter + ');';
  // expect: CWE-95
  const predicate = new Function('row', body);
  res.json(SAMPLE_ROWS.filter(predicate));
});

app.post('/rows/preset', (req, res) => {
  if (!ROW_FILTERS.has(req.body.filter)) {
    return res.sendStatus(400);
  }
  const body = 'return (' + req.body.filter + ');';
  // ok: CWE-95
  const predicate = new Function('row', body);
  res.json(SAMPLE_ROWS.filter(predicate));
});

// Helper in this file

function ruleSource(source) {
  return String(source).trim();
}

function defaultRuleSource(source) {
  return 'order.total > 0';
}

app.post('/rules/test', (req, res) => {
  const src = ruleSource(req.body.rule);
  // expect: CWE-95
  const verdict = vm.runInNewContext(src, { order: { total: 120, items: 3 } });
  res.json({ verdict: Boolean(verdict) });
});

app.post('/rules/default', (req, res) => {
  const src = defaultRuleSource(req.body.rule);
  // ok: CWE-95
  const verdict = vm.runInNewContext(src, { order: { total: 120, items: 3 } });
  res.json({ verdict: Boolean(verdict) });
});

// Helper class in lib/codec.js

app.post('/sheets/cell', (req, res) => {
  res.json({ value: formulas.evaluate(req.body.formula) });
});

app.post('/sheets/arithmetic', (req, res) => {
  res.json({ value: formulas.evaluateArithmetic(req.body.formula) });
});

// Collection

app.post('/widgets/config', (req, res) => {
  const snippets = { version: '"2.4.1"', custom: req.body.snippet };
  // expect: CWE-95
  const value = vm.runInThisContext(snippets.custom);
  res.json({ value });
});

app.post('/widgets/version', (req, res) => {
  const snippets = { version: '"2.4.1"', custom: req.body.snippet };
  // ok: CWE-95
  const value = vm.runInThisContext(snippets.version);
  res.json({ value });
});

// String builder

app.get('/chart/series', (req, res) => {
  let src = '(function () { const points = [];';
  src += ` for (let x = 0; x < 10; x++) points.push(x * ${req.query.fn});`;
  src += ' return points; })()';
  // expect: CWE-95
  res.json({ points: eval(src) });
});

app.get('/chart/linear', (req, res) => {
  let src = '(function () { const points = [];';
  src += ` for (let x = 0; x < 10; x++) points.push(x * ${parseFloat(req.query.fn)});`;
  src += ' return points; })()';
  // ok: CWE-95
  res.json({ points: eval(src) });
});

// Ternary

app.post('/hooks/run', (req, res) => {
  const code = req.body.enabled ? req.body.hook : 'null';
  // expect: CWE-95
  const result = vm.runInNewContext(code, {}, { timeout: 50 });
  res.json({ result });
});

app.post('/hooks/noop', (req, res) => {
  const code = req.body.enabled ? 'true' : 'null';
  // ok: CWE-95
  const result = vm.runInNewContext(code, {}, { timeout: 50 });
  res.json({ result });
});

app.listen(3005);
