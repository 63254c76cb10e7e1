// Calendar: a month grid with the selected day's agenda, an "Upcoming" list, event
// details, a create/edit form with validation and a conflict check, move to another
// day, delete behind a confirm dialog, search, and hand-offs to Messages, Notes and
// Contacts. Dates are "YYYY-MM-DD" and times "HH:MM" on the virtual clock (read as UTC).

const DAY_MS = 86400000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
  'November', 'December'];

/** Reminder choices in minutes before the start (0 = none). */
export const REMINDERS = [0, 10, 30, 60, 1440];
/** The text fields of the event form, in form order. */
export const FORM_FIELDS = ['title', 'date', 'start', 'end', 'location', 'notes'];
const ROOTS = ['month', 'agenda'];
const SCREENS = ['month', 'agenda', 'event', 'form', 'attendees', 'search'];

const pad = (n) => String(n).padStart(2, '0');

// ------------------------------------------------------------------ dates

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
  if (mo < 1 || mo > 12 || d < 1) return null;
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

/** Return the reminder label: "None", "10 min before", "1 hour before", "1 day before". */
export function reminderLabel(min) {
  if (!min) return 'None';
  if (min === 1440) return '1 day before';
  if (min === 60) return '1 hour before';
  return `${min} min before`;
}

// -------------------------------------------------------------- selectors

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
  const q = String(query ?? '').trim().toLowerCase();
  if (!q) return [];
  return events.filter((e) => [e.title, e.location, e.notes, ...e.attendees.map((id) => attendeeName(id, contacts))]
    .some((text) => String(text || '').toLowerCase().includes(q))).sort(compareEvents);
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

// ------------------------------------------------------------------ state

/** Return the initial state: the world's events (copied), today selected on the month screen. */
export function init(world, ctx) {
  const events = (world.events || []).map((e) => ({
    id: e.id, title: e.title, date: e.date, start: e.start, end: e.end, location: e.location || '',
    attendees: [...(e.attendees || [])], notes: e.notes || '', reminder: e.reminder || 0,
  }));
  return { data: { events }, ui: freshUi(isoDate(ctx && ctx.now !== undefined ? ctx.now : Date.UTC(2026, 2, 14))) };
}

function freshUi(today) {
  return { screen: 'month', stack: [], day: today, month: today.slice(0, 7), event: null, form: null, dialog: null,
    errors: {}, notice: null, drafts: {} };
}

function ensureUi(state, ctx) {
  const today = isoDate(ctx.now);
  const ui = state.ui = { ...freshUi(today), ...(state.ui || {}) };
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.errors || typeof ui.errors !== 'object') ui.errors = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'month';
  if (!normalizeDate(ui.day)) ui.day = today;
  if (!/^\d{4}-\d{2}$/.test(ui.month || '')) ui.month = ui.day.slice(0, 7);
  state.data.events = Array.isArray(state.data.events) ? state.data.events : [];
  return ui;
}

function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, event: ui.event });
  Object.assign(ui, { screen, dialog: null, errors: {} }, extra);
}

function clearForm(ui) {
  for (const f of FORM_FIELDS) delete ui.drafts[f];
  delete ui.drafts.attendee_search;
  ui.form = null;
  ui.errors = {};
}

/** Pop one screen; false at a root screen. Screens whose event is gone are skipped. */
function pop(state) {
  const { ui } = state;
  if (ui.screen === 'attendees') {
    const prev = ui.stack.pop();
    Object.assign(ui, { screen: prev ? prev.screen : 'month', dialog: null });
    return true;
  }
  if (ui.screen === 'form') clearForm(ui);
  if (ui.screen === 'search') delete ui.drafts.search;
  const prev = ui.stack.pop();
  if (!prev) {
    if (ROOTS.includes(ui.screen)) return false;
    Object.assign(ui, { screen: 'month', event: null, dialog: null });
    return true;
  }
  Object.assign(ui, { screen: prev.screen, event: prev.event ?? null, dialog: null, errors: {} });
  if (ui.screen === 'event' && !findEvent(state.data, ui.event)) return pop(state) || (Object.assign(ui, { screen: 'month' }), true);
  return true;
}

