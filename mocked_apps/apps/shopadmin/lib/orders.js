// Orders: the refund dialog maths and the reducer cases of the order list, order edits, the workflow, cancelling and refunds.

import { ORDER_STATUSES, ORDER_LABEL, NEXT_STATUS, CANCELLABLE, REFUNDABLE, REFUND_REASONS } from './constants.js';
import { money, parseMoney } from './format.js';
import { findProduct, findOrder, subtotal, orderTotal, refundable } from './select.js';
import { deny, clearTransient, go, moveStock, nextNumber, onPage } from './helpers.js';

/**
 * The items a refund dialog returns, from the drafts `rq:<product>` (empty = 0). Returns {items, itemsValue}
 * or {error} when a quantity is not a whole number between 0 and what is left on the line (named by its SKU
 * when `data` is given, as the dialog's steppers name it).
 */
export function refundPlan(order, drafts, data = null) {
  const items = [];
  let itemsValue = 0;
  for (const l of order.lines) {
    const raw = String((drafts || {})[`rq:${l.product}`] ?? '').trim();
    if (!raw) continue;
    const left = l.qty - l.refunded;
    if (!/^\d+$/.test(raw)) return { error: 'Quantities must be whole numbers', items: [], itemsValue: 0 };
    const q = Number(raw);
    if (q > left) {
      const p = data ? findProduct(data, l.product) : null;
      return { error: `Only ${left} of ${p ? p.sku : l.product} can be returned`, items: [], itemsValue: 0 };
    }
    if (q > 0) {
      items.push({ product: l.product, qty: q });
      itemsValue += q * l.price;
    }
  }
  return { items, itemsValue };
}

/** The amount a refund dialog would refund: the typed amount, else the items' value capped at what is refundable. */
export function refundAmount(order, drafts, data = null) {
  const typed = String((drafts || {})['refund-amount'] ?? '').trim();
  if (typed) return parseMoney(typed);
  const plan = refundPlan(order, drafts, data);
  if (plan.error) return { error: plan.error };
  return { value: Math.min(plan.itemsValue, refundable(order)) };
}

