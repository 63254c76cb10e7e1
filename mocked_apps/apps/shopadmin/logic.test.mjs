import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import * as sa from './logic.js';

const world = readJson('apps/shopadmin/world.json');
const { money, parseMoney, parsePercent, parseInt10, applyPercent, orderTotal, refundable, lowStock, suggestedQty, productRows, orderRows, planBulk, onOrder, isEmail } = sa;

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

test('init: world copied, order totals computed, s0 small, times relative to the clock', async () => {
  const dev = await open();
  const d = data(dev);
  assert.equal(d.products.length, world.products.length);
  assert.equal(d.vendors.length, 6);
  assert.equal(order(dev, 'FH-1043').total, 4 * 1800 + 1900 + 695);
  assert.equal(order(dev, 'FH-1043').refunded, 1800);
  assert.equal(order(dev, 'FH-1043').lines[0].refunded, 1);
  assert.equal(order(dev, 'FH-1051').paid, 0);
  assert.equal(order(dev, 'FH-1048').paid, order(dev, 'FH-1048').total);
  assert.equal(d.pos.find((p) => p.id === 'PO-3001').created, '2026-03-12');
  assert.equal(d.pos.find((p) => p.id === 'PO-3001').expected, '2026-03-24');
  assert.equal(ui(dev).screen, 'products');
  assert.ok(JSON.stringify(dev.getState()).length < 15000, 's0 stays small');
  assert.ok(JSON.stringify(world).length < 60000, 'world stays small');
  const later = await open({ now: Date.UTC(2026, 5, 1, 12) });
  assert.equal(data(later).pos.find((p) => p.id === 'PO-3001').created, '2026-05-30');
  assertInvariants(dev);
});

test('parsers and formatters', () => {
  assert.equal(money(123456), '$1,234.56');
  assert.equal(money(-300), '−$3.00');
  assert.deepEqual(parseMoney('24.5'), { value: 2450 });
  assert.deepEqual(parseMoney('$1,024.05'), { value: 102405 });
  assert.ok(parseMoney('-3').error);
  assert.ok(parseMoney('1.234').error);
  assert.ok(parseMoney('abc').error);
  assert.deepEqual(parsePercent('-10'), { value: -10 });
  assert.deepEqual(parsePercent('+15%'), { value: 15 });
  assert.ok(parsePercent('0').error);
  assert.ok(parsePercent('-95').error);
  assert.ok(parsePercent('250').error);
  assert.ok(parsePercent('7.5').error);
  assert.deepEqual(parseInt10('-4', { min: -10, max: 10 }), { value: -4 });
  assert.ok(parseInt10('4.2').error);
  assert.equal(applyPercent(1999, 10), 2199); // 21.989 -> 21.99
  assert.equal(applyPercent(1250, -10), 1125);
  assert.equal(applyPercent(1005, -50), 503); // half up
  assert.ok(isEmail('a@b.test'));
  assert.ok(!isEmail('a@b'));
});

test('selectors: low stock, suggested quantities, on order, filters and sort', async () => {
  const dev = await open();
  const d = data(dev);
  const low = lowStock(d).map((p) => p.id);
  assert.deepEqual(low, ['P-110', 'P-102', 'P-103', 'P-107', 'P-105', 'P-116', 'P-119', 'P-122', 'P-129', 'P-133', 'P-135']);
  assert.ok(!low.includes('P-125'), 'archived products are never low');
  assert.equal(suggestedQty(product(dev, 'P-107')), 10);
  assert.equal(onOrder(d, 'P-129'), 12);
  assert.equal(productRows(d, { filters: { category: 'Garden' }, sort: { col: 'sku', dir: 'asc' }, drafts: {} }).length, 5);
  const byStock = productRows(d, { filters: { vendor: 'V-01', status: 'active' }, sort: { col: 'stock', dir: 'asc' }, drafts: {} });
  assert.equal(byStock[0].id, 'P-107');
  assert.equal(productRows(d, { filters: {}, sort: { col: 'price', dir: 'desc' }, drafts: {} })[0].id, 'P-117');
  assert.deepEqual(productRows(d, { filters: {}, sort: { col: 'sku' }, drafts: { search: 'bowl' } }).map((p) => p.id), ['P-103']);
  assert.equal(orderRows(d, { ostatus: 'pending', drafts: {} }).length, 3);
  assert.deepEqual(orderRows(d, { ostatus: 'all', drafts: { 'order-search': 'penrow' } }).map((o) => o.id), ['FH-1043']);
  assert.equal(orderRows(d, { ostatus: 'all', drafts: {} })[0].id, 'FH-1053', 'newest first');
});

