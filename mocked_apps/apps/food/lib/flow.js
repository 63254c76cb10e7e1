// Forkful flows shared by the reducer: navigation stack, adding lines to the one-restaurant
// cart, checkout rules, placing and cancelling orders, the share text.

import { hhmm, shortDate } from '../../../runtime/core/clock.js';
import { restaurant, isOpen, hoursLabel } from './menu.js';
import { money, cartTotals } from './pricing.js';
import { stageTimes, canCancel, stageOf } from './orders.js';

export const ROOTS = { home: 'home', orders: 'orders', account: 'account' };
export const MAX_QTY = 20;

/** Return an empty cart that delivers to `address`. */
export function emptyCart(address = 'a1') {
  return { restaurant: null, lines: [], coupon: null, tip: 0, address };
}

export const findOrder = (data, id) => (data.orders || []).find((o) => o.id === id);

export function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, rest: ui.rest, item: ui.item, order: ui.order });
  Object.assign(ui, { screen, dialog: null, error: null }, extra);
}

export function pop(ui) {
  const prev = ui.stack.pop();
  if (!prev) return false;
  Object.assign(ui, prev, { dialog: null, error: null });
  return true;
}

export function newId(data, ctx, prefix, list) {
  let id = ctx.uid(prefix);
  while (list.some((x) => x.id === id)) id = ctx.uid(prefix);
  return id;
}

/** Return the text the Share button sends for an order. */
export function shareText(world, order, now) {
  const rest = restaurant(world, order.restaurant);
  const name = rest ? rest.name : 'the restaurant';
  const stage = stageOf(world, order, now);
  if (stage === 'cancelled') return `My Forkful order from ${name} was cancelled.`;
  if (stage === 'delivered') return `Forkful order from ${name} on ${shortDate(order.placed_at)}: ${money(order.total, world.currency)}`;
  return `My Forkful order from ${name} arrives around ${hhmm(stageTimes(world, order).delivered)}.`;
}

/** Add `lines` ([{item, qty, opts}], already valid, all from `restId`) into the cart, merging equal lines. */
export function addLines(state, restId, lines, ctx) {
  const cart = state.data.cart;
  if (cart.restaurant !== restId) {
    cart.restaurant = restId;
    cart.lines = [];
    cart.coupon = null;
  }
  for (const l of lines) {
    const same = cart.lines.find((x) => x.item === l.item && JSON.stringify(x.opts) === JSON.stringify(l.opts));
    if (same) same.qty = Math.min(MAX_QTY, same.qty + l.qty);
    else cart.lines.push({ id: newId(state.data, ctx, 'ln', cart.lines), item: l.item, qty: l.qty, opts: l.opts });
  }
}

/** Add lines, or ask to clear a cart holding another restaurant's items. Returns the state. */
export function offerLines(state, restId, lines, ctx, { after = null, address = null } = {}) {
  const { data, ui } = state;
  const rest = restaurant(ctx.world, restId);
  if (!isOpen(rest, ctx.now)) {
    ui.error = `${rest.name} is closed now · ${hoursLabel(rest, ctx.now).replace('Closed · ', '')}`;
    return state;
  }
  if (data.cart.lines.length && data.cart.restaurant !== restId) {
    ui.dialog = { kind: 'clear_cart', rest: restId, lines, after, address };
    return state;
  }
  addLines(state, restId, lines, ctx);
  finishAdd(state, after, address);
  return state;
}

/** After adding: back from the item screen with a notice, or (reorder) on to the cart, delivering to `address`. */
export function finishAdd(state, after, address = null) {
  const { data, ui } = state;
  if (address && (data.addresses || []).some((a) => a.id === address)) data.cart.address = address;
  if (after === 'cart') {
    push(ui, 'cart');
  } else {
    if (ui.screen === 'item') pop(ui);
    ui.notice = 'Added to cart';
  }
}

/** Return why the cart cannot be paid now (null when it can). */
export function checkoutProblem(world, data, now) {
  const t = cartTotals(world, data, now);
  if (!t.lines.length) return 'Your cart is empty';
  if (!isOpen(t.rest, now)) return `${t.rest.name} is closed now`;
  if (t.subtotal < t.rest.min_order) {
    return `${t.rest.name} has a ${money(t.rest.min_order, world.currency)} minimum · add ${money(t.rest.min_order - t.subtotal, world.currency)} more`;
  }
  if (t.couponError) return `${t.couponError} · remove the coupon to continue`;
  if (!(data.addresses || []).some((a) => a.id === data.cart.address)) return 'Choose a delivery address';
  if (data.wallet < t.total) return `Not enough money in your wallet (${money(data.wallet, world.currency)}) · top up in Account`;
  return null;
}

export function placeOrder(state, ctx) {
  const { data, ui } = state;
  const world = ctx.world;
  const problem = checkoutProblem(world, data, ctx.now);
  if (problem) {
    ui.dialog = null;
    ui.error = problem;
    return state;
  }
  const t = cartTotals(world, data, ctx.now);
  const addr = data.addresses.find((a) => a.id === data.cart.address);
  const order = {
    id: newId(data, ctx, 'ord', data.orders),
    restaurant: t.rest.id,
    lines: t.lines.map((l) => ({ item: l.line.item, qty: l.line.qty, opts: l.line.opts, unit: l.unit })),
    subtotal: t.subtotal, fee: t.fee, discount: t.discount, coupon: t.coupon, tip: t.tip, total: t.total,
    address: { id: addr.id, label: addr.label, line: addr.line },
    placed_at: ctx.now, status: 'placed',
  };
  data.orders.push(order);
  data.wallet -= t.total;
  if (t.coupon) {
    const own = data.coupons.find((c) => c.code === t.coupon);
    if (own) own.used = true;
  }
  data.cart = emptyCart(data.cart.address);
  delete ui.drafts.coupon;
  Object.assign(ui, { tab: 'orders', screen: 'order', order: order.id, stack: [{ screen: 'orders', rest: null, item: null, order: null }],
    dialog: null, error: null });
  ctx.notify({ title: `Order placed · ${t.rest.name}`, body: `Arriving around ${hhmm(stageTimes(world, order).delivered)}`,
    intent: { order: order.id } });
  return state;
}

export function cancelOrder(state, ctx) {
  const { data, ui } = state;
  const order = ui.dialog && ui.dialog.kind === 'cancel' ? findOrder(data, ui.dialog.order) : null;
  ui.dialog = null;
  if (!order) return state;
  if (!canCancel(ctx.world, order, ctx.now)) {
    ui.error = 'Too late to cancel: the restaurant is already preparing this order';
    return state;
  }
  order.status = 'cancelled';
  order.cancelled_at = ctx.now;
  order.refund = order.total;
  data.wallet += order.total;
  if (order.coupon) {
    const own = data.coupons.find((c) => c.code === order.coupon);
    if (own) own.used = false;
  }
  return state;
}
