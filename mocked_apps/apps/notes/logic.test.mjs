import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import * as notes from './logic.js';

const { sortNotes, notesIn, trashed, searchNotes, progress, shareText, folderError, editedLabel, toMs } = notes;
const world = readJson('apps/notes/world.json');

async function open(apps = ['contacts', 'messages', 'notes']) {
  const dev = await loadDevice({ apps, reset: { seed: 5 } });
  dev.system({ type: 'open', app: 'notes' });
  return dev;
}
const app = (dev) => dev.getState().apps.notes;
const note = (dev, id) => app(dev).data.notes.find((n) => n.id === id);
const act = (dev, action) => dev.dispatch('notes', action);
const type = (dev, key, value) => dev.dispatch('notes', { type: '@draft', key, value });
const NOW = Date.UTC(2026, 2, 14, 9, 30);

test('init copies folders and notes (times as virtual ms), list screen, nothing open', async () => {
  const dev = await open();
  const s = app(dev);
  assert.deepEqual(s.data.folders, world.folders);
  assert.equal(s.data.notes.length, world.notes.length);
  const n02 = note(dev, 'n02');
  assert.equal(n02.updated, Date.UTC(2026, 2, 13, 18, 40));
  assert.deepEqual(n02.items[0], { id: 'i1', text: 'Oat milk', done: true });
  assert.equal(s.ui.screen, 'list');
  assert.equal(s.ui.folder, 'all');
  assert.ok(JSON.stringify(s).length < 10000);
});

test('selectors: order, folders, trash, search, progress, share text, folder names', async () => {
  const dev = await open();
  const data = app(dev).data;
  const order = notesIn(data).map((n) => n.id);
  assert.deepEqual(order.slice(0, 3), ['n02', 'n01', 'n12'], 'pinned first (newest first), then by edit time');
  assert.ok(!order.includes('n14'), 'trashed notes are not listed');
  assert.deepEqual(notesIn(data, 'f4').map((n) => n.id), ['n03', 'n04']);
  assert.deepEqual(trashed(data).map((n) => n.id), ['n15', 'n16', 'n14', 'n17']);
  assert.deepEqual(searchNotes(data, 'LISBON').map((n) => n.id), ['n03', 'n04']);
  assert.deepEqual(searchNotes(data, 'spinach').map((n) => n.id), ['n02'], 'checklist items are searched');
  assert.deepEqual(searchNotes(data, 'light bulbs'), [], 'the trash is not searched');
  assert.deepEqual(searchNotes({ notes: [{ id: 'x', title: 'Café list', body: 'Crème brûlée', items: [], updated: 0 }] }, 'creme brulee')
    .map((n) => n.id), ['x'], 'accents are ignored, as in Contacts and Messages');
  assert.deepEqual(progress(note(dev, 'n03')), [3, 8]);
  assert.equal(shareText({ title: 'T', body: 'a\n\n b ', items: [{ text: 'x', done: true }, { text: 'y', done: false }] }), 'T — a / b — ☑ x, ☐ y');
  assert.equal(shareText({ title: ' ', body: '', items: [] }), 'Untitled');
  assert.equal(folderError(' ', data.folders), 'Enter a folder name');
  assert.equal(folderError('work', data.folders), 'A folder with that name exists');
  assert.equal(folderError('Trash', data.folders), 'That name is reserved');
  assert.equal(folderError('Garden', data.folders), null);
  assert.equal(editedLabel(NOW - 3600000, NOW), '08:30');
  assert.equal(editedLabel(NOW - 86400000, NOW), 'Yesterday');
  assert.equal(editedLabel(Date.UTC(2026, 1, 20), NOW), 'Feb 20');
  assert.equal(toMs('2026-03-01T22:30'), Date.UTC(2026, 2, 1, 22, 30));
  // Offset-less times with seconds or a space are UTC too, whatever the host's zone (Node applies TZ when it is set).
  const zone = process.env.TZ;
  process.env.TZ = 'America/New_York';
  try {
    assert.equal(toMs('2026-03-01T22:30:15'), Date.UTC(2026, 2, 1, 22, 30, 15));
    assert.equal(toMs('2026-03-01 22:30'), Date.UTC(2026, 2, 1, 22, 30));
  } finally {
    if (zone === undefined) delete process.env.TZ; else process.env.TZ = zone;
  }
  assert.equal(toMs('soon'), 0);
  assert.deepEqual(sortNotes([{ id: 'a', pinned: false, updated: 1 }, { id: 'b', pinned: false, updated: 1 }]).map((n) => n.id), ['a', 'b']);
});

