import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import * as sim from './logic.js';

const world = readJson('apps/greenhouse/world.json');
const solo = () => loadDevice({ apps: ['greenhouse'], reset: { seed: 1 } });
const trio = () => loadDevice({ apps: ['contacts', 'messages', 'greenhouse'], reset: { seed: 1 } });
const gh = (dev) => dev.getState().apps.greenhouse;
const zone = (dev, id) => gh(dev).data.zones.find((z) => z.id === id);
const act = (dev, action) => dev.dispatch('greenhouse', action);
const open = (dev) => dev.system({ type: 'open', app: 'greenhouse' });
const dataJson = (dev) => JSON.stringify(gh(dev).data);
/** A zone control as a user reaches it: the zone's screen (its Controls tab), then the control. */
const onZone = (dev, id, action) => {
  if (!(gh(dev).ui.screen === 'zone' && gh(dev).ui.zone === id)) act(dev, { type: 'open_zone', zone: id });
  act(dev, { type: 'ztab', tab: 'controls' });
  return act(dev, action);
};

test('init copies the world controls and plants; overview open at Day 1 09:30', async () => {
  const dev = await solo();
  const s = gh(dev);
  assert.equal(s.data.clock, 570);
  assert.equal(s.data.zones.length, 5);
  assert.equal(s.data.plants.length, 12);
  assert.deepEqual(zone(dev, 'B'), { id: 'B', vent: 60, heater: 1, misters: 0, lights_on: 6, lights_off: 18, irrigation: 4 });
  assert.ok(s.data.plants.every((p) => p.stress_min === 0));
  assert.equal(s.ui.screen, 'home');
  assert.equal(s.ui.tab, 'overview');
  assert.ok(JSON.stringify(s).length < 10000, 's0 stays small');
});

test('sensor formulas: temperature, humidity, light hours', async () => {
  const dev = await solo();
  const d = gh(dev).data;
  // A at 09:30: outside 11 + shelter 6 + 3*1 heater + 2 lights - 20/10 = 20
  assert.equal(sim.temperature(world, zone(dev, 'A'), d.clock), 20);
  // A humidity: 60 + 0 - 2*2 - 3*1 = 53
  assert.equal(sim.humidity(world, zone(dev, 'A')), 53);
  assert.equal(sim.lightHours(zone(dev, 'D')), 13);
  assert.equal(sim.lightHours({ lights_on: 20, lights_off: 4 }), 8, 'schedules may wrap midnight');
  assert.equal(sim.lightsOnAt({ lights_on: 20, lights_off: 4 }, 2), true);
  assert.equal(sim.lightsOnAt({ lights_on: 20, lights_off: 4 }, 4), false);
  assert.equal(sim.lightHours({ lights_on: null, lights_off: null }), 0);
  assert.equal(sim.humidity(world, { id: 'C', vent: 100, heater: 3, misters: 0 }), 5, 'humidity is clamped at 5');
  assert.equal(sim.clockLabel(1500), 'Day 2 · 01:00');
});

test('stress: the initial greenhouse has 5 stressed plants and the zone health colours follow', async () => {
  const dev = await solo();
  const d = gh(dev).data;
  assert.deepEqual(sim.stressedPlants(world, d).sort(), ['p1', 'p3', 'p4', 'p5', 'p8']);
  assert.equal(sim.zoneHealth(world, d, 'B'), 'bad');
  assert.equal(sim.zoneHealth(world, d, 'A'), 'bad');
  assert.equal(sim.zoneHealth(world, d, 'C'), 'warn');
  assert.equal(sim.zoneHealth(world, d, 'D'), 'ok');
  const why = sim.stressReasons(world, d.plants.find((p) => p.id === 'p5'), zone(dev, 'B'), d.clock).map((r) => r.need);
  assert.deepEqual(why, ['hum', 'light']);
  assert.equal(sim.stressedPlants(world, d, d.clock + 180).length, 7, 'three hours later two more plants overheat');
});

test('power: profile, peak and the cap', async () => {
  const dev = await solo();
  const prof = sim.powerProfile(world, gh(dev).data.zones);
  assert.deepEqual(prof.peak, { kw: 22, hour: 8 });
  assert.equal(prof.hours[0], 7, 'heaters 6 kW + one mister head at night');
  assert.equal(sim.powerCap(world), 26);
});

