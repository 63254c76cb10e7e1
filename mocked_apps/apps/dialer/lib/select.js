// Phone constants and selectors: tabs, keypad keys, speed-dial slots, numbers, contacts, the call log and voicemail.
import { compareText, fold, matchesQuery } from '../../../runtime/core/text.js';

/** Main tabs, in bar order. */
export const TABS = ['favorites', 'recents', 'contacts', 'keypad', 'voicemail'];
/** Keypad keys: [key, letters]. */
export const KEYS = [['1', ''], ['2', 'ABC'], ['3', 'DEF'], ['4', 'GHI'], ['5', 'JKL'], ['6', 'MNO'],
  ['7', 'PQRS'], ['8', 'TUV'], ['9', 'WXYZ'], ['*', ''], ['0', '+'], ['#', '']];
/** Speed-dial slots the user can assign (1 is voicemail). */
export const SLOTS = ['2', '3', '4', '5', '6', '7', '8', '9'];

/** Return only the digits of a phone number ("555-0137" -> "5550137"). */
export function digits(value) {
  return String(value ?? '').replace(/\D/g, '');
}

/** Return true when two numbers are the same number (digits compared). */
export function sameNumber(a, b) {
  const da = digits(a);
  return da.length > 0 && da === digits(b);
}

/** Return true when `text` is a number the phone can call: digits, spaces, + ( ) - * #, at least 3 digits. */
export function isDialable(text) {
  const t = String(text ?? '').trim();
  return /^\+?[\d\s().*#-]+$/.test(t) && digits(t).length >= 3;
}

/** Return the contacts of the contacts app's state (or of a peek function), [] when absent. */
export function contactsFrom(peek) {
  const app = typeof peek === 'function' ? peek('contacts') : peek;
  const list = app && app.data && app.data.contacts;
  return Array.isArray(list) ? list : [];
}

/** Return the contact of a {contact_id, number} record: by id first, then by number; null for strangers. */
export function contactOf(rec, contacts) {
  if (!rec) return null;
  if (rec.contact_id) {
    const byId = contacts.find((c) => c.id === rec.contact_id);
    if (byId) return byId;
  }
  return contacts.find((c) => sameNumber(c.phone, rec.number)) || null;
}

/** Return the name shown for a record: the contact's name, else the number. */
export function displayName(rec, contacts) {
  const c = contactOf(rec, contacts);
  return c ? c.name : (rec && rec.number) || 'Unknown';
}

/** Return true when a call-log entry or voicemail belongs to a person {contact_id, number}. */
export function isWith(rec, person, contacts = []) {
  if (!rec || !person) return false;
  if (person.contact_id && rec.contact_id === person.contact_id) return true;
  if (sameNumber(rec.number, person.number)) return true;
  const c = person.contact_id ? contacts.find((x) => x.id === person.contact_id) : null;
  return Boolean(c && sameNumber(rec.number, c.phone));
}

/** Return the call log newest first; filter "missed" keeps missed calls only. */
export function sortedLog(log, filter = 'all') {
  return (log || [])
    .filter((e) => filter !== 'missed' || e.kind === 'missed')
    .map((e, i) => [e, i])
    .sort(([a, ia], [b, ib]) => (b.time - a.time) || (ib - ia))
    .map(([e]) => e);
}

/** Return the calls with a person, newest first. */
export function callsWith(log, person, contacts = []) {
  return sortedLog(log).filter((e) => isWith(e, person, contacts));
}

/** Return the most recent answered (non-missed) call with a person, or null. */
export function lastCallWith(log, person, contacts = []) {
  return callsWith(log, person, contacts).find((e) => e.kind !== 'missed') || null;
}

/** Return the voicemails newest first. */
export function sortedVoicemails(list) {
  return [...(list || [])].sort((a, b) => (b.time - a.time) || (a.id < b.id ? -1 : 1));
}

/** Return the number of unheard voicemails. */
export function unreadCount(list) {
  return (list || []).filter((v) => !v.read).length;
}

/** Return "47 s", "6 min 12 s", "1 h 2 min" for a duration in seconds. */
export function formatDuration(seconds) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** Return "M:SS" (or "H:MM:SS") for elapsed milliseconds. */
export function clockText(ms) {
  const s = Math.max(0, Math.floor((Number(ms) || 0) / 1000));
  const pad = (n) => String(n).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/** Return the number most recently called (outgoing), or ''. */
export function lastDialed(log) {
  const e = sortedLog(log).find((x) => x.kind === 'outgoing');
  return e ? e.number : '';
}

/** Return the favorite contacts (contacts app flag), in name order. */
export function favoriteContacts(contacts) {
  return contacts.filter((c) => c.favorite).sort((a, b) => compareText(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

/** Return the contacts whose name or company (case and accents aside: "emile" finds Émile) or number matches
 * `query`, in name order; a query of digits with spaces, dashes, brackets, "+" or "." matches phone digits, as in
 * Contacts ("(555) 0142" finds 555-0142). */
export function searchContacts(contacts, query) {
  const q = fold(query).trim();
  const sorted = [...contacts].sort((a, b) => compareText(a.name, b.name) || (a.id < b.id ? -1 : 1));
  if (!q) return sorted;
  const d = digits(q);
  const numeric = /^[\d\s().+-]+$/.test(q) && d.length > 0;
  return sorted.filter((c) => matchesQuery(q, [c.name, c.company])
    || (numeric && digits(c.phone).includes(d)));
}

/** Return the contact assigned to a speed-dial slot (only while it still exists), or null. */
export function speedDialContact(data, slot, contacts) {
  const id = (data.speed_dial || {})[slot];
  return id ? contacts.find((c) => c.id === id) || null : null;
}
