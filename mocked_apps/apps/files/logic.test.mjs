import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import * as files from './logic.js';

const {
  typeOf, children, isLive, sortEntries, pathLabel, searchEntries, trashedEntries, sizeLabel, dateLabel, storage, nameError,
  freeName, shareText, sizeOf, descendants,
} = files;
const world = readJson('apps/files/world.json');

async function open(apps = ['contacts', 'messages', 'files']) {
  const dev = await loadDevice({ apps, reset: { seed: 4 } });
  dev.system({ type: 'open', app: 'files' });
  return dev;
}
const app = (dev) => dev.getState().apps.files;
const entry = (dev, id) => app(dev).data.entries.find((e) => e.id === id);
const act = (dev, action) => dev.dispatch('files', action);
const type = (dev, key, value) => dev.dispatch('files', { type: '@draft', key, value });
const names = (list) => list.map((e) => e.name);
/** An entry's sheet action as a user reaches it: its folder, the row's More button, then the sheet's row. */
const toSheet = (dev, id) => {
  const e = entry(dev, id);
  if (e && app(dev).ui.screen === 'browse') act(dev, { type: 'crumb', id: e.parent });
  return act(dev, { type: 'sheet', id });
};
const onSheet = (dev, id, action) => {
  toSheet(dev, id);
  return act(dev, action);
};

test('init copies the file tree, the root is open, sorted by name', async () => {
  const dev = await open();
  const s = app(dev);
  assert.equal(s.data.entries.length, world.entries.length);
  for (const e of world.entries) assert.deepEqual(entry(dev, e.id), { trashed: false, ...e });
  assert.deepEqual([s.ui.screen, s.ui.folder, s.ui.sort], ['browse', 'root', { key: 'name', dir: 'asc' }]);
  assert.ok(JSON.stringify(s).length < 10000);
});

test('selectors: types, liveness, sorting, paths, search, sizes, storage', async () => {
  const dev = await open();
  const data = app(dev).data;
  assert.deepEqual(['a.PDF', 'b.xlsx', 'c.m4a', 'd.zip', 'noext', 'e.weird'].map(typeOf), ['pdf', 'spreadsheet', 'audio', 'archive', 'file', 'file']);
  assert.deepEqual(names(sortEntries(children(data, 'root'))), ['Documents', 'Downloads', 'Music', 'Pictures']);
  assert.deepEqual(names(sortEntries(children(data, 'd1'))).slice(0, 2), ['Taxes 2025', 'Budget 2026.xlsx'], 'folders first');
  assert.deepEqual(names(sortEntries(children(data, 'd2'), { key: 'size', dir: 'desc' })).slice(0, 2), ['photos_backup.zip', 'podcast_ep12.mp3']);
  assert.deepEqual(names(sortEntries(children(data, 'd2'), { key: 'date', dir: 'asc' }))[0], 'old_budget.xlsx');
  assert.ok(!children(data, 'd1').some((e) => e.id === 'f30'), 'trashed files are hidden');
  assert.equal(pathLabel(data, 'd5'), 'Files / Documents / Taxes 2025');
  assert.deepEqual(names(searchEntries(data, 'TAX')), ['Taxes 2025', 'Tax return 2025.pdf', 'tax_form_draft.pdf']);
  assert.deepEqual(searchEntries(data, 'blurry'), [], 'the trash is not searched');
  assert.deepEqual(names(searchEntries({ entries: [{ id: 'x', name: 'Résumé.pdf', parent: 'root', folder: false }] }, 'resume')),
    ['Résumé.pdf'], 'accents are ignored');
  assert.deepEqual(trashedEntries(data).map((e) => e.id), ['f31', 'f33', 'f32', 'f34', 'f30']);
  assert.equal(sizeOf(data, entry(dev, 'd5')), 842 + 156 + 98);
  assert.deepEqual([sizeLabel(842), sizeLabel(2210), sizeLabel(4194304)], ['842 KB', '2.2 MB', '4.0 GB']);
  assert.equal(dateLabel('2026-03-11'), 'Mar 11, 2026');
  const s = storage(data, world.capacity_kb);
  assert.equal(s.used + s.trash, s.total);
  assert.equal(s.trash, 76 + 2300 + 180 + 42 + 3900);
  assert.equal(s.categories.find((c) => c.id === 'images').count, 8);
  assert.equal(nameError(data, ' ', 'd1'), 'Enter a name');
  assert.equal(nameError(data, 'a/b', 'd1'), 'Names cannot contain “/”');
  assert.equal(nameError(data, 'resume.DOCX', 'd1'), 'An item with this name already exists here');
  assert.equal(nameError(data, 'Resume.docx', 'd1', 'f07'), null, 'an entry may keep its own name');
  assert.equal(nameError(data, 'Old resume.docx', 'd1'), null, 'trashed names are free');
  assert.equal(freeName(data, 'd1', 'Resume.docx'), 'Resume (1).docx');
  assert.equal(freeName(data, 'd1', 'New.docx'), 'New.docx');
  assert.equal(shareText(entry(dev, 'f11')), 'File: setup_guide.pdf (2.2 MB)');
  assert.deepEqual(descendants(data, 'd1').sort(), ['d5', 'f01', 'f02', 'f03', 'f04', 'f05', 'f06', 'f07', 'f08', 'f30', 'f33'].sort());
});

