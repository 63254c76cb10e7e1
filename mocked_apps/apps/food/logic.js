// Forkful: food delivery. Restaurants with opening hours on the virtual clock, menus with
// options, a one-restaurant cart, coupons, checkout paid from the wallet, order tracking
// that advances with virtual time, cancellation before preparation, history and reorder.
// Money is integer cents. Rules live in lib/ (menu, pricing, orders); this file is the reducer.

import { restaurant, findItem, normalizeOpts, defaultOpts, unitPrice, optionGroup } from './lib/menu.js';
import { endOfDay, couponRule, couponProblem, couponDiscount, cartTotals } from './lib/pricing.js';
import { canCancel } from './lib/orders.js';
import {
  ROOTS, MAX_QTY, emptyCart, findOrder, push, pop, newId, shareText, offerLines, addLines, finishAdd, checkoutProblem,
  placeOrder, cancelOrder,
} from './lib/flow.js';

export * from './lib/menu.js';
export * from './lib/pricing.js';
export * from './lib/orders.js';
export { shareText, checkoutProblem, emptyCart, MAX_QTY } from './lib/flow.js';

const DAY_MS = 86400000;

function baseUi() {
  return { tab: 'home', screen: 'home', stack: [], rest: null, item: null, order: null, dialog: null, error: null,
    notice: null, errors: {}, filter: { cuisine: 'all', open: false, sort: 'recommended' }, drafts: {} };
}

/** Build a past order of the world (placed `ago_days` before today at `time`), priced by the world's rules. */
function pastOrder(world, o, now) {
  const [h, m] = o.time.split(':').map(Number);
  const placed = Math.floor(now / DAY_MS) * DAY_MS - o.ago_days * DAY_MS + (h * 60 + m) * 60000;
  const rest = restaurant(world, o.restaurant);
  const lines = o.lines.map(([item, qty, opts]) => {
    const hit = findItem(world, item);
    const clean = normalizeOpts(world, hit.item, opts) || defaultOpts(world, hit.item);
    return { item, qty, opts: clean, unit: unitPrice(world, hit.item, clean) };
  });
  const subtotal = lines.reduce((s, l) => s + l.unit * l.qty, 0);
  const discount = o.coupon ? couponDiscount(couponRule(world, o.coupon), subtotal, rest.fee) : 0;
  const addr = (world.addresses || []).find((a) => a.id === o.address) || world.addresses[0];
  return { id: o.id, restaurant: o.restaurant, lines, subtotal, fee: rest.fee, discount, coupon: o.coupon, tip: o.tip,
    total: subtotal + rest.fee - discount + o.tip, address: { id: addr.id, label: addr.label, line: addr.line },
    placed_at: placed, status: 'placed' };
}

/** Return the initial state: wallet, saved addresses, coupons (expiry relative to the clock), order history, empty cart. */
export function init(world, ctx) {
  const now = ctx ? ctx.now : 0;
  const coupons = (world.coupons || []).map((c) => ({ code: c.code, expires_at: endOfDay(now, c.expires_days), used: Boolean(c.used) }));
  const addresses = (world.addresses || []).map((a) => ({ ...a }));
  return {
    data: {
      wallet: world.wallet ?? 0,
      addresses,
      coupons,
      cart: emptyCart(addresses[0] ? addresses[0].id : null),
      orders: (world.orders || []).map((o) => pastOrder(world, o, now)),
      topups: [],
    },
    ui: baseUi(),
  };
}


// ------------------------------------------------------------------ reducer

const SUB_SCREENS = ['coupons', 'addresses', 'wallet'];

function ensureUi(state) {
  const ui = { ...baseUi(), ...(state.ui || {}) };
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.filter || typeof ui.filter !== 'object') ui.filter = baseUi().filter;
  state.ui = ui;
  return ui;
}

/** The order on the order screen (no dialog over it) when `id` is absent or names it; else undefined. Its Cancel,
 * Share and Reorder buttons are only there: an order of another screen is not acted on unseen. */
function shownOrder(state, id) {
  const { data, ui } = state;
  if (ui.screen !== 'order' || ui.dialog || (id !== undefined && id !== ui.order)) return undefined;
  return findOrder(data, ui.order);
}

function openOrderScreen(ui, id, { replace = false } = {}) {
  if (replace) {
    Object.assign(ui, { tab: 'orders', screen: 'order', order: id, rest: null, item: null, dialog: null, error: null,
      stack: [{ screen: 'orders', rest: null, item: null, order: null }] });
  } else {
    push(ui, 'order', { order: id });
  }
}

