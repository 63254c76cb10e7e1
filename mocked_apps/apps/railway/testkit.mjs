// Setup shared by this app's node:test files.

import { loadDevice } from '../../runtime/node/load.js';

export async function device(reset = {}, apps = ['railway']) {
  const dev = await loadDevice({ apps, reset });
  dev.system({ type: 'open', app: 'railway' });
  return dev;
}
export const rw = (dev) => dev.getState().apps.railway;
export const go = (dev, action) => dev.dispatch('railway', action);
