// Setup shared by this app's node:test files.

import { loadDevice, readJson } from '../../runtime/node/load.js';

export const world = readJson('apps/clips/world.json');
export const NOW = Date.UTC(2026, 2, 14, 9, 30);

export async function solo() {
  const dev = await loadDevice({ apps: ['clips'], reset: { seed: 2 } });
  dev.system({ type: 'open', app: 'clips' });
  return dev;
}
export const app = (dev) => dev.getState().apps.clips;
export const act = (dev, action) => dev.dispatch('clips', action);
export const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
export const dataOf = (dev) => JSON.stringify(app(dev).data);
