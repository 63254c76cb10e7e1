import test from 'node:test';
import assert from 'node:assert/strict';
import { intentRecorder, loadDevice, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as roster from './logic.js';

const { shiftIds, parseShift, shiftLabel, violations, shiftStatus, hoursOf, payOf, costSummary, requestApplies, shiftsText, shortDate, unavailableOf } = roster;
const world = readJson('apps/roster/world.json');

async function open(apps = ['roster']) {
  const dev = await loadDevice({ apps, reset: { seed: 4 } });
  dev.system({ type: 'open', app: 'roster' });
  return dev;
}
const app = (dev) => dev.getState().apps.roster;
const act = (dev, action) => dev.dispatch('roster', action);
const ids = (dev) => violations(world, app(dev).data).map((v) => v.id);
const fillWedNight = (dev) => act(dev, { type: 'assign', shift: 'wed-night', staff: 'c9' });

function withStubs() {
  const dev = createDevice({ apps: { roster, messages: intentRecorder(), contacts: intentRecorder() }, worlds: { roster: world } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'roster' });
  return dev;
}

test('init copies the draft board, availability and pending requests', async () => {
  const dev = await open();
  const { data, ui } = app(dev);
  assert.equal(Object.keys(data.assign).length, 21);
  assert.deepEqual(data.assign['wed-night'], []);
  assert.deepEqual(data.assign['mon-morning'], ['c2', 'c21', 'c12']);
  assert.deepEqual(data.unavailable.c21, ['thu', 'fri']);
  assert.deepEqual(data.requests.map((r) => r.status), ['pending', 'pending', 'pending', 'pending', 'pending']);
  assert.equal(data.status, 'draft');
  assert.equal(data.version, 0);
  assert.equal(ui.tab, 'board');
  assert.ok(JSON.stringify(app(dev)).length < 10000);
});

test('selectors: shifts, labels, hours, dates', () => {
  assert.equal(shiftIds(world).length, 21);
  assert.deepEqual(parseShift(world, 'thu-night'), { day: 'thu', slot: 'night' });
  assert.equal(parseShift(world, 'xyz-night'), null);
  assert.equal(parseShift(world, 'mon-evening'), null);
  assert.equal(shiftLabel(world, 'sat-afternoon'), 'Sat afternoon');
  assert.equal(shortDate('2026-03-16'), 'Mar 16');
  const data = roster.init(world).data;
  assert.equal(hoursOf(world, data, 'c2'), 36);
  assert.equal(hoursOf(world, data, 'c9'), 24);
  assert.deepEqual(unavailableOf(world, data, 'c16'), ['sat']);
});

test('s0 has exactly the Wed night gap; Ivo is the only valid filler', async () => {
  const dev = await open();
  assert.deepEqual(ids(dev), ['understaffed:wed-night', 'skill:wed-night:nurse']);
  const data = app(dev).data;
  const ok = world.staff.filter((p) => {
    const trial = { ...data, assign: { ...data.assign, 'wed-night': [p.id] } };
    return violations(world, trial).length === 0;
  }).map((p) => p.id);
  assert.deepEqual(ok, ['c9']);
  assert.equal(shiftStatus(world, data, 'wed-night'), 'short');
  assert.equal(shiftStatus(world, data, 'mon-morning'), 'ok');
});

test('each rule is detected', () => {
  const base = roster.init(world).data;
  base.assign['wed-night'] = ['c9'];
  assert.deepEqual(violations(world, base), []);
  const v = (patch, unavailable) => violations(world, { ...base, assign: { ...base.assign, ...patch }, unavailable: { ...base.unavailable, ...(unavailable || {}) } }).map((x) => x.id);
  assert.deepEqual(v({ 'tue-morning': ['c16', 'c23', 'c18'] }), ['rest:c23:mon']);
  assert.deepEqual(v({ 'wed-afternoon': ['c18', 'c2'] }), ['double:c2:wed', 'hours:c2']);
  assert.deepEqual(v({ 'thu-afternoon': ['c18', 'c16'] }), ['hours:c16']);
  assert.deepEqual(v({ 'sun-morning': ['c18', 'c21'] }), ['skill:sun-morning:doctor']);
  assert.deepEqual(v({ 'thu-afternoon': ['c21', 'c9'] }), ['skill:thu-afternoon:triage', 'unavailable:c21:thu']);
  assert.deepEqual(v({}, { c5: ['thu'] }), ['unavailable:c5:thu']);
  assert.deepEqual(v({ 'sat-night': [] }), ['understaffed:sat-night', 'skill:sat-night:nurse']);
  assert.deepEqual(v({ 'sun-night': ['c12', 'nobody'] }), [], 'unknown ids are ignored');
  const bad = violations(world, { ...base, assign: { ...base.assign, 'tue-morning': ['c16', 'c23', 'c18'] } });
  assert.equal(shiftStatus(world, { ...base, assign: { ...base.assign, 'tue-morning': ['c16', 'c23', 'c18'] } }, 'tue-morning', bad), 'bad');
  assert.match(bad[0].text, /Wren Adeyemi: Mon night, then Tue morning/);
});

test('cost: hours × rate, nights × 1.5', () => {
  const data = roster.init(world).data;
  assert.deepEqual(payOf(world, data, 'c2'), { hours: 36, night_hours: 0, pay: 1872 });
  assert.deepEqual(payOf(world, data, 'c5'), { hours: 36, night_hours: 24, pay: 1632 });
  assert.equal(costSummary(world, data).total, 10272);
  data.assign['wed-night'] = ['c9'];
  assert.equal(costSummary(world, data).total, 10830);
  assert.deepEqual(payOf(world, data, 'nobody'), { hours: 0, night_hours: 0, pay: 0 });
});

test('pick then cell toggles an assignment; cell alone just selects', async () => {
  const dev = await open();
  act(dev, { type: 'cell', shift: 'wed-night' });
  assert.equal(app(dev).ui.cell, 'wed-night');
  assert.deepEqual(app(dev).data.assign['wed-night'], []);
  act(dev, { type: 'pick', id: 'c9' });
  assert.equal(app(dev).ui.pick, 'c9');
  act(dev, { type: 'cell', shift: 'wed-night' });
  assert.deepEqual(app(dev).data.assign['wed-night'], ['c9']);
  assert.match(app(dev).ui.notice, /Ivo Castell added to Wed night/);
  assert.deepEqual(ids(dev), []);
  act(dev, { type: 'cell', shift: 'wed-night' });
  assert.deepEqual(app(dev).data.assign['wed-night'], []);
  act(dev, { type: 'pick', id: 'c9' });
  assert.equal(app(dev).ui.pick, null, 'picking again unpicks');
  act(dev, { type: 'pick', id: 'nobody' });
  act(dev, { type: 'cell', shift: 'nowhere' });
  assert.equal(app(dev).ui.pick, null);
  assert.equal(app(dev).ui.cell, 'wed-night');
  act(dev, { type: 'clear_cell' });
  assert.equal(app(dev).ui.cell, null);
});

test('assign / unassign are idempotent and validate ids', async () => {
  const dev = await open();
  act(dev, { type: 'assign', shift: 'wed-night', staff: 'c9' });
  act(dev, { type: 'assign', shift: 'wed-night', staff: 'c9' });
  assert.deepEqual(app(dev).data.assign['wed-night'], ['c9']);
  act(dev, { type: 'unassign', shift: 'mon-morning', staff: 'c21' });
  assert.ok(app(dev).data.assign['mon-morning'].includes('c21'), 'unassign is the open shift card\'s button');
  act(dev, { type: 'cell', shift: 'mon-morning' });
  act(dev, { type: 'unassign', shift: 'mon-morning', staff: 'c21' });
  act(dev, { type: 'unassign', shift: 'mon-morning', staff: 'c21' });
  assert.deepEqual(app(dev).data.assign['mon-morning'], ['c2', 'c12']);
  const before = JSON.stringify(app(dev).data);
  act(dev, { type: 'assign', shift: 'mon-morning', staff: 'zz' });
  act(dev, { type: 'assign', shift: 'noday-night', staff: 'c2' });
  act(dev, { type: 'unassign', shift: 'mon-morning', staff: 'c5' });
  assert.equal(JSON.stringify(app(dev).data), before);
});

test('publish is refused while any violation exists, then versions the roster', async () => {
  const dev = await open();
  act(dev, { type: 'publish' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'blocked', count: 2 });
  assert.equal(app(dev).data.status, 'draft');
  assert.equal(app(dev).data.version, 0);
  act(dev, { type: 'close_dialog' });
  fillWedNight(dev);
  act(dev, { type: 'publish' });
  assert.equal(app(dev).data.status, 'published');
  assert.equal(app(dev).data.version, 1);
  assert.equal(app(dev).data.published_at, Date.UTC(2026, 2, 14, 9, 30));
  act(dev, { type: 'publish' });
  assert.equal(app(dev).data.version, 1, 'publishing twice changes nothing');
  act(dev, { type: 'assign', shift: 'sun-afternoon', staff: 'c21' });
  assert.equal(app(dev).data.status, 'draft', 'any edit returns to draft');
  act(dev, { type: 'publish' });
  assert.equal(app(dev).data.version, 2);
});

test('availability toggles per day and feeds the checks', async () => {
  const dev = await open();
  fillWedNight(dev);
  act(dev, { type: 'tab', tab: 'staff' });
  act(dev, { type: 'open_person', id: 'c12' });
  assert.equal(app(dev).ui.screen, 'person');
  act(dev, { type: 'toggle_day', day: 'mon' });
  assert.deepEqual(app(dev).data.unavailable.c12, ['mon', 'wed']);
  assert.deepEqual(ids(dev), ['unavailable:c12:mon']);
  act(dev, { type: 'toggle_day', day: 'wed' });
  assert.deepEqual(app(dev).data.unavailable.c12, ['mon']);
  act(dev, { type: 'toggle_day', day: 'someday' });
  act(dev, { type: 'toggle_day', day: 'mon', staff: 'nobody' });
  assert.deepEqual(app(dev).data.unavailable.c12, ['mon']);
  const c21 = JSON.stringify(app(dev).data.unavailable.c21);
  act(dev, { type: 'toggle_day', day: 'sun', staff: 'c21' });
  assert.equal(JSON.stringify(app(dev).data.unavailable.c21), c21, 'not c21 from c12\'s page');
  dev.system({ type: 'back' });
  act(dev, { type: 'open_person', id: 'c21' });
  act(dev, { type: 'toggle_day', day: 'sun', staff: 'c21' });
  assert.deepEqual(app(dev).data.unavailable.c21, ['thu', 'fri', 'sun']);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'tabs');
  assert.equal(app(dev).ui.tab, 'staff');
});

