// The device: a deterministic state machine over {os, apps}. Pure JS with no DOM,
// so the same code runs in Chromium (under the shell) and in Node (under tests).
//
// Apps are plain modules: `init(world, ctx) -> state` and `reduce(state, action, ctx)
// -> state | null` (null: not handled, e.g. `back` at an app's root screen). A reducer
// gets a private copy of its state and may mutate and return it. An app with time-driven
// behaviour (alarms, timers) also exports `tick(state, {from, to}, ctx) -> state | null`,
// called when the virtual clock moves from `from` to `to` (ctx.now is `to`).

import { assertSafeKeys, clone, deepMerge } from './state.js';
import { draw } from './rng.js';

/** The virtual clock's default start: Sat 2026-03-14 09:30 (read as UTC). */
export const DEFAULT_NOW = Date.UTC(2026, 2, 14, 9, 30);

/** The OS-level actions `device.system` knows. */
export const SYSTEM_ACTIONS = ['home', 'back', 'recents', 'open', 'shade', 'close_shade', 'tap_notification',
  'clear_notifications', 'clear_recents', 'close_app', 'tick'];

/**
 * Add to `into` the `id` of every object anywhere in the JSON value `value` (records and their nested records).
 * @param {*} value
 * @param {Set<string>} into
 * @returns {Set<string>} into
 */
export function collectIds(value, into = new Set()) {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into);
  } else if (value !== null && typeof value === 'object') {
    if (typeof value.id === 'string' || typeof value.id === 'number') into.add(String(value.id));
    for (const key of Object.keys(value)) if (value[key] !== null && typeof value[key] === 'object') collectIds(value[key], into);
  }
  return into;
}

/**
 * Return a predicate "is this id taken?" from what a caller of ctx.uid names as taken: nothing, a list of
 * ids or of records (their `id`), a Set of ids, or a function id -> boolean.
 */
function takenBy(taken) {
  if (!taken) return () => false;
  if (typeof taken === 'function') return taken;
  if (taken instanceof Set) return (id) => taken.has(id);
  if (Array.isArray(taken)) {
    const ids = new Set(taken.map((x) => (x !== null && typeof x === 'object' ? String(x.id) : String(x))));
    return (id) => ids.has(id);
  }
  throw new Error('uid: `taken` must be a list, a Set or a function');
}

/** Return the OS part of a freshly booted device. */
export function initialOs(seed, now = DEFAULT_NOW) {
  return {
    clock: { now },
    rng: { seed, n: 0 },
    screen: 'launcher',
    foreground: null,
    recents: [],
    notifications: [],
    next_id: 1,
    battery: 82,
  };
}

/**
 * Create a device.
 * @param {object} options
 * @param {Object<string, object>} options.apps  app id -> logic module ({init, reduce})
 * @param {Object<string, object>} options.worlds  app id -> read-only world content
 * @param {string[]} [options.order]  launcher order (defaults to the keys of apps)
 * @returns {object} the device API (state, reset, dispatch, system, setState, ...)
 */
