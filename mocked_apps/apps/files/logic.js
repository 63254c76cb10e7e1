// Files: a file manager over a small virtual tree. Browse folders with a breadcrumb,
// sort by name / size / date, search, file info, rename (validated), move and copy
// through a folder picker, new folders, delete to the trash, restore, delete forever,
// empty the trash, a storage summary, and sharing a file to Messages.
// Sizes are KB; dates "YYYY-MM-DD" on the virtual clock.

import {
  ROOT, SORT_KEYS, children, descendants, findEntry, freeName, isFolder, isLive, nameError, pathLabel, shareText, sortEntries,
  typeOf,
} from './lib/select.js';
import { ensureUi, finishPick, freshUi, isoDate, listedEntry, newId, pop, push, target } from './lib/state.js';

export * from './lib/select.js';

const DEFAULT_DIR = { name: 'asc', size: 'desc', date: 'desc' };

/** Return the initial state: the world's file tree (copied), the root folder open, sorted by name. */
export function init(world) {
  const entries = (world.entries || []).map((e) => ({
    id: e.id, name: e.name, parent: e.parent || ROOT, folder: Boolean(e.folder),
    type: e.folder ? 'folder' : (e.type || typeOf(e.name)), size: e.folder ? 0 : Number(e.size) || 0,
    modified: e.modified, trashed: Boolean(e.trashed),
  }));
  return { data: { entries }, ui: freshUi() };
}

// ---------------------------------------------------------------- reducer