test('requests: approve applies valid swaps; decline; stale or decided requests are refused', async () => {
  const dev = await open();
  fillWedNight(dev);
  act(dev, { type: 'approve', id: 'r1' });
  assert.equal(app(dev).data.requests.find((r) => r.id === 'r1').status, 'pending', 'Approve is on the Requests tab');
  act(dev, { type: 'tab', tab: 'requests' });
  act(dev, { type: 'approve', id: 'r1' });
  const a = app(dev).data.assign;
  assert.ok(a['mon-morning'].includes('c5') && !a['mon-morning'].includes('c12'));
  assert.ok(a['fri-night'].includes('c12') && !a['fri-night'].includes('c5'));
  assert.equal(app(dev).data.requests.find((r) => r.id === 'r1').status, 'approved');
  assert.deepEqual(ids(dev), []);
  act(dev, { type: 'approve', id: 'r1' });
  assert.match(app(dev).ui.notice, /already approved/);
  act(dev, { type: 'decline', id: 'r2' });
  assert.equal(app(dev).data.requests.find((r) => r.id === 'r2').status, 'declined');
  act(dev, { type: 'approve', id: 'r4' });
  assert.deepEqual(ids(dev), ['hours:c16'], 'an invalid swap is still applied, and shows up in the checks');
  // a request that no longer matches the board stays pending
  act(dev, { type: 'tab', tab: 'board' });
  act(dev, { type: 'cell', shift: 'fri-morning' });
  act(dev, { type: 'unassign', shift: 'fri-morning', staff: 'c2' });
  act(dev, { type: 'tab', tab: 'requests' });
  act(dev, { type: 'approve', id: 'r5' });
  assert.match(app(dev).ui.notice, /no longer matches/);
  assert.equal(app(dev).data.requests.find((r) => r.id === 'r5').status, 'pending');
  act(dev, { type: 'approve', id: 'zz' });
  act(dev, { type: 'decline', id: 'zz' });
  assert.equal(app(dev).data.requests.length, 5);
});

