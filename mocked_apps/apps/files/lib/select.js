// Pure selectors of the Files app: constants, entry lookups, sorting, labels, storage and name rules.
import { compareText, fold, matchesQuery } from '../../../runtime/core/text.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const ROOT = 'root';
export const SORT_KEYS = ['name', 'size', 'date'];
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
  const byName = (a, b) => compareText(a.name.toLowerCase(), b.name.toLowerCase()) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
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

/** Return the live entries whose name contains `query` (case and accents aside: "resume" finds "Résumé.pdf"), folders
 * first, by name. */
export function searchEntries(data, query) {
  const q = fold(query).trim();
  if (!q) return [];
  return sortEntries(data.entries.filter((e) => !e.trashed && isLive(data, e) && matchesQuery(q, [e.name])));
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