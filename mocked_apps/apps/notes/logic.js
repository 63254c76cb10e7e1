// Notes: text notes with optional checklists, in folders. A list (pinned first,
// then by edit time) with folder chips and search, an editor that saves as you go,
// pin, move to folder, trash with restore / delete forever / empty trash, and a
// hand-off that shares a note to Messages.

import { toMs, findNote, findFolder, shareText, folderError, folderName, notesIn, searchNotes, trashed } from './lib/select.js';

export * from './lib/select.js';

const SCREENS = ['list', 'editor', 'trash'];
const MAX_TITLE = 80;

// ------------------------------------------------------------------ state

/** Return the initial state: the world's folders and notes (copied, times as virtual ms), the list open. */
export function init(world) {
  const folders = (world.folders || []).map((f) => ({ id: f.id, name: f.name }));
  const notes = (world.notes || []).map((n) => ({
    id: n.id, title: n.title || '', body: n.body || '', items: (n.items || []).map((i) => ({ id: i.id, text: i.text, done: Boolean(i.done) })),
    folder: n.folder || null, pinned: Boolean(n.pinned), trashed: Boolean(n.trashed), updated: toMs(n.updated),
  }));
  return { data: { folders, notes }, ui: freshUi() };
}

function freshUi() {
  return { screen: 'list', stack: [], folder: 'all', note: null, sheet: null, dialog: null, notice: null, drafts: {} };
}

function ensureUi(state) {
  const ui = state.ui = { ...freshUi(), ...(state.ui || {}) };
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'list';
  state.data.notes = Array.isArray(state.data.notes) ? state.data.notes : [];
  state.data.folders = Array.isArray(state.data.folders) ? state.data.folders : [];
  if (ui.folder !== 'all' && !findFolder(state.data, ui.folder)) ui.folder = 'all';
  return ui;
}

function uniqueId(ctx, prefix, taken) {
  let id = ctx.uid(prefix);
  while (taken(id)) id = ctx.uid(prefix);
  return id;
}

function itemTaken(data, id) {
  return data.notes.some((n) => n.items.some((i) => i.id === id));
}

/** Mark a note as just edited: newest time, front of the array. */
function touch(data, note, ctx) {
  note.updated = ctx.now;
  data.notes = [note, ...data.notes.filter((n) => n !== note)];
}

/** The note open in the editor (live only), or undefined. */
function openNote(state) {
  const n = state.ui.screen === 'editor' ? findNote(state.data, state.ui.note) : undefined;
  return n && !n.trashed ? n : undefined;
}

/** The note open in the editor when `id` is absent or names it and nothing is over the editor (its Pin, Share and
 * Delete buttons are only there); else undefined. A note of another screen is not acted on unseen. */
function shownNote(state, id) {
  const { ui } = state;
  if (ui.dialog || ui.sheet || (id !== undefined && id !== ui.note)) return undefined;
  return openNote(state);
}

/** Note `id` when a row on screen shows it: the list's (the search's hits while a query is typed, else the folder's) or,
 * with `trash`, the trash screen's; nothing over it; else undefined. */
function listedNote(state, id, { trash = false } = {}) {
  const { data, ui } = state;
  if (ui.dialog || ui.sheet || ui.screen !== (trash ? 'trash' : 'list')) return undefined;
  if (trash) return trashed(data).find((n) => n.id === id);
  const query = String(ui.drafts.search ?? '');
  return (query.trim() ? searchNotes(data, query) : notesIn(data, ui.folder)).find((n) => n.id === id);
}

/** Write the editor's title/body drafts into the open note; true when something changed. */
function flush(state, ctx) {
  const n = openNote(state);
  const { drafts } = state.ui;
  if (!n) return false;
  const title = String(drafts.title ?? n.title).slice(0, MAX_TITLE);
  const body = String(drafts.body ?? n.body);
  if (title === n.title && body === n.body) return false;
  n.title = title;
  n.body = body;
  touch(state.data, n, ctx);
  return true;
}

function isBlank(n) {
  return !n.title.trim() && !n.body.trim() && !n.items.length;
}

function showEditor(ui, note) {
  ui.note = note.id;
  ui.drafts.title = note.title;
  ui.drafts.body = note.body;
  ui.drafts.new_item = '';
  ui.sheet = null;
  ui.dialog = null;
}

