// The four-step lead conversion wizard: step bar, contact, account (new or existing), opportunity, review.

import { h } from '../../../runtime/ui/h.js';
import { svg } from '../../../runtime/ui/kit.js';
import { OPEN_STAGES, STAGE_LABEL, OPP_TYPES, TYPE_LABEL, STEPS } from '../lib/constants.js';
import { findLead, findAccount, userName, personName, accountChoices } from '../lib/select.js';
import { ICONS, input, fieldBox, seg, menuButton, kv } from './widgets.js';
import { topBar, noticeBar } from './chrome.js';

export function convertPage(api) {
  const { data, ui } = api.state;
  const c = ui.conv;
  const l = c ? findLead(data, c.lead) : null;
  if (!c || !l) return h('div.cr-pane', null, h('div.cr-empty', null, 'Nothing to convert.'));
  const err = ui.errors;
  const users = (api.world.users || []).map((u) => u.id);
  const stepper = h('div.cr-steps', null, STEPS.map((s, i) => h('button.cr-step' + (c.step === i + 1 ? '.on' : '') + (i + 1 < c.step ? '.done' : ''), {
    'data-gym': `step:${i + 1}`, onclick: () => api.dispatch({ type: 'conv_goto', step: i + 1 }) },
  h('span.cr-step-n', null, i + 1 < c.step ? '✓' : String(i + 1)), ['Contact', 'Account', 'Opportunity', 'Review'][i])));
  let body;
  if (c.step === 1) {
    body = [
      h('div.cr-row2', null, fieldBox('First name', input(api, 'cv-first'), err['cv-first'], true), fieldBox('Last name', input(api, 'cv-last'), err['cv-last'], true)),
      h('div.cr-row2', null, fieldBox('Email', input(api, 'cv-email'), err['cv-email'], true), fieldBox('Phone', input(api, 'cv-phone'), err['cv-phone'])),
      h('div.cr-row2', null, fieldBox('Job title', input(api, 'cv-title'), err['cv-title']), fieldBox('Department', input(api, 'cv-dept')), fieldBox('City', input(api, 'cv-city'))),
      h('div.cr-field.short', null, h('span.cr-label', null, 'Owner of the new records'),
        menuButton(api, 'cv-owner', h('span.cr-grow', null, userName(api.world, c.owner)), users, (u) => userName(api.world, u),
          (u) => api.dispatch({ type: 'conv_set', field: 'owner', value: u }), (u) => `cv-owner-opt:${u}`, '.wide'),
        err.owner ? h('span.cr-error', null, err.owner) : null),
    ];
  } else if (c.step === 2) {
    const matches = accountChoices(data, api.draft('cv-acct-search'));
    const match = c.match ? findAccount(data, c.match) : null;
    body = [
      seg('acct-mode', ['new', 'existing'], c.mode, (m) => api.dispatch({ type: 'conv_set', field: 'mode', value: m }), (m) => (m === 'new' ? 'Create a new account' : 'Link an existing account')),
      match && c.mode === 'new' ? h('div.cr-info', null, `An account named “${match.name}” already exists. `,
        h('button.cr-link', { 'data-gym': 'btn:use-existing', onclick: () => api.dispatch({ type: 'conv_set', field: 'account', value: match.id }) }, 'Link it instead')) : null,
      c.mode === 'new' ? [
        h('div.cr-row2', null, fieldBox('Account name', input(api, 'cv-acct-name'), err['cv-acct-name'], true), fieldBox('Website', input(api, 'cv-acct-website', { placeholder: 'example.test' }), err['cv-acct-website'])),
        h('div.cr-row2', null, fieldBox('Phone', input(api, 'cv-acct-phone'), err['cv-acct-phone']), fieldBox('City', input(api, 'cv-acct-city')),
          fieldBox('Employees', input(api, 'cv-acct-employees'), err['cv-acct-employees'])),
        h('div.cr-field', null, h('span.cr-label', null, 'Industry', h('span.cr-req', null, ' *')),
          seg('acct-industry', api.world.industries || [], c.industry, (v) => api.dispatch({ type: 'conv_set', field: 'industry', value: v })),
          err.industry ? h('span.cr-error', null, err.industry) : null),
      ] : [
        h('div.cr-inline-search.wide', null, svg(ICONS.search, { size: 14, color: '#8a92a6' }), input(api, 'cv-acct-search', { placeholder: 'Find an account by name', cls: '.bare' })),
        h('div.cr-pick-list', { 'data-gym': 'scroll:acct-pick', 'data-scroll-key': 'crm:acct-pick' }, matches.map((a) => h('div.cr-pick' + (c.account === a.id ? '.on' : ''), {
          'data-gym': `acct-pick:${a.id}`, role: 'button', onclick: () => api.dispatch({ type: 'conv_set', field: 'account', value: a.id }) },
        h('span.cr-radio' + (c.account === a.id ? '.on' : '')), h('b', null, a.name), h('span.cr-muted', null, ` ${a.industry} · ${a.city}`)))),
        err.account ? h('span.cr-error', null, err.account) : null,
      ],
    ];
  } else if (c.step === 3) {
    body = [
      fieldBox('Opportunity name', input(api, 'cv-opp-name'), err['cv-opp-name'], true),
      h('div.cr-field', null, h('span.cr-label', null, 'Stage', h('span.cr-req', null, ' *')),
        seg('opp-stage', OPEN_STAGES, c.stage, (s) => api.dispatch({ type: 'conv_set', field: 'stage', value: s }), (s) => STAGE_LABEL[s]),
        err.stage ? h('span.cr-error', null, err.stage) : null),
      h('div.cr-row2', null,
        fieldBox('Amount ($)', input(api, 'cv-opp-amount', { placeholder: 'e.g. 25000' }), err['cv-opp-amount'], true),
        fieldBox('Close date', input(api, 'cv-opp-close', { placeholder: 'YYYY-MM-DD' }), err['cv-opp-close'], true),
        fieldBox('Probability (%)', input(api, 'cv-opp-prob'), err['cv-opp-prob'], true)),
      h('div.cr-field', null, h('span.cr-label', null, 'Type'), seg('opp-type', OPP_TYPES, c.type, (t) => api.dispatch({ type: 'conv_set', field: 'type', value: t }), (t) => TYPE_LABEL[t])),
      h('div.cr-row2', null, fieldBox('Next step', input(api, 'cv-opp-next'), err['cv-opp-next']), fieldBox('Description', input(api, 'cv-opp-desc'))),
    ];
  } else {
    const d = (k) => api.draft(k) || '—';
    const acct = c.mode === 'existing' ? findAccount(data, c.account) : null;
    body = [
      h('div.cr-review', null,
        h('div.cr-review-sec', null, h('div.cr-box-title', null, 'Contact', h('button.cr-link', { 'data-gym': 'review-edit:1', onclick: () => api.dispatch({ type: 'conv_goto', step: 1 }) }, 'Edit')),
          kv('Name', `${api.draft('cv-first')} ${api.draft('cv-last')}`), kv('Email', d('cv-email')), kv('Phone', d('cv-phone')), kv('Title', d('cv-title')),
          kv('Department', d('cv-dept')), kv('City', d('cv-city')), kv('Owner', userName(api.world, c.owner))),
        h('div.cr-review-sec', null, h('div.cr-box-title', null, 'Account', h('button.cr-link', { 'data-gym': 'review-edit:2', onclick: () => api.dispatch({ type: 'conv_goto', step: 2 }) }, 'Edit')),
          acct ? [kv('Link existing', acct.name), kv('Industry', acct.industry), kv('City', acct.city)]
            : [kv('New account', d('cv-acct-name')), kv('Industry', c.industry || '—'), kv('Website', d('cv-acct-website')), kv('Phone', d('cv-acct-phone')),
              kv('City', d('cv-acct-city')), kv('Employees', d('cv-acct-employees'))]),
        h('div.cr-review-sec', null, h('div.cr-box-title', null, 'Opportunity', h('button.cr-link', { 'data-gym': 'review-edit:3', onclick: () => api.dispatch({ type: 'conv_goto', step: 3 }) }, 'Edit')),
          kv('Name', d('cv-opp-name')), kv('Stage', STAGE_LABEL[c.stage]), kv('Amount', d('cv-opp-amount')), kv('Close date', d('cv-opp-close')),
          kv('Probability', `${api.draft('cv-opp-prob')}%`), kv('Type', TYPE_LABEL[c.type]), kv('Next step', d('cv-opp-next')))),
      fieldBox('Note for the opportunity timeline (optional)', input(api, 'cv-note'), err['cv-note']),
    ];
  }
  return h('div.cr-pane', null,
    topBar(api, `Convert ${personName(l)}`, `${l.company} · lead ${l.id}`, null),
    noticeBar(api),
    h('div.cr-wizard', { 'data-gym': 'scroll:convert', 'data-scroll-key': `crm:convert:${c.step}` },
      stepper,
      h('div.cr-wizard-card', null,
        h('div.cr-wizard-title', null, ['Contact details', 'Account', 'Opportunity', 'Review and convert'][c.step - 1]),
        body,
        h('div.cr-wizard-actions', null,
          h('button.cr-btn.secondary', { 'data-gym': 'btn:cancel-convert', onclick: () => api.dispatch({ type: 'conv_cancel' }) }, 'Cancel'),
          h('span.cr-spacer'),
          c.step > 1 ? h('button.cr-btn.secondary', { 'data-gym': 'btn:back-step', onclick: () => api.dispatch({ type: 'conv_back' }) }, 'Back') : null,
          c.step < 4 ? h('button.cr-btn', { 'data-gym': 'btn:next', onclick: () => api.dispatch({ type: 'conv_next' }) }, 'Next')
            : h('button.cr-btn', { 'data-gym': 'btn:convert', onclick: () => api.dispatch({ type: 'convert' }) }, 'Convert lead')))));
}
