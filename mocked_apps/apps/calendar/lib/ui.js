// The Calendar's ui state helpers: the ui shape, the screen stack, clearing the form and the targeted event.

import { isoDate, normalizeDate } from './dates.js';
import { FORM_FIELDS, contactsFrom, eventsOn, findEvent, searchEvents, upcoming } from './select.js';

export const ROOTS = ['month', 'agenda'];
const SCREENS = ['month', 'agenda', 'event', 'form', 'attendees', 'search'];

export function freshUi(today) {
  return { screen: 'month', stack: [], day: today, month: today.slice(0, 7), event: null, form: null, dialog: null,
    errors: {}, notice: null, drafts: {} };
}

export function ensureUi(state, ctx) {
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

export function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, event: ui.event });
  Object.assign(ui, { screen, dialog: null, errors: {} }, extra);
}

export function clearForm(ui) {
  for (const f of FORM_FIELDS) delete ui.drafts[f];
  delete ui.drafts.attendee_search;
  ui.form = null;
  ui.errors = {};
}

/** Pop one screen; false at a root screen. Screens whose event is gone are skipped. */
export function pop(state) {
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

/** The event a button of the event screen acts on: the one shown, when `action.id` is absent or names it and no dialog
 * is over it; else undefined. Edit, delete, move, message, save-to-notes and attendee links are only there. */
export function target(state, action) {
  const { ui } = state;
  if (ui.screen !== 'event' || ui.dialog || (action.id !== undefined && action.id !== ui.event)) return undefined;
  return findEvent(state.data, ui.event);
}

/** Event `id` when a row of the list on screen shows it (the month view's day, the upcoming list, the search hits),
 * nothing over it; else undefined. */
export function listedEvent(state, ctx, id) {
  const { data, ui } = state;
  if (ui.dialog) return undefined;
  let rows = [];
  if (ui.screen === 'month') rows = eventsOn(data.events, ui.day);
  else if (ui.screen === 'agenda') rows = upcoming(data.events, isoDate(ctx.now)).flatMap(([, list]) => list);
  else if (ui.screen === 'search') rows = searchEvents(data.events, ui.drafts.search ?? '', contactsFrom(ctx.peek));
  return rows.find((e) => e.id === id);
}