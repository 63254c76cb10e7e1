// The phone shell: status bar, launcher, notification shade, recents, navigation
// bar, and the frame each foreground app's view renders into. Re-renders the
// whole screen synchronously after every state change (the DOM is small), keeping
// the focused field and each screen's scroll offset.

import { h, icon } from './h.js';
import { GLYPHS } from './kit.js';
import { appApi, viewKeeper } from './mount.js';
import * as clock from '../core/clock.js';

const NAV = {
  back: 'M16 5v14L6 12z',
  home: 'M12 6a6 6 0 110 12 6 6 0 010-12zm0 2a4 4 0 100 8 4 4 0 000-8z',
  recents: 'M6 6h12v12H6zm2 2v8h8V8z',
};

/**
 * Mount the shell into `root` and keep it rendered from `device`.
 * @param {HTMLElement} root
 * @param {object} device  from createDevice
 * @param {Object<string, {manifest: object, view: object}>} apps  app id -> manifest and view module
 * @returns {{render: function, resetScroll: function}}
 */
export function mountShell(root, device, apps) {
  const view = viewKeeper(root);

  function statusBar(os) {
    return h('div.statusbar', { 'data-gym': 'statusbar', onclick: () => device.system({ type: os.screen === 'shade' ? 'close_shade' : 'shade' }) },
      h('span.status-time', null, clock.hhmm(os.clock.now)),
      h('span.status-icons', null,
        h('span.signal', null, h('i'), h('i'), h('i'), h('i')),
        h('span.battery', null, h('span.battery-fill', { style: { width: `${os.battery}%` } })),
        h('span.battery-pct', null, `${os.battery}%`)));
  }

  function launcher(os) {
    return h('div.launcher', null,
      h('div.launcher-clock', null,
        h('div.big-time', null, clock.hhmm(os.clock.now)),
        h('div.big-date', null, clock.shortDate(os.clock.now))),
      h('div.launcher-grid', null, device.order.filter((id) => !apps[id].manifest.hidden).map((id) => {
        const m = apps[id].manifest;
        return h('button.launcher-icon', { 'data-gym': `launcher:${id}`, onclick: () => device.system({ type: 'open', app: id }) },
          h('span.app-icon', { style: { background: m.color } }, icon(m.glyph || GLYPHS.star, { size: 30, color: '#fff' })),
          h('span.app-label', null, m.name));
      })));
  }

  function shade(os) {
    return h('div.shade', null,
      h('div.shade-head', null, h('span', null, clock.shortDate(os.clock.now)),
        h('button.link', { 'data-gym': 'shade:clear', onclick: () => device.system({ type: 'clear_notifications' }) }, 'Clear all')),
      os.notifications.length === 0 ? h('div.empty.on-dark', null, 'No notifications') : null,
      os.notifications.map((n) => h('div.note', { 'data-gym': `notification:${n.id}`, onclick: () => device.system({ type: 'tap_notification', id: n.id }) },
        h('div.note-app', null, `${apps[n.app] ? apps[n.app].manifest.name : n.app} · ${clock.hhmm(n.time)}`),
        h('div.note-title', null, n.title),
        n.body ? h('div.note-body', null, n.body) : null)),
      h('button.shade-close', { 'data-gym': 'shade:close', onclick: () => device.system({ type: 'close_shade' }) }, 'Close'));
  }

  function recents(os) {
    return h('div.recents', null,
      os.recents.length === 0 ? h('div.empty.on-dark', null, 'No recent apps') : null,
      os.recents.map((id) => h('div.recent-card', { 'data-gym': `recent:${id}`, onclick: () => device.system({ type: 'open', app: id }) },
        h('span.app-icon.small', { style: { background: apps[id].manifest.color } }, icon(apps[id].manifest.glyph || GLYPHS.star, { size: 20, color: '#fff' })),
        h('span', null, apps[id].manifest.name))),
      os.recents.length ? h('button.link.on-dark', { 'data-gym': 'recents:clear', onclick: () => device.system({ type: 'clear_recents' }) }, 'Clear all') : null);
  }

  function navBar() {
    return h('nav.navbar', null,
      h('button.nav-btn', { 'data-gym': 'sys:back', 'aria-label': 'Back', onclick: () => device.system({ type: 'back' }) }, icon(NAV.back, { size: 22 })),
      h('button.nav-btn', { 'data-gym': 'sys:home', 'aria-label': 'Home', onclick: () => device.system({ type: 'home' }) }, icon(NAV.home, { size: 22 })),
      h('button.nav-btn', { 'data-gym': 'sys:recents', 'aria-label': 'Recents', onclick: () => device.system({ type: 'recents' }) }, icon(NAV.recents, { size: 22 })));
  }

  function screenKey(os) {
    if (os.screen !== 'app') return os.screen;
    const ui = device.state.apps[os.foreground].ui || {};
    return `${os.foreground}:${ui.screen || ''}`;
  }

  function render() {
    const os = device.state.os;
    const key = screenKey(os);
    let content;
    if (os.screen === 'app') content = apps[os.foreground].view.render(appApi(device, os.foreground));
    else if (os.screen === 'recents') content = recents(os);
    else if (os.screen === 'shade') content = shade(os);
    else content = launcher(os);
    const screen = h('div.screen', { 'data-screen': key }, content);
    view.replace(statusBar(os), screen, navBar());
  }

  device.subscribe(render);
  return { render, resetScroll: view.reset };
}
