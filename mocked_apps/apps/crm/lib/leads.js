// Leads: the reducer cases of the leads list (filters, sort, check boxes, bulk owner, new lead) and the lead page (status, disqualify).

import { LEAD_STATUSES, OPEN_LEAD, SOURCE_LABEL, DQ_REASONS, DQ_LABEL, LEAD_SORT, MAX_LEN } from './constants.js';
import { isEmail, isPhone, norm } from './format.js';
import { findLead, userName, personName, leadRows } from './select.js';
import { deny, clearTransient, nextId, shownRecord } from './helpers.js';

const NEW_LEAD_KEYS = ['nl-first', 'nl-last', 'nl-company', 'nl-email', 'nl-phone', 'nl-title'];

/** Actions of the leads list, the new-lead dialog and the lead page; undefined for any other action. */
export function leadActions(state, action, ctx, world, today) {
  const { data, ui } = state;
  switch (action.type) {
    // ---------------------------------------------------------------- leads list
    case 'lead_filter': {
      if (action.field === 'status') {
        if (!['open', 'all', ...LEAD_STATUSES].includes(action.value)) return state;
        ui.lstatus = action.value;
      } else if (action.field === 'source' || action.field === 'owner') {
        const f = { ...ui.lfilters };
        if (action.value === 'any') delete f[action.field];
        else if (action.field === 'source' ? SOURCE_LABEL[action.value] : (world.users || []).some((u) => u.id === action.value)) f[action.field] = action.value;
        else return state;
        ui.lfilters = f;
      } else return state;
      ui.menu = null;
      return state;
    }
    case 'lead_sort':
      if (!LEAD_SORT.includes(action.col)) return state;
      ui.lsort = ui.lsort.col === action.col ? { col: action.col, dir: ui.lsort.dir === 'asc' ? 'desc' : 'asc' } : { col: action.col, dir: 'asc' };
      return state;
    case 'lcheck': {
      // A check box of a row the leads table lists now (its filters and search), with no dialog over it.
      const l = ui.screen === 'leads' && !ui.dialog ? leadRows(data, ui, world).find((x) => x.id === action.id) : null;
      if (!l) return state;
      ui.lchecked = ui.lchecked.includes(l.id) ? ui.lchecked.filter((x) => x !== l.id) : [...ui.lchecked, l.id];
      return state;
    }
    case 'lcheck_all': {
      const rows = leadRows(data, ui, world).map((l) => l.id);
      ui.lchecked = rows.length && rows.every((x) => ui.lchecked.includes(x)) ? ui.lchecked.filter((x) => !rows.includes(x)) : [...new Set([...ui.lchecked, ...rows])];
      return state;
    }
    case 'lclear':
      ui.lchecked = [];
      ui.menu = null;
      return state;
    case 'bulk_owner': {
      if (!(world.users || []).some((u) => u.id === action.owner)) return state;
      ui.menu = null;
      if (!ui.lchecked.length) return deny(state, 'Select leads first');
      ui.bulkOwner = action.owner;
      ui.dialog = 'bulk-owner';
      return state;
    }
    case 'confirm_bulk_owner': {
      const owner = ui.bulkOwner;
      ui.dialog = null;
      ui.bulkOwner = null;
      if (!owner) return state;
      const leads = ui.lchecked.map((id) => findLead(data, id)).filter(Boolean);
      const skipped = leads.filter((l) => l.status === 'converted');
      let changed = 0;
      for (const l of leads) {
        if (l.status === 'converted' || l.owner === owner) continue;
        l.owner = owner;
        changed += 1;
      }
      ui.lchecked = [];
      ui.notice = `Reassigned ${changed} ${changed === 1 ? 'lead' : 'leads'} to ${userName(world, owner)}` +
        (skipped.length ? `. Skipped converted: ${skipped.map((l) => l.id).join(', ')}` : '');
      return state;
    }
    case 'new_lead':
      clearTransient(ui);
      ui.dialog = 'new-lead';
      ui.newLead = { source: 'web', owner: data.me };
      for (const k of NEW_LEAD_KEYS) ui.drafts[k] = '';
      return state;
    case 'new_lead_set':
      if (ui.dialog !== 'new-lead' || !ui.newLead) return state;
      if (action.field === 'source' && SOURCE_LABEL[action.value]) ui.newLead.source = action.value;
      else if (action.field === 'owner' && (world.users || []).some((u) => u.id === action.value)) ui.newLead.owner = action.value;
      ui.menu = null;
      return state;
    case 'create_lead': {
      if (ui.dialog !== 'new-lead' || !ui.newLead) return state;
      const t = (k) => String(ui.drafts[k] ?? '').trim();
      const errors = {};
      if (!t('nl-first')) errors['nl-first'] = 'First name is required';
      if (!t('nl-last')) errors['nl-last'] = 'Last name is required';
      if (!t('nl-company')) errors['nl-company'] = 'Company is required';
      for (const [k, max] of [['nl-first', MAX_LEN.person], ['nl-last', MAX_LEN.person], ['nl-company', MAX_LEN.name], ['nl-title', MAX_LEN.name]]) {
        if (t(k).length > max) errors[k] = `At most ${max} characters`;
      }
      if (!isEmail(t('nl-email'))) errors['nl-email'] = 'Enter a valid email address';
      else if (data.leads.some((l) => norm(l.email) === norm(t('nl-email')))) errors['nl-email'] = 'A lead with this email already exists';
      if (t('nl-phone') && !isPhone(t('nl-phone'))) errors['nl-phone'] = 'Enter a valid phone number';
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      const lead = { id: nextId(data, 'lead', 'L'), first: t('nl-first'), last: t('nl-last'), company: t('nl-company'), title: t('nl-title'),
        email: t('nl-email'), phone: t('nl-phone'), source: ui.newLead.source, status: 'new', owner: ui.newLead.owner, created: today };
      data.leads.push(lead);
      for (const k of NEW_LEAD_KEYS) delete ui.drafts[k];
      Object.assign(ui, { dialog: null, newLead: null, errors: {} });
      ui.notice = `Created lead ${lead.id} (${personName(lead)})`;
      return state;
    }
    // ---------------------------------------------------------------- lead detail
    case 'lead_status': {
      const l = shownRecord(state, action.id, 'lead');
      if (!l || !OPEN_LEAD.includes(action.status)) return state;
      if (l.status === 'converted') return deny(state, `${personName(l)} is converted; its status can't change`);
      if (l.status === action.status) return state;
      l.status = action.status;
      delete l.dq_reason;
      return state;
    }
    case 'disqualify': {
      const l = shownRecord(state, action.id, 'lead');
      if (!l) return state;
      if (l.status === 'converted') return deny(state, `${personName(l)} is converted and can't be disqualified`);
      if (l.status === 'disqualified') return deny(state, `${personName(l)} is already disqualified`);
      clearTransient(ui);
      ui.dialog = 'disqualify';
      ui.dq = { lead: l.id, reason: null };
      return state;
    }
    case 'dq_reason':
      if (ui.dialog !== 'disqualify' || !ui.dq || !DQ_REASONS.includes(action.reason)) return state;
      ui.dq.reason = action.reason;
      return state;
    case 'confirm_disqualify': {
      if (ui.dialog !== 'disqualify' || !ui.dq) return state;
      if (!ui.dq.reason) return (ui.errors = { dq: 'Pick a reason' }), state;
      const l = findLead(data, ui.dq.lead);
      if (!l || !OPEN_LEAD.includes(l.status)) return state;
      l.status = 'disqualified';
      l.dq_reason = ui.dq.reason;
      Object.assign(ui, { dialog: null, dq: null, errors: {} });
      ui.notice = `${personName(l)} disqualified (${DQ_LABEL[l.dq_reason]})`;
      return state;
    }
    default:
      return undefined;
  }
}
