// Forkful: food delivery. Restaurants with opening hours on the virtual clock, menus with
// options, a one-restaurant cart, coupons, checkout paid from the wallet, order tracking
// that advances with virtual time, cancellation before preparation, history and reorder.
// Money is integer cents. Rules live in lib/ (menu, pricing, orders); this file is the reducer.

import { restaurant, findItem, isOpen, hoursLabel, normalizeOpts, defaultOpts, unitPrice, optionGroup } from './lib/menu.js';
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
    notice: null, filter: { cuisine: 'all', open: false, sort: 'recommended' }, drafts: {} };
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
    placed_at: placed, status: 'active' };
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