test('new note: typed title and body are saved on Done; a blank new note is dropped', async () => {
  const dev = await open();
  act(dev, { type: 'new' });
  const id = app(dev).ui.note;
  assert.match(id, /^nn\d+$/);
  type(dev, 'title', 'Plumber');
  type(dev, 'body', 'Monday 9-11');
  act(dev, { type: 'done' });
  assert.deepEqual(note(dev, id), { id, title: 'Plumber', body: 'Monday 9-11', items: [], folder: null, pinned: false, trashed: false, updated: NOW });
  assert.equal(app(dev).ui.screen, 'list');
  assert.equal(app(dev).data.notes[0].id, id, 'the edited note moves to the front');
  act(dev, { type: 'new' });
  const blank = app(dev).ui.note;
  dev.system({ type: 'back' });
  assert.equal(note(dev, blank), undefined);
  assert.equal(app(dev).data.notes.length, world.notes.length + 1);
});

test('a new note in a folder view lands in that folder', async () => {
  const dev = await open();
  act(dev, { type: 'folder', folder: 'f3' });
  act(dev, { type: 'new' });
  type(dev, 'title', 'Pancakes');
  dev.system({ type: 'back' });
  assert.equal(app(dev).data.notes.find((n) => n.title === 'Pancakes').folder, 'f3');
  act(dev, { type: 'folder', folder: 'nope' });
  assert.equal(app(dev).ui.folder, 'f3');
});

test('checklist: tick, add (button and text), remove; edits flush the drafts first', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'n02' });
  type(dev, 'title', 'Groceries (Sat)');
  act(dev, { type: 'toggle_item', item: 'i2' });
  let n = note(dev, 'n02');
  assert.equal(n.title, 'Groceries (Sat)', 'the title draft was saved with the tick');
  assert.equal(n.items.find((i) => i.id === 'i2').done, true);
  act(dev, { type: 'toggle_item', item: 'i2', value: false });
  assert.equal(note(dev, 'n02').items.find((i) => i.id === 'i2').done, false);
  type(dev, 'new_item', '  Tea ');
  act(dev, { type: 'add_item' });
  n = note(dev, 'n02');
  assert.deepEqual(n.items.at(-1).text, 'Tea');
  assert.equal(n.items.at(-1).done, false);
  assert.equal(app(dev).ui.drafts.new_item, '');
  act(dev, { type: 'add_item' });
  assert.equal(note(dev, 'n02').items.length, 7, 'empty item text is ignored');
  act(dev, { type: 'add_item', text: 'Honey' });
  act(dev, { type: 'remove_item', item: 'i1' });
  n = note(dev, 'n02');
  assert.deepEqual(n.items.map((i) => i.text), ['Eggs', 'Spinach', 'Rye bread', 'Lemons', 'Coffee beans', 'Tea', 'Honey']);
  assert.equal(new Set(n.items.map((i) => i.id)).size, 7, 'item ids stay unique');
  act(dev, { type: 'toggle_item', item: 'i7' });
  assert.equal(note(dev, 'n03').items.find((i) => i.id === 'i7').done, true, 'items of other notes are not reachable');
});