test('set_vent / set_heater / set_misters / set_irrigation change one zone and log stress changes', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'open_zone', zone: 'A' });
  const alerts = gh(dev).data.alerts.length;
  act(dev, { type: 'set_misters', heads: 2 });
  assert.equal(zone(dev, 'A').misters, 2);
  assert.equal(gh(dev).data.alerts.length, alerts + 1);
  assert.match(gh(dev).data.alerts[0].text, /Glassleaf Fern recovered/);
  onZone(dev, 'A', { type: 'set_irrigation', zone: 'A', hours: 8 });
  assert.equal(zone(dev, 'A').irrigation, 8);
  assert.match(gh(dev).data.alerts[0].text, /Glassleaf Fern stressed: watered too rarely/);
  onZone(dev, 'E', { type: 'set_heater', zone: 'E', level: 1 });
  assert.equal(zone(dev, 'E').heater, 1);
  onZone(dev, 'E', { type: 'set_vent', zone: 'E', value: 30 });
  assert.equal(zone(dev, 'E').vent, 30);
  assert.equal(gh(dev).ui.notice.kind, 'ok');
});

test('rule: misters cannot run with vents above 50%, either way round', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'open_zone', zone: 'B' });
  const before = dataJson(dev);
  act(dev, { type: 'set_misters', heads: 1 });
  assert.equal(dataJson(dev), before, 'refused');
  assert.equal(gh(dev).ui.notice.kind, 'error');
  assert.match(gh(dev).ui.notice.text, /Misters can't run while the vents are open more than 50%/);
  act(dev, { type: 'set_vent', value: 50 });
  act(dev, { type: 'set_misters', heads: 1 });
  assert.equal(zone(dev, 'B').misters, 1);
  const mid = dataJson(dev);
  act(dev, { type: 'set_vent', value: 60 });
  assert.equal(dataJson(dev), mid, 'opening the vents past 50% with misters on is refused');
});

test('rule: heater level 3 needs vents at 10% or more', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'open_zone', zone: 'D' });
  act(dev, { type: 'set_vent', value: 0 });
  assert.equal(zone(dev, 'D').vent, 0);
  act(dev, { type: 'set_heater', level: 3 });
  assert.equal(zone(dev, 'D').heater, 1);
  assert.match(gh(dev).ui.notice.text, /Heater level 3 needs the vents open at least 10%/);
  act(dev, { type: 'set_vent', value: 10 });
  act(dev, { type: 'set_heater', level: 3 });
  assert.equal(zone(dev, 'D').heater, 3);
  act(dev, { type: 'set_vent', value: 0 });
  assert.equal(zone(dev, 'D').vent, 10, 'closing the vents under heater 3 is refused');
});

test('rule: the power cap refuses changes that would push the peak over 26 kW', async () => {
  const dev = await solo();
  open(dev);
  onZone(dev, 'A', { type: 'set_heater', zone: 'A', level: 3 }); // +4 -> 26
  assert.equal(zone(dev, 'A').heater, 3);
  assert.equal(sim.powerProfile(world, gh(dev).data.zones).peak.kw, 26);
  onZone(dev, 'A', { type: 'set_misters', zone: 'A', heads: 1 }); // +1 -> 27
  assert.equal(zone(dev, 'A').misters, 0);
  assert.match(gh(dev).ui.notice.text, /Power budget exceeded: the load would peak at 27 kW at 08:00 \(cap 26 kW\)/);
});

