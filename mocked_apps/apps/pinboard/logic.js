// Pinboard: a notes-sharing social app. Posts have a title, text, tags and a drawn
// cover; the user browses a masonry feed with tag chips, likes, comments, follows
// authors, saves posts into collections (and moves them between collections),
// writes / edits / deletes their own posts, and shares posts to Messages or Notes.

import {
  ME, COMMENT_MAX, authorOf, collectionById, collectionNameError, collectionSlug, coverOf, noteOf, postById, shareText, toMs, validatePost,
} from './lib/select.js';

export * from './lib/select.js';

const ROOTS = ['home', 'search', 'me'];
const SCREENS = [...ROOTS, 'post', 'author', 'tag', 'collection', 'form'];
const ME_TABS = ['posts', 'collections', 'liked'];
const FORM_KEYS = ['title', 'body', 'tags'];

function baseUi() {
  return {
    screen: 'home', stack: [], filter: 'all', post: null, author: null, tag: null, collection: null, me_tab: 'posts',
    sheet: null, dialog: null, form: null, errors: {}, notice: null, drafts: {},
  };
}

/** Return the initial state: the user's posts, collections, likes, follows and comments from the world; the home feed. */
export function init(world) {
  const me = world.me || {};
  const data = {
    posts: (world.mine || []).map((p) => ({ id: p.id, title: p.title, body: p.body, tags: [...p.tags], cover: { ...p.cover }, time: toMs(p.time), likes: p.likes, saves: p.saves })),
    collections: (me.collections || []).map((c) => ({ id: c.id, name: c.name, posts: [...c.posts] })),
    liked: [...(me.liked || [])],
    following: [...(me.following || [])],
    comments: (me.comments || []).map((c) => ({ id: c.id, post: c.post, text: c.text, time: toMs(c.time) })),
  };
  return { data, ui: baseUi() };
}

function ensureUi(state) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.errors || typeof ui.errors !== 'object') ui.errors = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'home';
  for (const k of ['posts', 'collections', 'liked', 'following', 'comments']) if (!Array.isArray(state.data[k])) state.data[k] = [];
  return ui;
}

const SNAP = ['screen', 'post', 'author', 'tag', 'collection'];

function push(ui, screen, fields = {}) {
  ui.stack.push(Object.fromEntries(SNAP.map((k) => [k, ui[k]])));
  ui.screen = screen;
  for (const k of SNAP.slice(1)) if (k in fields) ui[k] = fields[k];
  ui.sheet = null;
  ui.dialog = null;
  ui.errors = {};
}

function valid(state, world, entry) {
  if (entry.screen === 'post') return Boolean(postById(state.data, world, entry.post));
  if (entry.screen === 'collection') return Boolean(collectionById(state.data, entry.collection));
  return true;
}

/** Pop one screen, skipping screens whose post or collection is gone. False at a root. */
function pop(state, world) {
  const ui = state.ui;
  if (ui.screen === 'form') closeForm(ui);
  if (ui.screen === 'post') ui.drafts.comment = '';
  for (;;) {
    const prev = ui.stack.pop();
    if (!prev) return false;
    Object.assign(ui, prev, { sheet: null, dialog: null, errors: {} });
    if (valid(state, world, ui)) return true;
  }
}

function goRoot(ui, screen) {
  if (ui.screen === 'form') closeForm(ui);
  Object.assign(ui, { screen, stack: [], post: null, author: null, tag: null, collection: null, sheet: null, dialog: null, errors: {} });
}

function closeForm(ui) {
  ui.form = null;
  for (const k of FORM_KEYS) delete ui.drafts[k];
  ui.errors = {};
}

function openForm(ui, world, post) {
  const first = (world.covers || [])[0];
  ui.form = { mode: post ? 'edit' : 'create', post: post ? post.id : null, cover: post ? post.cover.t : (first ? first.id : null) };
  ui.drafts.title = post ? post.title : '';
  ui.drafts.body = post ? post.body : '';
  ui.drafts.tags = post ? post.tags.join(', ') : '';
}

