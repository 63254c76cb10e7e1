// Setup shared by this app's node:test files.

import { loadDevice, readJson } from '../../runtime/node/load.js';

export const world = readJson('apps/crm/world.json');

export async function open(reset = {}) {
  const dev = await loadDevice({ apps: ['crm'], device: 'desktop', reset: { seed: 2, ...reset } });
  dev.system({ type: 'open', app: 'crm' });
  return dev;
}
const app = (dev) => dev.getState().apps.crm;
export const data = (dev) => app(dev).data;
export const ui = (dev) => app(dev).ui;
export const act = (dev, action) => dev.dispatch('crm', action);
export const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
export const lead = (dev, id) => data(dev).leads.find((l) => l.id === id);
export const opp = (dev, id) => data(dev).opps.find((o) => o.id === id);
export const snap = (dev) => JSON.parse(JSON.stringify(data(dev)));
