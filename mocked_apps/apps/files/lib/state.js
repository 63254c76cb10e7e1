// Reducer helpers of the Files app: the ui shape, the screen stack, new ids, action targets and the move/copy picker.

import {
  ROOT, SORT_KEYS, children, descendants, findEntry, freeName, isFolder, isLive, nameError, searchEntries,
} from './select.js';

const SCREENS = ['browse', 'search', 'trash', 'storage', 'pick'];

export function isoDate(ms) {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

export function freshUi() {
  return { screen: 'browse', stack: [], folder: ROOT, sort: { key: 'name', dir: 'asc' }, select: null, sheet: null, dialog: null,
    pick: null, notice: null, drafts: {} };
}

export function ensureUi(state) {
  const ui = state.ui = { ...freshUi(), ...(state.ui || {}) };
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'browse';
  if (!ui.sort || !SORT_KEYS.includes(ui.sort.key)) ui.sort = { key: 'name', dir: 'asc' };
  state.data.entries = Array.isArray(state.data.entries) ? state.data.entries : [];
  if (!isFolder(state.data, ui.folder)) ui.folder = ROOT;
  if (ui.select !== null && !Array.isArray(ui.select)) ui.select = null;
  return ui;
}

export function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, folder: ui.folder });
  Object.assign(ui, { screen, sheet: null, dialog: null, select: null }, extra);
}

export function pop(state) {
  const { ui, data } = state;
  if (ui.screen === 'search') delete ui.drafts.search;
  if (ui.screen === 'pick') ui.pick = null;
  const prev = ui.stack.pop();
  if (!prev) return false;
  Object.assign(ui, { screen: prev.screen, folder: isFolder(data, prev.folder) ? prev.folder : ROOT, sheet: null, dialog: null, select: null });
  return true;
}

export function newId(data, ctx, prefix) {
  let id = ctx.uid(prefix);
  while (findEntry(data, id)) id = ctx.uid(prefix);
  return id;
}

/** The live entry an action targets: the one of the open sheet/dialog, whose rows are the only buttons that name an
 * entry (an `action.id`, if given, must be it: another entry is not acted on unseen). */
export function target(state, action) {
  const { data, ui } = state;
  const shown = (ui.sheet && ui.sheet.id) ?? (ui.dialog && ui.dialog.id);
  if (action.id !== undefined && action.id !== shown) return undefined;
  const e = findEntry(data, shown);
  return e && isLive(data, e) ? e : undefined;
}

/** The live entry `id` when a row on screen lists it (the open folder's, or the search's hits), else undefined. */
export function listedEntry(state, id) {
  const { data, ui } = state;
  const rows = ui.screen === 'browse' ? children(data, ui.folder)
    : ui.screen === 'search' ? searchEntries(data, ui.drafts.search ?? '') : [];
  return rows.find((e) => e.id === id && isLive(data, e));
}

function copyInto(data, ctx, entry, dest, name) {
  const id = newId(data, ctx, 'cp');
  data.entries.push({ ...entry, id, parent: dest, name, modified: isoDate(ctx.now), trashed: false });
  if (entry.folder) {
    for (const c of data.entries.filter((x) => x.parent === entry.id && !x.trashed)) copyInto(data, ctx, c, id, c.name);
  }
  return id;
}

/** The live entries a pick (move/copy) works on. */
function pickEntries(data, pick) {
  return (pick.ids || []).map((id) => findEntry(data, id)).filter((e) => e && isLive(data, e));
}

export function finishPick(state, ctx) {
  const { data, ui } = state;
  const pick = ui.pick;
  const list = pick ? pickEntries(data, pick) : [];
  if (!list.length || !isFolder(data, pick.at)) return state;
  const dest = pick.at;
  const destName = dest === ROOT ? 'Files' : findEntry(data, dest).name;
  const what = list.length === 1 ? `“${list[0].name}”` : `${list.length} items`;
  for (const e of list) {
    if (e.folder && (dest === e.id || descendants(data, e.id).includes(dest))) {
      ui.notice = `A folder cannot be ${pick.mode === 'move' ? 'moved' : 'copied'} into itself`;
      return state;
    }
  }
  if (pick.mode === 'move') {
    if (list.every((e) => e.parent === dest)) {
      ui.notice = `${what} ${list.length === 1 ? 'is' : 'are'} already in ${destName}`;
      return state;
    }
    const names = new Set();
    for (const e of list) {
      const key = e.name.toLowerCase();
      if ((e.parent !== dest && nameError(data, e.name, dest, e.id)) || names.has(key)) {
        ui.notice = `${destName} already has an item named ${e.name}`;
        return state;
      }
      names.add(key);
    }
    for (const e of list) e.parent = dest;
    pop(state);
    ui.notice = `Moved ${what} to ${destName}`;
    return state;
  }
  for (const e of list) copyInto(data, ctx, e, dest, freeName(data, dest, e.name));
  pop(state);
  ui.notice = `Copied ${what} to ${destName}`;
  return state;
}