// Record pages: lead, account, contact and opportunity, each with its activity panel (log form and timeline).

import { h } from '../../../runtime/ui/h.js';
import { svg, formatDay, formatStamp } from '../../../runtime/ui/kit.js';
import {
  LEAD_LABEL, SOURCE_LABEL, DQ_LABEL, STAGES, STAGE_LABEL, TYPE_LABEL, LOST_LABEL, ACT_KINDS, ACT_LABEL, OPEN_LEAD,
} from '../lib/constants.js';
import { dollars } from '../lib/format.js';
import {
  findLead, findAccount, findContact, findOpp, userName, personName, isOpen, accountPipeline, activitiesOf, canConvert, accountByName,
} from '../lib/select.js';
import { input, textarea, fieldBox, seg, leadChip, stageChip, kv } from './widgets.js';
import { topBar, noticeBar, backLink, recLink, ownerMenu } from './chrome.js';

const ACT_ICON = {
  call: 'M6 3h4l1 5-2.5 1.5a11 11 0 006 6L16 13l5 1v4a2 2 0 01-2 2A16 16 0 014 5a2 2 0 012-2z',
  meeting: 'M4 5h16v15H4zm2 4v9h12V9zM7 2h2v4H7zm8 0h2v4h-2z',
  email: 'M3 5h18v14H3zm2 2v.5l7 5 7-5V7zm0 3v7h14v-7l-7 5z',
  note: 'M5 3h10l4 4v14H5zm9 1v4h4zM8 11v2h8v-2zm0 4v2h6v-2z',
};

function activityPanel(api, id) {
  const { data, ui } = api.state;
  const list = activitiesOf(data, id);
  return h('div.cr-card-box', null,
    h('div.cr-box-title', null, 'Log activity'),
    seg('act-kind', ACT_KINDS, ui.actKind, (k) => api.dispatch({ type: 'act_kind', kind: k }), (k) => ACT_LABEL[k]),
    input(api, 'act-subject', { placeholder: 'Subject', onenter: () => api.dispatch({ type: 'log_activity' }) }),
    textarea(api, 'act-notes', 'Notes (optional)'),
    ui.errors.act ? h('span.cr-error', null, ui.errors.act) : null,
    h('div.cr-row-end', null, h('button.cr-btn.small', { 'data-gym': 'btn:log-activity', onclick: () => api.dispatch({ type: 'log_activity' }) }, 'Log')),
    h('div.cr-box-title', null, `Timeline (${list.length})`),
    list.length ? list.map((a) => h('div.cr-act', { 'data-gym': `activity:${a.id}` },
      h('span.cr-act-icon', null, svg(ACT_ICON[a.kind] || ACT_ICON.note, { size: 14 })),
      h('div.cr-act-body', null,
        h('div', null, h('b', null, a.subject)),
        a.notes ? h('div.cr-muted', null, a.notes) : null,
        h('div.cr-act-meta', null, `${ACT_LABEL[a.kind]} · ${userName(api.world, a.by)} · ${formatStamp(a.ts)}`, a.ref !== id ? [' · ', recLink(api, a.ref, undefined, `activity-link:${a.id}`)] : null))))
      : h('div.cr-muted', null, 'No activity yet.'));
}