function defaultTimes(date, now) {
  if (date === isoDate(now)) {
    const h = Math.min(22, new Date(now).getUTCHours() + 1);
    return { start: `${pad(h)}:00`, end: `${pad(h + 1)}:00` };
  }
  return { start: '09:00', end: '10:00' };
}

function openForm(state, ctx, { mode, event = null, prefill = {} }) {
  const { ui } = state;
  const times = defaultTimes(ui.day, ctx.now);
  const source = event || { title: '', date: ui.day, start: times.start, end: times.end, location: '', notes: '', ...prefill };
  for (const f of FORM_FIELDS) ui.drafts[f] = source[f] === undefined || source[f] === null ? '' : String(source[f]);
  const contacts = contactsFrom(ctx.peek);
  const attendees = (event ? event.attendees : prefill.attendees || [])
    .filter((id, i, all) => typeof id === 'string' && all.indexOf(id) === i && (event || contacts.some((c) => c.id === id)));
  const reminder = REMINDERS.includes(Number(source.reminder)) ? Number(source.reminder) : (event ? 0 : 30);
  ui.form = { mode, id: event ? event.id : null, attendees, reminder };
  ui.errors = {};
}

function newId(data, ctx) {
  let id = ctx.uid('ev');
  while (findEvent(data, id)) id = ctx.uid('ev');
  return id;
}

/** Write the form into the events (no checks left); go to the saved event's detail. */
function commitForm(state, ctx, values) {
  const { data, ui } = state;
  const fields = { title: values.title, date: values.date, start: values.start, end: values.end, location: values.location,
    notes: values.notes, attendees: [...ui.form.attendees], reminder: ui.form.reminder };
  let id;
  if (ui.form.mode === 'edit') {
    const e = findEvent(data, ui.form.id);
    if (!e) {
      clearForm(ui);
      pop(state);
      return state;
    }
    Object.assign(e, fields);
    id = e.id;
  } else {
    id = newId(data, ctx);
    data.events.push({ id, ...fields });
  }
  const wasEdit = ui.form.mode === 'edit';
  clearForm(ui);
  Object.assign(ui, { day: values.date, month: values.date.slice(0, 7), dialog: null });
  if (wasEdit) pop(state);
  else Object.assign(ui, { screen: 'event', event: id });
  ui.notice = wasEdit ? 'Event updated' : 'Event saved';
  return state;
}

function save(state, ctx, force) {
  const { data, ui } = state;
  if (ui.screen !== 'form' || !ui.form) return state;
  const { values, errors } = validate(ui.drafts);
  if (Object.keys(errors).length) {
    ui.errors = errors;
    ui.dialog = null;
    return state;
  }
  ui.errors = {};
  const clash = conflicts(data.events, values, ui.form.mode === 'edit' ? ui.form.id : null);
  if (clash.length && !force) {
    ui.dialog = { kind: 'conflict', then: 'save', with: clash.map((e) => e.id) };
    return state;
  }
  return commitForm(state, ctx, values);
}

function move(state, force) {
  const { data, ui } = state;
  const e = findEvent(data, ui.dialog && ui.dialog.event);
  if (!e) {
    ui.dialog = null;
    return state;
  }
  const date = normalizeDate(ui.drafts.move_date);
  if (!date) {
    ui.dialog = { kind: 'move', event: e.id, error: 'Use a date like 2026-03-17' };
    return state;
  }
  const clash = conflicts(data.events, { date, start: e.start, end: e.end }, e.id);
  if (clash.length && !force) {
    ui.dialog = { kind: 'conflict', then: 'move', event: e.id, date, with: clash.map((x) => x.id) };
    return state;
  }
  e.date = date;
  delete ui.drafts.move_date;
  Object.assign(ui, { dialog: null, day: date, month: date.slice(0, 7) });
  ui.notice = `Moved to ${shortDate(date)}`;
  return state;
}

