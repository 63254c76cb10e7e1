// Pure selectors of the Clock app: tabs and weekdays, parsing times, alarm rings, cities, the timer,
// the stopwatch and bedtime.

import { parseTime } from '../../../runtime/core/clock.js';
import { DAY, MIN } from './units.js';
import { compareText, matchesQuery } from '../../../runtime/core/text.js';

export { parseTime };

/** Main tabs, in bar order. */
export const TABS = ['alarms', 'world', 'timer', 'stopwatch', 'bedtime'];
/** Day chips in display order (Mon first); values are 0=Sun..6=Sat. */
export const WEEK = [[1, 'Mon'], [2, 'Tue'], [3, 'Wed'], [4, 'Thu'], [5, 'Fri'], [6, 'Sat'], [0, 'Sun']];
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MAX_TIMER = 99 * 3600000 + 59 * MIN + 59000;

/** Return minutes since midnight of "HH:MM". */
export function minutesOf(hhmm) {
  const [h, m] = String(hhmm).split(':').map(Number);
  return h * 60 + m;
}

/** Read a whole number from an action argument: a number, or digits as text ("3", " 3 "); NaN for anything else
 * ("", null, true, "2x"), so an empty or odd argument is refused instead of read as 0 or 1. */
export function wholeNumber(value) {
  if (typeof value === 'number') return Number.isInteger(value) ? value : NaN;
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
}

/** Return a sorted, de-duplicated list of valid weekday numbers. */
export function normDays(days) {
  return [...new Set((Array.isArray(days) ? days : []).map(wholeNumber).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6))].sort((a, b) => a - b);
}

/** Return "Once", "Every day", "Weekdays", "Weekends" or "Mon, Wed, Fri". */
export function daysText(days) {
  const d = normDays(days);
  if (!d.length) return 'Once';
  if (d.length === 7) return 'Every day';
  if (d.join() === '1,2,3,4,5') return 'Weekdays';
  if (d.join() === '0,6') return 'Weekends';
  return WEEK.filter(([n]) => d.includes(n)).map(([, name]) => name).join(', ');
}

/** Return the virtual ms of an alarm's next ring after `now`, or null when it is off. */
export function nextRing(alarm, now) {
  if (!alarm || !alarm.on) return null;
  const midnight = Math.floor(now / DAY) * DAY;
  const at = minutesOf(alarm.time) * MIN;
  const days = normDays(alarm.days);
  const weekday = new Date(midnight).getUTCDay();
  for (let offset = 0; offset <= 7; offset += 1) {
    const t = midnight + offset * DAY + at;
    if (t <= now) continue;
    if (!days.length || days.includes((weekday + offset) % 7)) return t;
  }
  return null;
}

/** Return the alarms sorted by time of day, then label, then the order they were made in (list order: "al9" before "al10"). */
export function sortedAlarms(alarms) {
  return (alarms || []).map((a, i) => [a, i])
    .sort(([a, i], [b, j]) => (minutesOf(a.time) - minutesOf(b.time)) || compareText(a.label, b.label) || i - j)
    .map(([a]) => a);
}

/** Return {alarm, at} of the alarm that rings next, or null. */
export function nextAlarm(alarms, now) {
  let best = null;
  for (const a of alarms || []) {
    const at = nextRing(a, now);
    if (at !== null && (!best || at < best.at)) best = { alarm: a, at };
  }
  return best;
}

/** Return the alarms that ring on the day `offset` days from now (0 today, 1 tomorrow), earliest first. */
export function ringsOn(alarms, now, offset) {
  const day = Math.floor(now / DAY) + offset;
  return sortedAlarms((alarms || []).filter((a) => {
    if (!a.on) return false;
    const days = normDays(a.days);
    const at = day * DAY + minutesOf(a.time) * MIN;
    if (at <= now) return false;
    if (!days.length) return nextRing(a, now) === at;
    return days.includes(new Date(day * DAY).getUTCDay());
  }));
}

/** Return "in 5 h 20 min" for a span of ms. */
export function untilText(ms) {
  const total = Math.max(0, Math.ceil(ms / MIN));
  const d = Math.floor(total / 1440);
  const h = Math.floor((total % 1440) / 60);
  const m = total % 60;
  if (d) return `in ${d} d ${h} h`;
  if (h) return `in ${h} h ${m} min`;
  return `in ${m} min`;
}

