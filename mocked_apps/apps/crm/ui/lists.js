// List screens: leads, accounts, contacts, opportunities, the pipeline board and search results.

import { h } from '../../../runtime/ui/h.js';
import { avatar, svg, only, formatDay } from '../../../runtime/ui/kit.js';
import { LEAD_LABEL, SOURCE_LABEL, STAGES, STAGE_LABEL, OPEN_LEAD } from '../lib/constants.js';
import { dollars } from '../lib/format.js';
import {
  findAccount, findRecord, userName, personName, recordTitle, isOpen, accountPipeline, pipeline, pipelineTotals, leadRows, oppRows, search, accountRows, contactRows,
} from '../lib/select.js';
import { ICONS, input, menuButton, leadChip, stageChip } from './widgets.js';
import { topBar, noticeBar, backLink } from './chrome.js';

function th(api, action, col, label, sort, cls) {
  return h(`div.cr-th${cls}`, { 'data-gym': `sort:${col}`, role: 'button', onclick: () => api.dispatch({ type: action, col }) },
    label, sort.col === col ? svg(sort.dir === 'asc' ? ICONS.up : ICONS.down, { size: 13 }) : null);
}

export function leadsPage(api) {
  const { data, ui } = api.state;
  const rows = leadRows(data, ui, api.world);
  const checked = new Set(ui.lchecked);
  const all = rows.length > 0 && rows.every((r) => checked.has(r.id));
  const tabs = ['open', 'new', 'contacted', 'qualified', 'disqualified', 'converted', 'all'];
  const users = (api.world.users || []).map((u) => u.id);
  const sources = Object.keys(SOURCE_LABEL);
  return h('div.cr-pane', null,
    topBar(api, 'Leads', `${data.leads.length} leads`,
      h('button.cr-btn', { 'data-gym': 'btn:new-lead', onclick: () => api.dispatch({ type: 'new_lead' }) }, svg(ICONS.plus, { size: 15, color: '#fff' }), 'New lead')),
    noticeBar(api),
    h('div.cr-toolbar', null,
      h('div.cr-tabs', null, tabs.map((t) => h('button.cr-tab' + (ui.lstatus === t ? '.on' : ''), { 'data-gym': `lstatus:${t}`,
        onclick: () => api.dispatch({ type: 'lead_filter', field: 'status', value: t }) },
      t === 'open' ? 'Open' : t === 'all' ? 'All' : LEAD_LABEL[t],
      h('span.cr-tab-n', null, String(t === 'all' ? data.leads.length : t === 'open' ? data.leads.filter((l) => OPEN_LEAD.includes(l.status)).length : data.leads.filter((l) => l.status === t).length))))),
      h('span.cr-spacer')),
    h('div.cr-toolbar', null,
      h('div.cr-inline-search', null, svg(ICONS.search, { size: 14, color: '#8a92a6' }), input(api, 'lead-search', { placeholder: 'Filter by name, company, email', cls: '.bare' })),
      menuButton(api, 'filter:source', ['Source: ', h('b', null, ui.lfilters.source ? SOURCE_LABEL[ui.lfilters.source] : 'Any')], ['any', ...sources],
        (v) => (v === 'any' ? 'Any' : SOURCE_LABEL[v]), (v) => api.dispatch({ type: 'lead_filter', field: 'source', value: v }), (v) => `filter-opt:source:${v}`, ui.lfilters.source ? '.on' : ''),
      menuButton(api, 'filter:owner', ['Owner: ', h('b', null, ui.lfilters.owner ? userName(api.world, ui.lfilters.owner) : 'Any')], ['any', ...users],
        (v) => (v === 'any' ? 'Any' : userName(api.world, v)), (v) => api.dispatch({ type: 'lead_filter', field: 'owner', value: v }), (v) => `filter-opt:owner:${v}`, ui.lfilters.owner ? '.on' : ''),
      ui.lchecked.length ? [h('span.cr-sep'), h('b', { 'data-gym': 'checked-count' }, `${ui.lchecked.length} selected`),
        menuButton(api, 'bulk-owner', 'Assign owner', users, (v) => userName(api.world, v), (v) => api.dispatch({ type: 'bulk_owner', owner: v }), (v) => `bulk-owner-opt:${v}`),
        h('button.cr-link', { 'data-gym': 'btn:clear-checks', onclick: () => api.dispatch({ type: 'lclear' }) }, 'Clear selection')] : null),
    h('div.cr-table', null,
      h('div.cr-tr.cr-thead', null,
        h('div.cr-td.cr-c-check', null, h('button.cr-box' + (all ? '.on' : ''), { 'data-gym': 'lcheck:all', 'aria-label': 'Select all shown', onclick: () => api.dispatch({ type: 'lcheck_all' }) }, all ? '✓' : '')),
        th(api, 'lead_sort', 'name', 'Name', ui.lsort, '.cr-c-name'), th(api, 'lead_sort', 'company', 'Company', ui.lsort, '.cr-c-grow'),
        th(api, 'lead_sort', 'source', 'Source', ui.lsort, '.cr-c-source'), th(api, 'lead_sort', 'status', 'Status', ui.lsort, '.cr-c-status'),
        th(api, 'lead_sort', 'owner', 'Owner', ui.lsort, '.cr-c-owner'), th(api, 'lead_sort', 'created', 'Created', ui.lsort, '.cr-c-date')),
      h('div.cr-tbody', { 'data-gym': 'scroll:leads', 'data-scroll-key': 'crm:leads' }, rows.length ? rows.map((l) => h('div.cr-tr' + (checked.has(l.id) ? '.checked' : ''), {
        'data-gym': `lead:${l.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', id: l.id }) },
      h('div.cr-td.cr-c-check', null, h('button.cr-box' + (checked.has(l.id) ? '.on' : ''), { 'data-gym': `lcheck:${l.id}`, 'aria-label': `Select ${personName(l)}`,
        onclick: only(() => api.dispatch({ type: 'lcheck', id: l.id })) }, checked.has(l.id) ? '✓' : '')),
      h('div.cr-td.cr-c-name', null, h('b', null, personName(l)), h('div.cr-td-sub', null, l.title || '')),
      h('div.cr-td.cr-c-grow', null, l.company),
      h('div.cr-td.cr-c-source', null, SOURCE_LABEL[l.source] || l.source),
      h('div.cr-td.cr-c-status', null, leadChip(l.status)),
      h('div.cr-td.cr-c-owner', null, userName(api.world, l.owner)),
      h('div.cr-td.cr-c-date', null, formatDay(l.created)))) : h('div.cr-empty', null, 'No leads match.')),
      h('div.cr-tfoot', null, `${rows.length} ${rows.length === 1 ? 'lead' : 'leads'} shown`)));
}

export function accountsPage(api) {
  const { data } = api.state;
  const rows = accountRows(data, api.draft('acct-search'));
  return h('div.cr-pane', null,
    topBar(api, 'Accounts', `${data.accounts.length} companies`, null),
    noticeBar(api),
    h('div.cr-toolbar', null, h('div.cr-inline-search', null, svg(ICONS.search, { size: 14, color: '#8a92a6' }), input(api, 'acct-search', { placeholder: 'Filter accounts', cls: '.bare' }))),
    h('div.cr-table', null,
      h('div.cr-tr.cr-thead', null, h('div.cr-th.cr-c-grow', null, 'Account'), h('div.cr-th.cr-c-source', null, 'Industry'), h('div.cr-th.cr-c-source', null, 'City'),
        h('div.cr-th.cr-c-num', null, 'Contacts'), h('div.cr-th.cr-c-money', null, 'Open pipeline'), h('div.cr-th.cr-c-owner', null, 'Owner')),
      h('div.cr-tbody', { 'data-gym': 'scroll:accounts', 'data-scroll-key': 'crm:accounts' }, rows.map((a) => h('div.cr-tr', { 'data-gym': `account:${a.id}`, role: 'button',
        onclick: () => api.dispatch({ type: 'open', id: a.id }) },
      h('div.cr-td.cr-c-grow', null, h('b', null, a.name), h('div.cr-td-sub', null, a.website || '')),
      h('div.cr-td.cr-c-source', null, a.industry), h('div.cr-td.cr-c-source', null, a.city || '—'),
      h('div.cr-td.cr-c-num', null, String(data.contacts.filter((c) => c.account === a.id).length)),
      h('div.cr-td.cr-c-money', null, dollars(accountPipeline(data, a.id))),
      h('div.cr-td.cr-c-owner', null, userName(api.world, a.owner))))),
      h('div.cr-tfoot', null, `${rows.length} accounts`)));
}

export function contactsPage(api) {
  const { data } = api.state;
  const rows = contactRows(data, api.draft('contact-search'));
  return h('div.cr-pane', null,
    topBar(api, 'Contacts', `${data.contacts.length} people`, null),
    noticeBar(api),
    h('div.cr-toolbar', null, h('div.cr-inline-search', null, svg(ICONS.search, { size: 14, color: '#8a92a6' }), input(api, 'contact-search', { placeholder: 'Filter contacts', cls: '.bare' }))),
    h('div.cr-table', null,
      h('div.cr-tr.cr-thead', null, h('div.cr-th.cr-c-name', null, 'Name'), h('div.cr-th.cr-c-grow', null, 'Account'), h('div.cr-th.cr-c-email', null, 'Email'),
        h('div.cr-th.cr-c-source', null, 'Phone'), h('div.cr-th.cr-c-owner', null, 'Owner')),
      h('div.cr-tbody', { 'data-gym': 'scroll:contacts', 'data-scroll-key': 'crm:contacts' }, rows.map((c) => h('div.cr-tr', { 'data-gym': `contact:${c.id}`, role: 'button',
        onclick: () => api.dispatch({ type: 'open', id: c.id }) },
      h('div.cr-td.cr-c-name', null, h('b', null, personName(c)), h('div.cr-td-sub', null, c.title || '')),
      h('div.cr-td.cr-c-grow', null, (findAccount(data, c.account) || {}).name || '—'),
      h('div.cr-td.cr-c-email', null, c.email), h('div.cr-td.cr-c-source', null, c.phone || '—'),
      h('div.cr-td.cr-c-owner', null, userName(api.world, c.owner))))),
      h('div.cr-tfoot', null, `${rows.length} contacts`)));
}

export function oppsPage(api) {
  const { data, ui } = api.state;
  const rows = oppRows(data, ui, api.world);
  const tabs = ['open', ...STAGES, 'all'];
  const users = (api.world.users || []).map((u) => u.id);
  return h('div.cr-pane', null,
    topBar(api, 'Opportunities', `${data.opps.filter(isOpen).length} open`, null),
    noticeBar(api),
    h('div.cr-toolbar', null,
      h('div.cr-tabs', null, tabs.map((t) => h('button.cr-tab' + (ui.ostage === t ? '.on' : ''), { 'data-gym': `ostage:${t}`,
        onclick: () => api.dispatch({ type: 'opp_filter', field: 'stage', value: t }) }, t === 'open' ? 'Open' : t === 'all' ? 'All' : STAGE_LABEL[t]))),
      h('span.cr-spacer'),
      menuButton(api, 'filter:oowner', ['Owner: ', h('b', null, ui.ofilters.owner ? userName(api.world, ui.ofilters.owner) : 'Any')], ['any', ...users],
        (v) => (v === 'any' ? 'Any' : userName(api.world, v)), (v) => api.dispatch({ type: 'opp_filter', field: 'owner', value: v }), (v) => `filter-opt:oowner:${v}`, ui.ofilters.owner ? '.on' : '')),
    h('div.cr-table', null,
      h('div.cr-tr.cr-thead', null,
        th(api, 'opp_sort', 'name', 'Opportunity', ui.osort, '.cr-c-grow'), th(api, 'opp_sort', 'account', 'Account', ui.osort, '.cr-c-acct'),
        th(api, 'opp_sort', 'stage', 'Stage', ui.osort, '.cr-c-status'), th(api, 'opp_sort', 'amount', 'Amount', ui.osort, '.cr-c-money'),
        th(api, 'opp_sort', 'close', 'Close date', ui.osort, '.cr-c-date'), th(api, 'opp_sort', 'probability', 'Prob.', ui.osort, '.cr-c-num'),
        th(api, 'opp_sort', 'owner', 'Owner', ui.osort, '.cr-c-owner')),
      h('div.cr-tbody', { 'data-gym': 'scroll:opps', 'data-scroll-key': 'crm:opps' }, rows.length ? rows.map((o) => h('div.cr-tr', { 'data-gym': `opp:${o.id}`, role: 'button',
        onclick: () => api.dispatch({ type: 'open', id: o.id }) },
      h('div.cr-td.cr-c-grow', null, h('b', null, o.name)),
      h('div.cr-td.cr-c-acct', null, (findAccount(data, o.account) || {}).name || '—'),
      h('div.cr-td.cr-c-status', null, stageChip(o.stage)),
      h('div.cr-td.cr-c-money', null, dollars(o.amount)),
      h('div.cr-td.cr-c-date', null, formatDay(o.close)),
      h('div.cr-td.cr-c-num', null, `${o.probability}%`),
      h('div.cr-td.cr-c-owner', null, userName(api.world, o.owner)))) : h('div.cr-empty', null, 'No opportunities here.')),
      h('div.cr-tfoot', { 'data-gym': 'opps-total' }, `${rows.length} ${rows.length === 1 ? 'opportunity' : 'opportunities'} · ${dollars(rows.reduce((s, o) => s + o.amount, 0))}`)));
}

export function pipelinePage(api) {
  const { data, ui } = api.state;
  const cols = pipeline(data, ui.powner);
  const totals = pipelineTotals(data, ui.powner);
  return h('div.cr-pane', null,
    topBar(api, 'Pipeline', 'Opportunities by stage', null),
    noticeBar(api),
    h('div.cr-toolbar', null,
      h('span.cr-muted', null, 'Owner'),
      h('div.cr-tabs', null, ['all', ...(api.world.users || []).map((u) => u.id)].map((u) => h('button.cr-tab' + (ui.powner === u ? '.on' : ''), {
        'data-gym': `powner:${u}`, onclick: () => api.dispatch({ type: 'pipeline_owner', owner: u }) }, u === 'all' ? 'Everyone' : userName(api.world, u)))),
      h('span.cr-spacer'),
      h('span.cr-pipe-total', { 'data-gym': 'pipeline-total' }, 'Open pipeline ', h('b', null, dollars(totals.total)), ` · weighted `, h('b', null, dollars(totals.weighted)),
        ` · ${totals.count} open`)),
    h('div.cr-board', null, cols.map((c) => h(`div.cr-pcol.cr-pcol-${c.stage}`, null,
      h('div.cr-col-head', { 'data-gym': `stage-total:${c.stage}` },
        h('div.cr-col-name', null, STAGE_LABEL[c.stage], h('span.cr-count', null, String(c.count))),
        h('div.cr-col-sum', null, dollars(c.total))),
      h('div.cr-col-body', { 'data-gym': `scroll:stage-${c.stage}`, 'data-scroll-key': `crm:pipe:${c.stage}` },
        c.opps.length ? c.opps.map((o) => h('div.cr-card', { 'data-gym': `opp:${o.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', id: o.id }) },
          h('div.cr-card-title', null, o.name),
          h('div.cr-card-sub', null, (findAccount(data, o.account) || {}).name || ''),
          h('div.cr-card-foot', null, h('b', null, dollars(o.amount)), h('span.cr-spacer'), h('span.cr-muted', null, formatDay(o.close).replace(/, \d{4}$/, ''))),
          h('div.cr-card-foot', null, h('span.cr-muted', null, `${o.probability}%`), h('span.cr-spacer'), avatar(userName(api.world, o.owner), 18))))
          : h('div.cr-col-empty', null, 'None'))))));
}

