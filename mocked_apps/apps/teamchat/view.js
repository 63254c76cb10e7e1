// Murmur's desktop view: a sidebar (user switch, mentions, browse, channels, DMs), the main pane
// (a conversation, search results, mentions or the channel browser) and an optional side pane
// (thread, channel details, pins). Every actionable element carries a data-gym id.

import { h, icon } from '../../runtime/ui/h.js';
import { avatar, dialog, field } from '../../runtime/ui/kit.js';
import {
  CODES, findChannel, findMessage, userById, userName, channelLabel, joinedChannels, browsableChannels, rootMessages,
  threadReplies, pinnedMessages, unreadCount, textSegments, mentionsOf, searchMessages, isMember, dmId, dmPartner,
} from './logic.js';

/** Icons drawn for Murmur on a 24×24 grid. */
const ICONS = {
  hash: 'M9.2 3h2l-.7 5h4l.7-5h2l-.7 5H20v2h-3.8l-.6 4H19v2h-3.7l-.7 5h-2l.7-5h-4l-.7 5h-2l.7-5H4v-2h3.7l.6-4H5V8h3.5zm1.1 7l-.6 4h4l.6-4z',
  lock: 'M7 10V7a5 5 0 0110 0v3h2v11H5V10zm2 0h6V7a3 3 0 00-6 0z',
  people: 'M9 4a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm7.5 1a3 3 0 110 6 3 3 0 010-6zM2 19c0-3.3 3.1-6 7-6s7 2.7 7 6v1H2zm15-5.8c2.9.2 5 2.3 5 5V20h-4.2v-1c0-2.3-.3-4-.8-5.8z',
  pin: 'M9 2h6v2l-1 .5V9l4 4v2h-5v6l-1 1-1-1v-6H6v-2l4-4V4.5L9 4z',
  at: 'M12 2a10 10 0 017.8 16.3l-1.5-1.3A8 8 0 1012 20c1.5 0 2.9-.4 4.1-1.1l1 1.7A10 10 0 1112 2zm0 5a5 5 0 014.9 4H17v3c0 .8.4 1.2 1 1.2s1-.4 1-1.2v-2h2v2c0 2-1.3 3.2-3 3.2-1.1 0-2-.5-2.5-1.3A5 5 0 1112 7zm0 2a3 3 0 100 6 3 3 0 000-6z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  compass: 'M12 2a10 10 0 110 20 10 10 0 010-20zm0 2a8 8 0 100 16 8 8 0 000-16zm4.5 3.5L14 14l-6.5 2.5L10 10z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  send: 'M3 20l18-8L3 4v6l12 2-12 2z',
  reply: 'M10 8V4L3 11l7 7v-4.1c5 0 8.5 1.6 11 5.1-1-5-4-10-11-11z',
  react: 'M11 3a8 8 0 017.9 6.7h-2A6 6 0 105 11a6 6 0 006 6v2a8 8 0 010-16zM8 8.5a1.2 1.2 0 110 2.4 1.2 1.2 0 010-2.4zm5 0a1.2 1.2 0 110 2.4 1.2 1.2 0 010-2.4zM7.3 12.5h6.9A3.6 3.6 0 0110.8 15a3.6 3.6 0 01-3.5-2.5zM19 13h2v3h3v2h-3v3h-2v-3h-3v-2h3z',
  edit: 'M4 17v3h3l10-10-3-3zM15 6l3 3 2-2-3-3z',
  trash: 'M6 7h12l-1 13H7zm3-3h6l1 2H8z',
  close: 'M6 5l6 6 6-6 1 1-6 6 6 6-1 1-6-6-6 6-1-1 6-6-6-6z',
  chevron: 'M7 9l5 5 5-5 1.4 1.4L12 16.8 5.6 10.4z',
  check: 'M9 16l-4-4-1.5 1.5L9 19 21 7l-1.5-1.5z',
};

