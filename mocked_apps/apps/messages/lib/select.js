// Pure selectors of the Messages app, shared by the reducer and the view.
// Contacts are read from the contacts app's state when it is on the device;
// without it every thread shows its number.
import { parseStamp } from '../../../runtime/core/clock.js';
import { compareText, fold, matchesQuery } from '../../../runtime/core/text.js';

export { fold };

/** Return only the digits of a phone number ("555-0137" -> "5550137"). */
export function digits(value) {
  return String(value ?? '').replace(/\D/g, '');
}

/** Return true when two phone numbers are the same number (digits compared). */
export function sameNumber(a, b) {
  const da = digits(a);
  return da.length > 0 && da === digits(b);
}

/** Return true when `text` reads as a phone number someone could be texted at. */
export function looksLikeNumber(text) {
  const t = String(text ?? '').trim();
  return /^\+?[\d\s().-]+$/.test(t) && digits(t).length >= 3;
}

/** Return a world timestamp ("2026-03-14T09:21", read as UTC by clock.parseStamp) or a number as virtual ms; 0 for
 * what is no timestamp. */
export function toMs(time) {
  const ms = parseStamp(time);
  return Number.isFinite(ms) ? ms : 0;
}

/** Return the contacts list of the contacts app's state (or of a peek function), [] when absent. */
export function contactsFrom(peek) {
  const app = typeof peek === 'function' ? peek('contacts') : peek;
  const list = app && app.data && app.data.contacts;
  return Array.isArray(list) ? list : [];
}

/** Return the ids of the contacts blocked in the contacts app's state (or of a peek function), [] when absent. */
export function blockedFrom(peek) {
  const app = typeof peek === 'function' ? peek('contacts') : peek;
  const list = app && app.data && app.data.blocked;
  return Array.isArray(list) ? list : [];
}

/** Return the contact a thread belongs to: by contact_id first, then by number; null for strangers. */
export function contactOf(thread, contacts) {
  if (!thread) return null;
  if (thread.contact_id) {
    const byId = contacts.find((c) => c.id === thread.contact_id);
    if (byId) return byId;
  }
  return contacts.find((c) => sameNumber(c.phone, thread.number)) || null;
}

/** Return the name shown for a thread (or a pending {contact_id, number} recipient). */
export function displayName(thread, contacts) {
  const contact = contactOf(thread, contacts);
  return contact ? contact.name : (thread && thread.number) || 'Unknown';
}

/** Return the thread's latest message, or null when it has none. */
export function lastMessage(thread) {
  const msgs = (thread && thread.messages) || [];
  let best = null;
  for (const m of msgs) if (!best || m.time >= best.time) best = m;
  return best;
}

/**
 * Return the rank of a message among messages of the same time: the virtual clock only moves on `tick`, so every
 * message sent or received in one stretch has the same time. A message this app made has the id `m<n>` (n from the
 * device's one counter, which only grows), so n orders them; world messages (`w..`) rank before (-1).
 */
export function sequence(message) {
  const m = /^m(\d+)$/.exec(String((message && message.id) ?? ''));
  return m ? Number(m[1]) : -1;
}

/** Return the time of the thread's latest message (0 when empty). */
export function lastTime(thread) {
  const m = lastMessage(thread);
  return m ? m.time : 0;
}

/** Return the threads of the inbox (archived=false) or the archive, pinned first, then newest first (of two
 * threads last written to in the same minute, the one written to later first). */
export function sortedThreads(threads, { archived = false } = {}) {
  return threads
    .filter((t) => Boolean(t.archived) === archived)
    .map((t, i) => [t, i])
    .sort(([a, ia], [b, ib]) => (Number(Boolean(b.pinned)) - Number(Boolean(a.pinned))) || (lastTime(b) - lastTime(a))
      || (sequence(lastMessage(b)) - sequence(lastMessage(a))) || (ia - ib))
    .map(([t]) => t);
}

/** Return the thread with a contact (by id, or by the contact's number) or with a number, or null. */
export function findThread(threads, { contact_id = null, number = null } = {}) {
  if (contact_id) {
    const byId = threads.find((t) => t.contact_id === contact_id);
    if (byId) return byId;
  }
  if (number) return threads.find((t) => sameNumber(t.number, number)) || null;
  return null;
}

/** Return true when a contact can be texted: it has a phone number, or a conversation with it exists already. */
export function textable(threads, contact) {
  return Boolean(contact) && (looksLikeNumber(contact.phone) || Boolean(findThread(threads, { contact_id: contact.id })));
}

/** Return the contacts with a phone number whose name (accents and case aside) or number matches `query`, sorted by
 * name (one without a number cannot be texted, so the recipient picker leaves it out). */
export function filterContacts(contacts, query) {
  const q = fold(query).trim();
  const qd = digits(q);
  return contacts
    .filter((c) => looksLikeNumber(c.phone))
    .filter((c) => !q || fold(c.name).includes(q) || (qd.length > 0 && /^[\d\s().+-]+$/.test(q) && digits(c.phone).includes(qd)))
    .slice()
    .sort((a, b) => compareText(String(a.name), String(b.name)));
}

/**
 * Search every thread (inbox and archive) for `query`.
 * @returns {{threads: object[], messages: {thread: object, message: object}[]}} matching
 *   conversations (by name or number) and messages (by text), newest first
 */
export function search(threads, contacts, query) {
  const q = fold(query).trim();
  if (!q) return { threads: [], messages: [] };
  // A number typed however it is grouped ("5550238", "555 0238") finds the thread by its digits, as in Contacts.
  const qd = /^[\d\s().+-]+$/.test(q) ? digits(q) : '';
  const byName = threads.filter((t) => matchesQuery(q, [displayName(t, contacts)]) || String(t.number).includes(q)
    || (qd.length > 0 && digits(t.number).includes(qd)));
  const hits = [];
  for (const t of threads) {
    // The shared rule (matchesQuery), which the results' highlight (matchSpan) marks exactly.
    t.messages.forEach((m, at) => { if (matchesQuery(q, [m.text])) hits.push({ thread: t, message: m, at }); });
  }
  // Newest first; same time: the later sent (sequence), then the later in its thread.
  hits.sort((a, b) => (b.message.time - a.message.time) || (sequence(b.message) - sequence(a.message)) || (b.at - a.at));
  return { threads: sortedThreads(byName).concat(sortedThreads(byName, { archived: true })),
    messages: hits.map(({ thread, message }) => ({ thread, message })) };
}
