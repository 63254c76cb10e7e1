import test from 'node:test';
import assert from 'node:assert/strict';
import { intentRecorder, loadDevice, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as gallery from './logic.js';

const {
  atMs, libraryPhotos, trashPhotos, favoritePhotos, albumPhotos, searchPhotos, places, groupByDay, dayHeading,
  fileName, formatSize, daysLeft, albumNameError, sourcePhotos, albumsOf, longDate, resolution,
} = gallery;

const NOW = Date.UTC(2026, 2, 14, 9, 30);
const DAY = 86400000;
const world = readJson('apps/gallery/world.json');

async function dev0(apps = ['gallery']) {
  const dev = await loadDevice({ apps, reset: { seed: 2 } });
  dev.system({ type: 'open', app: 'gallery' });
  return dev;
}
const app = (dev) => dev.getState().apps.gallery;
const photo = (dev, id) => app(dev).data.photos.find((p) => p.id === id);
const album = (dev, id) => app(dev).data.albums.find((a) => a.id === id);
const act = (dev, action) => dev.dispatch('gallery', action);
const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
const dataOf = (dev) => JSON.stringify(app(dev).data);

/** A device with Gallery and stub Messages / Email apps that record the intents they get. */
function withStubs(names = ['messages', 'email']) {
  const apps = { gallery };
  for (const name of names) {
    apps[name] = intentRecorder();
  }
  const dev = createDevice({ apps, worlds: { gallery: world } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'gallery' });
  return dev;
}

test('init: per-photo records with times from the relative world times; albums; small s0', async () => {
  const dev = await dev0();
  const s = app(dev);
  assert.equal(s.data.photos.length, 30);
  assert.equal(photo(dev, 'p28').taken, Date.UTC(2026, 2, 14, 7, 40));
  assert.equal(photo(dev, 'p01').taken, Date.UTC(2026, 0, 13, 10, 20));
  assert.equal(photo(dev, 'p02').trashed, Date.UTC(2026, 2, 11, 10, 2));
  assert.deepEqual(s.data.photos.filter((p) => p.trashed != null).map((p) => p.id).sort(), ['p02', 'p05', 'p23']);
  assert.deepEqual(s.data.photos.filter((p) => p.favorite).map((p) => p.id), ['p10', 'p18', 'p20', 'p27']);
  assert.deepEqual(s.data.albums.map((a) => a.id), ['a1', 'a2', 'a3', 'a4']);
  for (const p of s.data.photos) assert.ok(p.taken < NOW, `${p.id} is in the past`);
  assert.ok(JSON.stringify(s).length < 10000, 's0 stays small');
  assert.equal(s.ui.screen, 'photos');
  // Another clock: the same relative days.
  const other = await loadDevice({ apps: ['gallery'], reset: { seed: 0, now: NOW + 3 * DAY } });
  assert.equal(other.getState().apps.gallery.data.photos.find((p) => p.id === 'p28').taken, Date.UTC(2026, 2, 17, 7, 40));
});

test('selectors: library, trash, favorites, albums, search, places, day groups, formatting', async () => {
  const dev = await dev0();
  const data = app(dev).data;
  assert.equal(atMs('-1 18:45', NOW), Date.UTC(2026, 2, 13, 18, 45));
  assert.equal(atMs('bad', NOW), null);
  assert.equal(libraryPhotos(data).length, 27);
  assert.equal(libraryPhotos(data)[0].id, 'p30');
  assert.deepEqual(trashPhotos(data).map((p) => p.id), ['p23', 'p02', 'p05']);
  assert.deepEqual(favoritePhotos(data).map((p) => p.id), ['p27', 'p20', 'p18', 'p10']);
  assert.deepEqual(albumPhotos(data, 'a4').map((p) => p.id), ['p22'], 'trashed photos are hidden from albums');
  assert.deepEqual(albumPhotos(data, 'favorites').map((p) => p.id), ['p27', 'p20', 'p18', 'p10']);
  assert.deepEqual(albumPhotos(data, 'nope'), []);
  assert.deepEqual(searchPhotos(data, world, ' COLDWATER ').map((p) => p.id), ['p10', 'p09', 'p08']);
  assert.deepEqual(searchPhotos(data, world, 'moon').map((p) => p.id), ['p27']);
  assert.deepEqual(searchPhotos(data, world, 'pinecrest').map((p) => p.id), ['p01'], 'the trashed summit photo is not found');
  assert.deepEqual(searchPhotos(data, world, ''), []);
  assert.equal(places(data, world)[0], 'Fernhill Park');
  assert.ok(!places(data, world).includes('Kiln Road') && places(data, world).includes('Kiln Road Studio'));
  const groups = groupByDay(libraryPhotos(data), NOW);
  assert.deepEqual(groups.slice(0, 3).map(([h, l]) => [h, l.length]), [['Today', 3], ['Yesterday', 2], ['Thu, Mar 12', 1]]);
  assert.equal(dayHeading(Date.UTC(2025, 11, 24, 10), NOW), 'Wed, Dec 24, 2025');
  assert.equal(fileName(Date.UTC(2026, 2, 14, 8, 5)), 'IMG_20260314_0805.jpg');
  assert.equal(formatSize(2840), '2.8 MB');
  assert.equal(formatSize(940), '940 KB');
  assert.equal(resolution({ portrait: true }), '3024 × 4032');
  assert.equal(longDate(Date.UTC(2026, 2, 14, 8, 5)), 'Sat, Mar 14, 2026 · 08:05');
  assert.equal(daysLeft(NOW - 3 * DAY, NOW), 27);
  assert.equal(daysLeft(NOW - 40 * DAY, NOW), 0);
  assert.deepEqual(albumsOf(data, 'p10').map((a) => a.id), ['a1']);
  assert.equal(albumNameError(data, '  '), 'Enter a name');
  assert.equal(albumNameError(data, 'camping TRIP'), 'An album with this name already exists');
  assert.equal(albumNameError(data, 'Camping trip', 'a2'), null, 'renaming to its own name is fine');
  assert.match(albumNameError(data, 'Favorites'), /reserved/);
  assert.match(albumNameError(data, 'x'.repeat(41)), /40/);
  assert.deepEqual(sourcePhotos(data, world, { kind: 'trash' }).map((p) => p.id), ['p23', 'p02', 'p05']);
});

test('tabs, open, info, next/prev within the source, back to the root and home', async () => {
  const dev = await dev0();
  act(dev, { type: 'tab', tab: 'albums' });
  assert.equal(app(dev).ui.screen, 'albums');
  act(dev, { type: 'tab', tab: 'nowhere' });
  assert.equal(app(dev).ui.screen, 'albums');
  act(dev, { type: 'album', album: 'a1' });
  act(dev, { type: 'open', photo: 'p09' });
  let ui = app(dev).ui;
  assert.equal(ui.screen, 'viewer');
  assert.deepEqual(ui.source, { kind: 'album', album: 'a1' });
  act(dev, { type: 'next' });
  assert.equal(app(dev).ui.photo, 'p08');
  act(dev, { type: 'next' });
  assert.equal(app(dev).ui.photo, 'p08', 'stops at the end of the album');
  act(dev, { type: 'prev' });
  act(dev, { type: 'prev' });
  assert.equal(app(dev).ui.photo, 'p10');
  act(dev, { type: 'info' });
  assert.equal(app(dev).ui.info, true);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.info, false, 'back closes the info panel first');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'album');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'albums');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  ui = app(dev).ui;
  assert.equal(ui.stack.length, 0);
});

