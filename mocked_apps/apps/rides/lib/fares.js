// Wayfin pricing: routes over the road graph, surge by time of day, fares by ride
// type, promo codes with conditions. Pure functions; money in integer cents.

import * as clock from '../../../runtime/core/clock.js';

export const CURRENCY = '¤';

/** Return "¤12.30" for 1230 cents ("−¤4.00" for negatives). */
export function money(cents) {
  const abs = Math.abs(Math.round(cents));
  const body = `${CURRENCY}${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `−${body}` : body;
}

export const findPlace = (world, id) => (world.places || []).find((p) => p.id === id) || null;
export const findType = (world, id) => (world.ride_types || []).find((t) => t.id === id) || null;
export const findDriver = (world, id) => (world.drivers || []).find((d) => d.id === id) || null;
export const findPromo = (world, code) => (world.promos || []).find((p) => p.code === String(code || '').trim().toUpperCase()) || null;
export const placeName = (world, id) => (findPlace(world, id) || {}).name || '—';

/**
 * Return the fastest route {km, min, via: [place ids]} between two places (Dijkstra on
 * minutes, ties broken by distance), or null when there is none.
 */
export function route(world, from, to) {
  if (!findPlace(world, from) || !findPlace(world, to) || from === to) return null;
  const adj = {};
  for (const [a, b, km, min] of world.roads || []) {
    const k10 = Math.round(km * 10);
    (adj[a] = adj[a] || []).push([b, k10, min]);
    (adj[b] = adj[b] || []).push([a, k10, min]);
  }
  const best = { [from]: [0, 0] };
  const prev = {};
  const done = new Set();
  for (;;) {
    let cur = null;
    for (const [id, cost] of Object.entries(best)) {
      if (done.has(id)) continue;
      if (!cur || cost[0] < best[cur][0] || (cost[0] === best[cur][0] && (cost[1] < best[cur][1] || (cost[1] === best[cur][1] && id < cur)))) cur = id;
    }
    if (cur === null) return null;
    if (cur === to) break;
    done.add(cur);
    for (const [next, k10, min] of adj[cur] || []) {
      const cand = [best[cur][0] + min, best[cur][1] + k10];
      const old = best[next];
      if (!old || cand[0] < old[0] || (cand[0] === old[0] && cand[1] < old[1])) {
        best[next] = cand;
        prev[next] = cur;
      }
    }
  }
  const via = [to];
  while (via[0] !== from) via.unshift(prev[via[0]]);
  return { min: best[to][0], km10: best[to][1], km: best[to][1] / 10, via };
}

const toMin = (hhmm) => {
  const [h, m] = String(hhmm).split(':').map(Number);
  return h * 60 + m;
};

/** Return whether the time of day of `ms` is inside [from, to) ("HH:MM"; windows may pass midnight). */
export function inWindow(ms, from, to) {
  const d = new Date(ms);
  const t = d.getUTCHours() * 60 + d.getUTCMinutes();
  const a = toMin(from);
  const b = toMin(to);
  return a <= b ? t >= a && t < b : t >= a || t < b;
}

/** Return the surge at a time: {pct: 100 | 130 | ..., label}. */
export function surgeAt(world, ms) {
  const hit = (world.surge || []).find((s) => inWindow(ms, s.from, s.to));
  return hit ? { pct: hit.pct, label: hit.label } : { pct: 100, label: '' };
}

/**
 * Return the fare in cents of a ride type over a route at a surge:
 * max(min fare, base + per km × km + per min × min) × surge, rounded half up to the cent.
 */
export function fareCents(type, rt, surgePct) {
  const raw10 = Math.max(type.min_fare_cents * 10, type.base_cents * 10 + type.per_km_cents * rt.km10 + type.per_min_cents * rt.min * 10);
  return Math.floor((raw10 * surgePct + 500) / 1000);
}

/** Return why a promo code cannot be used on a ride, or null. ride: {type, fare_cents, km10, now}. */
export function promoProblem(world, data, code, ride) {
  const promo = findPromo(world, code);
  if (!promo) return 'This code does not exist';
  if ((data.used_promos || []).includes(promo.code)) return 'You have already used this code';
  if (promo.expires && clock.isoDate(ride.now) > promo.expires) return `This code expired on ${clock.shortDate(clock.parseDate(promo.expires)).slice(5)}`;
  if (promo.types && !promo.types.includes(ride.type)) {
    return `Only for ${promo.types.map((t) => (findType(world, t) || { name: t }).name).join(' or ')} rides`;
  }
  if (promo.min_fare_cents && ride.fare_cents < promo.min_fare_cents) return `Only for fares of ${money(promo.min_fare_cents)} or more`;
  if (promo.min_km && ride.km10 < promo.min_km * 10) return `Only for rides of ${promo.min_km} km or more`;
  if (promo.from && !inWindow(ride.now, promo.from, promo.to)) return `Only for rides booked between ${promo.from} and ${promo.to}`;
  return null;
}

/** Return the discount in cents of a (valid) promo on a fare. */
export function discountCents(promo, fare) {
  let d = promo.kind === 'percent' ? Math.floor((fare * promo.value + 50) / 100) : promo.value;
  if (promo.max_cents) d = Math.min(d, promo.max_cents);
  return Math.min(d, fare);
}

/** Return a human summary of a promo's conditions. */
export function promoTerms(world, promo) {
  const parts = [];
  if (promo.types) parts.push(`${promo.types.map((t) => (findType(world, t) || { name: t }).name).join('/')} only`);
  if (promo.min_fare_cents) parts.push(`fares from ${money(promo.min_fare_cents)}`);
  if (promo.min_km) parts.push(`${promo.min_km} km or more`);
  if (promo.from) parts.push(`booked ${promo.from}–${promo.to}`);
  if (promo.max_cents) parts.push(`up to ${money(promo.max_cents)} off`);
  if (promo.expires) parts.push(`until ${clock.shortDate(clock.parseDate(promo.expires)).slice(5)}`);
  parts.push('one use');
  return parts.join(' · ');
}

/**
 * Return the quote of a ride: {route, surge, fare_cents, promo, promo_error, discount_cents, total_cents},
 * or null without a route. `promo` is the code entered (may be invalid: then no discount and promo_error).
 */
export function quote(world, data, { pickup, dest, type, promo = null, now }) {
  const rt = route(world, pickup, dest);
  const t = findType(world, type);
  if (!rt || !t) return null;
  const surge = surgeAt(world, now);
  const fare = fareCents(t, rt, surge.pct);
  let discount = 0;
  let error = null;
  if (promo) {
    error = promoProblem(world, data, promo, { type, fare_cents: fare, km10: rt.km10, now });
    if (!error) discount = discountCents(findPromo(world, promo), fare);
  }
  return { route: rt, surge, fare_cents: fare, promo: promo ? String(promo).trim().toUpperCase() : null, promo_error: error, discount_cents: discount, total_cents: fare - discount };
}
