// Stock screens: low stock and the purchase-order dialog, purchase orders, vendors and the inventory log.

import { h } from '../../../runtime/ui/h.js';
import { svg, formatStamp, formatDay } from '../../../runtime/ui/kit.js';
import { ADJ_REASONS, REASON_LABEL } from '../lib/constants.js';
import { money, parseInt10 } from '../lib/format.js';
import { findProduct, findVendor, findPo, vendorName, onOrder, isLow, lowStock, suggestedQty } from '../lib/select.js';
import { ICONS, input, labelled, statusChip } from './widgets.js';
import { topBar, noticeBar, backLink } from './chrome.js';

export function lowStockPage(api) {
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

export function poDialog(api) {
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
      // Only quantities the order would take count ("-3" or "1.5" showed a negative or fractional cost).
      const parsed = parseInt10(api.draft(`po-qty:${id}`), { min: 1, max: 999 });
      total += (parsed.error ? 0 : parsed.value) * p.cost;
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

export function posPage(api) {
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
      h('div.sa-td.sa-c-date', null, formatDay(po.created)), h('div.sa-td.sa-c-date', null, formatDay(po.expected)),
      h('div.sa-td.sa-c-items', null, String(po.lines.reduce((s, l) => s + l.qty, 0))),
      h('div.sa-td.sa-c-num', null, money(po.lines.reduce((s, l) => s + l.qty * l.cost, 0))),
      h('div.sa-td.sa-c-status', null, h(`span.sa-chip.sa-po-${po.status}`, null, po.status[0].toUpperCase() + po.status.slice(1))))))));
}

export function poPage(api) {
  const { data, ui } = api.state;
  const po = findPo(data, ui.po);
  if (!po) return h('div.sa-pane', null, h('div.sa-empty', null, 'No such purchase order.'));
  return h('div.sa-pane', null,
    topBar(`Purchase order ${po.id}`, `${vendorName(data, po.vendor)} · created ${formatDay(po.created)} · expected ${formatDay(po.expected)}`,
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

export function vendorsPage(api) {
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

export function vendorPage(api) {
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

export function adjustmentsPage(api) {
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
          h('div.sa-td.sa-c-date', null, formatStamp(a.ts)), h('div.sa-td.sa-c-sku', null, p.sku), h('div.sa-td.sa-c-title', null, p.title),
          h('div.sa-td.sa-c-num', null, h('span.sa-delta' + (a.delta < 0 ? '.neg' : ''), null, a.delta > 0 ? `+${a.delta}` : String(a.delta))),
          h('div.sa-td.sa-c-cat', null, REASON_LABEL[a.reason] || a.reason), h('div.sa-td.sa-c-cust.muted', null, a.note || '—'), h('div.sa-td.sa-c-by', null, a.by));
      }) : h('div.sa-empty', null, 'No adjustments with this reason.'))));
}
