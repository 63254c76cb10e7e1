// Selectors over the shop's data (products, vendors, orders, purchase orders), shared by the reducer, the view and the tests.

import { STATUSES, PRICE_MAX } from './constants.js';
import { money, applyPercent } from './format.js';
import { compareText, matchesQuery } from '../../../runtime/core/text.js';

export function findProduct(data, id) {
  return (data.products || []).find((p) => p.id === id);
}
export function findVendor(data, id) {
  return (data.vendors || []).find((v) => v.id === id);
}
export function findOrder(data, id) {
  const k = String(id || '').trim().toUpperCase();
  return (data.orders || []).find((o) => o.id === k);
}
export function findPo(data, id) {
  return (data.pos || []).find((p) => p.id === id);
}
export function vendorName(data, id) {
  const v = findVendor(data, id);
  return v ? v.name : '—';
}

/** Sum of qty × price over an order's lines. */
export function subtotal(order) {
  return order.lines.reduce((s, l) => s + l.qty * l.price, 0);
}

/** The invariant: total = sum(lines) − discount + shipping. */
export function orderTotal(order) {
  return subtotal(order) - order.discount + order.shipping;
}

/** What may still be refunded on an order. */
export function refundable(order) {
  return Math.max(0, order.paid - order.refunded);
}

/** Units of product not yet received on open (sent) purchase orders. */
export function onOrder(data, productId) {
  return (data.pos || []).filter((po) => po.status === 'sent')
    .reduce((s, po) => s + po.lines.filter((l) => l.product === productId).reduce((a, l) => a + l.qty, 0), 0);
}

/** Low stock: active products whose stock is below their reorder point. */
export function isLow(p) {
  return p.status === 'active' && p.stock < p.reorder;
}
export function lowStock(data) {
  return data.products.filter(isLow).sort((a, b) => (a.vendor === b.vendor ? (a.sku < b.sku ? -1 : 1) : a.vendor < b.vendor ? -1 : 1));
}

/** Suggested order quantity for a low-stock product: up to twice its reorder point. */
export function suggestedQty(p) {
  return Math.max(1, p.reorder * 2 - p.stock);
}

export function matchesProduct(p, filters = {}, text = '', data = null) {
  const f = filters || {};
  if (f.category && p.category !== f.category) return false;
  if (f.status && p.status !== f.status) return false;
  if (f.vendor && p.vendor !== f.vendor) return false;
  return matchesQuery(text, [p.sku, p.title]);
}

export function sortProducts(list, sort, data) {
  const col = (sort && sort.col) || 'sku';
  const dir = sort && sort.dir === 'desc' ? -1 : 1;
  const value = (p) => {
    switch (col) {
      case 'title': return p.title.toLowerCase();
      case 'category': return p.category;
      case 'price': return p.price;
      case 'cost': return p.cost;
      case 'stock': return p.stock;
      case 'status': return STATUSES.indexOf(p.status);
      case 'vendor': return vendorName(data, p.vendor).toLowerCase();
      default: return p.sku;
    }
  };
  // Text columns in the one text order (compareText: code-point order put "Éclair" after "Zinc"), the rest as they are.
  const text = ['title', 'category', 'vendor'].includes(col);
  return [...list].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const c = text ? compareText(x, y) : x < y ? -1 : x > y ? 1 : 0;
    if (c) return c * dir;
    return a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0;
  });
}

/** The product-table rows for the current UI (filters, search text, sort). */
export function productRows(data, ui) {
  const text = (ui.drafts || {}).search || '';
  return sortProducts(data.products.filter((p) => matchesProduct(p, ui.filters, text)), ui.sort, data);
}

/** Orders shown for a status tab and search text (id, customer or email; accents and case ignored), newest first. */
export function orderRows(data, ui) {
  const q = (ui.drafts || {})['order-search'];
  return data.orders.filter((o) => (ui.ostatus && ui.ostatus !== 'all' ? o.status === ui.ostatus : true))
    .filter((o) => matchesQuery(q, [o.id, o.customer, o.email]))
    .sort((a, b) => b.placed - a.placed);
}

/**
 * Plan a bulk edit over the checked products: which rows change and which are skipped.
 * kind: "price" (value = percent), "category" or "status". Returns {changes: [{id, from, to}], skipped: [{id, reason}]}.
 */
export function planBulk(data, ids, kind, value) {
  const changes = [];
  const skipped = [];
  for (const id of ids) {
    const p = findProduct(data, id);
    if (!p) continue;
    if (kind === 'price') {
      const to = applyPercent(p.price, value);
      if (to < p.cost) skipped.push({ id, reason: `new price ${money(to)} is below cost ${money(p.cost)}` });
      else if (to <= 0) skipped.push({ id, reason: 'price must stay above $0.00' });
      else if (to > PRICE_MAX) skipped.push({ id, reason: `new price ${money(to)} is above the ${money(PRICE_MAX)} limit` });
      else if (to !== p.price) changes.push({ id, from: p.price, to });
    } else if (kind === 'category' || kind === 'status') {
      if (p[kind] !== value) changes.push({ id, from: p[kind], to: value });
    }
  }
  return { changes, skipped };
}