test('a greenhouse seeded over the power cap can be brought under it step by step; raising an over-cap hour stays refused', async () => {
  const s0 = (await solo()).getState().apps.greenhouse.data.zones;
  const zones = s0.map((z) => (z.id === 'A' || z.id === 'B' ? { ...z, heater: 3 } : z));
  const dev = await loadDevice({ apps: ['greenhouse'], reset: { seed: 1, patch: { apps: { greenhouse: { data: { zones } } } } } });
  open(dev);
  assert.equal(sim.powerProfile(world, gh(dev).data.zones).peak.kw, 30);
  onZone(dev, 'A', { type: 'set_heater', zone: 'A', level: 2 }); // 30 -> 28: still over the cap, but lower
  assert.equal(zone(dev, 'A').heater, 2, 'a change that lowers the load is allowed');
  onZone(dev, 'C', { type: 'set_misters', zone: 'C', heads: 1 }); // +1 kW at every hour: 08:00 would reach 29
  assert.equal(zone(dev, 'C').misters, 0);
  assert.match(gh(dev).ui.notice.text, /Power budget exceeded: the load would peak at 29 kW at 08:00 \(cap 26 kW\)/);
  onZone(dev, 'B', { type: 'set_heater', zone: 'B', level: 1 }); // 28 -> 24
  assert.equal(sim.powerProfile(world, gh(dev).data.zones).peak.kw, 24);
  onZone(dev, 'B', { type: 'set_heater', zone: 'B', level: 3 }); // back to 28: over the cap from under it
  assert.equal(zone(dev, 'B').heater, 1);
});

test('grow lights editor: draft, apply, refusals (same hours, > 18 h, power), lights off', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'open_zone', zone: 'E' });
  act(dev, { type: 'edit_lights' });
  assert.equal(gh(dev).ui.screen, 'lights');
  assert.deepEqual(gh(dev).ui.lights, { on: 8, off: 18, off_all: false });
  act(dev, { type: 'lights_pick', which: 'on', hour: 6 });
  act(dev, { type: 'lights_pick', which: 'off', hour: 6 });
  act(dev, { type: 'apply_lights' });
  assert.equal(gh(dev).ui.screen, 'lights', 'equal hours are refused');
  assert.equal(zone(dev, 'E').lights_on, 8);
  act(dev, { type: 'lights_pick', which: 'off', hour: 1 });
  act(dev, { type: 'apply_lights' });
  assert.match(gh(dev).ui.notice.text, /at most 18 h/);
  act(dev, { type: 'lights_pick', which: 'off', hour: 16 });
  act(dev, { type: 'apply_lights' });
  assert.equal(gh(dev).ui.screen, 'zone');
  assert.deepEqual([zone(dev, 'E').lights_on, zone(dev, 'E').lights_off], [6, 16]);
  act(dev, { type: 'edit_lights' });
  act(dev, { type: 'lights_none' });
  act(dev, { type: 'apply_lights' });
  assert.deepEqual([zone(dev, 'E').lights_on, zone(dev, 'E').lights_off], [null, null]);
  act(dev, { type: 'edit_lights' });
  assert.equal(gh(dev).ui.lights.off_all, true);
  act(dev, { type: 'lights_pick', which: 'on', hour: 25 });
  assert.equal(gh(dev).ui.lights.on, 6, 'bad hours are ignored');
  dev.system({ type: 'back' });
  assert.equal(gh(dev).ui.screen, 'zone');
  // With E's lights off the peak is 19 kW; fill it to 25 kW, then E's lights (3 kW) no longer fit.
  onZone(dev, 'A', { type: 'set_heater', zone: 'A', level: 3 });
  onZone(dev, 'B', { type: 'set_heater', zone: 'B', level: 2 });
  assert.equal(sim.powerProfile(world, gh(dev).data.zones).peak.kw, 25);
  onZone(dev, 'E', { type: 'edit_lights', zone: 'E' });
  act(dev, { type: 'lights_pick', which: 'on', hour: 8 });
  act(dev, { type: 'lights_pick', which: 'off', hour: 18 });
  act(dev, { type: 'apply_lights' });
  assert.equal(gh(dev).ui.screen, 'lights');
  assert.match(gh(dev).ui.notice.text, /peak at 28 kW/);
  assert.equal(zone(dev, 'E').lights_on, null);
});

test('wait advances the clock in 30-minute steps, accumulates stress minutes and logs changes', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'wait', minutes: 180 });
  const d = gh(dev).data;
  assert.equal(d.clock, 750);
  assert.equal(d.plants.find((p) => p.id === 'p5').stress_min, 180);
  assert.equal(d.plants.find((p) => p.id === 'p11').stress_min, 0);
  assert.ok(d.alerts.some((a) => a.plant === 'p2' && a.level === 'warn' && a.time === 720));
  const before = dataJson(dev);
  for (const m of [0, -30, 45, 'x', 3000]) act(dev, { type: 'wait', minutes: m });
  assert.equal(dataJson(dev), before, 'bad wait lengths are ignored');
});