/** Leave the editor (saving it; a blank note is dropped). */
function closeEditor(state, ctx) {
  const { ui, data } = state;
  flush(state, ctx);
  const n = findNote(data, ui.note);
  if (n && isBlank(n)) data.notes = data.notes.filter((x) => x !== n);
  for (const k of ['title', 'body', 'new_item']) delete ui.drafts[k];
  const prev = ui.stack.pop();
  Object.assign(ui, { screen: prev ? prev.screen : 'list', note: null, sheet: null, dialog: null });
}

function onIntent(state, action, ctx) {
  const { ui, data } = state;
  if (ui.screen === 'editor') closeEditor(state, ctx);
  if (typeof action.note_id === 'string') {
    const n = findNote(data, action.note_id);
    if (!n || n.trashed) return state;
    Object.assign(ui, { screen: 'editor', stack: [{ screen: 'list' }] });
    showEditor(ui, n);
    return state;
  }
  if (action.create && typeof action.create === 'object') {
    const c = action.create;
    const items = Array.isArray(c.items) ? c.items.filter((t) => String(t ?? '').trim()).map((t) => ({
      id: uniqueId(ctx, 'it', (id) => itemTaken(data, id)), text: String(t).trim(), done: false })) : [];
    const note = {
      id: uniqueId(ctx, 'nn', (id) => Boolean(findNote(data, id))), title: String(c.title ?? '').slice(0, MAX_TITLE),
      body: String(c.body ?? ''), items, folder: findFolder(data, c.folder) ? c.folder : null, pinned: false, trashed: false, updated: ctx.now,
    };
    data.notes.unshift(note);
    Object.assign(ui, { screen: 'editor', stack: [{ screen: 'list' }] });
    showEditor(ui, note);
    ui.notice = 'Saved to Notes';
  }
  return state;
}

// ---------------------------------------------------------------- reducer

