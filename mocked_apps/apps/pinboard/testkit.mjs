// Setup shared by this app's node:test files.

import { loadDevice } from '../../runtime/node/load.js';

/** A device with Pinboard alone, opened. */
export async function solo() {
  const dev = await loadDevice({ apps: ['pinboard'], reset: { seed: 4 } });
  dev.system({ type: 'open', app: 'pinboard' });
  return dev;
}
export const app = (dev) => dev.getState().apps.pinboard;
export const act = (dev, action) => dev.dispatch('pinboard', action);
