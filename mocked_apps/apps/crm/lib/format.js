// Whole-dollar amounts, "YYYY-MM-DD" dates on the virtual clock, and the parsers and checks of what a user types.

import { DAY_MS } from './constants.js';

/** Return "YYYY-MM-DD" `days` after the UTC date of `ms`. */
export function dateAfter(ms, days) {
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  return new Date(midnight + days * DAY_MS).toISOString().slice(0, 10);
}

/** Format whole dollars as "$48,000". */
export function dollars(n) {
  return `$${String(Math.round(Number(n) || 0)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** Parse whole dollars ("48000", "48,000", "$48,000"); {error} when not a positive whole amount. */
export function parseAmount(text) {
  const t = String(text ?? '').trim().replace(/^\$/, '');
  if (!t) return { error: 'Enter an amount' };
  if (!/^(\d{1,3}(,\d{3})+|\d+)$/.test(t)) return { error: 'Enter a whole dollar amount, e.g. 25000' };
  const v = Number(t.replace(/,/g, ''));
  if (v <= 0) return { error: 'Amount must be more than 0' };
  if (v > 100000000) return { error: 'Amount is too large' };
  return { value: v };
}

/** Parse "YYYY-MM-DD" (a real calendar date); {error} otherwise. */
export function parseDate(text) {
  const t = String(text ?? '').trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) return { error: 'Use the format YYYY-MM-DD' };
  const ms = Date.parse(`${t}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== t) return { error: 'Not a real date' };
  return { value: t };
}

/** Parse a probability 0–100 (whole percent). */
export function parseProbability(text) {
  const t = String(text ?? '').trim().replace(/%$/, '');
  if (!/^\d{1,3}$/.test(t) || Number(t) > 100) return { error: 'Probability must be a whole number from 0 to 100' };
  return { value: Number(t) };
}

export function isEmail(text) {
  return /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(String(text ?? '').trim());
}

/** A phone number: digits with spaces, dots, dashes or brackets, an optional leading "+", 6 to 15 digits
 * ("1-----" or "1((((((" passed the old pattern of one digit and any five separators). */
export function isPhone(text) {
  const t = String(text ?? '').trim();
  const digits = t.replace(/\D/g, '').length;
  return /^\+?[\d(][\d\s().-]{5,}$/.test(t) && digits >= 6 && digits <= 15;
}

export function norm(text) {
  return String(text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}
