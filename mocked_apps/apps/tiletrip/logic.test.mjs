import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import * as P from './logic.js';

const world = readJson('apps/tiletrip/world.json');
const solo = () => loadDevice({ apps: ['tiletrip'], reset: { seed: 1 } });
const trio = () => loadDevice({ apps: ['contacts', 'messages', 'tiletrip'], reset: { seed: 1 } });
const tt = (dev) => dev.getState().apps.tiletrip;
const entry = (dev, id) => tt(dev).data.plan.find((e) => e.id === id);
const act = (dev, action) => dev.dispatch('tiletrip', action);
const open = (dev) => dev.system({ type: 'open', app: 'tiletrip' });
const dataJson = (dev) => JSON.stringify(tt(dev).data);

test('init copies the world plan (pinned flags) and budget; Day 1 of the plan open', async () => {
  const dev = await solo();
  const s = tt(dev);
  assert.equal(s.data.budget, 60);
  assert.equal(s.data.plan.length, 9);
  assert.deepEqual(entry(dev, 'a5'), { id: 'a5', day: 2, start: 19, pinned: true });
  assert.equal(entry(dev, 'a3').pinned, false);
  assert.deepEqual([s.ui.tab, s.ui.day, s.ui.screen], ['plan', 1, 'home']);
  assert.ok(JSON.stringify(s).length < 10000);
});

test('travel tiles: same area 0, neighbours 1, far pairs 2 (both directions)', () => {
  assert.equal(P.travelTiles(world, 'old', 'old'), 0);
  assert.equal(P.travelTiles(world, 'old', 'harbor'), 1);
  assert.equal(P.travelTiles(world, 'hill', 'harbor'), 2);
  assert.equal(P.travelTiles(world, 'harbor', 'hill'), 2);
  assert.equal(P.travelTiles(world, 'garden', 'market'), 2);
  assert.equal(P.travelTiles(world, 'hill', 'garden'), 1);
});

test('derived values of the default plan: costs, travel legs, violations, dates', async () => {
  const dev = await solo();
  const d = tt(dev).data;
  assert.deepEqual([1, 2, 3].map((n) => P.dayCost(world, d, n).total), [49, 48, 27]);
  assert.deepEqual(P.dayCost(world, d, 2), { acts: 42, travel: 3, travelCost: 6, total: 48, count: 4, hours: 7 });
  const legs = P.timeline(world, d, 2).legs;
  assert.deepEqual(legs.map((l) => [l.before, l.tiles, l.gap, l.short]), [['a12', 1, 0, true], ['a5', 2, 4, false]]);
  assert.deepEqual(P.tripIssues(world, d).map((i) => [i.day, i.kind, i.id]), [[2, 'travel', 'a12'], [3, 'lunch', null], [null, 'must', 'a6']]);
  assert.equal(P.dayLabel(world, 1), 'Fri, Mar 20');
  assert.equal(P.dayLabel(world, 3), 'Sun, Mar 22');
});

test('soft rules: opening hours, lunch window and budget are reported', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'place', id: 'a1', day: 3, start: 14 }); // Lantern Market closes at 14
  let issues = P.dayIssues(world, tt(dev).data, 3).map((i) => i.kind);
  assert.ok(issues.includes('hours'));
  assert.ok(issues.includes('lunch'));
  act(dev, { type: 'tile', id: 'a1' }); // Remove is on the tile's sheet
  act(dev, { type: 'remove', id: 'a1' });
  act(dev, { type: 'place', id: 'a21', day: 3, start: 13 });
  assert.deepEqual(P.dayIssues(world, tt(dev).data, 3), [], 'a food tile starting 13:00 is lunch');
  act(dev, { type: 'place', id: 'a6', day: 3, start: 14 });
  assert.equal(P.dayCost(world, tt(dev).data, 3).total, 57);
  dev.setState({ apps: { tiletrip: { data: { budget: 50 } } } });
  issues = P.dayIssues(world, tt(dev).data, 3);
  assert.deepEqual(issues.map((i) => i.kind), ['budget']);
  assert.match(issues[0].text, /Costs 57 cr, over the 50 cr daily budget/);
});