test('browse: open folders, files open the info sheet, crumbs, back', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'd1' });
  act(dev, { type: 'open', id: 'd5' });
  assert.equal(app(dev).ui.folder, 'd5');
  act(dev, { type: 'open', id: 'f01' });
  assert.deepEqual(app(dev).ui.sheet, { kind: 'info', id: 'f01' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.sheet, null);
  act(dev, { type: 'crumb', id: 'd1' });
  assert.equal(app(dev).ui.folder, 'd1');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.folder, 'root');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
});

test('sort: a new key takes its default direction, the same key flips it', async () => {
  const dev = await open();
  act(dev, { type: 'sort_sheet' });
  assert.deepEqual(app(dev).ui.sheet, { kind: 'sort' });
  act(dev, { type: 'sort', key: 'size' });
  assert.deepEqual(app(dev).ui.sort, { key: 'size', dir: 'desc' });
  assert.equal(app(dev).ui.sheet, null);
  act(dev, { type: 'sort', key: 'size' });
  assert.deepEqual(app(dev).ui.sort, { key: 'size', dir: 'asc' });
  act(dev, { type: 'sort', key: 'date', dir: 'asc' });
  assert.deepEqual(app(dev).ui.sort, { key: 'date', dir: 'asc' });
  act(dev, { type: 'sort', key: 'colour' });
  assert.deepEqual(app(dev).ui.sort, { key: 'date', dir: 'asc' });
});

test('rename validates (empty, slash, duplicate) and updates the type from the extension', async () => {
  const dev = await open();
  toSheet(dev, 'f06');
  act(dev, { type: 'rename' });
  assert.equal(app(dev).ui.drafts.rename, 'Meeting notes.txt');
  for (const [bad, msg] of [['', 'Enter a name'], ['a/b.txt', 'Names cannot contain “/”'], ['resume.docx', 'An item with this name already exists here']]) {
    type(dev, 'rename', bad);
    act(dev, { type: 'confirm_rename' });
    assert.equal(app(dev).ui.dialog.error, msg);
    assert.equal(entry(dev, 'f06').name, 'Meeting notes.txt');
  }
  type(dev, 'rename', '  Standup notes.md ');
  act(dev, { type: 'confirm_rename' });
  assert.deepEqual([entry(dev, 'f06').name, entry(dev, 'f06').type], ['Standup notes.md', 'text']);
  assert.equal(app(dev).ui.dialog, null);
  onSheet(dev, 'd5', { type: 'rename', id: 'd5' });
  type(dev, 'rename', 'Taxes');
  act(dev, { type: 'confirm_rename' });
  assert.deepEqual([entry(dev, 'd5').name, entry(dev, 'd5').type], ['Taxes', 'folder']);
});

