// Tiletrip acts only on what is on screen: Move and Remove on the open tile sheet's tile, Save to Contacts on the
// place screen's place; nothing under a dialog.

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';

const tt = (dev) => dev.getState().apps.tiletrip;
const act = (dev, action) => dev.dispatch('tiletrip', action);
const entry = (dev, id) => tt(dev).data.plan.find((e) => e.id === id);

test('tile sheet buttons act on the sheet\'s tile only', async () => {
  const dev = await loadDevice({ apps: ['contacts', 'tiletrip'], reset: { seed: 1 } });
  dev.system({ type: 'open', app: 'tiletrip' });
  const before = JSON.stringify(tt(dev).data);
  act(dev, { type: 'remove', id: 'a17' });
  act(dev, { type: 'start_move', id: 'a17' });
  act(dev, { type: 'save_guide', id: 'a1' });
  assert.equal(JSON.stringify(tt(dev).data), before, 'no sheet open');
  assert.deepEqual([tt(dev).ui.selected ?? null, dev.getState().os.foreground], [null, 'tiletrip']);
  act(dev, { type: 'tile', id: 'a12' });
  act(dev, { type: 'remove', id: 'a17' });
  assert.ok(entry(dev, 'a17'), 'not a17 from a12\'s sheet');
  act(dev, { type: 'remove' });
  assert.equal(entry(dev, 'a12'), undefined);
});
