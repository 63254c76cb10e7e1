// Wayfin selectors: rides, history, place search and matching, calendar events, the booking's payment and quote.

import * as clock from '../../../runtime/core/clock.js';
import * as F from './fares.js';
import { matchesQuery } from '../../../runtime/core/text.js';

export const findRide = (data, id) => (data.rides || []).find((r) => r.id === id) || null;

/** Return the rides newest first; rides booked in the same minute by booking order (the later one first). */
export function rideHistory(data) {
  const rides = data.rides || [];
  const order = new Map(rides.map((r, i) => [r, i]));
  return [...rides].sort((a, b) => b.booked_at - a.booked_at || order.get(b) - order.get(a));
}

/** Return up to `n` distinct recent destinations (place ids), newest first. */
export function recentDestinations(data, n = 3) {
  const out = [];
  for (const r of rideHistory(data)) if (!out.includes(r.dest)) out.push(r.dest);
  return out.slice(0, n);
}

/** Return the places whose name or area matches a search, in world order. */
export function searchPlaces(world, query) {
  return (world.places || []).filter((p) => matchesQuery(query, [p.name, p.area]));
}

/** Return the place id a free-text location means (a place name inside it, or "home"/"work"), or null. */
export function matchPlace(world, data, text) {
  const t = String(text || '').trim().toLowerCase();
  if (!t) return null;
  const exact = (world.places || []).find((p) => p.id === text);
  if (exact) return exact.id;
  const hit = (world.places || []).find((p) => t.includes(p.name.toLowerCase()) || p.name.toLowerCase() === t);
  if (hit) return hit.id;
  if (/^(home|my home)$/.test(t) && data.saved && data.saved.home) return data.saved.home;
  if (/^(work|office|my office)$/.test(t) && data.saved && data.saved.work) return data.saved.work;
  return null;
}

/**
 * Return upcoming calendar events (today and the next 7 days, at most `limit`) whose location is
 * a Wayfin place: [{id, title, date, start, location, place}], soonest first. [] without a Calendar app.
 */
export function calendarEvents(world, data, peek, now, limit = 5) {
  const cal = typeof peek === 'function' ? peek('calendar') : null;
  const list = cal && cal.data && Array.isArray(cal.data.events) ? cal.data.events : [];
  const today = clock.isoDate(now);
  const last = clock.addDays(now, 7);
  return list
    .filter((e) => e && typeof e.id === 'string' && typeof e.date === 'string' && e.date >= today && e.date <= last)
    .map((e) => ({ id: e.id, title: String(e.title || 'Event'), date: e.date, start: String(e.start || ''), location: String(e.location || ''),
      place: matchPlace(world, data, e.location) }))
    .filter((e) => e.place)
    .sort((a, b) => (a.date + a.start < b.date + b.start ? -1 : a.date + a.start > b.date + b.start ? 1 : 0))
    .slice(0, limit);
}

/** Return the payment method the booking uses. */
export function bookingPayment(state) {
  return state.ui.payment || state.data.default_payment;
}

/** Return the quote of the booking being prepared (null without a route). */
export function currentQuote(state, world, now) {
  const { ui } = state;
  if (!ui.pickup || !ui.dest) return null;
  return F.quote(world, state.data, { pickup: ui.pickup, dest: ui.dest, type: ui.type, promo: ui.promo, now });
}
