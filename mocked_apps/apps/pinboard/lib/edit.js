// Pinboard reducer writes: fresh ids, list toggles, new collections, the post form's submit, confirmed deletes and comments.

import { COMMENT_MAX, cleanName, collectionById, collectionNameError, collectionSlug, coverOf, postById, validatePost } from './select.js';
import { closeForm, goRoot, pop, push, shownPost } from './nav.js';

/** Return a fresh id from ctx.uid that none of `taken` uses. */
function newId(ctx, prefix, taken) {
  let id = ctx.uid(prefix);
  while (taken.includes(id)) id = ctx.uid(prefix);
  return id;
}

export const ownPost = (data, id) => (typeof id === 'string' ? data.posts.find((p) => p.id === id) : undefined) || null;

export function toggleIn(list, id, value) {
  const has = list.includes(id);
  const on = typeof value === 'boolean' ? value : !has;
  if (on && !has) list.push(id);
  if (!on && has) list.splice(list.indexOf(id), 1);
  return on;
}

export function createCollection(state, ctx) {
  const { ui, data } = state;
  const name = cleanName(ui.drafts.collection_name);
  const error = collectionNameError(data, name);
  if (error) {
    ui.errors = { ...ui.errors, collection_name: error };
    return state;
  }
  let id = collectionSlug(name);
  for (let i = 2; collectionById(data, id); i += 1) id = `${collectionSlug(name)}-${i}`;
  const post = ui.sheet && ui.sheet.kind === 'save' ? postById(data, ctx.world, ui.sheet.post) : null;
  data.collections.push({ id, name, posts: post ? [post.id] : [] });
  ui.drafts.collection_name = '';
  ui.errors = {};
  if (ui.dialog && ui.dialog.kind === 'new_collection') ui.dialog = null;
  ui.notice = post ? `Saved to ${name}` : `Created ${name}`;
  return state;
}

export function submit(state, ctx) {
  const { ui, data } = state;
  if (ui.screen !== 'form' || !ui.form) return state;
  const { values, errors } = validatePost(ui.drafts);
  if (!coverOf(ctx.world, ui.form.cover)) errors.cover = 'Pick a cover';
  if (Object.keys(errors).length) {
    ui.errors = errors;
    return state;
  }
  if (ui.form.mode === 'edit') {
    const p = ownPost(data, ui.form.post);
    if (!p) {
      closeForm(ui);
      goRoot(ui, 'me');
      return state;
    }
    Object.assign(p, { title: values.title, body: values.body, tags: values.tags, cover: { ...p.cover, t: ui.form.cover } });
    closeForm(ui);
    pop(state, ctx.world);
    ui.notice = 'Post updated';
    return state;
  }
  const taken = [...data.posts.map((p) => p.id), ...(ctx.world.mine || []).map((p) => p.id)];
  const id = newId(ctx, 'q', taken);
  data.posts.push({ id, title: values.title, body: values.body, tags: values.tags, cover: { t: ui.form.cover, h: 1.2 }, time: ctx.now, likes: 0, saves: 0 });
  closeForm(ui);
  goRoot(ui, 'me');
  ui.me_tab = 'posts';
  push(ui, 'post', { post: id });
  ui.notice = 'Published';
  return state;
}

export function confirm(state, ctx) {
  const { ui, data } = state;
  const d = ui.dialog;
  ui.dialog = null;
  if (!d) return state;
  if (d.kind === 'delete_post') {
    const p = ownPost(data, d.post);
    if (!p) return state;
    data.posts = data.posts.filter((x) => x.id !== p.id);
    for (const c of data.collections) c.posts = c.posts.filter((id) => id !== p.id);
    data.liked = data.liked.filter((id) => id !== p.id);
    data.comments = data.comments.filter((c) => c.post !== p.id);
    goRoot(ui, 'me');
    ui.me_tab = 'posts';
    ui.notice = 'Post deleted';
  } else if (d.kind === 'delete_comment') {
    const before = data.comments.length;
    data.comments = data.comments.filter((c) => c.id !== d.id);
    if (data.comments.length !== before) ui.notice = 'Comment deleted';
  }
  return state;
}

export function addComment(state, action, ctx) {
  const ui = state.ui;
  const post = shownPost(state, ctx.world, action.post);
  if (!post) return state;
  const text = String(action.text ?? ui.drafts.comment ?? '').trim();
  if (!text) return state;
  if (text.length > COMMENT_MAX) {
    ui.errors = { comment: `Comments are limited to ${COMMENT_MAX} characters` };
    return state;
  }
  const taken = [...state.data.comments.map((c) => c.id), ...(((ctx.world.me || {}).comments) || []).map((c) => c.id)];
  state.data.comments.push({ id: newId(ctx, 'r', taken), post: post.id, text, time: ctx.now });
  if (action.text === undefined) ui.drafts.comment = '';
  ui.errors = {};
  return state;
}
