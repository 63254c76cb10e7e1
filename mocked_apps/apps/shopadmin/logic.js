// Fernhill Goods back office: products (with bulk edits), vendors, inventory adjustments, orders
// (pay / ship / deliver / cancel / refund with restocking), a low-stock view and purchase orders.
// Money is integer cents. Rules refuse an action with a notice (ui.notice) or form errors (ui.errors)
// and leave data unchanged. Invariants: stock is never negative; an order's total is
// sum(qty × price) − discount + shipping; refunds never exceed what was paid.

export const STATUSES = ['active', 'draft', 'archived'];
export const STATUS_LABEL = { active: 'Active', draft: 'Draft', archived: 'Archived' };
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'];
export const ORDER_LABEL = { pending: 'Pending', paid: 'Paid', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled', refunded: 'Refunded' };
/** The order workflow: status -> the next one "advance" moves to. */
export const NEXT_STATUS = { pending: 'paid', paid: 'shipped', shipped: 'delivered' };
export const CANCELLABLE = ['pending', 'paid'];
export const REFUNDABLE = ['paid', 'shipped', 'delivered'];
export const ADJ_REASONS = ['received', 'damaged', 'recount', 'lost', 'return', 'other'];
export const REASON_LABEL = {
  received: 'Received', damaged: 'Damaged', recount: 'Recount', lost: 'Lost', return: 'Customer return', other: 'Other',
  refund: 'Refund restock', cancel: 'Order cancelled', order: 'Order edit', initial: 'Initial stock',
};
export const REFUND_REASONS = ['damaged', 'wrong-item', 'not-as-described', 'customer-request', 'other'];
export const REFUND_REASON_LABEL = {
  'damaged': 'Damaged', 'wrong-item': 'Wrong item', 'not-as-described': 'Not as described', 'customer-request': 'Customer request', 'other': 'Other',
  'cancelled': 'Order cancelled',
};
export const SORT_COLUMNS = ['sku', 'title', 'category', 'price', 'cost', 'stock', 'status', 'vendor'];
export const FILTER_FIELDS = ['category', 'status', 'vendor'];
export const PCT_MIN = -90;
export const PCT_MAX = 200;
export const SCREENS = ['products', 'lowstock', 'orders', 'vendors', 'pos', 'adjustments'];
export const ME = 'Robin Ashdown';

const DAY_MS = 86400000;
const MIN_MS = 60000;

/** Return "YYYY-MM-DD" `days` after the UTC date of `ms`. */
export function dateAfter(ms, days) {
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  return new Date(midnight + days * DAY_MS).toISOString().slice(0, 10);
}

/** Format cents as "$1,234.50" (negative as "−$3.00"). */
export function money(cents) {
  const n = Math.round(Number(cents) || 0);
  const abs = Math.abs(n);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '−' : ''}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parse a money text ("24", "24.5", "$1,024.50") to cents; {error} when invalid or negative. */
export function parseMoney(text) {
  const t = String(text ?? '').trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { error: 'Enter an amount like 24.50' };
  const [whole, frac = ''] = t.split('.');
  return { value: Number(whole) * 100 + Number((frac + '00').slice(0, 2)) };
}

/** Parse a whole-number percentage ("-10", "+15", "20%"); {error} outside PCT_MIN..PCT_MAX or zero. */
export function parsePercent(text) {
  const t = String(text ?? '').trim().replace(/%$/, '').replace(/^\+/, '').replace(/^−/, '-');
  if (!/^-?\d+$/.test(t)) return { error: 'Enter a whole percentage, e.g. 10 or -15' };
  const v = Number(t);
  if (v === 0) return { error: 'A change of 0% changes nothing' };
  if (v < PCT_MIN || v > PCT_MAX) return { error: `Percent change must be between ${PCT_MIN} and +${PCT_MAX}` };
  return { value: v };
}

/** Parse a whole number within [min, max]; {error} otherwise. */
export function parseInt10(text, { min = 0, max = 100000, label = 'Value' } = {}) {
  const t = String(text ?? '').trim().replace(/^\+/, '');
  if (!/^-?\d+$/.test(t)) return { error: `${label} must be a whole number` };
  const v = Number(t);
  if (v < min || v > max) return { error: `${label} must be between ${min} and ${max}` };
  return { value: v };
}

/** Price after a percentage change, rounded half up to the cent (integer arithmetic). */
export function applyPercent(price, pct) {
  return Math.floor((price * (100 + pct) + 50) / 100);
}

export function isEmail(text) {
  return /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(String(text ?? '').trim());
}

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

// ------------------------------------------------------------- selectors

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
  const q = String(text || '').trim().toLowerCase();
  if (q && !p.sku.toLowerCase().includes(q) && !p.title.toLowerCase().includes(q)) return false;
  return true;
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
  return [...list].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) return (x < y ? -1 : 1) * dir;
    return a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0;
  });
}

