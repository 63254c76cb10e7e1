// Murmur's message rows (reactions, picker, action strip, inline editor) and the day-grouped message list.

import { h } from '../../../runtime/ui/h.js';
import { avatar, only } from '../../../runtime/ui/kit.js';
import { CODES } from '../lib/constants.js';
import { userById, userName, rootMessages, threadReplies } from '../lib/select.js';
import { ICONS, svg, emojiIcon, dayKey, dayLabel, stamp, richText } from './common.js';

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

export function messageRow(api, m, { where }) {
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

export function messageList(api, channelId) {
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