function handOff(state, ctx, app, intent, label) {
  state.ui.dialog = null;
  if (!ctx.peek(app)) {
    state.ui.notice = `${label} is not available`;
    return state;
  }
  ctx.open(app, intent);
  return state;
}

function onIntent(state, action, ctx) {
  const { data, ui } = state;
  if (typeof action.event_id === 'string') {
    const e = findEvent(data, action.event_id);
    if (!e) return state;
    clearForm(ui);
    Object.assign(ui, { screen: 'event', event: e.id, day: e.date, month: e.date.slice(0, 7), dialog: null,
      stack: [{ screen: 'month', event: null }] });
    return state;
  }
  if (action.create && typeof action.create === 'object') {
    const c = action.create;
    const date = normalizeDate(c.date) || ui.day;
    clearForm(ui);
    Object.assign(ui, { screen: 'form', event: null, day: date, month: date.slice(0, 7), dialog: null,
      stack: [{ screen: 'month', event: null }] });
    const prefill = { date };
    for (const f of ['title', 'start', 'end', 'location', 'notes']) if (c[f] !== undefined && c[f] !== null) prefill[f] = String(c[f]);
    if (Array.isArray(c.attendees)) prefill.attendees = c.attendees;
    if (c.reminder !== undefined) prefill.reminder = c.reminder;
    openForm(state, ctx, { mode: 'create', prefill });
    return state;
  }
  const date = normalizeDate(action.date);
  if (date) {
    clearForm(ui);
    Object.assign(ui, { screen: 'month', stack: [], event: null, dialog: null, day: date, month: date.slice(0, 7) });
  }
  return state;
}

/** The event an action targets: action.id, else the open one. */
function target(state, action) {
  return findEvent(state.data, action.id ?? state.ui.event);
}

// ---------------------------------------------------------------- reducer

