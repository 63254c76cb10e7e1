// Virtual time: every date an app shows or stores comes from os.clock.now
// (milliseconds, read as UTC), never from the host clock.

const DAY_MS = 86400000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Month abbreviations, January first, for date labels. */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n) => String(n).padStart(2, '0');

/** Return "HH:MM" for a virtual timestamp. */
export function hhmm(ms) {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Return "YYYY-MM-DD" for a virtual timestamp. */
export function isoDate(ms) {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Return "Sat, Mar 14" for a virtual timestamp. */
export function shortDate(ms) {
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** Return the timestamp of midnight of "YYYY-MM-DD" (UTC). */
export function parseDate(text) {
  const [y, m, d] = text.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

/**
 * Return a world timestamp as virtual ms, always read as UTC (a bare `Date.parse` reads a date-time without an
 * offset as host-local time): a number as it is; "YYYY-MM-DD" is that midnight; "YYYY-MM-DDTHH:MM[:SS[.sss]]"
 * (or with a space for the T) without an offset is UTC; one with "Z" or "±HH:MM" keeps its offset. NaN when the
 * text is no timestamp.
 * @param {number|string} value
 */
export function parseStamp(value) {
  if (typeof value === 'number') return value;
  const text = String(value ?? '').trim();
  if (/^\d{4}-\d\d-\d\d$/.test(text)) return Date.parse(`${text}T00:00:00Z`);
  const local = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d(?::\d\d(?:\.\d{1,3})?)?)$/.exec(text);
  if (local) return Date.parse(`${local[1]}T${local[2]}Z`);
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,3})?)?(?:Z|[+-]\d\d:\d\d)$/i.test(text)) return Date.parse(text);
  return NaN;
}

/**
 * Parse a time of day typed by a person: "7:30", "07:30", "7.30", "7:30 pm", "19:05".
 * Returns "HH:MM" or null.
 */
export function parseTime(text) {
  const t = String(text ?? '').trim().toLowerCase().replace(/\s+/g, '');
  const m = /^(\d{1,2})(?:[:.](\d{2}))?(am|pm)?$/.exec(t);
  if (!m || (m[2] === undefined && !m[3])) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  if (m[3]) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[3] === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Return an ISO date "2024-03-05" as "Mar 5, 2024", or "—" when there is none. */
export function formatDay(iso) {
  const [y, m, d] = String(iso || '').split('-').map(Number);
  return m ? `${MONTHS[m - 1]} ${d}, ${y}` : '—';
}

/** Return an epoch-ms time as "Mar 5, 09:30" in UTC. */
export function formatStamp(ms) {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Return "YYYY-MM-DD" `days` after the date of `ms`. */
export function addDays(ms, days) {
  return isoDate(parseDate(isoDate(ms)) + days * DAY_MS);
}

/** Return a short relative label: "HH:MM" today, "Yesterday", else "Mar 12". */
export function relativeLabel(ms, nowMs) {
  const day = Math.floor(ms / DAY_MS);
  const today = Math.floor(nowMs / DAY_MS);
  if (day === today) return hhmm(ms);
  if (day === today - 1) return 'Yesterday';
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

export { DAY_MS };
