// Moving emails between folders: the move itself, where a restored email goes and the move targets.

import { full, isMine, worldEmail } from './select.js';

export function moveTo(state, rec, folder) {
  if (!rec || rec.folder === folder) return false;
  if (folder === 'trash') rec.prev = rec.folder;
  else delete rec.prev;
  rec.folder = folder;
  return true;
}

export function restoreFolder(world, rec) {
  if (rec.prev && rec.prev !== 'trash') return rec.prev;
  const w = worldEmail(world, rec.id);
  if (w && w.folder && w.folder !== 'trash' && !rec.own) return w.folder;
  return isMine(world, full(world, rec)) ? 'sent' : 'inbox';
}

/** The folders an email can be moved to from its current one. */
export function moveTargets(world, rec) {
  if (!rec) return [];
  const e = full(world, rec);
  let options;
  if (rec.folder === 'drafts') options = ['trash'];
  else if (isMine(world, e)) options = ['sent', 'trash'];
  else options = ['inbox', 'archive', 'trash'];
  if (rec.folder === 'trash') options = [restoreFolder(world, rec)];
  return options.filter((f) => f !== rec.folder);
}
