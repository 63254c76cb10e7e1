// Gallery: photos (drawn from scene descriptions in the world) and albums.
// data.photos keeps, per world photo, what the user changes (favorite, trash time);
// data.albums the albums. ui holds the screen stack, the viewer's source list,
// selection mode, the bottom sheet, the dialog and the drafts (search, album_name).

import {
  atMs, albumNameError, findAlbum, findPhoto, sourcePhotos, viewerOrder, worldPhoto, fileName,
} from './lib/select.js';
import {
  afterBulk, baseUi, currentSource, ensureUi, pop, push, targets, toRoot,
} from './lib/nav.js';

export * from './lib/select.js';

const ROOTS = ['photos', 'albums'];
const SELECTABLE = ['photos', 'album', 'search'];

/** Return the initial state: per-photo records (times as virtual ms from the relative world times) and the albums. */
export function init(world, ctx) {
  const now = ctx && typeof ctx.now === 'number' ? ctx.now : 0;
  const photos = ((world && world.photos) || []).map((p) => ({
    id: p.id,
    taken: atMs(p.at, now) ?? now,
    favorite: Boolean(p.favorite),
    trashed: p.trashed ? atMs(p.trashed, now) : null,
  }));
  const ids = new Set(photos.map((p) => p.id));
  const albums = ((world && world.albums) || []).map((a) => ({
    id: a.id, name: String(a.name), created: atMs(a.created, now) ?? now, photos: (a.photos || []).filter((id) => ids.has(id)),
  }));
  return { data: { photos, albums }, ui: baseUi() };
}

function openPhoto(state, id) {
  const ui = state.ui;
  const photo = findPhoto(state.data, id);
  if (!photo) return state;
  if (ui.selecting) return toggleSelect(state, id);
  const source = currentSource(ui);
  if ((photo.trashed != null) !== (source.kind === 'trash')) return state;
  if (ui.screen === 'viewer') {
    ui.photo = id;
    return state;
  }
  push(ui, 'viewer', { photo: id, source });
  return state;
}

function toggleSelect(state, id) {
  const ui = state.ui;
  if (!ui.selecting || !findPhoto(state.data, id)) return state;
  ui.selected = ui.selected.includes(id) ? ui.selected.filter((x) => x !== id) : [...ui.selected, id];
  return state;
}

function addToAlbum(state, albumId, ids) {
  const album = findAlbum(state.data, albumId);
  if (!album || !ids.length) return state;
  const fresh = ids.filter((id) => !album.photos.includes(id));
  album.photos.push(...fresh);
  state.ui.notice = fresh.length ? `Added to "${album.name}"` : `Already in "${album.name}"`;
  afterBulk(state);
  return state;
}

function createAlbum(state, action, ctx) {
  const ui = state.ui;
  const dialog = ui.dialog;
  if (!dialog || dialog.kind !== 'new_album') return state;
  const name = String(action.name ?? ui.drafts.album_name ?? '').trim();
  const error = albumNameError(state.data, name);
  if (error) {
    ui.errors = { album_name: error };
    return state;
  }
  const ids = dialog.add ? dialog.photos.filter((id) => findPhoto(state.data, id)) : [];
  const album = { id: ctx.uid('al'), name, created: ctx.now, photos: ids };
  state.data.albums.push(album);
  ui.dialog = null;
  ui.errors = {};
  ui.drafts.album_name = '';
  if (dialog.add) {
    ui.notice = `Added to "${name}"`;
    afterBulk(state);
  } else {
    push(ui, 'album', { album: album.id });
  }
  return state;
}

function renameAlbum(state, action) {
  const ui = state.ui;
  const dialog = ui.dialog;
  if (!dialog || dialog.kind !== 'rename') return state;
  const album = findAlbum(state.data, dialog.album);
  if (!album) return state;
  const name = String(action.name ?? ui.drafts.album_name ?? '').trim();
  const error = albumNameError(state.data, name, album.id);
  if (error) {
    ui.errors = { album_name: error };
    return state;
  }
  album.name = name;
  ui.dialog = null;
  ui.errors = {};
  return state;
}

function removeFromAlbum(state, action) {
  const ui = state.ui;
  const albumId = action.album ?? (ui.screen === 'album' ? ui.album : ui.source && ui.source.kind === 'album' ? ui.source.album : null);
  const album = findAlbum(state.data, albumId);
  const ids = targets(state, action);
  if (!album || !ids.length) return state;
  const before = album.photos.length;
  album.photos = album.photos.filter((id) => !ids.includes(id));
  if (album.photos.length === before) return state;
  ui.notice = `Removed from "${album.name}"`;
  afterBulk(state);
  if (ui.screen === 'viewer' && ui.source && ui.source.kind === 'album' && ui.source.album === album.id) pop(state);
  return state;
}

