// Boot a device page: load each app's manifest, logic, view and world, create the
// device, mount the shell and install the bridge. Used by phone/index.html and desktop/index.html.

/**
 * Return a loader of the page's modules: from the device's module pack (bundle/<device>/modules.js, one
 * request for every module; see toolkit/envs/modules.py) when it carries the module, else native import().
 * @param {URL} base  the mocked_apps/ root
 * @param {{factories: Object<string, Function>, roots: string[]}|null} pack
 */
function moduleLoader(base, pack) {
  const packed = new Set(pack ? pack.roots : []);
  const evaluated = new Map();
  const reexport = (to, from) => {
    for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(from))) if (k !== 'default' && !(k in to)) Object.defineProperty(to, k, d);
  };
  const require = (id) => {
    let ns = evaluated.get(id);
    if (ns) return ns;
    const factory = pack.factories[id];
    if (factory === undefined) throw new Error(`${id}: not in the module pack`);
    ns = {};
    evaluated.set(id, ns);
    factory(require, ns, reexport);
    return ns;
  };
  return async (id) => (packed.has(id) ? require(id) : import(new URL(id, base).href));
}

/**
 * Make stack traces name the modules' own files. The pack keeps each module's lines, so a frame in it
 * (modules.js:L:C) is reported as <module file>:L':C, L' = L − lines[id] + 1; other frames are left as V8
 * writes them. Without this every trace from packed code would point into the pack.
 * @param {URL} base  the mocked_apps/ root
 * @param {string} packUrl  the pack's URL, as frames name it
 * @param {Object<string, number>} lines  module id -> the pack's line of the module's first line
 */
function mapPackFrames(base, packUrl, lines) {
  const starts = Object.entries(lines).sort((a, b) => a[1] - b[1]);
  const locate = (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let hit = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid][1] <= line + 1) { hit = mid; lo = mid + 1; } else hi = mid - 1;
    }
    // line + 1: a module's one header line (its hoisted imports) sits just above its first line
    return hit < 0 ? null : [starts[hit][0], Math.max(1, line - starts[hit][1] + 1)];
  };
  Error.prepareStackTrace = (error, frames) => {
    let head;
    try { head = String(error); } catch { head = 'Error'; }
    return head + frames.map((frame) => {
      const text = String(frame);
      const line = frame.getLineNumber();
      const hit = frame.getFileName() === packUrl ? locate(line) : null;
      return `\n    at ${hit ? text.replace(`${packUrl}:${line}:`, `${new URL(hit[0], base).href}:${hit[1]}:`) : text}`;
    }).join('');
  };
}

async function fetchJson(url) {
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(`${url.pathname.replace(/^.*\/bundle\//, 'bundle/')}: HTTP ${resp.status}`);
  return resp.json();
}

/**
 * Boot the device described by `catalogUrl` into `root`.
 * @param {HTMLElement} root
 * @param {string} device  a key of catalog.json ("phone")
 * @param {{apps?: string[], seed?: number}} [options]  apps restricts the catalog's list
 */
export async function boot(root, device, options = {}) {
  const base = new URL('../../', import.meta.url);
  const catalog = await fetchJson(new URL('catalog.json', base));
  const ids = options.apps && options.apps.length ? options.apps : catalog[device].apps;
  // Every app's manifest and world in one request, every app's stylesheet in one (in catalog order) and
  // every module in one: a page boot costs ~8 requests instead of ~135 (see toolkit/envs/server.py).
  const query = `?apps=${ids.map(encodeURIComponent).join(',')}`;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL(`bundle/${device}/apps.css${query}`, base).href;
  // The device is ready only once its styles apply: no frame may show unstyled apps.
  const styled = new Promise((resolve) => { link.onload = () => resolve(null); link.onerror = () => resolve('apps.css: failed to load'); });
  document.head.append(link);
  // Without the pack (?pack=0, or a module in it that does not parse) every module loads natively.
  const usePack = new URLSearchParams(location.search).get('pack') !== '0';
  const packUrl = new URL(`bundle/${device}/modules.js${query}`, base).href;
  const [bundle, pack] = await Promise.all([
    fetchJson(new URL(`bundle/${device}/apps.json${query}`, base)),
    usePack ? import(packUrl).catch(() => null) : null,
  ]);
  if (pack) mapPackFrames(base, packUrl, pack.lines);
  const load = moduleLoader(base, pack);
  const [{ createDevice }, { installBridge }] = await Promise.all([load('runtime/core/device.js'), load('runtime/ui/bridge.js')]);
  // An app that fails to load is left out and reported (window.__gymBootErrors), so one
  // broken app cannot take the whole device down; the environment checks the report.
  // The report is in catalog order (not in the order the loads happened to finish), so it is the same every boot.
  const failures = new Map();
  const results = await Promise.all(ids.map(async (id) => {
    const entry = bundle[id];
    if (!entry) return null; // listed in the catalog, not built yet
    try {
      if (entry.error) throw new Error(entry.error);
      const [logic, view] = await Promise.all([load(`apps/${id}/logic.js`), load(`apps/${id}/view.js`)]);
      return [id, { manifest: entry.manifest, world: entry.world, logic, view }];
    } catch (err) {
      failures.set(id, `${id}: ${err && err.message ? err.message : err}`);
      return null;
    }
  }));
  const styleError = await styled;
  if (styleError) throw new Error(styleError);
  window.__gymBootErrors = ids.filter((id) => failures.has(id)).map((id) => failures.get(id));
  const loaded = results.filter(Boolean);
  const apps = Object.fromEntries(loaded);
  const dev = createDevice({
    apps: Object.fromEntries(loaded.map(([id, a]) => [id, a.logic])),
    worlds: Object.fromEntries(loaded.map(([id, a]) => [id, a.world])),
    order: loaded.map(([id]) => id),
  });
  // Each device names its shell: the phone's (status bar, launcher, nav bar) or the desktop browser's.
  const { mountShell } = await load(catalog[device].shell === 'desktop' ? 'runtime/ui/desktop.js' : 'runtime/ui/shell.js');
  const shell = mountShell(root, dev, apps);
  installBridge(dev, root, { onReset: () => shell.resetScroll() });
  dev.reset({ seed: options.seed || 0 });
  return dev;
}
