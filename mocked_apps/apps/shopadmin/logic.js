// Fernhill Goods back office: products (with bulk edits), vendors, inventory adjustments, orders
// (pay / ship / deliver / cancel / refund with restocking), a low-stock view and purchase orders.
// Money is integer cents. Rules refuse an action with a notice (ui.notice) or form errors (ui.errors)
// and leave data unchanged. Invariants: stock is never negative; an order's total is
// sum(qty × price) − discount + shipping; refunds never exceed what was paid.
// Entry point: init and reduce; the parts live in lib/ (constants, format, select, helpers and the area
// reducers products, orders, stock), re-exported here.

import { SCREENS, ME, DAY_MS, MIN_MS } from './lib/constants.js';
import { dateAfter } from './lib/format.js';
import { findProduct, findOrder, orderTotal } from './lib/select.js';
import { clearTransient, go, loadProductDrafts } from './lib/helpers.js';
import { productActions } from './lib/products.js';
import { orderActions } from './lib/orders.js';
import { stockActions } from './lib/stock.js';

export {
  STATUSES, STATUS_LABEL, ORDER_STATUSES, ORDER_LABEL, NEXT_STATUS, CANCELLABLE, REFUNDABLE, ADJ_REASONS, REASON_LABEL, REFUND_REASONS,
  REFUND_REASON_LABEL, SORT_COLUMNS, FILTER_FIELDS, PCT_MIN, PCT_MAX, PRICE_MAX, SCREENS, ME,
} from './lib/constants.js';
export { dateAfter, money, parseMoney, parsePercent, parseInt10, applyPercent, isEmail } from './lib/format.js';
export * from './lib/select.js';
export { validateProductForm, validateNewProduct } from './lib/products.js';
export { refundPlan, refundAmount } from './lib/orders.js';

// ------------------------------------------------------------------ init

/** Return the initial state: the world's records with times relative to ctx.now. */
export function init(world, ctx) {
  const now = ctx && typeof ctx.now === 'number' ? ctx.now : Date.UTC(2026, 2, 14, 9, 30);
  let refundN = 1;
  const orders = (world.orders || []).map((o) => {
    const lines = o.lines.map((l) => ({ product: l.product, qty: l.qty, price: l.price, refunded: 0 }));
    const refunds = (o.refunds || []).map((r) => {
      for (const it of r.items) lines.find((l) => l.product === it.product).refunded += it.qty;
      return { id: `R-${refundN++}`, amount: r.amount, items: r.items.map((i) => ({ ...i })), reason: r.reason, ts: now - r.days * DAY_MS };
    });
    const order = {
      id: o.id, customer: o.customer, email: o.email, placed: now - o.ago * MIN_MS, status: o.status,
      lines, discount: o.discount, shipping: o.shipping, total: 0, paid: 0, refunded: 0, refunds,
    };
    order.total = orderTotal(order);
    order.paid = ['pending', 'cancelled'].includes(o.status) ? 0 : order.total;
    order.refunded = refunds.reduce((s, r) => s + r.amount, 0);
    return order;
  });
  const data = {
    products: (world.products || []).map((p) => ({ ...p })),
    vendors: (world.vendors || []).map((v) => ({ ...v })),
    orders,
    adjustments: (world.adjustments || []).map((a, i) => ({
      id: `ADJ-${i + 1}`, ts: now - a.days * DAY_MS, product: a.product, delta: a.delta, reason: a.reason, note: a.note || '', by: ME,
    })),
    pos: (world.purchase_orders || []).map((po) => ({
      id: po.id, vendor: po.vendor, lines: po.lines.map((l) => ({ ...l })), status: po.status,
      created: dateAfter(now, -po.created_days),
      expected: dateAfter(now, -po.created_days + ((world.vendors || []).find((v) => v.id === po.vendor) || { lead_days: 7 }).lead_days),
    })),
    counters: { product: 137, adj: (world.adjustments || []).length + 1, po: 3002, refund: refundN },
  };
  return { data, ui: freshUi() };
}

function freshUi() {
  return {
    screen: 'products', product: null, order: null, vendor: null, po: null,
    filters: {}, sort: { col: 'sku', dir: 'asc' }, checked: [], menu: null, dialog: null,
    ostatus: 'all', areason: 'all', lvendor: 'all', lchecked: [], form: null, refund: null, poDraft: null, bulk: null,
    adjReason: 'received', notice: null, errors: {}, stack: [], drafts: {},
  };
}

// ------------------------------------------------------------------ reducer

/** Apply an action (see README.md). */
export function reduce(state, action, ctx) {
  const { data, ui } = state;
  const world = ctx.world || {};
  ui.stack = ui.stack || [];
  ui.drafts = ui.drafts || {};
  ui.errors = ui.errors || {};
  ui.filters = ui.filters || {};
  ui.checked = ui.checked || [];
  ui.lchecked = ui.lchecked || [];
  if (!['intent', 'back', '@draft'].includes(action.type)) ui.notice = null;
  for (const part of [productActions, orderActions, stockActions]) {
    const out = part(state, action, ctx, world);
    if (out !== undefined) return out;
  }
  switch (action.type) {
    case 'intent': {
      if (action.order && findOrder(data, action.order)) go(ui, { screen: 'order', order: findOrder(data, action.order).id });
      else if (action.product && findProduct(data, action.product)) {
        go(ui, { screen: 'product', product: action.product });
        loadProductDrafts(ui, findProduct(data, action.product));
      } else if (SCREENS.includes(action.screen)) go(ui, { screen: action.screen });
      return state;
    }
    case 'nav': {
      if (!SCREENS.includes(action.screen)) return state;
      go(ui, { screen: action.screen, product: null, order: null, vendor: null, po: null });
      return state;
    }
    // ---------------------------------------------------------------- generic
    case 'close_dialog':
      Object.assign(ui, { dialog: null, errors: {}, menu: null, refund: null, poDraft: null, bulk: null });
      if (ui.screen !== 'product') ui.form = null;
      return state;
    case 'dismiss':
      ui.notice = null;
      return state;
    case 'back': {
      if (ui.dialog || ui.menu) {
        Object.assign(ui, { dialog: null, errors: {}, menu: null, refund: null, poDraft: null, bulk: null });
        return state;
      }
      const prev = ui.stack.pop();
      if (!prev) return null;
      clearTransient(ui);
      Object.assign(ui, prev);
      if (prev.screen === 'product' && findProduct(data, prev.product)) loadProductDrafts(ui, findProduct(data, prev.product));
      return state;
    }
    default:
      return null;
  }
}
