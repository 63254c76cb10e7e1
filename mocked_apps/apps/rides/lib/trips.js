// Wayfin trips: the ride record, its timeline and phase on the virtual clock, driver
// assignment, cancellation fees, the seeded history, and the texts shared to Messages.
//
// A ride's phase is a function of the clock: searching (first `search_minutes`) →
// arriving (driver on the way) → in_progress → completed. The agent's `wait` action
// moves the clock; the reducer settles finished rides lazily (status "completed").

import * as clock from '../../../runtime/core/clock.js';
import * as F from './fares.js';

const MIN = 60000;
const DAY = 86400000;

/** Return a 32-bit FNV-1a hash of a string. */
export function fnv(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Return the driver and approach minutes for a new ride: deterministic from the trip and the ride count. */
export function assignDriver(world, { pickup, dest, type }, count) {
  const pool = (world.drivers || []).filter((d) => d.type === type);
  const h = fnv(`${pickup}>${dest}>${type}>${count}`);
  return { driver: pool.length ? pool[h % pool.length].id : null, approach_min: 3 + ((h >>> 8) % 6) };
}

/** Return the ride's phase at `now`: searching | arriving | in_progress | completed | cancelled. */
export function phase(ride, now) {
  if (ride.status === 'cancelled') return 'cancelled';
  if (ride.status === 'completed' || now >= ride.dropoff_at) return 'completed';
  if (now < ride.found_at) return 'searching';
  if (now < ride.pickup_at) return 'arriving';
  return 'in_progress';
}

/** Return the active ride (not completed, not cancelled at `now`), or null. */
export function activeRide(data, now) {
  return (data.rides || []).find((r) => r.status === 'active' && phase(r, now) !== 'completed') || null;
}

/** Return the cancellation fee at `now`: 0 while searching, the type's fee once a driver is on the way, null when it can't be cancelled. */
export function cancelFee(world, ride, now) {
  const p = phase(ride, now);
  if (p === 'searching') return 0;
  if (p === 'arriving') return (F.findType(world, ride.type) || {}).cancel_fee_cents || 0;
  return null;
}

/** Mark rides whose drop-off time has passed as completed and charge them; return whether any changed. */
export function settle(data, now) {
  let changed = false;
  for (const r of data.rides || []) {
    if (r.status === 'active' && now >= r.dropoff_at) {
      r.status = 'completed';
      r.charged_cents = r.total_cents;
      changed = true;
    }
  }
  return changed;
}

/** Build a ride record booked at `now` (the quote must be valid). */
export function makeRide(world, { id, pickup, dest, type, payment, quote, now, count }) {
  const { driver, approach_min: approach } = assignDriver(world, { pickup, dest, type }, count);
  const found = now + (world.search_minutes ?? 2) * MIN;
  const pickupAt = found + approach * MIN;
  return {
    id, pickup, dest, type, payment, driver,
    km: quote.route.km, min: quote.route.min, surge_pct: quote.surge.pct,
    fare_cents: quote.fare_cents, promo: quote.discount_cents ? quote.promo : null, discount_cents: quote.discount_cents,
    total_cents: quote.total_cents, charged_cents: null,
    booked_at: now, found_at: found, pickup_at: pickupAt, dropoff_at: pickupAt + quote.route.min * MIN,
    status: 'active', cancelled_at: null, cancel_fee_cents: 0, rating: null,
  };
}

/** Return the seeded ride history (priced by the same rules, times relative to the day of `now`). */
export function seedHistory(world, now) {
  const today = Math.floor(now / DAY) * DAY;
  return (world.history || []).map((h) => {
    const [hh, mm] = h.at.split(':').map(Number);
    const booked = today - h.days_ago * DAY + (hh * 60 + mm) * MIN;
    const q = F.quote(world, { used_promos: [] }, { pickup: h.pickup, dest: h.dest, type: h.type, promo: h.promo || null, now: booked });
    const found = booked + (world.search_minutes ?? 2) * MIN;
    const pickupAt = found + h.approach_min * MIN;
    const ride = {
      id: h.id, pickup: h.pickup, dest: h.dest, type: h.type, payment: h.payment, driver: h.driver,
      km: q.route.km, min: q.route.min, surge_pct: q.surge.pct,
      fare_cents: q.fare_cents, promo: q.discount_cents ? q.promo : null, discount_cents: q.discount_cents,
      total_cents: q.total_cents, charged_cents: q.total_cents,
      booked_at: booked, found_at: found, pickup_at: pickupAt, dropoff_at: pickupAt + q.route.min * MIN,
      status: 'completed', cancelled_at: null, cancel_fee_cents: 0, rating: h.rating ?? null,
    };
    if (h.cancel_after_min !== undefined) {
      ride.status = 'cancelled';
      ride.cancelled_at = booked + h.cancel_after_min * MIN;
      ride.cancel_fee_cents = cancelFee(world, { ...ride, status: 'active' }, ride.cancelled_at) || 0;
      ride.charged_cents = ride.cancel_fee_cents;
      ride.rating = null;
    }
    return ride;
  });
}

/** Return "Tue, Mar 10 · 12:20" for a time. */
export const when = (ms) => `${clock.shortDate(ms)} · ${clock.hhmm(ms)}`;

/** Return the ETA text shared to Messages for an active ride. */
export function etaText(world, ride) {
  const d = F.findDriver(world, ride.driver) || {};
  const type = (F.findType(world, ride.type) || {}).name || ride.type;
  return `I'm on my way to ${F.placeName(world, ride.dest)} in a ${world.app_name || 'Wayfin'} ${type} ride `
    + `(${d.car || 'car'}, ${d.plate || ''}, driver ${d.name || ''}). ETA ${clock.hhmm(ride.dropoff_at)}.`;
}

/** Return the receipt text shared to Messages for a finished (or cancelled) ride. */
export function receiptText(world, ride) {
  const type = (F.findType(world, ride.type) || {}).name || ride.type;
  const pay = (world.payment_methods || []).find((p) => p.id === ride.payment);
  const trip = `${F.placeName(world, ride.pickup)} → ${F.placeName(world, ride.dest)}`;
  const card = pay ? `${pay.label} •• ${pay.last4}` : ride.payment;
  if (ride.status === 'cancelled') {
    return `${world.app_name || 'Wayfin'} receipt: cancelled ${type} ride ${trip} on ${when(ride.booked_at)}. Cancellation fee ${F.money(ride.cancel_fee_cents)} (${card}).`;
  }
  return `${world.app_name || 'Wayfin'} receipt: ${type} ride ${trip} on ${when(ride.booked_at)}, ${ride.km} km, ${ride.min} min. `
    + `Total ${F.money(ride.total_cents)} (${card}).`;
}