test('a trashed photo opens only from the trash; unknown photos and albums are ignored', async () => {
  const dev = await dev0();
  const before = JSON.stringify(app(dev));
  act(dev, { type: 'open', photo: 'p02' });
  act(dev, { type: 'open', photo: 'zz' });
  act(dev, { type: 'album', album: 'zz' });
  act(dev, { type: 'favorite', photo: 'zz' });
  act(dev, { type: 'add_to_album', album: 'a1', photo: 'zz' });
  assert.equal(JSON.stringify(app(dev)), before);
  act(dev, { type: 'tab', tab: 'albums' });
  act(dev, { type: 'show_trash' });
  act(dev, { type: 'open', photo: 'p10' });
  assert.equal(app(dev).ui.screen, 'trash', 'a library photo is not opened from the trash');
  act(dev, { type: 'open', photo: 'p02' });
  assert.equal(app(dev).ui.screen, 'viewer');
  act(dev, { type: 'favorite' });
  assert.equal(photo(dev, 'p02').favorite, false, 'trashed photos cannot be favorited');
  assert.equal(dev.dispatch('gallery', { type: 'no_such_action' }), false);
});

test('favorite toggles in the viewer; selection mode favorites, adds to albums and trashes several', async () => {
  const dev = await dev0();
  act(dev, { type: 'open', photo: 'p21' });
  act(dev, { type: 'favorite' });
  assert.equal(photo(dev, 'p21').favorite, true);
  act(dev, { type: 'favorite' });
  assert.equal(photo(dev, 'p21').favorite, false);
  act(dev, { type: 'favorite', value: true });
  assert.equal(photo(dev, 'p21').favorite, true);
  dev.system({ type: 'back' });
  act(dev, { type: 'select' });
  assert.equal(app(dev).ui.selecting, true);
  act(dev, { type: 'open', photo: 'p29' }); // in selection mode a tap selects
  act(dev, { type: 'toggle_select', photo: 'p30' });
  act(dev, { type: 'toggle_select', photo: 'p18' });
  act(dev, { type: 'toggle_select', photo: 'p18' });
  act(dev, { type: 'toggle_select', photo: 'nope' });
  assert.deepEqual(app(dev).ui.selected, ['p29', 'p30']);
  assert.equal(app(dev).ui.screen, 'photos');
  act(dev, { type: 'favorite' });
  assert.equal(photo(dev, 'p29').favorite && photo(dev, 'p30').favorite, true);
  assert.equal(app(dev).ui.selecting, false, 'a bulk action ends selection mode');
  act(dev, { type: 'select' });
  act(dev, { type: 'toggle_select', photo: 'p29' });
  act(dev, { type: 'toggle_select', photo: 'p30' });
  act(dev, { type: 'sheet', kind: 'album' });
  assert.equal(app(dev).ui.sheet, 'album');
  act(dev, { type: 'add_to_album', album: 'a3' });
  assert.deepEqual(album(dev, 'a3').photos.slice(-2), ['p29', 'p30']);
  act(dev, { type: 'select' });
  act(dev, { type: 'toggle_select', photo: 'p29' });
  act(dev, { type: 'ask_trash' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'trash', photos: ['p29'] });
  act(dev, { type: 'cancel' });
  assert.equal(photo(dev, 'p29').trashed, null);
  act(dev, { type: 'ask_trash' });
  act(dev, { type: 'confirm_trash' });
  assert.equal(photo(dev, 'p29').trashed, NOW);
  act(dev, { type: 'select' });
  act(dev, { type: 'select_cancel' });
  assert.equal(app(dev).ui.selecting, false);
});

