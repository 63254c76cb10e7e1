// Products: bulk edits, the product form, stock adjustments and new products.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as sa from './logic.js';
import { world, open, data, ui, act, type, product, snap, assertInvariants } from './testkit.mjs';

const { applyPercent, planBulk } = sa;

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

test('products table: text columns sort with compareText (an accented title sat after every z)', async () => {
  const dev = await open();
  const d = snap(dev);
  d.products[0].title = 'Éclair Tin';
  const titles = sa.sortProducts(d.products, { col: 'title', dir: 'asc' }, d).map((p) => p.title);
  const at = titles.indexOf('Éclair Tin');
  assert.ok(titles.slice(0, at).every((t) => /^[A-E]/.test(t)) && titles.slice(at + 1).every((t) => !/^[A-D]/.test(t)), titles.join(', '));
});

test('prices and costs stay below $100,000.00: the form refuses more, a bulk rise past it skips the row', async () => {
  const dev = await open();
  act(dev, { type: 'open_product', id: 'P-101' });
  const before = snap(dev);
  type(dev, 'p-price', '99999999999999999999');
  act(dev, { type: 'save_product' });
  assert.match(ui(dev).errors.price, /at most \$100,000\.00/);
  type(dev, 'p-price', '50');
  type(dev, 'p-cost', '100000.01');
  act(dev, { type: 'save_product' });
  assert.ok(ui(dev).errors.cost);
  assert.deepEqual(snap(dev), before);
  type(dev, 'p-cost', '1');
  type(dev, 'p-price', '40000');
  act(dev, { type: 'save_product' });
  assert.equal(product(dev, 'P-101').price, 4000000);
  act(dev, { type: 'nav', screen: 'products' });
  act(dev, { type: 'check', id: 'P-101' });
  act(dev, { type: 'bulk', kind: 'price', value: '200' });
  assert.deepEqual([ui(dev).bulk.count, ui(dev).bulk.skipped], [0, ['P-101']]);
  act(dev, { type: 'confirm_bulk' });
  assert.equal(product(dev, 'P-101').price, 4000000);
  assert.match(ui(dev).notice, /above the \$100,000\.00 limit/);
});

test('an adjustment note past 200 characters and a vendor email past 120 are refused, nothing saved', async () => {
  const dev = await open();
  const before = snap(dev);
  act(dev, { type: 'open_product', id: 'P-101' });
  act(dev, { type: 'adjust_stock', delta: '2', reason: 'recount', note: 'n'.repeat(201) });
  assert.match(ui(dev).errors.note, /at most 200/);
  act(dev, { type: 'open_vendor', id: 'V-01' });
  type(dev, 'v-email', `${'a'.repeat(120)}@x.test`);
  act(dev, { type: 'save_vendor' });
  assert.match(ui(dev).errors.email, /at most 120/);
  assert.deepEqual(snap(dev), before);
});