test('navigation, filters, sort, menus and back', async () => {
  const dev = await open();
  act(dev, { type: 'nav', screen: 'orders' });
  assert.equal(ui(dev).screen, 'orders');
  act(dev, { type: 'nav', screen: 'nowhere' });
  assert.equal(ui(dev).screen, 'orders');
  act(dev, { type: 'open_order', id: 'fh-1045' });
  assert.equal(ui(dev).order, 'FH-1045');
  act(dev, { type: 'back' });
  assert.equal(ui(dev).screen, 'orders');
  act(dev, { type: 'back' });
  assert.equal(ui(dev).screen, 'products');
  assert.equal(act(dev, { type: 'back' }), false, 'back at the root is not handled');
  act(dev, { type: 'menu', id: 'filter:category' });
  assert.equal(ui(dev).menu, 'filter:category');
  act(dev, { type: 'set_filter', field: 'category', value: 'Bath' });
  assert.deepEqual(ui(dev).filters, { category: 'Bath' });
  assert.equal(ui(dev).menu, null);
  act(dev, { type: 'set_filter', field: 'colour', value: 'red' });
  assert.deepEqual(ui(dev).filters, { category: 'Bath' });
  act(dev, { type: 'set_filter', field: 'category', value: 'any' });
  assert.deepEqual(ui(dev).filters, {});
  act(dev, { type: 'sort', col: 'price' });
  assert.deepEqual(ui(dev).sort, { col: 'price', dir: 'asc' });
  act(dev, { type: 'sort', col: 'price' });
  assert.deepEqual(ui(dev).sort, { col: 'price', dir: 'desc' });
  act(dev, { type: 'sort', col: 'bogus' });
  assert.equal(ui(dev).sort.col, 'price');
  type(dev, 'search', 'mug');
  act(dev, { type: 'set_filter', field: 'status', value: 'active' });
  act(dev, { type: 'clear_filters' });
  assert.deepEqual(ui(dev).filters, {});
  assert.equal(ui(dev).drafts.search, '');
  act(dev, { type: 'order_status', status: 'paid' });
  assert.equal(ui(dev).ostatus, 'paid');
  act(dev, { type: 'order_status', status: 'lost' });
  assert.equal(ui(dev).ostatus, 'paid');
  act(dev, { type: 'adj_filter', reason: 'damaged' });
  assert.equal(ui(dev).areason, 'damaged');
  act(dev, { type: 'adj_filter', reason: 'nope' });
  assert.equal(ui(dev).areason, 'damaged');
  act(dev, { type: 'intent', order: 'FH-1050' });
  assert.equal(ui(dev).screen, 'order');
  act(dev, { type: 'intent', product: 'P-101' });
  assert.equal(ui(dev).screen, 'product');
  assert.equal(ui(dev).drafts['p-price'], '18.00');
  act(dev, { type: 'intent', screen: 'lowstock' });
  assert.equal(ui(dev).screen, 'lowstock');
  act(dev, { type: 'dismiss' });
  assert.equal(ui(dev).notice, null);
});

test('check boxes: single, all shown, clear', async () => {
  const dev = await open();
  act(dev, { type: 'check', id: 'P-101' });
  act(dev, { type: 'check', id: 'P-999' });
  assert.deepEqual(ui(dev).checked, ['P-101']);
  act(dev, { type: 'check', id: 'P-101' });
  assert.deepEqual(ui(dev).checked, []);
  act(dev, { type: 'set_filter', field: 'category', value: 'Garden' });
  act(dev, { type: 'check_all' });
  assert.deepEqual(ui(dev).checked.sort(), ['P-127', 'P-128', 'P-129', 'P-130', 'P-131']);
  act(dev, { type: 'check_all' });
  assert.deepEqual(ui(dev).checked, []);
  act(dev, { type: 'check_all' });
  act(dev, { type: 'clear_checks' });
  assert.deepEqual(ui(dev).checked, []);
});

