// Fernhill Goods back office: a left sidebar (sections), a top bar, and the products table (filters,
// search, sortable columns, check boxes with a bulk bar), product pages (edit + stock adjustments),
// orders (list and detail with pay/ship/deliver, cancel, refund), low stock with purchase orders,
// vendors and the inventory log. Every actionable element has a data-gym id.

import { h, icon } from '../../runtime/ui/h.js';
import {
  STATUSES, STATUS_LABEL, ORDER_STATUSES, ORDER_LABEL, NEXT_STATUS, CANCELLABLE, REFUNDABLE, ADJ_REASONS, REASON_LABEL,
  REFUND_REASONS, REFUND_REASON_LABEL, FILTER_FIELDS, money, findProduct, findVendor, findOrder, findPo, vendorName,
  subtotal, refundable, onOrder, isLow, lowStock, suggestedQty, productRows, orderRows, planBulk, refundAmount,
} from './logic.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Icons drawn for the back office on a 24×24 grid. */
const ICONS = {
  logo: 'M12 2l8 5v10l-8 5-8-5V7zm0 3L7 8v8l5 3 5-3V8z',
  products: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  low: 'M12 3l10 18H2zm-1 6v6h2V9zm0 8v2h2v-2z',
  orders: 'M6 2h12l2 4v16H4V6zm0 6v12h12V8zm3 2h6v2H9z',
  vendors: 'M3 10l9-6 9 6v2H3zm2 3h2v6H5zm4 0h2v6H9zm4 0h2v6h-2zm4 0h2v6h-2zM3 20h18v2H3z',
  pos: 'M3 6h13v10H3zm13 3h3l2 3v4h-5zM6 17a2 2 0 110 4 2 2 0 010-4zm11 0a2 2 0 110 4 2 2 0 010-4z',
  log: 'M5 3h14v18H5zm3 4v2h8V7zm0 4v2h8v-2zm0 4v2h5v-2z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  close: 'M6 5l6 6 6-6 1 1-6 6 6 6-1 1-6-6-6 6-1-1 6-6-6-6z',
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  chevron: 'M7 9l5 5 5-5 1.4 1.4L12 16.8 5.6 10.4z',
  up: 'M12 6l6 6-1.4 1.4L12 8.8l-4.6 4.6L6 12z',
  down: 'M12 18l-6-6 1.4-1.4 4.6 4.6 4.6-4.6L18 12z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
};

function svg(path, { size = 16, color } = {}) { return icon(path, { size, color, evenodd: true }); }

function only(fn) {
  return (e) => {
    e.stopPropagation();
    fn(e);
  };
}

function stamp(ms) {
  const d = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function day(iso) {
  const [y, m, d] = String(iso || '').split('-').map(Number);
  return m ? `${MONTHS[m - 1]} ${d}, ${y}` : '—';
}

function input(api, key, { placeholder = '', cls = '', type = 'text', onenter } = {}) {
  return h(`input.sa-input${cls}`, {
    'data-gym': `field:${key}`, type, placeholder, value: api.draft(key),
    oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }),
    onkeydown: onenter ? (e) => { if (e.key === 'Enter') { e.preventDefault(); onenter(); } } : null,
  });
}

function labelled(label, node, err) {
  return h('label.sa-field', null, h('span.sa-field-label', null, label), node, err ? h('span.sa-error', null, err) : null);
}

function statusChip(status) {
  return h(`span.sa-chip.sa-st-${status}`, null, STATUS_LABEL[status] || ORDER_LABEL[status] || status);
}

function dropdown(options, label, onpick, optId) {
  return h('div.sa-menu', { role: 'menu' }, options.map((v) => h('button.sa-menu-item', {
    'data-gym': optId(v), onclick: only(() => onpick(v)) }, label(v))));
}

// ------------------------------------------------------------------ chrome