test('place through the palette: select, then tap a slot on the shown day', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'tab', tab: 'places' });
  act(dev, { type: 'select', id: 'a19' });
  assert.deepEqual(tt(dev).ui.selected, { id: 'a19', mode: 'place' });
  assert.equal(tt(dev).ui.tab, 'plan', 'selecting a place shows the plan');
  act(dev, { type: 'day', day: 3 });
  act(dev, { type: 'slot', start: 15 });
  assert.deepEqual(entry(dev, 'a19'), { id: 'a19', day: 3, start: 15, pinned: false });
  assert.equal(tt(dev).ui.selected, null);
  act(dev, { type: 'slot', start: 16 });
  assert.equal(tt(dev).ui.notice.kind, 'error', 'a slot with nothing selected only explains');
});

test('hard rules refuse: overlap, outside the day, already planned, unknown place', async () => {
  const dev = await solo();
  open(dev);
  const before = dataJson(dev);
  act(dev, { type: 'select', id: 'a6' });
  act(dev, { type: 'day', day: 3 });
  act(dev, { type: 'slot', start: 11 });
  assert.match(tt(dev).ui.notice.text, /would overlap Gull Rock Ferry/);
  assert.deepEqual(tt(dev).ui.selected, { id: 'a6', mode: 'place' }, 'the selection stays after a refusal');
  act(dev, { type: 'slot', start: 20 });
  assert.match(tt(dev).ui.notice.text, /doesn't fit the day/);
  act(dev, { type: 'cancel_select' });
  act(dev, { type: 'select', id: 'a3' });
  assert.match(tt(dev).ui.notice.text, /already planned on Day 1 at 09:00/);
  assert.equal(tt(dev).ui.selected, null);
  act(dev, { type: 'place', id: 'a3', day: 3, start: 15 });
  act(dev, { type: 'place', id: 'zz', day: 1, start: 15 });
  act(dev, { type: 'place', id: 'a19', day: 4, start: 15 });
  act(dev, { type: 'place', id: 'a19', day: 1, start: 7 });
  act(dev, { type: 'place', id: 'a19', day: 1, start: '15' });
  assert.equal(dataJson(dev), before);
});

test('move via the tile sheet, across days; pinned tiles refuse move and remove', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'day', day: 2 });
  act(dev, { type: 'tile', id: 'a12' });
  assert.equal(tt(dev).ui.sheet, 'a12');
  act(dev, { type: 'start_move' });
  assert.deepEqual(tt(dev).ui.selected, { id: 'a12', mode: 'move' });
  act(dev, { type: 'slot', start: 9 });
  assert.deepEqual(entry(dev, 'a12'), { id: 'a12', day: 2, start: 9, pinned: false });
  act(dev, { type: 'tile', id: 'a2' });
  act(dev, { type: 'start_move' });
  act(dev, { type: 'day', day: 1 });
  act(dev, { type: 'slot', start: 10 });
  assert.equal(entry(dev, 'a2').day, 2, 'overlaps the museum: refused');
  act(dev, { type: 'slot', start: 15 });
  assert.deepEqual(entry(dev, 'a2'), { id: 'a2', day: 1, start: 15, pinned: false });
  const before = dataJson(dev);
  act(dev, { type: 'tile', id: 'a5' });
  act(dev, { type: 'start_move', id: 'a5' });
  assert.match(tt(dev).ui.notice.text, /pinned/);
  act(dev, { type: 'move', id: 'a5', day: 1, start: 8 });
  act(dev, { type: 'tile', id: 'a16' });
  act(dev, { type: 'remove', id: 'a16' });
  assert.match(tt(dev).ui.notice.text, /can't be removed/);
  assert.equal(dataJson(dev), before);
});

