// Money in integer cents, "YYYY-MM-DD" dates on the virtual clock, and the parsers of what a user types.

import { PCT_MIN, PCT_MAX, DAY_MS } from './constants.js';

/** Return "YYYY-MM-DD" `days` after the UTC date of `ms`. */
export function dateAfter(ms, days) {
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  return new Date(midnight + days * DAY_MS).toISOString().slice(0, 10);
}

/** Format cents as "$1,234.50" (negative as "−$3.00"). */
export function money(cents) {
  const n = Math.round(Number(cents) || 0);
  const abs = Math.abs(n);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '−' : ''}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parse a money text ("24", "24.5", "$1,024.50") to cents; {error} when invalid or negative. */
export function parseMoney(text) {
  const t = String(text ?? '').trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { error: 'Enter an amount like 24.50' };
  const [whole, frac = ''] = t.split('.');
  return { value: Number(whole) * 100 + Number((frac + '00').slice(0, 2)) };
}

/** Parse a whole-number percentage ("-10", "+15", "20%"); {error} outside PCT_MIN..PCT_MAX or zero. */
export function parsePercent(text) {
  const t = String(text ?? '').trim().replace(/%$/, '').replace(/^\+/, '').replace(/^−/, '-');
  if (!/^-?\d+$/.test(t)) return { error: 'Enter a whole percentage, e.g. 10 or -15' };
  const v = Number(t);
  if (v === 0) return { error: 'A change of 0% changes nothing' };
  if (v < PCT_MIN || v > PCT_MAX) return { error: `Percent change must be between ${PCT_MIN} and +${PCT_MAX}` };
  return { value: v };
}

/** Parse a whole number within [min, max]; {error} otherwise. */
export function parseInt10(text, { min = 0, max = 100000, label = 'Value' } = {}) {
  const t = String(text ?? '').trim().replace(/^\+/, '');
  if (!/^-?\d+$/.test(t)) return { error: `${label} must be a whole number` };
  const v = Number(t);
  if (v < min || v > max) return { error: `${label} must be between ${min} and ${max}` };
  return { value: v };
}

/** Price after a percentage change, rounded half up to the cent (integer arithmetic). */
export function applyPercent(price, pct) {
  return Math.floor((price * (100 + pct) + 50) / 100);
}

export function isEmail(text) {
  return /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(String(text ?? '').trim());
}
