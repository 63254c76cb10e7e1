// Tidewell CRM's desktop view: a left sidebar (sections), a top bar with global search, list screens
// (leads, accounts, contacts, opportunities), the pipeline board, record pages with owner menus and an
// activity timeline, and the four-step lead conversion wizard. Every actionable element has a data-gym id.

import { h, icon } from '../../runtime/ui/h.js';
import { avatar } from '../../runtime/ui/kit.js';
import {
  LEAD_LABEL, SOURCE_LABEL, DQ_REASONS, DQ_LABEL, STAGES, OPEN_STAGES, STAGE_LABEL, OPP_TYPES, TYPE_LABEL, LOST_REASONS, LOST_LABEL,
  ACT_KINDS, ACT_LABEL, OPEN_LEAD, STEPS, dollars, findLead, findAccount, findContact, findOpp, findRecord, kindOf, userName, personName,
  recordTitle, isOpen, accountPipeline, pipeline, pipelineTotals, leadRows, oppRows, search, activitiesOf, canConvert, accountByName,
} from './logic.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Icons drawn for Tidewell on a 24×24 grid. */
const ICONS = {
  logo: 'M2 14c3-4 6-4 10 0s7 4 10 0v4c-3 4-6 4-10 0s-7-4-10 0zm0-7c3-4 6-4 10 0s7 4 10 0v4c-3 4-6 4-10 0S5 7 2 11z',
  leads: 'M12 3a4 4 0 110 8 4 4 0 010-8zM4 20c0-4 4-6 8-6s8 2 8 6zm14-13h4v2h-4z',
  accounts: 'M4 21V5l8-3 8 3v16h-6v-5h-4v5zm4-13v2h2V8zm6 0v2h2V8zm-6 4v2h2v-2zm6 0v2h2v-2z',
  contacts: 'M5 3h14v18H5zm7 4a3 3 0 100 6 3 3 0 000-6zm-4 11h8c0-2-2-3-4-3s-4 1-4 3z',
  opps: 'M3 17l6-6 4 4 8-8v5h2V4h-8v2h5l-7 7-4-4-7 7z',
  pipeline: 'M3 4h4v16H3zm6 3h4v13H9zm6 4h4v9h-4z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  close: 'M6 5l6 6 6-6 1 1-6 6 6 6-1 1-6-6-6 6-1-1 6-6-6-6z',
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  chevron: 'M7 9l5 5 5-5 1.4 1.4L12 16.8 5.6 10.4z',
  up: 'M12 6l6 6-1.4 1.4L12 8.8l-4.6 4.6L6 12z',
  down: 'M12 18l-6-6 1.4-1.4 4.6 4.6 4.6-4.6L18 12z',
  check: 'M9 16l-4-4-1.5 1.5L9 19 21 7l-1.5-1.5z',
};

const ACT_ICON = {
  call: 'M6 3h4l1 5-2.5 1.5a11 11 0 006 6L16 13l5 1v4a2 2 0 01-2 2A16 16 0 014 5a2 2 0 012-2z',
  meeting: 'M4 5h16v15H4zm2 4v9h12V9zM7 2h2v4H7zm8 0h2v4h-2z',
  email: 'M3 5h18v14H3zm2 2v.5l7 5 7-5V7zm0 3v7h14v-7l-7 5z',
  note: 'M5 3h10l4 4v14H5zm9 1v4h4zM8 11v2h8v-2zm0 4v2h6v-2z',
};

function svg(path, { size = 16, color } = {}) { return icon(path, { size, color, evenodd: true }); }

function only(fn) {
  return (e) => {
    e.stopPropagation();
    fn(e);
  };
}

function day(iso) {
  const [y, m, d] = String(iso || '').split('-').map(Number);
  return m ? `${MONTHS[m - 1]} ${d}, ${y}` : '—';
}