/** The product-table rows for the current UI (filters, search text, sort). */
export function productRows(data, ui) {
  const text = (ui.drafts || {}).search || '';
  return sortProducts(data.products.filter((p) => matchesProduct(p, ui.filters, text)), ui.sort, data);
}

/** Orders shown for a status tab and search text (id or customer), newest first. */
export function orderRows(data, ui) {
  const q = String((ui.drafts || {})['order-search'] || '').trim().toLowerCase();
  return data.orders.filter((o) => (ui.ostatus && ui.ostatus !== 'all' ? o.status === ui.ostatus : true))
    .filter((o) => !q || o.id.toLowerCase().includes(q) || o.customer.toLowerCase().includes(q) || o.email.toLowerCase().includes(q))
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
      else if (to !== p.price) changes.push({ id, from: p.price, to });
    } else if (kind === 'category' || kind === 'status') {
      if (p[kind] !== value) changes.push({ id, from: p[kind], to: value });
    }
  }
  return { changes, skipped };
}

// --------------------------------------------------------------- helpers

function deny(state, text) {
  state.ui.notice = text;
  return state;
}

function clearTransient(ui) {
  Object.assign(ui, { menu: null, dialog: null, errors: {}, refund: null, poDraft: null, bulk: null });
}

function go(ui, patch) {
  ui.stack.push({ screen: ui.screen, product: ui.product, order: ui.order, vendor: ui.vendor, po: ui.po });
  if (ui.stack.length > 30) ui.stack.shift();
  clearTransient(ui);
  Object.assign(ui, patch);
}

function logAdjustment(data, ctx, product, delta, reason, note) {
  const id = `ADJ-${data.counters.adj}`;
  data.counters.adj += 1;
  data.adjustments.push({ id, ts: ctx.now, product: product.id, delta, reason, note: note || '', by: ME });
}

/** Change a product's stock by delta and log it; refuse (return a reason) if it would go negative. */
function moveStock(data, ctx, product, delta, reason, note) {
  if (product.stock + delta < 0) return `${product.sku} has only ${product.stock} in stock`;
  if (delta === 0) return null;
  product.stock += delta;
  logAdjustment(data, ctx, product, delta, reason, note);
  return null;
}

function productForm(p) {
  return { category: p.category, status: p.status, vendor: p.vendor };
}

function loadProductDrafts(ui, p) {
  ui.drafts['p-title'] = p.title;
  ui.drafts['p-price'] = (p.price / 100).toFixed(2);
  ui.drafts['p-cost'] = (p.cost / 100).toFixed(2);
  ui.drafts['p-reorder'] = String(p.reorder);
  ui.drafts['adj-qty'] = '';
  ui.drafts['adj-note'] = '';
  ui.form = productForm(p);
  ui.adjReason = 'received';
}