test('add to album from the viewer: adds once, says so when already there; new album from the sheet', async () => {
  const dev = await dev0();
  act(dev, { type: 'open', photo: 'p24' });
  act(dev, { type: 'sheet', kind: 'album' });
  act(dev, { type: 'add_to_album', album: 'a3' });
  assert.equal(album(dev, 'a3').photos.filter((id) => id === 'p24').length, 1);
  assert.match(app(dev).ui.notice, /Already in/);
  act(dev, { type: 'sheet', kind: 'album' });
  act(dev, { type: 'add_to_album', album: 'a1' });
  assert.ok(album(dev, 'a1').photos.includes('p24'));
  assert.equal(app(dev).ui.sheet, null);
  act(dev, { type: 'sheet', kind: 'album' });
  act(dev, { type: 'new_album', add: true });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'new_album', add: true, photos: ['p24'] });
  type(dev, 'album_name', 'food & coffee');
  act(dev, { type: 'create_album' });
  assert.match(app(dev).ui.errors.album_name, /already exists/);
  assert.equal(app(dev).data.albums.length, 4);
  type(dev, 'album_name', '  Weeknight dinners ');
  act(dev, { type: 'create_album' });
  const made = app(dev).data.albums[4];
  assert.equal(made.name, 'Weeknight dinners');
  assert.deepEqual(made.photos, ['p24']);
  assert.equal(made.created, NOW);
  assert.equal(app(dev).ui.screen, 'viewer', 'stays in the viewer');
  act(dev, { type: 'create_album' });
  assert.equal(app(dev).data.albums.length, 5, 'create without the dialog does nothing');
});

