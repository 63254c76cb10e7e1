// Tidewell CRM for Saltmarsh Analytics: leads (statuses, disqualification, bulk owner reassignment),
// a four-step lead conversion wizard (contact → account new or existing → opportunity → review) with
// per-step validation and drafts kept across Back/Next, accounts, contacts, opportunities (stages with
// default probabilities, close dates relative to the virtual clock, lost reasons), a pipeline board with
// stage totals, activities logged on any record, owner reassignment and search.
// Rules refuse with ui.notice (or field errors in ui.errors) and leave data unchanged.
// Entry point: init and reduce; the parts live in lib/ (constants, format, select, helpers and the area
// reducers leads, convert, opps), re-exported here.

import { ACT_KINDS, ACT_LABEL, LIST_SCREENS, DAY_MS } from './lib/constants.js';
import { dateAfter } from './lib/format.js';
import { kindOf, findRecord, findOpp, userName } from './lib/select.js';
import { deny, clearTransient, go, loadOppDrafts, openRecord, nextId, shownRecord } from './lib/helpers.js';
import { leadActions } from './lib/leads.js';
import { convertActions } from './lib/convert.js';
import { oppActions } from './lib/opps.js';

export {
  LEAD_STATUSES, OPEN_LEAD, LEAD_LABEL, SOURCE_LABEL, DQ_REASONS, DQ_LABEL, STAGES, OPEN_STAGES, STAGE_LABEL, STAGE_PROB, OPP_TYPES,
  TYPE_LABEL, LOST_REASONS, LOST_LABEL, ACT_KINDS, ACT_LABEL, LIST_SCREENS, LEAD_SORT, OPP_SORT, STEPS,
} from './lib/constants.js';
export { dateAfter, dollars, parseAmount, parseDate, parseProbability, isEmail, isPhone } from './lib/format.js';
export * from './lib/select.js';
export { validateStep } from './lib/convert.js';

// ------------------------------------------------------------------ init

/** Return the initial state: the world's records, dates relative to ctx.now. */
export function init(world, ctx) {
  const now = ctx && typeof ctx.now === 'number' ? ctx.now : Date.UTC(2026, 2, 14, 9, 30);
  const day0 = Math.floor(now / DAY_MS) * DAY_MS;
  const data = {
    me: world.me,
    leads: (world.leads || []).map((l) => {
      const lead = { ...l, created: dateAfter(now, l.created) };
      if (l.converted) lead.converted = { ...l.converted, date: dateAfter(now, l.converted.date) };
      return lead;
    }),
    accounts: (world.accounts || []).map((a) => ({ ...a })),
    contacts: (world.contacts || []).map((c) => ({ ...c })),
    opps: (world.opportunities || []).map((o) => ({ ...o, close: dateAfter(now, o.close) })),
    activities: (world.activities || []).map((a, i) => ({
      id: `T-${i + 1}`, kind: a.kind, subject: a.subject, notes: '', ref: a.ref, by: a.by, ts: day0 - a.days * DAY_MS + a.hour * 3600000,
    })),
    counters: { lead: 119, account: 211, contact: 315, opp: 417, activity: (world.activities || []).length + 1 },
  };
  return { data, ui: freshUi() };
}

function freshUi() {
  return {
    screen: 'leads', record: null, stack: [], drafts: {}, errors: {}, notice: null, menu: null, dialog: null,
    conv: null, lstatus: 'open', lfilters: {}, lsort: { col: 'created', dir: 'desc' }, lchecked: [],
    ostage: 'open', ofilters: {}, osort: { col: 'close', dir: 'asc' }, powner: 'all', actKind: 'call', dq: null, lost: null,
    bulkOwner: null, newLead: null, query: '',
  };
}

// ------------------------------------------------------------------ reducer

