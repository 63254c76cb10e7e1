// Nooks acts only on what is on screen: a place's save, review and delete-review buttons on that place's screen, the
// save sheet's rows for the place it was opened on, a list's delete and remove buttons on that list's screen.

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';

async function device() {
  const dev = await loadDevice({ apps: ['reviews'], reset: { seed: 4 } });
  dev.system({ type: 'open', app: 'reviews' });
  return dev;
}
const rv = (dev) => dev.getState().apps.reviews;
const go = (dev, action) => dev.dispatch('reviews', action);
const snap = (dev) => JSON.stringify(rv(dev).data);

test('place and list buttons act on the place or list shown only', async () => {
  const dev = await device();
  const before = snap(dev);
  for (const a of [{ type: 'ask_delete_review', id: 'p3' }, { type: 'ask_delete_list', id: 'l1' }, { type: 'open_save', id: 'p3' },
    { type: 'toggle_in_list', list: 'l1', place: 'p3' }, { type: 'remove_from_list', list: 'l1', place: 'p2' },
    { type: 'write_review', id: 'p3' }]) go(dev, a);
  assert.equal(snap(dev), before, 'from the explore screen');
  assert.deepEqual([rv(dev).ui.screen, rv(dev).ui.dialog], ['explore', null]);
  go(dev, { type: 'open_place', id: 'p1' });
  go(dev, { type: 'ask_delete_review', id: 'p3' });
  go(dev, { type: 'write_review', id: 'p3' });
  assert.deepEqual([rv(dev).ui.screen, rv(dev).ui.place, rv(dev).ui.dialog], ['place', 'p1', null], 'from p1\'s screen');
  go(dev, { type: 'open_save' });
  go(dev, { type: 'toggle_in_list', list: 'l1', place: 'p3' });
  assert.equal(snap(dev), before, 'the sheet saves the place it was opened on');
  go(dev, { type: 'toggle_in_list', list: 'l1' });
  assert.ok(rv(dev).data.lists.find((l) => l.id === 'l1').places.includes('p1'));
});
