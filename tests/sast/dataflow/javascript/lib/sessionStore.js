'use strict';

class SessionContext {
  constructor(req) {
    this.req = req;
  }

  rememberTenant(tenant) {
    // expect: CWE-501
    this.req.session.tenant = tenant;
  }

  rememberDefaultTenant(tenant) {
    // ok: CWE-501
    this.req.session.tenant = 'default';
  }
}

function selectedWarehouse(value) {
  return String(value).toUpperCase();
}

function defaultWarehouse(value) {
  return 'FRA-1';
}

module.exports = { SessionContext, selectedWarehouse, defaultWarehouse };
