'use strict';

const express = require('express');
const cookieParser = require('cookie-parser');
const mysql = require('mysql');
const { Pool } = require('pg');
const { userLookup, userLookupEscaped, OrderRepository, ReportQuery } = require('./lib/queryBuilder');

const app = express();
app.use(express.json());
app.use(express.urlencoded({ extended: false }));
app.use(cookieParser());

const connection = mysql.createConnection({
  host: process.env.MYSQL_HOST || 'localhost',
  user: 'shop',
  password: process.env.MYSQL_PASSWORD,
  database: 'shop',
});

const pool = new Pool({ connectionString: process.env.DATABASE_URL });
const orders = new OrderRepository(pool);

function sendRows(res) {
  return (err, rows) => (err ? res.sendStatus(500) : res.json(rows));
}

// ---------------------------------------------------------------------------
// Two statements in one handler

app.get('/users/search', (req, res) => {
  const name = req.query.name;
  const sql = "SELECT id, email FROM users WHERE name = '" + name + "'";
  // expect: CWE-89
  connection.query(sql, sendRows(res));
});

app.get('/users/find', (req, res) => {
  const name = req.query.name;
  const sql = 'SELECT id, email FROM users WHERE name = ?';
  // ok: CWE-89
  connection.query(sql, [name], sendRows(res));
});

app.get('/orders/:id', async (req, res) => {
  const id = req.params.id;
  const sql = 'SELECT * FROM orders WHERE id = ' + id;
  // expect: CWE-89
  const { rows } = await pool.query(sql);
  res.json(rows[0] || null);
});

app.get('/orders/:id/summary', async (req, res) => {
  const id = parseInt(req.params.id, 10);
  const sql = 'SELECT * FROM orders WHERE id = ' + id;
  // ok: CWE-89
  const { rows } = await pool.query(sql);
  res.json(rows[0] || null);
});

// ---------------------------------------------------------------------------
// Helper functions in this file

function buildProductSearch(term) {
  return "SELECT id, title, price FROM products WHERE title LIKE '%" + term + "%'";
}

function buildFeaturedProducts(term) {
  return 'SELECT id, title, price FROM products WHERE featured = true';
}

app.get('/products/search', async (req, res) => {
  const sql = buildProductSearch(req.query.q);
  // expect: CWE-89
  const { rows } = await pool.query(sql);
  res.json(rows);
});

app.get('/products/featured', async (req, res) => {
  const sql = buildFeaturedProducts(req.query.q);
  // ok: CWE-89
  const { rows } = await pool.query(sql);
  res.json(rows);
});

async function findAccountByEmail(email) {
  // expect: CWE-89
  const result = await pool.query("SELECT id, name FROM accounts WHERE email = '" + email + "'");
  return result.rows[0];
}

async function findAccountByEmailParam(email) {
  // ok: CWE-89
  const result = await pool.query('SELECT id, name FROM accounts WHERE email = $1', [email]);
  return result.rows[0];
}

app.post('/accounts/lookup', async (req, res) => {
  const account = await findAccountByEmail(req.body.email);
  res.json(account || {});
});

app.post('/accounts/resolve', async (req, res) => {
  const account = await findAccountByEmailParam(req.body.email);
  res.json(account || {});
});

// ---------------------------------------------------------------------------
// Helpers in lib/queryBuilder.js

app.get('/members', (req, res) => {
  const sql = userLookup(req.query.member);
  // expect: CWE-89
  connection.query(sql, sendRows(res));
});

app.get('/members/exact', (req, res) => {
  const sql = userLookupEscaped(req.query.member);
  // ok: CWE-89
  connection.query(sql, sendRows(res));
});

app.get('/orders', async (req, res) => {
  res.json(await orders.findByStatusRaw(req.query.status));
});

app.get('/order-status', async (req, res) => {
  res.json(await orders.findByStatus(req.query.status));
});

app.get('/reports/sales', async (req, res) => {
  const sql = new ReportQuery('sales').where('store_id', req.query.store).toSQL();
  // expect: CWE-89
  const { rows } = await pool.query(sql);
  res.json(rows);
});