/** The reaction glyphs: original drawings, one path each (evenodd for holes). */
const EMOJI = {
  thumbs: { path: 'M2 10h4v11H2zm6 0l4-8c1.7 0 3 1.3 3 3v3h5.5c1.1 0 2 1 1.8 2.1l-1.6 8.4c-.2 1-1 1.5-2 1.5H8z', color: '#e0a200' },
  heart: { path: 'M12 21l-1.5-1.3C5 15 2 12.2 2 8.5 2 5.5 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.5 22 8.5c0 3.7-3 6.5-8.5 11.2z', color: '#d9434f' },
  smile: { path: 'M12 2a10 10 0 110 20 10 10 0 010-20zM8.5 8a1.5 1.5 0 100 3 1.5 1.5 0 000-3zm7 0a1.5 1.5 0 100 3 1.5 1.5 0 000-3zM7 14c1 2.5 3 3.5 5 3.5s4-1 5-3.5z', color: '#f0a81c' },
  tada: { path: 'M3 21l5-14 9 9zm10-14l2-4 1.4.8-2 4zm3 4l4-2 .6 1.4-4 2zM9.5 5.5l.8-3.2 1.5.4-.8 3.2zM18 3h2v2h-2zm1 8h2v2h-2z', color: '#cf4f9c' },
  eyes: { path: 'M7 4c2.5 0 4 3.6 4 8s-1.5 8-4 8-4-3.6-4-8 1.5-8 4-8zm10 0c2.5 0 4 3.6 4 8s-1.5 8-4 8-4-3.6-4-8 1.5-8 4-8zM7.5 11a1.5 2 0 100 4 1.5 2 0 000-4zm10 0a1.5 2 0 100 4 1.5 2 0 000-4z', color: '#4b5470' },
  check: { path: 'M3 3h18v18H3zm4.5 9.5L6 14l4 4 8-8-1.5-1.5-6.5 6.5z', color: '#2f9e5b' },
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function svg(path, { size = 18, color } = {}) { return icon(path, { size, color, evenodd: true }); }

function emojiIcon(code, size = 16) {
  const e = EMOJI[code];
  return svg(e.path, { size, color: e.color });
}

/** A click handler that does not bubble to the message row. */
function only(fn) {
  return (e) => {
    e.stopPropagation();
    fn(e);
  };
}

const pad = (n) => String(n).padStart(2, '0');
function hm(ms) {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
function dayKey(ms) {
  return Math.floor(ms / 86400000);
}
function dayLabel(ms, now) {
  const d = new Date(ms);
  if (dayKey(ms) === dayKey(now)) return 'Today';
  if (dayKey(ms) === dayKey(now) - 1) return 'Yesterday';
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}
function stamp(ms, now) {
  const d = new Date(ms);
  return dayKey(ms) === dayKey(now) ? hm(ms) : `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${hm(ms)}`;
}

function richText(api, text) {
  const me = api.state.data.me;
  return textSegments(api.world, text).map((s) => (s.mention
    ? h('span.tc-mention' + (s.mention === me ? '.me' : ''), null, s.text)
    : s.text));
}

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

// ---------------------------------------------------------------- messages

function reactionsRow(api, m, prefix) {
  const me = api.state.data.me;
  const entries = CODES.filter((c) => m.reactions && m.reactions[c] && m.reactions[c].length);
  if (!entries.length) return null;
  return h('div.tc-reactions', null, entries.map((code) => {
    const users = m.reactions[code];
    const names = users.map((u) => userName(api.world, u)).join(', ');
    return h('button.tc-reaction' + (users.includes(me) ? '.mine' : ''), {
      'data-gym': `${prefix}reaction:${m.id}:${code}`, title: `${names} reacted with :${code}:`,
      'aria-label': `:${code}: ${users.length} (${names})`, onclick: only(() => api.dispatch({ type: 'react', id: m.id, code })),
    }, emojiIcon(code, 15), h('span', null, String(users.length)));
  }));
}

function picker(api, m) {
  return h('div.tc-picker', { role: 'menu', onclick: only(() => {}) },
    (api.world.emoji || CODES.map((code) => ({ code, label: code }))).map((e) =>
      h('button.tc-picker-btn', { 'data-gym': `emoji:${e.code}`, 'aria-label': `:${e.code}: ${e.label}`, title: `:${e.code}:`,
        onclick: only(() => api.dispatch({ type: 'react', id: m.id, code: e.code })) }, emojiIcon(e.code, 20))));
}

function actionStrip(api, m, prefix, { reply }) {
  const me = api.state.data.me;
  const act = (name, glyph, label, action) => h('button.tc-act', { 'data-gym': `${prefix}${name}:${m.id}`, 'aria-label': label, title: label,
    onclick: only(() => api.dispatch(action)) }, svg(glyph, { size: 16 }));
  return h('div.tc-actions', null,
    act('react', ICONS.react, 'Add reaction', { type: 'open_picker', id: m.id }),
    reply ? act('reply', ICONS.reply, 'Reply in thread', { type: 'open_thread', id: m.id }) : null,
    act('pin', ICONS.pin, m.pinned ? 'Unpin message' : 'Pin message', { type: 'pin', id: m.id }),
    m.author === me ? act('edit', ICONS.edit, 'Edit message', { type: 'edit', id: m.id }) : null,
    m.author === me ? act('delete', ICONS.trash, 'Delete message', { type: 'delete', id: m.id }) : null);
}

function editor(api) {
  const err = api.state.ui.errors.edit;
  return h('div.tc-editor', { onclick: only(() => {}) },
    h('input.tc-input', { 'data-gym': 'field:edit', type: 'text', value: api.draft('edit'),
      oninput: (e) => api.dispatch({ type: '@draft', key: 'edit', value: e.target.value }),
      onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'save_edit' }); } } }),
    err ? h('div.tc-error', { 'data-gym': 'error:edit' }, err) : null,
    h('div.tc-editor-btns', null,
      h('button.tc-btn.secondary', { 'data-gym': 'btn:cancel-edit', onclick: only(() => api.dispatch({ type: 'cancel_edit' })) }, 'Cancel'),
      h('button.tc-btn', { 'data-gym': 'btn:save-edit', onclick: only(() => api.dispatch({ type: 'save_edit' })) }, 'Save')));
}

