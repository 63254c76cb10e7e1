// Products: the product form checks and the reducer cases of the products table, the product page and the new-product dialog.

import { STATUSES, ADJ_REASONS, SORT_COLUMNS, FILTER_FIELDS, PRICE_MAX, NOTE_MAX } from './constants.js';
import { money, parseMoney, parsePercent, parseInt10 } from './format.js';
import { findProduct, planBulk } from './select.js';
import { deny, clearTransient, go, moveStock, loadProductDrafts, nextNumber, onPage, shownProducts } from './helpers.js';

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
  else if (price.value > PRICE_MAX) errors.price = `Price can be at most ${money(PRICE_MAX)}`;
  else values.price = price.value;
  const cost = parseMoney(d['p-cost']);
  if (cost.error) errors.cost = cost.error;
  else if (cost.value > PRICE_MAX) errors.cost = `Cost can be at most ${money(PRICE_MAX)}`;
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

/** Actions of the products table, the product page and the new-product dialog; undefined for any other action. */
export function productActions(state, action, ctx, world) {
  const { data, ui } = state;
  switch (action.type) {
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
      const p = shownProducts(state).find((x) => x === findProduct(data, action.id));
      if (!p) return state;
      ui.checked = ui.checked.includes(p.id) ? ui.checked.filter((k) => k !== p.id) : [...ui.checked, p.id];
      return state;
    }
    case 'check_all': {
      if (ui.screen !== 'products') return state;
      const rows = shownProducts(state).map((p) => p.id);
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
      // The selection the bulk bar counts ("N selected"), kept across searches; the bar is on the products table only.
      if (ui.screen !== 'products' || ui.dialog) return state;
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
      const p = onPage(state, 'product', undefined, findProduct);
      if (!p || !ui.form) return state;
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
      const p = onPage(state, 'product', action.id, findProduct);
      if (!p) return state;
      const parsed = parseInt10(action.delta ?? ui.drafts['adj-qty'], { min: -9999, max: 9999, label: 'Quantity change' });
      if (parsed.error) return (ui.errors = { adj: parsed.error }), state;
      if (parsed.value === 0) return (ui.errors = { adj: 'Enter a non-zero change, e.g. 5 or -2' }), state;
      const reason = action.reason ?? ui.adjReason;
      if (!ADJ_REASONS.includes(reason)) return (ui.errors = { adj: 'Pick a reason' }), state;
      if (p.stock + parsed.value < 0) return (ui.errors = { adj: `Stock can't go below 0 (${p.sku} has ${p.stock})` }), state;
      const note = String(action.note ?? ui.drafts['adj-note'] ?? '').trim();
      if (note.length > NOTE_MAX) return (ui.errors = { note: `Notes can have at most ${NOTE_MAX} characters` }), state;
      moveStock(data, ctx, p, parsed.value, reason, note);
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
      const id = `P-${nextNumber(data, 'product', 'P-')}`;
      const p = { id, sku: values.sku, title: values.title, category: values.category, price: values.price, cost: values.cost,
        stock: 0, reorder: values.reorder, status: values.status, vendor: values.vendor };
      data.products.push(p);
      if (values.stock > 0) moveStock(data, ctx, p, values.stock, 'initial', '');
      for (const k of ['n-sku', 'n-title', 'n-price', 'n-cost', 'n-stock', 'n-reorder']) delete ui.drafts[k];
      Object.assign(ui, { dialog: null, errors: {}, form: null });
      ui.notice = `Created ${p.sku}`;
      return state;
    }
    default:
      return undefined;
  }
}
