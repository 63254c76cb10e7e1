// Pure selectors of the Pinboard app, shared by the reducer, the view and the tests.
// World posts are read-only (world.json); the user's own posts, collections, likes,
// follows and comments live in state.data. A "post" handed to the view is a
// normalized record: {id, author, title, body, tags, cover, time (ms), likes, saves, own}.

import { fold } from '../../../runtime/core/text.js';

export const ME = 'me';
export const TITLE_MAX = 60;
export const BODY_MAX = 1000;
export const MAX_TAGS = 5;
export const TAG_MAX = 20;
export const NAME_MAX = 30;
export const COMMENT_MAX = 200;
export const LINK_BASE = 'pinboard.example/p/';

/** Return a world timestamp ("2026-03-14T09:21", read as UTC) or a number as virtual ms. */
export function toMs(time) {
  if (typeof time === 'number') return time;
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(String(time ?? ''));
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]) : 0;
}

/** Return the author record of `id` (the user's own profile for "me"), or null. */
export function authorOf(world, id) {
  if (id === ME) {
    const me = world.me || {};
    return { id: ME, name: me.name || 'Me', bio: me.bio || '', followers: me.followers || 0, following: (me.following || []).length };
  }
  return (world.authors || []).find((a) => a.id === id) || null;
}

/** Return the cover template record of `id`, or null. */
export function coverOf(world, id) {
  return (world.covers || []).find((c) => c.id === id) || null;
}

function normWorld(p) {
  return { id: p.id, author: p.author, title: p.title, body: p.body, tags: p.tags, cover: p.cover, time: toMs(p.time), likes: p.likes, saves: p.saves, own: false };
}

function normOwn(p) {
  return { id: p.id, author: ME, title: p.title, body: p.body, tags: p.tags, cover: p.cover, time: p.time, likes: p.likes || 0, saves: p.saves || 0, own: true };
}

/** The counter of an id this app made (`q<n>`, `r<n>`: n from the device's counter, which only grows), else -1. */
function madeSeq(id) {
  const m = /^[qr](\d+)$/.exec(String(id));
  return m ? Number(m[1]) : -1;
}

/** Newest first. Posts of one virtual minute (the clock only moves on tick): the later made first (q9 before q8,
 * q10 before q9), then by id. */
