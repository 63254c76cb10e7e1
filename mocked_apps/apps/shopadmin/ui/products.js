// Product screens: the products table with filters and the bulk bar, the bulk dialog, the product page, the new-product dialog.

import { h } from '../../../runtime/ui/h.js';
import { svg, only, formatStamp } from '../../../runtime/ui/kit.js';
import { STATUSES, STATUS_LABEL, ADJ_REASONS, REASON_LABEL, FILTER_FIELDS } from '../lib/constants.js';
import { money } from '../lib/format.js';
import { findProduct, vendorName, onOrder, isLow, productRows, planBulk } from '../lib/select.js';
import { ICONS, input, labelled, statusChip, dropdown, seg, vendorPicker } from './widgets.js';
import { topBar, noticeBar, backLink } from './chrome.js';

function filterLabel(api, f, value) {
  if (!value) return 'Any';
  if (f === 'status') return STATUS_LABEL[value];
  if (f === 'vendor') return vendorName(api.state.data, value);
  return value;
}

function filterOptions(api, f) {
  if (f === 'category') return api.world.categories || [];
  if (f === 'status') return STATUSES;
  return api.state.data.vendors.map((v) => v.id);
}

export function products(api) {
  const { data, ui } = api.state;
  const rows = productRows(data, ui);
  const checked = new Set(ui.checked);
  const allChecked = rows.length > 0 && rows.every((r) => checked.has(r.id));
  const head = (col, label, cls) => h(`div.sa-th${cls}`, { 'data-gym': `sort:${col}`, role: 'button', onclick: () => api.dispatch({ type: 'sort', col }) },
    label, ui.sort.col === col ? svg(ui.sort.dir === 'asc' ? ICONS.up : ICONS.down, { size: 13 }) : null);
  const filters = FILTER_FIELDS.map((f) => h('div.sa-menu-wrap', null,
    h('button.sa-filter' + (ui.filters[f] ? '.on' : ''), { 'data-gym': `filter:${f}`, onclick: () => api.dispatch({ type: 'menu', id: `filter:${f}` }) },
      `${f[0].toUpperCase()}${f.slice(1)}: `, h('b', null, filterLabel(api, f, ui.filters[f])), svg(ICONS.chevron, { size: 13 })),
    ui.menu === `filter:${f}` ? dropdown(['any', ...filterOptions(api, f)], (v) => (v === 'any' ? 'Any' : filterLabel(api, f, v)),
      (v) => api.dispatch({ type: 'set_filter', field: f, value: v }), (v) => `filter-opt:${f}:${v}`) : null));
  const bulkMenu = (kind, options, label, text) => h('div.sa-menu-wrap', null,
    h('button.sa-filter', { 'data-gym': `bulk:${kind}`, onclick: () => api.dispatch({ type: 'menu', id: `bulk:${kind}` }) }, label, svg(ICONS.chevron, { size: 13 })),
    ui.menu === `bulk:${kind}` ? dropdown(options, text, (v) => api.dispatch({ type: 'bulk', kind, value: v }), (v) => `bulk-opt:${kind}:${v}`) : null);
  const totalStock = rows.reduce((s, p) => s + p.stock, 0);
  return h('div.sa-pane', null,
    topBar('Products', `${data.products.length} products in the catalogue`,
      h('button.sa-btn', { 'data-gym': 'btn:new-product', onclick: () => api.dispatch({ type: 'new_product' }) }, svg(ICONS.plus, { size: 15, color: '#fff' }), 'New product')),
    noticeBar(api),
    h('div.sa-toolbar', null,
      h('div.sa-search', null, svg(ICONS.search, { size: 15, color: '#8a90a3' }), input(api, 'search', { placeholder: 'Search title or SKU', cls: '.bare' })),
      filters,
      h('button.sa-link', { 'data-gym': 'btn:clear-filters', onclick: () => api.dispatch({ type: 'clear_filters' }) }, 'Clear')),
    ui.checked.length ? h('div.sa-bulkbar', null,
      h('b', { 'data-gym': 'checked-count' }, `${ui.checked.length} selected`),
      h('span.sa-bulk-sep'),
      h('span', null, 'Price'), input(api, 'bulk-pct', { placeholder: '% e.g. -10', cls: '.tiny', onenter: () => api.dispatch({ type: 'bulk', kind: 'price' }) }),
      h('button.sa-btn.small', { 'data-gym': 'btn:bulk-price', onclick: () => api.dispatch({ type: 'bulk', kind: 'price' }) }, 'Change price by %'),
      h('span.sa-bulk-sep'),
      bulkMenu('category', api.world.categories || [], 'Set category', (v) => v),
      bulkMenu('status', STATUSES, 'Set status', (v) => STATUS_LABEL[v]),
      ui.errors.bulk ? h('span.sa-error', { 'data-gym': 'error:bulk' }, ui.errors.bulk) : null,
      h('span.sa-spacer'),
      h('button.sa-link', { 'data-gym': 'btn:clear-checks', onclick: () => api.dispatch({ type: 'clear_checks' }) }, 'Clear selection')) : null,
    h('div.sa-table', null,
      h('div.sa-tr.sa-thead', null,
        h('div.sa-td.sa-c-check', null, h('button.sa-box' + (allChecked ? '.on' : ''), { 'data-gym': 'check:all', 'aria-label': 'Select all shown',
          onclick: () => api.dispatch({ type: 'check_all' }) }, allChecked ? '✓' : '')),
        head('sku', 'SKU', '.sa-c-sku'), head('title', 'Title', '.sa-c-title'), head('category', 'Category', '.sa-c-cat'),
        head('price', 'Price', '.sa-c-num'), head('cost', 'Cost', '.sa-c-num'), head('stock', 'Stock', '.sa-c-stock'),
        head('status', 'Status', '.sa-c-status'), head('vendor', 'Vendor', '.sa-c-vendor')),
      h('div.sa-tbody', { 'data-gym': 'scroll:products', 'data-scroll-key': 'shopadmin:products' },
        rows.length ? rows.map((p) => h('div.sa-tr' + (checked.has(p.id) ? '.checked' : ''), { 'data-gym': `row:${p.id}`, role: 'button',
          onclick: () => api.dispatch({ type: 'open_product', id: p.id }) },
        h('div.sa-td.sa-c-check', null, h('button.sa-box' + (checked.has(p.id) ? '.on' : ''), { 'data-gym': `check:${p.id}`, 'aria-label': `Select ${p.sku}`,
          onclick: only(() => api.dispatch({ type: 'check', id: p.id })) }, checked.has(p.id) ? '✓' : '')),
        h('div.sa-td.sa-c-sku', null, p.sku),
        h('div.sa-td.sa-c-title', null, p.title),
        h('div.sa-td.sa-c-cat', null, p.category),
        h('div.sa-td.sa-c-num', null, money(p.price)),
        h('div.sa-td.sa-c-num.muted', null, money(p.cost)),
        h('div.sa-td.sa-c-stock' + (isLow(p) ? '.low' : ''), null, String(p.stock), isLow(p) ? h('span.sa-lowtag', null, 'low') : null),
        h('div.sa-td.sa-c-status', null, statusChip(p.status)),
        h('div.sa-td.sa-c-vendor', null, vendorName(data, p.vendor))))
          : h('div.sa-empty', null, 'No products match these filters.')),
      h('div.sa-tfoot', { 'data-gym': 'products-count' }, `${rows.length} ${rows.length === 1 ? 'product' : 'products'} shown · ${totalStock} units in stock`)));
}