/**
 * Apply an action. Actions: intent, open {id}, crumb {id}, sheet {id}, info {id?}, close_sheet, sort_sheet,
 * sort {key, dir?}, rename {id?}, confirm_rename, new_folder, create_folder, move {id?}, copy {id?} (without id in
 * selection mode: the selection), select_mode {id?}, toggle_select {id}, select_all, cancel_select, delete_selected,
 * pick_open {id}, pick_up, pick_here, delete {id?}, restore {id}, purge {id}, confirm_purge, empty_trash,
 * confirm_empty, share {id?}, search, trash, storage, close_dialog, back.
 */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state);
  const { data } = state;
  const a = action || {};
  if (a.type !== 'intent') ui.notice = null;
  switch (a.type) {
    case 'intent': {
      const e = findEntry(data, a.folder_id ?? a.entry_id);
      if (!e || !isLive(data, e)) return state;
      const folder = e.folder ? e.id : e.parent;
      Object.assign(ui, freshUi(), { sort: ui.sort, drafts: ui.drafts, folder, stack: folder === ROOT ? [] : [{ screen: 'browse', folder: ROOT }] });
      if (!e.folder) ui.sheet = { kind: 'info', id: e.id };
      return state;
    }
    case 'open': {
      const e = findEntry(data, a.id);
      if (!e || !isLive(data, e) || ui.dialog) return state;
      if (ui.screen === 'pick') return state;
      if (Array.isArray(ui.select) && ui.screen === 'browse') {
        if (e.parent === ui.folder) ui.select = ui.select.includes(e.id) ? ui.select.filter((id) => id !== e.id) : [...ui.select, e.id];
        return state;
      }
      if (!e.folder) {
        ui.sheet = { kind: 'info', id: e.id };
        return state;
      }
      if (ui.screen === 'search') {
        push(ui, 'browse', { folder: e.id });
        return state;
      }
      if (ui.screen !== 'browse') return state;
      push(ui, 'browse', { folder: e.id });
      return state;
    }
    case 'crumb': {
      if (ui.screen === 'pick' && ui.pick && isFolder(data, a.id)) {
        ui.pick.at = a.id;
        return state;
      }
      if (ui.screen !== 'browse' || !isFolder(data, a.id) || a.id === ui.folder) return state;
      ui.select = null;
      // Walk back down the stack to that folder when it is there, else jump.
      const idx = ui.stack.map((s) => s.screen === 'browse' && s.folder).lastIndexOf(a.id);
      if (idx >= 0) ui.stack = ui.stack.slice(0, idx);
      else ui.stack.push({ screen: 'browse', folder: ui.folder });
      Object.assign(ui, { folder: a.id, sheet: null });
      return state;
    }
    case 'sheet': {
      // A row's More button: an entry the open folder or the search lists.
      const e = listedEntry(state, a.id);
      if (!e || ui.dialog || Array.isArray(ui.select)) return state;
      ui.sheet = { kind: 'actions', id: e.id };
      return state;
    }
    case 'info': {
      const e = target(state, a);
      if (!e) return state;
      ui.sheet = { kind: 'info', id: e.id };
      return state;
    }
    case 'close_sheet':
      ui.sheet = null;
      return state;
    case 'sort_sheet':
      if (ui.screen !== 'browse') return state;
      ui.sheet = { kind: 'sort' };
      return state;
    case 'sort':
      if (!SORT_KEYS.includes(a.key)) return state;
      if (a.dir === 'asc' || a.dir === 'desc') ui.sort = { key: a.key, dir: a.dir };
      else if (ui.sort.key === a.key) ui.sort = { key: a.key, dir: ui.sort.dir === 'asc' ? 'desc' : 'asc' };
      else ui.sort = { key: a.key, dir: DEFAULT_DIR[a.key] };
      ui.sheet = null;
      return state;
    case 'rename': {
      const e = target(state, a);
      if (!e) return state;
      ui.sheet = null;
      ui.dialog = { kind: 'rename', id: e.id, error: null };
      ui.drafts.rename = e.name;
      return state;
    }
    case 'confirm_rename': {
      const d = ui.dialog;
      const e = d && d.kind === 'rename' ? findEntry(data, d.id) : null;
      if (!e || !isLive(data, e)) {
        ui.dialog = null;
        return state;
      }
      const name = String(ui.drafts.rename ?? '').trim();
      const error = nameError(data, name, e.parent, e.id);
      if (error) {
        ui.dialog = { ...d, error };
        return state;
      }
      if (name !== e.name) {
        e.name = name;
        if (!e.folder) e.type = typeOf(name);
        ui.notice = 'Renamed';
      }
      ui.dialog = null;
      delete ui.drafts.rename;
      return state;
    }
    case 'new_folder':
      if ((ui.screen !== 'browse' && ui.screen !== 'pick') || Array.isArray(ui.select)) return state;
      ui.sheet = null;
      ui.dialog = { kind: 'new_folder', error: null };
      ui.drafts.folder_name = '';
      return state;
    case 'create_folder': {
      if (!ui.dialog || ui.dialog.kind !== 'new_folder') return state;
      const name = String(ui.drafts.folder_name ?? '').trim();
      const inPick = ui.screen === 'pick' && ui.pick;
      const parent = inPick ? ui.pick.at : ui.folder;
      const error = nameError(data, name, parent);
      if (error) {
        ui.dialog = { kind: 'new_folder', error };
        return state;
      }
      const id = newId(data, ctx, 'nd');
      data.entries.push({ id, name, parent, folder: true, type: 'folder', size: 0, modified: isoDate(ctx.now), trashed: false });
      if (inPick) ui.pick.at = id;
      ui.dialog = null;
      delete ui.drafts.folder_name;
      ui.notice = `Folder “${name}” created`;
      return state;
    }
    case 'move':
    case 'copy': {
      if (ui.screen === 'pick') return state;
      if (a.id === undefined && Array.isArray(ui.select) && !ui.sheet) {
        const list = ui.select.map((id) => findEntry(data, id)).filter((e) => e && isLive(data, e));
        if (!list.length) return state;
        push(ui, 'pick', { pick: { mode: a.type, ids: list.map((e) => e.id), at: ui.folder } });
        return state;
      }
      const e = target(state, a);
      if (!e) return state;
      push(ui, 'pick', { pick: { mode: a.type, ids: [e.id], at: e.parent } });
      return state;
    }
    case 'select_mode': {
      if (ui.screen !== 'browse') return state;
      // Only an entry of the open folder starts the selection (as toggle_select): one from elsewhere would be
      // moved or trashed by the selection's actions without being on screen.
      const e = a.id !== undefined ? target(state, a) : null;
      ui.select = e && e.parent === ui.folder ? [e.id] : [];
      ui.sheet = null;
      return state;
    }
    case 'toggle_select': {
      const e = findEntry(data, a.id);
      if (!Array.isArray(ui.select) || !e || e.parent !== ui.folder || !isLive(data, e)) return state;
      ui.select = ui.select.includes(e.id) ? ui.select.filter((id) => id !== e.id) : [...ui.select, e.id];
      return state;
    }
    case 'select_all':
      if (!Array.isArray(ui.select)) return state;
      ui.select = ui.select.length === children(data, ui.folder).length ? [] : sortEntries(children(data, ui.folder), ui.sort, data).map((e) => e.id);
      return state;
    case 'cancel_select':
      if (!Array.isArray(ui.select)) return state;
      ui.select = null;
      return state;
    case 'delete_selected': {
      if (!Array.isArray(ui.select)) return state;
      const list = ui.select.map((id) => findEntry(data, id)).filter((e) => e && isLive(data, e));
      if (!list.length) return state;
      for (const e of list) e.trashed = true;
      ui.select = null;
      ui.notice = list.length === 1 ? `Moved “${list[0].name}” to the trash` : `Moved ${list.length} items to the trash`;
      return state;
    }
    case 'pick_open':
      if (ui.screen !== 'pick' || !ui.pick || !isFolder(data, a.id) || ui.pick.ids.includes(a.id)) return state;
      ui.pick.at = a.id;
      return state;
    case 'pick_up':
      if (ui.screen !== 'pick' || !ui.pick || ui.pick.at === ROOT) return state;
      ui.pick.at = findEntry(data, ui.pick.at).parent;
      return state;
    case 'pick_here':
      if (ui.screen !== 'pick') return state;
      return finishPick(state, ctx);
    case 'delete': {
      const e = target(state, a);
      if (!e) return state;
      e.trashed = true;
      ui.sheet = null;
      ui.dialog = null;
      ui.notice = `Moved “${e.name}” to the trash`;
      return state;
    }
    case 'restore': {
      const e = findEntry(data, a.id);
      if (!e || !e.trashed) return state;
      e.trashed = false;
      if (!isFolder(data, e.parent)) e.parent = ROOT;
      const name = freeName({ entries: data.entries.filter((x) => x !== e) }, e.parent, e.name);
      e.name = name;
      ui.notice = `Restored to ${pathLabel(data, e.parent)}`;
      return state;
    }
    case 'purge': {
      const e = findEntry(data, a.id);
      if (!e || !e.trashed) return state;
      ui.dialog = { kind: 'purge', id: e.id };
      return state;
    }
    case 'confirm_purge': {
      const d = ui.dialog;
      ui.dialog = null;
      const e = d && d.kind === 'purge' ? findEntry(data, d.id) : null;
      if (!e || !e.trashed) return state;
      const gone = new Set([e.id, ...descendants(data, e.id)]);
      data.entries = data.entries.filter((x) => !gone.has(x.id));
      ui.notice = 'Deleted forever';
      return state;
    }
    case 'empty_trash':
      if (ui.screen !== 'trash' || !data.entries.some((e) => e.trashed)) return state;
      ui.dialog = { kind: 'empty' };
      return state;
    case 'confirm_empty': {
      if (!ui.dialog || ui.dialog.kind !== 'empty') return state;
      ui.dialog = null;
      const gone = new Set();
      for (const e of data.entries) if (e.trashed) { gone.add(e.id); descendants(data, e.id).forEach((id) => gone.add(id)); }
      data.entries = data.entries.filter((x) => !gone.has(x.id));
      ui.notice = 'Trash emptied';
      return state;
    }
    case 'share': {
      const e = target(state, a);
      if (!e || e.folder) return state;
      ui.sheet = null;
      if (!ctx.peek('messages')) {
        ui.notice = 'Messages is not available';
        return state;
      }
      ctx.open('messages', { text: shareText(e) });
      return state;
    }
    case 'search':
      if (ui.screen === 'search' || ui.screen === 'pick') return state;
      push(ui, 'search');
      ui.drafts.search = '';
      return state;
    case 'trash':
    case 'storage':
      if (ui.screen === a.type || ui.screen === 'pick') return state;
      push(ui, a.type);
      return state;
    case 'close_dialog':
      ui.dialog = null;
      delete ui.drafts.rename;
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
      if (Array.isArray(ui.select)) {
        ui.select = null;
        return state;
      }
      return pop(state) ? state : null;
    default:
      return null;
  }
}