function stamp(ms) {
  const d = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function input(api, key, { placeholder = '', cls = '', onenter } = {}) {
  return h(`input.cr-input${cls}`, {
    'data-gym': `field:${key}`, type: 'text', placeholder, value: api.draft(key),
    oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }),
    onkeydown: onenter ? (e) => { if (e.key === 'Enter') { e.preventDefault(); onenter(); } } : null,
  });
}

function textarea(api, key, placeholder = '') {
  return h('textarea.cr-input.cr-area', {
    'data-gym': `field:${key}`, placeholder, value: api.draft(key),
    oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }),
  });
}

function fieldBox(label, node, err, required = false) {
  return h('label.cr-field', null, h('span.cr-label', null, label, required ? h('span.cr-req', null, ' *') : null), node,
    err ? h('span.cr-error', { 'data-gym': 'error' }, err) : null);
}

function seg(idPrefix, options, current, onpick, label = (v) => v) {
  return h('div.cr-seg', null, options.map((v) => h('button.cr-seg-btn' + (current === v ? '.on' : ''), {
    'data-gym': `${idPrefix}:${v}`, onclick: () => onpick(v) }, label(v))));
}

function dropdown(options, label, onpick, optId) {
  return h('div.cr-menu', { role: 'menu' }, options.map((v) => h('button.cr-menu-item', {
    'data-gym': optId(v), onclick: only(() => onpick(v)) }, label(v))));
}

function menuButton(api, id, text, options, label, onpick, optId, cls = '') {
  return h('div.cr-menu-wrap', null,
    h(`button.cr-filter${cls}`, { 'data-gym': id, onclick: () => api.dispatch({ type: 'menu', id }) }, text, svg(ICONS.chevron, { size: 13 })),
    api.state.ui.menu === id ? dropdown(options, label, onpick, optId) : null);
}

function leadChip(status) {
  return h(`span.cr-chip.cr-ls-${status}`, null, LEAD_LABEL[status] || status);
}

function stageChip(stage) {
  return h(`span.cr-chip.cr-st-${stage}`, null, STAGE_LABEL[stage] || stage);
}

function owner(api, id) {
  const name = userName(api.world, id);
  return h('span.cr-owner', null, avatar(name, 20), name);
}

// ------------------------------------------------------------------ chrome

function sidebar(api) {
  const { data, ui } = api.state;
  const items = [
    ['leads', 'Leads', ICONS.leads, data.leads.filter((l) => OPEN_LEAD.includes(l.status)).length],
    ['accounts', 'Accounts', ICONS.accounts, data.accounts.length],
    ['contacts', 'Contacts', ICONS.contacts, data.contacts.length],
    ['opps', 'Opportunities', ICONS.opps, data.opps.filter(isOpen).length],
    ['pipeline', 'Pipeline', ICONS.pipeline, null],
  ];
  const section = { lead: 'leads', convert: 'leads', account: 'accounts', contact: 'contacts', opp: 'opps' }[ui.screen] || ui.screen;
  const me = userName(api.world, data.me);
  return h('aside.cr-side', null,
    h('div.cr-brand', null, svg(ICONS.logo, { size: 24, color: '#7fd3c8' }), h('div', null, h('div.cr-brand-name', null, 'Tidewell'), h('div.cr-brand-sub', null, 'Saltmarsh Analytics'))),
    items.map(([id, label, glyph, badge]) => h('div.cr-nav' + (section === id ? '.active' : ''), {
      'data-gym': `nav:${id}`, role: 'button', onclick: () => api.dispatch({ type: 'nav', screen: id }) },
    svg(glyph, { size: 17 }), h('span.cr-nav-label', null, label), badge !== null ? h('span.cr-badge', null, String(badge)) : null)),
    h('div.cr-side-foot', null, avatar(me, 24), h('span', null, me)));
}

