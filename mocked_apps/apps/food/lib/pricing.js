// Forkful money rules: cart lines, coupons and totals. All amounts are integer cents.

import { findItem, restaurant, unitPrice, optsSummary } from './menu.js';

const DAY_MS = 86400000;

/** Return "$12.50" for 1250 cents ("-$2.00" for negative amounts). */
export function money(cents, currency = '$') {
  const c = Math.round(Number(cents) || 0);
  const sign = c < 0 ? '-' : '';
  return `${sign}${currency}${(Math.abs(c) / 100).toFixed(2)}`;
}

/** Return the end (23:59) of the day `days` after the day of `now`, as virtual ms. */
export function endOfDay(now, days) {
  return Math.floor(now / DAY_MS) * DAY_MS + (days + 1) * DAY_MS - 60000;
}

/** Return the world's rule for a coupon code (case-insensitive), or undefined. */
export function couponRule(world, code) {
  const c = String(code || '').trim().toUpperCase();
  return (world.coupons || []).find((r) => r.code === c);
}

/** Return the lines of a cart with their item, unit price, line total and options text (unknown items dropped). */
export function pricedLines(world, cart) {
  const out = [];
  for (const line of (cart && cart.lines) || []) {
    const hit = findItem(world, line.item);
    if (!hit) continue;
    const unit = unitPrice(world, hit.item, line.opts || {});
    out.push({ line, item: hit.item, unit, total: unit * line.qty, summary: optsSummary(world, hit.item, line.opts || {}) });
  }
  return out;
}

/**
 * Return why a coupon cannot be used on a cart of `restId` with `subtotal` (null when it can):
 * unknown, already used, expired (virtual clock), wrong restaurant, minimum spend not met.
 */
export function couponProblem(world, data, code, { restId, subtotal }, now) {
  const rule = couponRule(world, code);
  const own = rule && (data.coupons || []).find((c) => c.code === rule.code);
  if (!rule || !own) return 'This code is not valid';
  if (own.used) return `${rule.code} was already used`;
  if (now > own.expires_at) return `${rule.code} has expired`;
  if (rule.restaurant && rule.restaurant !== restId) {
    const r = restaurant(world, rule.restaurant);
    return `${rule.code} is only valid at ${r ? r.name : 'another restaurant'}`;
  }
  if (subtotal < rule.min_spend) return `${rule.code} needs a subtotal of ${money(rule.min_spend, world.currency)}`;
  return null;
}

/** Return the discount (cents) a valid coupon gives: amount (≤ subtotal), percent (half-up, capped), free delivery. */
export function couponDiscount(rule, subtotal, fee) {
  if (!rule) return 0;
  if (rule.kind === 'amount') return Math.min(rule.value, subtotal);
  if (rule.kind === 'percent') {
    const raw = Math.floor((subtotal * rule.value + 50) / 100);
    return rule.max ? Math.min(raw, rule.max) : raw;
  }
  if (rule.kind === 'free_delivery') return fee;
  return 0;
}

/**
 * Return the cart's totals: {lines, count, subtotal, fee, discount, tip, total, coupon, couponError, rest}.
 * A coupon that no longer qualifies gives no discount and a `couponError` (checkout is refused).
 */
export function cartTotals(world, data, now) {
  const cart = data.cart || {};
  const rest = restaurant(world, cart.restaurant);
  const lines = pricedLines(world, cart);
  const subtotal = lines.reduce((s, l) => s + l.total, 0);
  const count = lines.reduce((s, l) => s + l.line.qty, 0);
  const fee = rest && lines.length ? rest.fee : 0;
  let discount = 0;
  let couponError = null;
  if (cart.coupon) {
    couponError = couponProblem(world, data, cart.coupon, { restId: cart.restaurant, subtotal }, now);
    if (!couponError) discount = couponDiscount(couponRule(world, cart.coupon), subtotal, fee);
  }
  const tip = lines.length ? Math.max(0, Number(cart.tip) || 0) : 0;
  return { lines, count, subtotal, fee, discount, tip, total: subtotal + fee - discount + tip, coupon: cart.coupon || null, couponError, rest };
}
