// Clips: a short-video social app. Clips are drawn posters (inline SVG scenes);
// "playing" is a flag whose progress advances with the virtual clock. The user
// swipes a vertical feed, likes, comments, follows creators, searches hashtags,
// posts clips (template + caption + privacy), keeps drafts, reads notifications
// and shares clips to Messages.

import {
  PRIVACY, COMMENT_MAX, ME, captionError, clipById, commentsOf, creatorOf, feedClips, progress, shareText, templateOf, toMs,
} from './lib/select.js';

export * from './lib/select.js';

const ROOTS = ['feed', 'discover', 'inbox', 'me'];
const TAB_SCREEN = { home: 'feed', discover: 'discover', inbox: 'inbox', me: 'me' };
const SCREENS = [...ROOTS, 'profile', 'clip', 'comments', 'tag', 'create', 'following'];
const ME_TABS = ['clips', 'drafts', 'liked'];

function baseUi() {
  return {
    screen: 'feed', stack: [], feed: 'foryou', index: 0, clip: null, creator: null, tag: null, me_tab: 'clips',
    sheet: null, dialog: null, playing: null, form: null, errors: {}, notice: null, drafts: {},
  };
}

/** Return the initial state: the user's follows, likes, comments, clips and drafts from the world; the For You feed. */
export function init(world) {
  const me = world.me || {};
  const data = {
    following: [...(me.following || [])],
    liked: [...(me.liked || [])],
    comments: (me.comments || []).map((c) => ({ id: c.id, clip: c.clip, text: c.text, time: toMs(c.time) })),
    posts: (world.mine || []).map((p) => ({ id: p.id, template: p.template, caption: p.caption, privacy: p.privacy, time: toMs(p.time), likes: p.likes, dur: p.dur })),
    drafts: (me.drafts || []).map((d) => ({ id: d.id, template: d.template, caption: d.caption, privacy: d.privacy, time: toMs(d.time) })),
    read: [...(me.read || [])],
  };
  return { data, ui: baseUi() };
}

function ensureUi(state) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.errors || typeof ui.errors !== 'object') ui.errors = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'feed';
  for (const k of ['following', 'liked', 'comments', 'posts', 'drafts', 'read']) {
    if (!Array.isArray(state.data[k])) state.data[k] = [];
  }
  return ui;
}

const SNAP = ['screen', 'clip', 'creator', 'tag'];

function push(ui, screen, fields = {}) {
  ui.stack.push(Object.fromEntries(SNAP.map((k) => [k, ui[k]])));
  ui.screen = screen;
  for (const k of ['clip', 'creator', 'tag']) if (k in fields) ui[k] = fields[k];
  ui.sheet = null;
  ui.dialog = null;
  ui.errors = {};
}

/** Pop one screen; a screen whose clip or creator is gone is skipped. False at a root. */
function pop(state, world) {
  const ui = state.ui;
  if (ui.screen === 'create') closeForm(ui);
  if (ui.screen === 'comments') ui.drafts.comment = '';
  const prev = ui.stack.pop();
  if (!prev) return false;
  Object.assign(ui, prev, { sheet: null, dialog: null, errors: {} });
  if ((ui.screen === 'clip' || ui.screen === 'comments') && !clipById(state.data, world, ui.clip)) return pop(state, world) || (ui.screen = 'feed', true);
  return true;
}

function goRoot(ui, screen) {
  if (ui.screen === 'create') closeForm(ui);
  Object.assign(ui, { screen, stack: [], clip: null, creator: null, tag: null, sheet: null, dialog: null, errors: {} });
}

function closeForm(ui) {
  ui.form = null;
  ui.drafts.caption = '';
  ui.errors = {};
}

function openForm(ui, world, source) {
  const first = (world.templates || [])[0];
  ui.form = {
    template: source && templateOf(world, source.template) ? source.template : (first ? first.id : null),
    privacy: source && PRIVACY.includes(source.privacy) ? source.privacy : 'public',
    draft: source && source.id ? source.id : null,
  };
  ui.drafts.caption = source ? String(source.caption ?? '') : '';
}

/** Keep ui.index on the clip the user acted on when it is in the current feed. */
function syncIndex(state, world, clipId) {
  const ui = state.ui;
  if (ui.screen !== 'feed') return;
  const i = feedClips(state.data, world, ui.feed).findIndex((c) => c.id === clipId);
  if (i >= 0) ui.index = i;
}