function topBar(api, title, sub, actions) {
  return h('div.cr-top', null,
    h('div.cr-top-title', null, h('div.cr-title', null, title), sub ? h('div.cr-sub', null, sub) : null),
    h('div.cr-spacer'),
    actions || null,
    h('div.cr-search', null, svg(ICONS.search, { size: 15, color: '#8a92a6' }),
      input(api, 'q', { placeholder: 'Search everything', cls: '.bare', onenter: () => api.dispatch({ type: 'search' }) }),
      h('button.cr-link', { 'data-gym': 'btn:search', onclick: () => api.dispatch({ type: 'search' }) }, 'Go')));
}

function noticeBar(api) {
  const text = api.state.ui.notice;
  if (!text) return null;
  return h('div.cr-notice', { 'data-gym': 'notice', role: 'status' }, h('span', null, text),
    h('button.cr-x', { 'data-gym': 'btn:dismiss', 'aria-label': 'Dismiss', onclick: () => api.dispatch({ type: 'dismiss' }) }, svg(ICONS.close, { size: 14 })));
}

function backLink(api) {
  return h('button.cr-link', { 'data-gym': 'btn:back', onclick: () => api.back() }, svg(ICONS.back, { size: 14 }), 'Back');
}

function recLink(api, id, text) {
  if (!id || !findRecord(api.state.data, id)) return h('span.cr-muted', null, '—');
  return h('button.cr-link', { 'data-gym': `link:${id}`, onclick: only(() => api.dispatch({ type: 'open', id })) }, text || recordTitle(api.state.data, id));
}

function ownerMenu(api, r) {
  const users = (api.world.users || []).map((u) => u.id);
  return h('div.cr-menu-wrap', null,
    h('button.cr-filter.wide', { 'data-gym': 'owner-menu', onclick: () => api.dispatch({ type: 'menu', id: 'owner-menu' }) },
      h('span.cr-grow', null, owner(api, r.owner)), svg(ICONS.chevron, { size: 13 })),
    api.state.ui.menu === 'owner-menu' ? dropdown(users, (u) => userName(api.world, u), (u) => api.dispatch({ type: 'set_owner', owner: u }), (u) => `owner-opt:${u}`) : null);
}

// ------------------------------------------------------------------ lists

function th(api, action, col, label, sort, cls) {
  return h(`div.cr-th${cls}`, { 'data-gym': `sort:${col}`, role: 'button', onclick: () => api.dispatch({ type: action, col }) },
    label, sort.col === col ? svg(sort.dir === 'asc' ? ICONS.up : ICONS.down, { size: 13 }) : null);
}

function leadsPage(api) {
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
      h('div.cr-td.cr-c-date', null, day(l.created)))) : h('div.cr-empty', null, 'No leads match.')),
      h('div.cr-tfoot', null, `${rows.length} ${rows.length === 1 ? 'lead' : 'leads'} shown`)));
}

function accountsPage(api) {
  const { data } = api.state;
  const q = String(api.draft('acct-search')).trim().toLowerCase();
  const rows = data.accounts.filter((a) => !q || a.name.toLowerCase().includes(q) || a.city.toLowerCase().includes(q)).sort((a, b) => (a.name < b.name ? -1 : 1));
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

function contactsPage(api) {
  const { data } = api.state;
  const q = String(api.draft('contact-search')).trim().toLowerCase();
  const rows = data.contacts.filter((c) => !q || personName(c).toLowerCase().includes(q) || c.email.toLowerCase().includes(q)
    || ((findAccount(data, c.account) || {}).name || '').toLowerCase().includes(q)).sort((a, b) => (a.last < b.last ? -1 : 1));
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

function oppsPage(api) {
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
      h('div.cr-td.cr-c-date', null, day(o.close)),
      h('div.cr-td.cr-c-num', null, `${o.probability}%`),
      h('div.cr-td.cr-c-owner', null, userName(api.world, o.owner)))) : h('div.cr-empty', null, 'No opportunities here.')),
      h('div.cr-tfoot', { 'data-gym': 'opps-total' }, `${rows.length} ${rows.length === 1 ? 'opportunity' : 'opportunities'} · ${dollars(rows.reduce((s, o) => s + o.amount, 0))}`)));
}