function itemAction(state, action, ctx) {
  const { ui } = state;
  const it = ui.item && findItem(ctx.world, ui.item.id);
  if (ui.screen !== 'item' || !it) return state;
  if (action.type === 'item_qty') {
    ui.item.qty = Math.max(1, Math.min(MAX_QTY, ui.item.qty + (action.delta > 0 ? 1 : -1)));
    return state;
  }
  const g = optionGroup(ctx.world, action.group);
  if (!g || !(it.item.options || []).includes(action.group) || !g.choices.some((c) => c.id === action.choice)) return state;
  if (g.type === 'one') ui.item.opts[action.group] = action.choice;
  else {
    const cur = ui.item.opts[action.group] || [];
    const next = cur.includes(action.choice) ? cur.filter((x) => x !== action.choice) : [...cur, action.choice];
    ui.item.opts[action.group] = g.choices.map((c) => c.id).filter((id) => next.includes(id));
  }
  return state;
}

function saveAddress(state, ctx) {
  const { data, ui } = state;
  const label = String(ui.drafts.addr_label ?? '').trim();
  const line = String(ui.drafts.addr_line ?? '').trim();
  const errors = {};
  if (!label) errors.addr_label = 'Give the address a name';
  else if (label.length > 20) errors.addr_label = 'Use at most 20 characters';
  else if (data.addresses.some((a) => a.label.toLowerCase() === label.toLowerCase())) errors.addr_label = `You already have “${label}”`;
  if (line.length < 5) errors.addr_line = 'Enter the street and number';
  else if (line.length > 60) errors.addr_line = 'Use at most 60 characters';
  if (Object.keys(errors).length) {
    ui.errors = errors;
    return state;
  }
  const id = newId(data, ctx, 'a', data.addresses);
  data.addresses.push({ id, label, line });
  data.cart.address = id;
  delete ui.drafts.addr_label;
  delete ui.drafts.addr_line;
  ui.errors = {};
  pop(ui);
  ui.notice = `Saved “${label}” · deliveries go there now`;
  return state;
}

