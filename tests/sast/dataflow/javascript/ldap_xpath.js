'use strict';

const fs = require('fs');
const express = require('express');
const ldap = require('ldapjs');
const ldapEscape = require('ldap-escape');
const xpath = require('xpath');
const { DOMParser } = require('@xmldom/xmldom');
const { DirectoryService, Catalog, PEOPLE_DN } = require('./lib/directory');

const app = express();
app.use(express.json());
app.use(express.urlencoded({ extended: false }));

const client = ldap.createClient({ url: process.env.LDAP_URL || 'ldap://ldap.example.com:389' });
const directory = new DirectoryService(process.env.LDAP_URL || 'ldap://ldap.example.com:389');
const GROUPS_DN = 'ou=groups,dc=example,dc=com';

const usersXml = new DOMParser().parseFromString(fs.readFileSync('/srv/app/data/users.xml', 'utf8'), 'text/xml');
const libraryXml = new DOMParser().parseFromString(fs.readFileSync('/srv/app/data/library.xml', 'utf8'), 'text/xml');
const catalog = new Catalog(new DOMParser().parseFromString(fs.readFileSync('/srv/app/data/catalog.xml', 'utf8'), 'text/xml'));

function collectEntries(res) {
  return (err, search) => {
    if (err) {
      res.sendStatus(500);
      return;
    }
    const entries = [];
    search.on('searchEntry', (entry) => entries.push(entry.pojo));
    search.on('error', () => res.sendStatus(500));
    search.on('end', () => res.json(entries));
  };
}

// ===========================================================================
// CWE-90 LDAP injection

app.post('/directory/user', (req, res) => {
  const filter = '(uid=' + req.body.username + ')';
  // expect: CWE-90
  client.search(PEOPLE_DN, { filter, scope: 'sub', attributes: ['cn', 'mail'] }, collectEntries(res));
});

app.post('/directory/user/exact', (req, res) => {
  const filter = ldapEscape.filter`(uid=${req.body.username})`;
  // ok: CWE-90
  client.search(PEOPLE_DN, { filter, scope: 'sub', attributes: ['cn', 'mail'] }, collectEntries(res));
});

function groupFilter(group) {
  return `(&(objectClass=groupOfNames)(cn=${group}))`;
}

function staffGroupFilter(group) {
  return '(&(objectClass=groupOfNames)(cn=staff))';
}

app.get('/directory/groups', (req, res) => {
  const opts = { filter: groupFilter(req.query.group), scope: 'one' };
  // expect: CWE-90
  client.search(GROUPS_DN, opts, collectEntries(res));
});

app.get('/directory/groups/staff', (req, res) => {
  const opts = { filter: staffGroupFilter(req.query.group), scope: 'one' };
  // ok: CWE-90
  client.search(GROUPS_DN, opts, collectEntries(res));
});

app.get('/directory/by-mail', (req, res) => {
  directory.findByMailRaw(req.query.mail, collectEntries(res));
});

app.get('/directory/by-mail/exact', (req, res) => {
  directory.findByMail(req.query.mail, collectEntries(res));
});

app.get('/directory/department', (req, res) => {
  const criteria = new Map();
  criteria.set('requested', req.query.dept);
  criteria.set('default', 'engineering');
  const filter = `(departmentNumber=${criteria.get('requested')})`;
  // expect: CWE-90
  client.search(PEOPLE_DN, { filter, scope: 'sub' }, collectEntries(res));
});

app.get('/directory/department/default', (req, res) => {
  const criteria = new Map();
  criteria.set('requested', req.query.dept);
  criteria.set('default', 'engineering');
  const filter = `(departmentNumber=${criteria.get('default')})`;
  // ok: CWE-90
  client.search(PEOPLE_DN, { filter, scope: 'sub' }, collectEntries(res));
});

app.get('/directory/whoami', (req, res) => {
  const uid = req.query.uid ? req.query.uid : 'anonymous';
  // expect: CWE-90
  client.search(PEOPLE_DN, { filter: '(uid=' + uid + ')', scope: 'sub' }, collectEntries(res));
});

app.get('/directory/whoami/service', (req, res) => {
  const uid = req.query.uid ? 'svc-portal' : 'anonymous';
  // ok: CWE-90
  client.search(PEOPLE_DN, { filter: '(uid=' + uid + ')', scope: 'sub' }, collectEntries(res));
});

// ===========================================================================
// CWE-643 XPath injection

app.post('/xml/login', (req, res) => {
  const expr = "//user[username/text()='" + req.body.user + "' and password/text()='" + req.body.pass + "']";
  // expect: CWE-643
  const nodes = xpath.select(expr, usersXml);
  res.json({ authenticated: nodes.length > 0 });
});

app.post('/xml/login/checked', (req, res) => {
  if (!/^[A-Za-z0-9_.-]{1,32}$/.test(req.body.user) || !/^[A-Za-z0-9_.!@#-]{1,64}$/.test(req.body.pass)) {
    return res.sendStatus(400);
  }
  const expr = "//user[username/text()='" + req.body.user + "' and password/text()='" + req.body.pass + "']";
  // ok: CWE-643
  const nodes = xpath.select(expr, usersXml);
  res.json({ authenticated: nodes.length > 0 });
});

function bookQuery(title) {
  return "//book[title='" + title + "']/author/text()";
}

function featuredBookQuery(title) {
  return "//book[@featured='true']/author/text()";
}

app.get('/library/author', (req, res) => {
  const expr = bookQuery(req.query.title);
  // expect: CWE-643
  const authors = xpath.select(expr, libraryXml).map((n) => n.nodeValue);
  res.json(authors);
});

app.get('/library/featured-author', (req, res) => {
  const expr = featuredBookQuery(req.query.title);
  // ok: CWE-643
  const authors = xpath.select(expr, libraryXml).map((n) => n.nodeValue);
  res.json(authors);
});

app.get('/catalog/price', (req, res) => {
  const node = catalog.productBySkuRaw(req.query.sku);
  res.json({ price: node ? node.nodeValue : null });
});

app.get('/catalog/price/exact', (req, res) => {
  const node = catalog.productBySku(req.query.sku);
  res.json({ price: node ? node.nodeValue : null });
});

app.get('/library/category', (req, res) => {
  const steps = ['/library'];
  steps.push(`category[@id=${req.query.cat}]`);
  steps.push('book/title/text()');
  // expect: CWE-643
  const titles = xpath.select(steps.join('/'), libraryXml).map((n) => n.nodeValue);
  res.json(titles);
});

app.get('/library/category/numbered', (req, res) => {
  const steps = ['/library'];
  steps.push(`category[@id=${Number(req.query.cat)}]`);
  steps.push('book/title/text()');
  // ok: CWE-643
  const titles = xpath.select(steps.join('/'), libraryXml).map((n) => n.nodeValue);
  res.json(titles);
});

app.listen(3007);
