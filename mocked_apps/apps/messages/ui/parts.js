// Building blocks of the Messages view: glyphs, app bars, thread rows, the
// action sheet and the delete dialog.

import { h, icon } from '../../../runtime/ui/h.js';
import { GLYPHS, avatar, dialog } from '../../../runtime/ui/kit.js';
import { contactOf, displayName, lastMessage } from '../lib/select.js';

/** Glyphs of this app on a 24×24 grid (drawn for it); `evenodd` ones cut holes. */
export const G = {
  ...GLYPHS,
  pin: 'M8 3h8v2l-1.5 1v5l3.5 3v2h-5v6l-1 1-1-1v-6H6v-2l3.5-3V6L8 5z',
  muted: 'M12 3a6 6 0 016 6v4.5l2 2.5H4l2-2.5V9a6 6 0 016-6zm-2.2 15h4.4a2.2 2.2 0 01-4.4 0zM3.5 2.1l18.4 18.4-1.4 1.4L2.1 3.5z',
  archive: 'M3 4h18v5H3zm1 6h16v10H4zm5 2v2h6v-2z',
  person: 'M12 4a4 4 0 110 8 4 4 0 010-8zM4.5 20c0-4 3.4-6.5 7.5-6.5s7.5 2.5 7.5 6.5z',
  personAdd: 'M10 4a4 4 0 110 8 4 4 0 010-8zM3 20c0-4 3.1-6.5 7-6.5s7 2.5 7 6.5zM18 7h2v3h3v2h-3v3h-2v-3h-3v-2h3z',
  unarchive: 'M3 4h18v5H3zm1 6h16v10H4zm8 1.5l-4 4h3V19h2v-3.5h3z',
};

const EVENODD = new Set(['muted', 'archive', 'unarchive']);

/** Return an icon of this app's glyph set. */
export function glyph(name, opts = {}) {
  const svg = icon(G[name] || G.more, opts);
  if (EVENODD.has(name)) svg.firstChild.setAttribute('fill-rule', 'evenodd');
  return svg;
}

/** Return an app bar: back button (optional), title block, icon buttons [{id, glyph, label, onclick}]. */
export function bar(api, title, { back = true, sub = null, lead = null, actions = [] } = {}) {
  return h('header.appbar.msg-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, glyph('back')) : null,
    lead,
    h('div.msg-bar-title', null, h('h1.appbar-title', null, title), sub ? h('div.msg-bar-sub', null, sub) : null),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, title: a.label, onclick: a.onclick }, glyph(a.glyph)))));
}

/** Return the avatar of a thread: initials for contacts, a person glyph for numbers. */
export function threadAvatar(thread, contacts, size = 44) {
  const contact = contactOf(thread, contacts);
  if (contact && contact.name) return avatar(contact.name, size);
  return h('div.avatar.msg-anon', { style: { width: `${size}px`, height: `${size}px` } }, glyph('person', { size: Math.round(size * 0.6), color: '#fff' }));
}

/** Return the one-line preview of a thread's latest message. */
export function preview(thread) {
  const m = lastMessage(thread);
  if (!m) return 'No messages yet';
  return (m.from === 'me' ? 'You: ' : '') + m.text;
}

/** Return a conversation row of the inbox / archive: long-press opens the action sheet. */
export function threadRow(api, thread, contacts) {
  const m = lastMessage(thread);
  const unread = thread.unread > 0;
  return h('div.msg-row' + (unread ? '.unread' : ''), {
    'data-gym': `thread:${thread.id}`, role: 'button',
    onclick: () => api.dispatch({ type: 'open', thread: thread.id }),
    onlongpress: () => api.dispatch({ type: 'menu', thread: thread.id }),
    oncontextmenu: (e) => { e.preventDefault(); api.dispatch({ type: 'menu', thread: thread.id }); },
  },
  threadAvatar(thread, contacts),
  h('div.msg-row-main', null,
    h('div.msg-row-top', null,
      h('span.msg-row-name', null, displayName(thread, contacts)),
      thread.pinned ? h('span.msg-flag', { title: 'Pinned' }, glyph('pin', { size: 14 })) : null,
      thread.muted ? h('span.msg-flag', { title: 'Muted' }, glyph('muted', { size: 14 })) : null,
      h('span.msg-row-time', null, m ? api.clock.relativeLabel(m.time, api.now) : '')),
    h('div.msg-row-bottom', null,
      h('span.msg-row-preview', null, preview(thread)),
      unread ? h('span.msg-badge', null, String(thread.unread)) : null)));
}

/** Return the action sheet of a thread (pin, mute, archive, delete). */
export function actionSheet(api, thread, contacts) {
  const item = (id, glyphName, label, action, danger = false) =>
    h('button.msg-sheet-item' + (danger ? '.danger' : ''), { 'data-gym': id, onclick: () => api.dispatch(action) },
      glyph(glyphName, { size: 22 }), h('span', null, label));
  return h('div.scrim.msg-sheet-scrim', {
    'data-gym': 'menu:close',
    onclick: (e) => { if (e.target === e.currentTarget) api.dispatch({ type: 'close_menu' }); },
  },
  h('div.msg-sheet', { role: 'menu' },
    h('div.msg-sheet-title', null, displayName(thread, contacts)),
    item('btn:pin', 'pin', thread.pinned ? 'Unpin' : 'Pin to top', { type: 'pin', thread: thread.id }),
    item('btn:mute', 'muted', thread.muted ? 'Unmute notifications' : 'Mute notifications', { type: 'mute', thread: thread.id }),
    item('btn:archive', thread.archived ? 'unarchive' : 'archive', thread.archived ? 'Unarchive' : 'Archive', { type: 'archive', thread: thread.id }),
    item('btn:delete', 'trash', 'Delete conversation', { type: 'ask_delete', thread: thread.id }, true)));
}

/** Return the confirmation dialog of deleting a thread. */
export function deleteDialog(api, thread, contacts) {
  const n = thread.messages.length;
  return dialog('Delete this conversation?',
    `${n} message${n === 1 ? '' : 's'} with ${displayName(thread, contacts)} will be deleted. This can't be undone.`,
    [
      { id: 'btn:cancel', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) },
      { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'delete', thread: thread.id }) },
    ]);
}
