import test from 'node:test';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import { DEFAULT_NOW } from '../../runtime/core/device.js';
import * as clock from './logic.js';

const world = readJson('apps/clock/world.json');
const MIN = 60000;
const DAY = 86400000;

async function open() {
  const dev = await loadDevice({ apps: ['clock'], reset: { seed: 1 } });
  dev.system({ type: 'open', app: 'clock' });
  return dev;
}
const app = (dev) => dev.getState().apps.clock;
const data = (dev) => app(dev).data;
const act = (dev, action) => dev.dispatch('clock', action);
const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
const tick = (dev, ms) => dev.system({ type: 'tick', ms });
const alarm = (dev, id) => data(dev).alarms.find((a) => a.id === id);

test('init copies the world alarms, cities and bedtime; timer and stopwatch idle', async () => {
  const dev = await open();
  const d = data(dev);
  assert.equal(d.alarms.length, world.alarms.length);
  assert.deepEqual(d.cities, ['lon', 'nyc', 'tyo']);
  assert.deepEqual(d.timer, { duration: 300000, end: null, remaining: null });
  assert.deepEqual(d.stopwatch, { start: null, acc: 0, laps: [] });
  assert.deepEqual(d.bedtime, { on: true, bed: '23:15', wake: '06:45', days: [0, 1, 2, 3, 4, 5, 6] });
  assert.equal(app(dev).ui.screen, 'alarms');
  assert.ok(JSON.stringify(app(dev)).length < 4000);
});

test('parseTime, daysText, duplicates and validation', () => {
  assert.equal(clock.parseTime('7:30'), '07:30');
  assert.equal(clock.parseTime(' 19:05 '), '19:05');
  assert.equal(clock.parseTime('7.30'), '07:30');
  assert.equal(clock.parseTime('7:30 pm'), '19:30');
  assert.equal(clock.parseTime('12am'), '00:00');
  assert.equal(clock.parseTime('24:00'), null);
  assert.equal(clock.parseTime('7'), null);
  assert.equal(clock.parseTime('7:75'), null);
  assert.equal(clock.parseTime('13pm'), null);
  assert.equal(clock.daysText([]), 'Once');
  assert.equal(clock.daysText([5, 1, 2, 3, 4]), 'Weekdays');
  assert.equal(clock.daysText([6, 0]), 'Weekends');
  assert.equal(clock.daysText([0, 1, 2, 3, 4, 5, 6]), 'Every day');
  assert.equal(clock.daysText([0, 3, 1]), 'Mon, Wed, Sun');
  const alarms = world.alarms;
  assert.ok(clock.isDuplicate(alarms, '06:00', [5, 4, 3, 2, 1]));
  assert.ok(!clock.isDuplicate(alarms, '06:00', [1, 2, 3, 4]));
  assert.ok(!clock.isDuplicate(alarms, '06:00', [1, 2, 3, 4, 5], 'a6'));
  const v = clock.validateAlarm({ time: 'soon', label: 'x'.repeat(31) }, [], alarms);
  assert.deepEqual(Object.keys(v.errors).sort(), ['label', 'time']);
  assert.equal(v.errors.label, 'Use 30 characters or fewer', 'the message names the limit it applies (30 is allowed)');
  assert.deepEqual(clock.validateAlarm({ time: '07:01', label: 'x'.repeat(30) }, [], alarms).errors, {});
  assert.equal(clock.validateAlarm({ time: '' }, [], alarms).errors.time, 'Enter a time');
});

test('next rings and "tomorrow" from the virtual clock (Sat 09:30)', () => {
  const now = DEFAULT_NOW;
  const today = Math.floor(now / DAY) * DAY;
  const alarms = clock.init(world).data.alarms;
  const byId = Object.fromEntries(alarms.map((a) => [a.id, a]));
  assert.equal(clock.nextRing(byId.a4, now), today + 13.5 * 3600000, 'one-time later today');
  assert.equal(clock.nextRing(byId.a1, now), today + 2 * DAY + 6.75 * 3600000, 'Mon 06:45');
  assert.equal(clock.nextRing(byId.a3, now), null, 'off');
  assert.equal(clock.nextRing({ time: '08:00', days: [], on: true }, now), today + DAY + 8 * 3600000, 'past today → tomorrow');
  assert.equal(clock.nextRing({ time: '09:00', days: [6], on: true }, now), today + 7 * DAY + 9 * 3600000, 'next week');
  assert.equal(clock.nextAlarm(alarms, now).alarm.id, 'a4');
  assert.deepEqual(clock.ringsOn(alarms, now, 1).map((a) => a.id), ['a5']);
  assert.deepEqual(clock.ringsOn(alarms, now, 0).map((a) => a.id), ['a4', 'a5']);
  assert.deepEqual(clock.ringsOn([{ id: 'x', time: '07:10', days: [], on: true }], now, 1).map((a) => a.id), ['x']);
  assert.equal(clock.untilText(4 * 3600000), 'in 4 h 0 min');
  assert.equal(clock.untilText(2 * DAY + 3600000), 'in 2 d 1 h');
});

