// Timetable, fares, availability and money: pure functions over the read-only world
// and the app's `data`. No clock or randomness: availability is a hash of
// (train, service date, class) minus the tickets booked in `data.orders`.

import { parseDate, isoDate, addDays, DAY_MS } from '../../../runtime/core/clock.js';
import { compareText } from '../../../runtime/core/text.js';

export const MINUTE_MS = 60000;

/** Return the minutes after midnight of "HH:MM". */
export function toMin(hhmm) {
  const [h, m] = String(hhmm).split(':').map(Number);
  return h * 60 + m;
}

/** Return "2h 05m" (or "45m") for a duration in minutes. */
export function fmtDuration(min) {
  const h = Math.floor(min / 60);
  const m = min % 60;
  return h ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m`;
}

/** Return the world record of a station / train / train type / class id (or undefined). */
export const station = (world, id) => world.stations.find((s) => s.id === id);
export const train = (world, id) => world.trains.find((t) => t.id === id);
export const trainType = (world, id) => world.train_types.find((t) => t.id === id);
export const className = (world, id) => (world.classes.find((c) => c.id === id) || { name: id }).name;
export const stationName = (world, id) => (station(world, id) || { name: id }).name;

/** Return the dates a booking may be made for: today and the next booking_days - 1 days. */
export function bookingDates(world, now) {
  return Array.from({ length: world.booking_days || 14 }, (_, i) => addDays(now, i));
}

/** Return the weekday (0 = Sun) of "YYYY-MM-DD". */
export function weekday(date) {
  return new Date(parseDate(date)).getUTCDay();
}

/** Return whether a train runs on the service date (the date it leaves its first station). */
export function runsOn(world, t, serviceDate) {
  return (world.runs[t.runs] || []).includes(weekday(serviceDate));
}

/** Return the part of train `t` from station `from` to a later station `to`, or null. */
export function segment(t, from, to) {
  const i = t.stops.findIndex((s) => s.station === from);
  const j = t.stops.findIndex((s) => s.station === to);
  if (i < 0 || j < 0 || j <= i) return null;
  const a = t.stops[i];
  const b = t.stops[j];
  const depAbs = a.day * 1440 + toMin(a.dep);
  const arrAbs = b.day * 1440 + toMin(b.arr);
  return {
    from, to, i, j,
    depart: a.dep,
    arrive: b.arr,
    depDay: a.day,
    arriveDays: b.day - a.day,
    minutes: arrAbs - depAbs,
    km: b.km - a.km,
  };
}

/** Return the service date (first station's date) of a boarding date on a segment. */
export function serviceDate(date, seg) {
  return seg.depDay ? addDays(parseDate(date), -seg.depDay) : date;
}

/** Return the whole-unit fare of a class on a segment: the route fare pro rata by km, rounded half up. */
export function segmentFare(t, classId, seg) {
  const cls = t.classes.find((c) => c.id === classId);
  if (!cls) return null;
  const routeKm = t.stops[t.stops.length - 1].km;
  return Math.floor((cls.fare * seg.km * 2 + routeKm) / (2 * routeKm));
}

/** Return the FNV-1a hash (uint32) of a string. */
export function hash32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h >>> 0;
}

/** Return the seats other customers hold on a run and class (a fixed share; about 1 in 10 sold out). */
export function baseBooked(trainId, svcDate, cls) {
  const pct = hash32(`${trainId}|${svcDate}|${cls.id}`) % 100;
  return pct >= 90 ? cls.seats : Math.floor((cls.seats * pct) / 100);
}

/** Return the service date of an order (the run its tickets belong to). */
export function orderServiceDate(world, order) {
  const t = train(world, order.train);
  const seg = t && segment(t, order.from, order.to);
  return seg ? serviceDate(order.date, seg) : order.date;
}

/** Return the seat labels held by paid orders on a run and class. */
export function heldSeats(world, data, trainId, svcDate, classId) {
  const out = [];
  for (const o of data.orders || []) {
    if (o.status === 'paid' && o.train === trainId && o.class === classId && orderServiceDate(world, o) === svcDate) out.push(...(o.seats || []));
  }
  return out;
}

/** Return how many seats of a class are still free on a run. */
export function seatsLeft(world, data, t, svcDate, classId) {
  const cls = t.classes.find((c) => c.id === classId);
  if (!cls) return 0;
  return Math.max(0, cls.seats - baseBooked(t.id, svcDate, cls) - heldSeats(world, data, t.id, svcDate, classId).length);
}

const LAYOUT = {
  business: { letters: 'ACF', perCar: 12 },
  first: { letters: 'ACDF', perCar: 28 },
  second: { letters: 'ABCDF', perCar: 80 },
  sleeper: { letters: 'LU', perCar: 16 },
};

/** Return the label "CC-RRL" (car, row, letter) of seat index k of a class on a train. */
export function seatLabel(t, classId, k) {
  let car = 1;
  for (const c of t.classes) {
    const lay = LAYOUT[c.id] || LAYOUT.second;
    if (c.id === classId) {
      const within = k % lay.perCar;
      const row = Math.floor(within / lay.letters.length) + 1;
      const pad = (n) => String(n).padStart(2, '0');
      return `${pad(car + Math.floor(k / lay.perCar))}-${pad(row)}${lay.letters[within % lay.letters.length]}`;
    }
    car += Math.ceil(c.seats / lay.perCar);
  }
  return null;
}

/** Return `count` free seat labels of a class on a run (lowest free indices first). */
export function assignSeats(world, data, t, svcDate, classId, count) {
  const cls = t.classes.find((c) => c.id === classId);
  const held = new Set(heldSeats(world, data, t.id, svcDate, classId));
  const out = [];
  for (let k = baseBooked(t.id, svcDate, cls); k < cls.seats && out.length < count; k += 1) {
    const label = seatLabel(t, classId, k);
    if (!held.has(label)) out.push(label);
  }
  return out;
}

/** Return the virtual ms at which a train leaves `hhmm` on `date`. */
export function departureMs(date, hhmm) {
  return parseDate(date) + toMin(hhmm) * MINUTE_MS;
}

/**
 * Return the trains from `from` to `to` on boarding date `date`, sorted by departure.
 * Each: {train, type, seg, departed, classes: [{id, fare, left}], cheapest: {id, fare} | null, left}.
 */
export function searchTrains(world, data, { from, to, date }, now) {
  const out = [];
  for (const t of world.trains) {
    const seg = segment(t, from, to);
    if (!seg) continue;
    const svc = serviceDate(date, seg);
    if (!runsOn(world, t, svc)) continue;
    const departed = departureMs(date, seg.depart) <= now;
    const classes = t.classes.map((c) => ({ id: c.id, fare: segmentFare(t, c.id, seg), left: departed ? 0 : seatsLeft(world, data, t, svc, c.id) }));
    const open = classes.filter((c) => c.left > 0);
    const cheapest = open.length ? open.reduce((a, b) => (b.fare < a.fare ? b : a)) : null;
    out.push({ train: t.id, type: t.type, seg, svc, departed, classes, cheapest, left: open.reduce((n, c) => n + c.left, 0) });
  }
  return out.sort((a, b) => toMin(a.seg.depart) - toMin(b.seg.depart) || compareText(a.train, b.train));
}

/** Return the cents of an amount in whole units (amounts are stored as cents / 100). */
export const toCents = (units) => Math.round(Number(units) * 100);
export const toUnits = (cents) => cents / 100;

/** Return "¤1,234.50". */
export function money(world, units) {
  const cents = toCents(units);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${world.currency || '¤'}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Return the fare in cents for one passenger type (children pay half). */
export function ticketCents(fare, type) {
  return type === 'child' ? fare * 50 : fare * 100;
}

/**
 * Return the refund quote of an order at `now`: {ok, reason, pct, fee, amount} (units).
 * Fee: 5% when departure is more than a day away, else 20%; rounded half up to the cent.
 */
export function refundQuote(order, now) {
  if (order.status !== 'paid') return { ok: false, reason: `This order is ${order.status}.` };
  const dep = departureMs(order.date, order.depart);
  if (dep <= now) return { ok: false, reason: 'This train has already departed.' };
  const pct = dep - now > DAY_MS ? 5 : 20;
  const total = toCents(order.price_total);
  const fee = Math.floor((total * pct + 50) / 100);
  return { ok: true, pct, fee: toUnits(fee), amount: toUnits(total - fee) };
}

/** Return the text shared for an order: "<train> <date> <from>→<to> <depart>". */
export function shareText(world, order) {
  return `${order.train} ${order.date} ${stationName(world, order.from)}→${stationName(world, order.to)} ${order.depart}`;
}

/** Return "Sun, Mar 15" for "YYYY-MM-DD". */
export function dateLabel(clock, date) {
  return clock.shortDate(parseDate(date));
}

export { isoDate, parseDate, addDays, DAY_MS };
