// Selectors over the CRM's records (leads, accounts, contacts, opportunities, activities), shared by the reducer, the view and the tests.

import { LEAD_STATUSES, OPEN_LEAD, LEAD_LABEL, STAGES, OPEN_STAGES } from './constants.js';
import { norm } from './format.js';
import { compareText, matchesQuery } from '../../../runtime/core/text.js';

export function kindOf(id) {
  return { L: 'lead', A: 'account', C: 'contact', O: 'opp' }[String(id || '')[0]] || null;
}

export function findRecord(data, id) {
  const list = { lead: data.leads, account: data.accounts, contact: data.contacts, opp: data.opps }[kindOf(id)];
  return list ? list.find((r) => r.id === id) : undefined;
}

export const findLead = (data, id) => data.leads.find((l) => l.id === id);
export const findAccount = (data, id) => data.accounts.find((a) => a.id === id);
export const findContact = (data, id) => data.contacts.find((c) => c.id === id);
export const findOpp = (data, id) => data.opps.find((o) => o.id === id);

export function userName(world, id) {
  const u = (world.users || []).find((x) => x.id === id);
  return u ? u.name : 'Unassigned';
}

export function personName(r) {
  return `${r.first} ${r.last}`;
}

export function recordTitle(data, id) {
  const r = findRecord(data, id);
  if (!r) return id;
  return kindOf(id) === 'lead' || kindOf(id) === 'contact' ? personName(r) : r.name;
}

export function isOpen(o) {
  return OPEN_STAGES.includes(o.stage);
}

/** Account whose name equals `name` (case and spacing ignored). */
export function accountByName(data, name) {
  const n = norm(name);
  return n ? data.accounts.find((a) => norm(a.name) === n) : undefined;
}

/** Open pipeline of an account: sum of its open opportunities' amounts. */
export function accountPipeline(data, accountId) {
  return data.opps.filter((o) => o.account === accountId && isOpen(o)).reduce((s, o) => s + o.amount, 0);
}

/** Pipeline columns: per stage {stage, opps, count, total}; opportunities filtered by owner. */
export function pipeline(data, owner = 'all') {
  const mine = data.opps.filter((o) => owner === 'all' || o.owner === owner);
  return STAGES.map((stage) => {
    const opps = mine.filter((o) => o.stage === stage).sort((a, b) => (a.close < b.close ? -1 : a.close > b.close ? 1 : 0));
    return { stage, opps, count: opps.length, total: opps.reduce((s, o) => s + o.amount, 0) };
  });
}

/** Open pipeline total and probability-weighted total (rounded to dollars). */
export function pipelineTotals(data, owner = 'all') {
  const open = data.opps.filter((o) => isOpen(o) && (owner === 'all' || o.owner === owner));
  return {
    total: open.reduce((s, o) => s + o.amount, 0),
    weighted: Math.round(open.reduce((s, o) => s + (o.amount * o.probability) / 100, 0)),
    count: open.length,
  };
}

export function matchesLead(l, ui, world) {
  const st = ui.lstatus || 'open';
  if (st === 'open' ? !OPEN_LEAD.includes(l.status) : st !== 'all' && l.status !== st) return false;
  const f = ui.lfilters || {};
  if (f.source && l.source !== f.source) return false;
  if (f.owner && l.owner !== f.owner) return false;
  return matchesQuery((ui.drafts || {})['lead-search'], [personName(l), l.company, l.email, l.id]);
}

