// Nooks world selectors: places, ratings from reviews (the world's and the user's own),
// opening hours on the virtual clock, search, filters and sorting. Pure functions.

import { parseStamp } from '../../../runtime/core/clock.js';
import { compareText, fold } from '../../../runtime/core/text.js';

const DAY_MS = 86400000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Return the place with `id`, or undefined. */
export function place(world, id) {
  return (world.places || []).find((p) => p.id === id);
}

/** Return the name of a category / area id. */
export const categoryName = (world, id) => ((world.categories || []).find((c) => c.id === id) || { name: id }).name;
export const areaName = (world, id) => ((world.areas || []).find((a) => a.id === id) || { name: id }).name;

/** Return "$$" for a price level. */
export const priceText = (level) => '$'.repeat(Math.max(1, Math.min(4, level || 1)));

/** Return a world date ("YYYY-MM-DD": its noon) or timestamp (as clock.parseStamp reads it) as virtual ms; 0 for
 * text that is neither. */
export function toMs(value) {
  if (typeof value === 'number') return value;
  const t = String(value || '');
  const ms = /^\d{4}-\d\d-\d\d$/.test(t) ? Date.parse(`${t}T12:00:00Z`) : parseStamp(t);
  return Number.isFinite(ms) ? ms : 0;
}

/** Return every review of a place: the user's own (data.reviews, marked mine) first, then the world's, newest first. */
export function reviewsOf(world, data, placeId) {
  const mine = (data.reviews || []).filter((r) => r.place === placeId).map((r) => ({ ...r, user: 'You', mine: true }));
  const others = (world.reviews || []).filter((r) => r.place === placeId).map((r) => ({ ...r, time: toMs(r.date) }));
  return [...mine, ...others.sort((a, b) => b.time - a.time || (a.id < b.id ? -1 : 1))];
}

/** Return the user's own reviews, last written (or edited) first; of one virtual minute (the clock only moves on
 * tick), the later in data.reviews (posted later) first. */
export function myReviewsNewest(data) {
  return (data.reviews || []).map((r, i) => [r, i])
    .sort(([a, ia], [b, ib]) => ((b.edited || b.time) - (a.edited || a.time)) || (ib - ia))
    .map(([r]) => r);
}

/** Return {rating, count, stars: [n1..n5]}: rating = mean stars rounded half up to one decimal (0 when no reviews). */
export function ratingOf(world, data, placeId) {
  const all = reviewsOf(world, data, placeId);
  const stars = [0, 0, 0, 0, 0];
  let sum = 0;
  for (const r of all) {
    sum += r.stars;
    stars[r.stars - 1] += 1;
  }
  const n = all.length;
  const rating = n ? Math.floor((sum * 20 + n) / (2 * n)) / 10 : 0;
  return { rating, count: n, stars };
}

function minutes(hhmm) {
  const [h, m] = String(hhmm).split(':').map(Number);
  return h * 60 + m;
}

/** Return true when the place is open at virtual time `at` (closed weekdays, open ≤ t < close on the same day). */
export function isOpenAt(p, at) {
  if (!p) return false;
  const d = new Date(at);
  const min = d.getUTCHours() * 60 + d.getUTCMinutes();
  const { open, close, closed = [] } = p.hours;
  if (closed.includes(d.getUTCDay())) return false;
  return min >= minutes(open) && min < minutes(close);
}

/** Return "Open · closes 18:00", "Closed · opens at 10:00", "Closed today · opens Mon 09:00". */
export function hoursLabel(p, now) {
  const close = p.hours.close === '24:00' ? 'midnight' : p.hours.close;
  if (isOpenAt(p, now)) return `Open · closes ${close}`;
  const d = new Date(now);
  const day = d.getUTCDay();
  const min = d.getUTCHours() * 60 + d.getUTCMinutes();
  const { open, closed = [] } = p.hours;
  if (!closed.includes(day) && min < minutes(open)) return `Closed · opens at ${open}`;
  for (let k = 1; k <= 7; k += 1) {
    const next = (day + k) % 7;
    if (!closed.includes(next)) return `${closed.includes(day) ? 'Closed today' : 'Closed'} · opens ${k === 1 ? 'tomorrow' : WEEKDAYS[next]} ${open}`;
  }
  return 'Closed';
}