test('bulk price change: confirm dialog counts rows, rounding, below-cost rows skipped', async () => {
  const dev = await open();
  act(dev, { type: 'bulk', kind: 'price', value: '10' });
  assert.match(ui(dev).notice, /Select products first/);
  act(dev, { type: 'set_filter', field: 'category', value: 'Garden' });
  act(dev, { type: 'check_all' });
  type(dev, 'bulk-pct', 'ten');
  act(dev, { type: 'bulk', kind: 'price' });
  assert.ok(ui(dev).errors.bulk);
  assert.equal(ui(dev).dialog, null);
  type(dev, 'bulk-pct', '-55');
  const before = snap(dev);
  act(dev, { type: 'bulk', kind: 'price' });
  assert.equal(ui(dev).dialog, 'bulk');
  assert.equal(ui(dev).bulk.count, 4, 'P-127 would fall below cost');
  assert.deepEqual(ui(dev).bulk.skipped, ['P-127']);
  assert.deepEqual(data(dev), before, 'nothing changes before confirming');
  act(dev, { type: 'confirm_bulk' });
  assert.equal(product(dev, 'P-127').price, 4600);
  assert.equal(product(dev, 'P-128').price, applyPercent(1300, -55));
  assert.equal(product(dev, 'P-131').price, 360);
  assert.match(ui(dev).notice, /Updated 4 products\. Skipped GAR-001/);
  assert.deepEqual(ui(dev).checked, []);
  for (const p of data(dev).products) assert.ok(p.price >= p.cost, `${p.id} not below cost`);
  assertInvariants(dev);
});

test('bulk category and status: only rows that differ count; cancel changes nothing', async () => {
  const dev = await open();
  act(dev, { type: 'check', id: 'P-112' });
  act(dev, { type: 'check', id: 'P-127' });
  act(dev, { type: 'bulk', kind: 'category', value: 'Garden' });
  assert.equal(ui(dev).bulk.count, 1);
  act(dev, { type: 'close_dialog' });
  assert.equal(product(dev, 'P-112').category, 'Home');
  act(dev, { type: 'bulk', kind: 'category', value: 'Toys' });
  assert.equal(ui(dev).dialog, null, 'unknown category');
  act(dev, { type: 'bulk', kind: 'category', value: 'Garden' });
  act(dev, { type: 'confirm_bulk' });
  assert.equal(product(dev, 'P-112').category, 'Garden');
  act(dev, { type: 'check', id: 'P-101' });
  act(dev, { type: 'check', id: 'P-108' });
  act(dev, { type: 'bulk', kind: 'status', value: 'archived' });
  assert.equal(ui(dev).bulk.count, 2);
  act(dev, { type: 'back' });
  assert.equal(ui(dev).dialog, null);
  act(dev, { type: 'bulk', kind: 'status', value: 'draft' });
  assert.equal(ui(dev).bulk.count, 1, 'P-108 is already a draft');
  act(dev, { type: 'confirm_bulk' });
  assert.equal(product(dev, 'P-101').status, 'draft');
  act(dev, { type: 'bulk', kind: 'status', value: 'gone' });
  act(dev, { type: 'bulk', kind: 'colour', value: 'x' });
  act(dev, { type: 'confirm_bulk' });
  assert.equal(product(dev, 'P-101').status, 'draft');
});

test('planBulk reports changes and skips', async () => {
  const dev = await open();
  const plan = planBulk(data(dev), ['P-101', 'P-117', 'P-999'], 'price', -60);
  assert.deepEqual(plan.changes.map((c) => c.id), ['P-101']);
  assert.deepEqual(plan.skipped.map((s) => s.id), ['P-117']);
});

test('product page: edit and save with validation (price ≥ cost)', async () => {
  const dev = await open();
  act(dev, { type: 'open_product', id: 'P-104' });
  assert.equal(ui(dev).screen, 'product');
  assert.deepEqual(ui(dev).form, { category: 'Kitchen', status: 'active', vendor: 'V-02' });
  act(dev, { type: 'open_product', id: 'P-000' });
  assert.equal(ui(dev).product, 'P-104');
  const before = snap(dev);
  type(dev, 'p-price', '12.00');
  act(dev, { type: 'save_product' });
  assert.match(ui(dev).errors.price, /below cost/);
  type(dev, 'p-price', 'free');
  type(dev, 'p-title', '   ');
  type(dev, 'p-reorder', '-1');
  act(dev, { type: 'save_product' });
  assert.ok(ui(dev).errors.price && ui(dev).errors.title && ui(dev).errors.reorder);
  assert.deepEqual(data(dev), before);
  type(dev, 'p-title', 'Walnut Carving Board');
  type(dev, 'p-price', '52');
  type(dev, 'p-reorder', '6');
  act(dev, { type: 'form_set', field: 'category', value: 'Home' });
  act(dev, { type: 'form_set', field: 'status', value: 'draft' });
  act(dev, { type: 'form_set', field: 'vendor', value: 'V-01' });
  act(dev, { type: 'form_set', field: 'price', value: 1 });
  act(dev, { type: 'save_product' });
  assert.deepEqual(ui(dev).errors, {});
  assert.deepEqual({ ...product(dev, 'P-104') }, { ...before.products.find((p) => p.id === 'P-104'),
    title: 'Walnut Carving Board', price: 5200, reorder: 6, category: 'Home', status: 'draft', vendor: 'V-01' });
  act(dev, { type: 'save_product' });
  assert.equal(ui(dev).notice, 'No changes to save');
  act(dev, { type: 'form_set', field: 'category', value: 'Toys' });
  act(dev, { type: 'save_product' });
  assert.ok(ui(dev).errors.category);
});

