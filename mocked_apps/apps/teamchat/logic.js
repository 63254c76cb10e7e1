// Murmur: team chat for one workspace. Channels (public/private, topic, members, creator),
// direct messages, messages with threads, reactions, pins, edit/delete of one's own messages,
// @mentions, search, channel creation with name rules, invites/removals (creator only), unread
// counts per conversation, and a user switch: every permission follows the signed-in user.
// Constants, selectors and helpers live in lib/; the message and channel cases of the reducer are
// lib/messages.js and lib/channels.js. This file is init and the navigation and user-switch cases.

import { userById, userName, findChannel, findMessage, dmId, canSee, joinedChannels } from './lib/select.js';
import { markRead, clearTransient, remember, openConversation, deny, current, shownMessage, listedMessage, listedChannel } from './lib/helpers.js';
import { reduceMessages } from './lib/messages.js';
import { reduceChannels } from './lib/channels.js';
import { parseStamp } from '../../runtime/core/clock.js';

export * from './lib/constants.js';
export * from './lib/select.js';

// ------------------------------------------------------------------ init

/** Return the initial state: the world's channels and messages (times as virtual ms), read markers, #general open. */
export function init(world) {
  const toMs = (iso) => parseStamp(iso); // offset-less world times are UTC, on any host
  const data = {
    me: world.me,
    channels: (world.channels || []).map((c) => ({ ...c, members: [...(c.members || [])] })),
    messages: (world.messages || []).map((m) => {
      const msg = { ...m, ts: toMs(m.ts) };
      if (m.reactions) msg.reactions = Object.fromEntries(Object.entries(m.reactions).map(([k, v]) => [k, [...v]]));
      return msg;
    }),
    reads: Object.fromEntries(Object.entries(world.reads || {}).map(([u, r]) =>
      [u, Object.fromEntries(Object.entries(r).map(([ch, iso]) => [ch, toMs(iso)]))])),
  };
  const state = { data, ui: freshUi(world.start_channel || 'c-general') };
  markRead(data, world, data.me, state.ui.channel);
  return state;
}

function freshUi(channel) {
  return {
    screen: 'channel', channel, dm: null, pane: null, thread: null, focus: null, editing: null, picker: null,
    menu: null, dialog: null, target: null, adding: false, editingTopic: false, newPrivate: false, query: '',
    errors: {}, notice: null, stack: [], drafts: {},
  };
}

// ------------------------------------------------------------------ reducer

/** The reducer parts in lib/, tried in order for the actions this file does not handle (undefined: not theirs). */
const PARTS = [reduceMessages, reduceChannels];

/**
 * Apply an action. See README.md for the list. Refusals (permissions, rules) leave data unchanged
 * and set `ui.notice`; invalid forms set `ui.errors`.
 */