/** Validate the product edit form; returns {values, errors}. */
export function validateProductForm(drafts, form, world) {
  const d = drafts || {};
  const errors = {};
  const values = { ...form };
  values.title = String(d['p-title'] ?? '').trim();
  if (!values.title) errors.title = 'Enter a title';
  else if (values.title.length > 80) errors.title = 'Titles can have at most 80 characters';
  const price = parseMoney(d['p-price']);
  if (price.error) errors.price = price.error;
  else if (price.value <= 0) errors.price = 'Price must be more than $0.00';
  else values.price = price.value;
  const cost = parseMoney(d['p-cost']);
  if (cost.error) errors.cost = cost.error;
  else values.cost = cost.value;
  const reorder = parseInt10(d['p-reorder'], { min: 0, max: 999, label: 'Reorder point' });
  if (reorder.error) errors.reorder = reorder.error;
  else values.reorder = reorder.value;
  if (!(world.categories || []).includes(values.category)) errors.category = 'Pick a category';
  if (!STATUSES.includes(values.status)) errors.status = 'Pick a status';
  if (values.price !== undefined && values.cost !== undefined && values.price < values.cost) {
    errors.price = `Price can't be below cost (${money(values.cost)})`;
  }
  if (!(world.vendors || []).some((v) => v.id === values.vendor)) errors.vendor = 'Pick a vendor';
  return { values, errors };
}

/** Validate the new-product form; returns {values, errors}. */
export function validateNewProduct(data, drafts, form, world) {
  const d = drafts || {};
  const { values, errors } = validateProductForm({
    'p-title': d['n-title'], 'p-price': d['n-price'], 'p-cost': d['n-cost'], 'p-reorder': d['n-reorder'],
  }, form, world);
  values.sku = String(d['n-sku'] ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}-\d{3}$/.test(values.sku)) errors.sku = 'SKU looks like ABC-123';
  else if (data.products.some((p) => p.sku === values.sku)) errors.sku = `SKU ${values.sku} is already used`;
  const stock = parseInt10(d['n-stock'], { min: 0, max: 9999, label: 'Opening stock' });
  if (stock.error) errors.stock = stock.error;
  else values.stock = stock.value;
  return { values, errors };
}

/**
 * The items a refund dialog returns, from the drafts `rq:<product>` (empty = 0). Returns {items, itemsValue}
 * or {error} when a quantity is not a whole number between 0 and what is left on the line.
 */
export function refundPlan(order, drafts) {
  const items = [];
  let itemsValue = 0;
  for (const l of order.lines) {
    const raw = String((drafts || {})[`rq:${l.product}`] ?? '').trim();
    if (!raw) continue;
    const left = l.qty - l.refunded;
    if (!/^\d+$/.test(raw)) return { error: 'Quantities must be whole numbers', items: [], itemsValue: 0 };
    const q = Number(raw);
    if (q > left) return { error: `Only ${left} of ${l.product} can be returned`, items: [], itemsValue: 0 };
    if (q > 0) {
      items.push({ product: l.product, qty: q });
      itemsValue += q * l.price;
    }
  }
  return { items, itemsValue };
}