test('create an alarm: validation errors inline, duplicate refused, then saved enabled', async () => {
  const dev = await open();
  act(dev, { type: 'new_alarm' });
  assert.equal(app(dev).ui.screen, 'alarm_edit');
  act(dev, { type: 'save' });
  assert.equal(app(dev).ui.errors.time, 'Enter a time');
  type(dev, 'time', '6:00');
  act(dev, { type: 'set_days', days: [1, 2, 3, 4, 5] });
  act(dev, { type: 'save' });
  assert.match(app(dev).ui.errors.duplicate, /already exists/);
  assert.equal(data(dev).alarms.length, world.alarms.length);
  act(dev, { type: 'toggle_day', day: 5 });
  assert.equal(app(dev).ui.errors.duplicate, undefined);
  type(dev, 'label', '  Gym  ');
  act(dev, { type: 'save' });
  const made = data(dev).alarms[data(dev).alarms.length - 1];
  assert.match(made.id, /^al\d+$/);
  assert.deepEqual({ ...made, id: 'x' }, { id: 'x', time: '06:00', label: 'Gym', days: [1, 2, 3, 4], on: true });
  assert.equal(app(dev).ui.screen, 'alarms');
  assert.match(app(dev).ui.notice, /^Alarm set for/);
  assert.equal(app(dev).ui.drafts.time, undefined, 'form drafts are cleared');
});

test('edit an alarm (turns it on), toggle, delete behind a dialog', async () => {
  const dev = await open();
  act(dev, { type: 'edit_alarm', id: 'a3' });
  assert.equal(app(dev).ui.drafts.time, '08:30');
  assert.deepEqual(app(dev).ui.form_days, [0, 6]);
  type(dev, 'time', '08:45');
  act(dev, { type: 'save' });
  assert.deepEqual(alarm(dev, 'a3'), { id: 'a3', time: '08:45', label: 'Weekend run', days: [0, 6], on: true });
  act(dev, { type: 'toggle_alarm', id: 'a3' });
  assert.equal(alarm(dev, 'a3').on, false);
  act(dev, { type: 'toggle_alarm', id: 'a3', value: true });
  assert.equal(alarm(dev, 'a3').on, true);
  act(dev, { type: 'edit_alarm', id: 'a2' });
  act(dev, { type: 'confirm_delete' });
  assert.ok(alarm(dev, 'a2'), 'no delete without the dialog');
  act(dev, { type: 'ask_delete' });
  assert.equal(app(dev).ui.dialog, 'delete');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'ask_delete' });
  act(dev, { type: 'confirm_delete' });
  assert.equal(alarm(dev, 'a2'), undefined);
  assert.equal(app(dev).ui.screen, 'alarms');
});

test('cancel and back leave the form without saving', async () => {
  const dev = await open();
  const before = JSON.stringify(data(dev));
  act(dev, { type: 'edit_alarm', id: 'a1' });
  type(dev, 'time', '05:00');
  act(dev, { type: 'cancel' });
  act(dev, { type: 'new_alarm' });
  type(dev, 'time', '05:00');
  dev.system({ type: 'back' });
  assert.equal(JSON.stringify(data(dev)), before);
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
});

