// Orders: the workflow, pending-order edits, cancelling and refunds (with the invariants checked).

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';
import * as sa from './logic.js';

const { refundable } = sa;

async function open(reset = {}) {
  const dev = await loadDevice({ apps: ['shopadmin'], device: 'desktop', reset: { seed: 3, ...reset } });
  dev.system({ type: 'open', app: 'shopadmin' });
  return dev;
}
const app = (dev) => dev.getState().apps.shopadmin;
const data = (dev) => app(dev).data;
const ui = (dev) => app(dev).ui;
const act = (dev, action) => dev.dispatch('shopadmin', action);
const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
const product = (dev, id) => data(dev).products.find((p) => p.id === id);
const order = (dev, id) => data(dev).orders.find((o) => o.id === id);
const snap = (dev) => JSON.parse(JSON.stringify(data(dev)));

/** The app's invariants: stock never negative, totals are sum(lines) − discount + shipping, refunds ≤ paid. */
function assertInvariants(dev) {
  const d = data(dev);
  for (const p of d.products) assert.ok(Number.isInteger(p.stock) && p.stock >= 0, `${p.id} stock ${p.stock}`);
  for (const o of d.orders) {
    assert.equal(o.total, o.lines.reduce((s, l) => s + l.qty * l.price, 0) - o.discount + o.shipping, `${o.id} total`);
    assert.ok(o.refunded <= o.paid, `${o.id} refunded ≤ paid`);
    assert.equal(o.refunded, o.refunds.reduce((s, r) => s + r.amount, 0), `${o.id} refunds add up`);
    for (const l of o.lines) assert.ok(l.refunded >= 0 && l.refunded <= l.qty, `${o.id} ${l.product} refunded qty`);
  }
}

