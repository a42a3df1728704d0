'use strict';

const mysql = require('mysql');

/**
 * Small helpers the route modules use to put SQL together.
 */

function userLookup(name) {
  return "SELECT id, email, created_at FROM users WHERE name = '" + name + "'";
}

function userLookupEscaped(name) {
  return 'SELECT id, email, created_at FROM users WHERE name = ' + mysql.escape(name);
}

class OrderRepository {
  constructor(pool) {
    this.pool = pool;
  }

  async findByStatusRaw(status) {
    const sql = "SELECT id, total, status FROM orders WHERE status = '" + status + "' ORDER BY id DESC";
    // expect: CWE-89
    const result = await this.pool.query(sql);
    return result.rows;
  }

  async findByStatus(status) {
    const sql = 'SELECT id, total, status FROM orders WHERE status = $1 ORDER BY id DESC';
    // ok: CWE-89
    const result = await this.pool.query(sql, [status]);
    return result.rows;
  }
}

class ReportQuery {
  constructor(table) {
    this.table = table;
    this.conditions = [];
  }

  where(column, value) {
    this.conditions.push(`${column} = '${value}'`);
    return this;
  }

  whereNumber(column, value) {
    this.conditions.push(`${column} = ${parseInt(value, 10)}`);
    return this;
  }

  toSQL() {
    const where = this.conditions.length ? ' WHERE ' + this.conditions.join(' AND ') : '';
    return 'SELECT * FROM ' + this.table + where;
  }
}

module.exports = { userLookup, userLookupEscaped, OrderRepository, ReportQuery };
