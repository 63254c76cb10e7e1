// Setup shared by this app's node:test files.

import { loadDevice, readJson } from '../../runtime/node/load.js';

export const world = readJson('apps/teamchat/world.json');

export async function open(reset = {}) {
  const dev = await loadDevice({ apps: ['teamchat'], reset: { seed: 2, ...reset } });
  dev.system({ type: 'open', app: 'teamchat' });
  return dev;
}

const app = (dev) => dev.getState().apps.teamchat;
export const data = (dev) => app(dev).data;
export const ui = (dev) => app(dev).ui;
export const msg = (dev, id) => data(dev).messages.find((m) => m.id === id);
export const ch = (dev, id) => data(dev).channels.find((c) => c.id === id);
export const act = (dev, action) => dev.dispatch('teamchat', action);
export const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
export const snapshotData = (dev) => JSON.parse(JSON.stringify(data(dev)));
