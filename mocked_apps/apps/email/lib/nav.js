// The Email app's ui state and navigation: the ui shape, views, the screen stack and the targeted email.

import { FOLDERS, findEmail, searchEmails, viewEmails } from './select.js';

const SCREENS = ['list', 'read', 'compose', 'search', 'picker'];

export function baseUi() {
  return {
    screen: 'list', view: 'inbox', stack: [], email: null, drawer: false, sheet: null, dialog: null,
    compose: null, errors: {}, notice: null, drafts: {},
  };
}

export function ensureUi(state) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.errors || typeof ui.errors !== 'object') ui.errors = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'list';
  if (!validView(state.data, ui.view)) ui.view = 'inbox';
  return ui;
}

export function validView(data, view) {
  const v = String(view ?? '');
  return FOLDERS.includes(v) || (v.startsWith('label:') && data.labels.includes(v.slice(6)));
}

export function push(ui, screen, fields = {}) {
  ui.stack.push({ screen: ui.screen, email: ui.email, compose: ui.compose });
  ui.sheet = null;
  ui.dialog = null;
  ui.drawer = false;
  ui.errors = {};
  Object.assign(ui, { email: null }, fields, { screen });
}

/** Go back one screen; false at the root. Skips read screens whose email is gone. */
export function pop(state) {
  const ui = state.ui;
  if (ui.screen === 'compose') {
    ui.drafts.to = '';
    ui.drafts.subject = '';
    ui.drafts.body = '';
  }
  const prev = ui.stack.pop();
  if (!prev) return false;
  Object.assign(ui, prev, { sheet: null, dialog: null, drawer: false, errors: {} });
  if (ui.screen === 'read' && !findEmail(state.data, ui.email)) return pop(state) || (ui.screen = 'list', true);
  return true;
}

export function toRoot(ui, view = ui.view) {
  Object.assign(ui, { screen: 'list', view, stack: [], email: null, drawer: false, sheet: null, dialog: null, compose: null, errors: {} });
}

/**
 * The email an action of the reading screen applies to: the one open, when `action.id` is absent or names it and no
 * dialog is over it; else null. Its buttons (star, archive, delete, move, labels, reply...) are only there: an
 * email of another screen is not acted on unseen.
 */
export function target(state, action) {
  const { ui } = state;
  if (ui.screen !== 'read' || ui.dialog || (action.id !== undefined && action.id !== ui.email)) return null;
  return findEmail(state.data, ui.email);
}

/** The record of email `id` when a row of the list on screen shows it (the open view's list or the search results,
 * nothing over them); else null. */
export function listedEmail(state, world, id) {
  const { data, ui } = state;
  if (ui.dialog || ui.drawer || ui.sheet) return null;
  let rows = [];
  if (ui.screen === 'list') rows = viewEmails(data, world, ui.view);
  else if (ui.screen === 'search') rows = searchEmails(data, world, ui.drafts.search);
  return rows.some((e) => e.id === id) ? findEmail(data, id) : null;
}

export function leaveIfOpen(state, id) {
  if (state.ui.screen === 'read' && state.ui.email === id) pop(state);
}