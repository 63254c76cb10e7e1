// Boot a device page: load each app's manifest, logic, view and world, create the
// device, mount the shell and install the bridge. Used by phone/index.html and desktop/index.html.

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
  // Every app's manifest and world in one request, every app's stylesheet in one (in catalog order):
  // a page boot costs ~70 requests instead of ~135 (see toolkit/envs/server.py).
  const query = `?apps=${ids.map(encodeURIComponent).join(',')}`;
  const bundleResp = await fetch(new URL(`bundle/${device}/apps.json${query}`, base));
  if (!bundleResp.ok) throw new Error(`bundle/${device}/apps.json: HTTP ${bundleResp.status}`);
  const bundle = await bundleResp.json();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL(`bundle/${device}/apps.css${query}`, base).href;
  // The device is ready only once its styles apply: no frame may show unstyled apps.
  const styled = new Promise((resolve) => { link.onload = () => resolve(null); link.onerror = () => resolve('apps.css: failed to load'); });
  document.head.append(link);
  // An app that fails to load is left out and reported (window.__gymBootErrors), so one
  // broken app cannot take the whole device down; the environment checks the report.
  const errors = [];
  const results = await Promise.all(ids.map(async (id) => {
    const entry = bundle[id];
    if (!entry) return null; // listed in the catalog, not built yet
    const dir = new URL(`apps/${id}/`, base);
    try {
      if (entry.error) throw new Error(entry.error);
      const [logic, view] = await Promise.all([
        import(new URL('logic.js', dir).href),
        import(new URL('view.js', dir).href),
      ]);
      return [id, { manifest: entry.manifest, world: entry.world, logic, view }];
    } catch (err) {
      errors.push(`${id}: ${err && err.message ? err.message : err}`);
      return null;
    }
  }));
  const styleError = await styled;
  if (styleError) throw new Error(styleError);
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