export function leadPage(api) {
  const { data } = api.state;
  const l = findLead(data, api.state.ui.record);
  if (!l) return h('div.cr-pane', null, h('div.cr-empty', null, 'No such lead.'));
  const conv = canConvert(data, l);
  const match = accountByName(data, l.company);
  return h('div.cr-pane', null,
    topBar(api, personName(l), `${l.title || 'Lead'} at ${l.company}`, leadChip(l.status)),
    noticeBar(api),
    h('div.cr-detail', { 'data-gym': 'scroll:lead', 'data-scroll-key': `crm:lead:${l.id}` },
      h('div.cr-col', null,
        backLink(api),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, 'Status'),
          h('div.cr-actions', null,
            l.status === 'converted' ? h('span.cr-muted', null, 'Converted leads are read-only.')
              : seg('lead-status', OPEN_LEAD, l.status, (s) => api.dispatch({ type: 'lead_status', status: s }), (s) => LEAD_LABEL[s]),
            h('span.cr-spacer'),
            l.status !== 'converted' && l.status !== 'disqualified' ? h('button.cr-btn.secondary', { 'data-gym': 'btn:disqualify', onclick: () => api.dispatch({ type: 'disqualify' }) }, 'Disqualify…') : null,
            h('button.cr-btn' + (conv.ok ? '' : '.muted-btn'), { 'data-gym': 'btn:convert-lead', onclick: () => api.dispatch({ type: 'start_convert' }) }, 'Convert…')),
          l.status === 'disqualified' ? h('div.cr-warn', null, `Disqualified: ${DQ_LABEL[l.dq_reason] || l.dq_reason || ''}. Pick an open status to re-open it.`) : null,
          l.converted ? h('div.cr-info', null, `Converted on ${formatDay(l.converted.date)} → `, recLink(api, l.converted.contact), ' · ', recLink(api, l.converted.account), ' · ', recLink(api, l.converted.opportunity)) : null,
          !l.converted && match ? h('div.cr-info', null, 'An account with this company name exists: ', recLink(api, match.id)) : null),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, 'Details'),
          h('div.cr-grid', null,
            kv('Name', personName(l)), kv('Company', l.company), kv('Title', l.title), kv('Email', l.email), kv('Phone', l.phone),
            kv('Source', SOURCE_LABEL[l.source] || l.source), kv('Created', formatDay(l.created)), kv('Lead id', l.id)),
          h('div.cr-field.short', null, h('span.cr-label', null, 'Owner'), ownerMenu(api, l)))),
      h('div.cr-col.narrow', null, activityPanel(api, l.id))));
}

export function accountPage(api) {
  const { data } = api.state;
  const a = findAccount(data, api.state.ui.record);
  if (!a) return h('div.cr-pane', null, h('div.cr-empty', null, 'No such account.'));
  const contacts = data.contacts.filter((c) => c.account === a.id);
  const opps = data.opps.filter((o) => o.account === a.id);
  return h('div.cr-pane', null,
    topBar(api, a.name, `${a.industry} · ${a.city || ''}`, null),
    noticeBar(api),
    h('div.cr-detail', { 'data-gym': 'scroll:account', 'data-scroll-key': `crm:account:${a.id}` },
      h('div.cr-col', null,
        backLink(api),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, 'Details'),
          h('div.cr-grid', null, kv('Industry', a.industry), kv('Website', a.website), kv('Phone', a.phone), kv('City', a.city),
            kv('Employees', a.employees === null || a.employees === undefined ? '—' : String(a.employees)), kv('Open pipeline', dollars(accountPipeline(data, a.id)), 'account-pipeline')),
          h('div.cr-field.short', null, h('span.cr-label', null, 'Owner'), ownerMenu(api, a))),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, `Contacts (${contacts.length})`),
          contacts.map((c) => h('div.cr-list-row', { 'data-gym': `contact:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', id: c.id }) },
            h('b', null, personName(c)), h('span.cr-grow.cr-muted', null, c.title || ''), h('span.cr-muted', null, c.email)))),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, `Opportunities (${opps.length})`),
          opps.map((o) => h('div.cr-list-row', { 'data-gym': `opp:${o.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', id: o.id }) },
            h('b.cr-grow', null, o.name), stageChip(o.stage), h('span.cr-amount', null, dollars(o.amount)), h('span.cr-muted', null, formatDay(o.close)))))),
      h('div.cr-col.narrow', null, activityPanel(api, a.id))));
}

