// Wayfin acts only on what is on screen: a ride's rating, share and cancel buttons on that ride's (or the live trip's)
// screen, no dialog over it.

import test from 'node:test';
import assert from 'node:assert/strict';
import { device, wf } from './testkit.mjs';

const act = (dev, action) => dev.dispatch('rides', action);
const ride = (dev, id) => wf(dev).data.rides.find((r) => r.id === id);

test('ride buttons act on the ride shown only', async () => {
  const dev = await device({}, ['messages', 'rides']);
  act(dev, { type: 'rate', stars: 2 });
  act(dev, { type: 'submit_rating', id: 'r05' });
  act(dev, { type: 'share_receipt', id: 'r05' });
  assert.deepEqual([ride(dev, 'r05').rating ?? null, dev.getState().os.foreground], [null, 'rides'], 'from the home screen');
  act(dev, { type: 'tab', tab: 'activity' });
  act(dev, { type: 'open_ride', id: 'r06' });
  act(dev, { type: 'rate', stars: 2 });
  act(dev, { type: 'submit_rating', id: 'r05' });
  assert.equal(ride(dev, 'r05').rating ?? null, null, 'from r06\'s screen');
  act(dev, { type: 'submit_rating', id: 'r06' });
  assert.equal(ride(dev, 'r06').rating, 2);
});
