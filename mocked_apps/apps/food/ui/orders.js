// Forkful orders: the list (active and past) and the order screen with live tracking on
// the virtual clock, cancel (before preparation), share and reorder.

import { h, icon, ICONS, header, scroller, bottomTabs, errorBanner, notice, tile, money } from './common.js';
import { dialog } from '../../../runtime/ui/kit.js';
import { restaurant, findItem, optsSummary } from '../lib/menu.js';
import { STAGES, stageTimes, stageOf, stageLabel, canCancel, sortedOrders, isActive } from '../lib/orders.js';
import { clearCartDialog } from './cart.js';

function statusChip(api, order) {
  const stage = stageOf(api.world, order, api.now);
  return h('span.fd-status.fd-status-' + stage, null, stageLabel(stage));
}

function orderRow(api, o) {
  const r = restaurant(api.world, o.restaurant);
  return h('div.fd-order-row', { 'data-gym': `order:${o.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_order', id: o.id }) },
    tile(r, 44),
    h('div.fd-order-text', null,
      h('div.fd-order-name', null, r ? r.name : o.restaurant),
      h('div.fd-order-sub', null, `${api.clock.shortDate(o.placed_at).slice(5)} · ${api.clock.hhmm(o.placed_at)} · ${money(api, o.total)}`),
      h('div.fd-order-sub', null, o.lines.map((l) => `${l.qty}× ${(findItem(api.world, l.item) || { item: { name: l.item } }).item.name}`).join(', '))),
    statusChip(api, o));
}

/** The orders tab: active orders first, then past ones, newest first. */
export function ordersScreen(api) {
  const list = sortedOrders(api.world, api.state.data.orders, api.now);
  const active = list.filter((o) => isActive(api.world, o, api.now));
  const past = list.filter((o) => !isActive(api.world, o, api.now));
  return h('div.app.fd-app', null,
    header(api, 'Orders', { back: false }),
    scroller(api, 'orders', null,
      active.length ? [h('div.section', null, 'In progress'), active.map((o) => orderRow(api, o))] : null,
      h('div.section', null, 'Past orders'),
      past.length ? past.map((o) => orderRow(api, o)) : h('div.empty', null, 'No past orders yet'),
      h('div.fd-spacer')),
    bottomTabs(api),
    notice(api));
}

function timeline(api, order) {
  const stage = stageOf(api.world, order, api.now);
  const times = stageTimes(api.world, order);
  const idx = STAGES.findIndex(([id]) => id === stage);
  return h('div.fd-timeline', { 'data-gym': 'timeline' }, STAGES.map(([id, label], i) => {
    const state = stage === 'cancelled' ? (i === 0 ? 'done' : 'off') : i < idx ? 'done' : i === idx ? 'now' : 'todo';
    const t = times[id];
    return h('div.fd-step-row.' + state, { 'data-gym': `stage:${id}` },
      h('span.fd-step-dot'),
      h('span.fd-step-label', null, label),
      h('span.fd-step-time', null, state === 'todo' ? `~${api.clock.hhmm(t)}` : state === 'off' ? '' : api.clock.hhmm(t)));
  }));
}

function statusCard(api, order) {
  const stage = stageOf(api.world, order, api.now);
  const eta = stageTimes(api.world, order).delivered;
  let title;
  let sub;
  if (stage === 'cancelled') {
    title = 'Order cancelled';
    sub = `Cancelled at ${api.clock.hhmm(order.cancelled_at)} · ${money(api, order.refund || 0)} refunded to your wallet`;
  } else if (stage === 'delivered') {
    title = 'Delivered';
    sub = `${api.clock.shortDate(eta)} at ${api.clock.hhmm(eta)}`;
  } else {
    title = `Arriving around ${api.clock.hhmm(eta)}`;
    sub = stage === 'placed' ? 'Waiting for the restaurant to confirm · you can still cancel'
      : stage === 'preparing' ? 'The kitchen is preparing your order' : 'Your rider is on the way';
  }
  return h('div.fd-status-card.' + stage, { 'data-gym': 'order-status' },
    h('div.fd-status-title', null, title), h('div.fd-status-sub', null, sub), timeline(api, order));
}

function cancelDialog(api, order) {
  const d = api.state.ui.dialog;
  if (!d || d.kind !== 'cancel') return null;
  return dialog('Cancel this order?', `The restaurant hasn't started on it yet. ${money(api, order.total)} goes back to your wallet.`, [
    { id: 'btn:keep-order', label: 'Keep order', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
    { id: 'btn:confirm-cancel', label: 'Cancel order', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_cancel' }) },
  ]);
}

function action(id, glyph, label, onclick, danger = false) {
  return h('button.fd-action' + (danger ? '.danger' : ''), { 'data-gym': id, onclick },
    h('span.fd-action-icon', null, icon(glyph, { size: 20 })), h('span', null, label));
}

/** The order screen: status and timeline, actions, items and the receipt. */
export function orderScreen(api) {
  const { data, ui } = api.state;
  const order = data.orders.find((o) => o.id === ui.order);
  const r = restaurant(api.world, order.restaurant);
  const cancellable = canCancel(api.world, order, api.now);
  return h('div.app.fd-app', null,
    header(api, r ? r.name : 'Order', { sub: `Order ${order.id} · ${api.clock.shortDate(order.placed_at)} ${api.clock.hhmm(order.placed_at)}` }),
    errorBanner(api),
    scroller(api, 'order', order.id,
      statusCard(api, order),
      h('div.fd-actions', null,
        cancellable ? action('btn:cancel-order', ICONS.clear, 'Cancel', () => api.dispatch({ type: 'ask_cancel', id: order.id }), true) : null,
        action('btn:share', ICONS.share, 'Share', () => api.dispatch({ type: 'share_order', id: order.id })),
        action('btn:reorder', ICONS.undo, 'Reorder', () => api.dispatch({ type: 'reorder', id: order.id }))),
      h('div.section', null, 'Items'),
      h('div.fd-block', null, order.lines.map((l, i) => {
        const hit = findItem(api.world, l.item);
        const summary = hit ? optsSummary(api.world, hit.item, l.opts) : '';
        return h('div.fd-receipt-line', { 'data-gym': `oline:${i}` },
          h('span.fd-receipt-qty', null, `${l.qty}×`),
          h('div.fd-line-text', null, h('div.fd-line-name', null, hit ? hit.item.name : l.item), summary ? h('div.fd-line-opts', null, summary) : null),
          h('span.fd-receipt-price', null, money(api, l.unit * l.qty)));
      })),
      h('div.section', null, 'Receipt'),
      h('div.fd-block.fd-summary', null,
        h('div.fd-sum', { 'data-gym': 'rc:subtotal' }, h('span', null, 'Subtotal'), h('span', null, money(api, order.subtotal))),
        h('div.fd-sum', { 'data-gym': 'rc:fee' }, h('span', null, 'Delivery fee'), h('span', null, money(api, order.fee))),
        order.coupon ? h('div.fd-sum', { 'data-gym': 'rc:discount' }, h('span', null, `Coupon ${order.coupon}`), h('span', null, `-${money(api, order.discount)}`)) : null,
        h('div.fd-sum', { 'data-gym': 'rc:tip' }, h('span', null, 'Tip'), h('span', null, money(api, order.tip))),
        h('div.fd-sum.total', { 'data-gym': 'rc:total' }, h('span', null, 'Total paid'), h('span', null, money(api, order.total)))),
      h('div.section', null, 'Delivery address'),
      h('div.fd-block', null, h('div.fd-addr', null, icon(ICONS.pin, { size: 18, color: '#e8590c' }),
        h('div.fd-addr-text', null, h('div.fd-addr-label', null, order.address.label), h('div.fd-addr-line', null, order.address.line)))),
      h('div.fd-spacer')),
    cancelDialog(api, order),
    clearCartDialog(api),
    notice(api));
}