export function contactPage(api) {
  const { data } = api.state;
  const c = findContact(data, api.state.ui.record);
  if (!c) return h('div.cr-pane', null, h('div.cr-empty', null, 'No such contact.'));
  const opps = data.opps.filter((o) => o.contact === c.id);
  return h('div.cr-pane', null,
    topBar(api, personName(c), `${c.title || 'Contact'} · ${(findAccount(data, c.account) || {}).name || ''}`, null),
    noticeBar(api),
    h('div.cr-detail', { 'data-gym': 'scroll:contact', 'data-scroll-key': `crm:contact:${c.id}` },
      h('div.cr-col', null,
        backLink(api),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, 'Details'),
          h('div.cr-grid', null, kv('Email', c.email), kv('Phone', c.phone), kv('Title', c.title), kv('Account', recLink(api, c.account)),
            c.dept ? kv('Department', c.dept) : null, c.city ? kv('City', c.city) : null, c.lead ? kv('From lead', recLink(api, c.lead)) : null),
          h('div.cr-field.short', null, h('span.cr-label', null, 'Owner'), ownerMenu(api, c))),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, `Opportunities (${opps.length})`),
          opps.length ? opps.map((o) => h('div.cr-list-row', { 'data-gym': `opp:${o.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', id: o.id }) },
            h('b.cr-grow', null, o.name), stageChip(o.stage), h('span.cr-amount', null, dollars(o.amount)))) : h('div.cr-muted', null, 'None.'))),
      h('div.cr-col.narrow', null, activityPanel(api, c.id))));
}

export function oppPage(api) {
  const { data, ui } = api.state;
  const o = findOpp(data, ui.record);
  if (!o) return h('div.cr-pane', null, h('div.cr-empty', null, 'No such opportunity.'));
  const open = isOpen(o);
  const err = ui.errors;
  return h('div.cr-pane', null,
    topBar(api, o.name, `${(findAccount(data, o.account) || {}).name || ''} · ${TYPE_LABEL[o.type] || ''}`, stageChip(o.stage)),
    noticeBar(api),
    h('div.cr-detail', { 'data-gym': 'scroll:opp', 'data-scroll-key': `crm:opp:${o.id}` },
      h('div.cr-col', null,
        backLink(api),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, 'Stage'),
          h('div.cr-stagebar', null, STAGES.map((s) => h('button.cr-stage' + (o.stage === s ? '.on' : '') + (STAGES.indexOf(s) < STAGES.indexOf(o.stage) && open ? '.past' : ''), {
            'data-gym': `stage:${s}`, onclick: () => api.dispatch({ type: 'opp_stage', stage: s }) }, STAGE_LABEL[s]))),
          !open ? h('div.cr-actions', null, h('span.cr-muted', null, o.stage === 'closed_lost' ? `Lost: ${LOST_LABEL[o.lost_reason] || o.lost_reason || '—'}. ` : 'Won. ', 'Closed opportunities are locked.'),
            h('span.cr-spacer'), h('button.cr-btn.secondary.small', { 'data-gym': 'btn:reopen', onclick: () => api.dispatch({ type: 'reopen' }) }, 'Reopen')) : null,
          h('div.cr-actions', null, h('span.cr-label', null, 'Owner'), ownerMenu(api, o))),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, 'Deal'),
          fieldBox('Name', input(api, 'o-name'), err['o-name']),
          h('div.cr-row2', null,
            fieldBox('Amount ($)', input(api, 'o-amount'), err['o-amount']),
            fieldBox('Close date (YYYY-MM-DD)', input(api, 'o-close'), err['o-close']),
            fieldBox('Probability (%)', input(api, 'o-prob'), err['o-prob'])),
          fieldBox('Next step', input(api, 'o-next'), err['o-next']),
          h('div.cr-actions', null, h('span.cr-muted', null, open ? `Weighted: ${dollars(Math.round((o.amount * o.probability) / 100))}` : ''), h('span.cr-spacer'),
            h('button.cr-btn', { 'data-gym': 'btn:save-opp', onclick: () => api.dispatch({ type: 'save_opp' }) }, 'Save'))),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, 'Related'),
          h('div.cr-grid', null, kv('Account', recLink(api, o.account)), kv('Contact', recLink(api, o.contact)), kv('Type', TYPE_LABEL[o.type]),
            kv('Amount', dollars(o.amount), 'opp-amount'), kv('Close date', formatDay(o.close), 'opp-close'), kv('Probability', `${o.probability}%`, 'opp-prob'),
            o.lead ? kv('From lead', recLink(api, o.lead)) : null, o.description ? kv('Description', o.description) : null))),
      h('div.cr-col.narrow', null, activityPanel(api, o.id))));
}
