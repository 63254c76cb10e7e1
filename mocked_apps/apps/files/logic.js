// Files: a file manager over a small virtual tree. Browse folders with a breadcrumb,
// sort by name / size / date, search, file info, rename (validated), move and copy
// through a folder picker, new folders, delete to the trash, restore, delete forever,
// empty the trash, a storage summary, and sharing a file to Messages.
// Sizes are KB; dates "YYYY-MM-DD" on the virtual clock.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SCREENS = ['browse', 'search', 'trash', 'storage', 'pick'];
export const ROOT = 'root';
export const SORT_KEYS = ['name', 'size', 'date'];
const DEFAULT_DIR = { name: 'asc', size: 'desc', date: 'desc' };
const MAX_NAME = 80;

/** File types by extension. */
const TYPES = {
  pdf: 'pdf', doc: 'document', docx: 'document', odt: 'document', txt: 'text', md: 'text', csv: 'spreadsheet',
  xls: 'spreadsheet', xlsx: 'spreadsheet', ods: 'spreadsheet', ppt: 'presentation', pptx: 'presentation',
  jpg: 'image', jpeg: 'image', png: 'image', gif: 'image', webp: 'image', mp3: 'audio', m4a: 'audio', wav: 'audio',
  ogg: 'audio', mp4: 'video', mov: 'video', zip: 'archive', tar: 'archive', gz: 'archive',
};
/** Storage categories of file types. */
export const CATEGORIES = [
  ['documents', 'Documents', ['pdf', 'document', 'text', 'spreadsheet', 'presentation']],
  ['images', 'Images', ['image']],
  ['audio', 'Audio', ['audio']],
  ['video', 'Video', ['video']],
  ['archives', 'Archives', ['archive']],
  ['other', 'Other', ['file']],
];

// -------------------------------------------------------------- selectors

/** Return the type of a file name from its extension ("file" when unknown). */
export function typeOf(name) {
  const m = /\.([A-Za-z0-9]+)$/.exec(String(name || ''));
  return (m && TYPES[m[1].toLowerCase()]) || 'file';
}

/** Return the entry with `id`, or undefined. */
export function findEntry(data, id) {
  return (data.entries || []).find((e) => e.id === id);
}

/** Return true when the entry and all its ancestors are not in the trash. */
export function isLive(data, entry) {
  let e = entry;
  const seen = new Set();
  while (e && !seen.has(e.id)) {
    if (e.trashed) return false;
    seen.add(e.id);
    if (e.parent === ROOT) return true;
    e = findEntry(data, e.parent);
  }
  return false;
}

/** Return true when `id` is a live folder (or the root). */
export function isFolder(data, id) {
  if (id === ROOT) return true;
  const e = findEntry(data, id);
  return Boolean(e && e.folder && isLive(data, e));
}

/** Return the live children of a folder (unsorted). */
export function children(data, folder) {
  return (data.entries || []).filter((e) => e.parent === folder && !e.trashed && isLive(data, e));
}

/** Return the ids of an entry's descendants (any state). */
export function descendants(data, id) {
  const out = [];
  const walk = (pid) => {
    for (const e of data.entries) if (e.parent === pid) { out.push(e.id); if (e.folder) walk(e.id); }
  };
  walk(id);
  return out;
}

/** Return the total size (KB) of a live entry: a file's size, or the sum over a folder's live contents. */
export function sizeOf(data, entry) {
  if (!entry.folder) return entry.size;
  return children(data, entry.id).reduce((sum, c) => sum + sizeOf(data, c), 0);
}

