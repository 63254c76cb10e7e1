// Setup shared by this app's node:test files.

import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';

export const world = readJson('apps/shopadmin/world.json');

export async function open(reset = {}) {
  const dev = await loadDevice({ apps: ['shopadmin'], device: 'desktop', reset: { seed: 3, ...reset } });
  dev.system({ type: 'open', app: 'shopadmin' });
  return dev;
}
const app = (dev) => dev.getState().apps.shopadmin;
export const data = (dev) => app(dev).data;
export const ui = (dev) => app(dev).ui;
export const act = (dev, action) => dev.dispatch('shopadmin', action);
export const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
export const product = (dev, id) => data(dev).products.find((p) => p.id === id);
export const order = (dev, id) => data(dev).orders.find((o) => o.id === id);
export const snap = (dev) => JSON.parse(JSON.stringify(data(dev)));

/** The app's invariants: stock never negative, totals are sum(lines) − discount + shipping, refunds ≤ paid. */
export function assertInvariants(dev) {
  const d = data(dev);
  for (const p of d.products) assert.ok(Number.isInteger(p.stock) && p.stock >= 0, `${p.id} stock ${p.stock}`);
  for (const o of d.orders) {
    assert.equal(o.total, o.lines.reduce((s, l) => s + l.qty * l.price, 0) - o.discount + o.shipping, `${o.id} total`);
    assert.ok(o.refunded <= o.paid, `${o.id} refunded ≤ paid`);
    assert.equal(o.refunded, o.refunds.reduce((s, r) => s + r.amount, 0), `${o.id} refunds add up`);
    for (const l of o.lines) assert.ok(l.refunded >= 0 && l.refunded <= l.qty, `${o.id} ${l.product} refunded qty`);
  }
}