/** Return the week's hours grouped by equal runs of days: [["Mon–Sat", "08:30–17:30"], ["Sun", "Closed"]]. */
export function hoursLines(p) {
  const { open, close, closed = [] } = p.hours;
  const days = [1, 2, 3, 4, 5, 6, 0];
  const groups = [];
  for (const d of days) {
    const text = closed.includes(d) ? 'Closed' : `${open}–${close}`;
    const last = groups[groups.length - 1];
    if (last && last.text === text) last.to = d;
    else groups.push({ from: d, to: d, text });
  }
  return groups.map((g) => [g.from === g.to ? WEEKDAYS[g.from] : `${WEEKDAYS[g.from]}–${WEEKDAYS[g.to]}`, g.text]);
}

export const SORTS = [['match', 'Best match'], ['rating', 'Top rated'], ['reviews', 'Most reviewed'], ['price', 'Lowest price'], ['name', 'Name A–Z']];
export const MIN_RATINGS = [0, 3.5, 4, 4.5];

/** The default filters of the explore screen. */
export function defaultFilter() {
  return { category: 'any', area: 'any', open: false, rating: 0, prices: [], sort: 'match' };
}

/** Return how many filters differ from the defaults (sort excluded). */
export function activeFilters(f) {
  return (f.category !== 'any') + (f.area !== 'any') + Boolean(f.open) + (f.rating > 0) + ((f.prices || []).length > 0);
}

/**
 * Return the places matching the search text (name, category, area, about) and the filters, sorted.
 * Each result is {place, rating, count, open}. Best match: open first, then rating; ties by name.
 */
/** Return text as search compares it: accents dropped ("Café" reads "cafe"), lower case, spaces collapsed. */
export function searchKey(value) {
  return fold(value).replace(/\s+/g, ' ').trim();
}

export function searchPlaces(world, data, query, f, now) {
  const q = searchKey(query);
  const out = [];
  for (const p of world.places || []) {
    if (f.category !== 'any' && p.category !== f.category) continue;
    if (f.area !== 'any' && p.area !== f.area) continue;
    if ((f.prices || []).length && !f.prices.includes(p.price)) continue;
    const open = isOpenAt(p, now);
    if (f.open && !open) continue;
    const { rating, count } = ratingOf(world, data, p.id);
    if (rating < f.rating) continue;
    if (q) {
      const hay = searchKey(`${p.name} ${categoryName(world, p.category)} ${areaName(world, p.area)} ${p.about}`);
      if (!hay.includes(q)) continue;
    }
    out.push({ place: p, rating, count, open });
  }
  const byName = (a, b) => compareText(a.place.name, b.place.name);
  const key = {
    match: (a, b) => (b.open - a.open) || (b.rating - a.rating),
    rating: (a, b) => (b.rating - a.rating) || (b.count - a.count),
    reviews: (a, b) => b.count - a.count,
    price: (a, b) => a.place.price - b.place.price,
    name: () => 0,
  }[f.sort] || (() => 0);
  return out.sort((a, b) => key(a, b) || byName(a, b));
}

/** Return the next `n` dates ("YYYY-MM-DD") from the day of `now`. */
export function nextDays(now, n = 7) {
  const start = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: n }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

/** Return the virtual ms of "YYYY-MM-DD" + "HH:MM". */
export function at(date, time) {
  return Date.parse(`${date}T${time}:00Z`);
}

/** Return the text the Share button sends for a place. */
export function shareText(world, data, p) {
  const { rating, count } = ratingOf(world, data, p.id);
  return `${p.name} · ${p.address}, ${areaName(world, p.area)} · ★${rating.toFixed(1)} (${count} reviews) · ${categoryName(world, p.category)}`;
}

export { DAY_MS, WEEKDAYS };