/** Return true when another alarm (not `exceptId`) has the same time and the same days. */
export function isDuplicate(alarms, time, days, exceptId = null) {
  const key = normDays(days).join();
  return (alarms || []).some((a) => a.id !== exceptId && a.time === time && normDays(a.days).join() === key);
}

/** Validate the alarm form: returns {values: {time, label, days}, errors}. */
export function validateAlarm(drafts, days, alarms, exceptId = null) {
  const errors = {};
  const time = parseTime(drafts.time);
  const label = String(drafts.label ?? '').trim();
  if (!String(drafts.time ?? '').trim()) errors.time = 'Enter a time';
  else if (!time) errors.time = 'Use HH:MM, e.g. 07:30';
  if (label.length > 30) errors.label = 'Use 30 characters or fewer';
  const d = normDays(days);
  if (time && isDuplicate(alarms, time, d, exceptId)) errors.duplicate = `An alarm for ${time} (${daysText(d)}) already exists`;
  return { values: { time, label, days: d }, errors };
}

/** Return the city records of `ids` (unknown ids skipped). */
export function citiesOf(world, ids) {
  const all = world.cities || [];
  return (ids || []).map((id) => all.find((c) => c.id === id)).filter(Boolean);
}

/** Return the wall time at a city: {hhmm, dayDelta (-1/0/1), diffText ("+9 h", "-4 h 30 min", "Same time")}. */
export function cityTime(city, now) {
  const ms = now + city.offset * MIN;
  const d = new Date(ms);
  const hhmm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  const dayDelta = Math.floor(ms / DAY) - Math.floor(now / DAY);
  const abs = Math.abs(city.offset);
  const diff = city.offset === 0 ? 'Same time' : `${city.offset > 0 ? '+' : '-'}${Math.floor(abs / 60)} h${abs % 60 ? ` ${abs % 60} min` : ''}`;
  return { hhmm, dayDelta, diffText: diff, weekday: DAY_NAMES[d.getUTCDay()] };
}

/** Return the cities matching a search (name or country; case and accents aside: "sao" finds São Paulo), alphabetical. */
export function searchCities(world, query, exclude = []) {
  return (world.cities || [])
    .filter((c) => !exclude.includes(c.id))
    .filter((c) => matchesQuery(query, [c.name, c.country]))
    .sort((a, b) => compareText(a.name, b.name));
}

/** Return the timer's phase: "idle" | "running" | "paused" | "done", and its remaining ms. */
export function timerStatus(timer, now) {
  const t = timer || {};
  if (typeof t.end === 'number') {
    const remaining = t.end - now;
    return remaining <= 0 ? { phase: 'done', remaining: 0, over: -remaining } : { phase: 'running', remaining };
  }
  if (typeof t.remaining === 'number') return { phase: 'paused', remaining: t.remaining };
  return { phase: 'idle', remaining: t.duration || 0 };
}

/** Return the stopwatch's elapsed ms. */
export function stopwatchElapsed(sw, now) {
  const s = sw || {};
  return (s.acc || 0) + (typeof s.start === 'number' ? Math.max(0, now - s.start) : 0);
}

/** Return "H:MM:SS" / "MM:SS" for ms (floor to the second). */
export function hms(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n) => String(n).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}` : `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

/** Return "MM:SS.cc" for stopwatch ms. */
export function swText(ms) {
  const cs = Math.floor(Math.max(0, ms) / 10) % 100;
  return `${hms(ms)}.${String(cs).padStart(2, '0')}`;
}

/** Parse the timer fields (hours, minutes, seconds; blanks are 0). Returns {ms} or {error}. */
export function parseTimer(drafts) {
  const parts = ['th', 'tm', 'ts'].map((k) => String(drafts[k] ?? '').trim());
  if (parts.some((p) => p && !/^\d{1,2}$/.test(p))) return { error: 'Use whole numbers' };
  const [h, m, s] = parts.map((p) => Number(p || 0));
  if (m > 59 || s > 59) return { error: 'Minutes and seconds go up to 59' };
  const ms = ((h * 60 + m) * 60 + s) * 1000;
  if (ms <= 0) return { error: 'Set a time first' };
  return { ms: Math.min(ms, MAX_TIMER) };
}

/** Return the sleep length in minutes between bedtime and wake time. */
export function sleepMinutes(bed, wake) {
  return ((minutesOf(wake) - minutesOf(bed)) % 1440 + 1440) % 1440;
}