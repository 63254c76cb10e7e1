// The device runtime, tested in Node: reset, navigation, hand-offs, notifications, state API, rng.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createDevice, DEFAULT_NOW } from './device.js';
import { randomAt, draw } from './rng.js';
import { clone, deepMerge, stableStringify } from './state.js';
import { hhmm, isoDate, addDays, relativeLabel, parseStamp } from './clock.js';
import { compareText } from './text.js';

const counter = {
  init: (world) => ({ data: { n: world.start || 0, log: [] }, ui: { screen: 'home', stack: [] } }),
  reduce(state, action, ctx) {
    switch (action.type) {
      case 'inc': state.data.n += 1; return state;
      case 'roll': state.data.log.push(Math.floor(ctx.random() * 100)); return state;
      case 'deeper': state.ui.stack.push(state.ui.screen); state.ui.screen = 'deep'; return state;
      case 'back': if (!state.ui.stack.length) return null; state.ui.screen = state.ui.stack.pop(); return state;
      case 'ping': ctx.notify({ title: 'Ping', intent: { from: 'note' } }); return state;
      case 'handoff': ctx.open('other', { value: action.value }); return state;
      case 'intent': state.data.intent = action.from || null; return state;
      default: return null;
    }
  },
};
const other = {
  init: () => ({ data: { got: null }, ui: {} }),
  reduce(state, action) {
    if (action.type === 'intent') { state.data.got = action.value; return state; }
    return null;
  },
};
const make = () => createDevice({ apps: { counter, other }, worlds: { counter: { start: 5 } } });

test('reset builds s0 from worlds, seed and patch, and is repeatable', () => {
  const dev = make();
  dev.reset({ seed: 9, patch: { apps: { counter: { data: { n: 7 } } } } });
  const s0 = stableStringify(dev.getState());
  assert.equal(dev.getState().apps.counter.data.n, 7);
  assert.equal(dev.getState().os.clock.now, DEFAULT_NOW);
  dev.system({ type: 'open', app: 'counter' });
  dev.dispatch('counter', { type: 'inc' });
  dev.reset({ seed: 9, patch: { apps: { counter: { data: { n: 7 } } } } });
  assert.equal(stableStringify(dev.getState()), s0);
  assert.deepEqual(dev.log, []);
});

test('back pops app screens, then goes home; shade and recents close on back', () => {
  const dev = make();
  dev.reset({ start_app: 'counter' });
  dev.dispatch('counter', { type: 'deeper' });
  dev.system({ type: 'back' });
  assert.equal(dev.getState().apps.counter.ui.screen, 'home');
  assert.equal(dev.getState().os.screen, 'app');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  dev.system({ type: 'shade' });
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  dev.system({ type: 'open', app: 'counter' });
  dev.system({ type: 'recents' });
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'app');
});

test('hand-off opens the target app with an intent; notifications open their app', () => {
  const dev = make();
  dev.reset({ start_app: 'counter' });
  dev.dispatch('counter', { type: 'handoff', value: 42 });
  assert.equal(dev.getState().os.foreground, 'other');
  assert.equal(dev.getState().apps.other.data.got, 42);
  assert.deepEqual(dev.getState().os.recents, ['other', 'counter']);
  dev.dispatch('counter', { type: 'ping' });
  const [note] = dev.getState().os.notifications;
  assert.equal(note.title, 'Ping');
  dev.system({ type: 'tap_notification', id: note.id });
  assert.equal(dev.getState().os.foreground, 'counter');
  assert.equal(dev.getState().apps.counter.data.intent, 'note');
  assert.equal(dev.getState().os.notifications.length, 0);
});

test('randomness comes from the state and replays from a snapshot', () => {
  const dev = make();
  dev.reset({ seed: 3 });
  const snap = dev.snapshot();
  for (let i = 0; i < 3; i++) dev.dispatch('counter', { type: 'roll' });
  const first = dev.getState().apps.counter.data.log;
  dev.restore(snap);
  for (let i = 0; i < 3; i++) dev.dispatch('counter', { type: 'roll' });
  assert.deepEqual(dev.getState().apps.counter.data.log, first);
  dev.reset({ seed: 4 });
  for (let i = 0; i < 3; i++) dev.dispatch('counter', { type: 'roll' });
  assert.notDeepEqual(dev.getState().apps.counter.data.log, first);
  const rng = { seed: 1, n: 0 };
  assert.equal(draw(rng), randomAt(1, 0));
  assert.equal(rng.n, 1);
});