/**
 * Apply an action (see README): navigation (tab, open_*, back), filters, item options, cart edits,
 * coupons, tip, address, checkout/confirm_pay, cancel, reorder, share, wallet top-up, new address.
 */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state);
  const { data } = state;
  const world = ctx.world;
  if (!action || typeof action.type !== 'string') return null;
  if (action.type !== 'intent') ui.notice = null;
  switch (action.type) {
    case 'intent':
      if (action.order && findOrder(data, action.order)) openOrderScreen(ui, action.order, { replace: true });
      return state;
    case 'tab':
      if (!ROOTS[action.tab]) return state;
      Object.assign(ui, { tab: action.tab, screen: ROOTS[action.tab], stack: [], rest: null, item: null, order: null,
        dialog: null, error: null });
      return state;
    case 'set_cuisine':
      if (action.value !== 'all' && !world.restaurants.some((r) => r.cuisine === action.value)) return state;
      ui.filter.cuisine = action.value;
      return state;
    case 'toggle_open':
      ui.filter.open = !ui.filter.open;
      return state;
    case 'set_sort':
      if (['recommended', 'rating', 'fee', 'time'].includes(action.value)) ui.filter.sort = action.value;
      return state;
    case 'clear_search':
      ui.drafts.search = '';
      return state;
    case 'open_restaurant':
      if (!restaurant(world, action.id)) return state;
      push(ui, 'restaurant', { rest: action.id });
      return state;
    case 'open_item': {
      const hit = findItem(world, action.id);
      if (!hit) return state;
      push(ui, 'item', { rest: hit.restaurant.id, item: { id: hit.item.id, qty: 1, opts: defaultOpts(world, hit.item) } });
      return state;
    }
    case 'pick_option':
    case 'item_qty':
      return itemAction(state, action, ctx);
    case 'add_to_cart': {
      const hit = ui.screen === 'item' && ui.item ? findItem(world, ui.item.id) : null;
      if (!hit) return state;
      const opts = normalizeOpts(world, hit.item, ui.item.opts);
      if (!opts) return state;
      return offerLines(state, hit.restaurant.id, [{ item: hit.item.id, qty: ui.item.qty, opts }], ctx);
    }
    case 'confirm_clear': {
      const d = ui.dialog;
      ui.dialog = null;
      if (!d || d.kind !== 'clear_cart') return state;
      data.cart = emptyCart(data.cart.address);
      addLines(state, d.rest, d.lines, ctx);
      finishAdd(state, d.after, d.address);
      return state;
    }
    case 'close_dialog':
      ui.dialog = null;
      return state;
    case 'dismiss_error':
      ui.error = null;
      return state;
    case 'open_cart':
      if (ui.screen === 'cart') return state;
      push(ui, 'cart');
      return state;
    case 'line_qty':
    case 'remove_line': {
      const line = data.cart.lines.find((l) => l.id === action.line);
      if (!line) return state;
      const qty = action.type === 'remove_line' ? 0 : line.qty + (action.delta > 0 ? 1 : -1);
      if (qty > MAX_QTY) return state;
      if (qty > 0) line.qty = qty;
      else data.cart.lines = data.cart.lines.filter((l) => l.id !== line.id);
      if (!data.cart.lines.length) data.cart = emptyCart(data.cart.address);
      return state;
    }
    case 'apply_coupon': {
      const code = String(action.code ?? ui.drafts.coupon ?? '').trim().toUpperCase();
      if (!data.cart.lines.length) return state;
      if (!code) {
        ui.error = 'Enter a coupon code';
        return state;
      }
      if (data.cart.coupon) {
        ui.error = `Only one coupon per order · remove ${data.cart.coupon} first`;
        return state;
      }
      const t = cartTotals(world, data, ctx.now);
      const problem = couponProblem(world, data, code, { restId: data.cart.restaurant, subtotal: t.subtotal }, ctx.now);
      if (problem) {
        ui.error = problem;
        return state;
      }
      data.cart.coupon = couponRule(world, code).code;
      ui.drafts.coupon = '';
      ui.error = null;
      ui.notice = `${data.cart.coupon} applied`;
      return state;
    }
    case 'remove_coupon':
      data.cart.coupon = null;
      return state;
    case 'set_tip':
      if (!(world.tips || []).includes(action.amount) || !data.cart.lines.length) return state;
      data.cart.tip = action.amount;
      return state;
    case 'set_address':
      if (!data.addresses.some((a) => a.id === action.id)) return state;
      data.cart.address = action.id;
      return state;
    case 'checkout': {
      const problem = checkoutProblem(world, data, ctx.now);
      if (problem) ui.error = problem;
      else Object.assign(ui, { dialog: { kind: 'pay', total: cartTotals(world, data, ctx.now).total }, error: null });
      return state;
    }
    case 'confirm_pay':
      if (!ui.dialog || ui.dialog.kind !== 'pay') return state;
      return placeOrder(state, ctx);
    case 'open_order':
      if (!findOrder(data, action.id)) return state;
      openOrderScreen(ui, action.id);
      return state;
    case 'ask_cancel': {
      const order = shownOrder(state, action.id);
      if (!order) return state;
      if (!canCancel(world, order, ctx.now)) ui.error = order.status === 'cancelled' ? 'This order is already cancelled'
        : 'Too late to cancel: the restaurant is already preparing this order';
      else ui.dialog = { kind: 'cancel', order: order.id };
      return state;
    }
    case 'confirm_cancel':
      return cancelOrder(state, ctx);
    case 'reorder': {
      const order = shownOrder(state, action.id);
      if (!order) return state;
      const lines = [];
      for (const l of order.lines) {
        const hit = findItem(world, l.item);
        const opts = hit && normalizeOpts(world, hit.item, l.opts);
        if (hit && opts) lines.push({ item: l.item, qty: l.qty, opts });
      }
      if (!lines.length) return state;
      const address = order.address && data.addresses.some((a) => a.id === order.address.id) ? order.address.id : null;
      return offerLines(state, order.restaurant, lines, ctx, { after: 'cart', address });
    }
    case 'share_order': {
      const order = shownOrder(state, action.id);
      if (!order) return state;
      if (!ctx.peek('messages')) {
        ui.notice = 'Messages is not available';
        return state;
      }
      ctx.open('messages', { text: shareText(world, order, ctx.now) });
      return state;
    }
    case 'open_screen':
      if (!SUB_SCREENS.includes(action.screen)) return state;
      push(ui, action.screen);
      return state;
    case 'ask_topup':
      if (!(world.topups || []).includes(action.amount)) return state;
      ui.dialog = { kind: 'topup', amount: action.amount };
      return state;
    case 'confirm_topup': {
      const d = ui.dialog;
      ui.dialog = null;
      if (!d || d.kind !== 'topup') return state;
      data.wallet += d.amount;
      data.topups.push({ id: newId(data, ctx, 'tu', data.topups), amount: d.amount, time: ctx.now });
      ui.notice = `Added ${world.currency}${(d.amount / 100).toFixed(2)} to your wallet`;
      return state;
    }
    case 'new_address':
      push(ui, 'address_form');
      ui.drafts.addr_label = '';
      ui.drafts.addr_line = '';
      ui.errors = {};
      return state;
    case 'save_address':
      if (ui.screen !== 'address_form') return state;
      return saveAddress(state, ctx);
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        return state;
      }
      if (ui.screen === 'address_form') ui.errors = {};
      if (pop(ui)) return state;
      if (ui.screen !== ROOTS[ui.tab]) {
        Object.assign(ui, { screen: ROOTS[ui.tab] || 'home', rest: null, item: null, order: null, error: null });
        return state;
      }
      if (ui.tab !== 'home') {
        Object.assign(ui, { tab: 'home', screen: 'home', error: null });
        return state;
      }
      return null;
    default:
      return null;
  }
}