test('new folder: validated, created in the open folder', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'd3' });
  act(dev, { type: 'new_folder' });
  type(dev, 'folder_name', 'hike fernbrook');
  act(dev, { type: 'create_folder' });
  assert.equal(app(dev).ui.dialog.error, 'An item with this name already exists here');
  type(dev, 'folder_name', 'Holidays');
  act(dev, { type: 'create_folder' });
  const made = app(dev).data.entries.at(-1);
  assert.deepEqual({ ...made, id: 'x' }, { id: 'x', name: 'Holidays', parent: 'd3', folder: true, type: 'folder', size: 0, modified: '2026-03-14', trashed: false });
  assert.match(made.id, /^nd\d+$/);
});

test('move one file through the picker; invalid destinations are refused', async () => {
  const dev = await open();
  onSheet(dev, 'f09', { type: 'move', id: 'f09' });
  assert.deepEqual(app(dev).ui.pick, { mode: 'move', ids: ['f09'], at: 'd2' });
  act(dev, { type: 'pick_here' });
  assert.match(app(dev).ui.notice, /already in Downloads/);
  act(dev, { type: 'pick_up' });
  assert.equal(app(dev).ui.pick.at, 'root');
  act(dev, { type: 'pick_open', id: 'f01' });
  assert.equal(app(dev).ui.pick.at, 'root', 'files are not destinations');
  act(dev, { type: 'pick_open', id: 'd1' });
  act(dev, { type: 'pick_open', id: 'd5' });
  act(dev, { type: 'pick_here' });
  assert.equal(entry(dev, 'f09').parent, 'd5');
  assert.equal(app(dev).ui.screen, 'browse');
  onSheet(dev, 'd1', { type: 'move', id: 'd1' });
  act(dev, { type: 'pick_open', id: 'd1' });
  assert.equal(app(dev).ui.pick.at, 'root', 'a folder cannot be opened as its own destination');
  act(dev, { type: 'crumb', id: 'd5' });
  act(dev, { type: 'pick_here' });
  assert.equal(entry(dev, 'd1').parent, 'root');
  assert.match(app(dev).ui.notice, /into itself/);
  dev.system({ type: 'back' });
  onSheet(dev, 'f05', { type: 'copy', id: 'f05' });
  act(dev, { type: 'crumb', id: 'd2' });
  act(dev, { type: 'pick_here' });
  onSheet(dev, 'f05', { type: 'move', id: 'f05' });
  act(dev, { type: 'crumb', id: 'd2' });
  act(dev, { type: 'pick_here' });
  assert.equal(entry(dev, 'f05').parent, 'd1', 'a name clash blocks the move');
  assert.match(app(dev).ui.notice, /already has an item named Budget 2026.xlsx/);
});

test('copy a file and a folder (recursively) with free names', async () => {
  const dev = await open();
  const n = app(dev).data.entries.length;
  onSheet(dev, 'f07', { type: 'copy', id: 'f07' });
  act(dev, { type: 'pick_here' });
  const copy = app(dev).data.entries.at(-1);
  assert.deepEqual([copy.name, copy.parent, copy.size, copy.type, copy.modified], ['Resume (1).docx', 'd1', 88, 'document', '2026-03-14']);
  assert.match(copy.id, /^cp\d+$/);
  assert.deepEqual(entry(dev, 'f07'), { ...world.entries.find((e) => e.id === 'f07'), trashed: false });
  onSheet(dev, 'd5', { type: 'copy', id: 'd5' });
  act(dev, { type: 'crumb', id: 'root' });
  act(dev, { type: 'pick_here' });
  const data = app(dev).data;
  const folderCopy = data.entries.find((e) => e.name === 'Taxes 2025' && e.parent === 'root');
  assert.ok(folderCopy);
  assert.deepEqual(names(sortEntries(children(data, folderCopy.id))), ['Donation receipts.pdf', 'Pay slip December.pdf', 'Tax return 2025.pdf']);
  assert.equal(data.entries.length, n + 1 + 4);
});