function sidebar(api) {
  const { data, ui } = api.state;
  const low = lowStock(data).length;
  const pending = data.orders.filter((o) => o.status === 'pending').length;
  const items = [
    ['products', 'Products', ICONS.products, data.products.length],
    ['lowstock', 'Low stock', ICONS.low, low],
    ['orders', 'Orders', ICONS.orders, pending ? `${pending} pending` : null],
    ['pos', 'Purchase orders', ICONS.pos, null],
    ['vendors', 'Vendors', ICONS.vendors, null],
    ['adjustments', 'Inventory log', ICONS.log, null],
  ];
  const section = { product: 'products', order: 'orders', vendor: 'vendors', po: 'pos' }[ui.screen] || ui.screen;
  return h('aside.sa-side', null,
    h('div.sa-brand', null, svg(ICONS.logo, { size: 24, color: '#f3c77a' }), h('div', null, h('div.sa-brand-name', null, 'Fernhill Goods'), h('div.sa-brand-sub', null, 'Back office'))),
    items.map(([id, label, glyph, badge]) => h('div.sa-nav' + (section === id ? '.active' : ''), {
      'data-gym': `nav:${id}`, role: 'button', onclick: () => api.dispatch({ type: 'nav', screen: id }) },
    svg(glyph, { size: 17 }), h('span.sa-nav-label', null, label),
    badge !== null && badge !== undefined ? h('span.sa-badge' + (id === 'lowstock' && low ? '.warn' : ''), null, String(badge)) : null)),
    h('div.sa-side-foot', null, h('span.sa-avatar', null, 'RA'), h('span', null, 'Robin Ashdown')));
}

function topBar(title, sub, actions) {
  return h('div.sa-top', null,
    h('div', null, h('div.sa-title', null, title), sub ? h('div.sa-sub', null, sub) : null),
    h('div.sa-spacer'), actions || null);
}

function noticeBar(api) {
  const text = api.state.ui.notice;
  if (!text) return null;
  return h('div.sa-notice', { 'data-gym': 'notice', role: 'status' }, h('span', null, text),
    h('button.sa-x', { 'data-gym': 'btn:dismiss', 'aria-label': 'Dismiss', onclick: () => api.dispatch({ type: 'dismiss' }) }, svg(ICONS.close, { size: 14 })));
}

function backLink(api, label) {
  return h('button.sa-link', { 'data-gym': 'btn:back', onclick: () => api.back() }, svg(ICONS.back, { size: 14 }), label);
}

// ------------------------------------------------------------------ products

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

function products(api) {
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

function bulkDialog(api) {
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

function seg(idPrefix, options, current, onpick, label = (v) => v) {
  return h('div.sa-seg', null, options.map((v) => h('button.sa-seg-btn' + (current === v ? '.on' : ''), {
    'data-gym': `${idPrefix}:${v}`, onclick: () => onpick(v) }, label(v))));
}

function vendorPicker(api, id, current, onpick) {
  const { data, ui } = api.state;
  return h('div.sa-menu-wrap', null,
    h('button.sa-filter.wide', { 'data-gym': id, onclick: () => api.dispatch({ type: 'menu', id }) }, h('span.sa-grow', null, vendorName(data, current)), svg(ICONS.chevron, { size: 13 })),
    ui.menu === id ? dropdown(data.vendors.map((v) => v.id), (v) => vendorName(data, v), onpick, (v) => `${id}-opt:${v}`) : null);
}

function productPage(api) {
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
          labelled('Note', input(api, 'adj-note', { placeholder: 'optional' })),
          h('button.sa-btn.full', { 'data-gym': 'btn:adjust', onclick: () => api.dispatch({ type: 'adjust_stock' }) }, 'Apply adjustment')),
        h('div.sa-card', null,
          h('div.sa-card-title', null, 'Stock history'),
          adjustments.length ? adjustments.map((a) => h('div.sa-hist', null,
            h('span.sa-delta' + (a.delta < 0 ? '.neg' : ''), null, a.delta > 0 ? `+${a.delta}` : String(a.delta)),
            h('span.sa-grow', null, REASON_LABEL[a.reason] || a.reason, a.note ? h('span.sa-muted', null, ` · ${a.note}`) : null),
            h('span.sa-muted', null, stamp(a.ts)))) : h('div.sa-muted', null, 'No adjustments yet.')))));
}

