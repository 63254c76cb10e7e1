// Boot a device page: load each app's manifest, logic, view and world, create the
// device, mount the shell and install the bridge. Used by phone/index.html.

import { createDevice } from '../core/device.js';
import { mountShell } from './shell.js';
import { installBridge } from './bridge.js';

/**
 * Boot the device described by `catalogUrl` into `root`.
 * @param {HTMLElement} root
 * @param {string} device  a key of catalog.json ("phone")
 * @param {{apps?: string[], seed?: number}} [options]  apps restricts the catalog's list
 */
export async function boot(root, device, options = {}) {
  const base = new URL('../../', import.meta.url);
  const catalog = await (await fetch(new URL('catalog.json', base))).json();
  const ids = options.apps && options.apps.length ? options.apps : catalog[device].apps;
  const loaded = await Promise.all(ids.map(async (id) => {
    const dir = new URL(`apps/${id}/`, base);
    const [manifest, world, logic, view] = await Promise.all([
      fetch(new URL('manifest.json', dir)).then((r) => r.json()),
      fetch(new URL('world.json', dir)).then((r) => r.json()),
      import(new URL('logic.js', dir).href),
      import(new URL('view.js', dir).href),
    ]);
    if (manifest.css) {
      // App-specific styles live in the app folder; shared ones in runtime/ui/phone.css.
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = new URL(manifest.css, dir).href;
      document.head.append(link);
    }
    return [id, { manifest, world, logic, view }];
  }));
  const apps = Object.fromEntries(loaded);
  const dev = createDevice({
    apps: Object.fromEntries(loaded.map(([id, a]) => [id, a.logic])),
    worlds: Object.fromEntries(loaded.map(([id, a]) => [id, a.world])),
    order: ids,
  });
  const shell = mountShell(root, dev, apps);
  installBridge(dev, root, { onReset: () => shell.resetScroll() });
  dev.reset({ seed: options.seed || 0 });
  return dev;
}
