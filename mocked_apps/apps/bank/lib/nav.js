// The Bank's ui state and navigation: tabs, the ui shape, the screen stack and the error banner.

import * as L from './ledger.js';

export const TABS = ['home', 'activity', 'payments', 'settings'];
const SCREENS = ['home', 'activity', 'payments', 'settings', 'account', 'tx', 'statements', 'statement', 'transfer', 'pick_to',
  'review', 'done', 'payee', 'payee_form', 'pick_contact', 'scheduled', 'limit', 'unlock'];
const SEL_KEYS = ['account', 'tx', 'payee', 'sched', 'month'];

export function freshUi() {
  return {
    screen: 'home', tab: 'home', stack: [],
    account: null, tx: null, payee: null, sched: null, month: null,
    acct_filter: 'all', direction: 'all', stmt_account: 'chk',
    transfer: null, link: null, pending: null, last: null,
    dialog: null, pin_error: null, error: null, notice: null, errors: {}, drafts: {},
  };
}

export function ensureUi(state) {
  state.ui = { ...freshUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.errors || typeof ui.errors !== 'object') ui.errors = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'home';
  if (!TABS.includes(ui.tab)) ui.tab = 'home';
  return ui;
}

function snapshot(ui) {
  const s = { screen: ui.screen };
  for (const k of SEL_KEYS) s[k] = ui[k];
  return s;
}

export function push(ui, screen, sel = {}) {
  ui.stack.push(snapshot(ui));
  ui.screen = screen;
  for (const [k, v] of Object.entries(sel)) ui[k] = v;
  ui.dialog = null;
  ui.error = null;
  ui.errors = {};
}

/** Pop one screen; false at a tab root. Screens whose record is gone are skipped. */
export function pop(state) {
  const { ui, data } = state;
  for (;;) {
    const prev = ui.stack.pop();
    if (!prev) return false;
    Object.assign(ui, prev);
    ui.dialog = null;
    ui.error = null;
    ui.errors = {};
    if (ui.screen === 'payee' && !L.findPayee(data, ui.payee)) continue;
    if (ui.screen === 'scheduled' && !L.findScheduled(data, ui.sched)) continue;
    if (ui.screen === 'tx' && !L.findTx(data, ui.tx)) continue;
    return true;
  }
}

export function goTab(ui, tab) {
  Object.assign(ui, { screen: tab, tab, stack: [], dialog: null, error: null, errors: {}, pending: null });
}

export function fail(state, message) {
  state.ui.error = message;
  return state;
}
/**
 * Return the id selected for `screen` (its `key`: payee, sched, tx) when that screen is shown with no dialog over it
 * and `id` is absent or names it; else null. Its buttons (Pay, Delete payee, Cancel this transfer, Share receipt) are
 * only there: a record of another screen is not acted on unseen.
 */
export function shownId(ui, screen, key, id) {
  if (ui.screen !== screen || ui.dialog || (id !== undefined && id !== ui[key])) return null;
  return ui[key];
}