/** Actions of the orders list, the order page and the refund and cancel dialogs; undefined for any other action. */
export function orderActions(state, action, ctx) {
  const { data, ui } = state;
  switch (action.type) {
    // ---------------------------------------------------------------- orders
    case 'order_status':
      if (action.status !== 'all' && !ORDER_STATUSES.includes(action.status)) return state;
      ui.ostatus = action.status;
      return state;
    case 'open_order': {
      const o = findOrder(data, action.id);
      if (!o) return state;
      go(ui, { screen: 'order', order: o.id });
      return state;
    }
    case 'advance': {
      const o = onPage(state, 'order', action.id, findOrder);
      if (!o) return state;
      const next = NEXT_STATUS[o.status];
      if (!next || (action.to && action.to !== next)) {
        return deny(state, `${o.id} is ${ORDER_LABEL[o.status]}${next ? `; it can only move to ${ORDER_LABEL[next]}` : ' and can\'t move on'}`);
      }
      if (next === 'paid') o.paid = o.total;
      o.status = next;
      ui.notice = `${o.id} marked ${ORDER_LABEL[next]}`;
      return state;
    }
    case 'line_qty': {
      const o = onPage(state, 'order', action.id, findOrder);
      if (!o) return state;
      if (o.status !== 'pending') return deny(state, 'Only pending orders can be edited');
      const line = o.lines.find((l) => l.product === action.product);
      const p = findProduct(data, action.product);
      if (!line || !p) return state;
      const delta = action.delta === 1 ? 1 : action.delta === -1 ? -1 : 0;
      if (!delta) return state;
      if (delta < 0 && line.qty <= 1) return deny(state, 'Quantity is already 1; remove the line instead');
      if (delta > 0 && p.stock < 1) return deny(state, `${p.sku} is out of stock`);
      moveStock(data, ctx, p, -delta, 'order', o.id);
      line.qty += delta;
      o.discount = Math.min(o.discount, subtotal(o));
      o.total = orderTotal(o);
      return state;
    }
    case 'remove_line': {
      const o = onPage(state, 'order', action.id, findOrder);
      if (!o) return state;
      if (o.status !== 'pending') return deny(state, 'Only pending orders can be edited');
      const line = o.lines.find((l) => l.product === action.product);
      if (!line) return state;
      if (o.lines.length === 1) return deny(state, 'An order needs at least one line; cancel the order instead');
      const p = findProduct(data, line.product);
      if (p) moveStock(data, ctx, p, line.qty, 'order', o.id);
      o.lines = o.lines.filter((l) => l !== line);
      o.discount = Math.min(o.discount, subtotal(o));
      o.total = orderTotal(o);
      return state;
    }
    case 'cancel_order': {
      const o = onPage(state, 'order', action.id, findOrder);
      if (!o) return state;
      if (!CANCELLABLE.includes(o.status)) {
        return deny(state, `${ORDER_LABEL[o.status]} orders can't be cancelled. Only pending or paid orders can.${REFUNDABLE.includes(o.status) ? ' Issue a refund instead.' : ''}`);
      }
      clearTransient(ui);
      ui.dialog = 'cancel';
      ui.order = o.id;
      return state;
    }
    case 'confirm_cancel': {
      const o = findOrder(data, ui.order);
      ui.dialog = null;
      if (!o || !CANCELLABLE.includes(o.status)) return state;
      for (const l of o.lines) {
        const p = findProduct(data, l.product);
        const back = l.qty - l.refunded;
        if (p && back > 0) moveStock(data, ctx, p, back, 'cancel', o.id);
      }
      const rest = refundable(o);
      if (rest > 0) {
        o.refunds.push({ id: `R-${nextNumber(data, 'refund', 'R-')}`, amount: rest, items: [], reason: 'cancelled', ts: ctx.now });
        o.refunded += rest;
      }
      o.status = 'cancelled';
      ui.notice = `${o.id} cancelled${rest > 0 ? `; ${money(rest)} refunded` : ''}`;
      return state;
    }
    case 'start_refund': {
      const o = onPage(state, 'order', action.id, findOrder);
      if (!o) return state;
      if (!REFUNDABLE.includes(o.status)) {
        return deny(state, `${ORDER_LABEL[o.status]} orders can't be refunded. Refunds are for paid, shipped or delivered orders.`);
      }
      if (refundable(o) <= 0) return deny(state, `${o.id} is already fully refunded`);
      clearTransient(ui);
      ui.dialog = 'refund';
      ui.order = o.id;
      ui.refund = { reason: 'customer-request' };
      ui.drafts['refund-amount'] = '';
      for (const l of o.lines) ui.drafts[`rq:${l.product}`] = '';
      return state;
    }
    case 'refund_qty': {
      // The − / + steppers next to each quantity box.
      const o = findOrder(data, ui.order);
      if (ui.dialog !== 'refund' || !o || !ui.refund) return state;
      const line = o.lines.find((l) => l.product === action.product);
      if (!line) return state;
      const raw = String(ui.drafts[`rq:${line.product}`] ?? '').trim();
      const cur = /^\d+$/.test(raw) ? Number(raw) : 0;
      const next = cur + (action.delta === -1 ? -1 : 1);
      if (next < 0) return state;
      if (next > line.qty - line.refunded) return (ui.errors = { refund: `Only ${line.qty - line.refunded} of ${findProduct(data, line.product).sku} can be returned` }), state;
      ui.drafts[`rq:${line.product}`] = next ? String(next) : '';
      ui.errors = {};
      return state;
    }
    case 'refund_all_items': {
      const o = findOrder(data, ui.order);
      if (ui.dialog !== 'refund' || !o) return state;
      for (const l of o.lines) ui.drafts[`rq:${l.product}`] = l.qty - l.refunded > 0 ? String(l.qty - l.refunded) : '';
      ui.errors = {};
      return state;
    }
    case 'refund_full_amount': {
      const o = findOrder(data, ui.order);
      if (ui.dialog !== 'refund' || !o) return state;
      ui.drafts['refund-amount'] = (refundable(o) / 100).toFixed(2);
      ui.errors = {};
      return state;
    }
    case 'refund_reason':
      if (ui.dialog !== 'refund' || !ui.refund || !REFUND_REASONS.includes(action.reason)) return state;
      ui.refund.reason = action.reason;
      return state;
    case 'confirm_refund': {
      const o = findOrder(data, ui.order);
      if (ui.dialog !== 'refund' || !o || !ui.refund) return state;
      if (!REFUNDABLE.includes(o.status)) return (ui.dialog = null), deny(state, `${ORDER_LABEL[o.status]} orders can't be refunded`);
      const plan = refundPlan(o, ui.drafts, data);
      if (plan.error) return (ui.errors = { refund: plan.error }), state;
      const { items } = plan;
      const amount = refundAmount(o, ui.drafts, data);
      if (amount.error) return (ui.errors = { refund: amount.error }), state;
      if (amount.value <= 0) return (ui.errors = { refund: 'Choose items or enter an amount above $0.00' }), state;
      if (amount.value > refundable(o)) {
        return (ui.errors = { refund: `Refund can't exceed the ${money(refundable(o))} still refundable (paid ${money(o.paid)}, refunded ${money(o.refunded)})` }), state;
      }
      for (const it of items) {
        const line = o.lines.find((l) => l.product === it.product);
        line.refunded += it.qty;
        const p = findProduct(data, it.product);
        if (p) moveStock(data, ctx, p, it.qty, 'refund', o.id);
      }
      o.refunds.push({ id: `R-${nextNumber(data, 'refund', 'R-')}`, amount: amount.value, items, reason: ui.refund.reason, ts: ctx.now });
      o.refunded += amount.value;
      if (o.refunded >= o.paid) o.status = 'refunded';
      ui.dialog = null;
      ui.refund = null;
      ui.errors = {};
      ui.drafts['refund-amount'] = '';
      for (const l of o.lines) delete ui.drafts[`rq:${l.product}`];
      ui.notice = `Refunded ${money(amount.value)} on ${o.id}${items.length ? ` and restocked ${items.reduce((s, i) => s + i.qty, 0)} item(s)` : ''}`;
      return state;
    }
    default:
      return undefined;
  }
}