/** True when message `m` is rendered in the open thread pane (its editor and picker go there). */
function inPane(ui, m) {
  return ui.pane === 'thread' && (m.id === ui.thread || m.parent === ui.thread);
}

function messageRow(api, m, { where }) {
  const { data, ui } = api.state;
  const prefix = where === 'thread' ? 'thread-' : '';
  const here = where === 'thread' ? inPane(ui, m) : !inPane(ui, m);
  const focused = where === 'thread' || ui.focus === m.id;
  const author = userById(api.world, m.author);
  const replies = !m.parent && where === 'main' ? threadReplies(data, m.id) : [];
  if (m.deleted) {
    return h('div.tc-msg.deleted', { 'data-gym': `${prefix}msg:${m.id}` },
      h('div.tc-avatar-gap'),
      h('div.tc-msg-body', null, h('div.tc-msg-text.muted', null, 'This message was deleted.'),
        replies.length ? h('button.tc-replies', { 'data-gym': `replies:${m.id}`, onclick: only(() => api.dispatch({ type: 'open_thread', id: m.id })) },
          `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}`) : null));
  }
  const editing = ui.editing === m.id && here;
  return h('div.tc-msg' + (focused && where === 'main' ? '.focused' : '') + (ui.focus === m.id && where === 'thread' ? '.hl' : ''), {
    'data-gym': `${prefix}msg:${m.id}`, role: 'article',
    onclick: where === 'main' && !editing ? () => api.dispatch({ type: 'focus', id: m.id }) : null,
  },
  avatar(author ? author.name : '?', 34),
  h('div.tc-msg-body', null,
    h('div.tc-msg-head', null,
      h('span.tc-author', null, author ? author.name : 'Unknown'),
      h('span.tc-time', null, stamp(m.ts, api.now)),
      m.edited ? h('span.tc-edited', null, '(edited)') : null,
      m.pinned ? h('span.tc-pinned', null, svg(ICONS.pin, { size: 12, color: '#c07a12' }), `Pinned by ${userName(api.world, m.pinned)}`) : null),
    editing ? editor(api) : h('div.tc-msg-text', null, richText(api, m.text)),
    reactionsRow(api, m, prefix),
    replies.length ? h('button.tc-replies', { 'data-gym': `replies:${m.id}`, onclick: only(() => api.dispatch({ type: 'open_thread', id: m.id })) },
      `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}`,
      h('span.tc-replies-last', null, `Last reply ${stamp(replies[replies.length - 1].ts, api.now)}`)) : null),
  focused && !editing ? actionStrip(api, m, prefix, { reply: where === 'main' && !m.parent }) : null,
  ui.picker === m.id && here ? picker(api, m) : null);
}