test('unhandled actions leave state untouched; drafts are generic; unknown apps throw', () => {
  const dev = make();
  dev.reset({});
  const before = stableStringify(dev.getState());
  assert.equal(dev.dispatch('counter', { type: 'nope' }), false);
  assert.equal(stableStringify(dev.getState()), before);
  dev.dispatch('counter', { type: '@draft', key: 'q', value: 'hi' });
  assert.equal(dev.getState().apps.counter.ui.drafts.q, 'hi');
  assert.throws(() => dev.dispatch('ghost', { type: 'x' }), /unknown app/);
  assert.throws(() => dev.system({ type: 'fly' }), /unknown system action/);
  assert.throws(() => dev.setState({}, { mode: 'replace' }), /merge/);
});

test('setState merges (null deletes, arrays replace) or sets', () => {
  const dev = make();
  dev.reset({});
  dev.setState({ apps: { counter: { data: { log: [1, 2], n: null } } } });
  assert.deepEqual(dev.getState().apps.counter.data, { log: [1, 2] });
  dev.setState({ os: { x: 1 }, apps: {} }, { mode: 'set' });
  assert.deepEqual(dev.getState(), { os: { x: 1 }, apps: {} });
  assert.deepEqual(deepMerge({ a: { b: 1, c: 2 } }, { a: { c: null, d: [3] } }), { a: { b: 1, d: [3] } });
});

test('virtual clock helpers read UTC and the tick action advances time', () => {
  assert.equal(hhmm(DEFAULT_NOW), '09:30');
  assert.equal(isoDate(DEFAULT_NOW), '2026-03-14');
  assert.equal(addDays(DEFAULT_NOW, 1), '2026-03-15');
  assert.equal(relativeLabel(DEFAULT_NOW - 86400000, DEFAULT_NOW), 'Yesterday');
  const dev = make();
  dev.reset({});
  dev.system({ type: 'tick', ms: 60000 });
  assert.equal(hhmm(dev.getState().os.clock.now), '09:31');
});

// A store app: its world has records r1..r3 (one nested), and it adds records with ctx.uid.
const store = {
  init: (world) => ({ data: { items: world.items.map((x) => ({ ...x })) }, ui: {} }),
  reduce(state, action, ctx) {
    if (action.type === 'add') { state.data.items.push({ id: ctx.uid('r', action.taken) }); return state; }
    if (action.type === 'drop') { state.data.items = state.data.items.filter((x) => x.id !== action.id); return state; }
    if (action.type === 'two') { state.data.items.push({ id: ctx.uid('r') }, { id: ctx.uid('r') }); return state; }
    return null;
  },
};
const storeWorld = { items: [{ id: 'r1' }, { id: 'r2', parts: [{ id: 'r4' }] }, { id: 'x9' }] };
const makeStore = () => createDevice({ apps: { store, counter }, worlds: { store: storeWorld, counter: {} } });
const itemIds = (dev) => dev.getState().apps.store.data.items.map((x) => x.id);

test('ctx.uid never returns an id the app already has (world, state, taken) and is deterministic', () => {
  const dev = makeStore();
  dev.reset({});
  dev.dispatch('store', { type: 'add' });
  assert.equal(itemIds(dev).at(-1), 'r3', 'r1 and r2 are the world\'s');
  dev.dispatch('store', { type: 'add' });
  assert.equal(itemIds(dev).at(-1), 'r5', 'r4 is a nested world record');
  dev.dispatch('store', { type: 'drop', id: 'r1' });
  dev.setState({ os: { next_id: 1 } });
  dev.dispatch('store', { type: 'add' });
  assert.equal(itemIds(dev).at(-1), 'r6', 'a dropped world id is not reused; nor are ids in the state');
  dev.dispatch('store', { type: 'add', taken: ['r7', { id: 'r8' }] });
  assert.equal(itemIds(dev).at(-1), 'r9', 'ids the caller names as taken are skipped');
  dev.dispatch('store', { type: 'two' });
  assert.deepEqual(itemIds(dev).slice(-2), ['r10', 'r11']);
  const ids = itemIds(dev);
  assert.equal(new Set(ids).size, ids.length);
  // same s0 and actions, same ids
  const again = makeStore();
  again.reset({});
  for (const entry of dev.log) again.replay(entry);
  assert.deepEqual(itemIds(again), ids);
  assert.equal(stableStringify(again.getState()), stableStringify(dev.getState()));
});

