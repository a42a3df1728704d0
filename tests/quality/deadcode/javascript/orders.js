// Order totals for the shop front: an ES module.
import { readFile } from 'node:fs/promises';
import path, { join, resolve } from 'node:path'; // expect: unused-import
import * as format from './format.js';
import * as legacy from './legacy.js'; // expect: unused-import
import { default as Decimal } from './decimal.js';
import './polyfills.js';
import { logger } from './log.js';

/** @typedef {import('./types.js').Order} Order */

export async function loadOrders(file) {
  const text = await readFile(join(process.cwd(), file), 'utf8');
  const parsed = JSON.parse(text);
  const stale = Date.now(); // expect: unused-local-variable
  let count = 0;
  for (const order of parsed) {
    count += 1;
  }
  logger.info(`loaded ${count} orders`);
  return parsed.map(normalise);
}

function normalise(order) {
  return { ...order, total: new Decimal(order.total) };
}

function describe(order) { // expect: unused-private-function
  return format.money(order.total);
}

export function pathOf(name) {
  return path.basename(name);
}

function hoistedLater() {
  return 1;
}

export const later = () => hoistedLater();
