// Fernhill Goods acts only on what is on screen: an order's, product's or PO's buttons on its own page, table and
// low-stock rows as shown now, nothing under a dialog; and its searches, which ignore accents and case.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as sa from './logic.js';
import { open, data, ui, act, type, product, order, snap } from './testkit.mjs';

test('page actions act on the record on its page only, never from another screen or under a dialog', async () => {
  const dev = await open();
  const before = snap(dev);
  for (const a of [{ type: 'advance', id: 'FH-1051' }, { type: 'cancel_order', id: 'FH-1048' }, { type: 'start_refund', id: 'FH-1043' },
    { type: 'adjust_stock', id: 'P-103', delta: '6', reason: 'received' }, { type: 'receive_po', id: 'PO-3001' },
    { type: 'cancel_po', id: 'PO-3001' }]) act(dev, a);
  assert.deepEqual(snap(dev), before, 'from the products table');
  assert.equal(ui(dev).dialog, null);
  act(dev, { type: 'open_order', id: 'FH-1051' });
  act(dev, { type: 'advance', id: 'FH-1052' });
  act(dev, { type: 'line_qty', id: 'FH-1052', product: 'P-110', delta: 1 });
  assert.deepEqual(snap(dev), before, 'an id of another order than the one shown');
  act(dev, { type: 'cancel_order' });
  assert.equal(ui(dev).dialog, 'cancel');
  act(dev, { type: 'advance' });
  assert.equal(order(dev, 'FH-1051').status, 'pending', 'under the cancel dialog');
  act(dev, { type: 'close_dialog' });
  act(dev, { type: 'advance', id: 'FH-1051' });
  assert.equal(order(dev, 'FH-1051').status, 'paid');
});

test('table and low-stock rows: only rows on screen are checked; the bulk bar and PO buttons only on their page', async () => {
  const dev = await open();
  act(dev, { type: 'check', id: 'P-101' });
  type(dev, 'search', 'KIT-002');
  act(dev, { type: 'check', id: 'P-103' });
  act(dev, { type: 'check', id: 'P-102' });
  assert.deepEqual(ui(dev).checked, ['P-101', 'P-102'], 'P-103 is not listed under this search');
  act(dev, { type: 'open_product', id: 'P-102' });
  act(dev, { type: 'bulk', kind: 'status', value: 'draft' });
  assert.equal(ui(dev).dialog, null, 'no bulk bar on a product page');
  act(dev, { type: 'back' });
  act(dev, { type: 'bulk', kind: 'status', value: 'draft' });
  act(dev, { type: 'confirm_bulk' });
  assert.deepEqual([product(dev, 'P-101').status, product(dev, 'P-102').status], ['draft', 'draft'], 'the selection it counts');
  act(dev, { type: 'start_po', vendor: 'V-02' });
  assert.equal(ui(dev).dialog, null, 'no PO button on the products table');
  act(dev, { type: 'nav', screen: 'lowstock' });
  act(dev, { type: 'low_vendor', vendor: 'V-02' });
  act(dev, { type: 'lcheck', id: 'P-103' });
  assert.deepEqual(ui(dev).lchecked, [], 'a V-01 item under the V-02 tab');
  act(dev, { type: 'start_po', vendor: 'V-01' });
  assert.equal(ui(dev).dialog, null);
  act(dev, { type: 'start_po', vendor: 'V-02' });
  assert.equal(ui(dev).poDraft.vendor, 'V-02');
});

test('the product and order searches ignore accents and case', async () => {
  const dev = await open();
  const d = snap(dev);
  dev.setState({ apps: { shopadmin: { data: {
    products: d.products.map((p) => (p.id === 'P-101' ? { ...p, title: 'Crème Brûlée Ramekin' } : p)),
    orders: d.orders.map((o) => (o.id === 'FH-1041' ? { ...o, customer: 'Inés Peña' } : o)),
  } } } });
  type(dev, 'search', 'creme brulee');
  assert.deepEqual(sa.productRows(data(dev), ui(dev)).map((p) => p.id), ['P-101']);
  type(dev, 'search', 'RAMÉKIN');
  assert.deepEqual(sa.productRows(data(dev), ui(dev)).map((p) => p.id), ['P-101']);
  type(dev, 'order-search', 'ines pena');
  assert.deepEqual(sa.orderRows(data(dev), ui(dev)).map((o) => o.id), ['FH-1041']);
});
