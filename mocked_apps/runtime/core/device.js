// The device: a deterministic state machine over {os, apps}. Pure JS with no DOM,
// so the same code runs in Chromium (under the shell) and in Node (under tests).
//
// Apps are plain modules: `init(world, ctx) -> state` and `reduce(state, action, ctx)
// -> state | null` (null: not handled, e.g. `back` at an app's root screen). A reducer
// gets a private copy of its state and may mutate and return it. An app with time-driven
// behaviour (alarms, timers) also exports `tick(state, {from, to}, ctx) -> state | null`,
// called when the virtual clock moves from `from` to `to` (ctx.now is `to`).

import { clone, deepMerge } from './state.js';
import { draw } from './rng.js';

/** The virtual clock's default start: Sat 2026-03-14 09:30 (read as UTC). */
export const DEFAULT_NOW = Date.UTC(2026, 2, 14, 9, 30);

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

  function makeCtx(appId, effects) {
    const os = device.state.os;
    return {
      appId,
      now: os.clock.now,
      world: worlds[appId] || {},
      random: () => draw(os.rng),
      uid(prefix) {
        const id = `${prefix}${os.next_id}`;
        os.next_id += 1;
        return id;
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
        const id = `n${os.next_id}`;
        os.next_id += 1;
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
    const next = module.reduce(draft, action, makeCtx(appId, effects));
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
      const next = module.tick(clone(device.state.apps[appId]), { from, to }, makeCtx(appId, effects));
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
   * Reset to the initial state s0: fresh OS, each app's init over its world, then `patch`.
   * @param {{seed?: number, now?: number, patch?: object, start_app?: string}} [options]
   */
  device.reset = function reset({ seed = 0, now, patch, start_app } = {}) {
    device.state = { os: initialOs(seed, now ?? DEFAULT_NOW), apps: {} };
    for (const appId of device.order) {
      const effects = [];
      device.state.apps[appId] = apps[appId].init(worlds[appId] || {}, makeCtx(appId, effects));
    }
    if (patch) deepMerge(device.state, patch);
    device.log = [];
    if (start_app) openApp(start_app);
    emit();
    return device.state;
  };

  /** Apply an action of the foreground (or named) app and notify listeners. */
  device.dispatch = function dispatch(appId, action) {
    device.log.push({ app: appId, action: clone(action) });
    const handled = runApp(appId, action);
    emit();
    return handled;
  };

  /**
   * Apply an OS-level action: home, back, recents, open {app, intent}, shade, close_shade,
   * tap_notification {id}, clear_notifications, clear_recents, close_app {app}, tick {ms}.
   */
  device.system = function system(action) {
    device.log.push({ app: null, action: clone(action) });
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
    emit();
  };

  /** Patch the state ("merge") or replace it ("set"). */
  device.setState = function setState(patch, { mode = 'merge' } = {}) {
    if (mode === 'set') device.state = clone(patch);
    else if (mode === 'merge') deepMerge(device.state, patch);
    else throw new Error(`setState mode must be "merge" or "set", got '${mode}'`);
    emit();
    return device.state;
  };

  device.getState = () => device.state;
  device.snapshot = () => clone(device.state);
  device.restore = (snap) => device.setState(snap, { mode: 'set' });
  device.subscribe = (fn) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  };
  return device;
}
