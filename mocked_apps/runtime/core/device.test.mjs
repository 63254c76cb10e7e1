// The device runtime, tested in Node: reset, navigation, hand-offs, notifications, state API, rng.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createDevice, DEFAULT_NOW } from './device.js';
import { randomAt, draw } from './rng.js';
import { deepMerge, stableStringify } from './state.js';
import { hhmm, isoDate, addDays, relativeLabel } from './clock.js';

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