export function byNewest(a, b) {
  return b.time - a.time || (madeSeq(b.id) - madeSeq(a.id)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Return every post (world and the user's own), normalized, newest first. */
export function allPosts(data, world) {
  return [...(world.posts || []).map(normWorld), ...(data.posts || []).map(normOwn)].sort(byNewest);
}

/** Return the post with `id` (world or own), normalized, or null. */
export function postById(data, world, id) {
  if (typeof id !== 'string') return null;
  const w = (world.posts || []).find((p) => p.id === id);
  if (w) return normWorld(w);
  const p = (data.posts || []).find((x) => x.id === id);
  return p ? normOwn(p) : null;
}

/** Return the collection with `id`, or null. */
export function collectionById(data, id) {
  return (data.collections || []).find((c) => c.id === id) || null;
}

/** Return the posts of a collection (existing ones), in the collection's order. */
export function collectionPosts(data, world, id) {
  const c = collectionById(data, id);
  return c ? c.posts.map((pid) => postById(data, world, pid)).filter(Boolean) : [];
}

/** Return the like count shown for a post: the world count plus the user's own like. */
export function likeCount(data, post) {
  if (!post) return 0;
  return post.likes + ((data.liked || []).includes(post.id) ? 1 : 0);
}

/** Return true when the post is in one of the user's collections. */
export function isSaved(data, postId) {
  return (data.collections || []).some((c) => c.posts.includes(postId));
}

/** Return the save count shown for a post: the world count plus one when the user saved it. */
export function saveCount(data, post) {
  if (!post) return 0;
  return post.saves + (isSaved(data, post.id) ? 1 : 0);
}

/** Return the comments of a post (others' from the world, then the user's), oldest first. */
export function commentsOf(data, world, postId) {
  const me = authorOf(world, ME);
  const w = (world.posts || []).find((p) => p.id === postId);
  const others = ((w && w.comments) || []).map((c) => ({ id: c.id, by: c.by, text: c.text, time: toMs(c.time), mine: false }));
  const mine = (data.comments || []).filter((c) => c.post === postId).map((c) => ({ id: c.id, by: me.name, text: c.text, time: c.time, mine: true }));
  // Ties in time (the user's comments of one virtual minute) keep this order, the world's then the user's as made
  // (sort is stable); their ids compare as text, "r10" before "r9".
  return [...others, ...mine].sort((a, b) => a.time - b.time);
}

/** Return the posts of an author, newest first. */
export function authorPosts(data, world, authorId) {
  return allPosts(data, world).filter((p) => p.author === authorId);
}

/** Return the follower count shown for an author (the world count plus the user's follow). */
export function followerCount(data, world, authorId) {
  const a = authorOf(world, authorId);
  if (!a) return 0;
  return a.followers + ((data.following || []).includes(authorId) ? 1 : 0);
}

/** Return [[tag, postCount], ...] over every post, most used first, then by name. */
export function topTags(data, world) {
  const counts = new Map();
  for (const p of allPosts(data, world)) for (const t of p.tags) counts.set(t, (counts.get(t) || 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** Return [[tag, count], ...] over a collection's posts, most used first, then by name. */
export function collectionTags(data, world, id) {
  const counts = new Map();
  for (const p of collectionPosts(data, world, id)) for (const t of p.tags) counts.set(t, (counts.get(t) || 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** Return the home feed: every post newest first, or those carrying `filter` (a tag). */
export function feedPosts(data, world, filter = 'all') {
  const posts = allPosts(data, world);
  return filter && filter !== 'all' ? posts.filter((p) => p.tags.includes(filter)) : posts;
}

/**
 * Search posts by title or tag, tags by name and authors by name. A query starting with
 * '#' searches tags only (and the posts carrying a matching tag).
 */
export function search(data, world, query) {
  // Folded (accents and case dropped) on both sides: "creme" finds "Crème", "#Cafe" the tag "café".
  const raw = fold(query).trim();
  if (!raw) return { tags: [], posts: [], authors: [] };
  const q = raw.replace(/^#/, '');
  const tagOnly = raw.startsWith('#');
  const tags = topTags(data, world).filter(([t]) => fold(t).includes(q));
  const posts = allPosts(data, world).filter((p) => p.tags.some((t) => (tagOnly ? fold(t) === q : fold(t).includes(q)))
    || (!tagOnly && fold(p.title).includes(q)));
  const authors = tagOnly ? [] : (world.authors || []).filter((a) => fold(a.name).includes(q));
  return { tags, posts, authors };
}

/** Parse a tags field ("#Bread, baking  crumb") into unique lower-case tags, in order. */
export function parseTags(text) {
  const out = [];
  for (const raw of String(text ?? '').split(/[\s,]+/)) {
    const t = raw.replace(/^#+/, '').toLowerCase();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Validate the post form drafts: {values: {title, body, tags}, errors}. */
export function validatePost(drafts) {
  const title = String((drafts || {}).title ?? '').trim();
  const body = String((drafts || {}).body ?? '').trim();
  const tags = parseTags((drafts || {}).tags);
  const errors = {};
  if (!title) errors.title = 'Title is required';
  else if (title.length > TITLE_MAX) errors.title = `Keep the title under ${TITLE_MAX} characters`;
  if (body.length > BODY_MAX) errors.body = `Keep the text under ${BODY_MAX} characters`;
  if (tags.length > MAX_TAGS) errors.tags = `Use at most ${MAX_TAGS} tags`;
  else if (tags.some((t) => !/^[a-z0-9-]+$/.test(t) || t.length > TAG_MAX)) errors.tags = 'Tags use letters, digits and hyphens (20 max)';
  return { values: { title, body, tags }, errors };
}

/** Return a collection name as saved: trimmed, runs of spaces made one ("Cozy   reads" -> "Cozy reads"). */
export function cleanName(name) {
  return String(name ?? '').trim().replace(/\s+/g, ' ');
}

/** Validate a new collection name against the existing ones: an error message or null. */
export function collectionNameError(data, name) {
  const n = cleanName(name);
  if (!n) return 'Give the collection a name';
  if (n.length > NAME_MAX) return `Keep the name under ${NAME_MAX} characters`;
  if ((data.collections || []).some((c) => cleanName(c.name).toLowerCase() === n.toLowerCase())) return 'You already have a collection with this name';
  return null;
}

/** Return the id of a new collection: "b-" + a slug of its name ("Cozy reads" -> "b-cozy-reads"). */
export function collectionSlug(name) {
  const slug = String(name ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `b-${slug || 'new'}`;
}

/** Return the link of a post. */
export function postLink(post) {
  return `${LINK_BASE}${post.id}`;
}

/** Return the text the "Send via Messages" share option prefills. */
export function shareText(world, post) {
  const a = authorOf(world, post.author);
  return `“${post.title}” by ${a ? a.name : 'someone'} on Pinboard: ${postLink(post)}`;
}

/** Return the note the "Save to Notes" option creates: {title, body}. */
export function noteOf(world, post) {
  const a = authorOf(world, post.author);
  return { title: post.title, body: `${post.body}\n\nTags: ${post.tags.map((t) => `#${t}`).join(' ')}\nBy ${a ? a.name : 'someone'} · ${postLink(post)}` };
}

/** Return "2h", "3d", "Mar 2" style age of a timestamp relative to now. */
export function ago(ms, now) {
  const min = Math.max(0, Math.floor((now - ms) / 60000));
  if (min < 1) return 'now';
  if (min < 60) return `${min}m ago`;
  const hours = Math.floor(min / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  const d = new Date(ms);
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** Return "4,512" (thousands separated). */
export function count(n) {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
