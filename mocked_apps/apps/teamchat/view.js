// Murmur's desktop view: a sidebar (user switch, mentions, browse, channels, DMs), the main pane
// (a conversation, search results, mentions or the channel browser) and an optional side pane
// (thread, channel details, pins). Every actionable element carries a data-gym id.

import { h } from '../../runtime/ui/h.js';
import { avatar } from '../../runtime/ui/kit.js';
import { userById, dmId, joinedChannels, unreadCount, mentionsOf } from './lib/select.js';
import { conversationPane, searchPane, mentionsPane, browsePane } from './ui/screens.js';
import { threadPane, detailsPane, pinsPane } from './ui/sidepane.js';
import { dialogs } from './ui/dialogs.js';
import { ICONS, svg } from './ui/common.js';

// ---------------------------------------------------------------- sidebar

function sidebar(api) {
  const { data, ui } = api.state;
  const me = data.me;
  const user = userById(api.world, me);
  const mentionCount = mentionsOf(data, api.world, me).length;
  const channels = joinedChannels(data, me);
  const people = (api.world.users || []).filter((u) => u.id !== me);
  const activeDm = ui.screen === 'channel' ? ui.channel : null;
  const item = (id, glyph, label, count, active, onclick, extra = '') =>
    h('div.tc-side-item' + (active ? '.active' : '') + (count ? '.unread' : '') + extra, { 'data-gym': id, role: 'button', onclick },
      glyph, h('span.tc-side-label', null, label), count ? h('span.tc-badge', null, String(count)) : null);
  return h('aside.tc-sidebar', null,
    h('div.tc-ws', null,
      h('div.tc-ws-name', null, api.world.workspace ? api.world.workspace.name : 'Workspace'),
      h('button.tc-user-btn', { 'data-gym': 'btn:user-menu', 'aria-label': 'Signed-in user menu', onclick: () => api.dispatch({ type: 'user_menu' }) },
        avatar(user ? user.name : '?', 22), h('span.tc-user-name', null, user ? user.name : '?'),
        svg(ICONS.chevron, { size: 16, color: '#c9c2dc' }))),
    ui.menu === 'user' ? h('div.tc-menu', { role: 'menu' },
      h('div.tc-menu-head', null, 'Switch user'),
      (api.world.users || []).map((u) => h('button.tc-menu-item' + (u.id === me ? '.current' : ''),
        { 'data-gym': `switch-user:${u.id}`, onclick: () => api.dispatch({ type: 'switch_user', user: u.id }) },
        avatar(u.name, 22), h('span', null, u.name), h('span.tc-menu-sub', null, `@${u.handle}`),
        u.id === me ? svg(ICONS.check, { size: 16, color: '#3f6fd8' }) : null))) : null,
    h('div.tc-side-scroll', { 'data-gym': 'scroll:sidebar', 'data-scroll-key': 'teamchat:sidebar' },
      item('nav:mentions', svg(ICONS.at, { size: 16 }), 'Mentions', mentionCount, ui.screen === 'mentions',
        () => api.dispatch({ type: 'open_mentions' }), '.plain'),
      item('nav:browse', svg(ICONS.compass, { size: 16 }), 'Browse channels', 0, ui.screen === 'browse',
        () => api.dispatch({ type: 'open_browse' })),
      h('div.tc-side-head', null, h('span', null, 'Channels'),
        h('button.tc-side-add', { 'data-gym': 'btn:new-channel', 'aria-label': 'Create a channel', onclick: () => api.dispatch({ type: 'new_channel' }) },
          svg(ICONS.plus, { size: 16 }))),
      channels.map((c) => item(`channel:${c.id}`, svg(c.private ? ICONS.lock : ICONS.hash, { size: 15 }), c.name,
        unreadCount(data, api.world, me, c.id), activeDm === c.id, () => api.dispatch({ type: 'open_channel', id: c.id }))),
      h('div.tc-side-head', null, h('span', null, 'Direct messages')),
      people.map((u) => {
        const id = dmId(me, u.id);
        return item(`dm:${u.id}`, avatar(u.name, 18), u.name, unreadCount(data, api.world, me, id), activeDm === id,
          () => api.dispatch({ type: 'open_dm', user: u.id }));
      })));
}

// ---------------------------------------------------------------- main pane

function noticeBar(api) {
  const text = api.state.ui.notice;
  if (!text) return null;
  return h('div.tc-notice', { 'data-gym': 'notice', role: 'status' }, h('span', null, text),
    h('button.tc-notice-x', { 'data-gym': 'btn:dismiss', 'aria-label': 'Dismiss', onclick: () => api.dispatch({ type: 'dismiss' }) },
      svg(ICONS.close, { size: 14 })));
}

function searchBar(api) {
  const value = api.draft('search');
  return h('div.tc-topbar', null,
    h('div.tc-search', null,
      svg(ICONS.search, { size: 16, color: '#7a7f93' }),
      h('input.tc-search-input', { 'data-gym': 'field:search', type: 'text', value,
        placeholder: 'Search messages (try from:@name or in:#channel)',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'search', value: e.target.value }),
        onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'search' }); } } }),
      value ? h('button.tc-search-x', { 'data-gym': 'btn:clear-search', 'aria-label': 'Clear search', onclick: () => api.dispatch({ type: 'clear_search' }) },
        svg(ICONS.close, { size: 14 })) : null),
    h('button.tc-btn', { 'data-gym': 'btn:search', onclick: () => api.dispatch({ type: 'search' }) }, 'Search'));
}

// ---------------------------------------------------------------- root

/** Render Murmur. */
export function render(api) {
  const { ui } = api.state;
  let main;
  if (ui.screen === 'search') main = searchPane(api);
  else if (ui.screen === 'mentions') main = mentionsPane(api);
  else if (ui.screen === 'browse') main = browsePane(api);
  else main = conversationPane(api);
  let pane = null;
  if (ui.screen === 'channel') {
    if (ui.pane === 'thread') pane = threadPane(api);
    else if (ui.pane === 'details') pane = detailsPane(api);
    else if (ui.pane === 'pins') pane = pinsPane(api);
  }
  return h('div.app.teamchat', null,
    sidebar(api),
    h('section.tc-main', null, searchBar(api), noticeBar(api), main),
    pane,
    dialogs(api));
}
