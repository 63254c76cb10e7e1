// Pure date and time helpers of the Calendar app: ISO dates, parsing typed dates and times, labels, the month grid.

const DAY_MS = 86400000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
  'November', 'December'];

export const pad = (n) => String(n).padStart(2, '0');

/** Return "YYYY-MM-DD" of a virtual timestamp. */
export function isoDate(ms) {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Return the UTC midnight of a valid "YYYY-MM-DD" (NaN otherwise). */
export function dateMs(date) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(date || ''));
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
}

/** Return the date `days` after a "YYYY-MM-DD" date. */
export function addDays(date, days) {
  return isoDate(dateMs(date) + days * DAY_MS);
}

/** Return "YYYY-MM-DD" for "YYYY-M-D" style input ('' stays ''), or null when it is not a real date. */
export function normalizeDate(text) {
  const t = String(text ?? '').trim();
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  // A year below 1000 is not a four-digit year: stored as "50-03-17" it would read back as no date at all (and
  // Date.UTC takes 0-99 as 1900-1999).
  if (y < 1000 || mo < 1 || mo > 12 || d < 1) return null;
  const ms = Date.UTC(y, mo - 1, d);
  if (new Date(ms).getUTCMonth() !== mo - 1) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** Return "HH:MM" for "9:30", "09.30", "0930" (24-hour clock), or null when it is not a time. */
export function normalizeTime(text) {
  const t = String(text ?? '').trim();
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(t) || /^(\d{2})(\d{2})$/.exec(t);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return `${pad(h)}:${pad(min)}`;
}

/** Return minutes since midnight of "HH:MM". */
export function minutes(hhmm) {
  const [h, m] = String(hhmm).split(':').map(Number);
  return h * 60 + m;
}

/** Return "Tuesday, March 17" for a date. */
export function longDate(date) {
  const d = new Date(dateMs(date));
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** Return "Tue, Mar 17" for a date. */
export function shortDate(date) {
  const d = new Date(dateMs(date));
  return `${WEEKDAYS[d.getUTCDay()].slice(0, 3)}, ${MONTHS[d.getUTCMonth()].slice(0, 3)} ${d.getUTCDate()}`;
}

/** Return "March 2026" for "2026-03". */
export function monthTitle(month) {
  const [y, m] = month.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

/** Return the month "YYYY-MM" `delta` months after `month`. */
export function shiftMonth(month, delta) {
  const [y, m] = month.split('-').map(Number);
  const total = y * 12 + (m - 1) + delta;
  return `${Math.floor(total / 12)}-${pad((total % 12) + 1)}`;
}

/** Return the 42 dates (6 weeks, Monday first) of the grid that shows `month`. */
export function monthGrid(month) {
  const first = dateMs(`${month}-01`);
  const weekday = (new Date(first).getUTCDay() + 6) % 7; // Monday = 0
  const start = first - weekday * DAY_MS;
  return Array.from({ length: 42 }, (_, i) => isoDate(start + i * DAY_MS));
}