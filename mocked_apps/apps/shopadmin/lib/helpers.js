// Reducer helpers shared by every area: notices, the navigation stack, logged stock moves, the product form drafts.

import { ME } from './constants.js';
import { lowStock, productRows } from './select.js';

export function deny(state, text) {
  state.ui.notice = text;
  return state;
}

export function clearTransient(ui) {
  Object.assign(ui, { menu: null, dialog: null, errors: {}, refund: null, poDraft: null, bulk: null });
}

/**
 * Return the record open on its own page `screen` (order, product, po or vendor: ui[screen] holds its id) when no
 * dialog covers it and `id` is undefined or names it; else null. A page's buttons act on its record only: an id of
 * another record, or the page's own action sent from another screen, does nothing.
 */
export function onPage(state, screen, id, find) {
  const { data, ui } = state;
  if (ui.screen !== screen || ui.dialog) return null;
  const rec = find(data, ui[screen]);
  return rec && (id === undefined || find(data, id) === rec) ? rec : null;
}

/** Return the product-table rows on screen (filters and search applied), [] on any other screen or under a dialog. */
export function shownProducts(state) {
  const { data, ui } = state;
  return ui.screen === 'products' && !ui.dialog ? productRows(data, ui) : [];
}

/** Return the low-stock rows on screen (the vendor tab applied), [] on any other screen or under a dialog. */
export function shownLow(state) {
  const { data, ui } = state;
  if (ui.screen !== 'lowstock' || ui.dialog) return [];
  const all = lowStock(data);
  return ui.lvendor && ui.lvendor !== 'all' ? all.filter((p) => p.vendor === ui.lvendor) : all;
}

export function go(ui, patch) {
  ui.stack.push({ screen: ui.screen, product: ui.product, order: ui.order, vendor: ui.vendor, po: ui.po });
  if (ui.stack.length > 30) ui.stack.shift();
  clearTransient(ui);
  Object.assign(ui, patch);
}

/** Ids in use per counter: refunds live inside their orders. */
const IDS_OF = {
  product: (data) => (data.products || []).map((p) => p.id),
  adj: (data) => (data.adjustments || []).map((a) => a.id),
  po: (data) => (data.pos || []).map((p) => p.id),
  refund: (data) => (data.orders || []).flatMap((o) => (o.refunds || []).map((r) => r.id)),
};

/**
 * Return the number of the next id `<prefix><n>` from the counter `key` and advance the counter, skipping ids
 * already in use (a record patched in, or a counter patched back, would otherwise get a duplicate id). Callers
 * write the id out (`P-${n}`) so that the task lint sees the ids the app builds.
 */
export function nextNumber(data, key, prefix) {
  data.counters = data.counters || {};
  const taken = new Set(IDS_OF[key](data));
  let n = Number.isSafeInteger(data.counters[key]) ? data.counters[key] : 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  data.counters[key] = n + 1;
  return n;
}

function logAdjustment(data, ctx, product, delta, reason, note) {
  const id = `ADJ-${nextNumber(data, 'adj', 'ADJ-')}`;
  data.adjustments.push({ id, ts: ctx.now, product: product.id, delta, reason, note: note || '', by: ME });
}

/** Change a product's stock by delta and log it; refuse (return a reason) if it would go negative. */
export function moveStock(data, ctx, product, delta, reason, note) {
  if (product.stock + delta < 0) return `${product.sku} has only ${product.stock} in stock`;
  if (delta === 0) return null;
  product.stock += delta;
  logAdjustment(data, ctx, product, delta, reason, note);
  return null;
}

function productForm(p) {
  return { category: p.category, status: p.status, vendor: p.vendor };
}

export function loadProductDrafts(ui, p) {
  ui.drafts['p-title'] = p.title;
  ui.drafts['p-price'] = (p.price / 100).toFixed(2);
  ui.drafts['p-cost'] = (p.cost / 100).toFixed(2);
  ui.drafts['p-reorder'] = String(p.reorder);
  ui.drafts['adj-qty'] = '';
  ui.drafts['adj-note'] = '';
  ui.form = productForm(p);
  ui.adjReason = 'received';
}