test('create an empty album from the Albums tab, rename it, delete it (photos stay)', async () => {
  const dev = await dev0();
  act(dev, { type: 'tab', tab: 'albums' });
  act(dev, { type: 'new_album' });
  act(dev, { type: 'create_album', name: '' });
  assert.equal(app(dev).ui.errors.album_name, 'Enter a name');
  act(dev, { type: 'create_album', name: 'Spring walks' });
  const made = app(dev).data.albums.find((a) => a.name === 'Spring walks');
  assert.ok(made && made.photos.length === 0);
  assert.equal(app(dev).ui.screen, 'album');
  assert.equal(app(dev).ui.album, made.id);
  act(dev, { type: 'rename_album' });
  assert.equal(app(dev).ui.drafts.album_name, 'Spring walks');
  type(dev, 'album_name', 'Camping Trip');
  act(dev, { type: 'save_album_name' });
  assert.match(app(dev).ui.errors.album_name, /exists/);
  type(dev, 'album_name', 'Park walks');
  act(dev, { type: 'save_album_name' });
  assert.equal(app(dev).data.albums.find((a) => a.id === made.id).name, 'Park walks');
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'ask_delete_album', album: 'a2' });
  act(dev, { type: 'cancel' });
  assert.ok(album(dev, 'a2'));
  dev.system({ type: 'back' });
  act(dev, { type: 'album', album: 'a2' });
  act(dev, { type: 'ask_delete_album' });
  const photosBefore = JSON.stringify(app(dev).data.photos);
  act(dev, { type: 'confirm_delete_album' });
  assert.equal(album(dev, 'a2'), undefined);
  assert.equal(JSON.stringify(app(dev).data.photos), photosBefore, 'photos are kept');
  assert.equal(app(dev).ui.screen, 'albums');
  act(dev, { type: 'confirm_delete_album' });
  assert.equal(app(dev).data.albums.length, 4);
  act(dev, { type: 'rename_album', album: 'zz' });
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'album', album: 'favorites' });
  act(dev, { type: 'rename_album' });
  assert.equal(app(dev).ui.dialog, null, 'Favorites cannot be renamed');
});

test('remove from album: in the viewer (goes back) and by selection', async () => {
  const dev = await dev0();
  act(dev, { type: 'tab', tab: 'albums' });
  act(dev, { type: 'album', album: 'a2' });
  act(dev, { type: 'open', photo: 'p16' });
  act(dev, { type: 'remove_from_album' });
  assert.ok(!album(dev, 'a2').photos.includes('p16'));
  assert.equal(app(dev).ui.screen, 'album');
  assert.equal(photo(dev, 'p16').trashed, null, 'the photo itself stays');
  act(dev, { type: 'select' });
  act(dev, { type: 'toggle_select', photo: 'p13' });
  act(dev, { type: 'toggle_select', photo: 'p14' });
  act(dev, { type: 'remove_from_album', album: 'a2' });
  assert.deepEqual(album(dev, 'a2').photos, ['p15', 'p17']);
  act(dev, { type: 'open', photo: 'p15' });
  act(dev, { type: 'remove_from_album', album: 'a1' });
  assert.deepEqual(album(dev, 'a1').photos, ['p08', 'p09', 'p10'], 'not in that album: nothing happens');
});

test('trash from the viewer, restore, delete forever, empty trash', async () => {
  const dev = await dev0();
  act(dev, { type: 'open', photo: 'p26' });
  act(dev, { type: 'ask_trash' });
  assert.equal(app(dev).ui.dialog.kind, 'trash');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.dialog, null, 'back closes the dialog');
  act(dev, { type: 'confirm_trash' });
  assert.equal(photo(dev, 'p26').trashed, null, 'no confirmation without the dialog');
  act(dev, { type: 'ask_trash' });
  act(dev, { type: 'confirm_trash' });
  assert.equal(photo(dev, 'p26').trashed, NOW);
  assert.equal(app(dev).ui.screen, 'photos');
  act(dev, { type: 'tab', tab: 'albums' });
  act(dev, { type: 'show_trash' });
  act(dev, { type: 'open', photo: 'p26' });
  act(dev, { type: 'restore' });
  assert.equal(photo(dev, 'p26').trashed, null);
  assert.equal(app(dev).ui.screen, 'trash');
  act(dev, { type: 'restore', photo: 'p26' });
  assert.equal(photo(dev, 'p26').trashed, null);
  act(dev, { type: 'open', photo: 'p23' });
  act(dev, { type: 'ask_delete_forever' });
  act(dev, { type: 'confirm_delete_forever' });
  assert.equal(photo(dev, 'p23'), undefined);
  assert.deepEqual(album(dev, 'a4').photos, ['p22'], 'deleted photos leave their albums');
  assert.equal(app(dev).ui.screen, 'trash');
  act(dev, { type: 'ask_delete_forever', photo: 'p10' });
  assert.equal(app(dev).ui.dialog, null, 'only trashed photos can be deleted forever');
  act(dev, { type: 'ask_empty_trash' });
  act(dev, { type: 'confirm_empty_trash' });
  assert.deepEqual(app(dev).data.photos.filter((p) => p.trashed != null), []);
  assert.equal(app(dev).data.photos.length, 27);
  act(dev, { type: 'ask_empty_trash' });
  assert.equal(app(dev).ui.dialog, null, 'nothing to empty');
});

