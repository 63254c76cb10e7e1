// Vendors and purchase orders.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as sa from './logic.js';
import { open, data, ui, act, type, product, assertInvariants } from './testkit.mjs';

const { onOrder } = sa;

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
  act(dev, { type: 'lcheck', id: 'P-102' });
  assert.deepEqual(ui(dev).lchecked, [], 'not from the products table');
  act(dev, { type: 'nav', screen: 'lowstock' });
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
  act(dev, { type: 'open_po', id: 'PO-3001' });
  act(dev, { type: 'cancel_po', id: 'PO-3001' });
  assert.equal(data(dev).pos.find((p) => p.id === 'PO-3001').status, 'cancelled');
  act(dev, { type: 'open_po', id: 'PO-3001' });
  act(dev, { type: 'cancel_po', id: 'PO-3001' });
  assert.match(ui(dev).notice, /only sent orders/);
  act(dev, { type: 'low_vendor', vendor: 'V-03' });
  assert.equal(ui(dev).lvendor, 'V-03');
  act(dev, { type: 'low_vendor', vendor: 'V-42' });
  assert.equal(ui(dev).lvendor, 'V-03');
  assertInvariants(dev);
});

test('new ids skip ids already in use: a PO and a product patched in under the next ids give no duplicates', async () => {
  const dev = await open();
  const d0 = data(dev);
  dev.setState({ apps: { shopadmin: { data: {
    pos: [...d0.pos, { ...d0.pos[0], id: 'PO-3002' }],
    products: [...d0.products, { ...d0.products[0], id: 'P-137', sku: 'ZZZ-999' }],
    counters: { ...d0.counters, adj: 1 },
  } } } });
  act(dev, { type: 'nav', screen: 'lowstock' });
  act(dev, { type: 'start_po', vendor: 'V-01' });
  act(dev, { type: 'confirm_po' });
  act(dev, { type: 'open_product', id: 'P-101' });
  act(dev, { type: 'adjust_stock', delta: '2', reason: 'recount' });
  act(dev, { type: 'new_product' });
  for (const [k, v] of Object.entries({ 'n-sku': 'NEW-001', 'n-title': 'New', 'n-price': '5', 'n-cost': '1' })) type(dev, k, v);
  act(dev, { type: 'create_product' });
  const d = data(dev);
  for (const list of [d.pos, d.products, d.adjustments]) assert.equal(new Set(list.map((r) => r.id)).size, list.length);
  assert.equal(d.pos.at(-1).id, 'PO-3003');
  assert.equal(d.products.at(-1).id, 'P-138');
});
