// Alembic pantry and market: free stock, the market's filter chips and typed quantities.

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