function messageList(api, channelId) {
  const roots = rootMessages(api.state.data, channelId);
  const out = [];
  let lastDay = null;
  for (const m of roots) {
    const day = dayKey(m.ts);
    if (day !== lastDay) {
      out.push(h('div.tc-day', null, h('span', null, dayLabel(m.ts, api.now))));
      lastDay = day;
    }
    out.push(messageRow(api, m, { where: 'main' }));
  }
  // column-reverse keeps the newest messages in view (scrollTop 0 is the bottom).
  return h('div.tc-messages', { 'data-gym': `scroll:messages`, 'data-scroll-key': `teamchat:messages:${channelId}` },
    h('div.tc-messages-inner', null, out.length ? out : h('div.tc-empty', null, 'No messages yet. Say hello!')));
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

function channelHeader(api, channel, partner) {
  const { data, ui } = api.state;
  if (!channel || channel.kind === 'dm') {
    const u = userById(api.world, partner);
    return h('div.tc-head', null, h('div.tc-title', null, avatar(u ? u.name : '?', 24), h('span', { 'data-gym': 'channel-title' }, u ? u.name : '?')),
      h('div.tc-topic.muted', null, u ? `${u.title} · @${u.handle}` : ''),
      h('div.tc-head-spacer'),
      channel ? h('button.tc-head-btn', { 'data-gym': 'btn:pins', onclick: () => api.dispatch({ type: 'open_pins' }) },
        svg(ICONS.pin, { size: 15 }), String(pinnedMessages(data, channel.id).length)) : null);
  }
  const member = isMember(channel, data.me);
  const topic = ui.editingTopic
    ? h('div.tc-topic-edit', null,
      h('input.tc-input', { 'data-gym': 'field:topic', type: 'text', value: api.draft('topic'), placeholder: 'Add a topic',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'topic', value: e.target.value }),
        onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'save_topic' }); } } }),
      h('button.tc-btn', { 'data-gym': 'btn:save-topic', onclick: () => api.dispatch({ type: 'save_topic' }) }, 'Save'),
      h('button.tc-btn.secondary', { 'data-gym': 'btn:cancel-topic', onclick: () => api.dispatch({ type: 'cancel_topic' }) }, 'Cancel'),
      ui.errors.topic ? h('span.tc-error', null, ui.errors.topic) : null)
    : h('button.tc-topic' + (channel.topic ? '' : '.muted'), { 'data-gym': 'btn:edit-topic', title: member ? 'Edit topic' : '',
      onclick: () => api.dispatch({ type: 'edit_topic' }) }, channel.topic || 'Add a topic');
  return h('div.tc-head', null,
    h('div.tc-title', null, svg(channel.private ? ICONS.lock : ICONS.hash, { size: 18 }), h('span', { 'data-gym': 'channel-title' }, channel.name)),
    topic,
    h('div.tc-head-spacer'),
    h('button.tc-head-btn' + (ui.pane === 'pins' ? '.on' : ''), { 'data-gym': 'btn:pins', 'aria-label': 'Pinned messages', onclick: () => api.dispatch({ type: 'open_pins' }) },
      svg(ICONS.pin, { size: 15 }), String(pinnedMessages(data, channel.id).length)),
    h('button.tc-head-btn' + (ui.pane === 'details' ? '.on' : ''), { 'data-gym': 'btn:members', 'aria-label': 'Channel details and members',
      onclick: () => api.dispatch({ type: 'open_details' }) }, svg(ICONS.people, { size: 16 }), String(channel.members.length)));
}

function composer(api, channel, label) {
  const me = api.state.data.me;
  if (channel && channel.kind === 'channel' && !isMember(channel, me)) {
    return h('div.tc-joinbar', null,
      h('span', null, `You are viewing #${channel.name}. Join it to post, react and pin.`),
      h('button.tc-btn', { 'data-gym': 'btn:join', onclick: () => api.dispatch({ type: 'join', id: channel.id }) }, 'Join channel'));
  }
  return h('div.tc-composer', null,
    h('input.tc-compose-input', { 'data-gym': 'field:compose', type: 'text', value: api.draft('compose'), placeholder: `Message ${label}`,
      oninput: (e) => api.dispatch({ type: '@draft', key: 'compose', value: e.target.value }),
      onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'send' }); } } }),
    h('button.tc-send', { 'data-gym': 'btn:send', 'aria-label': 'Send', onclick: () => api.dispatch({ type: 'send' }) }, svg(ICONS.send, { size: 18, color: '#fff' })));
}