function trash(state, ids, ctx) {
  const ui = state.ui;
  let n = 0;
  for (const id of ids) {
    const p = findPhoto(state.data, id);
    if (p && p.trashed == null) { p.trashed = ctx.now; n += 1; }
  }
  ui.dialog = null;
  if (!n) return state;
  ui.notice = n === 1 ? 'Moved to trash' : `${n} photos moved to trash`;
  afterBulk(state);
  if (ui.screen === 'viewer') pop(state);
  return state;
}

function deleteForever(state, ids) {
  const ui = state.ui;
  const gone = new Set(ids.filter((id) => { const p = findPhoto(state.data, id); return p && p.trashed != null; }));
  ui.dialog = null;
  if (!gone.size) return state;
  state.data.photos = state.data.photos.filter((p) => !gone.has(p.id));
  for (const a of state.data.albums) a.photos = a.photos.filter((id) => !gone.has(id));
  ui.notice = gone.size === 1 ? 'Deleted forever' : `${gone.size} photos deleted forever`;
  if (ui.screen === 'viewer') pop(state);
  return state;
}

function share(state, action, ctx) {
  const ui = state.ui;
  const id = typeof action.photo === 'string' ? action.photo : ui.photo;
  const photo = findPhoto(state.data, id);
  const w = worldPhoto(ctx.world, id);
  ui.sheet = null;
  if (!photo || !w || photo.trashed != null) return state;
  if (action.to === 'messages') {
    if (!ctx.peek('messages')) { ui.notice = 'Messages is not available'; return state; }
    ctx.open('messages', { text: w.label });
  } else if (action.to === 'email') {
    if (!ctx.peek('email')) { ui.notice = 'Email is not available'; return state; }
    ctx.open('email', { compose: { subject: w.label, body: '', attachments: [fileName(photo.taken)] } });
  }
  return state;
}

function handleIntent(state, action) {
  const ui = state.ui;
  const photo = findPhoto(state.data, action.photo);
  if (photo) {
    toRoot(ui, photo.trashed != null ? 'albums' : 'photos');
    if (photo.trashed != null) push(ui, 'trash');
    push(ui, 'viewer', { photo: photo.id, source: photo.trashed != null ? { kind: 'trash' } : { kind: 'all' } });
  } else if (action.album === 'favorites' || findAlbum(state.data, action.album)) {
    toRoot(ui, 'albums');
    push(ui, 'album', { album: action.album });
  }
  return state;
}