export function createDevice({ apps, worlds = {}, order }) {
  const listeners = new Set();
  const device = {
    apps,
    worlds,
    order: order || Object.keys(apps),
    state: null,
    /** Logic-level actions applied since the last reset, for Node/Chromium agreement checks. */
    log: [],
  };

  const emit = () => listeners.forEach((fn) => fn(device.state));
  // The record ids of each app's world (read-only, so collected once per device).
  const worldIds = new Map();
  const idsOfWorld = (appId) => {
    if (!worldIds.has(appId)) worldIds.set(appId, collectIds(worlds[appId] || {}));
    return worldIds.get(appId);
  };

  /**
   * The context a reducer (or init, or tick) of `appId` runs with. `draft` is the app state the reducer is
   * changing (none for init).
   */
  function makeCtx(appId, effects, draft) {
    const os = device.state.os;
    return {
      appId,
      now: os.clock.now,
      world: worlds[appId] || {},
      random: () => draw(os.rng),
      /**
       * Return a new id `<prefix><n>` (n from the device's one counter, os.next_id, which advances) that no
       * record of this app uses: not an `id` anywhere in its world, its state before this action or the state
       * it is changing, nor one that `taken` names (a list of ids or records, a Set, or a function id -> bool).
       * A function of the state alone: the same state and actions give the same ids.
       */
      uid(prefix, taken) {
        const isTaken = takenBy(taken);
        const world = idsOfWorld(appId);
        const before = collectIds(device.state.apps[appId] || {});
        const now = draft ? collectIds(draft) : new Set();
        for (;;) {
          const id = `${prefix}${os.next_id}`;
          os.next_id += 1;
          if (!world.has(id) && !before.has(id) && !now.has(id) && !isTaken(id)) return id;
        }
      },
      peek: (otherId) => device.state.apps[otherId],
      notify: (note) => effects.push({ kind: 'notify', note: { app: appId, ...note } }),
      open: (target, intent) => effects.push({ kind: 'open', app: target, intent }),
    };
  }

  function applyEffects(effects) {
    const os = device.state.os;
    for (const effect of effects) {
      if (effect.kind === 'notify') {
        let id = `n${os.next_id}`;
        os.next_id += 1;
        while (os.notifications.some((n) => n.id === id)) {
          id = `n${os.next_id}`;
          os.next_id += 1;
        }
        os.notifications.unshift({ id, time: os.clock.now, ...effect.note });
      } else if (effect.kind === 'open') {
        openApp(effect.app, effect.intent);
      }
    }
  }

  /** Run one app action through the app's reducer; return whether the app handled it. */
  function runApp(appId, action) {
    const module = apps[appId];
    if (!module) throw new Error(`unknown app '${appId}'`);
    const effects = [];
    const draft = clone(device.state.apps[appId]);
    if (action.type === '@draft') {
      // Text typed into a field: every app keeps it the same way, in ui.drafts.
      draft.ui = draft.ui || {};
      draft.ui.drafts = { ...(draft.ui.drafts || {}), [action.key]: action.value };
      device.state.apps[appId] = draft;
      return true;
    }
    const next = module.reduce(draft, action, makeCtx(appId, effects, draft));
    if (next === null || next === undefined) return false;
    device.state.apps[appId] = next;
    applyEffects(effects);
    return true;
  }

  /** Let every app with a `tick` see the interval the virtual clock just crossed. */
  function runTicks(from, to) {
    for (const appId of device.order) {
      const module = apps[appId];
      if (typeof module.tick !== 'function') continue;
      const effects = [];
      const draft = clone(device.state.apps[appId]);
      const next = module.tick(draft, { from, to }, makeCtx(appId, effects, draft));
      if (next === null || next === undefined) continue;
      device.state.apps[appId] = next;
      applyEffects(effects);
    }
  }

  function openApp(appId, intent) {
    if (!apps[appId]) throw new Error(`unknown app '${appId}'`);
    const os = device.state.os;
    os.screen = 'app';
    os.foreground = appId;
    os.recents = [appId, ...os.recents.filter((id) => id !== appId)].slice(0, 8);
    if (intent) runApp(appId, { type: 'intent', ...intent });
  }

  function goHome() {
    device.state.os.screen = 'launcher';
    device.state.os.foreground = null;
  }

  /**
   * Run `apply` (one app or system action) and log `entry`; all or nothing: when it throws (a hand-off or a
   * notification to an app this device lacks, a reducer that throws) the OS part and every app state are put back
   * and nothing is logged, so the log always replays (a random draw or a new id already taken is undone too).
   * App states are swapped, never changed in place, so keeping their references is enough. Redraws either way.
   */
  function atomically(entry, apply) {
    const kept = { os: clone(device.state.os), apps: { ...device.state.apps } };
    try {
      const result = apply();
      device.log.push(entry);
      return result;
    } catch (err) {
      device.state.os = kept.os;
      device.state.apps = kept.apps;
      throw err;
    } finally {
      emit();
    }
  }

  /**
   * Reset to the initial state s0: fresh OS, each app's init over its world, then `patch`.
   * All or nothing: a reset that fails (a `start_app` this device does not have, a patch key that could reach a
   * prototype, an app's init that throws) keeps the previous state and log and throws. Either way the
   * listeners (the shell) redraw, so the screen always shows the state.
   * @param {{seed?: number, now?: number, patch?: object, start_app?: string}} [options]
   */
  device.reset = function reset({ seed = 0, now, patch, start_app } = {}) {
    const previous = { state: device.state, log: device.log };
    try {
      if (start_app && !apps[start_app]) throw new Error(`reset: no app '${start_app}' on this device`);
      if (patch) assertSafeKeys(patch);
      device.state = { os: initialOs(seed, now ?? DEFAULT_NOW), apps: {} };
      for (const appId of device.order) {
        const effects = [];
        device.state.apps[appId] = apps[appId].init(worlds[appId] || {}, makeCtx(appId, effects));
      }
      if (patch) deepMerge(device.state, patch);
      device.log = [];
      if (start_app) openApp(start_app);
    } catch (err) {
      device.state = previous.state;
      device.log = previous.log;
      throw err;
    } finally {
      if (device.state) emit();
    }
    return device.state;
  };

  /** Apply an action of the foreground (or named) app and notify listeners. */
  device.dispatch = function dispatch(appId, action) {
    if (!apps[appId]) throw new Error(`unknown app '${appId}'`); // refused before it is logged, as system() does
    return atomically({ app: appId, action: clone(action) }, () => runApp(appId, action));
  };

  /**
   * Apply an OS-level action: home, back, recents, open {app, intent}, shade, close_shade,
   * tap_notification {id}, clear_notifications, clear_recents, close_app {app}, tick {ms}.
   */
  device.system = function system(action) {
    // Refused before it is logged or applied: the log replays, and the state stays consistent.
    if (!action || !SYSTEM_ACTIONS.includes(action.type)) throw new Error(`unknown system action '${action && action.type}'`);
    if (action.type === 'tick' && !(typeof action.ms === 'number' && Number.isFinite(action.ms) && action.ms >= 0)) {
      throw new Error(`tick: ms must be a finite number >= 0, got ${JSON.stringify(action.ms)}`);
    }
    return atomically({ app: null, action: clone(action) }, () => runSystem(action));
  };

  /** Apply a system action that `system` accepted (see there). */
  function runSystem(action) {
    const os = device.state.os;
    switch (action.type) {
      case 'home':
        goHome();
        break;
      case 'back':
        if (os.screen === 'shade' || os.screen === 'recents') {
          os.screen = os.foreground ? 'app' : 'launcher';
        } else if (os.screen === 'app' && !runApp(os.foreground, { type: 'back' })) {
          goHome();
        }
        break;
      case 'recents':
        os.screen = 'recents';
        break;
      case 'shade':
        os.screen = 'shade';
        break;
      case 'close_shade':
        os.screen = os.foreground ? 'app' : 'launcher';
        break;
      case 'open':
        openApp(action.app, action.intent);
        break;
      case 'tap_notification': {
        const note = os.notifications.find((n) => n.id === action.id);
        os.notifications = os.notifications.filter((n) => n.id !== action.id);
        if (note) openApp(note.app, note.intent);
        else os.screen = os.foreground ? 'app' : 'launcher';
        break;
      }
      case 'clear_notifications':
        os.notifications = [];
        break;
      case 'clear_recents':
        os.recents = [];
        break;
      case 'close_app': {
        // Desktop tabs: closing the foreground tab shows the next one (or the start page).
        os.recents = os.recents.filter((id) => id !== action.app);
        if (os.foreground === action.app) {
          if (os.recents.length) {
            os.foreground = os.recents[0];
            os.screen = 'app';
          } else {
            goHome();
          }
        }
        break;
      }
      case 'tick': {
        const from = os.clock.now;
        os.clock.now += action.ms;
        runTicks(from, os.clock.now);
        break;
      }
      default:
        throw new Error(`unknown system action '${action.type}'`);
    }
  }

  /**
   * Patch the state ("merge") or replace it ("set"). Logged as `{app: null, set: {patch, mode}}`, so a replay
   * of reset + log reaches this state too.
   */
  device.setState = function setState(patch, { mode = 'merge' } = {}) {
    if (mode !== 'set' && mode !== 'merge') throw new Error(`setState mode must be "merge" or "set", got '${mode}'`);
    assertSafeKeys(patch);
    device.log.push({ app: null, set: { patch: clone(patch), mode } });
    if (mode === 'set') device.state = clone(patch);
    else deepMerge(device.state, patch);
    emit();
    return device.state;
  };

  device.getState = () => device.state;
  device.snapshot = () => clone(device.state);
  /**
   * Go back to a snapshot. The log starts over from it: one `set` entry holding the snapshot, then the actions
   * that follow, so reset + log still replays to the current state.
   */
  device.restore = (snap) => {
    assertSafeKeys(snap, 'snapshot');
    device.log = [{ app: null, set: { patch: clone(snap), mode: 'set' } }];
    device.state = clone(snap);
    emit();
    return device.state;
  };
  /** Apply one entry of a log (from `device.log`): an app action, a system action or a state `set`. */
  device.replay = function replay(entry) {
    if (entry.set) return device.setState(entry.set.patch, { mode: entry.set.mode });
    if (entry.app === null || entry.app === undefined) return device.system(entry.action);
    return device.dispatch(entry.app, entry.action);
  };
  device.subscribe = (fn) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  };
  return device;
}