test('order workflow: pending > paid > shipped > delivered, no jumps or moves after delivery', async () => {
  const dev = await open();
  act(dev, { type: 'advance', id: 'FH-1051', to: 'shipped' });
  assert.match(ui(dev).notice, /can only move to Paid/);
  assert.equal(order(dev, 'FH-1051').status, 'pending');
  act(dev, { type: 'advance', id: 'FH-1051' });
  assert.equal(order(dev, 'FH-1051').status, 'paid');
  assert.equal(order(dev, 'FH-1051').paid, order(dev, 'FH-1051').total);
  act(dev, { type: 'advance', id: 'FH-1051' });
  act(dev, { type: 'advance', id: 'FH-1051' });
  assert.equal(order(dev, 'FH-1051').status, 'delivered');
  act(dev, { type: 'advance', id: 'FH-1051' });
  assert.match(ui(dev).notice, /can't move on/);
  act(dev, { type: 'advance', id: 'FH-0000' });
  assertInvariants(dev);
});

test('pending order edits keep the total invariant and move stock', async () => {
  const dev = await open();
  act(dev, { type: 'open_order', id: 'FH-1053' });
  const stock = product(dev, 'P-104').stock;
  act(dev, { type: 'line_qty', product: 'P-104', delta: 1 });
  assert.equal(order(dev, 'FH-1053').lines.find((l) => l.product === 'P-104').qty, 2);
  assert.equal(product(dev, 'P-104').stock, stock - 1);
  assert.equal(order(dev, 'FH-1053').total, 2 * 2200 + 2 * 4800 + 695);
  act(dev, { type: 'line_qty', product: 'P-105', delta: -1 });
  act(dev, { type: 'line_qty', product: 'P-105', delta: -1 });
  assert.match(ui(dev).notice, /already 1/);
  act(dev, { type: 'line_qty', product: 'P-105', delta: 5 });
  assert.equal(order(dev, 'FH-1053').lines.find((l) => l.product === 'P-105').qty, 1, 'only ±1 steps');
  act(dev, { type: 'remove_line', product: 'P-104' });
  assert.equal(product(dev, 'P-104').stock, stock + 1);
  act(dev, { type: 'remove_line', product: 'P-105' });
  assert.match(ui(dev).notice, /at least one line/);
  act(dev, { type: 'open_order', id: 'FH-1051' });
  act(dev, { type: 'line_qty', product: 'P-110', delta: 1 });
  act(dev, { type: 'line_qty', product: 'P-110', delta: 1 });
  act(dev, { type: 'line_qty', product: 'P-110', delta: 1 });
  act(dev, { type: 'line_qty', product: 'P-110', delta: 1 });
  assert.equal(product(dev, 'P-110').stock, 0);
  assert.match(ui(dev).notice, /out of stock/);
  act(dev, { type: 'open_order', id: 'FH-1048' });
  act(dev, { type: 'line_qty', product: 'P-132', delta: -1 });
  assert.match(ui(dev).notice, /Only pending orders/);
  act(dev, { type: 'remove_line', product: 'P-132' });
  assert.match(ui(dev).notice, /Only pending orders/);
  // The discount never exceeds the subtotal.
  act(dev, { type: 'open_order', id: 'FH-1052' });
  act(dev, { type: 'remove_line', product: 'P-116' });
  act(dev, { type: 'remove_line', product: 'P-135' });
  assert.equal(order(dev, 'FH-1052').discount, 300);
  assertInvariants(dev);
});

test('cancel: only pending or paid; restocks and refunds what was paid', async () => {
  const dev = await open();
  const before = snap(dev);
  act(dev, { type: 'cancel_order', id: 'FH-1045' });
  assert.match(ui(dev).notice, /Shipped orders can't be cancelled.*refund instead/i);
  assert.equal(ui(dev).dialog, null);
  act(dev, { type: 'cancel_order', id: 'FH-1054' });
  assert.match(ui(dev).notice, /Cancelled orders can't be cancelled/);
  act(dev, { type: 'cancel_order', id: 'FH-1048' });
  assert.equal(ui(dev).dialog, 'cancel');
  act(dev, { type: 'close_dialog' });
  assert.deepEqual(data(dev), before);
  act(dev, { type: 'cancel_order', id: 'FH-1048' });
  act(dev, { type: 'confirm_cancel' });
  const o = order(dev, 'FH-1048');
  assert.equal(o.status, 'cancelled');
  assert.equal(o.refunded, o.paid);
  assert.equal(o.refunds.at(-1).reason, 'cancelled');
  assert.equal(product(dev, 'P-132').stock, 76);
  assert.equal(product(dev, 'P-134').stock, 27);
  act(dev, { type: 'cancel_order', id: 'FH-1053' });
  act(dev, { type: 'confirm_cancel' });
  assert.equal(order(dev, 'FH-1053').refunded, 0, 'nothing paid, nothing refunded');
  assert.equal(order(dev, 'FH-1053').refunds.length, 0);
  act(dev, { type: 'confirm_cancel' });
  assert.equal(order(dev, 'FH-1053').status, 'cancelled');
  assertInvariants(dev);
});

test('refund: rules (status, quantities, amount ≤ refundable) and restocking', async () => {
  const dev = await open();
  act(dev, { type: 'start_refund', id: 'FH-1051' });
  assert.match(ui(dev).notice, /Pending orders can't be refunded/);
  act(dev, { type: 'start_refund', id: 'FH-1054' });
  assert.match(ui(dev).notice, /Cancelled orders can't be refunded/);
  act(dev, { type: 'open_order', id: 'FH-1043' });
  act(dev, { type: 'start_refund' });
  assert.equal(ui(dev).dialog, 'refund');
  const before = snap(dev);
  act(dev, { type: 'confirm_refund' });
  assert.match(ui(dev).errors.refund, /above \$0\.00/);
  type(dev, 'rq:P-101', '4');
  act(dev, { type: 'confirm_refund' });
  assert.match(ui(dev).errors.refund, /Only 3/);
  type(dev, 'rq:P-101', '1.5');
  act(dev, { type: 'confirm_refund' });
  assert.ok(ui(dev).errors.refund);
  type(dev, 'rq:P-101', '');
  act(dev, { type: 'refund_qty', product: 'P-101', delta: 1 });
  act(dev, { type: 'refund_qty', product: 'P-101', delta: 1 });
  act(dev, { type: 'refund_qty', product: 'P-101', delta: 1 });
  act(dev, { type: 'refund_qty', product: 'P-101', delta: 1 });
  assert.equal(ui(dev).drafts['rq:P-101'], '3', 'the stepper stops at what is left');
  act(dev, { type: 'refund_qty', product: 'P-101', delta: -1 });
  assert.equal(ui(dev).drafts['rq:P-101'], '2');
  type(dev, 'refund-amount', '80.00');
  act(dev, { type: 'confirm_refund' });
  assert.match(ui(dev).errors.refund, /can't exceed the \$79\.95/);
  type(dev, 'refund-amount', 'lots');
  act(dev, { type: 'confirm_refund' });
  assert.ok(ui(dev).errors.refund);
  assert.deepEqual(data(dev), before, 'refusals change nothing');
  type(dev, 'refund-amount', '');
  act(dev, { type: 'refund_reason', reason: 'bogus' });
  assert.equal(ui(dev).refund.reason, 'customer-request');
  act(dev, { type: 'refund_reason', reason: 'damaged' });
  act(dev, { type: 'confirm_refund' });
  const o = order(dev, 'FH-1043');
  assert.equal(o.refunds.length, 2);
  assert.deepEqual({ amount: o.refunds[1].amount, items: o.refunds[1].items, reason: o.refunds[1].reason }, { amount: 3600, items: [{ product: 'P-101', qty: 2 }], reason: 'damaged' });
  assert.equal(o.refunded, 5400);
  assert.equal(o.lines[0].refunded, 3);
  assert.equal(o.status, 'delivered');
  assert.equal(product(dev, 'P-101').stock, 44);
  assert.equal(data(dev).adjustments.at(-1).reason, 'refund');
  // Full refund: all items back plus shipping; the order becomes Refunded and can't be refunded again.
  act(dev, { type: 'start_refund' });
  act(dev, { type: 'refund_all_items' });
  assert.equal(ui(dev).drafts['rq:P-101'], '1');
  assert.equal(ui(dev).drafts['rq:P-112'], '1');
  act(dev, { type: 'refund_full_amount' });
  assert.equal(ui(dev).drafts['refund-amount'], '43.95');
  act(dev, { type: 'confirm_refund' });
  assert.equal(order(dev, 'FH-1043').status, 'refunded');
  assert.equal(order(dev, 'FH-1043').refunded, order(dev, 'FH-1043').paid);
  act(dev, { type: 'start_refund' });
  assert.match(ui(dev).notice, /Refunded orders can't be refunded/);
  assertInvariants(dev);
});

test('refund amount defaults to the items value, capped at what is refundable (discounts)', async () => {
  const dev = await open();
  act(dev, { type: 'open_order', id: 'FH-1042' });
  act(dev, { type: 'start_refund' });
  act(dev, { type: 'refund_all_items' });
  assert.deepEqual(sa.refundAmount(order(dev, 'FH-1042'), ui(dev).drafts), { value: 10800 });
  act(dev, { type: 'confirm_refund' });
  assert.equal(order(dev, 'FH-1042').status, 'refunded');
  assert.equal(refundable(order(dev, 'FH-1042')), 0);
  assertInvariants(dev);
});