/** Return a fresh id from ctx.uid that no record of `list` uses yet. */
function newId(ctx, prefix, list) {
  let id = ctx.uid(prefix);
  while (list.some((x) => x.id === id)) id = ctx.uid(prefix);
  return id;
}

const ownPost = (data, id) => (typeof id === 'string' ? data.posts.find((p) => p.id === id) : undefined) || null;

function handOff(state, ctx, intent) {
  if (!ctx.peek('messages')) {
    state.ui.notice = 'Messages is not available';
    return state;
  }
  ctx.open('messages', intent);
  return state;
}

function onIntent(state, action, world) {
  const ui = state.ui;
  if (typeof action.clip === 'string' && clipById(state.data, world, action.clip)) {
    const own = Boolean(ownPost(state.data, action.clip));
    goRoot(ui, own ? 'me' : 'feed');
    push(ui, 'clip', { clip: action.clip });
  } else if (typeof action.creator === 'string' && creatorOf(world, action.creator) && action.creator !== ME) {
    goRoot(ui, 'feed');
    push(ui, 'profile', { creator: action.creator });
  }
  return state;
}

function toggleIn(list, id, value) {
  const has = list.includes(id);
  const on = typeof value === 'boolean' ? value : !has;
  if (on && !has) list.push(id);
  if (!on && has) list.splice(list.indexOf(id), 1);
  return on;
}