/** Apply an action; null for actions this app does not handle (and `back` at a root screen). */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state);
  const a = action || {};
  const data = state.data;
  ui.notice = null;
  switch (a.type) {
    case 'back':
      if (ui.dialog) { ui.dialog = null; ui.errors = {}; return state; }
      if (ui.sheet) { ui.sheet = null; return state; }
      if (ui.selecting) { ui.selecting = false; ui.selected = []; return state; }
      if (ui.info && ui.screen === 'viewer') { ui.info = false; return state; }
      return pop(state) ? state : null;
    case 'intent':
      return handleIntent(state, a);
    case 'tab':
      if (ROOTS.includes(a.tab)) toRoot(ui, a.tab);
      return state;
    case 'open':
      return openPhoto(state, a.photo);
    case 'next':
    case 'prev': {
      if (ui.screen !== 'viewer') return state;
      const order = viewerOrder(data, ctx.world, ui.source, ui.photo);
      const i = order.indexOf(ui.photo);
      const j = i + (a.type === 'next' ? 1 : -1);
      if (i >= 0 && j >= 0 && j < order.length && findPhoto(data, order[j])) ui.photo = order[j];
      return state;
    }
    case 'album':
      if (a.album === 'favorites' || findAlbum(data, a.album)) push(ui, 'album', { album: a.album });
      return state;
    case 'show_trash':
      push(ui, 'trash');
      return state;
    case 'search':
      push(ui, 'search');
      ui.drafts.search = '';
      return state;
    case 'set_query':
      if (ui.screen === 'search') ui.drafts.search = String(a.query ?? '');
      return state;
    case 'info':
      if (ui.screen === 'viewer') ui.info = typeof a.value === 'boolean' ? a.value : !ui.info;
      return state;
    case 'favorite': {
      const ids = targets(state, a).filter((id) => findPhoto(data, id).trashed == null);
      if (!ids.length) return state;
      const bulk = ui.selecting && typeof a.photo !== 'string';
      for (const id of ids) {
        const p = findPhoto(data, id);
        p.favorite = typeof a.value === 'boolean' ? a.value : (bulk ? true : !p.favorite);
      }
      if (bulk) { ui.notice = `${ids.length} added to favorites`; afterBulk(state); }
      return state;
    }
    case 'select':
      if (SELECTABLE.includes(ui.screen)) { ui.selecting = true; ui.selected = []; ui.sheet = null; }
      return state;
    case 'toggle_select':
      return toggleSelect(state, a.photo);
    case 'select_all': {
      if (!ui.selecting) return state;
      const ids = sourcePhotos(data, ctx.world, currentSource(ui)).map((p) => p.id);
      ui.selected = ids.length && ids.every((id) => ui.selected.includes(id)) ? [] : ids;
      return state;
    }
    case 'select_cancel':
      ui.selecting = false;
      ui.selected = [];
      return state;
    case 'sheet':
      if (['album', 'share'].includes(a.kind) && targets(state, {}).length && !(a.kind === 'share' && ui.selecting)) {
        ui.sheet = a.kind;
        ui.dialog = null;
      }
      return state;
    case 'close_sheet':
      ui.sheet = null;
      return state;
    case 'add_to_album':
      return addToAlbum(state, a.album, targets(state, a));
    case 'new_album': {
      const add = Boolean(a.add);
      const photos = add ? targets(state, {}) : [];
      if (add && !photos.length) return state;
      ui.sheet = null;
      ui.dialog = { kind: 'new_album', add, photos };
      ui.drafts.album_name = '';
      ui.errors = {};
      return state;
    }
    case 'create_album':
      return createAlbum(state, a, ctx);
    case 'rename_album': {
      const album = ui.screen === 'album' && !ui.dialog && (a.album ?? ui.album) === ui.album ? findAlbum(data, ui.album) : null;
      if (!album) return state;
      ui.dialog = { kind: 'rename', album: album.id };
      ui.drafts.album_name = album.name;
      ui.errors = {};
      return state;
    }
    case 'save_album_name':
      return renameAlbum(state, a);
    case 'ask_delete_album': {
      const album = ui.screen === 'album' && !ui.dialog && (a.album ?? ui.album) === ui.album ? findAlbum(data, ui.album) : null;
      if (album) ui.dialog = { kind: 'delete_album', album: album.id };
      return state;
    }
    case 'confirm_delete_album': {
      const id = ui.dialog && ui.dialog.kind === 'delete_album' ? ui.dialog.album : null;
      const album = findAlbum(data, id);
      ui.dialog = null;
      if (!album) return state;
      data.albums = data.albums.filter((x) => x.id !== id);
      ui.notice = `Album "${album.name}" deleted`;
      if (ui.screen === 'album' && ui.album === id && !pop(state)) toRoot(ui, 'albums');
      return state;
    }
    case 'remove_from_album':
      return removeFromAlbum(state, a);
    case 'ask_trash': {
      const ids = targets(state, a).filter((id) => findPhoto(data, id).trashed == null);
      if (ids.length) { ui.dialog = { kind: 'trash', photos: ids }; ui.sheet = null; }
      return state;
    }
    case 'confirm_trash':
      return ui.dialog && ui.dialog.kind === 'trash' ? trash(state, ui.dialog.photos, ctx) : state;
    case 'restore': {
      const ids = targets(state, a).filter((id) => findPhoto(data, id).trashed != null);
      if (!ids.length) return state;
      for (const id of ids) findPhoto(data, id).trashed = null;
      ui.notice = ids.length === 1 ? 'Photo restored' : `${ids.length} photos restored`;
      if (ui.screen === 'viewer') pop(state);
      return state;
    }
    case 'ask_delete_forever': {
      const ids = targets(state, a).filter((id) => findPhoto(data, id).trashed != null);
      if (ids.length) ui.dialog = { kind: 'delete_forever', photos: ids };
      return state;
    }
    case 'confirm_delete_forever':
      return ui.dialog && ui.dialog.kind === 'delete_forever' ? deleteForever(state, ui.dialog.photos) : state;
    case 'ask_empty_trash':
      if (data.photos.some((p) => p.trashed != null)) ui.dialog = { kind: 'empty_trash' };
      return state;
    case 'confirm_empty_trash':
      if (!ui.dialog || ui.dialog.kind !== 'empty_trash') return state;
      return deleteForever(state, data.photos.filter((p) => p.trashed != null).map((p) => p.id));
    case 'cancel':
      ui.dialog = null;
      ui.errors = {};
      return state;
    case 'share':
      return share(state, a, ctx);
    case 'dismiss':
      return state;
    default:
      return null;
  }
}
