// Setup shared by this app's node:test files.

import { loadDevice, readJson } from '../../runtime/node/load.js';
import * as F from './logic.js';

export const world = readJson('apps/food/world.json');
export const NOW = Date.UTC(2026, 2, 14, 9, 30);
export const MIN = 60000;

export async function device(reset = {}, apps = ['food']) {
  const dev = await loadDevice({ apps, reset: { seed: 2, ...reset } });
  dev.system({ type: 'open', app: 'food' });
  return dev;
}
export const fd = (dev) => dev.getState().apps.food;
export const go = (dev, action) => dev.dispatch('food', action);
export const draft = (dev, key, value) => go(dev, { type: '@draft', key, value });
export const totals = (dev) => F.cartTotals(world, fd(dev).data, dev.getState().os.clock.now);

/** Add an item with options from its restaurant screen. */
export function add(dev, rest, item, { opts = {}, qty = 1 } = {}) {
  go(dev, { type: 'tab', tab: 'home' });
  go(dev, { type: 'open_restaurant', id: rest });
  go(dev, { type: 'open_item', id: item });
  for (const [group, v] of Object.entries(opts)) for (const c of [].concat(v)) go(dev, { type: 'pick_option', group, choice: c });
  for (let i = 1; i < qty; i += 1) go(dev, { type: 'item_qty', delta: 1 });
  go(dev, { type: 'add_to_cart' });
}
export function pay(dev) {
  go(dev, { type: 'open_cart' });
  go(dev, { type: 'checkout' });
  go(dev, { type: 'confirm_pay' });
}