test('stock adjustments: logged with a reason, never below zero, bad input refused', async () => {
  const dev = await open();
  act(dev, { type: 'open_product', id: 'P-103' });
  const n = data(dev).adjustments.length;
  type(dev, 'adj-qty', '-7');
  act(dev, { type: 'adjust_stock' });
  assert.match(ui(dev).errors.adj, /below 0/);
  type(dev, 'adj-qty', '0');
  act(dev, { type: 'adjust_stock' });
  assert.ok(ui(dev).errors.adj);
  type(dev, 'adj-qty', 'two');
  act(dev, { type: 'adjust_stock' });
  assert.ok(ui(dev).errors.adj);
  assert.equal(product(dev, 'P-103').stock, 6);
  act(dev, { type: 'adj_reason', reason: 'bogus' });
  assert.equal(ui(dev).adjReason, 'received');
  act(dev, { type: 'adj_reason', reason: 'damaged' });
  type(dev, 'adj-qty', '-2');
  type(dev, 'adj-note', 'Cracked glaze');
  act(dev, { type: 'adjust_stock' });
  assert.equal(product(dev, 'P-103').stock, 4);
  const last = data(dev).adjustments.at(-1);
  assert.deepEqual({ product: last.product, delta: last.delta, reason: last.reason, note: last.note }, { product: 'P-103', delta: -2, reason: 'damaged', note: 'Cracked glaze' });
  assert.equal(data(dev).adjustments.length, n + 1);
  act(dev, { type: 'adjust_stock', id: 'P-103', delta: '6', reason: 'received' });
  assert.equal(product(dev, 'P-103').stock, 10);
  assertInvariants(dev);
});

test('new product: validation (SKU format and uniqueness) and creation with opening stock', async () => {
  const dev = await open();
  act(dev, { type: 'new_product' });
  assert.equal(ui(dev).dialog, 'new-product');
  act(dev, { type: 'create_product' });
  assert.ok(ui(dev).errors.sku && ui(dev).errors.title && ui(dev).errors.price);
  type(dev, 'n-sku', 'kit-001');
  type(dev, 'n-title', 'Linen Bread Bag');
  type(dev, 'n-price', '19');
  type(dev, 'n-cost', '7');
  type(dev, 'n-stock', '24');
  act(dev, { type: 'create_product' });
  assert.match(ui(dev).errors.sku, /already used/);
  type(dev, 'n-sku', 'kit-009');
  act(dev, { type: 'form_set', field: 'vendor', value: 'V-03' });
  act(dev, { type: 'form_set', field: 'status', value: 'active' });
  act(dev, { type: 'create_product' });
  const p = product(dev, 'P-137');
  assert.deepEqual(p, { id: 'P-137', sku: 'KIT-009', title: 'Linen Bread Bag', category: 'Kitchen', price: 1900, cost: 700, stock: 24, reorder: 5, status: 'active', vendor: 'V-03' });
  assert.equal(data(dev).adjustments.at(-1).reason, 'initial');
  assert.equal(ui(dev).dialog, null);
  act(dev, { type: 'create_product' });
  assert.equal(data(dev).products.length, world.products.length + 1, 'no dialog, no product');
});

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

test('vendors: edit email and lead time with validation', async () => {
  const dev = await open();
  act(dev, { type: 'open_vendor', id: 'V-03' });
  assert.equal(ui(dev).drafts['v-lead'], '7');
  type(dev, 'v-email', 'not-an-email');
  type(dev, 'v-lead', '0');
  act(dev, { type: 'save_vendor' });
  assert.ok(ui(dev).errors.email && ui(dev).errors.lead);
  assert.equal(data(dev).vendors[2].email, 'hello@copperfield-tex.test');
  type(dev, 'v-email', 'orders@copperfield-tex.test');
  type(dev, 'v-lead', '12');
  act(dev, { type: 'save_vendor' });
  assert.deepEqual([data(dev).vendors[2].email, data(dev).vendors[2].lead_days], ['orders@copperfield-tex.test', 12]);
  act(dev, { type: 'open_vendor', id: 'V-99' });
  assert.equal(ui(dev).vendor, 'V-03');
});

