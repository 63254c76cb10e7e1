// Pure selectors of the Clips app, shared by the reducer, the view and the tests.
// World clips are read-only (world.json); the user's own clips, likes, follows,
// comments and drafts live in state.data. A "clip" handed to the view is a
// normalized record: {id, creator, caption, scene, dur, time (ms), likes, own, privacy}.

import { fold } from '../../../runtime/core/text.js';

export const PRIVACY = ['public', 'friends', 'private'];
export const PRIVACY_LABEL = { public: 'Everyone', friends: 'Friends', private: 'Only me' };
export const CAPTION_MAX = 150;
export const COMMENT_MAX = 150;
export const ME = 'me';
export const LINK_BASE = 'clips.example/v/';

/** Return a world timestamp ("2026-03-14T09:21", read as UTC) or a number as virtual ms. */
export function toMs(time) {
  if (typeof time === 'number') return time;
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(String(time ?? ''));
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]) : 0;
}

/** Return the lower-cased hashtags of a caption, in order, without repeats ("#Sketch" -> "sketch"). */
export function hashtags(caption) {
  const out = [];
  for (const m of String(caption ?? '').matchAll(/#([A-Za-z0-9_]+)/g)) {
    const tag = m[1].toLowerCase();
    if (!out.includes(tag)) out.push(tag);
  }
  return out;
}

/** Return the caption split into text and hashtag parts: [{text} | {tag, text}]. */
export function captionParts(caption) {
  const parts = [];
  let last = 0;
  const text = String(caption ?? '');
  for (const m of text.matchAll(/#([A-Za-z0-9_]+)/g)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ tag: m[1].toLowerCase(), text: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Return the creator record of `id` (world creators), the user's own profile for "me", else null. */
export function creatorOf(world, id) {
  if (id === ME) {
    const me = world.me || {};
    return { id: ME, handle: me.handle || 'me', name: me.name || 'Me', bio: me.bio || '', followers: me.followers || 0 };
  }
  return (world.creators || []).find((c) => c.id === id) || null;
}

/** Return the template record of `id`, or null. */
export function templateOf(world, id) {
  return (world.templates || []).find((t) => t.id === id) || null;
}

function normWorld(c) {
  return { id: c.id, creator: c.creator, caption: c.caption, scene: c.scene, dur: c.dur, time: toMs(c.time), likes: c.likes, own: false, privacy: 'public' };
}

function normOwn(world, p) {
  const t = templateOf(world, p.template);
  return { id: p.id, creator: ME, caption: p.caption, scene: { t: p.template, c: t ? t.c : ['#ccc', '#888', '#444'] },
    dur: p.dur || 15, time: p.time, likes: p.likes || 0, own: true, privacy: p.privacy };
}

/** Return every world clip, normalized, in world (For You) order. */
export function worldClips(world) {
  return (world.clips || []).map(normWorld);
}

/** Return the user's own clips, normalized, newest first. */
export function ownClips(data, world) {
  // data.posts is in the order made, so reversed it is newest first where times tie (clips posted in one virtual
  // minute); byNewest keeps that order (sort is stable).
  return (data.posts || []).map((p) => normOwn(world, p)).reverse().sort(byNewest);
}

/** Return the user's drafts, last saved first (a draft saved now listed below older ones). */
export function draftsOf(data) {
  // data.drafts is in the order saved: reversed, drafts saved in one virtual minute list the last saved first too.
  return [...(data.drafts || [])].reverse().sort((a, b) => b.time - a.time);
}

/** Return the clip with `id` (world or own), normalized, or null. */
export function clipById(data, world, id) {
  if (typeof id !== 'string') return null;
  const w = (world.clips || []).find((c) => c.id === id);
  if (w) return normWorld(w);
  const p = (data.posts || []).find((c) => c.id === id);
  return p ? normOwn(world, p) : null;
}

/** Compare clips newest first; two own clips of the same time keep their order (ownClips gives it, newest made first). */
export function byNewest(a, b) {
  if (b.time !== a.time) return b.time - a.time;
  // Own ids compare as text ("m10" < "m9"), which is not the order they were made in.
  if (a.own && b.own) return 0;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Return the like count shown for a clip: the world count plus the user's own like. */
export function likeCount(data, clip) {
  if (!clip) return 0;
  return clip.likes + ((data.liked || []).includes(clip.id) ? 1 : 0);
}

/** Return the comments of a clip (others' from the world, then the user's), oldest first. */
export function commentsOf(data, world, clipId) {
  const me = creatorOf(world, ME);
  const w = (world.clips || []).find((c) => c.id === clipId) || (world.mine || []).find((c) => c.id === clipId);
  const others = ((w && w.comments) || []).map((c) => ({ id: c.id, by: c.by, text: c.text, time: toMs(c.time), mine: false }));
  const mine = (data.comments || []).filter((c) => c.clip === clipId).map((c) => ({ id: c.id, by: me.handle, text: c.text, time: c.time, mine: true }));
  // Ties in time (the user's comments of one virtual minute) keep this order, the world's then the user's as made
  // (sort is stable); their ids compare as text, "r10" before "r9".
  return [...others, ...mine].sort((a, b) => a.time - b.time);
}

/** Return a creator's clips (world clips; the user's own for "me"), newest first. */
export function creatorClips(data, world, creatorId) {
  if (creatorId === ME) return ownClips(data, world);
  return worldClips(world).filter((c) => c.creator === creatorId).sort(byNewest);
}

/** Return the newest clip of a creator, or null. */
export function newestClip(data, world, creatorId) {
  return creatorClips(data, world, creatorId)[0] || null;
}

/** Return the follower count shown for a creator: the world count plus the user's follow. */
export function followerCount(data, world, creatorId) {
  const c = creatorOf(world, creatorId);
  if (!c) return 0;
  return c.followers + ((data.following || []).includes(creatorId) ? 1 : 0);
}

/** Return the total likes shown on a creator's profile. */
export function totalLikes(data, world, creatorId) {
  return creatorClips(data, world, creatorId).reduce((n, c) => n + likeCount(data, c), 0);
}

/** Return the clips of a feed: "foryou" = every world clip in world order; "following" = followed creators', newest first. */
export function feedClips(data, world, feed) {
  const all = worldClips(world);
  if (feed !== 'following') return all;
  const following = new Set(data.following || []);
  return all.filter((c) => following.has(c.creator)).sort(byNewest);
}

/** Return the clips carrying a hashtag (world clips and the user's public ones), most liked first. */
export function tagClips(data, world, tag) {
  const t = fold(String(tag ?? '').replace(/^#/, ''));
  const pool = [...worldClips(world), ...ownClips(data, world).filter((c) => c.privacy === 'public')];
  return pool.filter((c) => hashtags(c.caption).some((h) => fold(h) === t))
    .sort((a, b) => likeCount(data, b) - likeCount(data, a) || byNewest(a, b));
}

/** Return [[tag, clipCount], ...] over the world clips, most used first, then by name. */
export function trendingTags(world) {
  const counts = new Map();
  for (const c of world.clips || []) for (const t of hashtags(c.caption)) counts.set(t, (counts.get(t) || 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/**
 * Search creators (handle or name), hashtags and clip captions. A query starting with '#'
 * searches hashtags (and the clips that carry them) only.
 */
export function search(data, world, query) {
  // Folded (accents and case dropped) on both sides: "cafe" finds "Café", "@zoe" the creator "Zoë".
  const raw = fold(query).trim();
  if (!raw) return { creators: [], tags: [], clips: [] };
  const q = raw.replace(/^[@#]/, '');
  const tagOnly = raw.startsWith('#');
  const creators = tagOnly ? [] : (world.creators || []).filter((c) => fold(c.handle).includes(q) || fold(c.name).includes(q));
  const tags = trendingTags(world).filter(([t]) => fold(t).includes(q));
  const clips = tagOnly
    ? tagClips(data, world, q)
    : worldClips(world).filter((c) => fold(c.caption).includes(q)
      || fold((creatorOf(world, c.creator) || { handle: '' }).handle).includes(q)).sort(byNewest);
  return { creators, tags, clips };
}

/** Return the link of a clip. */
export function clipLink(clip) {
  return `${LINK_BASE}${clip.id}`;
}

/** Return the text the "Send via Messages" share option prefills. */
export function shareText(world, clip) {
  const c = creatorOf(world, clip.creator);
  return `Watch @${c ? c.handle : 'someone'} on Clips: “${clip.caption}” ${clipLink(clip)}`;
}

/** Return the seconds played of the playing clip at virtual time `now` (loops over its duration). */
export function progress(playing, now, dur) {
  if (!playing) return 0;
  const d = Math.max(1, dur || 1);
  const elapsed = playing.at + (playing.since === null ? 0 : Math.max(0, now - playing.since) / 1000);
  return elapsed % d;
}

/** Return "0:07" for 7 seconds. */
export function mmss(seconds) {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Return the error of a caption (required, at most CAPTION_MAX characters), or null. */
export function captionError(text) {
  const t = String(text ?? '').trim();
  if (!t) return 'Add a caption';
  if (t.length > CAPTION_MAX) return `Keep it under ${CAPTION_MAX} characters`;
  return null;
}

/** Return the notifications (world) newest first, each with `read`. */
export function notifications(data, world) {
  const read = new Set(data.read || []);
  return (world.notifications || []).map((n) => ({ ...n, time: toMs(n.time), read: read.has(n.id) }))
    .sort((a, b) => b.time - a.time);
}

/** Return how many notifications are unread. */
export function unreadCount(data, world) {
  return notifications(data, world).filter((n) => !n.read).length;
}

/** Return "2h", "3d", "Mar 2" style age of a timestamp relative to now. */
export function ago(ms, now) {
  const min = Math.max(0, Math.floor((now - ms) / 60000));
  if (min < 1) return 'now';
  if (min < 60) return `${min}m`;
  const hours = Math.floor(min / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d`;
  const d = new Date(ms);
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** Return "4,512" (thousands separated). */
export function count(n) {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
