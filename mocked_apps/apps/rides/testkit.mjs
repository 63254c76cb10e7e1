// Setup shared by this app's node:test files.

import { loadDevice, readJson } from '../../runtime/node/load.js';

export const world = readJson('apps/rides/world.json');
export const MIN = 60000;
export const NOW = Date.UTC(2026, 2, 14, 9, 30);

export async function device(reset = {}, apps = ['rides']) {
  const dev = await loadDevice({ apps, reset: { seed: 4, ...reset } });
  dev.system({ type: 'open', app: 'rides' });
  return dev;
}
export const wf = (dev) => dev.getState().apps.rides;
