// The greenhouse acts only on what is on screen: a zone's controls, lights and caretaker buttons on that zone's
// Controls tab, a plant's Move buttons on that plant's screen; nothing under a dialog.

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';

const gh = (dev) => dev.getState().apps.greenhouse;
const act = (dev, action) => dev.dispatch('greenhouse', action);
const snap = (dev) => JSON.stringify(gh(dev).data.zones) + JSON.stringify(gh(dev).data.plants);

test('zone controls and plant moves act on the zone / plant shown only', async () => {
  const dev = await loadDevice({ apps: ['greenhouse'], reset: { seed: 1 } });
  dev.system({ type: 'open', app: 'greenhouse' });
  const before = snap(dev);
  for (const a of [{ type: 'set_vent', zone: 'B', value: 30 }, { type: 'set_heater', zone: 'B', level: 1 },
    { type: 'set_irrigation', zone: 'B', hours: 8 }, { type: 'edit_lights', zone: 'B' }, { type: 'move_plant', plant: 'p1', to: 'D' }]) act(dev, a);
  assert.equal(snap(dev), before, 'from the overview');
  assert.equal(gh(dev).ui.screen, 'home');
  act(dev, { type: 'open_zone', zone: 'A' });
  act(dev, { type: 'set_vent', zone: 'B', value: 30 });
  act(dev, { type: 'ztab', tab: 'plants' });
  act(dev, { type: 'set_vent', value: 30 });
  assert.equal(snap(dev), before, 'another zone, or zone A\'s Plants tab');
  act(dev, { type: 'open_plant', plant: 'p1' });
  act(dev, { type: 'move_plant', plant: 'p3', to: 'D' });
  assert.equal(snap(dev), before, 'not p3 from p1\'s screen');
  act(dev, { type: 'move_plant', to: 'D' });
  assert.equal(gh(dev).data.plants.find((p) => p.id === 'p1').zone, 'D');
});

test('the lights editor opens from the zone shown or a row of the Schedules tab', async () => {
  const dev = await loadDevice({ apps: ['greenhouse'], reset: { seed: 1 } });
  dev.system({ type: 'open', app: 'greenhouse' });
  act(dev, { type: 'edit_lights', zone: 'C' });
  assert.equal(gh(dev).ui.screen, 'home', 'not from the overview');
  act(dev, { type: 'tab', tab: 'schedules' });
  act(dev, { type: 'edit_lights', zone: 'C' });
  assert.deepEqual([gh(dev).ui.screen, gh(dev).ui.zone], ['lights', 'C']);
});