test('selection: toggle, select all, move several into a folder made in the picker, delete several', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'd2' });
  act(dev, { type: 'select_mode' });
  assert.deepEqual(app(dev).ui.select, []);
  act(dev, { type: 'toggle_select', id: 'f09' });
  act(dev, { type: 'open', id: 'f17' });
  act(dev, { type: 'toggle_select', id: 'f16' });
  act(dev, { type: 'toggle_select', id: 'f01' });
  assert.deepEqual(app(dev).ui.select, ['f09', 'f17', 'f16'], 'only entries of the open folder');
  toSheet(dev, 'f10');
  assert.equal(app(dev).ui.sheet, null, 'no action sheet while selecting');
  act(dev, { type: 'move' });
  assert.deepEqual(app(dev).ui.pick, { mode: 'move', ids: ['f09', 'f17', 'f16'], at: 'd2' });
  act(dev, { type: 'crumb', id: 'd1' });
  act(dev, { type: 'new_folder' });
  type(dev, 'folder_name', 'For Rosa');
  act(dev, { type: 'create_folder' });
  const folder = app(dev).data.entries.find((e) => e.name === 'For Rosa');
  assert.equal(folder.parent, 'd1');
  assert.equal(app(dev).ui.pick.at, folder.id, 'the picker enters the new folder');
  act(dev, { type: 'pick_here' });
  for (const id of ['f09', 'f16', 'f17']) assert.equal(entry(dev, id).parent, folder.id);
  assert.equal(app(dev).ui.select, null);
  act(dev, { type: 'select_mode', id: 'f01' });
  assert.deepEqual(app(dev).ui.select, [], 'an entry of another folder is not selected from here');
  act(dev, { type: 'cancel_select' });
  onSheet(dev, 'f10', { type: 'select_mode', id: 'f10' });
  assert.deepEqual(app(dev).ui.select, ['f10']);
  act(dev, { type: 'select_all' });
  assert.equal(app(dev).ui.select.length, children(app(dev).data, 'd2').length);
  act(dev, { type: 'select_all' });
  assert.deepEqual(app(dev).ui.select, []);
  act(dev, { type: 'delete_selected' });
  act(dev, { type: 'toggle_select', id: 'f12' });
  act(dev, { type: 'toggle_select', id: 'f13' });
  act(dev, { type: 'delete_selected' });
  assert.deepEqual([entry(dev, 'f12').trashed, entry(dev, 'f13').trashed], [true, true]);
  assert.equal(app(dev).ui.select, null);
  act(dev, { type: 'select_mode' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.select, null, 'back leaves selection mode first');
  assert.equal(app(dev).ui.folder, 'd2');
  act(dev, { type: 'select_mode' });
  act(dev, { type: 'cancel_select' });
  assert.equal(app(dev).ui.select, null);
});

test('trash: delete, restore (to the root when the folder is gone), delete forever, empty', async () => {
  const dev = await open();
  onSheet(dev, 'd6', { type: 'delete', id: 'd6' });
  assert.equal(entry(dev, 'd6').trashed, true);
  assert.equal(isLive(app(dev).data, entry(dev, 'f19')), false, 'contents of a trashed folder are hidden');
  act(dev, { type: 'trash' });
  assert.equal(app(dev).ui.screen, 'trash');
  act(dev, { type: 'restore', id: 'd6' });
  assert.equal(isLive(app(dev).data, entry(dev, 'f19')), true);
  dev.system({ type: 'back' }); // the browser, where the row's More button is
  onSheet(dev, 'd1', { type: 'delete', id: 'd1' });
  act(dev, { type: 'trash' });
  act(dev, { type: 'restore', id: 'f30' });
  assert.deepEqual([entry(dev, 'f30').trashed, entry(dev, 'f30').parent], [false, 'root'], 'its folder is in the trash');
  act(dev, { type: 'purge', id: 'f31' });
  act(dev, { type: 'confirm_purge' });
  assert.equal(entry(dev, 'f31'), undefined);
  act(dev, { type: 'empty_trash' });
  act(dev, { type: 'confirm_empty' });
  const data = app(dev).data;
  assert.deepEqual(data.entries.filter((e) => e.trashed), []);
  assert.equal(entry(dev, 'f01'), undefined, 'the contents of a trashed folder go with it');
  assert.ok(entry(dev, 'f30'));
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'browse');
});

