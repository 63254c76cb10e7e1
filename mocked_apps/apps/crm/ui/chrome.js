// The frame around every screen: the sidebar, the top bar with global search, the notice bar, back and record links, the owner menu.

import { h } from '../../../runtime/ui/h.js';
import { avatar, svg, only } from '../../../runtime/ui/kit.js';
import { OPEN_LEAD } from '../lib/constants.js';
import { findRecord, userName, recordTitle, isOpen } from '../lib/select.js';
import { ICONS, input, dropdown, owner } from './widgets.js';

export function sidebar(api) {
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

export function topBar(api, title, sub, actions) {
  return h('div.cr-top', null,
    h('div.cr-top-title', null, h('div.cr-title', null, title), sub ? h('div.cr-sub', null, sub) : null),
    h('div.cr-spacer'),
    actions || null,
    h('div.cr-search', null, svg(ICONS.search, { size: 15, color: '#8a92a6' }),
      input(api, 'q', { placeholder: 'Search everything', cls: '.bare', onenter: () => api.dispatch({ type: 'search' }) }),
      h('button.cr-link', { 'data-gym': 'btn:search', onclick: () => api.dispatch({ type: 'search' }) }, 'Go')));
}

export function noticeBar(api) {
  const text = api.state.ui.notice;
  if (!text) return null;
  return h('div.cr-notice', { 'data-gym': 'notice', role: 'status' }, h('span', null, text),
    h('button.cr-x', { 'data-gym': 'btn:dismiss', 'aria-label': 'Dismiss', onclick: () => api.dispatch({ type: 'dismiss' }) }, svg(ICONS.close, { size: 14 })));
}

export function backLink(api) {
  return h('button.cr-link', { 'data-gym': 'btn:back', onclick: () => api.back() }, svg(ICONS.back, { size: 14 }), 'Back');
}

/**
 * A link that opens record `id`: `link:<id>`, or `gym` where one screen may show several links to the same record
 * (the activity timeline), so that every element id on a screen is unique.
 */
export function recLink(api, id, text, gym) {
  if (!id || !findRecord(api.state.data, id)) return h('span.cr-muted', null, '—');
  return h('button.cr-link', { 'data-gym': gym || `link:${id}`, onclick: only(() => api.dispatch({ type: 'open', id })) }, text || recordTitle(api.state.data, id));
}

export function ownerMenu(api, r) {
  const users = (api.world.users || []).map((u) => u.id);
  return h('div.cr-menu-wrap', null,
    h('button.cr-filter.wide', { 'data-gym': 'owner-menu', onclick: () => api.dispatch({ type: 'menu', id: 'owner-menu' }) },
      h('span.cr-grow', null, owner(api, r.owner)), svg(ICONS.chevron, { size: 13 })),
    api.state.ui.menu === 'owner-menu' ? dropdown(users, (u) => userName(api.world, u), (u) => api.dispatch({ type: 'set_owner', owner: u }), (u) => `owner-opt:${u}`) : null);
}
