// The clock acts only on what is on screen: an alarm's switch on the alarms screen, a city's remove button on the
// world clock, a row of the city picker as its search lists it; nothing under a dialog.

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';

const app = (dev) => dev.getState().apps.clock;
const act = (dev, action) => dev.dispatch('clock', action);

test('alarm switches, city rows and the picker act only on screen', async () => {
  const dev = await loadDevice({ apps: ['clock'], reset: { seed: 1 } });
  dev.system({ type: 'open', app: 'clock' });
  act(dev, { type: 'tab', tab: 'world' });
  const before = JSON.stringify(app(dev).data);
  act(dev, { type: 'toggle_alarm', id: 'a1' });
  act(dev, { type: 'add_city', id: 'bkk' });
  assert.equal(JSON.stringify(app(dev).data), before, 'an alarm from the world clock; a city with no picker open');
  act(dev, { type: 'add_city_screen' });
  act(dev, { type: '@draft', key: 'city', value: 'berlin' });
  act(dev, { type: 'add_city', id: 'bkk' });
  act(dev, { type: 'remove_city', id: app(dev).data.cities[0] });
  assert.equal(JSON.stringify(app(dev).data), before, 'Bangkok is not listed for "berlin"; no remove buttons in the picker');
  act(dev, { type: 'add_city', id: 'ber' });
  assert.ok(app(dev).data.cities.includes('ber'));
});
