// Pinboard navigation state: the ui defaults, the screen stack (push / pop / roots) and opening or closing the post form.

import { collectionById, postById } from './select.js';

export const ROOTS = ['home', 'search', 'me'];
const SCREENS = [...ROOTS, 'post', 'author', 'tag', 'collection', 'form'];
const FORM_KEYS = ['title', 'body', 'tags'];

export function baseUi() {
  return {
    screen: 'home', stack: [], filter: 'all', post: null, author: null, tag: null, collection: null, me_tab: 'posts',
    sheet: null, dialog: null, form: null, errors: {}, notice: null, drafts: {},
  };
}

export function ensureUi(state) {
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

export function push(ui, screen, fields = {}) {
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
export function pop(state, world) {
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

export function goRoot(ui, screen) {
  if (ui.screen === 'form') closeForm(ui);
  Object.assign(ui, { screen, stack: [], post: null, author: null, tag: null, collection: null, sheet: null, dialog: null, errors: {} });
}

export function closeForm(ui) {
  ui.form = null;
  for (const k of FORM_KEYS) delete ui.drafts[k];
  ui.errors = {};
}

export function openForm(ui, world, post) {
  const first = (world.covers || [])[0];
  ui.form = { mode: post ? 'edit' : 'create', post: post ? post.id : null, cover: post ? post.cover.t : (first ? first.id : null) };
  ui.drafts.title = post ? post.title : '';
  ui.drafts.body = post ? post.body : '';
  ui.drafts.tags = post ? post.tags.join(', ') : '';
}

/** The post on the post screen (no dialog or sheet over it) when `id` is absent or names it, else undefined. Like,
 * save, share, comment, edit and delete are its buttons: a post of another screen is not acted on unseen. */
export function shownPost(state, world, id) {
  const { data, ui } = state;
  if (ui.screen !== 'post' || ui.dialog || ui.sheet || (id !== undefined && id !== ui.post)) return undefined;
  return postById(data, world, ui.post) || undefined;
}
