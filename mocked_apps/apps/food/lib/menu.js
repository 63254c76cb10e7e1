// Forkful world selectors: restaurants, opening hours against the virtual clock,
// menu items and their option groups. Pure functions over world.json.

import { compareText, matchesQuery } from '../../../runtime/core/text.js';

const DAY_MS = 86400000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Return the restaurant with `id`, or undefined. */
export function restaurant(world, id) {
  return (world.restaurants || []).find((r) => r.id === id);
}

/** Return every menu item of a restaurant as a flat list. */
export function itemsOf(rest) {
  return rest ? rest.menu.flatMap((sec) => sec.items) : [];
}

/** Return {item, restaurant} for a menu item id, or null. */
export function findItem(world, itemId) {
  for (const r of world.restaurants || []) {
    const item = itemsOf(r).find((i) => i.id === itemId);
    if (item) return { item, restaurant: r };
  }
  return null;
}

/** Return the option group `id` of the world ({name, type: one|many, choices}). */
export function optionGroup(world, id) {
  return (world.options || {})[id];
}

/** Return "HH:MM" → minutes after midnight. */
export function minutes(hhmm) {
  const [h, m] = String(hhmm).split(':').map(Number);
  return h * 60 + m;
}

/** Return the minutes after midnight and the weekday (0 = Sun) of a virtual time. */
export function clockParts(now) {
  const d = new Date(now);
  return { min: d.getUTCHours() * 60 + d.getUTCMinutes(), day: d.getUTCDay() };
}

/** Return true when the restaurant takes orders at `now` (closed days and open..close, same day). */
export function isOpen(rest, now) {
  if (!rest) return false;
  const { min, day } = clockParts(now);
  const { open, close, closed = [] } = rest.hours;
  if (closed.includes(day)) return false;
  return min >= minutes(open) && min < minutes(close);
}

/**
 * Return a short opening label: "Open · until 23:00", "Opens at 11:00", "Closed today · opens Tue 07:00",
 * "Closed · opens tomorrow 09:00".
 */
export function hoursLabel(rest, now) {
  if (isOpen(rest, now)) return `Open · until ${rest.hours.close}`;
  const { min, day } = clockParts(now);
  const { open, closed = [] } = rest.hours;
  if (!closed.includes(day) && min < minutes(open)) return `Closed · opens at ${open}`;
  for (let k = 1; k <= 7; k += 1) {
    const d = (day + k) % 7;
    if (!closed.includes(d)) return `Closed · opens ${k === 1 ? 'tomorrow' : WEEKDAYS[d]} ${open}`;
  }
  return 'Closed';
}

/** Return the expected delivery time in minutes: confirmation + preparation + ride. */
export function etaMinutes(rest, confirmMin = 5) {
  return confirmMin + rest.prep_min + rest.ride_min;
}

/** The cuisines in world order, without duplicates. */
export function cuisines(world) {
  return [...new Set((world.restaurants || []).map((r) => r.cuisine))];
}

export const SORTS = [['recommended', 'Recommended'], ['rating', 'Top rated'], ['fee', 'Delivery fee'], ['time', 'Fastest']];

/**
 * Return the restaurants shown on the home list: matching `query` (name, cuisine or a dish name),
 * `cuisine` ('all' or a cuisine), open ones only with `openOnly`, sorted by `sort`.
 * Recommended: open first, then rating; every sort breaks ties by name.
 */
export function listRestaurants(world, { query = '', cuisine = 'all', openOnly = false, sort = 'recommended' } = {}, now = 0) {
  let list = (world.restaurants || []).filter((r) => {
    if (cuisine !== 'all' && r.cuisine !== cuisine) return false;
    if (openOnly && !isOpen(r, now)) return false;
    return matchesQuery(query, [r.name, r.cuisine, ...itemsOf(r).map((i) => i.name)]);
  });
  const byName = (a, b) => compareText(a.name, b.name);
  const key = {
    recommended: (a, b) => (isOpen(b, now) - isOpen(a, now)) || (b.rating - a.rating),
    rating: (a, b) => b.rating - a.rating,
    fee: (a, b) => a.fee - b.fee,
    time: (a, b) => (a.prep_min + a.ride_min) - (b.prep_min + b.ride_min),
  }[sort] || (() => 0);
  list = [...list].sort((a, b) => key(a, b) || byName(a, b));
  return list;
}

/** Return the default option choices of an item: first choice of each 'one' group, none of 'many'. */
export function defaultOpts(world, item) {
  const opts = {};
  for (const gid of item.options || []) {
    const g = optionGroup(world, gid);
    if (!g) continue;
    opts[gid] = g.type === 'one' ? g.choices[0].id : [];
  }
  return opts;
}

/**
 * Return cleaned options for an item, or null when they are invalid: every 'one' group has exactly one
 * known choice (missing ones take the default), 'many' groups hold known choice ids (deduplicated, world order).
 */
export function normalizeOpts(world, item, opts) {
  const out = {};
  const given = opts && typeof opts === 'object' ? opts : {};
  for (const key of Object.keys(given)) if (!(item.options || []).includes(key)) return null;
  for (const gid of item.options || []) {
    const g = optionGroup(world, gid);
    if (!g) return null;
    const v = given[gid];
    if (g.type === 'one') {
      if (v === undefined) out[gid] = g.choices[0].id;
      else if (typeof v === 'string' && g.choices.some((c) => c.id === v)) out[gid] = v;
      else return null;
    } else {
      const list = v === undefined ? [] : v;
      if (!Array.isArray(list) || list.some((x) => !g.choices.some((c) => c.id === x))) return null;
      out[gid] = g.choices.map((c) => c.id).filter((id) => list.includes(id));
    }
  }
  return out;
}

/** Return the unit price (cents) of an item with options. */
export function unitPrice(world, item, opts) {
  let cents = item.price;
  for (const gid of item.options || []) {
    const g = optionGroup(world, gid);
    if (!g) continue;
    const picked = g.type === 'one' ? [opts[gid]] : opts[gid] || [];
    for (const c of g.choices) if (picked.includes(c.id)) cents += c.price;
  }
  return cents;
}

/** Return a one-line summary of chosen options ("Large 14\", Extra cheese"); default 'one' choices of $0 groups are kept. */
export function optsSummary(world, item, opts) {
  const parts = [];
  for (const gid of item.options || []) {
    const g = optionGroup(world, gid);
    if (!g) continue;
    const picked = g.type === 'one' ? [opts[gid]] : opts[gid] || [];
    for (const c of g.choices) if (picked.includes(c.id)) parts.push(c.name);
  }
  return parts.join(', ');
}

export { DAY_MS };