function pipelinePage(api) {
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
          h('div.cr-card-foot', null, h('b', null, dollars(o.amount)), h('span.cr-spacer'), h('span.cr-muted', null, day(o.close).replace(/, \d{4}$/, ''))),
          h('div.cr-card-foot', null, h('span.cr-muted', null, `${o.probability}%`), h('span.cr-spacer'), avatar(userName(api.world, o.owner), 18))))
          : h('div.cr-col-empty', null, 'None'))))));
}

function searchPage(api) {
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

// ------------------------------------------------------------------ record pages

function kv(label, value, id) {
  return h('div.cr-kv', id ? { 'data-gym': id } : null, h('span.cr-kv-label', null, label), h('span.cr-kv-value', null, value ?? '—'));
}

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
        h('div.cr-act-meta', null, `${ACT_LABEL[a.kind]} · ${userName(api.world, a.by)} · ${stamp(a.ts)}`, a.ref !== id ? [' · ', recLink(api, a.ref)] : null))))
      : h('div.cr-muted', null, 'No activity yet.'));
}

function leadPage(api) {
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
          l.converted ? h('div.cr-info', null, `Converted on ${day(l.converted.date)} → `, recLink(api, l.converted.contact), ' · ', recLink(api, l.converted.account), ' · ', recLink(api, l.converted.opportunity)) : null,
          !l.converted && match ? h('div.cr-info', null, 'An account with this company name exists: ', recLink(api, match.id)) : null),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, 'Details'),
          h('div.cr-grid', null,
            kv('Name', personName(l)), kv('Company', l.company), kv('Title', l.title), kv('Email', l.email), kv('Phone', l.phone),
            kv('Source', SOURCE_LABEL[l.source] || l.source), kv('Created', day(l.created)), kv('Lead id', l.id)),
          h('div.cr-field.short', null, h('span.cr-label', null, 'Owner'), ownerMenu(api, l)))),
      h('div.cr-col.narrow', null, activityPanel(api, l.id))));
}

function accountPage(api) {
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
            h('b.cr-grow', null, o.name), stageChip(o.stage), h('span.cr-amount', null, dollars(o.amount)), h('span.cr-muted', null, day(o.close)))))),
      h('div.cr-col.narrow', null, activityPanel(api, a.id))));
}

function contactPage(api) {
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

function oppPage(api) {
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
          fieldBox('Next step', input(api, 'o-next')),
          h('div.cr-actions', null, h('span.cr-muted', null, open ? `Weighted: ${dollars(Math.round((o.amount * o.probability) / 100))}` : ''), h('span.cr-spacer'),
            h('button.cr-btn', { 'data-gym': 'btn:save-opp', onclick: () => api.dispatch({ type: 'save_opp' }) }, 'Save'))),
        h('div.cr-card-box', null,
          h('div.cr-box-title', null, 'Related'),
          h('div.cr-grid', null, kv('Account', recLink(api, o.account)), kv('Contact', recLink(api, o.contact)), kv('Type', TYPE_LABEL[o.type]),
            kv('Amount', dollars(o.amount), 'opp-amount'), kv('Close date', day(o.close), 'opp-close'), kv('Probability', `${o.probability}%`, 'opp-prob'),
            o.lead ? kv('From lead', recLink(api, o.lead)) : null, o.description ? kv('Description', o.description) : null))),
      h('div.cr-col.narrow', null, activityPanel(api, o.id))));
}

// ------------------------------------------------------------------ conversion wizard

