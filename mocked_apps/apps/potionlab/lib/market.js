// Alembic pantry and market: free stock, the market's filter chips and typed quantities.

import { ELEMENTS } from './rules.js';

/** Return how many of ingredient `id` are free to add (stock minus those already in the cauldron). */
export function available(data, id) {
  const used = (data.slots || []).filter((s) => s === id).length;
  return Math.max(0, (data.stock[id] || 0) - used);
}

/** Market filter chips: all, one element, or the catalysts. */
export const MARKET_FILTERS = ['all', 'heat', 'cold', 'calm', 'spark', 'catalyst'];

/** Return a whole quantity 1–20 from typed text or a number, else null. */
export function parseQty(raw) {
  const text = String(raw ?? '').trim();
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 20 ? n : null;
}

/** Return the market's sections under filter chip `filter`: [[element or 'catalyst', [ingredients]]] in screen order. */
export function marketGroups(world, filter) {
  const keyOf = (ing) => (ing.kind === 'catalyst' ? 'catalyst' : ing.element);
  const keys = !filter || filter === 'all' ? [...ELEMENTS, 'catalyst'] : [filter];
  return keys.map((key) => [key, (world.ingredients || []).filter((i) => keyOf(i) === key)]);
}

/** Return the ingredients the market lists under filter chip `filter` (each with its Buy button). */
export function marketRows(world, filter) {
  return marketGroups(world, filter).flatMap(([, list]) => list);
}