test('share hands the label to Messages and a compose with the file to Email', () => {
  const dev = withStubs();
  dev.dispatch('gallery', { type: 'open', photo: 'p18' });
  dev.dispatch('gallery', { type: 'sheet', kind: 'share' });
  dev.dispatch('gallery', { type: 'share', to: 'messages' });
  const s = dev.getState();
  assert.equal(s.os.foreground, 'messages');
  assert.deepEqual(s.apps.messages.data.intents, [{ text: 'Harbour at dusk' }]);
  dev.system({ type: 'open', app: 'gallery' });
  dev.dispatch('gallery', { type: 'share', to: 'email' });
  assert.deepEqual(dev.getState().apps.email.data.intents, [{ compose: { subject: 'Harbour at dusk', body: '', attachments: ['IMG_20260306_1755.jpg'] } }]);
  const alone = withStubs([]);
  alone.dispatch('gallery', { type: 'open', photo: 'p18' });
  alone.dispatch('gallery', { type: 'share', to: 'email' });
  assert.equal(alone.getState().apps.gallery.ui.notice, 'Email is not available');
  alone.dispatch('gallery', { type: 'sheet', kind: 'share' });
  alone.dispatch('gallery', { type: 'share', to: 'messages' });
  assert.equal(alone.getState().os.foreground, 'gallery');
});

test('intents open a photo (trashed ones in the trash) or an album', async () => {
  const dev = await dev0();
  dev.system({ type: 'open', app: 'gallery', intent: { photo: 'p13' } });
  let ui = app(dev).ui;
  assert.equal(ui.screen, 'viewer');
  assert.equal(ui.photo, 'p13');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'photos');
  dev.system({ type: 'open', app: 'gallery', intent: { photo: 'p05' } });
  ui = app(dev).ui;
  assert.deepEqual([ui.screen, ui.source.kind], ['viewer', 'trash']);
  dev.system({ type: 'open', app: 'gallery', intent: { album: 'favorites' } });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.album], ['album', 'favorites']);
  const before = dataOf(dev);
  dev.system({ type: 'open', app: 'gallery', intent: { photo: 'nope', album: 'nope' } });
  assert.equal(dataOf(dev), before);
});

test('search keeps its query as the viewer source; place chips fill the query', async () => {
  const dev = await dev0();
  act(dev, { type: 'search' });
  act(dev, { type: 'set_query', query: 'Brackenridge Trail' });
  assert.equal(app(dev).ui.drafts.search, 'Brackenridge Trail');
  act(dev, { type: 'open', photo: 'p16' });
  assert.deepEqual(app(dev).ui.source, { kind: 'search', query: 'Brackenridge Trail' });
  act(dev, { type: 'next' });
  assert.equal(app(dev).ui.photo, 'p15');
  dev.system({ type: 'back' });
  act(dev, { type: 'select_all' });
  assert.deepEqual(app(dev).ui.selected, [], 'select all only in selection mode');
  act(dev, { type: 'select' });
  act(dev, { type: 'select_all' });
  assert.deepEqual(app(dev).ui.selected, ['p17', 'p16', 'p15']);
  act(dev, { type: 'select_all' });
  assert.deepEqual(app(dev).ui.selected, [], 'a second tap clears the selection');
  act(dev, { type: 'toggle_select', photo: 'p15' });
  act(dev, { type: 'toggle_select', photo: 'p16' });
  act(dev, { type: 'new_album', add: true });
  act(dev, { type: 'create_album', name: 'Trail' });
  assert.deepEqual(app(dev).data.albums.find((a) => a.name === 'Trail').photos, ['p15', 'p16']);
});

test('viewer from Favorites: unfavoriting the photo on screen keeps prev / next (it stranded the viewer)', async () => {
  const dev = await dev0();
  act(dev, { type: 'album', album: 'favorites' });
  const favs = favoritePhotos(app(dev).data).map((p) => p.id);
  assert.ok(favs.length >= 3);
  act(dev, { type: 'open', photo: favs[1] });
  act(dev, { type: 'favorite' });
  assert.equal(photo(dev, favs[1]).favorite, false);
  assert.deepEqual(gallery.viewerOrder(app(dev).data, world, app(dev).ui.source, favs[1]), favs);
  act(dev, { type: 'next' });
  assert.equal(app(dev).ui.photo, favs[2]);
  act(dev, { type: 'prev' });
  assert.equal(app(dev).ui.photo, favs[0], 'the unfavorited photo has left the list once the viewer moved on');
});
