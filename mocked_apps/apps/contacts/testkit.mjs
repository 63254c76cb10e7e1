// Setup shared by this app's node:test files.

import { loadDevice } from '../../runtime/node/load.js';

/** A device with Contacts alone, opened. */
export async function open() {
  const dev = await loadDevice({ apps: ['contacts'], reset: { seed: 3 } });
  dev.system({ type: 'open', app: 'contacts' });
  return dev;
}
export const app = (dev) => dev.getState().apps.contacts;
export const byId = (dev, id) => app(dev).data.contacts.find((c) => c.id === id);
export const type = (dev, key, value) => dev.dispatch('contacts', { type: '@draft', key, value });
export const act = (dev, action) => dev.dispatch('contacts', action);
