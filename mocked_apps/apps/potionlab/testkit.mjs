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
/** Brew `ids` as a user would: the Brew tab (closing any result), the cauldron emptied and filled; return the potion. */
export const brew = (dev, ids) => {
  act(dev, { type: 'tab', tab: 'brew' });
  act(dev, { type: 'empty' });
  for (const ing of ids) act(dev, { type: 'add', ing });
  act(dev, { type: 'brew' });
  const s = app(dev);
  return s.data.potions.find((p) => p.id === s.ui.result.potion);
};
/** Go to tab `tab`, then act (the action is one of that tab's buttons). */
export const onTab = (dev, tab, action) => {
  act(dev, { type: 'tab', tab });
  return act(dev, action);
};
/** Buy as a user would: the Market tab (all chips), the row's Buy button, the sheet's Buy with `qty` (else the typed one). */
export const buy = (dev, ing, qty) => {
  act(dev, { type: 'tab', tab: 'pantry' });
  act(dev, { type: 'market', filter: 'all' });
  act(dev, { type: 'buy_sheet', ing });
  return act(dev, qty === undefined ? { type: 'buy' } : { type: 'buy', qty });
};
