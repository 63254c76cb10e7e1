// Notes acts only on what is on screen: Pin, Share and Delete on the note open in the editor (nothing over it), open on
// a row of the list shown (the folder's, or the search's hits), restore and purge on a row of the trash screen.

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';

async function open() {
  const dev = await loadDevice({ apps: ['contacts', 'messages', 'notes'], reset: { seed: 3 } });
  dev.system({ type: 'open', app: 'notes' });
  return dev;
}
const app = (dev) => dev.getState().apps.notes;
const note = (dev, id) => app(dev).data.notes.find((n) => n.id === id);
const act = (dev, action) => dev.dispatch('notes', action);
const snap = (dev) => JSON.stringify(app(dev).data);

test('editor buttons act on the open note only', async () => {
  const dev = await open();
  const before = snap(dev);
  for (const a of [{ type: 'pin', id: 'n05' }, { type: 'delete', id: 'n05' }, { type: 'share', id: 'n05' },
    { type: 'restore', id: 'n14' }, { type: 'purge', id: 'n14' }]) act(dev, a);
  assert.equal(snap(dev), before, 'from the list');
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.dialog, dev.getState().os.foreground], ['list', null, 'notes']);
  act(dev, { type: 'open', id: 'n06' });
  act(dev, { type: 'pin', id: 'n05' });
  act(dev, { type: 'delete', id: 'n05' });
  assert.deepEqual([note(dev, 'n05').pinned, note(dev, 'n05').trashed], [false, false], 'from n06\'s editor');
  act(dev, { type: 'folder_sheet' });
  act(dev, { type: 'pin' });
  assert.equal(note(dev, 'n06').pinned, false, 'under the folder sheet');
  act(dev, { type: 'close_sheet' });
  act(dev, { type: 'pin', id: 'n06' });
  assert.equal(note(dev, 'n06').pinned, true);
});

test('open takes a row of the list shown; restore and purge a row of the trash', async () => {
  const dev = await open();
  act(dev, { type: 'folder', folder: 'f3' });
  act(dev, { type: 'open', id: 'n05' });
  assert.equal(app(dev).ui.screen, 'list', 'a Work note under the Recipes chip');
  act(dev, { type: 'open', id: 'n07' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.note], ['editor', 'n07']);
  dev.system({ type: 'back' });
  act(dev, { type: 'trash_view' });
  act(dev, { type: 'restore', id: 'n05' });
  act(dev, { type: 'restore', id: 'n14' });
  assert.deepEqual([note(dev, 'n05').trashed, note(dev, 'n14').trashed], [false, false]);
});
