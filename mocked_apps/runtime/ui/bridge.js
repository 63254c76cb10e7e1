// window.__gym: the one door between the Python environment and the page.
// Every call is synchronous and returns plain JSON, so one CDP round trip does it.

import { clone } from '../core/state.js';

/**
 * Return the interactive elements ([data-gym]) an agent could tap now, in CSS pixels: inside the
 * viewport and not covered at their centre by something else (a header, a sheet, a dialog).
 */
export function visibleElements(root) {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const out = [];
  for (const el of root.querySelectorAll('[data-gym]')) {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0 || r.right <= 0 || r.bottom <= 0 || r.left >= vw || r.top >= vh) continue;
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const hit = document.elementFromPoint(cx, cy);
    if (!hit) continue;
    // The hit may be an ancestor (the element lets pointer events through to it), but not when the
    // element's centre lies outside a clipping ancestor: then it is scrolled out of sight, not visible.
    if (hit !== el && !el.contains(hit) && (!hit.contains(el) || clippedAt(el, cx, cy, hit))) continue;
    // A password field's text is what the screen shows: one dot a character, never the secret itself.
    const value = el.tagName === 'INPUT' && String(el.type).toLowerCase() === 'password' ? '•'.repeat(el.value.length) : el.value;
    const text = (el.getAttribute('aria-label') || value || el.innerText || el.getAttribute('placeholder') || '')
      .replace(/\s+/g, ' ').trim().slice(0, 80);
    out.push({ id: el.getAttribute('data-gym'), role: el.getAttribute('role') || el.tagName.toLowerCase(), text,
      box: [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)] });
  }
  return out;
}

/** Return whether (x, y) lies outside the box of an ancestor of `el` below `stop` that clips its overflow. */
function clippedAt(el, x, y, stop) {
  for (let a = el.parentElement; a && a !== stop; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const r = a.getBoundingClientRect();
    if (x < r.left || x >= r.right || y < r.top || y >= r.bottom) return true;
  }
  return false;
}

function scrollableAt(x, y) {
  let el = document.elementFromPoint(x, y);
  while (el && el !== document.body) {
    const style = getComputedStyle(el);
    if (/(auto|scroll)/.test(style.overflowY + style.overflowX) && (el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth)) return el;
    el = el.parentElement;
  }
  return null;
}

/**
 * Install window.__gym for a mounted device.
 * @param {object} device  from createDevice
 * @param {HTMLElement} root  the element the shell renders into
 * @param {{onReset?: function}} [hooks]
 */
export function installBridge(device, root, hooks = {}) {
  // What observeJson last sent, numbered by `version`: the JSON of each part of the state (each top-level key, and
  // each app of `apps`) and the state's layout. A part that has not changed is not sent again.
  let sent = { version: 0, top: new Map(), apps: new Map(), layout: null };
  window.__gym = {
    ready: true,
    getState: () => clone(device.state),
    setState: (patch, opts) => { device.setState(patch, opts || {}); return true; },
    reset: (opts) => {
      // Nothing of the previous episode may leak into the next: focus, selection, scroll offsets.
      if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
      const selection = window.getSelection && window.getSelection();
      if (selection) selection.removeAllRanges();
      window.scrollTo(0, 0);
      if (hooks.onReset) hooks.onReset();
      device.reset(opts || {});
      return true;
    },
    snapshot: () => device.snapshot(),
    restore: (snap) => {
      if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
      if (hooks.onReset) hooks.onReset();
      device.restore(snap);
      return true;
    },
    dispatch: (appId, action) => device.dispatch(appId, action),
    system: (action) => { device.system(action); return true; },
    log: () => clone(device.log),
    elements: () => visibleElements(root),
    /** Return what the environment reads after each step: screen, foreground app, elements, state. */
    observe: () => ({
      screen: device.state.os.screen,
      foreground: device.state.os.foreground,
      elements: visibleElements(root),
      state: clone(device.state),
    }),
    /** Return the state as JSON (one serialisation, no copy). */
    stateJson: () => JSON.stringify(device.state),
    /**
     * Return observe() as one JSON string, the state in parts: `top` maps top-level keys to their values and
     * `apps` app ids to their states, each holding only the parts that changed since version `known` (the
     * caller's), and `layout` lists the state's keys in order (`[key, null]`, or `["apps", [app ids]]`), or is
     * null when unchanged. When `known` is not the version this page last sent, `full` is true and every part is
     * sent. `version` numbers what was sent: a step that changes nothing (most random taps) sends no state, and
     * one that changes an app sends that app and the OS, not the whole 60 KB state.
     */
    observeJson: (known) => {
      const state = device.state;
      const layout = [];
      const top = new Map();
      const apps = new Map();
      for (const key of Object.keys(state)) {
        const value = state[key];
        if (key === 'apps' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
          const ids = [];
          for (const id of Object.keys(value)) {
            const json = JSON.stringify(value[id]);
            if (json === undefined) continue; // as JSON.stringify leaves out an undefined value
            ids.push(id);
            apps.set(id, json);
          }
          layout.push([key, ids]);
        } else {
          const json = JSON.stringify(value);
          if (json === undefined) continue;
          layout.push([key, null]);
          top.set(key, json);
        }
      }
      const full = known !== sent.version;
      const layoutJson = JSON.stringify(layout);
      const changed = (parts, before) => [...parts].filter(([k, json]) => full || before.get(k) !== json);
      const newTop = changed(top, sent.top);
      const newApps = changed(apps, sent.apps);
      const moved = full || layoutJson !== sent.layout;
      if (moved || newTop.length || newApps.length) sent = { version: sent.version + 1, top, apps, layout: layoutJson };
      const head = JSON.stringify({ screen: state.os.screen, foreground: state.os.foreground,
        elements: visibleElements(root), version: sent.version, full, layout: moved ? layout : null });
      const object = (parts) => `{${parts.map(([k, json]) => `${JSON.stringify(k)}:${json}`).join(',')}}`;
      return `${head.slice(0, -1)},"top":${object(newTop)},"apps":${object(newApps)}}`;
    },
    /** Scroll the scrollable element under (x, y) by (dx, dy) CSS px at once; return whether it moved. */
    scroll: (x, y, dx, dy) => {
      const el = scrollableAt(x, y);
      if (!el) return false;
      const before = [el.scrollLeft, el.scrollTop];
      el.scrollBy({ left: dx, top: dy, behavior: 'instant' });
      return before[0] !== el.scrollLeft || before[1] !== el.scrollTop;
    },
    /** Fire a `longpress` event on the element under (x, y); return whether one was there. */
    longPress: (x, y) => {
      const el = document.elementFromPoint(x, y);
      if (!el) return false;
      el.dispatchEvent(new CustomEvent('longpress', { bubbles: true }));
      return true;
    },
  };
}
