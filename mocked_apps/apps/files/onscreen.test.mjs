// Files acts only on what is on screen: a row's More button on an entry the open folder (or the search) lists, and
// the sheet's rows (info, rename, move, copy, share, delete) on the sheet's entry.

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';

const app = (dev) => dev.getState().apps.files;
const act = (dev, action) => dev.dispatch('files', action);
const entry = (dev, id) => app(dev).data.entries.find((e) => e.id === id);

test('sheet and entry actions act on the entry shown only', async () => {
  const dev = await loadDevice({ apps: ['files'], reset: { seed: 1 } });
  dev.system({ type: 'open', app: 'files' });
  const before = JSON.stringify(app(dev).data);
  act(dev, { type: 'sheet', id: 'f06' });
  assert.equal(app(dev).ui.sheet, null, 'f06 is in Documents, not the root shown');
  act(dev, { type: 'delete', id: 'f06' });
  act(dev, { type: 'rename', id: 'f06' });
  assert.deepEqual([JSON.stringify(app(dev).data), app(dev).ui.dialog], [before, null], 'no sheet open');
  act(dev, { type: 'open', id: 'd1' });
  act(dev, { type: 'sheet', id: 'f07' });
  act(dev, { type: 'delete', id: 'f06' });
  assert.equal(entry(dev, 'f06').trashed, false, 'not f06 from f07\'s sheet');
  act(dev, { type: 'delete' });
  assert.equal(entry(dev, 'f07').trashed, true);
});