test('world clock: add through the picker, no duplicates, remove; city times', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'world' });
  act(dev, { type: 'add_city_screen' });
  assert.equal(app(dev).ui.screen, 'city_pick');
  assert.ok(!clock.searchCities(world, '', data(dev).cities).some((c) => c.id === 'lon'));
  assert.deepEqual(clock.searchCities(world, 'aus').map((c) => c.id), ['adl', 'syd']);
  // Typed without accents (most keyboards, and agents' type actions) the accented cities are still found.
  assert.deepEqual(clock.searchCities(world, 'Sao Paulo').map((c) => c.id), ['sao']);
  assert.deepEqual(clock.searchCities(world, 'reykjavik').map((c) => c.id), ['rey']);
  assert.deepEqual(clock.searchCities(world, 'turkiye').map((c) => c.id), ['ist']);
  act(dev, { type: 'add_city', id: 'ktm' });
  assert.deepEqual(data(dev).cities, ['lon', 'nyc', 'tyo', 'ktm']);
  assert.equal(app(dev).ui.screen, 'world');
  act(dev, { type: 'add_city', id: 'ktm' });
  act(dev, { type: 'add_city', id: 'atlantis' });
  assert.equal(data(dev).cities.length, 4);
  act(dev, { type: 'remove_city', id: 'nyc' });
  assert.deepEqual(data(dev).cities, ['lon', 'tyo', 'ktm']);
  const ktm = world.cities.find((c) => c.id === 'ktm');
  assert.deepEqual(clock.cityTime(ktm, DEFAULT_NOW), { hhmm: '15:15', dayDelta: 0, diffText: '+5 h 45 min', weekday: 'Sat' });
  const akl = world.cities.find((c) => c.id === 'akl');
  assert.equal(clock.cityTime(akl, DEFAULT_NOW).dayDelta, 0);
  assert.equal(clock.cityTime(akl, DEFAULT_NOW + 12 * 3600000).dayDelta, 1);
  const hnl = world.cities.find((c) => c.id === 'hnl');
  assert.deepEqual(clock.cityTime(hnl, DEFAULT_NOW), { hhmm: '23:30', dayDelta: -1, diffText: '-10 h', weekday: 'Fri' });
});

test('timer runs on virtual time: start, pause, resume, +1:00, done, reset', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'timer' });
  act(dev, { type: 'start_timer' });
  assert.equal(app(dev).ui.errors.timer, 'Set a time first');
  type(dev, 'tm', '75');
  act(dev, { type: 'start_timer' });
  assert.equal(app(dev).ui.errors.timer, 'Minutes and seconds go up to 59');
  act(dev, { type: 'preset', minutes: 12 });
  act(dev, { type: 'start_timer' });
  assert.deepEqual(data(dev).timer, { duration: 12 * MIN, end: DEFAULT_NOW + 12 * MIN, remaining: null });
  tick(dev, 2 * MIN);
  assert.deepEqual(clock.timerStatus(data(dev).timer, DEFAULT_NOW + 2 * MIN), { phase: 'running', remaining: 10 * MIN });
  act(dev, { type: 'pause_timer' });
  assert.deepEqual(data(dev).timer, { duration: 12 * MIN, end: null, remaining: 10 * MIN });
  tick(dev, 5 * MIN);
  act(dev, { type: 'add_minute' });
  assert.equal(data(dev).timer.remaining, 11 * MIN);
  act(dev, { type: 'start_timer' });
  assert.equal(data(dev).timer.end, DEFAULT_NOW + 7 * MIN + 11 * MIN);
  tick(dev, 12 * MIN);
  const st = clock.timerStatus(data(dev).timer, dev.getState().os.clock.now);
  assert.equal(st.phase, 'done');
  assert.equal(st.over, MIN);
  act(dev, { type: 'pause_timer' });
  assert.equal(typeof data(dev).timer.end, 'number', 'a finished timer cannot be paused');
  act(dev, { type: 'reset_timer' });
  assert.equal(clock.timerStatus(data(dev).timer, 0).phase, 'idle');
  act(dev, { type: 'add_minute' });
  assert.equal(clock.timerStatus(data(dev).timer, 0).phase, 'idle');
  type(dev, 'th', '1');
  type(dev, 'tm', '');
  type(dev, 'ts', '30');
  act(dev, { type: 'start_timer' });
  assert.equal(data(dev).timer.duration, 3630000);
  act(dev, { type: 'preset', minutes: -3 });
  assert.equal(app(dev).ui.drafts.th, '1');
});

