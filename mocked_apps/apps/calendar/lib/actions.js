// Reducer steps of the Calendar app: the event form (open, save with the conflict check), moving an event,
// hand-offs to other apps and intents.

import { isoDate, normalizeDate, pad, shortDate } from './dates.js';
import { REMINDERS, FORM_FIELDS, conflicts, contactsFrom, findEvent, validate } from './select.js';
import { clearForm, pop } from './ui.js';

function defaultTimes(date, now) {
  if (date === isoDate(now)) {
    const h = Math.min(22, new Date(now).getUTCHours() + 1);
    return { start: `${pad(h)}:00`, end: `${pad(h + 1)}:00` };
  }
  return { start: '09:00', end: '10:00' };
}

export function openForm(state, ctx, { mode, event = null, prefill = {} }) {
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

export function save(state, ctx, force) {
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

export function move(state, force) {
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

export function handOff(state, ctx, app, intent, label) {
  state.ui.dialog = null;
  if (!ctx.peek(app)) {
    state.ui.notice = `${label} is not available`;
    return state;
  }
  ctx.open(app, intent);
  return state;
}

export function onIntent(state, action, ctx) {
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