/** The amount a refund dialog would refund: the typed amount, else the items' value capped at what is refundable. */
export function refundAmount(order, drafts) {
  const typed = String((drafts || {})['refund-amount'] ?? '').trim();
  if (typed) return parseMoney(typed);
  const plan = refundPlan(order, drafts);
  if (plan.error) return { error: plan.error };
  return { value: Math.min(plan.itemsValue, refundable(order)) };
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
    // ---------------------------------------------------------------- products table
    case 'menu':
      ui.menu = ui.menu === action.id ? null : String(action.id || '') || null;
      return state;
    case 'set_filter': {
      if (!FILTER_FIELDS.includes(action.field)) return state;
      const filters = { ...ui.filters };
      if (action.value === 'any' || action.value === null || action.value === undefined) delete filters[action.field];
      else filters[action.field] = action.value;
      ui.filters = filters;
      ui.menu = null;
      return state;
    }
    case 'clear_filters':
      ui.filters = {};
      ui.drafts.search = '';
      ui.menu = null;
      return state;
    case 'sort': {
      if (!SORT_COLUMNS.includes(action.col)) return state;
      ui.sort = ui.sort.col === action.col ? { col: action.col, dir: ui.sort.dir === 'asc' ? 'desc' : 'asc' } : { col: action.col, dir: 'asc' };
      return state;
    }
    case 'check': {
      const p = findProduct(data, action.id);
      if (!p) return state;
      ui.checked = ui.checked.includes(p.id) ? ui.checked.filter((k) => k !== p.id) : [...ui.checked, p.id];
      return state;
    }
    case 'check_all': {
      const rows = productRows(data, ui).map((p) => p.id);
      ui.checked = rows.length && rows.every((k) => ui.checked.includes(k)) ? ui.checked.filter((k) => !rows.includes(k)) : [...new Set([...ui.checked, ...rows])];
      return state;
    }
    case 'clear_checks':
      ui.checked = [];
      ui.menu = null;
      ui.bulk = null;
      return state;
    case 'bulk': {
      // Prepare a bulk edit and open the confirmation dialog with the number of rows that change.
      const ids = ui.checked.filter((id) => findProduct(data, id));
      ui.menu = null;
      if (!ids.length) return deny(state, 'Select products first');
      let value = action.value;
      if (action.kind === 'price') {
        const parsed = parsePercent(action.value ?? ui.drafts['bulk-pct']);
        if (parsed.error) return (ui.errors = { bulk: parsed.error }), state;
        value = parsed.value;
      } else if (action.kind === 'category') {
        if (!(world.categories || []).includes(value)) return state;
      } else if (action.kind === 'status') {
        if (!STATUSES.includes(value)) return state;
      } else return state;
      ui.errors = {};
      const plan = planBulk(data, ids, action.kind, value);
      ui.bulk = { kind: action.kind, value, ids, count: plan.changes.length, skipped: plan.skipped.map((s) => s.id) };
      ui.dialog = 'bulk';
      return state;
    }
    case 'confirm_bulk': {
      const b = ui.bulk;
      ui.dialog = null;
      ui.bulk = null;
      if (!b) return state;
      const plan = planBulk(data, b.ids, b.kind, b.value);
      for (const c of plan.changes) findProduct(data, c.id)[b.kind] = c.to;
      ui.drafts['bulk-pct'] = '';
      ui.checked = [];
      ui.notice = `Updated ${plan.changes.length} ${plan.changes.length === 1 ? 'product' : 'products'}` +
        (plan.skipped.length ? `. Skipped ${plan.skipped.map((s) => `${findProduct(data, s.id).sku} (${s.reason})`).join('; ')}` : '');
      return state;
    }
    // ---------------------------------------------------------------- product detail
    case 'open_product': {
      const p = findProduct(data, action.id);
      if (!p) return state;
      go(ui, { screen: 'product', product: p.id });
      loadProductDrafts(ui, p);
      return state;
    }
    case 'form_set': {
      if (!ui.form || !['category', 'status', 'vendor'].includes(action.field)) return state;
      ui.form[action.field] = action.value;
      ui.menu = null;
      return state;
    }
    case 'save_product': {
      const p = findProduct(data, ui.product);
      if (!p || ui.screen !== 'product' || !ui.form) return state;
      const { values, errors } = validateProductForm(ui.drafts, ui.form, world);
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      let changed = 0;
      for (const k of ['title', 'price', 'cost', 'reorder', 'category', 'status', 'vendor']) {
        if (p[k] !== values[k]) {
          p[k] = values[k];
          changed += 1;
        }
      }
      ui.errors = {};
      ui.notice = changed ? `Saved ${p.sku}` : 'No changes to save';
      return state;
    }
    case 'adj_reason':
      if (!ADJ_REASONS.includes(action.reason)) return state;
      ui.adjReason = action.reason;
      return state;
    case 'adjust_stock': {
      const p = findProduct(data, action.id ?? ui.product);
      if (!p) return state;
      const parsed = parseInt10(action.delta ?? ui.drafts['adj-qty'], { min: -9999, max: 9999, label: 'Quantity change' });
      if (parsed.error) return (ui.errors = { adj: parsed.error }), state;
      if (parsed.value === 0) return (ui.errors = { adj: 'Enter a non-zero change, e.g. 5 or -2' }), state;
      const reason = action.reason ?? ui.adjReason;
      if (!ADJ_REASONS.includes(reason)) return (ui.errors = { adj: 'Pick a reason' }), state;
      if (p.stock + parsed.value < 0) return (ui.errors = { adj: `Stock can't go below 0 (${p.sku} has ${p.stock})` }), state;
      moveStock(data, ctx, p, parsed.value, reason, String(action.note ?? ui.drafts['adj-note'] ?? '').trim());
      ui.drafts['adj-qty'] = '';
      ui.drafts['adj-note'] = '';
      ui.errors = {};
      ui.notice = `Stock of ${p.sku} is now ${p.stock}`;
      return state;
    }
    case 'new_product': {
      clearTransient(ui);
      ui.dialog = 'new-product';
      ui.form = { category: (world.categories || [])[0], status: 'draft', vendor: ((world.vendors || [])[0] || {}).id };
      for (const k of ['n-sku', 'n-title', 'n-price', 'n-cost', 'n-stock', 'n-reorder']) ui.drafts[k] = '';
      ui.drafts['n-stock'] = '0';
      ui.drafts['n-reorder'] = '5';
      return state;
    }
    case 'create_product': {
      if (ui.dialog !== 'new-product' || !ui.form) return state;
      const { values, errors } = validateNewProduct(data, ui.drafts, ui.form, world);
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      const id = `P-${data.counters.product}`;
      data.counters.product += 1;
      const p = { id, sku: values.sku, title: values.title, category: values.category, price: values.price, cost: values.cost,
        stock: 0, reorder: values.reorder, status: values.status, vendor: values.vendor };
      data.products.push(p);
      if (values.stock > 0) moveStock(data, ctx, p, values.stock, 'initial', '');
      for (const k of ['n-sku', 'n-title', 'n-price', 'n-cost', 'n-stock', 'n-reorder']) delete ui.drafts[k];
      Object.assign(ui, { dialog: null, errors: {}, form: null });
      ui.notice = `Created ${p.sku}`;
      return state;
    }
    // ---------------------------------------------------------------- orders
    case 'order_status':
      if (action.status !== 'all' && !ORDER_STATUSES.includes(action.status)) return state;
      ui.ostatus = action.status;
      return state;
    case 'open_order': {
      const o = findOrder(data, action.id);
      if (!o) return state;
      go(ui, { screen: 'order', order: o.id });
      return state;
    }
    case 'advance': {
      const o = findOrder(data, action.id ?? ui.order);
      if (!o) return state;
      const next = NEXT_STATUS[o.status];
      if (!next || (action.to && action.to !== next)) {
        return deny(state, `${o.id} is ${ORDER_LABEL[o.status]}${next ? `; it can only move to ${ORDER_LABEL[next]}` : ' and can\'t move on'}`);
      }
      if (next === 'paid') o.paid = o.total;
      o.status = next;
      ui.notice = `${o.id} marked ${ORDER_LABEL[next]}`;
      return state;
    }
    case 'line_qty': {
      const o = findOrder(data, action.id ?? ui.order);
      if (!o) return state;
      if (o.status !== 'pending') return deny(state, 'Only pending orders can be edited');
      const line = o.lines.find((l) => l.product === action.product);
      const p = findProduct(data, action.product);
      if (!line || !p) return state;
      const delta = action.delta === 1 ? 1 : action.delta === -1 ? -1 : 0;
      if (!delta) return state;
      if (delta < 0 && line.qty <= 1) return deny(state, 'Quantity is already 1; remove the line instead');
      if (delta > 0 && p.stock < 1) return deny(state, `${p.sku} is out of stock`);
      moveStock(data, ctx, p, -delta, 'order', o.id);
      line.qty += delta;
      o.discount = Math.min(o.discount, subtotal(o));
      o.total = orderTotal(o);
      return state;
    }
    case 'remove_line': {
      const o = findOrder(data, action.id ?? ui.order);
      if (!o) return state;
      if (o.status !== 'pending') return deny(state, 'Only pending orders can be edited');
      const line = o.lines.find((l) => l.product === action.product);
      if (!line) return state;
      if (o.lines.length === 1) return deny(state, 'An order needs at least one line; cancel the order instead');
      const p = findProduct(data, line.product);
      if (p) moveStock(data, ctx, p, line.qty, 'order', o.id);
      o.lines = o.lines.filter((l) => l !== line);
      o.discount = Math.min(o.discount, subtotal(o));
      o.total = orderTotal(o);
      return state;
    }
    case 'cancel_order': {
      const o = findOrder(data, action.id ?? ui.order);
      if (!o) return state;
      if (!CANCELLABLE.includes(o.status)) {
        return deny(state, `${ORDER_LABEL[o.status]} orders can't be cancelled. Only pending or paid orders can.${REFUNDABLE.includes(o.status) ? ' Issue a refund instead.' : ''}`);
      }
      clearTransient(ui);
      ui.dialog = 'cancel';
      ui.order = o.id;
      return state;
    }
    case 'confirm_cancel': {
      const o = findOrder(data, ui.order);
      ui.dialog = null;
      if (!o || !CANCELLABLE.includes(o.status)) return state;
      for (const l of o.lines) {
        const p = findProduct(data, l.product);
        const back = l.qty - l.refunded;
        if (p && back > 0) moveStock(data, ctx, p, back, 'cancel', o.id);
      }
      const rest = refundable(o);
      if (rest > 0) {
        o.refunds.push({ id: `R-${data.counters.refund}`, amount: rest, items: [], reason: 'cancelled', ts: ctx.now });
        data.counters.refund += 1;
        o.refunded += rest;
      }
      o.status = 'cancelled';
      ui.notice = `${o.id} cancelled${rest > 0 ? `; ${money(rest)} refunded` : ''}`;
      return state;
    }
    case 'start_refund': {
      const o = findOrder(data, action.id ?? ui.order);
      if (!o) return state;
      if (!REFUNDABLE.includes(o.status)) {
        return deny(state, `${ORDER_LABEL[o.status]} orders can't be refunded. Refunds are for paid, shipped or delivered orders.`);
      }
      if (refundable(o) <= 0) return deny(state, `${o.id} is already fully refunded`);
      clearTransient(ui);
      ui.dialog = 'refund';
      ui.order = o.id;
      ui.refund = { reason: 'customer-request' };
      ui.drafts['refund-amount'] = '';
      for (const l of o.lines) ui.drafts[`rq:${l.product}`] = '';
      return state;
    }
    case 'refund_qty': {
      // The − / + steppers next to each quantity box.
      const o = findOrder(data, ui.order);
      if (ui.dialog !== 'refund' || !o || !ui.refund) return state;
      const line = o.lines.find((l) => l.product === action.product);
      if (!line) return state;
      const raw = String(ui.drafts[`rq:${line.product}`] ?? '').trim();
      const cur = /^\d+$/.test(raw) ? Number(raw) : 0;
      const next = cur + (action.delta === -1 ? -1 : 1);
      if (next < 0) return state;
      if (next > line.qty - line.refunded) return (ui.errors = { refund: `Only ${line.qty - line.refunded} of ${findProduct(data, line.product).sku} can be returned` }), state;
      ui.drafts[`rq:${line.product}`] = next ? String(next) : '';
      ui.errors = {};
      return state;
    }
    case 'refund_all_items': {
      const o = findOrder(data, ui.order);
      if (ui.dialog !== 'refund' || !o) return state;
      for (const l of o.lines) ui.drafts[`rq:${l.product}`] = l.qty - l.refunded > 0 ? String(l.qty - l.refunded) : '';
      ui.errors = {};
      return state;
    }
    case 'refund_full_amount': {
      const o = findOrder(data, ui.order);
      if (ui.dialog !== 'refund' || !o) return state;
      ui.drafts['refund-amount'] = (refundable(o) / 100).toFixed(2);
      ui.errors = {};
      return state;
    }
    case 'refund_reason':
      if (ui.dialog !== 'refund' || !ui.refund || !REFUND_REASONS.includes(action.reason)) return state;
      ui.refund.reason = action.reason;
      return state;
    case 'confirm_refund': {
      const o = findOrder(data, ui.order);
      if (ui.dialog !== 'refund' || !o || !ui.refund) return state;
      if (!REFUNDABLE.includes(o.status)) return (ui.dialog = null), deny(state, `${ORDER_LABEL[o.status]} orders can't be refunded`);
      const plan = refundPlan(o, ui.drafts);
      if (plan.error) return (ui.errors = { refund: plan.error }), state;
      const { items } = plan;
      const amount = refundAmount(o, ui.drafts);
      if (amount.error) return (ui.errors = { refund: amount.error }), state;
      if (amount.value <= 0) return (ui.errors = { refund: 'Choose items or enter an amount above $0.00' }), state;
      if (amount.value > refundable(o)) {
        return (ui.errors = { refund: `Refund can't exceed the ${money(refundable(o))} still refundable (paid ${money(o.paid)}, refunded ${money(o.refunded)})` }), state;
      }
      for (const it of items) {
        const line = o.lines.find((l) => l.product === it.product);
        line.refunded += it.qty;
        const p = findProduct(data, it.product);
        if (p) moveStock(data, ctx, p, it.qty, 'refund', o.id);
      }
      o.refunds.push({ id: `R-${data.counters.refund}`, amount: amount.value, items, reason: ui.refund.reason, ts: ctx.now });
      data.counters.refund += 1;
      o.refunded += amount.value;
      if (o.refunded >= o.paid) o.status = 'refunded';
      ui.dialog = null;
      ui.refund = null;
      ui.errors = {};
      ui.drafts['refund-amount'] = '';
      for (const l of o.lines) delete ui.drafts[`rq:${l.product}`];
      ui.notice = `Refunded ${money(amount.value)} on ${o.id}${items.length ? ` and restocked ${items.reduce((s, i) => s + i.qty, 0)} item(s)` : ''}`;
      return state;
    }
    // ---------------------------------------------------------------- vendors
    case 'open_vendor': {
      const v = findVendor(data, action.id);
      if (!v) return state;
      go(ui, { screen: 'vendor', vendor: v.id });
      ui.drafts['v-email'] = v.email;
      ui.drafts['v-lead'] = String(v.lead_days);
      return state;
    }
    case 'save_vendor': {
      const v = findVendor(data, ui.vendor);
      if (!v || ui.screen !== 'vendor') return state;
      const errors = {};
      const email = String(ui.drafts['v-email'] ?? '').trim();
      if (!isEmail(email)) errors.email = 'Enter a valid email address';
      const lead = parseInt10(ui.drafts['v-lead'], { min: 1, max: 90, label: 'Lead time' });
      if (lead.error) errors.lead = lead.error;
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      v.email = email;
      v.lead_days = lead.value;
      ui.errors = {};
      ui.notice = `Saved ${v.name}`;
      return state;
    }
    // ---------------------------------------------------------------- low stock and purchase orders
    case 'low_vendor':
      if (action.vendor !== 'all' && !findVendor(data, action.vendor)) return state;
      ui.lvendor = action.vendor;
      return state;
    case 'lcheck': {
      const p = findProduct(data, action.id);
      if (!p || !isLow(p)) return state;
      ui.lchecked = ui.lchecked.includes(p.id) ? ui.lchecked.filter((k) => k !== p.id) : [...ui.lchecked, p.id];
      return state;
    }
    case 'start_po': {
      // Checked low-stock items (all from one vendor), or every low item of action.vendor.
      let ids = ui.lchecked.filter((id) => findProduct(data, id) && isLow(findProduct(data, id)));
      if (action.vendor) {
        if (!findVendor(data, action.vendor)) return state;
        const mine = ids.filter((id) => findProduct(data, id).vendor === action.vendor);
        ids = mine.length ? mine : lowStock(data).filter((p) => p.vendor === action.vendor).map((p) => p.id);
      }
      if (!ids.length) return deny(state, 'Select low-stock items first');
      const vendors = [...new Set(ids.map((id) => findProduct(data, id).vendor))];
      if (vendors.length > 1) {
        return deny(state, `A purchase order goes to one vendor. The selected items come from ${vendors.map((v) => vendorName(data, v)).join(' and ')}.`);
      }
      clearTransient(ui);
      ui.dialog = 'po';
      ui.poDraft = { vendor: vendors[0], lines: ids };
      for (const id of ids) ui.drafts[`po-qty:${id}`] = String(suggestedQty(findProduct(data, id)));
      return state;
    }
    case 'po_remove_line': {
      if (ui.dialog !== 'po' || !ui.poDraft) return state;
      ui.poDraft.lines = ui.poDraft.lines.filter((id) => id !== action.id);
      if (!ui.poDraft.lines.length) Object.assign(ui, { dialog: null, poDraft: null });
      return state;
    }
    case 'confirm_po': {
      if (ui.dialog !== 'po' || !ui.poDraft) return state;
      const errors = {};
      const lines = [];
      for (const id of ui.poDraft.lines) {
        const p = findProduct(data, id);
        const q = parseInt10(ui.drafts[`po-qty:${id}`], { min: 1, max: 999, label: `Quantity for ${p.sku}` });
        if (q.error) errors[`po-qty:${id}`] = q.error;
        else lines.push({ product: id, qty: q.value, cost: p.cost });
      }
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      const vendor = findVendor(data, ui.poDraft.vendor);
      const id = `PO-${data.counters.po}`;
      data.counters.po += 1;
      data.pos.push({ id, vendor: vendor.id, lines, status: 'sent', created: dateAfter(ctx.now, 0), expected: dateAfter(ctx.now, vendor.lead_days) });
      for (const l of ui.poDraft.lines) delete ui.drafts[`po-qty:${l}`];
      ui.lchecked = ui.lchecked.filter((k) => !ui.poDraft.lines.includes(k));
      Object.assign(ui, { dialog: null, poDraft: null, errors: {} });
      ui.notice = `${id} sent to ${vendor.name}`;
      return state;
    }
    case 'open_po': {
      const po = findPo(data, action.id);
      if (!po) return state;
      go(ui, { screen: 'po', po: po.id });
      return state;
    }
    case 'receive_po': {
      const po = findPo(data, action.id ?? ui.po);
      if (!po) return state;
      if (po.status !== 'sent') return deny(state, `${po.id} is ${po.status}; only sent orders can be received`);
      for (const l of po.lines) {
        const p = findProduct(data, l.product);
        if (p) moveStock(data, ctx, p, l.qty, 'received', po.id);
      }
      po.status = 'received';
      po.received = dateAfter(ctx.now, 0);
      ui.notice = `${po.id} received; stock updated`;
      return state;
    }
    case 'cancel_po': {
      const po = findPo(data, action.id ?? ui.po);
      if (!po) return state;
      if (po.status !== 'sent') return deny(state, `${po.id} is ${po.status}; only sent orders can be cancelled`);
      po.status = 'cancelled';
      ui.notice = `${po.id} cancelled`;
      return state;
    }
    case 'adj_filter':
      if (action.reason !== 'all' && !REASON_LABEL[action.reason]) return state;
      ui.areason = action.reason;
      return state;
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