/** Return a fresh id from ctx.uid that none of `taken` uses. */
function newId(ctx, prefix, taken) {
  let id = ctx.uid(prefix);
  while (taken.includes(id)) id = ctx.uid(prefix);
  return id;
}

const ownPost = (data, id) => (typeof id === 'string' ? data.posts.find((p) => p.id === id) : undefined) || null;

function toggleIn(list, id, value) {
  const has = list.includes(id);
  const on = typeof value === 'boolean' ? value : !has;
  if (on && !has) list.push(id);
  if (!on && has) list.splice(list.indexOf(id), 1);
  return on;
}

function onIntent(state, action, world) {
  const ui = state.ui;
  if (typeof action.post === 'string' && postById(state.data, world, action.post)) {
    goRoot(ui, 'home');
    push(ui, 'post', { post: action.post });
  } else if (typeof action.author === 'string' && action.author !== ME && authorOf(world, action.author)) {
    goRoot(ui, 'home');
    push(ui, 'author', { author: action.author });
  }
  return state;
}

function createCollection(state, ctx) {
  const { ui, data } = state;
  const name = String(ui.drafts.collection_name ?? '').trim();
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

function submit(state, ctx) {
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

function confirm(state, ctx) {
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

function addComment(state, action, ctx) {
  const ui = state.ui;
  const post = postById(state.data, ctx.world, action.post ?? ui.post);
  if (!post || (ui.screen !== 'post' && action.text === undefined)) return state;
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

function handOff(state, ctx, app, intent, missing) {
  if (!ctx.peek(app)) {
    state.ui.notice = missing;
    return state;
  }
  ctx.open(app, intent);
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
  const sheetPost = () => postById(data, world, ui.sheet && ui.sheet.post);
  switch (action.type) {
    case 'intent':
      return onIntent(state, action, world);
    case 'tab':
      if (!ROOTS.includes(action.tab)) return state;
      goRoot(ui, action.tab);
      return state;
    case 'filter': {
      const tag = String(action.tag ?? 'all');
      if (tag !== 'all' && !/^[a-z0-9-]+$/.test(tag)) return state;
      goRoot(ui, 'home');
      ui.filter = tag;
      return state;
    }
    case 'open': {
      if (!postById(data, world, action.post)) return state;
      push(ui, 'post', { post: action.post });
      ui.drafts.comment = '';
      return state;
    }
    case 'author': {
      const a = authorOf(world, action.id);
      if (!a) return state;
      if (a.id === ME) {
        goRoot(ui, 'me');
        ui.me_tab = 'posts';
      } else push(ui, 'author', { author: a.id });
      return state;
    }
    case 'tag': {
      const tag = String(action.tag ?? '').replace(/^#/, '').toLowerCase();
      if (!/^[a-z0-9-]+$/.test(tag)) return state;
      push(ui, 'tag', { tag });
      return state;
    }
    case 'like': {
      const p = postById(data, world, action.post ?? ui.post);
      if (!p) return state;
      toggleIn(data.liked, p.id, action.value);
      return state;
    }
    case 'follow': {
      const a = authorOf(world, action.author ?? ui.author ?? (postById(data, world, ui.post) || {}).author);
      if (!a || a.id === ME) return state;
      toggleIn(data.following, a.id, action.value);
      return state;
    }
    case 'save': {
      const p = postById(data, world, action.post ?? ui.post);
      if (!p) return state;
      ui.sheet = { kind: 'save', post: p.id };
      ui.drafts.collection_name = '';
      ui.errors = {};
      return state;
    }
    case 'toggle_collection': {
      const p = postById(data, world, action.post) || sheetPost();
      const c = collectionById(data, action.collection);
      if (!p || !c) return state;
      const on = toggleIn(c.posts, p.id, action.value);
      ui.notice = on ? `Saved to ${c.name}` : `Removed from ${c.name}`;
      return state;
    }
    case 'new_collection':
      ui.dialog = { kind: 'new_collection' };
      ui.drafts.collection_name = '';
      ui.errors = {};
      return state;
    case 'create_collection':
      return createCollection(state, ctx);
    case 'collection': {
      if (!collectionById(data, action.id)) return state;
      push(ui, 'collection', { collection: action.id });
      return state;
    }
    case 'move': {
      const c = collectionById(data, ui.collection);
      if (ui.screen !== 'collection' || !c || !c.posts.includes(action.post)) return state;
      ui.sheet = { kind: 'move', post: action.post, from: c.id };
      return state;
    }
    case 'move_to': {
      const s = ui.sheet;
      const from = s && s.kind === 'move' ? collectionById(data, s.from) : null;
      const to = collectionById(data, action.collection);
      if (!from || !to || to.id === from.id) return state;
      from.posts = from.posts.filter((id) => id !== s.post);
      if (!to.posts.includes(s.post)) to.posts.push(s.post);
      ui.sheet = null;
      ui.notice = `Moved to ${to.name}`;
      return state;
    }
    case 'remove': {
      const c = collectionById(data, action.collection ?? ui.collection);
      if (!c || !c.posts.includes(action.post)) return state;
      c.posts = c.posts.filter((id) => id !== action.post);
      ui.notice = `Removed from ${c.name}`;
      return state;
    }
    case 'close_sheet':
      ui.sheet = null;
      ui.errors = {};
      return state;
    case 'share': {
      const p = postById(data, world, action.post ?? ui.post);
      if (!p) return state;
      ui.sheet = { kind: 'share', post: p.id };
      return state;
    }
    case 'share_messages': {
      const p = ui.sheet && ui.sheet.kind === 'share' ? sheetPost() : null;
      ui.sheet = null;
      if (!p) return state;
      return handOff(state, ctx, 'messages', { text: shareText(world, p) }, 'Messages is not available');
    }
    case 'save_note': {
      const p = ui.sheet && ui.sheet.kind === 'share' ? sheetPost() : null;
      ui.sheet = null;
      if (!p) return state;
      return handOff(state, ctx, 'notes', { create: noteOf(world, p) }, 'Notes is not available');
    }
    case 'message': {
      const a = authorOf(world, action.author ?? ui.author);
      const contacts = ((ctx.peek('contacts') || {}).data || {}).contacts || [];
      if (!a || !a.contact_id || !contacts.some((c) => c.id === a.contact_id)) {
        ui.notice = 'Not in your contacts';
        return state;
      }
      return handOff(state, ctx, 'messages', { to: a.contact_id }, 'Messages is not available');
    }
    case 'add_comment':
      return addComment(state, action, ctx);
    case 'delete_comment': {
      const c = data.comments.find((x) => x.id === action.id);
      if (!c) return state;
      ui.dialog = { kind: 'delete_comment', id: c.id };
      return state;
    }
    case 'create':
      if (ui.screen === 'form') return state;
      push(ui, 'form');
      openForm(ui, world, null);
      return state;
    case 'edit': {
      const p = ownPost(data, action.post ?? ui.post);
      if (!p || ui.screen === 'form') return state;
      push(ui, 'form');
      openForm(ui, world, p);
      return state;
    }
    case 'pick_cover':
      if (!ui.form || !coverOf(world, action.cover)) return state;
      ui.form.cover = action.cover;
      delete ui.errors.cover;
      return state;
    case 'submit':
      return submit(state, ctx);
    case 'delete_post': {
      const p = ownPost(data, action.post ?? ui.post);
      if (!p) return state;
      ui.dialog = { kind: 'delete_post', post: p.id };
      return state;
    }
    case 'confirm':
      return confirm(state, ctx);
    case 'cancel':
      ui.dialog = null;
      ui.errors = {};
      return state;
    case 'me_tab':
      if (!ME_TABS.includes(action.tab)) return state;
      goRoot(ui, 'me');
      ui.me_tab = action.tab;
      return state;
    case 'clear_search':
      ui.drafts.search = '';
      return state;
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        ui.errors = {};
        return state;
      }
      if (ui.sheet) {
        ui.sheet = null;
        return state;
      }
      if (pop(state, world)) return state;
      if (ui.screen !== 'home') {
        goRoot(ui, 'home');
        return state;
      }
      if (ui.filter !== 'all') {
        ui.filter = 'all';
        return state;
      }
      return null;
    default:
      return null;
  }
}
