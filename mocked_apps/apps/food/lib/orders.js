// Forkful order tracking: an order's stage follows the virtual clock from the moment it
// was placed (confirming → preparing → on the way → delivered); nothing is stored per stage.

import { restaurant } from './menu.js';

const MIN = 60000;

/** The tracking stages in order, with their labels. */
export const STAGES = [
  ['placed', 'Order placed'],
  ['preparing', 'Preparing'],
  ['on_the_way', 'On the way'],
  ['delivered', 'Delivered'],
];

/** Return when each stage starts: {placed, preparing, on_the_way, delivered} (virtual ms). */
export function stageTimes(world, order) {
  const rest = restaurant(world, order.restaurant) || { prep_min: 15, ride_min: 15 };
  const confirm = (world.confirm_min ?? 5) * MIN;
  const preparing = order.placed_at + confirm;
  const onTheWay = preparing + rest.prep_min * MIN;
  return { placed: order.placed_at, preparing, on_the_way: onTheWay, delivered: onTheWay + rest.ride_min * MIN };
}

/** Return the order's stage at `now`: 'cancelled' or one of STAGES' ids. */
export function stageOf(world, order, now) {
  if (order.status === 'cancelled') return 'cancelled';
  const t = stageTimes(world, order);
  if (now >= t.delivered) return 'delivered';
  if (now >= t.on_the_way) return 'on_the_way';
  if (now >= t.preparing) return 'preparing';
  return 'placed';
}

/** Return true when the order can still be cancelled: the restaurant has not started preparing it. */
export function canCancel(world, order, now) {
  return stageOf(world, order, now) === 'placed';
}

/** Return true while an order is neither delivered nor cancelled. */
export function isActive(world, order, now) {
  const s = stageOf(world, order, now);
  return s !== 'delivered' && s !== 'cancelled';
}

/** Return the orders newest first (active ones before finished ones). */
export function sortedOrders(world, orders, now) {
  // Orders of one virtual minute go by creation, newest first: the list is in that order, while the ids compare as
  // text ("ord12" < "ord6", so the newest of two orders placed together listed second).
  const made = new Map((orders || []).map((o, i) => [o, i]));
  return [...(orders || [])].sort((a, b) => (isActive(world, b, now) - isActive(world, a, now)) || (b.placed_at - a.placed_at)
    || made.get(b) - made.get(a));
}

/** Return the label of a stage id ('cancelled' included). */
export function stageLabel(stage) {
  if (stage === 'cancelled') return 'Cancelled';
  const hit = STAGES.find(([id]) => id === stage);
  return hit ? hit[1] : stage;
}