test('restore picks a free name when the original name is taken again', async () => {
  const dev = await open();
  onSheet(dev, 'f07', { type: 'rename', id: 'f07' });
  type(dev, 'rename', 'Old resume.docx');
  act(dev, { type: 'confirm_rename' });
  act(dev, { type: 'trash' });
  act(dev, { type: 'restore', id: 'f30' });
  assert.deepEqual([entry(dev, 'f30').name, entry(dev, 'f30').parent], ['Old resume (1).docx', 'd1']);
});

test('share hands the file to Messages; storage and search screens; intents', async () => {
  const dev = await open();
  onSheet(dev, 'f10', { type: 'share', id: 'f10' });
  assert.equal(dev.getState().os.foreground, 'messages');
  assert.equal(dev.getState().apps.messages.ui.drafts.compose, 'File: boarding_pass_lisbon.pdf (143 KB)');
  dev.system({ type: 'open', app: 'files' });
  onSheet(dev, 'd1', { type: 'share', id: 'd1' });
  assert.equal(dev.getState().os.foreground, 'files', 'folders are not shared');
  act(dev, { type: 'storage' });
  assert.equal(app(dev).ui.screen, 'storage');
  dev.system({ type: 'back' });
  act(dev, { type: 'search' });
  type(dev, 'search', 'IMG');
  act(dev, { type: 'open', id: 'd6' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.folder], ['browse', 'd6']);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'search');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.drafts.search, undefined);
  dev.system({ type: 'open', app: 'files', intent: { entry_id: 'f20' } });
  assert.deepEqual([app(dev).ui.folder, app(dev).ui.sheet], ['d6', { kind: 'info', id: 'f20' }]);
  dev.system({ type: 'open', app: 'files', intent: { folder_id: 'd4' } });
  assert.deepEqual([app(dev).ui.folder, app(dev).ui.sheet], ['d4', null]);
  const solo = await loadDevice({ apps: ['files'], reset: {} });
  solo.system({ type: 'open', app: 'files' });
  const f10 = solo.getState().apps.files.data.entries.find((e) => e.id === 'f10');
  solo.dispatch('files', { type: 'crumb', id: f10.parent });
  solo.dispatch('files', { type: 'sheet', id: 'f10' });
  solo.dispatch('files', { type: 'share', id: 'f10' });
  assert.equal(solo.getState().apps.files.ui.notice, 'Messages is not available');
});

test('bad input never corrupts the data', async () => {
  const dev = await open();
  const before = JSON.stringify(app(dev).data);
  for (const action of [
    { type: 'open', id: 'nope' }, { type: 'open', id: 'f30' }, { type: 'sheet', id: 'f30' }, { type: 'rename', id: 'nope' },
    { type: 'confirm_rename' }, { type: 'create_folder' }, { type: 'move', id: 'f31' }, { type: 'copy', id: 'x' },
    { type: 'pick_here' }, { type: 'pick_open', id: 'd1' }, { type: 'pick_up' }, { type: 'delete', id: 'f30' },
    { type: 'restore', id: 'f01' }, { type: 'purge', id: 'f01' }, { type: 'confirm_purge' }, { type: 'confirm_empty' },
    { type: 'empty_trash' }, { type: 'toggle_select', id: 'f01' }, { type: 'delete_selected' }, { type: 'select_all' },
    { type: 'crumb', id: 'f01' }, { type: 'intent', entry_id: 'f31' }, { type: 'intent' }, { type: 'share' },
  ]) act(dev, action);
  assert.equal(JSON.stringify(app(dev).data), before);
  assert.equal(act(dev, { type: 'nope' }), false);
  const broken = dev.getState();
  broken.apps.files.ui = { screen: 'zzz', stack: {}, drafts: 'x', folder: 'f01', sort: { key: 'weight' }, select: 'all' };
  dev.setState(broken, { mode: 'set' });
  act(dev, { type: 'close_sheet' });
  const ui = app(dev).ui;
  assert.deepEqual([ui.screen, ui.folder, ui.sort.key, ui.select], ['browse', 'root', 'name', null]);
});