test('notification ids skip ids the shade already has', () => {
  const dev = make();
  dev.reset({ patch: { os: { notifications: [{ id: 'n1', app: 'counter', title: 'Old', time: 0 }] } } });
  dev.dispatch('counter', { type: 'ping' });
  const ids = dev.getState().os.notifications.map((n) => n.id);
  assert.deepEqual(ids, ['n2', 'n1']);
});

test('a patch with a prototype key is refused and changes nothing, in setState and reset', () => {
  const dev = make();
  dev.reset({ seed: 2 });
  const before = stableStringify(dev.getState());
  const bad = JSON.parse('{"apps": {"counter": {"data": {"__proto__": {"polluted": "yes"}}}}}');
  assert.throws(() => dev.setState(bad), /__proto__/);
  assert.throws(() => dev.setState(JSON.parse('{"__proto__": {"polluted": "yes"}}')), /not allowed/);
  assert.throws(() => dev.reset({ patch: JSON.parse('{"os": {"constructor": {"prototype": {"polluted": 1}}}}') }), /constructor/);
  assert.equal(({}).polluted, undefined);
  assert.equal(stableStringify(dev.getState()), before);
  assert.deepEqual(dev.log, []);
  // deepMerge alone skips such keys
  const target = {};
  deepMerge(target, JSON.parse('{"__proto__": {"polluted": "yes"}, "a": 1}'));
  assert.deepEqual(target, { a: 1 });
  assert.equal(({}).polluted, undefined);
});

test('tick needs a finite number of ms >= 0; refused actions are not logged', () => {
  const dev = make();
  dev.reset({});
  for (const ms of ['1000', -5, NaN, Infinity, undefined, null]) {
    assert.throws(() => dev.system({ type: 'tick', ms }), /tick: ms must be/);
  }
  assert.throws(() => dev.system({ type: 'fly' }), /unknown system action/);
  assert.equal(dev.getState().os.clock.now, DEFAULT_NOW);
  assert.deepEqual(dev.log, []);
  dev.system({ type: 'tick', ms: 0 });
  assert.equal(dev.log.length, 1);
});

test('an action that throws changes nothing and is not logged, so the log still replays', () => {
  const shaky = {
    init: () => ({ data: { n: 0 }, ui: {} }),
    reduce(state, action, ctx) {
      state.data.n += 1;
      state.data.roll = ctx.random();
      state.data.id = ctx.uid('x');
      if (action.type === 'fail') throw new Error('reducer failed');
      if (action.type === 'handoff') ctx.open('ghost', {});
      if (action.type === 'intent' && action.fail) throw new Error('intent failed');
      return state;
    },
  };
  const dev = createDevice({ apps: { shaky, counter } });
  dev.reset({ seed: 4, start_app: 'counter' });
  dev.dispatch('shaky', { type: 'ok' });
  dev.setState({ os: { notifications: [{ id: 'n90', app: 'ghost', time: 0 }] } });
  const before = stableStringify(dev.getState());
  const log = clone(dev.log);
  let draws = 0;
  dev.subscribe(() => { draws += 1; });
  assert.throws(() => dev.dispatch('shaky', { type: 'fail' }), /reducer failed/);
  assert.throws(() => dev.dispatch('shaky', { type: 'handoff' }), /unknown app 'ghost'/);
  assert.throws(() => dev.system({ type: 'open', app: 'ghost' }), /unknown app 'ghost'/);
  assert.throws(() => dev.system({ type: 'open', app: 'shaky', intent: { fail: true } }), /intent failed/);
  assert.throws(() => dev.system({ type: 'tap_notification', id: 'n90' }), /unknown app 'ghost'/);
  assert.equal(stableStringify(dev.getState()), before, 'no draw, id, screen or notification change is kept');
  assert.deepEqual(dev.log, log);
  assert.equal(draws, 5, 'the listeners redraw the state that is kept');
  dev.dispatch('shaky', { type: 'ok' });
  const replay = createDevice({ apps: { shaky, counter } });
  replay.reset({ seed: 4, start_app: 'counter' });
  for (const entry of clone(dev.log)) replay.replay(entry);
  assert.equal(stableStringify(replay.getState()), stableStringify(dev.getState()));
});