/**
 * Apply an action. Actions: intent, tab {tab}, prev_month, next_month, today, select_day {date},
 * open {id}, new, edit {id?}, set_reminder {minutes}, add_attendees, toggle_attendee {id},
 * remove_attendee {id}, done_attendees, save, confirm_conflict, cancel, delete {id?}, confirm_delete,
 * move {id?}, confirm_move, close_dialog, message_attendees {id?}, message {contact}, message_picker,
 * save_note {id?}, open_contact {contact}, search, back.
 */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state, ctx);
  const { data } = state;
  const a = action || {};
  if (a.type !== 'intent') ui.notice = null;
  switch (a.type) {
    case 'intent':
      return onIntent(state, a, ctx);
    case 'tab':
      if (!ROOTS.includes(a.tab)) return state;
      clearForm(ui);
      delete ui.drafts.search;
      Object.assign(ui, { screen: a.tab, stack: [], event: null, dialog: null });
      return state;
    case 'prev_month':
    case 'next_month':
      if (ui.screen !== 'month') return state;
      ui.month = shiftMonth(ui.month, a.type === 'next_month' ? 1 : -1);
      return state;
    case 'today': {
      const today = isoDate(ctx.now);
      Object.assign(ui, { day: today, month: today.slice(0, 7) });
      return state;
    }
    case 'select_day': {
      const date = normalizeDate(a.date);
      if (!date) return state;
      Object.assign(ui, { day: date, month: date.slice(0, 7) });
      return state;
    }
    case 'open': {
      const e = findEvent(data, a.id);
      if (!e || ui.screen === 'form' || ui.screen === 'attendees') return state;
      push(ui, 'event', { event: e.id });
      return state;
    }
    case 'new':
      if (!ROOTS.includes(ui.screen) && ui.screen !== 'search') return state;
      push(ui, 'form', { event: null });
      openForm(state, ctx, { mode: 'create' });
      return state;
    case 'edit': {
      const e = target(state, a);
      if (!e || ui.screen === 'form' || ui.screen === 'attendees') return state;
      push(ui, 'form', { event: e.id });
      openForm(state, ctx, { mode: 'edit', event: e });
      return state;
    }
    case 'set_reminder':
      if (!ui.form || !REMINDERS.includes(Number(a.minutes))) return state;
      ui.form.reminder = Number(a.minutes);
      return state;
    case 'add_attendees':
      if (ui.screen !== 'form' || !ui.form) return state;
      push(ui, 'attendees');
      ui.drafts.attendee_search = '';
      return state;
    case 'toggle_attendee': {
      if (!ui.form || typeof a.id !== 'string') return state;
      const has = ui.form.attendees.includes(a.id);
      if (!has && !contactsFrom(ctx.peek).some((c) => c.id === a.id)) return state;
      ui.form.attendees = has ? ui.form.attendees.filter((id) => id !== a.id) : [...ui.form.attendees, a.id];
      return state;
    }
    case 'remove_attendee':
      if (!ui.form) return state;
      ui.form.attendees = ui.form.attendees.filter((id) => id !== a.id);
      return state;
    case 'done_attendees':
      if (ui.screen !== 'attendees') return state;
      pop(state);
      return state;
    case 'save':
      return save(state, ctx, false);
    case 'confirm_conflict': {
      const d = ui.dialog;
      if (!d || d.kind !== 'conflict') return state;
      if (d.then === 'save') return save(state, ctx, true);
      ui.dialog = { kind: 'move', event: d.event };
      ui.drafts.move_date = d.date;
      return move(state, true);
    }
    case 'cancel':
      if (ui.screen !== 'form') return state;
      pop(state);
      return state;
    case 'delete': {
      const e = target(state, a);
      if (!e) return state;
      ui.dialog = { kind: 'delete', event: e.id };
      return state;
    }
    case 'confirm_delete': {
      const e = ui.dialog && ui.dialog.kind === 'delete' ? findEvent(data, ui.dialog.event) : null;
      ui.dialog = null;
      if (!e) return state;
      data.events = data.events.filter((x) => x.id !== e.id);
      if (ui.screen === 'event' && ui.event === e.id) pop(state);
      ui.notice = 'Event deleted';
      return state;
    }
    case 'move': {
      const e = target(state, a);
      if (!e) return state;
      ui.dialog = { kind: 'move', event: e.id };
      ui.drafts.move_date = e.date;
      return state;
    }
    case 'confirm_move':
      if (!ui.dialog || ui.dialog.kind !== 'move') return state;
      return move(state, false);
    case 'close_dialog':
      ui.dialog = null;
      return state;
    case 'message_attendees': {
      const e = target(state, a);
      if (!e) return state;
      ui.dialog = { kind: 'message', event: e.id };
      return state;
    }
    case 'message': {
      const e = ui.dialog && ui.dialog.kind === 'message' ? findEvent(data, ui.dialog.event) : target(state, a);
      if (!e || !e.attendees.includes(a.contact)) return state;
      return handOff(state, ctx, 'messages', { to: a.contact, text: messageText(e) }, 'Messages');
    }
    case 'message_picker': {
      const e = ui.dialog && ui.dialog.kind === 'message' ? findEvent(data, ui.dialog.event) : target(state, a);
      if (!e) return state;
      return handOff(state, ctx, 'messages', { text: messageText(e) }, 'Messages');
    }
    case 'save_note': {
      const e = target(state, a);
      if (!e) return state;
      return handOff(state, ctx, 'notes', { create: noteFor(e, contactsFrom(ctx.peek)) }, 'Notes');
    }
    case 'open_contact': {
      const e = target(state, a);
      if (!e || !e.attendees.includes(a.contact)) return state;
      return handOff(state, ctx, 'contacts', { contact_id: a.contact }, 'Contacts');
    }
    case 'search':
      if (ui.screen === 'search') return state;
      push(ui, 'search', { event: null });
      ui.drafts.search = '';
      return state;
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        return state;
      }
      return pop(state) ? state : null;
    default:
      return null;
  }
}