export function reduce(state, action, ctx) {
  const { data, ui } = state;
  const world = ctx.world;
  ui.stack = ui.stack || [];
  ui.drafts = ui.drafts || {};
  ui.errors = ui.errors || {};
  if (action.type !== 'intent' && action.type !== 'back') ui.notice = null;
  const me = data.me;
  switch (action.type) {
    case 'intent': {
      if (action.channel && canSee(findChannel(data, action.channel), me)) openConversation(state, ctx, action.channel);
      else if (action.user && userById(world, action.user) && action.user !== me) return reduce(state, { type: 'open_dm', user: action.user }, ctx);
      return state;
    }
    case 'open_channel': {
      // A sidebar row (joined channels) or a row of the channel browser: not a channel listed nowhere on screen.
      const channel = listedChannel(state, action.id);
      if (!channel || !canSee(channel, me)) return state;
      openConversation(state, ctx, channel.id);
      return state;
    }
    case 'open_dm': {
      // A sidebar row: every other user, not under a dialog.
      if (!userById(world, action.user) || action.user === me || ui.dialog) return state;
      const id = dmId(me, action.user);
      openConversation(state, ctx, id, { dm: action.user });
      return state;
    }
    case 'open_mentions':
    case 'open_browse': {
      if (ui.dialog) return state;
      const screen = action.type === 'open_mentions' ? 'mentions' : 'browse';
      if (ui.screen !== screen) remember(ui);
      clearTransient(ui);
      Object.assign(ui, { screen, pane: null, thread: null });
      return state;
    }
    case 'search': {
      const query = String(action.query ?? ui.drafts.search ?? '').trim();
      if (!query) return state;
      ui.drafts.search = query;
      if (ui.screen !== 'search' || ui.query !== query) remember(ui);
      clearTransient(ui);
      Object.assign(ui, { screen: 'search', query, pane: null, thread: null });
      return state;
    }
    case 'clear_search':
      ui.drafts.search = '';
      if (ui.screen === 'search') {
        clearTransient(ui);
        Object.assign(ui, { screen: 'channel', query: '' });
        markRead(data, world, me, ui.channel);
      }
      return state;
    case 'show': {
      // Open a message of a list on screen (a result, a mention, a pin) where it lives: its conversation, its thread.
      const m = listedMessage(state, world, action.id);
      if (!m || !canSee(findChannel(data, m.channel), me)) return state;
      const root = m.parent ? findMessage(data, m.parent) : m;
      openConversation(state, ctx, m.channel);
      Object.assign(ui, { pane: 'thread', thread: (root || m).id, focus: m.id });
      return state;
    }
    case 'focus': {
      const m = shownMessage(state, action.id, ['main']);
      if (!m) return state;
      clearTransient(ui);
      ui.focus = m.id;
      return state;
    }
    case 'open_thread': {
      // A root of the list on screen (its Replies / Reply in thread buttons); `show` opens one found elsewhere.
      const m = shownMessage(state, action.id, ['main']);
      if (!m || !canSee(findChannel(data, m.channel), me)) return state;
      clearTransient(ui);
      Object.assign(ui, { pane: 'thread', thread: m.id, focus: m.id });
      return state;
    }
    case 'open_details':
    case 'open_pins': {
      if (!current(state)) return state;
      const pane = action.type === 'open_details' ? 'details' : 'pins';
      clearTransient(ui);
      Object.assign(ui, { pane: ui.pane === pane ? null : pane, thread: null });
      return state;
    }
    case 'close_pane':
      clearTransient(ui);
      Object.assign(ui, { pane: null, thread: null });
      return state;
    case 'close_dialog':
      ui.dialog = null;
      ui.target = null;
      ui.errors = {};
      return state;
    case 'user_menu':
      ui.menu = ui.menu === 'user' ? null : 'user';
      ui.picker = null;
      return state;
    case 'switch_user': {
      if (!userById(world, action.user)) return state;
      ui.menu = null;
      if (action.user === me) return state;
      data.me = action.user;
      clearTransient(ui);
      const channel = findChannel(data, ui.channel);
      ui.stack = [];
      delete ui.drafts.compose;
      delete ui.drafts.reply;
      if (ui.screen === 'channel' && channel && canSee(channel, data.me) && channel.kind === 'channel') {
        Object.assign(ui, { pane: ui.pane === 'thread' ? 'thread' : null, dm: null });
        if (ui.pane === 'thread' && !findMessage(data, ui.thread)) Object.assign(ui, { pane: null, thread: null });
        markRead(data, world, data.me, channel.id);
      } else {
        const general = data.channels.find((c) => c.general) || joinedChannels(data, data.me)[0];
        Object.assign(ui, { screen: 'channel', channel: general ? general.id : null, dm: null, pane: null, thread: null });
        if (general) markRead(data, world, data.me, general.id);
      }
      ui.notice = `Signed in as ${userName(world, data.me)}`;
      return state;
    }
    case 'dismiss':
      ui.notice = null;
      return state;
    case 'back': {
      if (ui.dialog) {
        ui.dialog = null;
        ui.target = null;
        ui.errors = {};
        return state;
      }
      if (ui.menu || ui.picker || ui.editing || ui.editingTopic || ui.adding) {
        clearTransient(ui);
        return state;
      }
      if (ui.pane) {
        Object.assign(ui, { pane: null, thread: null, focus: null });
        return state;
      }
      const prev = ui.stack.pop();
      if (!prev) return null;
      clearTransient(ui);
      Object.assign(ui, { screen: prev.screen, channel: prev.channel, dm: prev.dm ?? null, query: prev.query ?? '' });
      if (prev.screen === 'channel') {
        if (!canSee(findChannel(data, prev.channel), me) && !prev.dm) {
          const general = data.channels.find((c) => c.general);
          ui.channel = general ? general.id : null;
        }
        markRead(data, world, me, ui.channel);
      }
      return state;
    }
    default:
      for (const part of PARTS) {
        const next = part(state, action, ctx);
        if (next !== undefined) return next;
      }
      return null;
  }
}