test('a reset that fails keeps the previous state and log, and still redraws', () => {
  const dev = make();
  dev.reset({ seed: 5, start_app: 'counter' });
  dev.dispatch('counter', { type: 'inc' });
  const before = stableStringify(dev.getState());
  const log = clone(dev.log);
  let draws = 0;
  dev.subscribe(() => { draws += 1; });
  assert.throws(() => dev.reset({ seed: 6, start_app: 'ghost' }), /no app 'ghost'/);
  assert.equal(stableStringify(dev.getState()), before);
  assert.deepEqual(dev.log, log);
  assert.equal(draws, 1, 'the listeners redraw the state that is kept');
});

test('restore and setState are logged, so reset + log replays to the same state', () => {
  const dev = make();
  const opts = { seed: 3, start_app: 'counter' };
  dev.reset(opts);
  dev.dispatch('counter', { type: 'roll' });
  const snap = dev.snapshot();
  dev.dispatch('counter', { type: 'roll' });
  dev.dispatch('counter', { type: 'inc' });
  dev.restore(snap);
  assert.equal(dev.log.length, 1, 'the log starts over from the snapshot');
  dev.dispatch('counter', { type: 'roll' });
  dev.setState({ apps: { counter: { data: { n: 40 } } } });
  dev.dispatch('counter', { type: 'inc' });
  dev.system({ type: 'tick', ms: 1000 });
  const replay = make();
  replay.reset(opts);
  for (const entry of clone(dev.log)) replay.replay(entry);
  assert.equal(stableStringify(replay.getState()), stableStringify(dev.getState()));
  assert.equal(replay.getState().apps.counter.data.n, 41);
});

test('world timestamps read as UTC on any host; text compares in the fixed en-US order', () => {
  const zone = process.env.TZ;
  try {
    for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      process.env.TZ = tz;
      assert.equal(parseStamp('2026-03-12T09:02'), Date.UTC(2026, 2, 12, 9, 2), tz);
      assert.equal(parseStamp('2026-03-12 09:02:30'), Date.UTC(2026, 2, 12, 9, 2, 30), tz);
      assert.equal(parseStamp('2026-03-12T09:02:30.250'), Date.UTC(2026, 2, 12, 9, 2, 30, 250), tz);
      assert.equal(parseStamp('2026-03-12'), Date.UTC(2026, 2, 12), tz);
      assert.equal(parseStamp('2026-03-12T09:02:00Z'), Date.UTC(2026, 2, 12, 9, 2), tz);
      assert.equal(parseStamp('2026-03-12T09:02:00+01:00'), Date.UTC(2026, 2, 12, 8, 2), tz);
    }
  } finally {
    if (zone === undefined) delete process.env.TZ; else process.env.TZ = zone;
  }
  assert.equal(parseStamp(5), 5);
  assert.ok(Number.isNaN(parseStamp('March 12')));
  assert.ok(Number.isNaN(parseStamp(null)));
  // "Ch" after "H" in Czech, "Aa" after "Z" in Danish: not here, whatever LANG says
  assert.deepEqual(['Zed', 'Hike', 'Chores', 'Aaron', 'apple', 'Ærø'].sort(compareText), ['Aaron', 'Ærø', 'apple', 'Chores', 'Hike', 'Zed']);
  assert.equal(compareText('a', 'a'), 0);
  assert.equal(compareText(null, ''), 0);
});

test('clone gives exactly what a JSON round trip gives, as a copy', () => {
  const cases = [
    { a: 1, b: undefined, c: () => 1, d: Symbol('s'), e: [undefined, () => 1, NaN, -0, Infinity, , 3], f: -0, g: NaN,
      2: 'two', 1: 'one', z: { y: new Date(0) } }, // eslint-disable-line no-sparse-arrays
    [1, [2, [3]]], new Date(5), Object.assign(Object.create(null), { b: 1 }), new Map([[1, 2]]), new Number(3), 'text',
    4, null, true, -0, NaN, { toJSON: () => ({ x: 1 }) }, { n: { toJSON() { return 7; } } },
  ];
  for (const value of cases) {
    const copy = clone(value);
    assert.deepStrictEqual(copy, JSON.parse(JSON.stringify(value)));
    assert.equal(JSON.stringify(copy), JSON.stringify(value)); // the same keys in the same order
  }
  assert.equal(clone(undefined), undefined);
  assert.throws(() => clone({ a: 1n }), TypeError); // as JSON.stringify does
  const state = { a: { b: [1, { c: 2 }] } };
  const copy = clone(state);
  copy.a.b[1].c = 3;
  copy.a.b.push(4);
  assert.deepStrictEqual(state, { a: { b: [1, { c: 2 }] } });
});
