// Clips navigation state: the ui defaults, the screen stack (push / pop / roots), the create form and the feed index.

import { PRIVACY, clipById, feedClips, templateOf } from './select.js';

const ROOTS = ['feed', 'discover', 'inbox', 'me'];
const SCREENS = [...ROOTS, 'profile', 'clip', 'comments', 'tag', 'create', 'following'];

export function baseUi() {
  return {
    screen: 'feed', stack: [], feed: 'foryou', index: 0, clip: null, creator: null, tag: null, me_tab: 'clips',
    sheet: null, dialog: null, playing: null, form: null, errors: {}, notice: null, drafts: {},
  };
}

export function ensureUi(state) {
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

export function push(ui, screen, fields = {}) {
  ui.stack.push(Object.fromEntries(SNAP.map((k) => [k, ui[k]])));
  ui.screen = screen;
  for (const k of ['clip', 'creator', 'tag']) if (k in fields) ui[k] = fields[k];
  ui.sheet = null;
  ui.dialog = null;
  ui.errors = {};
}

/** Pop one screen; a screen whose clip or creator is gone is skipped. False at a root. */
export function pop(state, world) {
  const ui = state.ui;
  if (ui.screen === 'create') closeForm(ui);
  if (ui.screen === 'comments') ui.drafts.comment = '';
  const prev = ui.stack.pop();
  if (!prev) return false;
  Object.assign(ui, prev, { sheet: null, dialog: null, errors: {} });
  if ((ui.screen === 'clip' || ui.screen === 'comments') && !clipById(state.data, world, ui.clip)) return pop(state, world) || (ui.screen = 'feed', true);
  return true;
}

export function goRoot(ui, screen) {
  if (ui.screen === 'create') closeForm(ui);
  Object.assign(ui, { screen, stack: [], clip: null, creator: null, tag: null, sheet: null, dialog: null, errors: {} });
}

export function closeForm(ui) {
  ui.form = null;
  ui.drafts.caption = '';
  ui.errors = {};
}

export function openForm(ui, world, source) {
  const first = (world.templates || [])[0];
  ui.form = {
    template: source && templateOf(world, source.template) ? source.template : (first ? first.id : null),
    privacy: source && PRIVACY.includes(source.privacy) ? source.privacy : 'public',
    draft: source && source.id ? source.id : null,
  };
  ui.drafts.caption = source ? String(source.caption ?? '') : '';
}

/** Keep ui.index on the clip the user acted on when it is in the current feed. */
export function syncIndex(state, world, clipId) {
  const ui = state.ui;
  if (ui.screen !== 'feed') return;
  const i = feedClips(state.data, world, ui.feed).findIndex((c) => c.id === clipId);
  if (i >= 0) ui.index = i;
}
