import test from 'node:test';
import assert from 'node:assert/strict';
import * as sa from './logic.js';
import { world, open, data, ui, act, type, product, order, assertInvariants } from './testkit.mjs';

const { money, parseMoney, parsePercent, parseInt10, applyPercent, lowStock, suggestedQty, productRows, orderRows, onOrder, isEmail } = sa;

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