test('purchase orders: one vendor per PO, quantities validated, receive adds stock, cancel', async () => {
  const dev = await open();
  act(dev, { type: 'start_po' });
  assert.match(ui(dev).notice, /Select low-stock items first/);
  act(dev, { type: 'lcheck', id: 'P-101' });
  assert.deepEqual(ui(dev).lchecked, [], 'only low-stock items can be checked');
  act(dev, { type: 'lcheck', id: 'P-102' });
  act(dev, { type: 'lcheck', id: 'P-116' });
  act(dev, { type: 'start_po' });
  assert.match(ui(dev).notice, /one vendor/);
  assert.equal(ui(dev).dialog, null);
  act(dev, { type: 'lcheck', id: 'P-116' });
  act(dev, { type: 'lcheck', id: 'P-107' });
  act(dev, { type: 'start_po' });
  assert.equal(ui(dev).dialog, 'po');
  assert.deepEqual(ui(dev).poDraft, { vendor: 'V-01', lines: ['P-102', 'P-107'] });
  assert.equal(ui(dev).drafts['po-qty:P-102'], '26');
  type(dev, 'po-qty:P-107', '0');
  act(dev, { type: 'confirm_po' });
  assert.ok(ui(dev).errors['po-qty:P-107']);
  type(dev, 'po-qty:P-107', '8');
  act(dev, { type: 'confirm_po' });
  const po = data(dev).pos.find((p) => p.id === 'PO-3002');
  assert.deepEqual(po, { id: 'PO-3002', vendor: 'V-01', lines: [{ product: 'P-102', qty: 26, cost: 950 }, { product: 'P-107', qty: 8, cost: 2600 }],
    status: 'sent', created: '2026-03-14', expected: '2026-03-24' });
  assert.equal(onOrder(data(dev), 'P-107'), 8);
  assert.equal(product(dev, 'P-107').stock, 0, 'ordering does not change stock');
  // Vendor shortcut: all of the vendor's low items; removing every line closes the dialog.
  act(dev, { type: 'start_po', vendor: 'V-06' });
  assert.deepEqual(ui(dev).poDraft.lines, ['P-133', 'P-135']);
  act(dev, { type: 'po_remove_line', id: 'P-133' });
  act(dev, { type: 'po_remove_line', id: 'P-135' });
  assert.equal(ui(dev).dialog, null);
  act(dev, { type: 'start_po', vendor: 'V-77' });
  act(dev, { type: 'open_po', id: 'PO-3002' });
  act(dev, { type: 'receive_po' });
  assert.equal(product(dev, 'P-107').stock, 8);
  assert.equal(product(dev, 'P-102').stock, 40);
  assert.equal(data(dev).pos.find((p) => p.id === 'PO-3002').status, 'received');
  act(dev, { type: 'receive_po' });
  assert.match(ui(dev).notice, /only sent orders/);
  act(dev, { type: 'cancel_po', id: 'PO-3001' });
  assert.equal(data(dev).pos.find((p) => p.id === 'PO-3001').status, 'cancelled');
  act(dev, { type: 'cancel_po', id: 'PO-3001' });
  assert.match(ui(dev).notice, /only sent orders/);
  act(dev, { type: 'low_vendor', vendor: 'V-03' });
  assert.equal(ui(dev).lvendor, 'V-03');
  act(dev, { type: 'low_vendor', vendor: 'V-42' });
  assert.equal(ui(dev).lvendor, 'V-03');
  assertInvariants(dev);
});

test('unknown actions are not handled; deterministic replays give equal states', async () => {
  const dev = await open();
  assert.equal(act(dev, { type: 'explode' }), false);
  const run = async () => {
    const d = await open();
    act(d, { type: 'open_order', id: 'FH-1046' });
    act(d, { type: 'start_refund' });
    act(d, { type: 'refund_qty', product: 'P-118', delta: 1 });
    act(d, { type: 'confirm_refund' });
    return JSON.stringify(d.getState());
  };
  assert.equal(await run(), await run());
});