function newProductDialog(api) {
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

// ------------------------------------------------------------------ orders

function orders(api) {
  const { data, ui } = api.state;
  const rows = orderRows(data, ui);
  const tabs = ['all', ...ORDER_STATUSES];
  return h('div.sa-pane', null,
    topBar('Orders', `${data.orders.length} orders`, null),
    noticeBar(api),
    h('div.sa-toolbar', null,
      h('div.sa-tabs', null, tabs.map((t) => {
        const n = t === 'all' ? data.orders.length : data.orders.filter((o) => o.status === t).length;
        return h('button.sa-tab' + (ui.ostatus === t ? '.on' : ''), { 'data-gym': `ostatus:${t}`, onclick: () => api.dispatch({ type: 'order_status', status: t }) },
          t === 'all' ? 'All' : ORDER_LABEL[t], h('span.sa-tab-n', null, String(n)));
      })),
      h('span.sa-spacer'),
      h('div.sa-search', null, svg(ICONS.search, { size: 15, color: '#8a90a3' }), input(api, 'order-search', { placeholder: 'Order number or customer', cls: '.bare' }))),
    h('div.sa-table', null,
      h('div.sa-tr.sa-thead', null,
        h('div.sa-th.sa-c-oid', null, 'Order'), h('div.sa-th.sa-c-date', null, 'Placed'), h('div.sa-th.sa-c-cust', null, 'Customer'),
        h('div.sa-th.sa-c-items', null, 'Items'), h('div.sa-th.sa-c-num', null, 'Total'), h('div.sa-th.sa-c-num', null, 'Refunded'), h('div.sa-th.sa-c-status', null, 'Status')),
      h('div.sa-tbody', { 'data-gym': 'scroll:orders', 'data-scroll-key': 'shopadmin:orders' },
        rows.length ? rows.map((o) => h('div.sa-tr', { 'data-gym': `order:${o.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_order', id: o.id }) },
          h('div.sa-td.sa-c-oid.sa-mono', null, o.id),
          h('div.sa-td.sa-c-date', null, stamp(o.placed)),
          h('div.sa-td.sa-c-cust', null, o.customer),
          h('div.sa-td.sa-c-items', null, ((n) => `${n} ${n === 1 ? 'item' : 'items'}`)(o.lines.reduce((s, l) => s + l.qty, 0))),
          h('div.sa-td.sa-c-num', null, money(o.total)),
          h('div.sa-td.sa-c-num.muted', null, o.refunded ? money(o.refunded) : '—'),
          h('div.sa-td.sa-c-status', null, statusChip(o.status))))
          : h('div.sa-empty', null, 'No orders here.')),
      h('div.sa-tfoot', null, `${rows.length} ${rows.length === 1 ? 'order' : 'orders'} · ${money(rows.reduce((s, o) => s + o.total, 0))}`)));
}

function orderPage(api) {
  const { data, ui } = api.state;
  const o = findOrder(data, ui.order);
  if (!o) return h('div.sa-pane', null, h('div.sa-empty', null, 'This order does not exist.'));
  const next = NEXT_STATUS[o.status];
  const editable = o.status === 'pending';
  const kv = (label, value, id, cls = '') => h(`div.sa-kv${cls}`, id ? { 'data-gym': id } : null, h('span', null, label), h('b', null, value));
  return h('div.sa-pane', null,
    topBar(`Order ${o.id}`, `Placed ${stamp(o.placed)} · ${o.customer} · ${o.email}`, statusChip(o.status)),
    noticeBar(api),
    h('div.sa-detail', { 'data-gym': 'scroll:order', 'data-scroll-key': `shopadmin:order:${o.id}` },
      h('div.sa-col', null,
        backLink(api, 'Back'),
        h('div.sa-order-actions', null,
          next ? h('button.sa-btn', { 'data-gym': 'btn:advance', onclick: () => api.dispatch({ type: 'advance', id: o.id }) }, `Mark as ${ORDER_LABEL[next].toLowerCase()}`) : null,
          h('button.sa-btn.secondary', { 'data-gym': 'btn:refund', onclick: () => api.dispatch({ type: 'start_refund', id: o.id }) }, 'Refund…'),
          h('button.sa-btn.danger', { 'data-gym': 'btn:cancel-order', onclick: () => api.dispatch({ type: 'cancel_order', id: o.id }) }, 'Cancel order'),
          h('span.sa-muted', null, CANCELLABLE.includes(o.status) ? 'Can be cancelled' : REFUNDABLE.includes(o.status) ? 'Refunds only (not cancellable)' : '')),
        h('div.sa-card', null,
          h('div.sa-card-title', null, 'Items', editable ? h('span.sa-muted', null, ' · pending orders can be edited') : null),
          h('div.sa-lines', null,
            h('div.sa-line.head', null, h('span.sa-grow', null, 'Product'), h('span.sa-c-num', null, 'Price'), h('span.sa-c-qty', null, 'Qty'),
              h('span.sa-c-num', null, 'Refunded'), h('span.sa-c-num', null, 'Line total')),
            o.lines.map((l) => {
              const p = findProduct(data, l.product) || { title: l.product, sku: '' };
              return h('div.sa-line', { 'data-gym': `line:${l.product}` },
                h('span.sa-grow', null, h('button.sa-link', { 'data-gym': `line-product:${l.product}`, onclick: () => api.dispatch({ type: 'open_product', id: l.product }) }, p.title),
                  h('span.sa-muted.sa-mono', null, ` ${p.sku}`)),
                h('span.sa-c-num', null, money(l.price)),
                h('span.sa-c-qty', null,
                  editable ? h('button.sa-step', { 'data-gym': `line-minus:${l.product}`, 'aria-label': 'Decrease', onclick: () => api.dispatch({ type: 'line_qty', product: l.product, delta: -1 }) }, '−') : null,
                  h('b', null, String(l.qty)),
                  editable ? h('button.sa-step', { 'data-gym': `line-plus:${l.product}`, 'aria-label': 'Increase', onclick: () => api.dispatch({ type: 'line_qty', product: l.product, delta: 1 }) }, '+') : null,
                  editable ? h('button.sa-x', { 'data-gym': `line-remove:${l.product}`, 'aria-label': 'Remove line', onclick: () => api.dispatch({ type: 'remove_line', product: l.product }) }, svg(ICONS.close, { size: 12 })) : null),
                h('span.sa-c-num', null, l.refunded ? String(l.refunded) : '—'),
                h('span.sa-c-num', null, money(l.qty * l.price)));
            }))),
        h('div.sa-card', null,
          h('div.sa-card-title', null, `Refunds (${o.refunds.length})`),
          o.refunds.length ? o.refunds.map((r) => h('div.sa-hist', { 'data-gym': `refund:${r.id}` },
            h('b', null, money(r.amount)),
            h('span.sa-grow', null, ` ${REFUND_REASON_LABEL[r.reason] || r.reason}`,
              r.items.length ? h('span.sa-muted', null, ` · restocked ${r.items.map((i) => `${i.qty} × ${(findProduct(data, i.product) || {}).sku || i.product}`).join(', ')}`) : null),
            h('span.sa-muted', null, stamp(r.ts)))) : h('div.sa-muted', null, 'No refunds.'))),
      h('div.sa-col.narrow', null,
        h('div.sa-card', null,
          h('div.sa-card-title', null, 'Summary'),
          kv('Subtotal', money(subtotal(o)), 'order-subtotal'),
          kv('Discount', o.discount ? `−${money(o.discount)}` : money(0), 'order-discount'),
          kv('Shipping', money(o.shipping), 'order-shipping'),
          kv('Total', money(o.total), 'order-total', '.total'),
          kv('Paid', money(o.paid), 'order-paid'),
          kv('Refunded', money(o.refunded), 'order-refunded'),
          kv('Still refundable', money(refundable(o)), 'order-refundable')),
        h('div.sa-card', null,
          h('div.sa-card-title', null, 'Customer'),
          h('div', null, o.customer), h('div.sa-muted', null, o.email)))));
}

function refundDialog(api) {
  const { data, ui } = api.state;
  const o = findOrder(data, ui.order);
  if (!o || !ui.refund) return null;
  const amount = refundAmount(o, ui.drafts);
  return h('div.sa-scrim', null, h('div.sa-dialog.wide', { role: 'dialog' },
    h('div.sa-dialog-title', null, `Refund order ${o.id}`),
    h('div.sa-dialog-msg', null, `Paid ${money(o.paid)} · already refunded ${money(o.refunded)} · refundable `, h('b', null, money(refundable(o)))),
    h('div.sa-card-sub.sa-flexrow', null, h('span', null, 'Items to return (they go back to stock)'), h('span.sa-spacer'),
      h('button.sa-link', { 'data-gym': 'btn:refund-all-items', onclick: () => api.dispatch({ type: 'refund_all_items' }) }, 'Return all items')),
    o.lines.map((l) => {
      const p = findProduct(data, l.product) || { title: l.product, sku: '' };
      return h('div.sa-line', null,
        h('span.sa-grow', null, p.title, h('span.sa-muted', null, ` · ${money(l.price)} · ${l.qty - l.refunded} of ${l.qty} returnable`)),
        h('button.sa-step', { 'data-gym': `rq-minus:${l.product}`, 'aria-label': 'Fewer', onclick: () => api.dispatch({ type: 'refund_qty', product: l.product, delta: -1 }) }, '−'),
        input(api, `rq:${l.product}`, { cls: '.qty', placeholder: '0' }),
        h('button.sa-step', { 'data-gym': `rq-plus:${l.product}`, 'aria-label': 'More', onclick: () => api.dispatch({ type: 'refund_qty', product: l.product, delta: 1 }) }, '+'));
    }),
    h('div.sa-field', null, h('span.sa-field-label', null, 'Reason'), seg('refund-reason', REFUND_REASONS, ui.refund.reason, (r) => api.dispatch({ type: 'refund_reason', reason: r }), (r) => REFUND_REASON_LABEL[r])),
    h('div.sa-field', null, h('span.sa-field-label.sa-flexrow', null, h('span', null, 'Amount ($) — leave empty to refund the returned items\' value'), h('span.sa-spacer'),
      h('button.sa-link', { 'data-gym': 'btn:refund-full-amount', onclick: () => api.dispatch({ type: 'refund_full_amount' }) }, `Full refundable amount (${money(refundable(o))})`)),
    input(api, 'refund-amount', { placeholder: 'e.g. 12.50' })),
    h('div.sa-refund-total', { 'data-gym': 'refund-total' }, 'Refund amount: ', h('b', null, amount.error ? '—' : money(amount.value))),
    ui.errors.refund ? h('div.sa-error', { 'data-gym': 'error:refund' }, ui.errors.refund) : null,
    h('div.sa-dialog-actions', null,
      h('button.sa-btn.secondary', { 'data-gym': 'btn:cancel-dialog', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Cancel'),
      h('button.sa-btn.danger', { 'data-gym': 'btn:confirm-refund', onclick: () => api.dispatch({ type: 'confirm_refund' }) }, 'Refund'))));
}

function cancelDialog(api) {
  const o = findOrder(api.state.data, api.state.ui.order);
  if (!o) return null;
  const items = o.lines.reduce((s, l) => s + l.qty - l.refunded, 0);
  return h('div.sa-scrim', null, h('div.sa-dialog', { role: 'dialog' },
    h('div.sa-dialog-title', null, `Cancel order ${o.id}?`),
    h('div.sa-dialog-msg', null, `${items} item(s) go back to stock.${refundable(o) > 0 ? ` ${money(refundable(o))} paid will be refunded.` : ''} This can't be undone.`),
    h('div.sa-dialog-actions', null,
      h('button.sa-btn.secondary', { 'data-gym': 'btn:cancel-dialog', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Keep order'),
      h('button.sa-btn.danger', { 'data-gym': 'btn:confirm-cancel', onclick: () => api.dispatch({ type: 'confirm_cancel' }) }, 'Cancel order'))));
}

// ------------------------------------------------------------------ low stock, purchase orders

function lowStockPage(api) {
  const { data, ui } = api.state;
  const all = lowStock(data);
  const allVendors = [...new Set(all.map((p) => p.vendor))];
  const low = ui.lvendor && ui.lvendor !== 'all' ? all.filter((p) => p.vendor === ui.lvendor) : all;
  const vendors = [...new Set(low.map((p) => p.vendor))];
  const checked = new Set(ui.lchecked);
  return h('div.sa-pane', null,
    topBar('Low stock', `${low.length} active products below their reorder point`,
      h('button.sa-btn', { 'data-gym': 'btn:create-po', onclick: () => api.dispatch({ type: 'start_po' }) }, 'Create purchase order for selected')),
    noticeBar(api),
    h('div.sa-toolbar', null, h('div.sa-tabs', null, ['all', ...allVendors].map((v) => h('button.sa-tab' + ((ui.lvendor || 'all') === v ? '.on' : ''), {
      'data-gym': `lvendor:${v}`, onclick: () => api.dispatch({ type: 'low_vendor', vendor: v }) },
    v === 'all' ? 'All vendors' : vendorName(data, v), h('span.sa-tab-n', null, String(v === 'all' ? all.length : all.filter((p) => p.vendor === v).length))))),
    ui.lchecked.length ? h('span.sa-muted', { 'data-gym': 'lchecked-count' }, `${ui.lchecked.length} selected`) : null),
    h('div.sa-scroll', { 'data-gym': 'scroll:lowstock', 'data-scroll-key': 'shopadmin:lowstock' },
      low.length ? vendors.map((vid) => {
        const v = findVendor(data, vid);
        return h('div.sa-card.compact', { 'data-gym': `lowvendor:${vid}` },
          h('div.sa-card-title.sa-flexrow', null, h('span', null, v.name), h('span.sa-muted', null, ` · lead time ${v.lead_days} days`), h('span.sa-spacer'),
            h('button.sa-btn.small.secondary', { 'data-gym': `btn:po-vendor:${vid}`, onclick: () => api.dispatch({ type: 'start_po', vendor: vid }) }, 'Order from this vendor')),
          h('div.sa-line.head', null, h('span.sa-c-check'), h('span.sa-c-sku', null, 'SKU'), h('span.sa-grow', null, 'Product'),
            h('span.sa-c-num', null, 'Stock'), h('span.sa-c-num', null, 'Reorder at'), h('span.sa-c-num', null, 'On order'), h('span.sa-c-num', null, 'Suggested')),
          low.filter((p) => p.vendor === vid).map((p) => h('div.sa-line.tight', { 'data-gym': `lrow:${p.id}` },
            h('span.sa-c-check', null, h('button.sa-box' + (checked.has(p.id) ? '.on' : ''), { 'data-gym': `lcheck:${p.id}`, 'aria-label': `Select ${p.sku}`,
              onclick: () => api.dispatch({ type: 'lcheck', id: p.id }) }, checked.has(p.id) ? '✓' : '')),
            h('span.sa-c-sku.sa-mono', null, p.sku),
            h('span.sa-grow', null, h('button.sa-link', { 'data-gym': `row:${p.id}`, onclick: () => api.dispatch({ type: 'open_product', id: p.id }) }, p.title)),
            h('span.sa-c-num.low', null, String(p.stock)), h('span.sa-c-num', null, String(p.reorder)),
            h('span.sa-c-num', null, String(onOrder(data, p.id) || '—')), h('span.sa-c-num', null, String(suggestedQty(p))))));
      }) : h('div.sa-empty', null, 'Everything is above its reorder point.')));
}

function poDialog(api) {
  const { data, ui } = api.state;
  const d = ui.poDraft;
  if (!d) return null;
  const v = findVendor(data, d.vendor);
  let total = 0;
  return h('div.sa-scrim', null, h('div.sa-dialog.wide', { role: 'dialog' },
    h('div.sa-dialog-title', null, `Purchase order to ${v.name}`),
    h('div.sa-dialog-msg', null, `Sent to ${v.email}; expected in ${v.lead_days} days.`),
    h('div.sa-line.head', null, h('span.sa-c-sku', null, 'SKU'), h('span.sa-grow', null, 'Product'), h('span.sa-c-num', null, 'Stock'),
      h('span.sa-c-qtyin', null, 'Quantity'), h('span.sa-c-num', null, 'Unit cost'), h('span.sa-c-x')),
    d.lines.map((id) => {
      const p = findProduct(data, id);
      const q = Number(api.draft(`po-qty:${id}`)) || 0;
      total += q * p.cost;
      return h('div.sa-line', null,
        h('span.sa-c-sku.sa-mono', null, p.sku), h('span.sa-grow', null, p.title), h('span.sa-c-num', null, `${p.stock}/${p.reorder}`),
        h('span.sa-c-qtyin', null, input(api, `po-qty:${id}`, { cls: '.tiny' })),
        h('span.sa-c-num', null, money(p.cost)),
        h('span.sa-c-x', null, h('button.sa-x', { 'data-gym': `po-remove:${id}`, 'aria-label': 'Remove', onclick: () => api.dispatch({ type: 'po_remove_line', id }) }, svg(ICONS.close, { size: 12 }))),
        ui.errors[`po-qty:${id}`] ? h('div.sa-error.block', null, ui.errors[`po-qty:${id}`]) : null);
    }),
    h('div.sa-refund-total', null, 'Order cost: ', h('b', null, money(total))),
    h('div.sa-dialog-actions', null,
      h('button.sa-btn.secondary', { 'data-gym': 'btn:cancel-dialog', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Cancel'),
      h('button.sa-btn', { 'data-gym': 'btn:confirm-po', onclick: () => api.dispatch({ type: 'confirm_po' }) }, 'Send purchase order'))));
}

function posPage(api) {
  const { data } = api.state;
  const list = data.pos.slice().reverse();
  return h('div.sa-pane', null,
    topBar('Purchase orders', `${list.filter((p) => p.status === 'sent').length} open`, null),
    noticeBar(api),
    h('div.sa-table', null,
      h('div.sa-tr.sa-thead', null, h('div.sa-th.sa-c-oid', null, 'PO'), h('div.sa-th.sa-c-cust', null, 'Vendor'), h('div.sa-th.sa-c-date', null, 'Created'),
        h('div.sa-th.sa-c-date', null, 'Expected'), h('div.sa-th.sa-c-items', null, 'Units'), h('div.sa-th.sa-c-num', null, 'Cost'), h('div.sa-th.sa-c-status', null, 'Status')),
      h('div.sa-tbody', { 'data-gym': 'scroll:pos', 'data-scroll-key': 'shopadmin:pos' }, list.map((po) => h('div.sa-tr', { 'data-gym': `po:${po.id}`, role: 'button',
        onclick: () => api.dispatch({ type: 'open_po', id: po.id }) },
      h('div.sa-td.sa-c-oid.sa-mono', null, po.id), h('div.sa-td.sa-c-cust', null, vendorName(data, po.vendor)),
      h('div.sa-td.sa-c-date', null, day(po.created)), h('div.sa-td.sa-c-date', null, day(po.expected)),
      h('div.sa-td.sa-c-items', null, String(po.lines.reduce((s, l) => s + l.qty, 0))),
      h('div.sa-td.sa-c-num', null, money(po.lines.reduce((s, l) => s + l.qty * l.cost, 0))),
      h('div.sa-td.sa-c-status', null, h(`span.sa-chip.sa-po-${po.status}`, null, po.status[0].toUpperCase() + po.status.slice(1))))))));
}

function poPage(api) {
  const { data, ui } = api.state;
  const po = findPo(data, ui.po);
  if (!po) return h('div.sa-pane', null, h('div.sa-empty', null, 'No such purchase order.'));
  return h('div.sa-pane', null,
    topBar(`Purchase order ${po.id}`, `${vendorName(data, po.vendor)} · created ${day(po.created)} · expected ${day(po.expected)}`,
      h(`span.sa-chip.sa-po-${po.status}`, null, po.status[0].toUpperCase() + po.status.slice(1))),
    noticeBar(api),
    h('div.sa-detail', null, h('div.sa-col', null,
      backLink(api, 'Back'),
      po.status === 'sent' ? h('div.sa-order-actions', null,
        h('button.sa-btn', { 'data-gym': 'btn:receive-po', onclick: () => api.dispatch({ type: 'receive_po', id: po.id }) }, 'Mark received (adds stock)'),
        h('button.sa-btn.danger', { 'data-gym': 'btn:cancel-po', onclick: () => api.dispatch({ type: 'cancel_po', id: po.id }) }, 'Cancel PO')) : null,
      h('div.sa-card', null,
        h('div.sa-line.head', null, h('span.sa-c-sku', null, 'SKU'), h('span.sa-grow', null, 'Product'), h('span.sa-c-num', null, 'Qty'), h('span.sa-c-num', null, 'Unit cost'), h('span.sa-c-num', null, 'Line')),
        po.lines.map((l) => {
          const p = findProduct(data, l.product) || { sku: l.product, title: '' };
          return h('div.sa-line', null, h('span.sa-c-sku.sa-mono', null, p.sku), h('span.sa-grow', null, p.title), h('span.sa-c-num', null, String(l.qty)),
            h('span.sa-c-num', null, money(l.cost)), h('span.sa-c-num', null, money(l.qty * l.cost)));
        })))));
}

// ------------------------------------------------------------------ vendors, log

function vendorsPage(api) {
  const { data } = api.state;
  return h('div.sa-pane', null,
    topBar('Vendors', `${data.vendors.length} suppliers`, null),
    noticeBar(api),
    h('div.sa-table', null,
      h('div.sa-tr.sa-thead', null, h('div.sa-th.sa-c-cust', null, 'Vendor'), h('div.sa-th.sa-c-cust', null, 'Contact'), h('div.sa-th.sa-c-email', null, 'Email'),
        h('div.sa-th.sa-c-num', null, 'Lead time'), h('div.sa-th.sa-c-num', null, 'Products'), h('div.sa-th.sa-c-num', null, 'Low stock')),
      h('div.sa-tbody', null, data.vendors.map((v) => h('div.sa-tr', { 'data-gym': `vendor:${v.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_vendor', id: v.id }) },
        h('div.sa-td.sa-c-cust', null, v.name), h('div.sa-td.sa-c-cust', null, v.contact), h('div.sa-td.sa-c-email', null, v.email),
        h('div.sa-td.sa-c-num', null, `${v.lead_days} days`),
        h('div.sa-td.sa-c-num', null, String(data.products.filter((p) => p.vendor === v.id).length)),
        h('div.sa-td.sa-c-num', null, String(data.products.filter((p) => p.vendor === v.id && isLow(p)).length)))))));
}

function vendorPage(api) {
  const { data, ui } = api.state;
  const v = findVendor(data, ui.vendor);
  if (!v) return h('div.sa-pane', null, h('div.sa-empty', null, 'No such vendor.'));
  const list = data.products.filter((p) => p.vendor === v.id);
  return h('div.sa-pane', null,
    topBar(v.name, `Contact: ${v.contact}`, null),
    noticeBar(api),
    h('div.sa-detail', null,
      h('div.sa-col.narrow', null,
        backLink(api, 'Back'),
        h('div.sa-card', null,
          h('div.sa-card-title', null, 'Ordering'),
          labelled('Order email', input(api, 'v-email'), ui.errors.email),
          labelled('Lead time (days)', input(api, 'v-lead'), ui.errors.lead),
          h('button.sa-btn', { 'data-gym': 'btn:save-vendor', onclick: () => api.dispatch({ type: 'save_vendor' }) }, 'Save vendor'))),
      h('div.sa-col', null, h('div.sa-card', null,
        h('div.sa-card-title', null, `Products (${list.length})`),
        list.map((p) => h('div.sa-list-row', { 'data-gym': `row:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_product', id: p.id }) },
          h('span.sa-mono', null, p.sku), h('span.sa-grow', null, p.title), h('span', null, `${p.stock} in stock`), statusChip(p.status)))))));
}

function adjustmentsPage(api) {
  const { data, ui } = api.state;
  const reasons = ['all', ...new Set([...ADJ_REASONS, 'refund', 'cancel', 'order', 'initial'])];
  const list = data.adjustments.filter((a) => ui.areason === 'all' || a.reason === ui.areason).slice().reverse();
  return h('div.sa-pane', null,
    topBar('Inventory log', 'Every stock change, newest first', null),
    noticeBar(api),
    h('div.sa-toolbar', null, h('div.sa-tabs', null, reasons.map((r) => h('button.sa-tab' + (ui.areason === r ? '.on' : ''), {
      'data-gym': `areason:${r}`, onclick: () => api.dispatch({ type: 'adj_filter', reason: r }) }, r === 'all' ? 'All' : REASON_LABEL[r])))),
    h('div.sa-table', null,
      h('div.sa-tr.sa-thead', null, h('div.sa-th.sa-c-date', null, 'When'), h('div.sa-th.sa-c-sku', null, 'SKU'), h('div.sa-th.sa-c-title', null, 'Product'),
        h('div.sa-th.sa-c-num', null, 'Change'), h('div.sa-th.sa-c-cat', null, 'Reason'), h('div.sa-th.sa-c-cust', null, 'Note'), h('div.sa-th.sa-c-by', null, 'By')),
      h('div.sa-tbody', { 'data-gym': 'scroll:adjustments', 'data-scroll-key': 'shopadmin:adjustments' }, list.length ? list.map((a) => {
        const p = findProduct(data, a.product) || { sku: a.product, title: '' };
        return h('div.sa-tr', { 'data-gym': `adj:${a.id}` },
          h('div.sa-td.sa-c-date', null, stamp(a.ts)), h('div.sa-td.sa-c-sku', null, p.sku), h('div.sa-td.sa-c-title', null, p.title),
          h('div.sa-td.sa-c-num', null, h('span.sa-delta' + (a.delta < 0 ? '.neg' : ''), null, a.delta > 0 ? `+${a.delta}` : String(a.delta))),
          h('div.sa-td.sa-c-cat', null, REASON_LABEL[a.reason] || a.reason), h('div.sa-td.sa-c-cust.muted', null, a.note || '—'), h('div.sa-td.sa-c-by', null, a.by));
      }) : h('div.sa-empty', null, 'No adjustments with this reason.'))));
}

// ------------------------------------------------------------------ root

/** Render the back office. */
export function render(api) {
  const { ui } = api.state;
  let page;
  switch (ui.screen) {
    case 'product': page = productPage(api); break;
    case 'orders': page = orders(api); break;
    case 'order': page = orderPage(api); break;
    case 'lowstock': page = lowStockPage(api); break;
    case 'pos': page = posPage(api); break;
    case 'po': page = poPage(api); break;
    case 'vendors': page = vendorsPage(api); break;
    case 'vendor': page = vendorPage(api); break;
    case 'adjustments': page = adjustmentsPage(api); break;
    default: page = products(api);
  }
  const dialog = ui.dialog === 'bulk' ? bulkDialog(api) : ui.dialog === 'refund' ? refundDialog(api) : ui.dialog === 'cancel' ? cancelDialog(api)
    : ui.dialog === 'po' ? poDialog(api) : ui.dialog === 'new-product' ? newProductDialog(api) : null;
  return h('div.app.shopadmin', null, sidebar(api), page, dialog);
}
