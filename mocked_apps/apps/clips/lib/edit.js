// Clips reducer writes: fresh ids, list toggles, playback, comments, posting or saving drafts and confirmed deletes.

import { COMMENT_MAX, captionError, clipById, progress, templateOf } from './select.js';
import { closeForm, goRoot, syncIndex } from './nav.js';

/** Return a fresh id from ctx.uid that no record of `list` uses yet. */
function newId(ctx, prefix, list) {
  let id = ctx.uid(prefix);
  while (list.some((x) => x.id === id)) id = ctx.uid(prefix);
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

export function play(state, action, ctx) {
  const ui = state.ui;
  const clip = clipById(state.data, ctx.world, action.clip);
  if (!clip) return state;
  syncIndex(state, ctx.world, clip.id);
  const cur = ui.playing;
  if (cur && cur.clip === clip.id) {
    if (cur.since === null) ui.playing = { clip: clip.id, since: ctx.now, at: cur.at };
    else ui.playing = { clip: clip.id, since: null, at: progress(cur, ctx.now, clip.dur) };
  } else {
    ui.playing = { clip: clip.id, since: ctx.now, at: 0 };
  }
  return state;
}

export function addComment(state, action, ctx) {
  const ui = state.ui;
  const clip = clipById(state.data, ctx.world, action.clip ?? ui.clip);
  if (!clip || (ui.screen !== 'comments' && action.text === undefined)) return state;
  const text = String(action.text ?? ui.drafts.comment ?? '').trim();
  if (!text) return state;
  if (text.length > COMMENT_MAX) {
    ui.errors = { comment: `Comments are limited to ${COMMENT_MAX} characters` };
    return state;
  }
  state.data.comments.push({ id: newId(ctx, 'k', [...state.data.comments, ...((ctx.world.me || {}).comments || [])]), clip: clip.id, text, time: ctx.now });
  if (action.text === undefined) ui.drafts.comment = '';
  ui.errors = {};
  return state;
}

export function submitForm(state, ctx, asDraft) {
  const { ui, data } = state;
  if (ui.screen !== 'create' || !ui.form) return state;
  const caption = String(ui.drafts.caption ?? '').trim();
  const error = asDraft ? (caption.length > 150 ? captionError(caption) : null) : captionError(caption);
  if (error) {
    ui.errors = { caption: error };
    return state;
  }
  if (!templateOf(ctx.world, ui.form.template)) {
    ui.errors = { template: 'Pick a poster' };
    return state;
  }
  const { template, privacy } = ui.form;
  const draftId = ui.form.draft;
  if (asDraft) {
    const existing = data.drafts.find((d) => d.id === draftId);
    // data.drafts is kept in the order saved (an updated draft moves to the end), so the list can show the last saved
    // first even among drafts of one virtual minute
    if (existing) {
      Object.assign(existing, { template, caption, privacy, time: ctx.now });
      data.drafts = [...data.drafts.filter((d) => d !== existing), existing];
    } else data.drafts.push({ id: newId(ctx, 'd', [...data.drafts, ...((ctx.world.me || {}).drafts || [])]), template, caption, privacy, time: ctx.now });
    closeForm(ui);
    goRoot(ui, 'me');
    ui.me_tab = 'drafts';
    ui.notice = 'Saved to drafts';
    return state;
  }
  data.posts.push({ id: newId(ctx, 'm', [...data.posts, ...(ctx.world.mine || [])]), template, caption, privacy, time: ctx.now, likes: 0, dur: 15 });
  data.drafts = data.drafts.filter((d) => d.id !== draftId);
  closeForm(ui);
  goRoot(ui, 'me');
  ui.me_tab = 'clips';
  ui.notice = 'Posted';
  return state;
}

export function confirm(state, ctx) {
  const { ui, data } = state;
  const d = ui.dialog;
  ui.dialog = null;
  if (!d) return state;
  if (d.kind === 'delete_clip') {
    const post = ownPost(data, d.clip);
    if (!post) return state;
    data.posts = data.posts.filter((p) => p.id !== post.id);
    data.comments = data.comments.filter((c) => c.clip !== post.id);
    data.liked = data.liked.filter((id) => id !== post.id);
    if (ui.playing && ui.playing.clip === post.id) ui.playing = null;
    goRoot(ui, 'me');
    ui.me_tab = 'clips';
    ui.notice = 'Clip deleted';
  } else if (d.kind === 'delete_comment') {
    const before = data.comments.length;
    data.comments = data.comments.filter((c) => c.id !== d.id);
    if (data.comments.length !== before) ui.notice = 'Comment deleted';
  } else if (d.kind === 'delete_draft') {
    if (!data.drafts.some((x) => x.id === d.id)) return state;
    data.drafts = data.drafts.filter((x) => x.id !== d.id);
    closeForm(ui);
    goRoot(ui, 'me');
    ui.me_tab = 'drafts';
    ui.notice = 'Draft deleted';
  }
  return state;
}
