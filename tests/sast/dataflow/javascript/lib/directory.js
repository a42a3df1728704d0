'use strict';

const ldap = require('ldapjs');
const ldapEscape = require('ldap-escape');
const xpath = require('xpath');

const PEOPLE_DN = 'ou=people,dc=example,dc=com';

class DirectoryService {
  constructor(url) {
    this.client = ldap.createClient({ url });
  }

  findByMailRaw(mail, callback) {
    const opts = { filter: `(&(objectClass=inetOrgPerson)(mail=${mail}))`, scope: 'sub', attributes: ['uid', 'cn'] };
    // expect: CWE-90
    this.client.search(PEOPLE_DN, opts, callback);
  }

  findByMail(mail, callback) {
    const opts = { filter: ldapEscape.filter`(&(objectClass=inetOrgPerson)(mail=${mail}))`, scope: 'sub', attributes: ['uid', 'cn'] };
    // ok: CWE-90
    this.client.search(PEOPLE_DN, opts, callback);
  }
}

class Catalog {
  constructor(doc) {
    this.doc = doc;
  }

  productBySkuRaw(sku) {
    const expr = "//product[@sku='" + sku + "']/price/text()";
    // expect: CWE-643
    return xpath.select1(expr, this.doc);
  }

  productBySku(sku) {
    const expr = '//product[@sku=$sku]/price/text()';
    // ok: CWE-643
    return xpath.parse(expr).select1({ node: this.doc, variables: { sku } });
  }
}

module.exports = { DirectoryService, Catalog, PEOPLE_DN };