test('requestApplies checks both sides of a swap', () => {
  const data = roster.init(world).data;
  const r1 = roster.findRequest(world, 'r1');
  assert.equal(requestApplies(world, data, r1), true);
  assert.equal(requestApplies(world, { ...data, assign: { ...data.assign, 'fri-night': [] } }, r1), false);
  assert.equal(requestApplies(world, { ...data, assign: { ...data.assign, 'mon-morning': ['c2', 'c21', 'c12', 'c5'] } }, r1), false);
  assert.equal(requestApplies(world, data, null), false);
});

test('message shifts and open contact hand off; without the apps a notice', async () => {
  const dev = withStubs();
  act(dev, { type: 'open_person', id: 'c5' });
  act(dev, { type: 'message_shifts' });
  const st = dev.getState();
  assert.equal(st.os.foreground, 'messages');
  assert.deepEqual(st.apps.messages.data.intents[0], {
    to: 'c5',
    text: 'Hi Elif, your shifts for Mar 16–Mar 22: Wed afternoon 13:00–19:00, Thu night 19:00–07:00, Fri night 19:00–07:00, Sun afternoon 13:00–19:00.',
  });
  dev.system({ type: 'open', app: 'roster' });
  act(dev, { type: 'open_contact', id: 'c5' });
  assert.deepEqual(dev.getState().apps.contacts.data.intents[0], { contact_id: 'c5' });
  const alone = await open();
  act(alone, { type: 'open_person', id: 'c5' });
  act(alone, { type: 'message_shifts' });
  assert.match(app(alone).ui.notice, /Messages is not available/);
  act(alone, { type: 'message_shifts', id: 'nobody' });
  assert.equal(alone.getState().os.foreground, 'roster');
  assert.match(shiftsText(world, { ...roster.init(world).data, assign: {} }, 'c5', null), /no shifts/);
});

