// Settings view: the main list (with search and the airplane switch) and one screen
// per page: Wi-Fi (+ join and network detail), Bluetooth (+ device), Display, Sound,
// Do not disturb (+ schedule), Battery, Notifications and About (+ rename).
// The pages live in ui/ (radios: Wi-Fi and Bluetooth; pages: the others; shared parts in ui/parts.js).

import { h } from '../../runtime/ui/h.js';
import { empty } from '../../runtime/ui/kit.js';
import { PAGES, activeNetwork, btDevice, searchPages } from './logic.js';
import { ICONS, svg, header, scrollBody, sw, card, searchBar } from './ui/parts.js';
import { wifiScreen, joinScreen, netScreen, bluetoothScreen, deviceScreen } from './ui/radios.js';
import {
  displayScreen, soundScreen, dndScreen, scheduleScreen, batteryScreen, notificationsScreen, aboutScreen, renameScreen,
} from './ui/pages.js';

const TINT = { airplane: '#e07a2f', wifi: '#2d7fd3', bluetooth: '#3b5bdb', display: '#d9a400', sound: '#1f9d55', dnd: '#7048c8',
  battery: '#2e9d8f', notifications: '#d04a4a', about: '#5b6477' };

function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.st-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

// -------------------------------------------------------------------- main

function summary(api, id) {
  const { data } = api.state;
  const w = api.world;
  switch (id) {
    case 'wifi': {
      const n = activeNetwork(data, w);
      return data.wifi.on ? (n ? n.ssid : 'On · not connected') : 'Off';
    }
    case 'bluetooth': {
      if (!data.bluetooth.on) return 'Off';
      const c = data.bluetooth.paired.filter((p) => p.connected).map((p) => (btDevice(w, p.id) || {}).name).filter(Boolean);
      return c.length ? `Connected to ${c.join(', ')}` : 'On';
    }
    case 'display': return `Brightness ${data.display.brightness}% · ${data.display.dark ? 'Dark' : 'Light'} theme`;
    case 'sound': return data.sound.ring === 0 ? 'Ringer silent' : `Ring volume ${data.sound.ring}%`;
    case 'dnd': return data.dnd.on ? 'On' : data.dnd.schedule.on ? `Off · scheduled ${data.dnd.schedule.start}–${data.dnd.schedule.end}` : 'Off';
    case 'battery': return `${api.os.battery}%${data.battery.saver ? ' · Battery saver on' : ''}`;
    case 'notifications': {
      const off = Object.values(data.notifications).filter((v) => !v).length;
      return off ? `Off for ${off} app${off === 1 ? '' : 's'}` : 'On for all apps';
    }
    case 'about': return data.device_name;
    default: return '';
  }
}

function iconBox(id) {
  return h('span.st-icon', { style: { background: TINT[id] } }, svg(ICONS[id], { size: 20, color: '#fff' }));
}

function mainScreen(api) {
  const { data } = api.state;
  const shown = searchPages(api.draft('search'));
  const rows = [];
  if (shown.includes('airplane')) {
    rows.push(h('div.st-row.st-nav', { 'data-gym': 'toggle:airplane', role: 'switch', 'aria-checked': String(data.airplane),
      onclick: () => api.dispatch({ type: 'toggle_airplane' }) },
    iconBox('airplane'),
    h('div.st-row-text', null, h('div.st-row-title', null, 'Airplane mode'), h('div.st-row-sub', null, data.airplane ? 'On' : 'Off')),
    sw(data.airplane)));
  }
  for (const [id, title] of PAGES) {
    if (!shown.includes(id)) continue;
    rows.push(h('div.st-row.st-nav', { 'data-gym': `nav:${id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', page: id }) },
      iconBox(id),
      h('div.st-row-text', null, h('div.st-row-title', null, title), h('div.st-row-sub', null, summary(api, id))),
      svg(ICONS.chevron, { size: 20, color: '#9aa0b0' })));
  }
  return [
    header(api, 'Settings', { back: false }),
    searchBar(api, 'search', 'Search settings'),
    scrollBody('main', rows.length ? card(rows) : empty('No settings match your search'), h('div.st-end')),
  ];
}

/** Render the current Settings screen. */
export function render(api) {
  const { ui, data } = api.state;
  const screens = { main: mainScreen, wifi: wifiScreen, wifi_join: joinScreen, wifi_net: netScreen, bluetooth: bluetoothScreen,
    bt_device: deviceScreen, display: displayScreen, sound: soundScreen, dnd: dndScreen, dnd_schedule: scheduleScreen,
    battery: batteryScreen, notifications: notificationsScreen, about: aboutScreen, rename: renameScreen };
  return h('div.app.st-app' + (data.display.dark ? '.st-dark' : ''), null, (screens[ui.screen] || mainScreen)(api), notice(api));
}