test('pin, folder sheet and move to folder; create a folder from the sheet', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'n09' });
  act(dev, { type: 'pin' });
  assert.equal(note(dev, 'n09').pinned, true);
  assert.equal(note(dev, 'n09').updated, toMs('2026-03-09T09:15'), 'pinning is not an edit');
  act(dev, { type: 'folder_sheet' });
  assert.equal(app(dev).ui.sheet, 'folder');
  act(dev, { type: 'move_to', folder: 'nope' });
  assert.equal(note(dev, 'n09').folder, 'f1');
  act(dev, { type: 'move_to', folder: 'f2' });
  assert.equal(note(dev, 'n09').folder, 'f2');
  assert.equal(app(dev).ui.sheet, null);
  act(dev, { type: 'folder_sheet' });
  act(dev, { type: 'move_to', folder: null });
  assert.equal(note(dev, 'n09').folder, null);
  act(dev, { type: 'folder_sheet' });
  act(dev, { type: 'new_folder' });
  type(dev, 'folder_name', 'personal');
  act(dev, { type: 'create_folder' });
  assert.equal(app(dev).ui.dialog.error, 'A folder with that name exists');
  type(dev, 'folder_name', 'Birthdays');
  act(dev, { type: 'create_folder' });
  const folder = app(dev).data.folders.at(-1);
  assert.equal(folder.name, 'Birthdays');
  assert.equal(note(dev, 'n09').folder, folder.id);
  assert.equal(app(dev).ui.sheet, null);
  act(dev, { type: 'pin', id: 'n09', value: false });
  assert.equal(note(dev, 'n09').pinned, false);
});

test('new folder from the list selects it', async () => {
  const dev = await open();
  act(dev, { type: 'new_folder' });
  type(dev, 'folder_name', '  Garden ');
  act(dev, { type: 'create_folder' });
  const f = app(dev).data.folders.at(-1);
  assert.equal(f.name, 'Garden');
  assert.equal(app(dev).ui.folder, f.id);
  act(dev, { type: 'new_folder' });
  act(dev, { type: 'close_dialog' });
  assert.equal(app(dev).ui.dialog, null);
  assert.equal(app(dev).data.folders.length, world.folders.length + 1);
});

test('delete moves to the trash; restore, delete forever and empty trash ask where they should', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'n01' });
  act(dev, { type: 'delete' });
  assert.equal(note(dev, 'n01').trashed, true);
  assert.equal(note(dev, 'n01').pinned, false);
  assert.equal(app(dev).ui.screen, 'list');
  act(dev, { type: 'trash_view' });
  assert.equal(app(dev).ui.screen, 'trash');
  act(dev, { type: 'restore', id: 'n15' });
  assert.equal(note(dev, 'n15').trashed, false);
  act(dev, { type: 'restore', id: 'n15' });
  act(dev, { type: 'purge', id: 'n14' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'purge', note: 'n14' });
  act(dev, { type: 'close_dialog' });
  assert.ok(note(dev, 'n14'));
  act(dev, { type: 'purge', id: 'n14' });
  act(dev, { type: 'confirm_purge' });
  assert.equal(note(dev, 'n14'), undefined);
  act(dev, { type: 'purge', id: 'n02' });
  assert.equal(app(dev).ui.dialog, null, 'live notes cannot be purged');
  act(dev, { type: 'empty_trash' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'empty' });
  act(dev, { type: 'confirm_empty' });
  assert.deepEqual(app(dev).data.notes.filter((n) => n.trashed), []);
  assert.ok(note(dev, 'n15'), 'the restored note survives');
  act(dev, { type: 'empty_trash' });
  assert.equal(app(dev).ui.dialog, null, 'nothing to empty');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'list');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
});

test('share hands the note to Messages as {text}; without Messages a notice', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'n10' });
  act(dev, { type: 'share' });
  const m = dev.getState().apps.messages;
  assert.equal(dev.getState().os.foreground, 'messages');
  assert.equal(m.ui.screen, 'new');
  assert.equal(m.ui.drafts.compose, 'Books to read — ☑ The Salt Orchard, ☐ Winter in Marrow Bay, ☐ A Short History of Lamps, ☑ The Ninth Harbor');
  const solo = await loadDevice({ apps: ['notes'], reset: {} });
  solo.system({ type: 'open', app: 'notes' });
  solo.dispatch('notes', { type: 'open', id: 'n02' });
  solo.dispatch('notes', { type: 'share' });
  assert.equal(solo.getState().apps.notes.ui.notice, 'Messages is not available');
});