function convertPage(api) {
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
      h('div.cr-row2', null, fieldBox('Job title', input(api, 'cv-title')), fieldBox('Department', input(api, 'cv-dept')), fieldBox('City', input(api, 'cv-city'))),
      h('div.cr-field.short', null, h('span.cr-label', null, 'Owner of the new records'),
        menuButton(api, 'cv-owner', h('span.cr-grow', null, userName(api.world, c.owner)), users, (u) => userName(api.world, u),
          (u) => api.dispatch({ type: 'conv_set', field: 'owner', value: u }), (u) => `cv-owner-opt:${u}`, '.wide'),
        err.owner ? h('span.cr-error', null, err.owner) : null),
    ];
  } else if (c.step === 2) {
    const q = String(api.draft('cv-acct-search')).trim().toLowerCase();
    const matches = data.accounts.filter((a) => !q || a.name.toLowerCase().includes(q)).sort((a, b) => (a.name < b.name ? -1 : 1));
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
      h('div.cr-row2', null, fieldBox('Next step', input(api, 'cv-opp-next')), fieldBox('Description', input(api, 'cv-opp-desc'))),
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

// ------------------------------------------------------------------ dialogs

function dialogBox(title, body, actions, wide = false) {
  return h('div.cr-scrim', null, h('div.cr-dialog' + (wide ? '.wide' : ''), { role: 'dialog' },
    h('div.cr-dialog-title', null, title), body, h('div.cr-dialog-actions', null, actions)));
}

function cancelBtn(api, label = 'Cancel') {
  return h('button.cr-btn.secondary', { 'data-gym': 'btn:cancel-dialog', onclick: () => api.dispatch({ type: 'close_dialog' }) }, label);
}

function dialogs(api) {
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
      h('div.cr-mini-list', null, changing.map((l) => h('div.cr-mini-row', null, h('b', null, personName(l)), h('span.cr-muted', null, ` ${l.company} · from ${userName(api.world, l.owner)}`)))),
      skipped.length ? h('div.cr-warn', null, `Converted leads keep their owner: ${skipped.map((l) => personName(l)).join(', ')}`) : null],
    [cancelBtn(api), h('button.cr-btn', { 'data-gym': 'btn:confirm-bulk', onclick: () => api.dispatch({ type: 'confirm_bulk_owner' }) }, `Reassign ${changing.length}`)]);
  }
  if (ui.dialog === 'new-lead' && ui.newLead) {
    const err = ui.errors;
    return dialogBox('New lead', [
      h('div.cr-row2', null, fieldBox('First name', input(api, 'nl-first'), err['nl-first'], true), fieldBox('Last name', input(api, 'nl-last'), err['nl-last'], true)),
      h('div.cr-row2', null, fieldBox('Company', input(api, 'nl-company'), err['nl-company'], true), fieldBox('Job title', input(api, 'nl-title'))),
      h('div.cr-row2', null, fieldBox('Email', input(api, 'nl-email'), err['nl-email'], true), fieldBox('Phone', input(api, 'nl-phone'), err['nl-phone'])),
      h('div.cr-field', null, h('span.cr-label', null, 'Source'), seg('nl-source', Object.keys(SOURCE_LABEL), ui.newLead.source, (s) => api.dispatch({ type: 'new_lead_set', field: 'source', value: s }), (s) => SOURCE_LABEL[s])),
      h('div.cr-field.short', null, h('span.cr-label', null, 'Owner'),
        menuButton(api, 'nl-owner', h('span.cr-grow', null, userName(api.world, ui.newLead.owner)), (api.world.users || []).map((u) => u.id), (u) => userName(api.world, u),
          (u) => api.dispatch({ type: 'new_lead_set', field: 'owner', value: u }), (u) => `nl-owner-opt:${u}`, '.wide'))],
    [cancelBtn(api), h('button.cr-btn', { 'data-gym': 'btn:create-lead', onclick: () => api.dispatch({ type: 'create_lead' }) }, 'Create lead')], true);
  }
  return null;
}

// ------------------------------------------------------------------ root

/** Render the CRM. */
export function render(api) {
  const { ui } = api.state;
  const pages = {
    leads: leadsPage, accounts: accountsPage, contacts: contactsPage, opps: oppsPage, pipeline: pipelinePage, search: searchPage,
    lead: leadPage, account: accountPage, contact: contactPage, opp: oppPage, convert: convertPage,
  };
  const page = (pages[ui.screen] || leadsPage)(api);
  return h('div.app.crm', null, sidebar(api), page, dialogs(api));
}