/** Return the entries sorted: folders first, then by the sort key/direction (ties by name, then id). */
export function sortEntries(entries, { key = 'name', dir = 'asc' } = {}, data = null) {
  const byName = (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const size = (e) => (data && e.folder ? sizeOf(data, e) : e.size);
  const sign = dir === 'desc' ? -1 : 1;
  return [...entries].sort((a, b) => {
    if (a.folder !== b.folder) return a.folder ? -1 : 1;
    let c = 0;
    if (key === 'size') c = size(a) - size(b);
    else if (key === 'date') c = a.modified < b.modified ? -1 : a.modified > b.modified ? 1 : 0;
    else c = byName(a, b);
    return c * sign || byName(a, b);
  });
}

/** Return [{id, name}] from the root to `folder` (the root is {id: 'root', name: 'Files'}). */
export function pathTo(data, folder) {
  const out = [];
  let e = findEntry(data, folder);
  const seen = new Set();
  while (e && !seen.has(e.id)) {
    seen.add(e.id);
    out.unshift({ id: e.id, name: e.name });
    e = e.parent === ROOT ? null : findEntry(data, e.parent);
  }
  return [{ id: ROOT, name: 'Files' }, ...out];
}

/** Return "Files / Documents / Taxes 2025" for a folder. */
export function pathLabel(data, folder) {
  return pathTo(data, folder).map((p) => p.name).join(' / ');
}

/** Return the live entries whose name contains `query` (case-insensitive), folders first, by name. */
export function searchEntries(data, query) {
  const q = String(query ?? '').trim().toLowerCase();
  if (!q) return [];
  return sortEntries(data.entries.filter((e) => !e.trashed && isLive(data, e) && e.name.toLowerCase().includes(q)));
}

/** Return the entries in the trash (trashed themselves), most recently modified first. */
export function trashedEntries(data) {
  return sortEntries(data.entries.filter((e) => e.trashed), { key: 'date', dir: 'desc' });
}

/** Return "842 KB", "2.2 MB" or "1.1 GB" for a size in KB. */
export function sizeLabel(kb) {
  if (kb < 1024) return `${kb} KB`;
  if (kb < 1024 * 1024) return `${(kb / 1024).toFixed(1)} MB`;
  return `${(kb / 1024 / 1024).toFixed(1)} GB`;
}

/** Return "Mar 11, 2026" for "2026-03-11". */
export function dateLabel(date) {
  const [y, m, d] = String(date).split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** Return the storage summary: {used, trash, capacity, categories: [{id, label, size, count}]} (KB). */
export function storage(data, capacity = 0) {
  const categories = CATEGORIES.map(([id, label]) => ({ id, label, size: 0, count: 0 }));
  let used = 0;
  let trash = 0;
  for (const e of data.entries) {
    if (e.folder) continue;
    if (isLive(data, e)) {
      used += e.size;
      const i = CATEGORIES.findIndex(([, , types]) => types.includes(e.type));
      const c = categories[i < 0 ? categories.length - 1 : i];
      c.size += e.size;
      c.count += 1;
    } else {
      trash += e.size;
    }
  }
  return { used, trash, capacity, total: used + trash, categories };
}

/** Return the error of naming an entry `name` in `folder` (excluding `selfId`), or null when valid. */
export function nameError(data, name, folder, selfId = null) {
  const n = String(name ?? '').trim();
  if (!n) return 'Enter a name';
  if (n.includes('/')) return 'Names cannot contain “/”';
  if (n === '.' || n === '..') return 'That name is not allowed';
  if (n.length > MAX_NAME) return 'Name is too long';
  if (children(data, folder).some((e) => e.id !== selfId && e.name.toLowerCase() === n.toLowerCase())) {
    return 'An item with this name already exists here';
  }
  return null;
}

/** Return a name not used in `folder`: "a.pdf", then "a (1).pdf", "a (2).pdf", ... */
export function freeName(data, folder, name) {
  const taken = new Set(children(data, folder).map((e) => e.name.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  const m = /^(.*?)(\.[A-Za-z0-9]+)?$/.exec(name);
  const stem = m[1] || name;
  const ext = m[2] || '';
  for (let i = 1; ; i += 1) {
    const candidate = `${stem} (${i})${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** Return the text Share sends to Messages: "File: <name> (<size>)". */
export function shareText(entry) {
  return `File: ${entry.name} (${sizeLabel(entry.size)})`;
}

// ------------------------------------------------------------------ state

function isoDate(ms) {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Return the initial state: the world's file tree (copied), the root folder open, sorted by name. */
export function init(world) {
  const entries = (world.entries || []).map((e) => ({
    id: e.id, name: e.name, parent: e.parent || ROOT, folder: Boolean(e.folder),
    type: e.folder ? 'folder' : (e.type || typeOf(e.name)), size: e.folder ? 0 : Number(e.size) || 0,
    modified: e.modified, trashed: Boolean(e.trashed),
  }));
  return { data: { entries }, ui: freshUi() };
}

function freshUi() {
  return { screen: 'browse', stack: [], folder: ROOT, sort: { key: 'name', dir: 'asc' }, select: null, sheet: null, dialog: null,
    pick: null, notice: null, drafts: {} };
}

function ensureUi(state) {
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

function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, folder: ui.folder });
  Object.assign(ui, { screen, sheet: null, dialog: null, select: null }, extra);
}

function pop(state) {
  const { ui, data } = state;
  if (ui.screen === 'search') delete ui.drafts.search;
  if (ui.screen === 'pick') ui.pick = null;
  const prev = ui.stack.pop();
  if (!prev) return false;
  Object.assign(ui, { screen: prev.screen, folder: isFolder(data, prev.folder) ? prev.folder : ROOT, sheet: null, dialog: null, select: null });
  return true;
}

function newId(data, ctx, prefix) {
  let id = ctx.uid(prefix);
  while (findEntry(data, id)) id = ctx.uid(prefix);
  return id;
}

/** The live entry an action targets: action.id, else the one of the open sheet/dialog. */
function target(state, action) {
  const { data, ui } = state;
  const id = action.id ?? (ui.sheet && ui.sheet.id) ?? (ui.dialog && ui.dialog.id);
  const e = findEntry(data, id);
  return e && isLive(data, e) ? e : undefined;
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

function finishPick(state, ctx) {
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
      const e = target(state, a);
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
      const e = a.id !== undefined ? target(state, a) : null;
      ui.select = e ? [e.id] : [];
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