const byNameThenId = (a, b) => compareText(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Return the accounts a search box lists (name or city; accents and case ignored), by name. */
export function accountRows(data, query) {
  return data.accounts.filter((a) => matchesQuery(query, [a.name, a.city])).sort(byNameThenId);
}

/** Return the accounts the convert wizard's account search lists (name; accents and case ignored), by name. */
export function accountChoices(data, query) {
  return data.accounts.filter((a) => matchesQuery(query, [a.name])).sort(byNameThenId);
}

/** Return the contacts the search box lists (name, email or account name; accents and case ignored), by last name. */
export function contactRows(data, query) {
  return data.contacts.filter((c) => matchesQuery(query, [personName(c), c.email, (findAccount(data, c.account) || {}).name]))
    .sort((a, b) => compareText(a.last, b.last) || compareText(a.first, b.first) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// Columns of names: ordered with compareText (code-point order put "Ágota" after "Zoe").
const TEXT_COLUMNS = ['name', 'company', 'account', 'owner'];

/** Compare two column values: text columns with compareText, the rest (dates, numbers, ranks) as they are. */
function byColumn(x, y, isText) {
  if (isText) return compareText(x, y);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function leadRows(data, ui, world = {}) {
  const col = (ui.lsort && ui.lsort.col) || 'created';
  const dir = ui.lsort && ui.lsort.dir === 'desc' ? -1 : 1;
  const value = (l) => {
    switch (col) {
      case 'name': return norm(personName(l));
      case 'company': return norm(l.company);
      case 'source': return l.source;
      case 'status': return LEAD_STATUSES.indexOf(l.status);
      case 'owner': return userName(world, l.owner);
      default: return l.created;
    }
  };
  return data.leads.filter((l) => matchesLead(l, ui, world)).sort((a, b) => byColumn(value(a), value(b), TEXT_COLUMNS.includes(col)) * dir || (a.id < b.id ? -1 : 1));
}

export function oppRows(data, ui, world = {}) {
  const st = ui.ostage || 'open';
  const f = ui.ofilters || {};
  const col = (ui.osort && ui.osort.col) || 'close';
  const dir = ui.osort && ui.osort.dir === 'desc' ? -1 : 1;
  const value = (o) => {
    switch (col) {
      case 'name': return norm(o.name);
      case 'account': return norm((findAccount(data, o.account) || {}).name);
      case 'stage': return STAGES.indexOf(o.stage);
      case 'amount': return o.amount;
      case 'probability': return o.probability;
      case 'owner': return userName(world, o.owner);
      default: return o.close;
    }
  };
  return data.opps
    .filter((o) => (st === 'open' ? isOpen(o) : st === 'all' ? true : o.stage === st))
    .filter((o) => !f.owner || o.owner === f.owner)
    .sort((a, b) => byColumn(value(a), value(b), TEXT_COLUMNS.includes(col)) * dir || (a.id < b.id ? -1 : 1));
}

/** Search every record type by name, company, email or id (accents and case ignored). */
export function search(data, text) {
  if (!norm(text)) return [];
  const hit = (...xs) => matchesQuery(text, xs);
  return [
    ...data.leads.filter((l) => hit(personName(l), l.company, l.email, l.id)).map((l) => ({ id: l.id, kind: 'lead' })),
    ...data.contacts.filter((c) => hit(personName(c), c.email, c.id)).map((c) => ({ id: c.id, kind: 'contact' })),
    ...data.accounts.filter((a) => hit(a.name, a.website, a.id)).map((a) => ({ id: a.id, kind: 'account' })),
    ...data.opps.filter((o) => hit(o.name, o.id)).map((o) => ({ id: o.id, kind: 'opp' })),
  ];
}

export function activitiesOf(data, id) {
  let refs = [id];
  if (kindOf(id) === 'account') {
    refs = [id, ...data.contacts.filter((c) => c.account === id).map((c) => c.id), ...data.opps.filter((o) => o.account === id).map((o) => o.id)];
  }
  return data.activities.filter((a) => refs.includes(a.ref)).sort((a, b) => b.ts - a.ts);
}

/** May this lead be converted? {ok} or {ok: false, reason}. */
export function canConvert(data, lead) {
  if (!lead) return { ok: false, reason: 'No such lead' };
  if (lead.status === 'converted') {
    const c = lead.converted || {};
    return { ok: false, reason: `${personName(lead)} was already converted${c.contact ? ` (contact ${c.contact}, opportunity ${c.opportunity})` : ''}. A lead can only be converted once.` };
  }
  if (lead.status === 'disqualified') return { ok: false, reason: `${personName(lead)} is disqualified. Re-open the lead before converting it.` };
  if (lead.status !== 'qualified') return { ok: false, reason: `Only qualified leads can be converted. ${personName(lead)} is ${LEAD_LABEL[lead.status]}; mark the lead Qualified first.` };
  return { ok: true };
}