/** Apply an action (see README.md). */
export function reduce(state, action, ctx) {
  const { data, ui } = state;
  const world = ctx.world || {};
  const today = dateAfter(ctx.now, 0);
  ui.stack = ui.stack || [];
  ui.drafts = ui.drafts || {};
  ui.errors = ui.errors || {};
  ui.lfilters = ui.lfilters || {};
  ui.ofilters = ui.ofilters || {};
  ui.lchecked = ui.lchecked || [];
  if (!['intent', 'back'].includes(action.type)) ui.notice = null;
  const current = () => shownRecord(state, action.id);
  for (const part of [leadActions, convertActions, oppActions]) {
    const out = part(state, action, ctx, world, today);
    if (out !== undefined) return out;
  }
  switch (action.type) {
    case 'intent':
      if (action.record && findRecord(data, action.record)) openRecord(ui, data, action.record);
      else if (LIST_SCREENS.includes(action.screen)) go(ui, { screen: action.screen, record: null });
      return state;
    case 'nav':
      if (!LIST_SCREENS.includes(action.screen)) return state;
      go(ui, { screen: action.screen, record: null, conv: null });
      return state;
    case 'open':
      openRecord(ui, data, action.id);
      return state;
    case 'menu':
      ui.menu = ui.menu === action.id ? null : String(action.id || '') || null;
      return state;
    case 'dismiss':
      ui.notice = null;
      return state;
    case 'search': {
      const q = String(action.q ?? ui.drafts.q ?? '').trim();
      if (!q) return state;
      go(ui, { screen: 'search', record: null, query: q });
      return state;
    }
    // ---------------------------------------------------------------- any record
    case 'set_owner': {
      const r = current();
      if (!r || !(world.users || []).some((u) => u.id === action.owner)) return state;
      ui.menu = null;
      if (kindOf(r.id) === 'lead' && r.status === 'converted') return deny(state, 'Converted leads keep their owner; reassign the contact or opportunity instead');
      if (r.owner === action.owner) return state;
      r.owner = action.owner;
      ui.notice = `Owner changed to ${userName(world, action.owner)}`;
      return state;
    }
    case 'act_kind':
      if (!ACT_KINDS.includes(action.kind)) return state;
      ui.actKind = action.kind;
      return state;
    case 'log_activity': {
      const r = current();
      if (!r) return state;
      const kind = action.kind ?? ui.actKind;
      const subject = String(action.subject ?? ui.drafts['act-subject'] ?? '').trim();
      const notes = String(action.notes ?? ui.drafts['act-notes'] ?? '').trim();
      if (!ACT_KINDS.includes(kind)) return state;
      if (!subject) return (ui.errors = { act: 'Enter a subject' }), state;
      if (subject.length > 120) return (ui.errors = { act: 'Subjects can have at most 120 characters' }), state;
      if (notes.length > 2000) return (ui.errors = { act: 'Notes can have at most 2000 characters' }), state;
      data.activities.push({ id: nextId(data, 'activity', 'T'), kind, subject, notes, ref: r.id, by: data.me, ts: ctx.now });
      ui.drafts['act-subject'] = '';
      ui.drafts['act-notes'] = '';
      ui.errors = {};
      ui.notice = `${ACT_LABEL[kind]} logged`;
      return state;
    }
    case 'close_dialog':
      Object.assign(ui, { dialog: null, errors: {}, menu: null, dq: null, lost: null, bulkOwner: null, newLead: null });
      return state;
    case 'back': {
      if (ui.dialog || ui.menu) {
        Object.assign(ui, { dialog: null, errors: {}, menu: null, dq: null, lost: null, bulkOwner: null, newLead: null });
        return state;
      }
      if (ui.screen === 'convert' && ui.conv && ui.conv.step > 1) {
        ui.errors = {};
        ui.conv.step -= 1;
        return state;
      }
      let prev = ui.stack.pop();
      while (prev && ((prev.record && !findRecord(data, prev.record)) || prev.screen === 'convert')) prev = ui.stack.pop();
      if (!prev) return null;
      if (ui.screen === 'convert') ui.conv = null;
      clearTransient(ui);
      Object.assign(ui, prev);
      if (prev.screen === 'opp') loadOppDrafts(ui, findOpp(data, prev.record));
      return state;
    }
    default:
      return null;
  }
}