test('intents: create makes and opens a note, note_id opens one, trashed or unknown ids are ignored', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'n05' });
  type(dev, 'body', 'edited before the hand-off');
  dev.system({ type: 'open', app: 'notes', intent: { create: { title: 'Design review', body: 'Tue 10:00', items: ['a', ' ', 'b'], folder: 'f2' } } });
  assert.equal(note(dev, 'n05').body, 'edited before the hand-off', 'the open editor was saved first');
  const s = app(dev);
  const made = note(dev, s.ui.note);
  assert.deepEqual([made.title, made.body, made.folder, made.items.map((i) => i.text)], ['Design review', 'Tue 10:00', 'f2', ['a', 'b']]);
  assert.equal(s.ui.screen, 'editor');
  assert.equal(s.ui.notice, 'Saved to Notes');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'list');
  dev.system({ type: 'open', app: 'notes', intent: { note_id: 'n04' } });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.note], ['editor', 'n04']);
  dev.system({ type: 'back' });
  const before = JSON.stringify(app(dev));
  dev.system({ type: 'open', app: 'notes', intent: { note_id: 'n14' } });
  dev.system({ type: 'open', app: 'notes', intent: { note_id: 'zz' } });
  assert.equal(JSON.stringify(app(dev)), before);
});

test('search drafts and clear; bad input never corrupts the data', async () => {
  const dev = await open();
  act(dev, { type: 'search', query: 'lisbon' });
  assert.equal(app(dev).ui.drafts.search, 'lisbon');
  act(dev, { type: 'clear_search' });
  assert.equal(app(dev).ui.drafts.search, '');
  const before = JSON.stringify(app(dev).data);
  for (const action of [
    { type: 'open', id: 'nope' }, { type: 'open', id: 'n14' }, { type: 'toggle_item', item: 'i1' }, { type: 'add_item', text: 'x' },
    { type: 'remove_item', item: 'i1' }, { type: 'pin' }, { type: 'folder_sheet' }, { type: 'move_to', folder: 'f1' },
    { type: 'delete' }, { type: 'delete', id: 'n14' }, { type: 'share' }, { type: 'restore', id: 'n02' },
    { type: 'confirm_purge' }, { type: 'confirm_empty' }, { type: 'create_folder' }, { type: 'done' },
    { type: 'intent', create: 7 },
  ]) act(dev, action);
  assert.equal(JSON.stringify(app(dev).data), before);
  assert.equal(act(dev, { type: 'what' }), false);
  const broken = dev.getState();
  broken.apps.notes.ui = { screen: 'odd', stack: null, drafts: 3, folder: 'gone' };
  dev.setState(broken, { mode: 'set' });
  act(dev, { type: 'clear_search' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.folder], ['list', 'all']);
});

test('search ignores extra spaces in the query and in the note text', () => {
  const data = notes.init(world).data;
  assert.deepEqual(searchNotes(data, '  casa   Azulejo ').map((n) => n.id), ['n04']);
  assert.deepEqual(searchNotes(data, 'wi-fi  &   codes').map((n) => n.id), ['n01']);
  data.notes[0].title = 'Spring   cleaning  plan';
  assert.deepEqual(searchNotes(data, 'spring cleaning').map((n) => n.id), [data.notes[0].id]);
  assert.deepEqual(searchNotes(data, '   '), [], 'a blank query lists nothing');
});

test('a folder name is saved with single spaces, so "Road  Trips" is the same name as "Road Trips"', async () => {
  const dev = await open();
  act(dev, { type: 'new_folder' });
  type(dev, 'folder_name', '  Road   Trips ');
  act(dev, { type: 'create_folder' });
  const made = app(dev).data.folders.find((f) => !world.folders.some((w) => w.id === f.id));
  assert.equal(made.name, 'Road Trips');
  act(dev, { type: 'new_folder' });
  type(dev, 'folder_name', 'road  trips');
  act(dev, { type: 'create_folder' });
  assert.match(app(dev).ui.dialog.error, /exists/);
  assert.equal(app(dev).data.folders.length, world.folders.length + 1);
});
