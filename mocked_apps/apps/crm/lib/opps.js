// Opportunities: the reducer cases of the list and pipeline filters, stage changes, lost reasons, reopening and deal edits.

import { STAGES, STAGE_LABEL, STAGE_PROB, LOST_REASONS, LOST_LABEL, OPP_SORT, MAX_LEN } from './constants.js';
import { dateAfter, parseAmount, parseDate, parseProbability } from './format.js';
import { findOpp, isOpen } from './select.js';
import { deny, clearTransient, loadOppDrafts, shownRecord } from './helpers.js';

/** Actions of the opportunity list, the pipeline, the lost dialog and the opportunity page; undefined for any other action. */
export function oppActions(state, action, ctx, world, today) {
  const { data, ui } = state;
  switch (action.type) {
    // ---------------------------------------------------------------- opportunities
    case 'opp_filter': {
      if (action.field === 'stage') {
        if (!['open', 'all', ...STAGES].includes(action.value)) return state;
        ui.ostage = action.value;
      } else if (action.field === 'owner') {
        const f = { ...ui.ofilters };
        if (action.value === 'any') delete f.owner;
        else if ((world.users || []).some((u) => u.id === action.value)) f.owner = action.value;
        else return state;
        ui.ofilters = f;
      } else return state;
      ui.menu = null;
      return state;
    }
    case 'opp_sort':
      if (!OPP_SORT.includes(action.col)) return state;
      ui.osort = ui.osort.col === action.col ? { col: action.col, dir: ui.osort.dir === 'asc' ? 'desc' : 'asc' } : { col: action.col, dir: 'asc' };
      return state;
    case 'pipeline_owner':
      if (action.owner !== 'all' && !(world.users || []).some((u) => u.id === action.owner)) return state;
      ui.powner = action.owner;
      return state;
    case 'opp_stage': {
      const o = shownRecord(state, action.id, 'opp');
      if (!o || !STAGES.includes(action.stage)) return state;
      if (!isOpen(o)) return deny(state, `${o.name} is ${STAGE_LABEL[o.stage]}. Closed opportunities are locked; reopen it first.`);
      if (o.stage === action.stage) return state;
      if (action.stage === 'closed_lost') {
        clearTransient(ui);
        ui.dialog = 'lost';
        ui.lost = { opp: o.id, reason: null };
        return state;
      }
      o.stage = action.stage;
      o.probability = STAGE_PROB[action.stage];
      if (ui.screen === 'opp' && ui.record === o.id) loadOppDrafts(ui, o);
      ui.notice = `${o.name} moved to ${STAGE_LABEL[o.stage]} (${o.probability}%)`;
      return state;
    }
    case 'lost_reason':
      if (ui.dialog !== 'lost' || !ui.lost || !LOST_REASONS.includes(action.reason)) return state;
      ui.lost.reason = action.reason;
      return state;
    case 'confirm_lost': {
      if (ui.dialog !== 'lost' || !ui.lost) return state;
      if (!ui.lost.reason) return (ui.errors = { lost: 'Pick a reason' }), state;
      const o = findOpp(data, ui.lost.opp);
      if (!o || !isOpen(o)) return state;
      o.stage = 'closed_lost';
      o.probability = 0;
      o.lost_reason = ui.lost.reason;
      Object.assign(ui, { dialog: null, lost: null, errors: {} });
      if (ui.screen === 'opp' && ui.record === o.id) loadOppDrafts(ui, o);
      ui.notice = `${o.name} closed as lost (${LOST_LABEL[o.lost_reason]})`;
      return state;
    }
    case 'reopen': {
      const o = shownRecord(state, action.id, 'opp');
      if (!o || isOpen(o)) return state;
      o.stage = 'negotiation';
      o.probability = STAGE_PROB.negotiation;
      delete o.lost_reason;
      if (o.close <= today) o.close = dateAfter(ctx.now, 14);
      if (ui.screen === 'opp' && ui.record === o.id) loadOppDrafts(ui, o);
      ui.notice = `${o.name} reopened in Negotiation`;
      return state;
    }
    case 'save_opp': {
      const o = findOpp(data, ui.record);
      if (!o || ui.screen !== 'opp') return state;
      if (!isOpen(o)) return deny(state, 'Closed opportunities are locked; reopen it first');
      const errors = {};
      const name = String(ui.drafts['o-name'] ?? '').trim();
      if (!name) errors['o-name'] = 'Name is required';
      else if (name.length > MAX_LEN.name) errors['o-name'] = `At most ${MAX_LEN.name} characters`;
      const next = String(ui.drafts['o-next'] ?? '').trim();
      if (next.length > MAX_LEN.next) errors['o-next'] = `At most ${MAX_LEN.next} characters`;
      const amount = parseAmount(ui.drafts['o-amount']);
      if (amount.error) errors['o-amount'] = amount.error;
      const close = parseDate(ui.drafts['o-close']);
      if (close.error) errors['o-close'] = close.error;
      else if (close.value <= today) errors['o-close'] = `The close date must be in the future (after ${today})`;
      const prob = parseProbability(ui.drafts['o-prob']);
      if (prob.error) errors['o-prob'] = prob.error;
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      Object.assign(o, { name, amount: amount.value, close: close.value, probability: prob.value, next_step: next });
      ui.errors = {};
      ui.notice = `Saved ${o.name}`;
      return state;
    }
    default:
      return undefined;
  }
}