test('remove drops the tile; unknown ids are ignored', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'tile', id: 'a17' });
  act(dev, { type: 'remove' });
  assert.equal(entry(dev, 'a17'), undefined);
  assert.equal(tt(dev).ui.sheet, null);
  const before = dataJson(dev);
  act(dev, { type: 'remove', id: 'nope' });
  act(dev, { type: 'tile', id: 'nope' });
  assert.equal(dataJson(dev), before);
  assert.equal(tt(dev).ui.sheet, null);
});

test('swap days: unpinned tiles trade days; refused when one would hit a pinned tile', async () => {
  const dev = await solo();
  open(dev);
  const before = dataJson(dev);
  act(dev, { type: 'ask_swap' });
  assert.deepEqual(tt(dev).ui.dialog, { kind: 'swap' });
  act(dev, { type: 'swap', a: 1, b: 2 });
  assert.match(tt(dev).ui.notice.text, /Puppet Theatre \(19:00\) would overlap the pinned Star Dome Observatory on Day 2/);
  assert.equal(dataJson(dev), before);
  act(dev, { type: 'tile', id: 'a11' });
  act(dev, { type: 'remove', id: 'a11' });
  act(dev, { type: 'swap', a: 1, b: 2 });
  assert.equal(entry(dev, 'a3').day, 2);
  assert.equal(entry(dev, 'a12').day, 1);
  assert.equal(entry(dev, 'a5').day, 2, 'pinned stays');
  const mid = dataJson(dev);
  act(dev, { type: 'swap', a: 1, b: 1 });
  act(dev, { type: 'swap', a: 1, b: 9 });
  assert.equal(dataJson(dev), mid);
});

test('clear day removes unpinned tiles after confirmation only', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'day', day: 2 });
  act(dev, { type: 'confirm_clear' });
  assert.equal(tt(dev).data.plan.filter((e) => e.day === 2).length, 4, 'no dialog, nothing cleared');
  act(dev, { type: 'ask_clear' });
  act(dev, { type: 'cancel' });
  act(dev, { type: 'ask_clear' });
  act(dev, { type: 'confirm_clear' });
  assert.deepEqual(tt(dev).data.plan.filter((e) => e.day === 2).map((e) => e.id), ['a5']);
  act(dev, { type: 'day', day: 3 });
  act(dev, { type: 'ask_clear' });
  assert.equal(tt(dev).ui.dialog, null, 'only pinned tiles: nothing to clear');
});

test('clearing the day of a tile being moved drops the selection (it pointed at a removed tile)', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'tile', id: 'a10' });
  act(dev, { type: 'start_move' });
  assert.deepEqual(tt(dev).ui.selected, { id: 'a10', mode: 'move' });
  act(dev, { type: 'ask_clear' });
  act(dev, { type: 'confirm_clear' });
  assert.equal(entry(dev, 'a10'), undefined);
  assert.equal(tt(dev).ui.selected, null, 'no "Moving" banner for a tile that is gone');
  act(dev, { type: 'slot', start: 10 });
  assert.match(tt(dev).ui.notice.text, /Pick a place first/, 'a slot tap says what to do instead of doing nothing');
  act(dev, { type: 'select', id: 'a1' });
  act(dev, { type: 'day', day: 2 });
  act(dev, { type: 'ask_clear' });
  act(dev, { type: 'confirm_clear' });
  assert.deepEqual(tt(dev).ui.selected, { id: 'a1', mode: 'place' }, 'a palette pick to place survives clearing');
});

test('budget: whole credits 10–500 from the draft; bad input is refused', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'tab', tab: 'check' });
  for (const bad of ['', 'abc', '5', '501', '12.5', '-40']) {
    act(dev, { type: '@draft', key: 'budget', value: bad });
    act(dev, { type: 'save_budget' });
    assert.equal(tt(dev).data.budget, 60, `"${bad}" refused`);
  }
  act(dev, { type: '@draft', key: 'budget', value: ' 75 ' });
  act(dev, { type: 'save_budget' });
  assert.equal(tt(dev).data.budget, 75);
  assert.equal(tt(dev).ui.drafts.budget, '');
});

