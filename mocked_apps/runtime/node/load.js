// Node-side loader: builds a device from the app folders on disk, with no browser.
// Used by each app's logic tests and by the Node/Chromium agreement check.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { createDevice } from '../core/device.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Return the parsed JSON file at a path relative to mocked_apps/. */
export function readJson(rel) {
  return JSON.parse(readFileSync(path.join(ROOT, rel), 'utf8'));
}

/**
 * Create a device with the given apps (default: the phone catalog), reset with `resetOptions`.
 * @param {{apps?: string[], device?: string, reset?: object}} [options]
 * @returns {Promise<object>} the device
 */
export async function loadDevice({ apps, device = 'phone', reset = {} } = {}) {
  // Catalog apps without a manifest are planned, not built: the browser boot skips them too.
  const ids = apps || readJson('catalog.json')[device].apps.filter((id) => existsSync(path.join(ROOT, 'apps', id, 'manifest.json')));
  const logic = {};
  const worlds = {};
  for (const id of ids) {
    logic[id] = await import(pathToFileURL(path.join(ROOT, 'apps', id, 'logic.js')).href);
    worlds[id] = readJson(`apps/${id}/world.json`);
  }
  const dev = createDevice({ apps: logic, worlds, order: ids });
  dev.reset(reset);
  return dev;
}

/**
 * A fresh logic module for a stub app that records the intents it receives: each `intent` action,
 * less its `type`, is pushed onto `data.intents`; any other action is ignored (null).
 * @param {{data?: object}} [options] more initial data beside `intents`, copied anew at each init
 * @returns {{init: function(): object, reduce: function(object, object): (object|null)}} the module
 */
export function intentRecorder({ data = {} } = {}) {
  return {
    init: () => ({ data: { intents: [], ...structuredClone(data) }, ui: {} }),
    reduce: (s, a) => {
      if (a.type !== 'intent') return null;
      const { type: _t, ...rest } = a;
      s.data.intents.push(rest);
      return s;
    },
  };
}