function conversationPane(api) {
  const { data, ui } = api.state;
  const channel = findChannel(data, ui.channel);
  const partner = channel ? (channel.kind === 'dm' ? dmPartner(channel, data.me) : null) : ui.dm;
  const label = channel ? channelLabel(data, api.world, channel, data.me) : userName(api.world, ui.dm);
  return [channelHeader(api, channel, partner), messageList(api, channel ? channel.id : dmId(data.me, ui.dm || data.me)), composer(api, channel, label)];
}

function resultRow(api, m, prefix) {
  const { data } = api.state;
  const channel = findChannel(data, m.channel);
  const author = userById(api.world, m.author);
  return h('div.tc-result', { 'data-gym': `${prefix}:${m.id}`, role: 'button', onclick: () => api.dispatch({ type: 'show', id: m.id }) },
    avatar(author ? author.name : '?', 30),
    h('div.tc-msg-body', null,
      h('div.tc-msg-head', null,
        h('span.tc-author', null, author ? author.name : 'Unknown'),
        h('span.tc-result-where', null, `${channelLabel(data, api.world, channel, data.me)}${m.parent ? ' · in a thread' : ''}`),
        h('span.tc-time', null, stamp(m.ts, api.now))),
      h('div.tc-msg-text', null, richText(api, m.text))));
}

function searchPane(api) {
  const { data, ui } = api.state;
  const hits = searchMessages(data, api.world, data.me, ui.query);
  return [h('div.tc-head', null, h('div.tc-title', null, svg(ICONS.search, { size: 18 }), h('span', null, 'Search')),
    h('div.tc-topic.muted', { 'data-gym': 'search-summary' }, `${hits.length} ${hits.length === 1 ? 'result' : 'results'} for “${ui.query}”`)),
  h('div.tc-list', { 'data-gym': 'scroll:results', 'data-scroll-key': `teamchat:search:${ui.query}` },
    hits.length ? hits.map((m) => resultRow(api, m, 'result')) : h('div.tc-empty', null, 'No messages match. Check the spelling or remove a filter.'))];
}

function mentionsPane(api) {
  const { data } = api.state;
  const hits = mentionsOf(data, api.world, data.me);
  return [h('div.tc-head', null, h('div.tc-title', null, svg(ICONS.at, { size: 18 }), h('span', null, 'Mentions')),
    h('div.tc-topic.muted', null, `Messages that mention @${(userById(api.world, data.me) || {}).handle}`)),
  h('div.tc-list', { 'data-gym': 'scroll:mentions', 'data-scroll-key': 'teamchat:mentions' },
    hits.length ? hits.map((m) => resultRow(api, m, 'mention')) : h('div.tc-empty', null, 'Nobody mentioned you yet.'))];
}

