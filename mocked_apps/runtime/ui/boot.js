// Boot a device page: load each app's manifest, logic, view and world, create the
// device, mount the shell and install the bridge. Used by phone/index.html.

import { createDevice } from '../core/device.js';
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
  // An app that fails to load is left out and reported (window.__gymBootErrors), so one
  // broken app cannot take the whole device down; the environment checks the report.
  const errors = [];
  const results = await Promise.all(ids.map(async (id) => {
    const dir = new URL(`apps/${id}/`, base);
    try {
      const manifestResp = await fetch(new URL('manifest.json', dir));
      if (manifestResp.status === 404) return null; // listed in the catalog, not built yet
      if (!manifestResp.ok) throw new Error(`manifest.json: HTTP ${manifestResp.status}`);
      const [manifest, world, logic, view] = await Promise.all([
        manifestResp.json(),
        fetch(new URL('world.json', dir)).then((r) => r.json()),
        import(new URL('logic.js', dir).href),
        import(new URL('view.js', dir).href),
      ]);
      if (manifest.css) {
        // App-specific styles live in the app folder; shared ones in the device's stylesheet.
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = new URL(manifest.css, dir).href;
        document.head.append(link);
      }
      return [id, { manifest, world, logic, view }];
    } catch (err) {
      errors.push(`${id}: ${err && err.message ? err.message : err}`);
      return null;
    }
  }));
  window.__gymBootErrors = errors;
  const loaded = results.filter(Boolean);
  const apps = Object.fromEntries(loaded);
  const dev = createDevice({
    apps: Object.fromEntries(loaded.map(([id, a]) => [id, a.logic])),
    worlds: Object.fromEntries(loaded.map(([id, a]) => [id, a.world])),
    order: loaded.map(([id]) => id),
  });
  // Each device names its shell: the phone's (status bar, launcher, nav bar) or the desktop browser's.
  const { mountShell } = await import(catalog[device].shell === 'desktop' ? './desktop.js' : './shell.js');
  const shell = mountShell(root, dev, apps);
  installBridge(dev, root, { onReset: () => shell.resetScroll() });
  dev.reset({ seed: options.seed || 0 });
  return dev;
}
