import { Router, Request, Response } from "express";
import * as yaml from "js-yaml";
import * as libxmljs from "libxmljs";
import * as _ from "lodash";
import { Sequelize, QueryTypes } from "sequelize";
import knexFactory from "knex";
import { dataSource } from "./data-source";
import { Invoice } from "./entities/invoice";
import { db } from "./mongo";

const serialize = require("node-serialize");

export const imports = Router();
const sequelize = new Sequelize(process.env.DATABASE_URL as string);
const knex = knexFactory({ client: "pg", connection: process.env.DATABASE_URL });
const defaultOptions = { dryRun: true, batchSize: 500 };

imports.post("/imports/yaml", (req: Request, res: Response) => {
  // ok: js.js-yaml-unsafe-schema
  const doc = yaml.load(req.body.toString("utf8"), { schema: yaml.JSON_SCHEMA });
  res.json({ keys: Object.keys(doc as object) });
});

imports.post("/imports/yaml-legacy", (req: Request, res: Response) => {
  // expect: js.js-yaml-unsafe-schema
  const doc = yaml.load(req.body.toString("utf8"), { schema: yaml.DEFAULT_FULL_SCHEMA });
  res.json({ keys: Object.keys(doc as object) });
});

imports.post("/imports/xml", (req: Request, res: Response) => {
  // expect: js.libxmljs-external-entities
  const doc = libxmljs.parseXml(req.body.toString("utf8"), { noent: true, nocdata: true });
  // ok: js.libxmljs-external-entities
  const safeDoc = libxmljs.parseXml(req.body.toString("utf8"), { noent: false, nonet: true });
  res.json({ root: doc.root()?.name(), same: safeDoc.root()?.name() });
});

imports.post("/imports/state", (req: Request, res: Response) => {
  const raw = Buffer.from(String(req.cookies.importState), "base64").toString("utf8");
  // expect: js.node-serialize-unserialize
  const state = serialize.unserialize(raw);
  // ok: js.node-serialize-unserialize
  const echo = serialize.serialize({ id: state.id });
  res.json({ state: JSON.parse(echo) });
});

imports.post("/imports/options", (req: Request, res: Response) => {
  // expect: js.prototype-pollution-deep-merge
  const options = _.merge({}, defaultOptions, req.body.options);
  // ok: js.prototype-pollution-deep-merge
  const limits = _.merge({}, defaultOptions, { batchSize: Number(req.body.batchSize) || 500 });
  res.json({ options, limits });
});

imports.get("/invoices", async (req: Request, res: Response) => {
  const status = String(req.query.status || "open");
  // expect: js.sequelize-query-injection
  const rows = await sequelize.query(`SELECT * FROM invoices WHERE status = '${status}'`, { type: QueryTypes.SELECT });
  // ok: js.sequelize-query-injection
  const same = await sequelize.query("SELECT * FROM invoices WHERE status = :status", { replacements: { status }, type: QueryTypes.SELECT });
  res.json({ rows, same });
});

imports.get("/invoices/by-customer", async (req: Request, res: Response) => {
  const customer = String(req.query.customer);
  // expect: js.knex-raw-injection
  const rows = await knex("invoices").whereRaw(`customer_name = '${customer}'`);
  // ok: js.knex-raw-injection
  const sameRows = await knex("invoices").whereRaw("customer_name = ?", [customer]);
  res.json({ rows, sameRows });
});

imports.get("/invoices/search", async (req: Request, res: Response) => {
  const term = String(req.query.term);
  const repo = dataSource.getRepository(Invoice);
  // expect: js.typeorm-query-builder-injection
  const found = await repo.createQueryBuilder("invoice").where(`invoice.reference LIKE '%${term}%'`).getMany();
  // ok: js.typeorm-query-builder-injection
  const safe = await repo.createQueryBuilder("invoice").where("invoice.reference LIKE :term", { term: `%${term}%` }).getMany();
  res.json({ found, safe });
});

imports.get("/audit", async (req: Request, res: Response) => {
  const minAmount = String(req.query.min);
  // expect: js.mongo-where-injection
  const docs = await db.collection("audit").find({ $where: "this.amount > " + minAmount }).toArray();
  // ok: js.mongo-where-injection
  const big = await db.collection("audit").find({ $where: "this.amount > this.limit" }).toArray();
  res.json({ docs, big });
});