test('share opens Messages with the day plan (to a companion or anyone)', async () => {
  const dev = await trio();
  open(dev);
  act(dev, { type: 'day', day: 3 });
  act(dev, { type: 'ask_share' });
  act(dev, { type: 'share', to: 'c12' });
  const m = dev.getState().apps.messages;
  assert.equal(dev.getState().os.foreground, 'messages');
  assert.equal(m.ui.thread, 't04');
  assert.equal(m.ui.drafts.compose, 'Calloway Coast weekend · Day 3, Sun, Mar 22: 09:00–13:00 Gull Rock Ferry (Harbor). Total 27 cr incl. 1 travel tile(s).');
  open(dev);
  act(dev, { type: 'ask_share' });
  act(dev, { type: 'share' });
  assert.equal(dev.getState().apps.messages.ui.screen, 'new');
  assert.match(P.shareText(world, { budget: 60, plan: [] }, 1), /nothing planned yet/);
});

test('save guide opens a prefilled new contact; places without a guide do nothing', async () => {
  const dev = await trio();
  open(dev);
  act(dev, { type: 'open_place', id: 'a14' });
  assert.equal(tt(dev).ui.screen, 'place');
  act(dev, { type: 'save_guide' });
  const c = dev.getState().apps.contacts;
  assert.equal(dev.getState().os.foreground, 'contacts');
  assert.equal(c.ui.screen, 'create');
  assert.equal(c.ui.drafts.name, 'Tobin Ashgrove');
  assert.equal(c.ui.drafts.phone, '555-0197');
  open(dev);
  act(dev, { type: 'save_guide', id: 'a1' });
  assert.equal(dev.getState().os.foreground, 'tiletrip');
});

test('hand-offs without the target app show a notice', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'share' });
  assert.match(tt(dev).ui.notice.text, /Messages is not available/);
  act(dev, { type: 'open_place', id: 'a6' }); // Save to Contacts is on the place's screen
  act(dev, { type: 'save_guide', id: 'a6' });
  assert.match(tt(dev).ui.notice.text, /Contacts is not available/);
  act(dev, { type: 'dismiss' });
  assert.equal(tt(dev).ui.notice, null);
});

test('navigation: tabs, area filter, detail screen, back unwinds sheet/selection/stack/tab', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'tab', tab: 'places' });
  act(dev, { type: 'area', area: 'harbor' });
  assert.equal(tt(dev).ui.area, 'harbor');
  act(dev, { type: 'area', area: 'moon' });
  assert.equal(tt(dev).ui.area, 'harbor');
  act(dev, { type: 'open_place', id: 'a6' });
  assert.equal(tt(dev).ui.screen, 'place');
  dev.system({ type: 'back' });
  assert.deepEqual([tt(dev).ui.screen, tt(dev).ui.tab], ['home', 'places']);
  act(dev, { type: 'select', id: 'a6' });
  act(dev, { type: 'tile', id: 'a3' });
  dev.system({ type: 'back' });
  assert.equal(tt(dev).ui.sheet, null);
  assert.ok(tt(dev).ui.selected);
  dev.system({ type: 'back' });
  assert.equal(tt(dev).ui.selected, null);
  act(dev, { type: 'tab', tab: 'rules' });
  dev.system({ type: 'back' });
  assert.equal(tt(dev).ui.tab, 'plan');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  assert.equal(act(dev, { type: 'nope' }), false);
});

test('intent {day} opens the plan on that day; a broken ui is repaired', async () => {
  const dev = await solo();
  dev.system({ type: 'open', app: 'tiletrip', intent: { day: 3 } });
  assert.deepEqual([tt(dev).ui.tab, tt(dev).ui.day], ['plan', 3]);
  dev.setState({ apps: { tiletrip: { ui: { tab: 'zz', day: 9, screen: 'x', stack: 1, drafts: null } } } });
  act(dev, { type: 'dismiss' });
  assert.deepEqual([tt(dev).ui.tab, tt(dev).ui.day, tt(dev).ui.screen], ['plan', 1, 'home']);
});
