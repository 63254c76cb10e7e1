// Setup shared by this app's node:test files.

import { loadDevice, readJson } from '../../runtime/node/load.js';

export const NOW = Date.UTC(2026, 2, 14, 9, 30);
export const ME = 'robin.hale@mailbox.example';
export const world = readJson('apps/email/world.json');

export async function dev0(apps = ['contacts', 'email']) {
  const dev = await loadDevice({ apps, reset: { seed: 4 } });
  dev.system({ type: 'open', app: 'email' });
  return dev;
}
export const app = (dev) => dev.getState().apps.email;
export const rec = (dev, id) => app(dev).data.emails.find((e) => e.id === id);
export const act = (dev, action) => dev.dispatch('email', action);
export const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
/** Open email `id` as a user would: its folder's list, then its row (the app opens only a row on screen). */
export const openEmail = (dev, id) => {
  const r = rec(dev, id);
  if (r) act(dev, { type: 'view', view: r.folder });
  return act(dev, { type: 'open', id });
};