export function searchPage(api) {
  const { data, ui } = api.state;
  const results = search(data, ui.query);
  const label = { lead: 'Lead', contact: 'Contact', account: 'Account', opp: 'Opportunity' };
  return h('div.cr-pane', null,
    topBar(api, 'Search', `${results.length} results for “${ui.query}”`, null),
    noticeBar(api),
    h('div.cr-scroll', { 'data-gym': 'scroll:search', 'data-scroll-key': 'crm:search' },
      h('div', null, backLink(api)),
      results.length ? results.map((r) => {
        const rec = findRecord(data, r.id);
        const sub = r.kind === 'lead' ? `${rec.company} · ${LEAD_LABEL[rec.status]}` : r.kind === 'contact' ? `${rec.title || ''} · ${(findAccount(data, rec.account) || {}).name || ''}`
          : r.kind === 'account' ? `${rec.industry} · ${rec.city}` : `${STAGE_LABEL[rec.stage]} · ${dollars(rec.amount)}`;
        return h('div.cr-result', { 'data-gym': `result:${r.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', id: r.id }) },
          h('span.cr-kind', null, label[r.kind]), h('b', null, recordTitle(data, r.id)), h('span.cr-muted', null, sub));
      }) : h('div.cr-empty', null, 'Nothing found.')));
}