test('stopwatch: start, laps at elapsed totals, pause, resume, reset only when paused', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'stopwatch' });
  act(dev, { type: 'sw_lap' });
  assert.deepEqual(data(dev).stopwatch.laps, []);
  act(dev, { type: 'sw_start' });
  tick(dev, 30000);
  act(dev, { type: 'sw_lap' });
  tick(dev, 45000);
  act(dev, { type: 'sw_lap' });
  act(dev, { type: 'sw_reset' });
  assert.deepEqual(data(dev).stopwatch.laps, [30000, 75000], 'reset is ignored while running');
  act(dev, { type: 'sw_pause' });
  assert.deepEqual(data(dev).stopwatch, { start: null, acc: 75000, laps: [30000, 75000] });
  tick(dev, 99000);
  act(dev, { type: 'sw_start' });
  tick(dev, 5000);
  assert.equal(clock.stopwatchElapsed(data(dev).stopwatch, dev.getState().os.clock.now), 80000);
  act(dev, { type: 'sw_start' });
  assert.equal(data(dev).stopwatch.start, DEFAULT_NOW + 174000, 'start while running changes nothing');
  act(dev, { type: 'sw_pause' });
  act(dev, { type: 'sw_reset' });
  assert.deepEqual(data(dev).stopwatch, { start: null, acc: 0, laps: [] });
  assert.equal(clock.swText(75500), '01:15.50');
});

test('bedtime: toggle, edit with validation, save', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'bedtime' });
  act(dev, { type: 'toggle_bedtime' });
  assert.equal(data(dev).bedtime.on, false);
  act(dev, { type: 'edit_bedtime' });
  assert.equal(app(dev).ui.drafts.bed, '23:15');
  type(dev, 'bed', '25:00');
  type(dev, 'wake', '6:30');
  act(dev, { type: 'set_days', days: [] });
  act(dev, { type: 'save' });
  assert.deepEqual(Object.keys(app(dev).ui.errors).sort(), ['bed', 'days']);
  type(dev, 'bed', '22:45');
  act(dev, { type: 'toggle_day', day: 1 });
  act(dev, { type: 'toggle_day', day: 2 });
  act(dev, { type: 'save' });
  assert.deepEqual(data(dev).bedtime, { on: false, bed: '22:45', wake: '06:30', days: [1, 2] });
  assert.equal(clock.sleepMinutes('22:45', '06:30'), 465);
  assert.equal(app(dev).ui.screen, 'bedtime');
});

test('intents: open a tab or a prefilled new alarm', async () => {
  const dev = await open();
  dev.system({ type: 'open', app: 'clock', intent: { tab: 'timer' } });
  assert.equal(app(dev).ui.screen, 'timer');
  dev.system({ type: 'open', app: 'clock', intent: { new_alarm: { time: '07:50', label: 'Carpool', days: [1] } } });
  assert.equal(app(dev).ui.screen, 'alarm_edit');
  assert.equal(app(dev).ui.drafts.time, '07:50');
  assert.deepEqual(app(dev).ui.form_days, [1]);
  dev.system({ type: 'open', app: 'clock', intent: { tab: 'nope' } });
  assert.equal(app(dev).ui.screen, 'alarm_edit');
});

test('bad input never corrupts data; unknown actions are not handled', async () => {
  const dev = await open();
  const before = JSON.stringify(data(dev));
  for (const a of [{ type: 'edit_alarm', id: 'zz' }, { type: 'toggle_alarm', id: 'zz' }, { type: 'toggle_day', day: 9 },
    { type: 'save' }, { type: 'confirm_delete' }, { type: 'remove_city', id: 'zz' }, { type: 'add_city', id: 'zz' },
    { type: 'pause_timer' }, { type: 'sw_pause' }, { type: 'sw_lap' }, { type: 'tab', tab: 'x' }, { type: 'ask_delete' },
    { type: 'add_city_screen' }, { type: 'edit_bedtime' }, { type: 'cancel' }]) {
    act(dev, a);
  }
  assert.equal(JSON.stringify(data(dev)), before);
  assert.equal(act(dev, { type: 'warp' }), false);
});

test('waiting past an alarm or a timer end posts a notification; the data stays as it was', async () => {
  const dev = await open();
  const before = JSON.stringify(data(dev));
  tick(dev, 3 * 60 * MIN); // Sat 09:30 -> 12:30: no alarm is due on a Saturday morning
  assert.equal(dev.getState().os.notifications.length, 0);
  tick(dev, 90 * MIN); // -> 14:00: the one-time 13:30 "Pick up parcel" rings
  const notes = dev.getState().os.notifications;
  assert.equal(notes.length, 1);
  assert.equal(notes[0].app, 'clock');
  assert.equal(notes[0].title, 'Pick up parcel');
  assert.match(notes[0].body, /^Alarm 13:30 · /, 'the shade shows `body` under the title');
  assert.equal(notes[0].text, undefined);
  assert.deepEqual(notes[0].intent, { tab: 'alarms' });
  assert.equal(JSON.stringify(data(dev)), before);
  tick(dev, 8 * 60 * MIN); // -> 22:00: the daily 21:45 rings once
  assert.deepEqual(dev.getState().os.notifications.map((n) => n.title), ['Take medicine', 'Pick up parcel']);
  // a running timer rings once when the clock passes its end
  act(dev, { type: 'tab', tab: 'timer' });
  type(dev, 'tm', '5');
  act(dev, { type: 'start_timer' });
  assert.ok(data(dev).timer.end > dev.getState().os.clock.now);
  tick(dev, 4 * MIN);
  assert.equal(dev.getState().os.notifications.length, 2);
  tick(dev, 2 * MIN);
  assert.equal(dev.getState().os.notifications[0].title, 'Timer');
  assert.equal(dev.getState().os.notifications[0].body, "Time's up");
  tick(dev, 2 * MIN);
  assert.equal(dev.getState().os.notifications.length, 3);
});

