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
  // The state JSON last sent by observeJson and its version: an unchanged state is not sent again.
  let sent = { version: 0, json: null };
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
     * Return observe() as one JSON string, with `version` numbering the state JSON. When the caller
     * already holds version `known` and the state has not changed since, `state` is null: a step that
     * changes nothing (most random taps) costs no 60 KB transfer, parse or hash on the Python side.
     */
    observeJson: (known) => {
      const json = JSON.stringify(device.state);
      const same = known === sent.version && json === sent.json;
      if (!same) sent = { version: sent.version + 1, json };
      const head = JSON.stringify({ screen: device.state.os.screen, foreground: device.state.os.foreground,
        elements: visibleElements(root), version: sent.version });
      return `${head.slice(0, -1)},"state":${same ? 'null' : json}}`;
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
