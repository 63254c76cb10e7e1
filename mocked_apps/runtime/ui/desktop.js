// The desktop shell: a browser window at 1280×800 with a top bar (virtual clock, notifications),
// a tab strip (one tab per open web app), an address bar and back/home buttons. Apps render into
// the page area with the same view API as on the phone.

import { h, icon } from './h.js';
import { GLYPHS } from './kit.js';
import { appApi, viewKeeper } from './mount.js';
import * as clock from '../core/clock.js';

/** True when the page area shows the foreground app (on its own or under the notification shade). */
const showsApp = (os) => Boolean(os.foreground) && (os.screen === 'app' || os.screen === 'shade');

const BELL = 'M12 3a6 6 0 016 6v4l2 3H4l2-3V9a6 6 0 016-6zm-2 15h4a2 2 0 01-4 0z';
const HOME = 'M12 4l8 7h-3v8h-4v-5h-2v5H7v-8H4z';

/**
 * Mount the desktop shell into `root` and keep it rendered from `device`.
 * @returns {{render: function, resetScroll: function}}
 */
export function mountShell(root, device, apps) {
  const view = viewKeeper(root);

  function topBar(os) {
    const unread = os.notifications.length;
    return h('div.dt-topbar', null,
      h('span.dt-brand', null, 'Workspace'),
      h('span.dt-spacer'),
      h('button.dt-bell', { 'data-gym': 'sys:notifications', 'aria-label': 'Notifications',
        onclick: () => device.system({ type: os.screen === 'shade' ? 'close_shade' : 'shade' }) },
        icon(BELL, { size: 16 }), unread ? h('span.dt-badge', null, String(unread)) : null),
      h('span.dt-clock', null, `${clock.shortDate(os.clock.now)}  ${clock.hhmm(os.clock.now)}`));
  }

  function tabStrip(os) {
    return h('div.dt-tabs', null,
      os.recents.map((id) => h('div.dt-tab' + (showsApp(os) && os.foreground === id ? '.active' : ''), null,
        h('button.dt-tab-open', { 'data-gym': `tab-open:${id}`, onclick: () => device.system({ type: 'open', app: id }) },
          h('span.dt-tab-dot', { style: { background: apps[id].manifest.color } }), apps[id].manifest.name),
        h('button.dt-tab-close', { 'data-gym': `tab-close:${id}`, 'aria-label': `Close ${apps[id].manifest.name}`,
          onclick: () => device.system({ type: 'close_app', app: id }) }, '×'))),
      h('button.dt-newtab', { 'data-gym': 'sys:home', 'aria-label': 'Start page', onclick: () => device.system({ type: 'home' }) }, '+'));
  }

  function addressBar(os) {
    let address = 'start.workspace.test';
    // The shade opens over the page: the address stays the page's (it showed the start page's).
    if (showsApp(os)) {
      const ui = device.state.apps[os.foreground].ui || {};
      address = `${apps[os.foreground].manifest.host || `${os.foreground}.workspace.test`}/${ui.screen || ''}`;
    }
    return h('div.dt-address', null,
      h('button.dt-nav', { 'data-gym': 'sys:back', 'aria-label': 'Back', onclick: () => device.system({ type: 'back' }) }, icon(GLYPHS.back, { size: 18 })),
      h('button.dt-nav', { 'data-gym': 'sys:start', 'aria-label': 'Home', onclick: () => device.system({ type: 'home' }) }, icon(HOME, { size: 18 })),
      h('div.dt-url', { 'data-gym': 'address' }, `https://${address}`));
  }

  function startPage(os) {
    return h('div.dt-start', null,
      h('h1.dt-start-title', null, 'Start'),
      h('div.dt-start-grid', null, device.order.map((id) => {
        const m = apps[id].manifest;
        return h('button.dt-tile', { 'data-gym': `launcher:${id}`, onclick: () => device.system({ type: 'open', app: id }) },
          h('span.app-icon', { style: { background: m.color } }, icon(m.glyph || GLYPHS.star, { size: 30, color: '#fff' })),
          h('span.dt-tile-name', null, m.name),
          h('span.dt-tile-desc', null, m.description || ''));
      })));
  }

  function notifications(os) {
    return h('div.dt-shade', null,
      h('div.dt-shade-head', null, 'Notifications',
        h('button.link', { 'data-gym': 'shade:clear', onclick: () => device.system({ type: 'clear_notifications' }) }, 'Clear all')),
      os.notifications.length === 0 ? h('div.empty', null, 'No notifications') : null,
      os.notifications.map((n) => h('div.dt-note', { 'data-gym': `notification:${n.id}`, onclick: () => device.system({ type: 'tap_notification', id: n.id }) },
        h('div.note-app', null, `${apps[n.app] ? apps[n.app].manifest.name : n.app} · ${clock.hhmm(n.time)}`),
        h('div.note-title', null, n.title), n.body ? h('div.note-body', null, n.body) : null)));
  }

  function render() {
    const os = device.state.os;
    const page = showsApp(os)
      ? apps[os.foreground].view.render(appApi(device, os.foreground))
      : startPage(os);
    const key = os.screen === 'app' ? `${os.foreground}:${(device.state.apps[os.foreground].ui || {}).screen || ''}` : os.screen;
    view.replace(topBar(os), h('div.dt-window', null, tabStrip(os), addressBar(os),
      h('div.dt-page', { 'data-screen': key }, page), os.screen === 'shade' ? notifications(os) : null));
  }

  device.subscribe(render);
  return { render, resetScroll: view.reset };
}