function browsePane(api) {
  const { data } = api.state;
  const list = browsableChannels(data, data.me);
  return [h('div.tc-head', null, h('div.tc-title', null, svg(ICONS.compass, { size: 18 }), h('span', null, 'Browse channels')),
    h('div.tc-topic.muted', null, `${list.length} channels`), h('div.tc-head-spacer'),
    h('button.tc-btn', { 'data-gym': 'btn:new-channel-main', onclick: () => api.dispatch({ type: 'new_channel' }) }, 'Create channel')),
  h('div.tc-list', { 'data-gym': 'scroll:browse', 'data-scroll-key': 'teamchat:browse' },
    list.map((c) => {
      const joined = isMember(c, data.me);
      return h('div.tc-browse', { 'data-gym': `browse:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_channel', id: c.id }) },
        h('div.tc-browse-name', null, svg(c.private ? ICONS.lock : ICONS.hash, { size: 15 }), c.name),
        h('div.tc-browse-sub', null, `${c.members.length} ${c.members.length === 1 ? 'member' : 'members'}${c.topic ? ` · ${c.topic}` : ''}`),
        joined ? h('span.tc-chip', null, 'Joined')
          : h('button.tc-btn.small', { 'data-gym': `join:${c.id}`, onclick: only(() => api.dispatch({ type: 'join', id: c.id })) }, 'Join'));
    }))];
}

// ---------------------------------------------------------------- side pane

function paneHead(api, title) {
  return h('div.tc-pane-head', null, h('span.tc-pane-title', null, title),
    h('button.tc-pane-x', { 'data-gym': 'btn:close-pane', 'aria-label': 'Close', onclick: () => api.dispatch({ type: 'close_pane' }) },
      svg(ICONS.close, { size: 16 })));
}

function threadPane(api) {
  const { data, ui } = api.state;
  const root = findMessage(data, ui.thread);
  if (!root) return null;
  const channel = findChannel(data, root.channel);
  const replies = threadReplies(data, root.id);
  const member = isMember(channel, data.me);
  return h('aside.tc-pane', null,
    paneHead(api, `Thread · ${channelLabel(data, api.world, channel, data.me)}`),
    h('div.tc-pane-body', { 'data-gym': 'scroll:thread', 'data-scroll-key': `teamchat:thread:${root.id}` },
      messageRow(api, root, { where: 'thread' }),
      h('div.tc-thread-count', { 'data-gym': 'thread-count' }, replies.length ? `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}` : 'No replies yet'),
      replies.map((m) => messageRow(api, m, { where: 'thread' }))),
    member && !root.deleted ? h('div.tc-composer.pane', null,
      h('input.tc-compose-input', { 'data-gym': 'field:reply', type: 'text', value: api.draft('reply'), placeholder: 'Reply…',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'reply', value: e.target.value }),
        onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'reply' }); } } }),
      h('button.tc-send', { 'data-gym': 'btn:send-reply', 'aria-label': 'Send reply', onclick: () => api.dispatch({ type: 'reply' }) },
        svg(ICONS.send, { size: 18, color: '#fff' }))) : null);
}

function detailsPane(api) {
  const { data, ui } = api.state;
  const channel = findChannel(data, ui.channel);
  if (!channel || channel.kind !== 'channel') return null;
  const me = data.me;
  const users = api.world.users || [];
  const members = users.filter((u) => channel.members.includes(u.id));
  const others = users.filter((u) => !channel.members.includes(u.id));
  return h('aside.tc-pane', null,
    paneHead(api, `About #${channel.name}`),
    h('div.tc-pane-body', { 'data-gym': 'scroll:details', 'data-scroll-key': `teamchat:details:${channel.id}` },
      h('div.tc-about', null,
        h('div.tc-about-row', null, h('b', null, 'Topic: '), channel.topic || 'No topic'),
        h('div.tc-about-row', { 'data-gym': 'info:creator' }, h('b', null, 'Created by: '), `${userName(api.world, channel.creator)} on ${channel.created}`),
        h('div.tc-about-row', null, h('b', null, 'Visibility: '), channel.private ? 'Private (invite only)' : 'Public')),
      h('div.tc-pane-sub', null, h('span', null, `Members (${members.length})`),
        isMember(channel, me) ? h('button.tc-btn.small', { 'data-gym': 'btn:add-people', onclick: () => api.dispatch({ type: 'add_people' }) },
          ui.adding ? 'Done' : 'Add people') : null),
      ui.adding ? h('div.tc-add-list', null,
        others.length ? others.map((u) => h('div.tc-member', { 'data-gym': `add:${u.id}`, role: 'button',
          onclick: () => api.dispatch({ type: 'add_member', user: u.id }) },
        avatar(u.name, 26), h('span.tc-member-name', null, u.name), h('span.tc-add-plus', null, svg(ICONS.plus, { size: 16 }))))
          : h('div.tc-empty.small', null, 'Everyone is already here.')) : null,
      members.map((u) => h('div.tc-member', { 'data-gym': `member:${u.id}` },
        avatar(u.name, 26),
        h('span.tc-member-name', null, u.name, u.id === me ? h('span.tc-muted', null, ' (you)') : null),
        u.id === channel.creator ? h('span.tc-chip', null, 'Creator') : null,
        u.id !== me ? h('button.tc-remove', { 'data-gym': `remove:${u.id}`, 'aria-label': `Remove ${u.name}`, title: `Remove ${u.name}`,
          onclick: () => api.dispatch({ type: 'remove_member', user: u.id }) }, svg(ICONS.close, { size: 14 })) : null)),
      isMember(channel, me) && !channel.general && channel.creator !== me ? h('button.tc-btn.secondary.tc-leave', { 'data-gym': 'btn:leave',
        onclick: () => api.dispatch({ type: 'leave', id: channel.id }) }, 'Leave channel') : null));
}

function pinsPane(api) {
  const { data, ui } = api.state;
  const channel = findChannel(data, ui.channel);
  if (!channel) return null;
  const pins = pinnedMessages(data, channel.id);
  return h('aside.tc-pane', null,
    paneHead(api, `Pinned in ${channelLabel(data, api.world, channel, data.me)}`),
    h('div.tc-pane-body', { 'data-gym': 'scroll:pins', 'data-scroll-key': `teamchat:pins:${channel.id}` },
      pins.length ? pins.map((m) => h('div.tc-pin', { 'data-gym': `pinned:${m.id}`, role: 'button', onclick: () => api.dispatch({ type: 'show', id: m.id }) },
        h('div.tc-msg-head', null, h('span.tc-author', null, userName(api.world, m.author)), h('span.tc-time', null, stamp(m.ts, api.now))),
        h('div.tc-msg-text', null, richText(api, m.text)),
        h('div.tc-pin-foot', null, `Pinned by ${userName(api.world, m.pinned)}`,
          h('button.tc-link', { 'data-gym': `unpin:${m.id}`, onclick: only(() => api.dispatch({ type: 'pin', id: m.id, value: false })) }, 'Unpin'))))
        : h('div.tc-empty', null, 'Nothing is pinned here yet.')));
}

// ---------------------------------------------------------------- dialogs

function createDialog(api) {
  const { ui } = api.state;
  const err = (k) => (ui.errors[k] ? h('div.tc-error', { 'data-gym': `error:${k}` }, ui.errors[k]) : null);
  return h('div.tc-scrim', null, h('div.tc-dialog', { role: 'dialog' },
    h('div.tc-dialog-title', null, 'Create a channel'),
    field(api, 'channel-name', 'Name', { placeholder: 'e.g. plan-budget' }),
    h('div.tc-hint', null, 'Lowercase letters, digits and single hyphens; at most 40 characters.'),
    err('name'),
    field(api, 'channel-topic', 'Topic (optional)', { placeholder: 'What is this channel about?' }),
    err('topic'),
    h('div.tc-toggle', { 'data-gym': 'toggle:private', role: 'switch', 'aria-checked': String(Boolean(ui.newPrivate)),
      onclick: () => api.dispatch({ type: 'toggle_private' }) },
    h('div', null, h('div.tc-toggle-title', null, 'Make private'), h('div.tc-hint', null, 'Only invited members can find and read it.')),
    h('div.switch' + (ui.newPrivate ? '.on' : ''), null, h('div.knob'))),
    h('div.tc-dialog-btns', null,
      h('button.tc-btn.secondary', { 'data-gym': 'btn:cancel', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Cancel'),
      h('button.tc-btn', { 'data-gym': 'btn:create', onclick: () => api.dispatch({ type: 'create_channel' }) }, 'Create'))));
}

function dialogs(api) {
  const { data, ui } = api.state;
  if (ui.dialog === 'create') return createDialog(api);
  if (ui.dialog === 'delete') {
    const m = findMessage(data, ui.target);
    return h('div.tc-dialog-wrap', null, dialog('Delete message?', `“${m ? m.text : ''}” will be deleted for everyone. This can't be undone.`, [
      { id: 'btn:cancel-dialog', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete' }) }]));
  }
  if (ui.dialog === 'remove') {
    const channel = findChannel(data, ui.channel);
    return h('div.tc-dialog-wrap', null, dialog('Remove member?', `Remove ${userName(api.world, ui.target)} from #${channel ? channel.name : ''}? They lose access to ${channel && channel.private ? 'the channel and its history' : 'posting here'}.`, [
      { id: 'btn:cancel-dialog', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-remove', label: 'Remove', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_remove' }) }]));
  }
  return null;
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