/**
 * Apply an action. Actions: intent, folder {folder}, search {query}, clear_search, open {id}, new, done,
 * toggle_item {item}, add_item {text?}, remove_item {item}, pin {id?}, folder_sheet, move_to {folder},
 * close_sheet, delete {id?}, share {id?}, trash_view, restore {id}, purge {id}, confirm_purge, empty_trash,
 * confirm_empty, new_folder, create_folder, close_dialog, back.
 */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state);
  const { data } = state;
  const a = action || {};
  if (a.type !== 'intent') ui.notice = null;
  switch (a.type) {
    case 'intent':
      return onIntent(state, a, ctx);
    case 'folder':
      if (ui.screen !== 'list' || (a.folder !== 'all' && !findFolder(data, a.folder))) return state;
      ui.folder = a.folder;
      return state;
    case 'search':
      ui.drafts.search = String(a.query ?? '');
      return state;
    case 'clear_search':
      ui.drafts.search = '';
      return state;
    case 'open': {
      const n = listedNote(state, a.id);
      if (!n) return state;
      ui.stack.push({ screen: ui.screen });
      ui.screen = 'editor';
      showEditor(ui, n);
      return state;
    }
    case 'new': {
      if (ui.screen !== 'list') return state;
      const note = { id: uniqueId(ctx, 'nn', (id) => Boolean(findNote(data, id))), title: '', body: '', items: [],
        folder: ui.folder === 'all' ? null : ui.folder, pinned: false, trashed: false, updated: ctx.now };
      data.notes.unshift(note);
      ui.stack.push({ screen: ui.screen });
      ui.screen = 'editor';
      showEditor(ui, note);
      return state;
    }
    case 'done':
      if (ui.screen !== 'editor') return state;
      closeEditor(state, ctx);
      return state;
    case 'toggle_item': {
      const n = openNote(state);
      const item = n && n.items.find((i) => i.id === a.item);
      if (!item) return state;
      flush(state, ctx);
      item.done = typeof a.value === 'boolean' ? a.value : !item.done;
      touch(data, n, ctx);
      return state;
    }
    case 'add_item': {
      const n = openNote(state);
      const text = String(a.text ?? ui.drafts.new_item ?? '').trim();
      if (!n || !text) return state;
      flush(state, ctx);
      n.items.push({ id: uniqueId(ctx, 'it', (id) => itemTaken(data, id)), text: text.slice(0, 120), done: false });
      if (a.text === undefined) ui.drafts.new_item = '';
      touch(data, n, ctx);
      return state;
    }
    case 'remove_item': {
      const n = openNote(state);
      if (!n || !n.items.some((i) => i.id === a.item)) return state;
      flush(state, ctx);
      n.items = n.items.filter((i) => i.id !== a.item);
      touch(data, n, ctx);
      return state;
    }
    case 'pin': {
      const n = shownNote(state, a.id);
      if (!n || n.trashed) return state;
      flush(state, ctx);
      n.pinned = typeof a.value === 'boolean' ? a.value : !n.pinned;
      ui.notice = n.pinned ? 'Pinned' : 'Unpinned';
      return state;
    }
    case 'folder_sheet':
      if (!openNote(state)) return state;
      ui.sheet = 'folder';
      return state;
    case 'move_to': {
      const n = openNote(state);
      const folder = a.folder === null || a.folder === 'none' ? null : a.folder;
      if (!n || (folder !== null && !findFolder(data, folder))) return state;
      flush(state, ctx);
      n.folder = folder;
      ui.sheet = null;
      ui.notice = folder ? `Moved to ${findFolder(data, folder).name}` : 'Removed from folder';
      return state;
    }
    case 'close_sheet':
      ui.sheet = null;
      return state;
    case 'delete': {
      const n = shownNote(state, a.id);
      if (!n || n.trashed) return state;
      if (ui.screen === 'editor' && ui.note === n.id) {
        closeEditor(state, ctx);
        if (!findNote(data, n.id)) return state; // a blank note is simply dropped
      }
      n.trashed = true;
      n.pinned = false;
      ui.notice = 'Moved to trash';
      return state;
    }
    case 'share': {
      const n = shownNote(state, a.id);
      if (!n || n.trashed) return state;
      flush(state, ctx);
      if (!ctx.peek('messages')) {
        ui.notice = 'Messages is not available';
        return state;
      }
      ctx.open('messages', { text: shareText(n) });
      return state;
    }
    case 'trash_view':
      if (ui.screen !== 'list') return state;
      ui.stack.push({ screen: 'list' });
      Object.assign(ui, { screen: 'trash', dialog: null });
      return state;
    case 'restore': {
      const n = listedNote(state, a.id, { trash: true });
      if (!n || !n.trashed) return state;
      n.trashed = false;
      ui.notice = `Restored “${n.title || 'Untitled'}”`;
      return state;
    }
    case 'purge': {
      const n = listedNote(state, a.id, { trash: true });
      if (!n || !n.trashed) return state;
      ui.dialog = { kind: 'purge', note: n.id };
      return state;
    }
    case 'confirm_purge': {
      const id = ui.dialog && ui.dialog.kind === 'purge' ? ui.dialog.note : null;
      ui.dialog = null;
      const n = findNote(data, id);
      if (!n || !n.trashed) return state;
      data.notes = data.notes.filter((x) => x.id !== id);
      ui.notice = 'Deleted forever';
      return state;
    }
    case 'empty_trash':
      if (ui.screen !== 'trash' || !data.notes.some((n) => n.trashed)) return state;
      ui.dialog = { kind: 'empty' };
      return state;
    case 'confirm_empty':
      if (!ui.dialog || ui.dialog.kind !== 'empty') return state;
      ui.dialog = null;
      data.notes = data.notes.filter((n) => !n.trashed);
      ui.notice = 'Trash emptied';
      return state;
    case 'new_folder':
      if (ui.screen !== 'list' && !(ui.screen === 'editor' && ui.sheet === 'folder')) return state;
      ui.dialog = { kind: 'folder', error: null };
      ui.drafts.folder_name = '';
      return state;
    case 'create_folder': {
      if (!ui.dialog || ui.dialog.kind !== 'folder') return state;
      const name = folderName(ui.drafts.folder_name);
      const error = folderError(name, data.folders);
      if (error) {
        ui.dialog = { kind: 'folder', error };
        return state;
      }
      const id = uniqueId(ctx, 'fo', (x) => Boolean(findFolder(data, x)));
      data.folders.push({ id, name });
      ui.dialog = null;
      delete ui.drafts.folder_name;
      const n = openNote(state);
      if (n && ui.sheet === 'folder') {
        flush(state, ctx);
        n.folder = id;
        ui.sheet = null;
        ui.notice = `Moved to ${name}`;
      } else if (ui.screen === 'list') {
        ui.folder = id;
      }
      return state;
    }
    case 'close_dialog':
      ui.dialog = null;
      delete ui.drafts.folder_name;
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
      if (ui.screen === 'editor') {
        closeEditor(state, ctx);
        return state;
      }
      if (ui.screen === 'trash') {
        const prev = ui.stack.pop();
        ui.screen = prev ? prev.screen : 'list';
        return state;
      }
      return null;
    default:
      return null;
  }
}