app.get('/reports/returns', async (req, res) => {
  const sql = new ReportQuery('sales').whereNumber('store_id', req.query.store).toSQL();
  // ok: CWE-89
  const { rows } = await pool.query(sql);
  res.json(rows);
});

// ---------------------------------------------------------------------------
// Collections: object, Map, array

app.get('/tickets', (req, res) => {
  const opts = { column: req.query.sort, direction: 'DESC' };
  const sql = 'SELECT id, subject FROM tickets ORDER BY ' + opts.column;
  // expect: CWE-89
  connection.query(sql, sendRows(res));
});

app.get('/tickets/recent', (req, res) => {
  const opts = { column: req.query.sort, direction: 'DESC' };
  const sql = 'SELECT id, subject FROM tickets ORDER BY created_at ' + opts.direction;
  // ok: CWE-89
  connection.query(sql, sendRows(res));
});

app.get('/cart', async (req, res) => {
  const params = new Map();
  params.set('owner', req.cookies.uid);
  params.set('guest', '0');
  // expect: CWE-89
  const { rows } = await pool.query('SELECT sku, qty FROM cart_items WHERE owner_id = ' + params.get('owner'));
  res.json(rows);
});

app.get('/cart/guest', async (req, res) => {
  const params = new Map();
  params.set('owner', req.cookies.uid);
  params.set('guest', '0');
  // ok: CWE-89
  const { rows } = await pool.query('SELECT sku, qty FROM cart_items WHERE owner_id = ' + params.get('guest'));
  res.json(rows);
});

app.get('/export/columns', (req, res) => {
  const columns = ['name', req.query.extra];
  const sql = 'SELECT id, ' + columns[1] + ' FROM customers';
  // expect: CWE-89
  connection.query(sql, sendRows(res));
});

app.get('/export/names', (req, res) => {
  const columns = ['name', req.query.extra];
  const sql = 'SELECT id, ' + columns[0] + ' FROM customers';
  // ok: CWE-89
  connection.query(sql, sendRows(res));
});

// ---------------------------------------------------------------------------
// String builders

app.get('/logs', (req, res) => {
  const clauses = ['SELECT ts, level, message FROM logs WHERE 1=1'];
  if (req.query.level) {
    clauses.push("AND level = '" + req.query.level + "'");
  }
  clauses.push('ORDER BY ts DESC LIMIT 100');
  // expect: CWE-89
  connection.query(clauses.join(' '), sendRows(res));
});

app.get('/logs/filtered', (req, res) => {
  const clauses = ['SELECT ts, level, message FROM logs WHERE 1=1'];
  if (req.query.level) {
    clauses.push('AND level = ' + connection.escape(req.query.level));
  }
  clauses.push('ORDER BY ts DESC LIMIT 100');
  // ok: CWE-89
  connection.query(clauses.join(' '), sendRows(res));
});

app.post('/billing/statements', async (req, res) => {
  let sql = 'SELECT id, amount FROM statements';
  sql += ` WHERE customer_id = '${req.body.customer}'`;
  sql += ' ORDER BY issued_at DESC';
  // expect: CWE-89
  const { rows } = await pool.query(sql);
  res.json(rows);
});

app.post('/billing/history', async (req, res) => {
  let sql = 'SELECT id, amount FROM statements';
  sql += ` WHERE customer_id = ${Number(req.body.customer)}`;
  sql += ' ORDER BY issued_at DESC';
  // ok: CWE-89
  const { rows } = await pool.query(sql);
  res.json(rows);
});

// ---------------------------------------------------------------------------
// Ternaries

app.get('/staff', async (req, res) => {
  const column = req.query.by ? req.query.by : 'last_name';
  // expect: CWE-89
  const { rows } = await pool.query(`SELECT id, first_name, last_name FROM staff ORDER BY ${column}`);
  res.json(rows);
});

app.get('/staff/sorted', async (req, res) => {
  const column = req.query.by === 'first' ? 'first_name' : 'last_name';
  // ok: CWE-89
  const { rows } = await pool.query(`SELECT id, first_name, last_name FROM staff ORDER BY ${column}`);
  res.json(rows);
});

app.listen(3000);
