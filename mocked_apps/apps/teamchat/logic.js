// Murmur: team chat for one workspace. Channels (public/private, topic, members, creator),
// direct messages, messages with threads, reactions, pins, edit/delete of one's own messages,
// @mentions, search, channel creation with name rules, invites/removals (creator only), unread
// counts per conversation, and a user switch: every permission follows the signed-in user.

/** Channel names: lowercase letters and digits in words joined by single hyphens. */
export const NAME_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const NAME_MAX = 40;
export const TOPIC_MAX = 120;
export const TEXT_MAX = 2000;

/** The fixed reaction set (codes); labels and glyphs come from the world / the view. */
export const CODES = ['thumbs', 'heart', 'smile', 'tada', 'eyes', 'check'];

const MENTION_RE = /@([a-z][a-z0-9-]*)/g;

// ------------------------------------------------------------------ init

/** Return the initial state: the world's channels and messages (times as virtual ms), read markers, #general open. */
export function init(world) {
  const toMs = (iso) => Date.parse(iso);
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

// ------------------------------------------------------------- selectors

/** Return the user record with `id` (world), or undefined. */
export function userById(world, id) {
  return (world.users || []).find((u) => u.id === id);
}

/** Return the user whose handle is `handle` (without '@'), or undefined. */
export function userByHandle(world, handle) {
  return (world.users || []).find((u) => u.handle === String(handle || '').toLowerCase());
}

/** Return the display name of a user id ('Unknown' when missing). */
export function userName(world, id) {
  const u = userById(world, id);
  return u ? u.name : 'Unknown';
}

/** Return the channel (or DM) with `id`, or undefined. */
export function findChannel(data, id) {
  return (data.channels || []).find((c) => c.id === id);
}

/** Return the channel named `name` (with or without '#', case-insensitive), or undefined. */
export function channelByName(data, name) {
  const n = String(name || '').trim().replace(/^#/, '').toLowerCase();
  return (data.channels || []).find((c) => c.kind === 'channel' && c.name === n);
}

/** Return the message with `id`, or undefined. */
export function findMessage(data, id) {
  return (data.messages || []).find((m) => m.id === id);
}

/** Return the id a DM between two users has: "dm-<a>-<b>" with the id suffixes sorted. */
export function dmId(a, b) {
  return `dm-${[a, b].map((u) => String(u).replace(/^u-/, '')).sort().join('-')}`;
}

/** Return the other participant of a DM for `me` (or `me` for a self-DM). */
export function dmPartner(channel, me) {
  return (channel.members || []).find((u) => u !== me) || me;
}

/** True when `user` may read conversation `channel`: public channels, private ones they belong to, their DMs. */
export function canSee(channel, user) {
  if (!channel) return false;
  if (channel.kind === 'dm') return channel.members.includes(user);
  return !channel.private || channel.members.includes(user);
}

/** True when `user` is a member of the conversation (may post, react, pin). */
export function isMember(channel, user) {
  return Boolean(channel) && channel.members.includes(user);
}

/** Return the channels (kind channel) `user` has joined, by name. */
export function joinedChannels(data, user) {
  return data.channels.filter((c) => c.kind === 'channel' && c.members.includes(user))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Return every public channel plus the private ones `user` belongs to, by name. */
export function browsableChannels(data, user) {
  return data.channels.filter((c) => c.kind === 'channel' && canSee(c, user))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Return a conversation's label: "#name" for channels, the partner's name for DMs. */
export function channelLabel(data, world, channel, me) {
  if (!channel) return '';
  if (channel.kind === 'dm') return userName(world, dmPartner(channel, me));
  return `#${channel.name}`;
}

const byTime = (a, b) => a.ts - b.ts;

/** Return the top-level messages of a conversation, oldest first. */
export function rootMessages(data, channelId) {
  return data.messages.filter((m) => m.channel === channelId && !m.parent).sort(byTime);
}

/** Return the replies of a thread root, oldest first. */
export function threadReplies(data, rootId) {
  return data.messages.filter((m) => m.parent === rootId && !m.deleted).sort(byTime);
}

/** Return the number of replies a root message has. */
export function replyCount(data, rootId) {
  return threadReplies(data, rootId).length;
}

/** Return the pinned messages of a conversation, newest first. */
export function pinnedMessages(data, channelId) {
  return data.messages.filter((m) => m.channel === channelId && m.pinned && !m.deleted).sort((a, b) => b.ts - a.ts);
}

/** Return the read marker (virtual ms) of `user` in a conversation. */
export function readMarker(data, world, user, channelId) {
  const mine = (data.reads || {})[user] || {};
  if (mine[channelId] !== undefined) return mine[channelId];
  return Date.parse(world.read_baseline || '1970-01-01T00:00:00Z');
}

/** Return how many top-level messages by others in a conversation `user` has not read. */
export function unreadCount(data, world, user, channelId) {
  const channel = findChannel(data, channelId);
  if (!channel || !isMember(channel, user)) return 0;
  const marker = readMarker(data, world, user, channelId);
  return rootMessages(data, channelId).filter((m) => !m.deleted && m.author !== user && m.ts > marker).length;
}

/** Return the handles a text mentions (existing users only, in order, unique). */
export function mentionedHandles(world, text) {
  const out = [];
  for (const match of String(text || '').matchAll(MENTION_RE)) {
    const handle = match[1];
    if (userByHandle(world, handle) && !out.includes(handle)) out.push(handle);
  }
  return out;
}

/** Split text into [{text, mention}] segments (mention: the user id of an @handle). */
export function textSegments(world, text) {
  const out = [];
  let last = 0;
  const s = String(text || '');
  for (const match of s.matchAll(MENTION_RE)) {
    const user = userByHandle(world, match[1]);
    if (!user) continue;
    if (match.index > last) out.push({ text: s.slice(last, match.index), mention: null });
    out.push({ text: match[0], mention: user.id });
    last = match.index + match[0].length;
  }
  if (last < s.length) out.push({ text: s.slice(last), mention: null });
  return out;
}

/** Return the messages that mention `user` in conversations they can see (not their own), newest first. */
export function mentionsOf(data, world, user) {
  const u = userById(world, user);
  if (!u) return [];
  return data.messages.filter((m) => !m.deleted && m.author !== user
    && canSee(findChannel(data, m.channel), user) && mentionedHandles(world, m.text).includes(u.handle))
    .sort((a, b) => b.ts - a.ts);
}

/**
 * Parse a search query: `from:@handle` (or `from:handle`), `in:#channel` (or `in:channel`), and words.
 * @returns {{from: string|null, in: string|null, words: string[]}}
 */
export function parseQuery(query) {
  const out = { from: null, in: null, words: [] };
  for (const token of String(query || '').trim().split(/\s+/).filter(Boolean)) {
    const lower = token.toLowerCase();
    if (lower.startsWith('from:') && lower.length > 5) out.from = lower.slice(5).replace(/^@/, '');
    else if (lower.startsWith('in:') && lower.length > 3) out.in = lower.slice(3).replace(/^#/, '');
    else out.words.push(lower);
  }
  return out;
}

/** Return the messages `user` can see that match a query (all words, case-insensitive), newest first. */
export function searchMessages(data, world, user, query) {
  const q = parseQuery(query);
  if (!q.from && !q.in && !q.words.length) return [];
  const author = q.from ? userByHandle(world, q.from) : null;
  if (q.from && !author) return [];
  return data.messages.filter((m) => {
    if (m.deleted) return false;
    const channel = findChannel(data, m.channel);
    if (!canSee(channel, user)) return false;
    if (author && m.author !== author.id) return false;
    if (q.in && !(channel.kind === 'channel' && channel.name === q.in)) return false;
    const text = m.text.toLowerCase();
    return q.words.every((w) => text.includes(w));
  }).sort((a, b) => b.ts - a.ts);
}

/** Validate a new channel's name and topic. Returns {values: {name, topic}, errors}. */
export function validateChannel(data, name, topic) {
  const values = { name: String(name ?? '').trim().replace(/^#/, ''), topic: String(topic ?? '').trim() };
  const errors = {};
  if (!values.name) errors.name = 'Enter a channel name';
  else if (values.name.length > NAME_MAX) errors.name = `Names can have at most ${NAME_MAX} characters`;
  else if (!NAME_RE.test(values.name)) errors.name = 'Use lowercase letters, digits and single hyphens (e.g. team-news)';
  else if (channelByName(data, values.name)) errors.name = `A channel named #${values.name} already exists`;
  if (values.topic.length > TOPIC_MAX) errors.topic = `Topics can have at most ${TOPIC_MAX} characters`;
  return { values, errors };
}

// --------------------------------------------------------------- helpers

/** Mark a conversation read for `user` up to its newest top-level message. */
function markRead(data, world, user, channelId) {
  const channel = findChannel(data, channelId);
  if (!channel || !isMember(channel, user)) return;
  const roots = rootMessages(data, channelId);
  if (!roots.length) return;
  const newest = roots[roots.length - 1].ts;
  data.reads = data.reads || {};
  const mine = data.reads[user] || (data.reads[user] = {});
  if (mine[channelId] === undefined || mine[channelId] < newest) mine[channelId] = newest;
}

function clearTransient(ui) {
  Object.assign(ui, { focus: null, editing: null, picker: null, menu: null, dialog: null, target: null,
    adding: false, editingTopic: false, errors: {} });
}

function remember(ui) {
  ui.stack.push({ screen: ui.screen, channel: ui.channel, dm: ui.dm, query: ui.query });
  if (ui.stack.length > 30) ui.stack.shift();
}

function openConversation(state, ctx, channelId, { dm = null, keepPane = false } = {}) {
  const { data, ui } = state;
  if (ui.screen !== 'channel' || ui.channel !== channelId || ui.dm !== dm) remember(ui);
  clearTransient(ui);
  Object.assign(ui, { screen: 'channel', channel: channelId, dm });
  if (!keepPane) Object.assign(ui, { pane: null, thread: null });
  markRead(data, ctx.world, data.me, channelId);
}

function newId(data, ctx, prefix) {
  let id = ctx.uid(prefix);
  while (findMessage(data, id) || findChannel(data, id)) id = ctx.uid(prefix);
  return id;
}

function refuse(ui, text) {
  ui.notice = text;
  return true;
}

/** Refuse an action: data unchanged, the reason shown as a notice. */
function deny(state, text) {
  state.ui.notice = text;
  return state;
}

/** The conversation currently shown, or null (a DM with no record yet is null). */
function current(state) {
  return state.ui.screen === 'channel' ? findChannel(state.data, state.ui.channel) || null : null;
}

function cleanText(text) {
  return String(text ?? '').replace(/\s+$/g, '').replace(/^\s+/g, '');
}

/** Check that the signed-in user may act on message `m` (member of its conversation); set a notice if not. */
function mayTouch(state, m) {
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

function post(state, ctx, channel, text, parent = null) {
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

// ------------------------------------------------------------------ reducer

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
      const channel = findChannel(data, action.id);
      if (!canSee(channel, me)) return deny(state, 'That conversation is not available');
      openConversation(state, ctx, channel.id);
      return state;
    }
    case 'open_dm': {
      if (!userById(world, action.user)) return state;
      const id = dmId(me, action.user);
      openConversation(state, ctx, id, { dm: action.user });
      return state;
    }
    case 'open_mentions':
    case 'open_browse': {
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
      // Open a message where it lives: its conversation, with its thread in the side pane.
      const m = findMessage(data, action.id);
      if (!m || !canSee(findChannel(data, m.channel), me)) return state;
      const root = m.parent ? findMessage(data, m.parent) : m;
      openConversation(state, ctx, m.channel);
      Object.assign(ui, { pane: 'thread', thread: (root || m).id, focus: m.id });
      return state;
    }
    case 'focus': {
      const m = findMessage(data, action.id);
      if (!m || m.channel !== ui.channel) return state;
      clearTransient(ui);
      ui.focus = m.id;
      return state;
    }
    case 'open_thread': {
      const m = findMessage(data, action.id);
      if (!m || m.parent || !canSee(findChannel(data, m.channel), me)) return state;
      if (m.channel !== ui.channel || ui.screen !== 'channel') openConversation(state, ctx, m.channel);
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
    case 'send':
    case 'reply': {
      const key = action.type === 'send' ? 'compose' : 'reply';
      const text = cleanText(action.text ?? ui.drafts[key]);
      if (!text) return state;
      if (text.length > TEXT_MAX) return deny(state, `Messages can have at most ${TEXT_MAX} characters`);
      let channel;
      let parent = null;
      if (action.type === 'reply') {
        const root = findMessage(data, action.id ?? ui.thread);
        if (!root || root.parent) return state;
        if (!mayTouch(state, root)) return state;
        channel = findChannel(data, root.channel);
        parent = root.id;
      } else {
        if (ui.screen !== 'channel') return state;
        channel = findChannel(data, ui.channel);
        if (!channel && ui.dm && userById(world, ui.dm)) {
          channel = { id: dmId(me, ui.dm), kind: 'dm', members: ui.dm === me ? [me] : [me, ui.dm].sort() };
          data.channels.push(channel);
        }
        if (!channel) return state;
        if (!isMember(channel, me)) return deny(state, `Join #${channel.name} to post here`);
      }
      post(state, ctx, channel, text, parent);
      ui.drafts[key] = '';
      return state;
    }
    case 'react': {
      const m = findMessage(data, action.id);
      if (!m || !CODES.includes(action.code)) return state;
      if (!mayTouch(state, m)) return state;
      const reactions = { ...(m.reactions || {}) };
      const users = [...(reactions[action.code] || [])];
      const on = typeof action.value === 'boolean' ? action.value : !users.includes(me);
      const next = users.filter((u) => u !== me);
      if (on) next.push(me);
      if (next.length) reactions[action.code] = next;
      else delete reactions[action.code];
      if (Object.keys(reactions).length) m.reactions = reactions;
      else delete m.reactions;
      ui.picker = null;
      return state;
    }
    case 'open_picker': {
      const m = findMessage(data, action.id);
      if (!m) return state;
      ui.picker = ui.picker === m.id ? null : m.id;
      ui.menu = null;
      return state;
    }
    case 'close_picker':
      ui.picker = null;
      return state;
    case 'pin': {
      const m = findMessage(data, action.id);
      if (!m) return state;
      if (!mayTouch(state, m)) return state;
      const on = typeof action.value === 'boolean' ? action.value : !m.pinned;
      if (on) m.pinned = m.pinned || me;
      else delete m.pinned;
      return state;
    }
    case 'edit': {
      const m = findMessage(data, action.id);
      if (!m) return state;
      if (m.author !== me) return deny(state, 'You can only edit your own messages');
      if (!mayTouch(state, m)) return state;
      ui.editing = m.id;
      ui.focus = m.id;
      ui.picker = null;
      ui.drafts.edit = m.text;
      ui.errors = {};
      return state;
    }
    case 'save_edit': {
      const m = findMessage(data, ui.editing);
      if (!m) {
        ui.editing = null;
        return state;
      }
      if (m.author !== me) {
        ui.editing = null;
        return deny(state, 'You can only edit your own messages');
      }
      const text = cleanText(action.text ?? ui.drafts.edit);
      if (!text) {
        ui.errors = { edit: "A message can't be empty. Delete it instead." };
        return state;
      }
      if (text.length > TEXT_MAX) {
        ui.errors = { edit: `Messages can have at most ${TEXT_MAX} characters` };
        return state;
      }
      if (text !== m.text) {
        m.text = text;
        m.edited = true;
      }
      ui.editing = null;
      ui.errors = {};
      delete ui.drafts.edit;
      return state;
    }
    case 'cancel_edit':
      ui.editing = null;
      ui.errors = {};
      delete ui.drafts.edit;
      return state;
    case 'delete': {
      const m = findMessage(data, action.id);
      if (!m || m.deleted) return state;
      if (m.author !== me) return deny(state, 'You can only delete your own messages');
      ui.dialog = 'delete';
      ui.target = m.id;
      ui.picker = null;
      return state;
    }
    case 'confirm_delete': {
      const m = findMessage(data, ui.target);
      const ok = ui.dialog === 'delete' && m && m.author === me && !m.deleted;
      ui.dialog = null;
      ui.target = null;
      if (!ok) return state;
      if (!m.parent && replyCount(data, m.id) > 0) {
        // A thread root with replies stays as a placeholder so the thread keeps its place.
        m.deleted = true;
        m.text = '';
        delete m.reactions;
        delete m.pinned;
        delete m.edited;
      } else {
        data.messages = data.messages.filter((x) => x.id !== m.id);
        if (!m.parent && ui.thread === m.id) Object.assign(ui, { pane: null, thread: null });
      }
      if (ui.focus === m.id) ui.focus = null;
      if (ui.editing === m.id) ui.editing = null;
      return state;
    }
    case 'close_dialog':
      ui.dialog = null;
      ui.target = null;
      ui.errors = {};
      return state;
    case 'join': {
      const channel = findChannel(data, action.id ?? ui.channel);
      if (!channel || channel.kind !== 'channel') return state;
      if (channel.private && !channel.members.includes(me)) return deny(state, 'Private channels are invite-only');
      if (!channel.members.includes(me)) channel.members.push(me);
      markRead(data, world, me, channel.id);
      if (ui.screen !== 'channel' || ui.channel !== channel.id) openConversation(state, ctx, channel.id);
      return state;
    }
    case 'leave': {
      const channel = findChannel(data, action.id ?? ui.channel);
      if (!channel || channel.kind !== 'channel' || !channel.members.includes(me)) return state;
      if (channel.general) return deny(state, `Everyone stays in #${channel.name}`);
      if (channel.creator === me) return deny(state, `You created #${channel.name}, so you can't leave it`);
      channel.members = channel.members.filter((u) => u !== me);
      const general = data.channels.find((c) => c.general) || joinedChannels(data, me)[0];
      if (channel.private || ui.channel === channel.id) {
        ui.stack = [];
        if (general) openConversation(state, ctx, general.id);
      }
      return state;
    }
    case 'new_channel':
      clearTransient(ui);
      Object.assign(ui, { dialog: 'create', newPrivate: false });
      ui.drafts['channel-name'] = '';
      ui.drafts['channel-topic'] = '';
      return state;
    case 'toggle_private':
      if (ui.dialog !== 'create') return state;
      ui.newPrivate = typeof action.value === 'boolean' ? action.value : !ui.newPrivate;
      return state;
    case 'create_channel': {
      if (ui.dialog !== 'create' && action.name === undefined) return state;
      const { values, errors } = validateChannel(data, action.name ?? ui.drafts['channel-name'], action.topic ?? ui.drafts['channel-topic']);
      if (Object.keys(errors).length) {
        ui.errors = errors;
        return state;
      }
      const priv = typeof action.private === 'boolean' ? action.private : Boolean(ui.newPrivate);
      const channel = { id: newId(data, ctx, 'ch'), name: values.name, kind: 'channel', private: priv, topic: values.topic,
        creator: me, created: new Date(ctx.now).toISOString().slice(0, 10), members: [me] };
      data.channels.push(channel);
      delete ui.drafts['channel-name'];
      delete ui.drafts['channel-topic'];
      ui.dialog = null;
      ui.newPrivate = false;
      openConversation(state, ctx, channel.id);
      ui.pane = 'details';
      return state;
    }
    case 'edit_topic': {
      const channel = current(state);
      if (!channel || channel.kind !== 'channel') return state;
      if (!isMember(channel, me)) return deny(state, `Join #${channel.name} to change its topic`);
      ui.editingTopic = true;
      ui.drafts.topic = channel.topic || '';
      ui.errors = {};
      return state;
    }
    case 'save_topic': {
      const channel = current(state);
      if (!channel || channel.kind !== 'channel' || !ui.editingTopic) return state;
      if (!isMember(channel, me)) return deny(state, `Join #${channel.name} to change its topic`);
      const topic = String(action.topic ?? ui.drafts.topic ?? '').trim();
      if (topic.length > TOPIC_MAX) {
        ui.errors = { topic: `Topics can have at most ${TOPIC_MAX} characters` };
        return state;
      }
      channel.topic = topic;
      ui.editingTopic = false;
      ui.errors = {};
      delete ui.drafts.topic;
      return state;
    }
    case 'cancel_topic':
      ui.editingTopic = false;
      ui.errors = {};
      delete ui.drafts.topic;
      return state;
    case 'add_people':
      if (!current(state)) return state;
      ui.adding = !ui.adding;
      ui.pane = 'details';
      return state;
    case 'add_member': {
      const channel = findChannel(data, action.channel ?? ui.channel);
      if (!channel || channel.kind !== 'channel' || !userById(world, action.user)) return state;
      if (!isMember(channel, me)) return deny(state, `Join #${channel.name} to add people`);
      if (!channel.members.includes(action.user)) channel.members.push(action.user);
      return state;
    }
    case 'remove_member': {
      const channel = findChannel(data, action.channel ?? ui.channel);
      if (!channel || channel.kind !== 'channel' || !channel.members.includes(action.user)) return state;
      if (channel.creator !== me) {
        return deny(state, `Only the channel creator, ${userName(world, channel.creator)}, can remove members`);
      }
      if (action.user === me) return deny(state, "You can't remove yourself from a channel you created");
      ui.dialog = 'remove';
      ui.target = action.user;
      return state;
    }
    case 'confirm_remove': {
      const channel = current(state);
      const user = ui.target;
      const ok = ui.dialog === 'remove' && channel && channel.creator === me && user !== me && channel.members.includes(user);
      ui.dialog = null;
      ui.target = null;
      if (ok) channel.members = channel.members.filter((u) => u !== user);
      return state;
    }
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
      return null;
  }
}
