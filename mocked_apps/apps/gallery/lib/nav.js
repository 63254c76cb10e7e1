// Screen stack, selection and ui-state helpers of the Gallery reducer (pure; no DOM).

import { findAlbum, findPhoto } from './select.js';

const SCREENS = ['photos', 'albums', 'album', 'viewer', 'search', 'trash'];

export function baseUi() {
  return {
    screen: 'photos', stack: [], album: null, photo: null, source: null, info: false,
    sheet: null, dialog: null, selecting: false, selected: [], errors: {}, notice: null, drafts: {},
  };
}

export function ensureUi(state) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!Array.isArray(ui.selected)) ui.selected = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.errors || typeof ui.errors !== 'object') ui.errors = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'photos';
  return ui;
}

function clearTransient(ui) {
  ui.sheet = null;
  ui.dialog = null;
  ui.selecting = false;
  ui.selected = [];
  ui.errors = {};
}

export function push(ui, screen, fields = {}) {
  ui.stack.push({ screen: ui.screen, album: ui.album, photo: ui.photo, source: ui.source, info: ui.info });
  clearTransient(ui);
  Object.assign(ui, { album: null, photo: null, source: null, info: false }, fields, { screen });
}

/** Go back one screen; false at a root. Skips viewers whose photo is gone. */
export function pop(state) {
  const ui = state.ui;
  const prev = ui.stack.pop();
  if (!prev) return false;
  clearTransient(ui);
  Object.assign(ui, prev);
  if (ui.screen === 'viewer' && !findPhoto(state.data, ui.photo)) return pop(state) || (toRoot(ui, 'photos'), true);
  if (ui.screen === 'album' && ui.album !== 'favorites' && !findAlbum(state.data, ui.album)) return pop(state) || (toRoot(ui, 'albums'), true);
  return true;
}

export function toRoot(ui, screen) {
  ui.stack = [];
  clearTransient(ui);
  Object.assign(ui, { screen, album: null, photo: null, source: null, info: false });
}

/** The viewer source of the grid on screen now. */
export function currentSource(ui) {
  if (ui.screen === 'album') return ui.album === 'favorites' ? { kind: 'favorites' } : { kind: 'album', album: ui.album };
  if (ui.screen === 'search') return { kind: 'search', query: String(ui.drafts.search ?? '') };
  if (ui.screen === 'trash') return { kind: 'trash' };
  if (ui.screen === 'viewer' && ui.source) return ui.source;
  return { kind: 'all' };
}

/** The photo ids an action applies to: the selection in selection mode, else the viewer's photo (a `photo`, if given, must be
 * the viewer's); none under a dialog. */
export function targets(state, action) {
  const ui = state.ui;
  if (ui.dialog) return [];
  // A named photo only when it is the one the viewer shows: the grid's photos are acted on through the selection.
  if (typeof action.photo === 'string') {
    return ui.screen === 'viewer' && action.photo === ui.photo && findPhoto(state.data, action.photo) ? [action.photo] : [];
  }
  if (ui.selecting) return ui.selected.filter((id) => findPhoto(state.data, id));
  if (ui.screen === 'viewer' && findPhoto(state.data, ui.photo)) return [ui.photo];
  return [];
}

export function afterBulk(state) {
  state.ui.selecting = false;
  state.ui.selected = [];
  state.ui.sheet = null;
}
