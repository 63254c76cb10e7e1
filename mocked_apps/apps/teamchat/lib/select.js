// Murmur's selectors: users, channels, visibility, threads, pins, unread counts, mentions, search, name checks.

import { NAME_RE, NAME_MAX, TOPIC_MAX } from './constants.js';
import { parseStamp } from '../../../runtime/core/clock.js';
import { compareText, fold, matchesQuery } from '../../../runtime/core/text.js';

// Handles are lowercase; a mention matches them in any case ("@Bram" is @bram).
const MENTION_RE = /@([a-z][a-z0-9-]*)/gi;

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
    .sort((a, b) => compareText(a.name, b.name));
}

/** Return every public channel plus the private ones `user` belongs to, by name. */
export function browsableChannels(data, user) {
  return data.channels.filter((c) => c.kind === 'channel' && canSee(c, user))
    .sort((a, b) => compareText(a.name, b.name));
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
  return parseStamp(world.read_baseline || '1970-01-01T00:00:00Z');
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
    const handle = match[1].toLowerCase();
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
    else out.words.push(fold(token));
  }
  return out;
}

/** Return the messages `user` can see that match a query (all words; accents and case ignored), newest first. */
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
    return q.words.every((w) => matchesQuery(w, [m.text]));
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
