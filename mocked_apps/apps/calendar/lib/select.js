// Pure selectors of the Calendar app: form constants, reminder labels, event lookups, conflicts, search,
// hand-off texts and form validation.

import { longDate, minutes, normalizeDate, normalizeTime, shortDate } from './dates.js';
import { matchesQuery } from '../../../runtime/core/text.js';

/** Reminder choices in minutes before the start (0 = none). */
export const REMINDERS = [0, 10, 30, 60, 1440];
/** The text fields of the event form, in form order. */
export const FORM_FIELDS = ['title', 'date', 'start', 'end', 'location', 'notes'];

/** Return the reminder label: "None", "10 min before", "1 hour before", "1 day before". */
export function reminderLabel(min) {
  if (!min) return 'None';
  if (min === 1440) return '1 day before';
  if (min === 60) return '1 hour before';
  return `${min} min before`;
}

/** Return the event with `id`, or undefined. */
export function findEvent(data, id) {
  return (data.events || []).find((e) => e.id === id);
}

/** Compare events by date, start, end, then id. */
export function compareEvents(a, b) {
  return (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || (a.start < b.start ? -1 : a.start > b.start ? 1 : 0)
    || (a.end < b.end ? -1 : a.end > b.end ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Return the events on `date`, by start time. */
export function eventsOn(events, date) {
  return events.filter((e) => e.date === date).sort(compareEvents);
}

/** Return [[date, events], ...] of the events from `from` (inclusive) on, by date. */
export function upcoming(events, from) {
  const groups = [];
  for (const e of [...events].filter((x) => x.date >= from).sort(compareEvents)) {
    const last = groups[groups.length - 1];
    if (last && last[0] === e.date) last[1].push(e);
    else groups.push([e.date, [e]]);
  }
  return groups;
}

/** Return the events (other than `excludeId`) on the same date whose times overlap [start, end). */
export function conflicts(events, { date, start, end }, excludeId = null) {
  const s = minutes(start);
  const e = minutes(end);
  return events.filter((x) => x.id !== excludeId && x.date === date && minutes(x.start) < e && s < minutes(x.end)).sort(compareEvents);
}

/** Return the contacts list of the contacts app (or [] when it is absent). */
export function contactsFrom(peek) {
  const app = typeof peek === 'function' ? peek('contacts') : peek;
  const list = app && app.data && app.data.contacts;
  return Array.isArray(list) ? list : [];
}

/** Return the display name of a contact id ("Unknown" when the contact is gone). */
export function attendeeName(id, contacts) {
  const c = contacts.find((x) => x.id === id);
  return c ? c.name : 'Unknown contact';
}

/**
 * Return the events whose title, location, notes or an attendee's name contains `query`
 * (case-insensitive), by date.
 */
export function searchEvents(events, query, contacts = []) {
  if (!String(query ?? '').trim()) return [];
  return events.filter((e) => matchesQuery(query, [e.title, e.location, e.notes, ...e.attendees.map((id) => attendeeName(id, contacts))]))
    .sort(compareEvents);
}

/** Return the text "Message attendees" prefills: "Re: <title> (Tue, Mar 17 at 10:00) ". */
export function messageText(event) {
  return `Re: ${event.title} (${shortDate(event.date)} at ${event.start}) `;
}

/** Return the note "Save to Notes" creates: {title, body}. */
export function noteFor(event, contacts = []) {
  const lines = [`${longDate(event.date)}, ${event.start}–${event.end}`];
  if (event.location) lines.push(`Location: ${event.location}`);
  if (event.attendees.length) lines.push(`Attendees: ${event.attendees.map((id) => attendeeName(id, contacts)).join(', ')}`);
  if (event.notes) lines.push('', event.notes);
  return { title: event.title, body: lines.join('\n') };
}

/**
 * Validate the form drafts. Returns {values, errors}: values trimmed and normalized
 * (date "YYYY-MM-DD", times "HH:MM"); errors maps a field to its message.
 */
export function validate(drafts) {
  const raw = {};
  for (const f of FORM_FIELDS) raw[f] = String((drafts || {})[f] ?? '').trim();
  const values = { ...raw };
  const errors = {};
  if (!raw.title) errors.title = 'Title is required';
  else if (raw.title.length > 80) errors.title = 'Title is too long';
  const date = normalizeDate(raw.date);
  if (!date) errors.date = 'Use a date like 2026-03-17';
  else values.date = date;
  const start = normalizeTime(raw.start);
  const end = normalizeTime(raw.end);
  if (!start) errors.start = 'Use HH:MM';
  else values.start = start;
  if (!end) errors.end = 'Use HH:MM';
  else values.end = end;
  if (start && end && minutes(end) <= minutes(start)) errors.end = 'End must be after start';
  if (raw.location.length > 80) errors.location = 'Location is too long';
  return { values, errors };
}