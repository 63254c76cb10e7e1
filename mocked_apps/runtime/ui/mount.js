// What both device shells (phone and desktop) need around their own drawing: the API an app's view
// renders with, and a whole-screen redraw that keeps the focused field and each screen's scroll offset.

import * as clock from '../core/clock.js';

/**
 * The API `view.render(api)` of app `appId` receives: its state, the OS, its world and the system actions.
 * @param {object} device  from createDevice
 * @param {string} appId
 */
export function appApi(device, appId) {
  const state = device.state.apps[appId];
  return {
    appId,
    state,
    os: device.state.os,
    world: device.worlds[appId] || {},
    now: device.state.os.clock.now,
    clock,
    dispatch: (action) => device.dispatch(appId, action),
    back: () => device.system({ type: 'back' }),
    home: () => device.system({ type: 'home' }),
    open: (target, intent) => device.system({ type: 'open', app: target, intent }),
    peek: (otherId) => device.state.apps[otherId],
    draft: (key) => ((state.ui && state.ui.drafts) || {})[key] ?? '',
  };
}

/**
 * Return the caret of a text field (`{start, end, direction, value}`), or null for any other element: a control
 * without a text selection (range, checkbox, number, email, date, ...) reports `selectionStart === null`,
 * and reading it can throw on some of them.
 * @param {Element|null} el
 */
export function caretOf(el) {
  try {
    if (!el || typeof el.value !== 'string' || typeof el.setSelectionRange !== 'function') return null;
    if (typeof el.selectionStart !== 'number' || typeof el.selectionEnd !== 'number') return null;
    return { start: el.selectionStart, end: el.selectionEnd, direction: el.selectionDirection || 'none', value: el.value };
  } catch {
    return null;
  }
}

/**
 * Put `caret` back on the redrawn text field `el`. When the field shows the text the caret was taken on (the
 * usual case: the person typed, the draft took the text) the selection is restored as it was, mid-text too;
 * when the app rewrote the text (cleared it, completed it) the caret goes to the end. Never throws, so no
 * redraw can fail on a control that has no text selection.
 * @param {Element} el
 * @param {{start: number, end: number, direction: string, value: string}|null} caret
 * @returns {boolean} whether the caret was set
 */
export function restoreCaret(el, caret) {
  if (!caret || !caretOf(el)) return false;
  const len = el.value.length;
  const same = el.value === caret.value;
  try {
    if (same) el.setSelectionRange(Math.min(caret.start, len), Math.min(caret.end, len), caret.direction);
    else el.setSelectionRange(len, len);
    return true;
  } catch {
    return false;
  }
}

/**
 * Redraws of `root` that carry over the focused field (by `data-gym`), its caret (selection) and the scroll
 * offset of every element with a `data-scroll-key`.
 * @param {HTMLElement} root
 * @returns {{replace: function(...Node), reset: function()}}  `reset` forgets the offsets (after an episode reset)
 */
export function viewKeeper(root) {
  const scrolls = new Map();
  // After a reset the old episode's DOM is still on the page: its scroll offsets must not be carried over.
  let fresh = false;
  return {
    replace(...children) {
      const active = document.activeElement;
      const focused = active && active.getAttribute && active.getAttribute('data-gym');
      // The caret of the field being typed in: every keystroke redraws, and the next one must land where the
      // person left the caret (mid-text too), not at the end.
      const caret = focused ? caretOf(active) : null;
      if (!fresh) root.querySelectorAll('[data-scroll-key]').forEach((el) => scrolls.set(el.dataset.scrollKey, el.scrollTop));
      fresh = false;
      root.replaceChildren(...children);
      root.querySelectorAll('[data-scroll-key]').forEach((el) => {
        if (scrolls.has(el.dataset.scrollKey)) el.scrollTop = scrolls.get(el.dataset.scrollKey);
      });
      if (focused) {
        const el = root.querySelector(`[data-gym="${CSS.escape(focused)}"]`);
        if (el && el.focus) {
          el.focus();
          restoreCaret(el, caret);
        }
      }
    },
    reset() {
      scrolls.clear();
      fresh = true;
    },
  };
}
