// Setup shared by this app's node:test files.

import { loadDevice, readJson } from '../../runtime/node/load.js';

export const world = readJson('apps/potionlab/world.json');

export async function open(apps = ['potionlab']) {
  const dev = await loadDevice({ apps, reset: { seed: 2 } });
  dev.system({ type: 'open', app: 'potionlab' });
  return dev;
}
export const app = (dev) => dev.getState().apps.potionlab;
export const act = (dev, action) => dev.dispatch('potionlab', action);
export const brew = (dev, ids) => {
  act(dev, { type: 'empty' });
  for (const ing of ids) act(dev, { type: 'add', ing });
  act(dev, { type: 'brew' });
  const s = app(dev);
  return s.data.potions.find((p) => p.id === s.ui.result.potion);
};