test('navigation: tabs, rules, back order, intents', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'cost' });
  assert.equal(app(dev).ui.tab, 'cost');
  act(dev, { type: 'tab', tab: 'nope' });
  assert.equal(app(dev).ui.tab, 'cost');
  act(dev, { type: 'rules' });
  act(dev, { type: 'rules' });
  assert.equal(app(dev).ui.screen, 'rules');
  assert.equal(app(dev).ui.stack.length, 1);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'tabs');
  act(dev, { type: 'tab', tab: 'board' });
  act(dev, { type: 'pick', id: 'c2' });
  act(dev, { type: 'publish' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.dialog, null, 'back closes the dialog first');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.pick, null, 'then clears the selection');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  dev.system({ type: 'open', app: 'roster', intent: { person: 'c18' } });
  assert.equal(app(dev).ui.screen, 'person');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.tab, 'staff');
  dev.system({ type: 'open', app: 'roster', intent: { shift: 'sat-night' } });
  assert.equal(app(dev).ui.cell, 'sat-night');
  dev.system({ type: 'open', app: 'roster', intent: { tab: 'requests' } });
  assert.equal(app(dev).ui.tab, 'requests');
  dev.system({ type: 'open', app: 'roster', intent: { person: 'zz' } });
  assert.equal(app(dev).ui.tab, 'requests');
  assert.equal(act(dev, { type: 'nope' }), false);
  act(dev, { type: 'open_person', id: 'zz' });
  assert.equal(app(dev).ui.screen, 'tabs');
});

test('names come from Contacts when present (real Contacts app)', async () => {
  const dev = await open(['roster', 'contacts']);
  assert.equal(roster.staffName(world, 'c2', dev.getState().apps.contacts), 'Bram Okafor');
  assert.equal(roster.staffName(world, 'c2', { data: { contacts: [{ id: 'c2', name: 'Dr. B. Okafor' }] } }), 'Dr. B. Okafor');
  assert.equal(roster.staffName(world, 'zz', null), 'zz');
});
