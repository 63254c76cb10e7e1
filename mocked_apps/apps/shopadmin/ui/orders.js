// Order screens: the orders list, the order page, the refund dialog and the cancel dialog.

import { h } from '../../../runtime/ui/h.js';
import { svg, formatStamp } from '../../../runtime/ui/kit.js';
import { ORDER_STATUSES, ORDER_LABEL, NEXT_STATUS, CANCELLABLE, REFUNDABLE, REFUND_REASONS, REFUND_REASON_LABEL } from '../lib/constants.js';
import { money } from '../lib/format.js';
import { findProduct, findOrder, subtotal, refundable, orderRows } from '../lib/select.js';
import { refundAmount } from '../lib/orders.js';
import { ICONS, input, statusChip, seg } from './widgets.js';
import { topBar, noticeBar, backLink } from './chrome.js';

export function orders(api) {
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
          h('div.sa-td.sa-c-date', null, formatStamp(o.placed)),
          h('div.sa-td.sa-c-cust', null, o.customer),
          h('div.sa-td.sa-c-items', null, ((n) => `${n} ${n === 1 ? 'item' : 'items'}`)(o.lines.reduce((s, l) => s + l.qty, 0))),
          h('div.sa-td.sa-c-num', null, money(o.total)),
          h('div.sa-td.sa-c-num.muted', null, o.refunded ? money(o.refunded) : '—'),
          h('div.sa-td.sa-c-status', null, statusChip(o.status))))
          : h('div.sa-empty', null, 'No orders here.')),
      h('div.sa-tfoot', null, `${rows.length} ${rows.length === 1 ? 'order' : 'orders'} · ${money(rows.reduce((s, o) => s + o.total, 0))}`)));
}

export function orderPage(api) {
  const { data, ui } = api.state;
  const o = findOrder(data, ui.order);
  if (!o) return h('div.sa-pane', null, h('div.sa-empty', null, 'This order does not exist.'));
  const next = NEXT_STATUS[o.status];
  const editable = o.status === 'pending';
  const kv = (label, value, id, cls = '') => h(`div.sa-kv${cls}`, id ? { 'data-gym': id } : null, h('span', null, label), h('b', null, value));
  return h('div.sa-pane', null,
    topBar(`Order ${o.id}`, `Placed ${formatStamp(o.placed)} · ${o.customer} · ${o.email}`, statusChip(o.status)),
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
            h('span.sa-muted', null, formatStamp(r.ts)))) : h('div.sa-muted', null, 'No refunds.'))),
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

export function refundDialog(api) {
  const { data, ui } = api.state;
  const o = findOrder(data, ui.order);
  if (!o || !ui.refund) return null;
  const amount = refundAmount(o, ui.drafts, data);
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

export function cancelDialog(api) {
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
