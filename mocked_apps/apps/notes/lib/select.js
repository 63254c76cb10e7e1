// Pure selectors of the Notes app (lookups, list order, search, labels, share text, folder-name check),
// shared by the reducer, the view and the tests.

import { parseStamp } from '../../../runtime/core/clock.js';
import { fold } from '../../../runtime/core/text.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86400000;
const MAX_FOLDER = 30;

/** Return a world time or a number as virtual ms: an offset-less time ("2026-03-12T08:15", "2026-03-12 08:15:30")
 * is UTC on every host (clock.parseStamp); 0 for what is no timestamp. */
export function toMs(time) {
  const ms = parseStamp(time);
  return Number.isFinite(ms) ? ms : 0;
}

/** Return the note with `id`, or undefined. */
export function findNote(data, id) {
  return (data.notes || []).find((n) => n.id === id);
}

/** Return the folder with `id`, or undefined. */
export function findFolder(data, id) {
  return (data.folders || []).find((f) => f.id === id);
}

/** Return notes in list order: pinned first, then most recently edited (ties: earlier in the array first). */
export function sortNotes(notes) {
  return notes.map((n, i) => [n, i])
    .sort(([a, ia], [b, ib]) => (Number(Boolean(b.pinned)) - Number(Boolean(a.pinned))) || (b.updated - a.updated) || (ia - ib))
    .map(([n]) => n);
}

/** Return the live (not trashed) notes of a folder filter ('all' or a folder id), in list order. */
export function notesIn(data, folder = 'all') {
  return sortNotes((data.notes || []).filter((n) => !n.trashed && (folder === 'all' || n.folder === folder)));
}

/** Return the trashed notes, most recently edited first. */
export function trashed(data) {
  return sortNotes((data.notes || []).filter((n) => n.trashed));
}

/** Text as search compares it: runs of whitespace (line breaks too) read as one space, lower case, accents dropped. */
const searchable = (t) => fold(t).trim().replace(/\s+/g, ' ');

/** Return the live notes whose title, body or a checklist item contains `query` (case and accents aside: "cafe" finds
 * "Café"; extra spaces ignored). */
export function searchNotes(data, query) {
  const q = searchable(query);
  if (!q) return [];
  return notesIn(data).filter((n) => [n.title, n.body, ...n.items.map((i) => i.text)]
    .some((t) => searchable(t).includes(q)));
}

/** Return [done, total] of a note's checklist. */
export function progress(note) {
  return [note.items.filter((i) => i.done).length, note.items.length];
}

/** Return "09:30" for today, "Yesterday", else "Mar 12" (virtual clock). */
export function editedLabel(ms, now) {
  const day = Math.floor(ms / DAY_MS);
  const today = Math.floor(now / DAY_MS);
  const d = new Date(ms);
  if (day === today) return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  if (day === today - 1) return 'Yesterday';
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** Return the one-line text Share sends: "Title — line / line — ☐ item, ☑ item". */
export function shareText(note) {
  const parts = [note.title.trim() || 'Untitled'];
  const lines = String(note.body || '').split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length) parts.push(lines.join(' / '));
  if (note.items.length) parts.push(note.items.map((i) => `${i.done ? '☑' : '☐'} ${i.text}`).join(', '));
  return parts.join(' — ');
}

/** Return a folder name as it is saved: trimmed, runs of spaces made one ("Road  trips" is "Road trips"). */
export function folderName(name) {
  return String(name ?? '').trim().replace(/\s+/g, ' ');
}

/** Return the folder-name error for `name` among `folders` (null when valid). */
export function folderError(name, folders) {
  const n = folderName(name);
  if (!n) return 'Enter a folder name';
  if (n.length > MAX_FOLDER) return 'Folder name is too long';
  if (n.toLowerCase() === 'all' || n.toLowerCase() === 'trash') return 'That name is reserved';
  if (folders.some((f) => folderName(f.name).toLowerCase() === n.toLowerCase())) return 'A folder with that name exists';
  return null;
}