function play(state, action, ctx) {
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

function addComment(state, action, ctx) {
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

function submitForm(state, ctx, asDraft) {
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
    if (existing) Object.assign(existing, { template, caption, privacy, time: ctx.now });
    else data.drafts.push({ id: newId(ctx, 'd', [...data.drafts, ...((ctx.world.me || {}).drafts || [])]), template, caption, privacy, time: ctx.now });
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

function confirm(state, ctx) {
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

/**
 * Apply an action. See README.md for the list; unknown actions return null, bad ids
 * leave the state unchanged.
 */
export function reduce(state, action, ctx) {
  const world = ctx.world;
  const ui = ensureUi(state);
  const { data } = state;
  if (action.type !== 'intent') ui.notice = null;
  switch (action.type) {
    case 'intent':
      return onIntent(state, action, world);
    case 'tab': {
      const screen = TAB_SCREEN[action.tab];
      if (!screen) return state;
      goRoot(ui, screen);
      return state;
    }
    case 'feed':
      if (action.feed !== 'foryou' && action.feed !== 'following') return state;
      goRoot(ui, 'feed');
      ui.feed = action.feed;
      ui.index = 0;
      return state;
    case 'play':
      return play(state, action, ctx);
    case 'like': {
      const clip = clipById(data, world, action.clip);
      if (!clip) return state;
      syncIndex(state, world, clip.id);
      toggleIn(data.liked, clip.id, action.value);
      return state;
    }
    case 'follow': {
      const c = creatorOf(world, action.creator);
      if (!c || c.id === ME) return state;
      toggleIn(data.following, c.id, action.value);
      return state;
    }
    case 'open_clip': {
      if (!clipById(data, world, action.clip)) return state;
      push(ui, 'clip', { clip: action.clip });
      return state;
    }
    case 'comments': {
      if (!clipById(data, world, action.clip)) return state;
      syncIndex(state, world, action.clip);
      push(ui, 'comments', { clip: action.clip });
      ui.drafts.comment = '';
      return state;
    }
    case 'add_comment':
      return addComment(state, action, ctx);
    case 'delete_comment': {
      const c = data.comments.find((x) => x.id === action.id);
      if (!c) return state;
      ui.dialog = { kind: 'delete_comment', id: c.id };
      return state;
    }
    case 'profile': {
      const c = creatorOf(world, action.creator);
      if (!c) return state;
      if (c.id === ME) goRoot(ui, 'me');
      else push(ui, 'profile', { creator: c.id });
      return state;
    }
    case 'message': {
      const c = creatorOf(world, action.creator ?? ui.creator);
      const contacts = ((ctx.peek('contacts') || {}).data || {}).contacts || [];
      if (!c || !c.contact_id || !contacts.some((x) => x.id === c.contact_id)) {
        ui.notice = 'Not in your contacts';
        return state;
      }
      return handOff(state, ctx, { to: c.contact_id });
    }
    case 'share': {
      const clip = clipById(data, world, action.clip);
      if (!clip) return state;
      syncIndex(state, world, clip.id);
      ui.sheet = { kind: 'share', clip: clip.id };
      return state;
    }
    case 'share_messages': {
      const clip = ui.sheet && ui.sheet.kind === 'share' ? clipById(data, world, ui.sheet.clip) : null;
      ui.sheet = null;
      if (!clip) return state;
      return handOff(state, ctx, { text: shareText(world, clip) });
    }
    case 'copy_link':
      if (!ui.sheet || ui.sheet.kind !== 'share') return state;
      ui.sheet = null;
      ui.notice = 'Link copied';
      return state;
    case 'more': {
      const post = ownPost(data, action.clip ?? ui.clip);
      if (!post) return state;
      ui.sheet = { kind: 'more', clip: post.id };
      return state;
    }
    case 'close_sheet':
      ui.sheet = null;
      return state;
    case 'set_privacy': {
      const post = ownPost(data, action.clip ?? (ui.sheet && ui.sheet.clip));
      if (!post || !PRIVACY.includes(action.privacy)) return state;
      post.privacy = action.privacy;
      ui.sheet = null;
      return state;
    }
    case 'delete_clip': {
      const post = ownPost(data, action.clip ?? (ui.sheet && ui.sheet.clip) ?? ui.clip);
      ui.sheet = null;
      if (!post) return state;
      ui.dialog = { kind: 'delete_clip', clip: post.id };
      return state;
    }
    case 'confirm':
      return confirm(state, ctx);
    case 'cancel':
      ui.dialog = null;
      return state;
    case 'tag': {
      const tag = String(action.tag ?? '').replace(/^#/, '').toLowerCase();
      if (!/^[a-z0-9_]+$/.test(tag)) return state;
      push(ui, 'tag', { tag });
      return state;
    }
    case 'clear_search':
      ui.drafts.search = '';
      return state;
    case 'create':
      if (ui.screen === 'create') return state;
      push(ui, 'create');
      openForm(ui, world, null);
      return state;
    case 'open_draft': {
      const d = data.drafts.find((x) => x.id === action.id);
      if (!d || ui.screen === 'create') return state;
      push(ui, 'create');
      openForm(ui, world, d);
      return state;
    }
    case 'pick_template':
      if (!ui.form || !templateOf(world, action.template)) return state;
      ui.form.template = action.template;
      if (ui.errors.template) ui.errors = {};
      return state;
    case 'form_privacy':
      if (!ui.form || !PRIVACY.includes(action.privacy)) return state;
      ui.form.privacy = action.privacy;
      return state;
    case 'post':
      return submitForm(state, ctx, false);
    case 'save_draft':
      return submitForm(state, ctx, true);
    case 'delete_draft': {
      const id = action.id ?? (ui.form && ui.form.draft);
      if (!data.drafts.some((x) => x.id === id)) return state;
      ui.dialog = { kind: 'delete_draft', id };
      return state;
    }
    case 'me_tab':
      if (!ME_TABS.includes(action.tab)) return state;
      goRoot(ui, 'me');
      ui.me_tab = action.tab;
      return state;
    case 'following':
      push(ui, 'following');
      return state;
    case 'open_note': {
      const n = (world.notifications || []).find((x) => x.id === action.id);
      if (!n) return state;
      if (!data.read.includes(n.id)) data.read.push(n.id);
      if (n.clip && clipById(data, world, n.clip)) push(ui, 'clip', { clip: n.clip });
      else if (n.from && creatorOf(world, n.from)) push(ui, 'profile', { creator: n.from });
      return state;
    }
    case 'read_all':
      for (const n of world.notifications || []) if (!data.read.includes(n.id)) data.read.push(n.id);
      return state;
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        return state;
      }
      if (ui.sheet) {
        ui.sheet = null;
        return state;
      }
      if (pop(state, world)) return state;
      if (ui.screen !== 'feed') {
        goRoot(ui, 'feed');
        return state;
      }
      return null;
    default:
      return null;
  }
}
