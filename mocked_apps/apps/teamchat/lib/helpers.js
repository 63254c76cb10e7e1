// Murmur's reducer helpers: read markers, navigation, refusals, permission checks and posting.

import { findChannel, findMessage, isMember, rootMessages } from './select.js';

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
