// Pure selectors of the Email app, shared by the reducer, the view and the tests.
// World emails keep their text (from, subject, body, attachments, invite) in the world;
// the state keeps, per email, what changes (folder, time, read, starred, labels).
// Emails written on the phone (sent, drafts) carry all their fields in the state.
import { compareText, matchesQuery } from '../../../runtime/core/text.js';

export const DAY_MS = 86400000;
export const FOLDERS = ['inbox', 'starred', 'sent', 'drafts', 'archive', 'trash'];
export const FOLDER_NAMES = { inbox: 'Inbox', starred: 'Starred', sent: 'Sent', drafts: 'Drafts', archive: 'Archive', trash: 'Trash' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const WEEKDAYS_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n) => String(n).padStart(2, '0');

/** Return the virtual ms of a relative world time "<dayOffset> HH:MM" ("-2 14:45"), or null. */
export function atMs(spec, now) {
  const m = /^\s*([+-]?\d+)\s+(\d{1,2}):(\d{2})\s*$/.exec(String(spec ?? ''));
  if (!m) return null;
  return (Math.floor(now / DAY_MS) + Number(m[1])) * DAY_MS + (Number(m[2]) * 60 + Number(m[3])) * 60000;
}

/** Return "YYYY-MM-DD" of a time. */
export function isoDay(ms) {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Return "Tuesday, March 17" of a time. */
export function longDay(ms) {
  const d = new Date(ms);
  return `${WEEKDAYS_LONG[d.getUTCDay()]}, ${MONTHS_LONG[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** Return "Sat, Mar 14, 2026, 08:02" of a time. */
export function fullStamp(ms) {
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Return the list time label: "HH:MM" today, "Yesterday", "Mar 12", or "Mar 12, 2025" in another year. */
export function listStamp(ms, now) {
  const day = Math.floor(ms / DAY_MS);
  const today = Math.floor(now / DAY_MS);
  const d = new Date(ms);
  if (day === today) return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  if (day === today - 1) return 'Yesterday';
  const year = d.getUTCFullYear() !== new Date(now).getUTCFullYear() ? `, ${d.getUTCFullYear()}` : '';
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}${year}`;
}

/** Fill "{date:+N}" in a world body with the long date N days after the email's day. */
export function fillDates(text, time) {
  return String(text ?? '').replace(/\{date:([+-]?\d+)\}/g, (_, n) => longDay(Math.floor(time / DAY_MS) * DAY_MS + Number(n) * DAY_MS));
}

/** Return the account {name, email} of the world. */
export function account(world) {
  return (world && world.account) || { name: 'Me', email: 'me@mailbox.example' };
}

/** Return the world record of an email id, or null. */
export function worldEmail(world, id) {
  return ((world && world.emails) || []).find((e) => e.id === id) || null;
}

/** Return the state record of an email id, or null. */
export function findEmail(data, id) {
  return (typeof id === 'string' && (data.emails || []).find((e) => e.id === id)) || null;
}

/**
 * Return the full email of a state record: world text merged under the record's own fields,
 * dates filled in: {id, folder, time, read, starred, labels, from, to, cc, subject, body, attachments, invite, ...}.
 */
export function full(world, rec) {
  if (!rec) return null;
  const w = worldEmail(world, rec.id) || {};
  const acct = account(world);
  const e = {
    from: w.from || acct,
    to: w.to || [acct.email],
    cc: w.cc || [],
    subject: w.subject || '',
    body: fillDates(w.body, rec.time),
    attachments: w.attachments || [],
    invite: null,
    in_reply_to: null,
    forward_of: null,
    ...rec,
  };
  if (w.invite && !rec.own) {
    const day = Math.floor(rec.time / DAY_MS) * DAY_MS + Number(w.invite.day || 0) * DAY_MS;
    e.invite = { title: w.invite.title, date: isoDay(day), start: w.invite.start, end: w.invite.end, location: w.invite.location || '' };
  }
  return e;
}

/** Return true when the email was written by the account (sent or drafted on the phone). */
export function isMine(world, email) {
  return Boolean(email && email.from && String(email.from.email).toLowerCase() === account(world).email.toLowerCase());
}

/** Return the full emails of a view: a folder, "starred", or "label:<name>", newest first. */
export function viewEmails(data, world, view) {
  const v = String(view || 'inbox');
  let recs;
  if (v === 'starred') recs = data.emails.filter((e) => e.starred && e.folder !== 'trash');
  else if (v.startsWith('label:')) recs = data.emails.filter((e) => e.folder !== 'trash' && (e.labels || []).includes(v.slice(6)));
  else recs = data.emails.filter((e) => e.folder === v);
  return newestFirst(data, recs).map((r) => full(world, r));
}

/** Return `recs` (records of data.emails) newest first. */
function newestFirst(data, recs) {
  // Ties in time (every email sent in one virtual minute) go by creation, newest first: data.emails is in that
  // order, while the ids compare as text ("m10" < "m9", so the 10th sent email listed below the 9th).
  const made = new Map(data.emails.map((e, i) => [e, i]));
  return recs.slice().sort((a, b) => (b.time - a.time) || made.get(b) - made.get(a));
}

/** Return the number of unread emails in a view. */
export function unreadCount(data, world, view) {
  return viewEmails(data, world, view).filter((e) => !e.read).length;
}

/** Return the title of a view ("Inbox", "Starred", "Work"). */
export function viewTitle(view) {
  const v = String(view || 'inbox');
  return v.startsWith('label:') ? v.slice(6) : FOLDER_NAMES[v] || 'Inbox';
}

/** Return true for a plausible email address (x@y.z, no spaces). */
export function isEmail(text) {
  return /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/.test(String(text ?? '').trim());
}

/** Split a recipients text ("a@x.org, b@y.org") into {list, error}; error names the first bad address. */
export function parseAddresses(text) {
  const parts = String(text ?? '').split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  if (!parts.length) return { list: [], error: 'Add at least one recipient' };
  const bad = parts.find((p) => !isEmail(p));
  if (bad) return { list: [], error: `"${bad}" is not a valid email address` };
  const seen = new Set();
  const list = parts.filter((p) => { const k = p.toLowerCase(); if (seen.has(k)) return false; seen.add(k); return true; });
  return { list, error: null };
}

/** Return the contacts list of the contacts app's state (or of a peek function), [] when absent. */
export function contactsFrom(peek) {
  const app = typeof peek === 'function' ? peek('contacts') : peek;
  const list = app && app.data && app.data.contacts;
  return Array.isArray(list) ? list : [];
}

/** Return the contact whose email is `address` (case-insensitive), or null. */
export function contactByEmail(contacts, address) {
  const a = String(address ?? '').trim().toLowerCase();
  return (a && contacts.find((c) => String(c.email || '').toLowerCase() === a)) || null;
}

/** Return the name shown for an address: the contact's name, else the given name, else the address. */
export function nameFor(contacts, address, fallback = '') {
  const c = contactByEmail(contacts, address);
  return c ? c.name : fallback || address;
}

/** Return the contacts with an email whose name or email matches `query`, sorted by name. */
export function pickable(contacts, query) {
  return contacts
    .filter((c) => c.email && matchesQuery(query, [c.name, c.email]))
    .slice()
    .sort((a, b) => compareText(String(a.name), String(b.name)));
}

/** Search every email (all folders) by sender name/address, recipients, subject and body; newest first. */
export function searchEmails(data, world, query) {
  if (!String(query ?? '').trim()) return [];
  return newestFirst(data, data.emails).map((r) => full(world, r)).filter((e) => matchesQuery(query, [
    e.from.name, e.from.email, ...(e.to || []), ...(e.cc || []), e.subject, e.body, ...(e.attachments || []),
  ]));
}

/** Return the one-line preview of a body. */
export function snippet(body) {
  return String(body ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
}

/** Return "Re: subject" (not doubled). */
export function replySubject(subject) {
  const s = String(subject ?? '').trim();
  return /^re:/i.test(s) ? s : `Re: ${s}`;
}

/** Return "Fwd: subject" (not doubled). */
export function forwardSubject(subject) {
  const s = String(subject ?? '').trim();
  return /^(fwd?|fw):/i.test(s) ? s : `Fwd: ${s}`;
}

/** Return the quoted text of a reply: "On <date>, <name> <email> wrote:" and "> " lines. */
export function replyQuote(email) {
  const lines = String(email.body ?? '').split('\n').map((l) => (l ? `> ${l}` : '>'));
  return `On ${fullStamp(email.time)}, ${email.from.name} <${email.from.email}> wrote:\n${lines.join('\n')}`;
}

/** Return the forwarded block of a forward: header lines and the original body. */
export function forwardQuote(email) {
  return [
    '---------- Forwarded message ----------',
    `From: ${email.from.name} <${email.from.email}>`,
    `Date: ${fullStamp(email.time)}`,
    `Subject: ${email.subject}`,
    `To: ${(email.to || []).join(', ')}`,
    '',
    String(email.body ?? ''),
  ].join('\n');
}

/** Return an error text for a new label name, or null. */
export function labelError(labels, name) {
  const n = String(name ?? '').trim();
  if (!n) return 'Enter a label name';
  if (n.length > 20) return 'Use 20 characters or fewer';
  if (n.includes(':')) return 'Labels cannot contain ":"';
  if (labels.some((l) => l.toLowerCase() === n.toLowerCase())) return 'This label already exists';
  return null;
}