test('move_plant: capacity and health follow the plant; same zone / unknown ignored', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'open_plant', plant: 'p8' });
  assert.equal(gh(dev).ui.screen, 'plant');
  act(dev, { type: 'move_plant', to: 'B' });
  assert.match(gh(dev).ui.notice.text, /Zone B is full/);
  act(dev, { type: 'move_plant', to: 'D' });
  assert.equal(gh(dev).data.plants.find((p) => p.id === 'p8').zone, 'D');
  assert.ok(!sim.stressedPlants(world, gh(dev).data).includes('p8'));
  const before = dataJson(dev);
  act(dev, { type: 'move_plant', plant: 'p8', to: 'D' });
  act(dev, { type: 'move_plant', plant: 'nope', to: 'A' });
  act(dev, { type: 'move_plant', plant: 'p1', to: 'Z' });
  assert.equal(dataJson(dev), before);
});

test('clear alerts needs the confirmation', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'tab', tab: 'alerts' });
  act(dev, { type: 'confirm_clear' });
  assert.equal(gh(dev).data.alerts.length, 5, 'no dialog, nothing cleared');
  act(dev, { type: 'ask_clear' });
  act(dev, { type: 'cancel' });
  assert.equal(gh(dev).data.alerts.length, 5);
  act(dev, { type: 'ask_clear' });
  act(dev, { type: 'confirm_clear' });
  assert.deepEqual(gh(dev).data.alerts, []);
  act(dev, { type: 'ask_clear' });
  assert.equal(gh(dev).ui.dialog, null, 'an empty log has nothing to confirm');
});

test('navigation: tabs, zone tabs, back through the stack, then home', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'tab', tab: 'rules' });
  assert.equal(gh(dev).ui.tab, 'rules');
  act(dev, { type: 'tab', tab: 'nope' });
  assert.equal(gh(dev).ui.tab, 'rules');
  dev.system({ type: 'back' });
  assert.equal(gh(dev).ui.tab, 'overview', 'back from another tab shows the overview');
  act(dev, { type: 'open_zone', zone: 'C' });
  act(dev, { type: 'ztab', tab: 'forecast' });
  assert.equal(gh(dev).ui.ztab, 'forecast');
  act(dev, { type: 'open_plant', plant: 'p6' });
  dev.system({ type: 'back' });
  assert.equal(gh(dev).ui.screen, 'zone');
  assert.equal(gh(dev).ui.ztab, 'forecast');
  dev.system({ type: 'back' });
  assert.equal(gh(dev).ui.screen, 'home');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  act(dev, { type: 'open_zone', zone: 'Q' });
  assert.equal(gh(dev).ui.screen, 'home');
  assert.equal(act(dev, { type: 'unknown' }), false);
});

test('bad control values never change the state', async () => {
  const dev = await solo();
  open(dev);
  const before = dataJson(dev);
  onZone(dev, 'A', { type: 'set_vent', zone: 'A', value: 35 });
  onZone(dev, 'A', { type: 'set_vent', zone: 'A', value: '20' });
  onZone(dev, 'A', { type: 'set_heater', zone: 'A', level: 4 });
  onZone(dev, 'A', { type: 'set_misters', zone: 'A', heads: -1 });
  onZone(dev, 'A', { type: 'set_irrigation', zone: 'A', hours: 5 });
  onZone(dev, 'Q', { type: 'set_vent', zone: 'Q', value: 30 });
  act(dev, { type: 'lights_pick', which: 'on', hour: 3 });
  act(dev, { type: 'apply_lights' });
  act(dev, {});
  assert.equal(dataJson(dev), before);
});

