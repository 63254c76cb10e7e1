// Contacts acts only on what is on screen: the detail screen's buttons on the contact shown (no dialog over it), and
// open on a row of the list shown (the search's hits while a query is typed).

import test from 'node:test';
import assert from 'node:assert/strict';
import { open, app, byId, type, act } from './testkit.mjs';


test('detail buttons act on the contact shown only; open takes a row of the list shown', async () => {
  const dev = await open();
  const before = JSON.stringify(app(dev).data);
  for (const a of [{ type: 'toggle_favorite', id: 'c2' }, { type: 'toggle_block', id: 'c2' }, { type: 'edit', id: 'c2' },
    { type: 'delete', id: 'c2' }, { type: 'message', id: 'c2' }]) act(dev, a);
  assert.equal(JSON.stringify(app(dev).data), before, 'from the list');
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.dialog], ['list', null]);
  type(dev, 'search', 'Celia');
  act(dev, { type: 'open', id: 'c2' });
  assert.equal(app(dev).ui.screen, 'list', 'Bram is not a hit for "Celia"');
  act(dev, { type: 'open', id: 'c3' });
  act(dev, { type: 'toggle_favorite', id: 'c2' });
  act(dev, { type: 'open', id: 'c2' });
  assert.deepEqual([app(dev).ui.selected, byId(dev, 'c2').favorite], ['c3', false], 'not from c3\'s screen');
  act(dev, { type: 'toggle_favorite', id: 'c3' });
  assert.equal(byId(dev, 'c3').favorite, true);
});
