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
 * Redraws of `root` that carry over the focused field (by `data-gym`) and the scroll offset of every element
 * with a `data-scroll-key`.
 * @param {HTMLElement} root
 * @returns {{replace: function(...Node), reset: function()}}  `reset` forgets the offsets (after an episode reset)
 */
export function viewKeeper(root) {
  const scrolls = new Map();
  // After a reset the old episode's DOM is still on the page: its scroll offsets must not be carried over.
  let fresh = false;
  return {
    replace(...children) {
      const focused = document.activeElement && document.activeElement.getAttribute('data-gym');
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
          if (typeof el.value === 'string' && el.setSelectionRange) el.setSelectionRange(el.value.length, el.value.length);
        }
      }
    },
    reset() {
      scrolls.clear();
      fresh = true;
    },
  };
}
