// Dialogs: disqualify, close as lost, bulk owner reassignment and new lead.

import { h } from '../../../runtime/ui/h.js';
import { SOURCE_LABEL, DQ_REASONS, DQ_LABEL, LOST_REASONS, LOST_LABEL } from '../lib/constants.js';
import { findLead, findOpp, userName, personName } from '../lib/select.js';
import { input, fieldBox, seg, menuButton } from './widgets.js';

function dialogBox(title, body, actions, wide = false) {
  return h('div.cr-scrim', null, h('div.cr-dialog' + (wide ? '.wide' : ''), { role: 'dialog' },
    h('div.cr-dialog-title', null, title), body, h('div.cr-dialog-actions', null, actions)));
}

function cancelBtn(api, label = 'Cancel') {
  return h('button.cr-btn.secondary', { 'data-gym': 'btn:cancel-dialog', onclick: () => api.dispatch({ type: 'close_dialog' }) }, label);
}

export function dialogs(api) {
  const { data, ui } = api.state;
  if (ui.dialog === 'disqualify' && ui.dq) {
    const l = findLead(data, ui.dq.lead);
    return dialogBox(`Disqualify ${l ? personName(l) : ''}?`, [
      h('div.cr-muted', null, 'Pick a reason. The lead can be re-opened later.'),
      seg('dq-reason', DQ_REASONS, ui.dq.reason, (r) => api.dispatch({ type: 'dq_reason', reason: r }), (r) => DQ_LABEL[r]),
      ui.errors.dq ? h('span.cr-error', null, ui.errors.dq) : null],
    [cancelBtn(api), h('button.cr-btn.danger', { 'data-gym': 'btn:confirm-disqualify', onclick: () => api.dispatch({ type: 'confirm_disqualify' }) }, 'Disqualify')]);
  }
  if (ui.dialog === 'lost' && ui.lost) {
    const o = findOpp(data, ui.lost.opp);
    return dialogBox(`Close ${o ? o.name : ''} as lost?`, [
      h('div.cr-muted', null, 'Why was it lost?'),
      seg('lost-reason', LOST_REASONS, ui.lost.reason, (r) => api.dispatch({ type: 'lost_reason', reason: r }), (r) => LOST_LABEL[r]),
      ui.errors.lost ? h('span.cr-error', null, ui.errors.lost) : null],
    [cancelBtn(api), h('button.cr-btn.danger', { 'data-gym': 'btn:confirm-lost', onclick: () => api.dispatch({ type: 'confirm_lost' }) }, 'Close as lost')]);
  }
  if (ui.dialog === 'bulk-owner' && ui.bulkOwner) {
    const leads = ui.lchecked.map((id) => findLead(data, id)).filter(Boolean);
    const changing = leads.filter((l) => l.status !== 'converted' && l.owner !== ui.bulkOwner);
    const skipped = leads.filter((l) => l.status === 'converted');
    return dialogBox('Reassign leads', [
      h('div', { 'data-gym': 'dialog-count' }, `${leads.length} selected · `, h('b', null, `${changing.length} ${changing.length === 1 ? 'lead' : 'leads'} will move to ${userName(api.world, ui.bulkOwner)}.`)),
      h('div.cr-mini-list', { 'data-gym': 'scroll:bulk-leads', 'data-scroll-key': 'crm:bulk-leads' }, changing.map((l) => h('div.cr-mini-row', null, h('b', null, personName(l)), h('span.cr-muted', null, ` ${l.company} · from ${userName(api.world, l.owner)}`)))),
      skipped.length ? h('div.cr-warn', null, `Converted leads keep their owner: ${skipped.map((l) => personName(l)).join(', ')}`) : null],
    [cancelBtn(api), h('button.cr-btn', { 'data-gym': 'btn:confirm-bulk', onclick: () => api.dispatch({ type: 'confirm_bulk_owner' }) }, `Reassign ${changing.length}`)]);
  }
  if (ui.dialog === 'new-lead' && ui.newLead) {
    const err = ui.errors;
    return dialogBox('New lead', [
      h('div.cr-row2', null, fieldBox('First name', input(api, 'nl-first'), err['nl-first'], true), fieldBox('Last name', input(api, 'nl-last'), err['nl-last'], true)),
      h('div.cr-row2', null, fieldBox('Company', input(api, 'nl-company'), err['nl-company'], true), fieldBox('Job title', input(api, 'nl-title'), err['nl-title'])),
      h('div.cr-row2', null, fieldBox('Email', input(api, 'nl-email'), err['nl-email'], true), fieldBox('Phone', input(api, 'nl-phone'), err['nl-phone'])),
      h('div.cr-field', null, h('span.cr-label', null, 'Source'), seg('nl-source', Object.keys(SOURCE_LABEL), ui.newLead.source, (s) => api.dispatch({ type: 'new_lead_set', field: 'source', value: s }), (s) => SOURCE_LABEL[s])),
      h('div.cr-field.short', null, h('span.cr-label', null, 'Owner'),
        menuButton(api, 'nl-owner', h('span.cr-grow', null, userName(api.world, ui.newLead.owner)), (api.world.users || []).map((u) => u.id), (u) => userName(api.world, u),
          (u) => api.dispatch({ type: 'new_lead_set', field: 'owner', value: u }), (u) => `nl-owner-opt:${u}`, '.wide'))],
    [cancelBtn(api), h('button.cr-btn', { 'data-gym': 'btn:create-lead', onclick: () => api.dispatch({ type: 'create_lead' }) }, 'Create lead')], true);
  }
  return null;
}
