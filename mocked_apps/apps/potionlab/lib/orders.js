// Alembic orders: the world's order info, what an order asks for, whether a potion fills it, its payout and the hand-off text.

import { FAMILIES, ROMAN, TIP_PER_GRADE, potionName } from './rules.js';

/** Return the world order with `id` (static fields), or undefined. */
export function orderInfo(world, id) {
  return (world.orders || []).find((o) => o.id === id);
}

/** Return "Hush Elixir, grade II or better" (+ ", clear" / ", layered") for an order's request. */
export function requestText(info) {
  const extra = [info.clear ? 'clear' : null, info.layered ? 'layered' : null].filter(Boolean);
  return `${FAMILIES[info.family].name}, grade ${ROMAN[info.min_grade]} or better${extra.length ? `, ${extra.join(', ')}` : ''}`;
}

/** Return why `potion` cannot fill the order `info`, or '' when it can. */
export function mismatch(info, potion) {
  if (!potion) return 'No such potion';
  if (potion.family !== info.family) return `It must be a ${FAMILIES[info.family].name}`;
  if (potion.grade < info.min_grade) return `It must be grade ${ROMAN[info.min_grade]} or better`;
  if (info.clear && potion.cloudy) return 'It must be clear, not cloudy';
  if (info.layered && !potion.layered) return 'It must be layered';
  return '';
}

/** Return the coins an order pays for `potion`: the reward plus a tip per grade above the minimum. */
export function payout(info, potion) {
  return info.reward + TIP_PER_GRADE * Math.max(0, potion.grade - info.min_grade);
}

/** Return the customer's display name: from Contacts when present, else the world's copy. */
export function customerName(info, contacts) {
  const c = contacts && (contacts.data.contacts || []).find((x) => x.id === info.customer);
  return c ? c.name : info.name;
}

/** Return the text of the "Message customer" hand-off. */
export function readyText(info, order, contacts) {
  const first = customerName(info, contacts).split(/\s+/)[0];
  if (order && order.status === 'done' && order.potion) {
    return `Hi ${first}, your ${potionName(order.potion)} is ready for pickup at Alembic.`;
  }
  return `Hi ${first}, about your order for a ${requestText(info)}: `;
}
