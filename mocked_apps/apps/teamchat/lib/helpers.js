// Murmur's reducer helpers: read markers, navigation, refusals, permission checks and posting.

import { findChannel, findMessage, isMember, rootMessages, browsableChannels, joinedChannels, mentionsOf, searchMessages } from './select.js';

/** Mark a conversation read for `user` up to its newest top-level message. */
export function markRead(data, world, user, channelId) {
  const channel = findChannel(data, channelId);
  if (!channel || !isMember(channel, user)) return;
  const roots = rootMessages(data, channelId);
  if (!roots.length) return;
  const newest = roots[roots.length - 1].ts;
  data.reads = data.reads || {};
  const mine = data.reads[user] || (data.reads[user] = {});
  if (mine[channelId] === undefined || mine[channelId] < newest) mine[channelId] = newest;
}

export function clearTransient(ui) {
  Object.assign(ui, { focus: null, editing: null, picker: null, menu: null, dialog: null, target: null,
    adding: false, editingTopic: false, errors: {} });
}

export function remember(ui) {
  ui.stack.push({ screen: ui.screen, channel: ui.channel, dm: ui.dm, query: ui.query });
  if (ui.stack.length > 30) ui.stack.shift();
}

export function openConversation(state, ctx, channelId, { dm = null, keepPane = false } = {}) {
  const { data, ui } = state;
  if (ui.screen !== 'channel' || ui.channel !== channelId || ui.dm !== dm) remember(ui);
  clearTransient(ui);
  Object.assign(ui, { screen: 'channel', channel: channelId, dm });
  if (!keepPane) Object.assign(ui, { pane: null, thread: null });
  markRead(data, ctx.world, data.me, channelId);
}

export function newId(data, ctx, prefix) {
  let id = ctx.uid(prefix);
  while (findMessage(data, id) || findChannel(data, id)) id = ctx.uid(prefix);
  return id;
}

function refuse(ui, text) {
  ui.notice = text;
  return true;
}

/** Refuse an action: data unchanged, the reason shown as a notice. */
export function deny(state, text) {
  state.ui.notice = text;
  return state;
}

/** The conversation currently shown, or null (a DM with no record yet is null). */
export function current(state) {
  return state.ui.screen === 'channel' ? findChannel(state.data, state.ui.channel) || null : null;
}

/**
 * Return message `id` when the screen shows it with its buttons, else null: a root of the open conversation's list
 * (`main`), a message of the open thread pane (`thread`), a pin of the pins pane (`pins`), and never under a dialog.
 * Actions that take a message id act only on such a message (as a tap could), not on one of another list.
 */
export function shownMessage(state, id, where = ['main', 'thread']) {
  const { data, ui } = state;
  const m = findMessage(data, id);
  if (!m || ui.dialog || ui.screen !== 'channel') return null;
  if (where.includes('main') && m.channel === ui.channel && !m.parent) return m;
  if (where.includes('thread') && ui.pane === 'thread' && ui.thread && (m.id === ui.thread || m.parent === ui.thread)) return m;
  if (where.includes('pins') && ui.pane === 'pins' && m.pinned && m.channel === ui.channel) return m;
  return null;
}

/**
 * Return the channel whose `pane` the side pane shows ('details': its members, Add people and Leave), when `id` is
 * undefined or that channel's id, else null. Member actions act on that channel only, never on one not shown.
 */
export function paneChannel(state, id, pane = 'details') {
  const channel = current(state);
  if (!channel || state.ui.dialog || state.ui.pane !== pane) return null;
  return id === undefined || id === channel.id ? channel : null;
}

/**
 * Return message `id` when a row of a list on screen opens it (`show`): a search result, a mention, a pin of the pins
 * pane; never under a dialog, else null. A message of another list or conversation is not opened unseen.
 */
export function listedMessage(state, world, id) {
  const { data, ui } = state;
  if (ui.dialog) return null;
  let list = [];
  if (ui.screen === 'search') list = searchMessages(data, world, data.me, ui.query);
  else if (ui.screen === 'mentions') list = mentionsOf(data, world, data.me);
  else return shownMessage(state, id, ['pins']);
  return list.find((m) => m.id === id) || null;
}

/** Return channel `id` when a row on screen opens it: the sidebar's joined channels, or a row of the channel browser;
 * never under a dialog, else null. */
export function listedChannel(state, id) {
  const { data, ui } = state;
  if (ui.dialog) return null;
  const rows = [...joinedChannels(data, data.me), ...(ui.screen === 'browse' ? browsableChannels(data, data.me) : [])];
  return rows.find((c) => c.id === id) || null;
}

/** Return channel `id` (else the open one) when a Join button shows for it: the open conversation's bar or a row of
 * the channel browser; else null. */
export function joinableChannel(state, id) {
  const { data, ui } = state;
  if (ui.dialog) return null;
  if (ui.screen === 'browse') return browsableChannels(data, data.me).find((c) => c.id === id) || null;
  const channel = current(state);
  return channel && (id === undefined || id === channel.id) ? channel : null;
}

export function cleanText(text) {
  return String(text ?? '').replace(/\s+$/g, '').replace(/^\s+/g, '');
}

/** Check that the signed-in user may act on message `m` (member of its conversation); set a notice if not. */
export function mayTouch(state, m) {
  const channel = findChannel(state.data, m.channel);
  if (!isMember(channel, state.data.me)) {
    refuse(state.ui, `Join ${channel && channel.kind === 'channel' ? `#${channel.name}` : 'the conversation'} first`);
    return false;
  }
  if (m.deleted) {
    refuse(state.ui, 'That message was deleted');
    return false;
  }
  return true;
}

export function post(state, ctx, channel, text, parent = null) {
  const { data } = state;
  const msg = { id: newId(data, ctx, 'msg-'), channel: channel.id, author: data.me, ts: ctx.now, text };
  if (parent) msg.parent = parent;
  data.messages.push(msg);
  if (!parent) {
    data.reads = data.reads || {};
    const mine = data.reads[data.me] || (data.reads[data.me] = {});
    if (mine[channel.id] === undefined || mine[channel.id] < msg.ts) mine[channel.id] = msg.ts;
  }
  return msg;
}
