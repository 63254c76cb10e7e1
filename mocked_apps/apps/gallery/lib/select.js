// Pure selectors of the Gallery app, shared by the reducer, the view and the tests.
// A photo's looks (scene, label, place, size) live in the world; the state keeps
// what the user changes: favorite, trash time, albums.

import { matchesQuery } from '../../../runtime/core/text.js';

export const DAY_MS = 86400000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (n) => String(n).padStart(2, '0');

/**
 * Return the virtual ms of a relative world time "<dayOffset> HH:MM" ("-27 08:10": 27 days
 * before the day of `now`, at 08:10), or null when the text is not one.
 */
export function atMs(spec, now) {
  const m = /^\s*([+-]?\d+)\s+(\d{1,2}):(\d{2})\s*$/.exec(String(spec ?? ''));
  if (!m) return null;
  const day = Math.floor(now / DAY_MS) + Number(m[1]);
  return day * DAY_MS + (Number(m[2]) * 60 + Number(m[3])) * 60000;
}

/** Return the world record of a photo id (label, place, kb, portrait, scene), or null. */
export function worldPhoto(world, id) {
  return ((world && world.photos) || []).find((p) => p.id === id) || null;
}

/** Return the photo (state record) with `id`, or null. */
export function findPhoto(data, id) {
  return (typeof id === 'string' && (data.photos || []).find((p) => p.id === id)) || null;
}

/** Return the album with `id`, or null. */
export function findAlbum(data, id) {
  return (typeof id === 'string' && (data.albums || []).find((a) => a.id === id)) || null;
}

const newestFirst = (a, b) => (b.taken - a.taken) || (a.id < b.id ? 1 : -1);

/** Return the photos that are not in the trash, newest first. */
export function libraryPhotos(data) {
  return (data.photos || []).filter((p) => p.trashed == null).sort(newestFirst);
}

/** Return the trashed photos, most recently trashed first. */
export function trashPhotos(data) {
  return (data.photos || []).filter((p) => p.trashed != null).sort((a, b) => (b.trashed - a.trashed) || newestFirst(a, b));
}

/** Return the favorite photos not in the trash, newest first. */
export function favoritePhotos(data) {
  return libraryPhotos(data).filter((p) => p.favorite);
}

/** Return the photos of an album that are not in the trash, newest first ([] for an unknown album). */
export function albumPhotos(data, albumId) {
  if (albumId === 'favorites') return favoritePhotos(data);
  const album = findAlbum(data, albumId);
  if (!album) return [];
  const ids = new Set(album.photos);
  return libraryPhotos(data).filter((p) => ids.has(p.id));
}

/** Return the library photos whose label or place contains `query` (accents and case ignored); none for a blank query. */
export function searchPhotos(data, world, query) {
  if (!String(query ?? '').trim()) return [];
  return libraryPhotos(data).filter((p) => {
    const w = worldPhoto(world, p.id);
    return w && matchesQuery(query, [w.label, w.place]);
  });
}

/** Return the distinct places of the library photos, most recent first. */
export function places(data, world) {
  const out = [];
  for (const p of libraryPhotos(data)) {
    const w = worldPhoto(world, p.id);
    if (w && !out.includes(w.place)) out.push(w.place);
  }
  return out;
}

/** Return the photos a viewer source shows, in order: {kind: all|favorites|album|search|trash, album?, query?}. */
export function sourcePhotos(data, world, source) {
  const s = source || { kind: 'all' };
  if (s.kind === 'album') return albumPhotos(data, s.album);
  if (s.kind === 'favorites') return favoritePhotos(data);
  if (s.kind === 'search') return searchPhotos(data, world, s.query);
  if (s.kind === 'trash') return trashPhotos(data);
  return libraryPhotos(data);
}

/**
 * Return the photo ids the viewer steps through (prev / next): its source's photos, plus the photo on screen
 * at its place when it has just left that source (unfavorited while viewing Favorites), so the viewer can move on.
 */
export function viewerOrder(data, world, source, photoId) {
  const ids = sourcePhotos(data, world, source).map((p) => p.id);
  if (ids.includes(photoId) || !findPhoto(data, photoId)) return ids;
  const keep = new Set([...ids, photoId]);
  const all = source && source.kind === 'trash' ? trashPhotos(data) : libraryPhotos(data);
  return all.filter((p) => keep.has(p.id)).map((p) => p.id);
}

/** Return the albums that hold photo `id` (names in album order). */
export function albumsOf(data, id) {
  return (data.albums || []).filter((a) => a.photos.includes(id));
}

/** Return the day heading of a time: "Today", "Yesterday", "Wed, Mar 11", or with the year when it differs. */
export function dayHeading(ms, now) {
  const day = Math.floor(ms / DAY_MS);
  const today = Math.floor(now / DAY_MS);
  if (day === today) return 'Today';
  if (day === today - 1) return 'Yesterday';
  const d = new Date(ms);
  const year = d.getUTCFullYear() !== new Date(now).getUTCFullYear() ? `, ${d.getUTCFullYear()}` : '';
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}${year}`;
}

/** Group photos (already sorted newest first) by day: [[heading, photos], ...]. */
export function groupByDay(photos, now) {
  const groups = [];
  let last = null;
  for (const p of photos) {
    const day = Math.floor(p.taken / DAY_MS);
    if (day !== last) groups.push([dayHeading(p.taken, now), []]);
    last = day;
    groups[groups.length - 1][1].push(p);
  }
  return groups;
}

/** Return "Sat, Mar 14, 2026 · 08:12" for a time. */
export function longDate(ms) {
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()} · ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Return the file name of a photo taken at `ms`: "IMG_20260314_0812.jpg". */
export function fileName(ms) {
  const d = new Date(ms);
  return `IMG_${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}_${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}.jpg`;
}

/** Return a size in kB as "2.8 MB" / "940 KB". */
export function formatSize(kb) {
  const n = Number(kb) || 0;
  return n >= 1000 ? `${(n / 1000).toFixed(1)} MB` : `${n} KB`;
}

/** Return the pixel size of a photo: "4032 × 3024" (landscape) or "3024 × 4032" (portrait). */
export function resolution(w) {
  return w && w.portrait ? '3024 × 4032' : '4032 × 3024';
}

/** Return how many whole days a trashed photo has left before it is removed (never below 0). */
export function daysLeft(trashed, now, retention = 30) {
  return Math.max(0, retention - Math.floor((now - trashed) / DAY_MS));
}

/** Return an error text for an album name, or null when it is fine (`except`: the album being renamed). */
export function albumNameError(data, name, except = null) {
  const n = String(name ?? '').trim();
  if (!n) return 'Enter a name';
  if (n.length > 40) return 'Use 40 characters or fewer';
  if (['favorites', 'trash'].includes(n.toLowerCase())) return `"${n}" is a reserved name`;
  if ((data.albums || []).some((a) => a.id !== except && a.name.toLowerCase() === n.toLowerCase())) return 'An album with this name already exists';
  return null;
}