test('alarms at the same time ring in the same order under any host locale (LANG)', () => {
  // Two 10:00 alarms whose labels collate differently in Czech ("Ch" after "H") and in English: the ring order
  // decides the notifications' order and ids, so it must not follow the host's locale.
  const load = new URL('../../runtime/node/load.js', import.meta.url).href;
  const script = `
    import { loadDevice } from ${JSON.stringify(load)};
    const alarms = [{ id: 'a1', time: '10:00', label: 'Hike', days: [], on: true },
      { id: 'a2', time: '10:00', label: 'Chores', days: [], on: true }];
    const dev = await loadDevice({ apps: ['clock'], reset: { seed: 0, patch: { apps: { clock: { data: { alarms } } } } } });
    dev.system({ type: 'tick', ms: 3600000 });
    console.log(dev.getState().os.notifications.map((n) => n.id + ':' + n.title).join(' '));`;
  const cwd = fileURLToPath(new URL('.', import.meta.url));
  const run = (lang) => {
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script],
      { cwd, encoding: 'utf8', env: { ...process.env, LANG: lang, LC_ALL: lang, LANGUAGE: '' } });
    assert.equal(res.status, 0, res.stderr);
    return res.stdout.trim();
  };
  const expected = 'n2:Hike n1:Chores'; // "Chores" rings first (en-US order), so the newest note, on top, is "Hike"
  for (const lang of ['C', 'en_US.UTF-8', 'cs_CZ.UTF-8', 'da_DK.UTF-8']) assert.equal(run(lang), expected, lang);
});

test('a wait across midnight posts the rings in the order they happened (the last ring on top of the shade)', async () => {
  const dev = await open(); // Sat 09:30
  act(dev, { type: 'new_alarm' });
  type(dev, 'time', '06:00');
  type(dev, 'label', 'Early bird');
  act(dev, { type: 'save' }); // one-time: Sun 06:00
  act(dev, { type: 'tab', tab: 'timer' });
  type(dev, 'tm', '5');
  act(dev, { type: 'start_timer' }); // Sat 09:35
  tick(dev, DAY); // -> Sun 09:30: timer 09:35, parcel 13:30, medicine 21:45, early bird Sun 06:00
  assert.deepEqual(dev.getState().os.notifications.map((n) => n.title), ['Early bird', 'Take medicine', 'Pick up parcel', 'Timer']);
});

test('same-time alarms with the same label keep the order they were made in (al9 before al10)', () => {
  const mk = (id) => ({ id, time: '07:00', label: 'Gym', days: [], on: true });
  assert.deepEqual(clock.sortedAlarms([mk('al9'), mk('al10')]).map((a) => a.id), ['al9', 'al10']);
  assert.deepEqual(clock.sortedAlarms([mk('al10'), mk('al9')]).map((a) => a.id), ['al10', 'al9']);
});

test('an empty or odd day or preset argument is refused, not read as Sunday / Monday / 1 minute', async () => {
  const dev = await open();
  act(dev, { type: 'new_alarm' });
  for (const day of ['', null, true, false]) act(dev, { type: 'toggle_day', day });
  assert.deepEqual(app(dev).ui.form_days, []);
  act(dev, { type: 'set_days', days: ['', null, true, '2', 4] });
  assert.deepEqual(app(dev).ui.form_days, [2, 4]);
  act(dev, { type: 'tab', tab: 'timer' });
  const drafts = JSON.stringify(app(dev).ui.drafts);
  act(dev, { type: 'preset', minutes: true });
  assert.equal(JSON.stringify(app(dev).ui.drafts), drafts);
  act(dev, { type: 'preset', minutes: '10' });
  assert.equal(app(dev).ui.drafts.tm, '10');
});