test('share and caretaker hand-offs open Messages / Contacts with the report', async () => {
  const dev = await trio();
  open(dev);
  act(dev, { type: 'share' });
  const st = dev.getState();
  assert.equal(st.os.foreground, 'messages');
  assert.equal(st.apps.messages.ui.screen, 'new');
  assert.match(st.apps.messages.ui.drafts.compose, /^Verdant report, Day 1 · 09:30\. A: 20°C, 53% RH, 1 stressed\. B: 19°C, 51% RH, 3 stressed\./);
  assert.match(st.apps.messages.ui.drafts.compose, /Peak load 22\/26 kW\.$/);
  open(dev);
  act(dev, { type: 'open_zone', zone: 'B' });
  act(dev, { type: 'message_caretaker' });
  const m = dev.getState().apps.messages;
  assert.equal(m.ui.screen, 'thread');
  assert.equal(m.ui.thread, 't06', 'Rosa Tamura, the caretaker of Zone B');
  assert.match(m.ui.drafts.compose, /^Zone B \(Mist House\) at Day 1 · 09:30: 19°C, 51% RH, 3 of 3 plants stressed \(Moonpetal Orchid: too dry;/);
  open(dev);
  onZone(dev, 'E', { type: 'open_caretaker', zone: 'E' });
  assert.equal(dev.getState().os.foreground, 'contacts');
  assert.equal(dev.getState().apps.contacts.ui.selected, 'c4');
});

test('hand-offs without the target app show a notice instead', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'share' });
  assert.equal(dev.getState().os.foreground, 'greenhouse');
  assert.match(gh(dev).ui.notice.text, /Messages is not available/);
  onZone(dev, 'A', { type: 'open_caretaker', zone: 'A' });
  assert.match(gh(dev).ui.notice.text, /Contacts is not available/);
  act(dev, { type: 'dismiss' });
  assert.equal(gh(dev).ui.notice, null);
});

test('intent {zone} opens that zone; back returns to the overview', async () => {
  const dev = await solo();
  dev.system({ type: 'open', app: 'greenhouse', intent: { zone: 'D' } });
  assert.equal(gh(dev).ui.screen, 'zone');
  assert.equal(gh(dev).ui.zone, 'D');
  dev.system({ type: 'back' });
  assert.equal(gh(dev).ui.screen, 'home');
  dev.system({ type: 'open', app: 'greenhouse', intent: { zone: 'nope' } });
  assert.equal(gh(dev).ui.screen, 'home');
});

test('a broken ui is repaired and the alerts log is capped', async () => {
  const dev = await solo();
  dev.setState({ apps: { greenhouse: { ui: { screen: 'bogus', tab: 'x', stack: 'no', drafts: null } } } });
  open(dev);
  act(dev, { type: 'dismiss' });
  assert.equal(gh(dev).ui.screen, 'home');
  assert.equal(gh(dev).ui.tab, 'overview');
  act(dev, { type: 'wait', minutes: 1440 });
  act(dev, { type: 'wait', minutes: 1440 });
  assert.ok(gh(dev).data.alerts.length <= sim.MAX_ALERTS);
  assert.equal(gh(dev).data.clock, 570 + 2880);
});

test('logged alerts get ids no world alert (al1..al5) or earlier alert has', async () => {
  const dev = await solo();
  const worldIds = gh(dev).data.alerts.map((a) => a.id);
  assert.equal(dev.getState().os.next_id, 1);
  open(dev);
  for (const m of [600, 600, 600, 600]) act(dev, { type: 'wait', minutes: m });
  for (const v of [0, 100, 0, 100]) act(dev, { type: 'set_vent', value: v });
  const ids = gh(dev).data.alerts.map((a) => a.id);
  assert.ok(ids.length > worldIds.length, 'transitions were logged');
  assert.equal(new Set(ids).size, ids.length, `duplicate alert ids: ${ids}`);
  for (const id of worldIds) assert.equal(ids.filter((x) => x === id).length, 1, `${id} is the world's alone`);
  const replay = await solo();
  open(replay);
  for (const m of [600, 600, 600, 600]) act(replay, { type: 'wait', minutes: m });
  for (const v of [0, 100, 0, 100]) act(replay, { type: 'set_vent', value: v });
  assert.deepEqual(gh(replay).data.alerts.map((a) => a.id), ids, 'same actions, same ids');
});