export function bulkDialog(api) {
  const { data, ui } = api.state;
  const b = ui.bulk;
  if (!b) return null;
  const plan = planBulk(data, b.ids, b.kind, b.value);
  const what = b.kind === 'price' ? `change the price by ${b.value > 0 ? '+' : ''}${b.value}%` : b.kind === 'category' ? `set the category to ${b.value}` : `set the status to ${STATUS_LABEL[b.value]}`;
  return h('div.sa-scrim', null, h('div.sa-dialog', { role: 'dialog' },
    h('div.sa-dialog-title', null, 'Confirm bulk edit'),
    h('div.sa-dialog-msg', { 'data-gym': 'dialog-count' }, `${b.ids.length} selected — ${what}. `, h('b', null, `${plan.changes.length} ${plan.changes.length === 1 ? 'row' : 'rows'} will change.`)),
    plan.changes.length ? h('div.sa-mini-list', null, plan.changes.map((c) => {
      const p = findProduct(data, c.id);
      const fmt = (v) => (b.kind === 'price' ? money(v) : b.kind === 'status' ? STATUS_LABEL[v] : v);
      return h('div.sa-mini-row', null, h('span.sa-mono', null, p.sku), h('span.sa-grow', null, p.title), h('span', null, `${fmt(c.from)} → ${fmt(c.to)}`));
    })) : null,
    plan.skipped.length ? h('div.sa-warn', null, 'Skipped: ', plan.skipped.map((s) => `${findProduct(data, s.id).sku} (${s.reason})`).join('; ')) : null,
    h('div.sa-dialog-actions', null,
      h('button.sa-btn.secondary', { 'data-gym': 'btn:cancel-dialog', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Cancel'),
      h('button.sa-btn', { 'data-gym': 'btn:confirm-bulk', onclick: () => api.dispatch({ type: 'confirm_bulk' }) }, `Apply to ${plan.changes.length}`))));
}

export function productPage(api) {
  const { data, ui } = api.state;
  const p = findProduct(data, ui.product);
  if (!p) return h('div.sa-pane', null, h('div.sa-empty', null, 'This product no longer exists.'));
  const form = ui.form || {};
  const err = ui.errors;
  const set = (field) => (value) => api.dispatch({ type: 'form_set', field, value });
  const adjustments = data.adjustments.filter((a) => a.product === p.id).slice().reverse();
  const orders = data.orders.filter((o) => o.lines.some((l) => l.product === p.id)).sort((a, b) => b.placed - a.placed);
  const margin = p.price ? Math.round(((p.price - p.cost) / p.price) * 100) : 0;
  return h('div.sa-pane', null,
    topBar(p.title, `${p.sku} · ${p.category} · ${vendorName(data, p.vendor)}`, statusChip(p.status)),
    noticeBar(api),
    h('div.sa-detail', { 'data-gym': 'scroll:product', 'data-scroll-key': `shopadmin:product:${p.id}` },
      h('div.sa-col', null,
        backLink(api, 'Back'),
        h('div.sa-card', null,
          h('div.sa-card-title', null, 'Details'),
          labelled('Title', input(api, 'p-title'), err.title),
          h('div.sa-row2', null,
            labelled('Price ($)', input(api, 'p-price'), err.price),
            labelled('Cost ($)', input(api, 'p-cost'), err.cost),
            labelled('Reorder point', input(api, 'p-reorder'), err.reorder)),
          h('div.sa-field', null, h('span.sa-field-label', null, 'Category'), seg('form-category', api.world.categories || [], form.category, set('category'))),
          h('div.sa-field', null, h('span.sa-field-label', null, 'Status'), seg('form-status', STATUSES, form.status, set('status'), (v) => STATUS_LABEL[v])),
          h('div.sa-field', null, h('span.sa-field-label', null, 'Vendor'), vendorPicker(api, 'form-vendor', form.vendor, set('vendor'))),
          h('div.sa-actions', null, h('span.sa-muted', null, `Margin ${margin}% at the saved price`), h('span.sa-spacer'),
            h('button.sa-btn', { 'data-gym': 'btn:save-product', onclick: () => api.dispatch({ type: 'save_product' }) }, 'Save changes'))),
        h('div.sa-card', null,
          h('div.sa-card-title', null, `Orders with this product (${orders.length})`),
          orders.length ? orders.map((o) => {
            const line = o.lines.find((l) => l.product === p.id);
            return h('div.sa-list-row', { 'data-gym': `order:${o.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_order', id: o.id }) },
              h('span.sa-mono', null, o.id), h('span.sa-grow', null, o.customer), h('span', null, `× ${line.qty}`), statusChip(o.status));
          }) : h('div.sa-muted', null, 'No orders yet.'))),
      h('div.sa-col.narrow', null,
        h('div.sa-card', null,
          h('div.sa-card-title', null, 'Stock'),
          h('div.sa-stock-big' + (isLow(p) ? '.low' : ''), { 'data-gym': 'stock' }, String(p.stock), h('span', null, ' in stock')),
          h('div.sa-kv', null, h('span', null, 'Reorder point'), h('b', null, String(p.reorder))),
          h('div.sa-kv', null, h('span', null, 'On order'), h('b', null, String(onOrder(data, p.id)))),
          isLow(p) ? h('div.sa-warn', null, 'Below the reorder point') : null,
          h('div.sa-card-sub', null, 'Adjust stock'),
          labelled('Change (+ adds, − removes)', input(api, 'adj-qty', { placeholder: 'e.g. 5 or -2' }), err.adj),
          h('div.sa-field', null, h('span.sa-field-label', null, 'Reason'), seg('adj-reason', ADJ_REASONS, ui.adjReason, (r) => api.dispatch({ type: 'adj_reason', reason: r }), (r) => REASON_LABEL[r])),
          labelled('Note', input(api, 'adj-note', { placeholder: 'optional' }), err.note),
          h('button.sa-btn.full', { 'data-gym': 'btn:adjust', onclick: () => api.dispatch({ type: 'adjust_stock' }) }, 'Apply adjustment')),
        h('div.sa-card', null,
          h('div.sa-card-title', null, 'Stock history'),
          adjustments.length ? adjustments.map((a) => h('div.sa-hist', null,
            h('span.sa-delta' + (a.delta < 0 ? '.neg' : ''), null, a.delta > 0 ? `+${a.delta}` : String(a.delta)),
            h('span.sa-grow', null, REASON_LABEL[a.reason] || a.reason, a.note ? h('span.sa-muted', null, ` · ${a.note}`) : null),
            h('span.sa-muted', null, formatStamp(a.ts)))) : h('div.sa-muted', null, 'No adjustments yet.')))));
}

export function newProductDialog(api) {
  const { ui } = api.state;
  const form = ui.form || {};
  const err = ui.errors;
  const set = (field) => (value) => api.dispatch({ type: 'form_set', field, value });
  return h('div.sa-scrim', null, h('div.sa-dialog.wide', { role: 'dialog' },
    h('div.sa-dialog-title', null, 'New product'),
    h('div.sa-row2', null, labelled('SKU', input(api, 'n-sku', { placeholder: 'ABC-123' }), err.sku), labelled('Title', input(api, 'n-title'), err.title)),
    h('div.sa-row2', null,
      labelled('Price ($)', input(api, 'n-price'), err.price), labelled('Cost ($)', input(api, 'n-cost'), err.cost),
      labelled('Opening stock', input(api, 'n-stock'), err.stock), labelled('Reorder point', input(api, 'n-reorder'), err.reorder)),
    h('div.sa-field', null, h('span.sa-field-label', null, 'Category'), seg('new-category', api.world.categories || [], form.category, set('category'))),
    h('div.sa-field', null, h('span.sa-field-label', null, 'Status'), seg('new-status', STATUSES, form.status, set('status'), (v) => STATUS_LABEL[v])),
    h('div.sa-field', null, h('span.sa-field-label', null, 'Vendor'), vendorPicker(api, 'new-vendor', form.vendor, set('vendor'))),
    h('div.sa-dialog-actions', null,
      h('button.sa-btn.secondary', { 'data-gym': 'btn:cancel-dialog', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Cancel'),
      h('button.sa-btn', { 'data-gym': 'btn:create-product', onclick: () => api.dispatch({ type: 'create_product' }) }, 'Create product'))));
}
