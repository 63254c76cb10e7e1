// Settings view: the main list (with search and the airplane switch) and one screen
// per page: Wi-Fi (+ join and network detail), Bluetooth (+ device), Display, Sound,
// Do not disturb (+ schedule), Battery, Notifications and About (+ rename).

import { h, icon } from '../../runtime/ui/h.js';
import { button, dialog, empty, field, section } from '../../runtime/ui/kit.js';
import {
  CALLS, PAGES, SAVER_AT, VOLUMES, WEEK, activeNetwork, batteryEstimate, btDevice, daysText, network, searchPages, sortedNetworks,
} from './logic.js';

/** Icons drawn for this app on a 24×24 grid. */
const ICONS = {
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  airplane: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 00-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  wifi: 'M12 18a1.8 1.8 0 110 3.6 1.8 1.8 0 010-3.6zM12 13c2.2 0 4.2.9 5.7 2.3l-1.5 1.5A6 6 0 0012 15a6 6 0 00-4.2 1.8l-1.5-1.5A8 8 0 0112 13zm0-4.5c3.4 0 6.5 1.4 8.8 3.6l-1.5 1.5A10.3 10.3 0 0012 10.5c-2.8 0-5.4 1.1-7.3 3.1l-1.5-1.5C5.5 9.9 8.6 8.5 12 8.5zM12 4c4.7 0 8.9 1.9 12 4.9l-1.5 1.5A14.8 14.8 0 0012 6c-4.1 0-7.8 1.6-10.5 4.4L0 8.9C3.1 5.9 7.3 4 12 4z',
  bluetooth: 'M11 2h1l6 5.5-4.6 4.5 4.6 4.5L12 22h-1v-7.6l-4.3 4.3-1.4-1.4L10.6 12 5.3 6.7l1.4-1.4 4.3 4.3zm2 2.9v5.2l2.6-2.6zm0 9v5.2l2.6-2.6z',
  display: 'M12 7a5 5 0 110 10 5 5 0 010-10zM11 1h2v3h-2zm0 19h2v3h-2zM1 11h3v2H1zm19 0h3v2h-3zM4.2 5.6l1.4-1.4 2.1 2.1-1.4 1.4zm12.1 12.1l1.4-1.4 2.1 2.1-1.4 1.4zM4.2 18.4l2.1-2.1 1.4 1.4-2.1 2.1zM16.3 6.3l2.1-2.1 1.4 1.4-2.1 2.1z',
  sound: 'M3 9h4l5-4v14l-5-4H3zm12.5-1.5a6 6 0 010 9l-1.4-1.4a4 4 0 000-6.2zm2.8-2.8a10 10 0 010 14.6l-1.4-1.4a8 8 0 000-11.8z',
  dnd: 'M12 2a10 10 0 110 20 10 10 0 010-20zM7 11v2h10v-2z',
  battery: 'M9 2h6v2h2a1 1 0 011 1v16a1 1 0 01-1 1H7a1 1 0 01-1-1V5a1 1 0 011-1h2zM8 6v14h8V6zm1 6h6v7H9z',
  notifications: 'M12 2a2 2 0 012 2v.3A7 7 0 0119 11v5l2 2v1H3v-1l2-2v-5a7 7 0 015-6.7V4a2 2 0 012-2zm-2 18h4a2 2 0 01-4 0z',
  about: 'M12 2a10 10 0 110 20 10 10 0 010-20zm-1 8v7h2v-7zm0-4v2h2V6z',
  lock: 'M7 10V7a5 5 0 0110 0v3h1a1 1 0 011 1v10a1 1 0 01-1 1H6a1 1 0 01-1-1V11a1 1 0 011-1zm2 0h6V7a3 3 0 00-6 0z',
  chevron: 'M9 5l7 7-7 7-1.4-1.4 5.6-5.6-5.6-5.6z',
  eye: 'M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7zm0 3a4 4 0 100 8 4 4 0 000-8zm0 2a2 2 0 110 4 2 2 0 010-4z',
  gear: 'M10.3 2h3.4l.5 2.6 1.8.8 2.2-1.5 2.4 2.4-1.5 2.2.8 1.8 2.6.5v3.4l-2.6.5-.8 1.8 1.5 2.2-2.4 2.4-2.2-1.5-1.8.8-.5 2.6h-3.4l-.5-2.6-1.8-.8-2.2 1.5-2.4-2.4 1.5-2.2-.8-1.8L2 13.7v-3.4l2.6-.5.8-1.8-1.5-2.2 2.4-2.4 2.2 1.5 1.8-.8zM12 8.5a3.5 3.5 0 100 7 3.5 3.5 0 000-7z',
  minus: 'M5 11h14v2H5z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
};
const TINT = { airplane: '#e07a2f', wifi: '#2d7fd3', bluetooth: '#3b5bdb', display: '#d9a400', sound: '#1f9d55', dnd: '#7048c8',
  battery: '#2e9d8f', notifications: '#d04a4a', about: '#5b6477' };

function svg(path, { size = 22, color } = {}) { return icon(path, { size, color, evenodd: true }); }

function header(api, title, { back = true } = {}) {
  return h('header.appbar.st-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg(ICONS.back)) : null,
    h('h1.appbar-title', null, title));
}

function scrollBody(name, ...children) {
  return h('main.body.st-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `settings:${name}` }, ...children);
}

function sw(on) {
  return h('div.switch' + (on ? '.on' : ''), null, h('div.knob'));
}

/** A switch row: the whole row toggles. */
function switchRow(id, title, sub, on, onclick, { disabled = false } = {}) {
  return h('div.st-row.st-switch-row' + (disabled ? '.disabled' : ''), { 'data-gym': id, role: 'switch', 'aria-checked': String(on), onclick },
    h('div.st-row-text', null, h('div.st-row-title', null, title), sub ? h('div.st-row-sub', null, sub) : null), sw(on));
}

function radioRow(id, label, selected, onclick) {
  return h('div.st-row.st-radio-row', { 'data-gym': id, role: 'radio', 'aria-checked': String(selected), onclick },
    h('span.st-radio' + (selected ? '.on' : '')), h('div.st-row-title', null, label));
}

function card(...children) {
  return h('div.st-card', null, ...children);
}

function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.st-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

function err(api, key) {
  const e = api.state.ui.errors && api.state.ui.errors[key];
  return e ? h('div.st-error', { 'data-gym': `error:${key}`, role: 'alert' }, e) : null;
}

function searchBar(api, key, placeholder) {
  return h('div.st-searchbar', null, h('div.st-search', null, svg(ICONS.search, { size: 20, color: '#6b7185' }),
    h('input.st-search-input', { 'data-gym': `field:${key}`, type: 'text', placeholder, value: api.draft(key),
      oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }) })));
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

// ------------------------------------------------------------------- wi-fi

const SIGNAL = ['', 'Weak', 'Fair', 'Good', 'Excellent'];

function bars(strength) {
  return h('span.st-bars', { 'aria-label': `${SIGNAL[strength] || ''} signal` }, [1, 2, 3, 4].map((i) => h('i' + (i <= strength ? '.on' : ''))));
}

function wifiScreen(api) {
  const { data } = api.state;
  const w = api.world;
  const saved = data.wifi.saved;
  return [
    header(api, 'Wi-Fi'),
    scrollBody('wifi',
      data.airplane ? h('div.st-hint', null, 'Airplane mode is on. You can still turn on Wi-Fi.') : null,
      card(switchRow('toggle:wifi', 'Use Wi-Fi', null, data.wifi.on, () => api.dispatch({ type: 'toggle_wifi' }))),
      data.wifi.on ? [
        section('Networks'),
        card(sortedNetworks(data, w).map((n) => {
          const connected = data.wifi.connected === n.id;
          const known = saved.includes(n.id);
          return h('div.st-row.st-net' + (connected ? '.connected' : ''), { 'data-gym': `net:${n.id}`, role: 'button',
            onclick: () => api.dispatch({ type: 'tap_network', id: n.id }) },
          h('span.st-net-icon', null, bars(n.strength), n.secure ? h('span.st-lock', null, svg(ICONS.lock, { size: 11 })) : null),
          h('div.st-row-text', null, h('div.st-row-title', null, n.ssid),
            h('div.st-row-sub', null, connected ? 'Connected' : known ? 'Saved' : n.secure ? 'Secured' : 'Open')),
          known || connected ? h('button.icon-btn.st-info-btn', { 'data-gym': `net-info:${n.id}`, 'aria-label': `${n.ssid} details`,
            onclick: (e) => { e.stopPropagation(); api.dispatch({ type: 'network_info', id: n.id }); } }, svg(ICONS.gear, { size: 20, color: '#5b6477' })) : null);
        }))]
        : h('div.st-off-note', null, 'Turn on Wi-Fi to see available networks.'),
      h('div.st-end')),
  ];
}

function joinScreen(api) {
  const { ui } = api.state;
  const n = network(api.world, ui.net);
  if (!n) return [header(api, 'Wi-Fi'), scrollBody('join', empty('Network not found'))];
  const pw = field(api, 'password', 'Password', { type: ui.show_pw ? 'text' : 'password', placeholder: 'Network password' });
  if (ui.errors.password) pw.classList.add('st-has-error');
  return [
    header(api, n.ssid),
    scrollBody('join',
      h('div.st-join-head', null, h('span.st-net-icon.big', null, bars(n.strength)), h('div', null, h('div.st-row-title', null, n.ssid),
        h('div.st-row-sub', null, `${SIGNAL[n.strength]} signal · WPA2 secured`))),
      card(pw, err(api, 'password'),
        h('label.st-check', { 'data-gym': 'toggle:show-password', onclick: (e) => { e.preventDefault(); api.dispatch({ type: 'toggle_show_password' }); } },
          h('span.st-box' + (ui.show_pw ? '.on' : '')), 'Show password'))),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) }),
      button('Connect', { id: 'btn:connect', onclick: () => api.dispatch({ type: 'join' }) })),
  ];
}

function netScreen(api) {
  const { data, ui } = api.state;
  const n = network(api.world, ui.net);
  if (!n) return [header(api, 'Wi-Fi'), scrollBody('net', empty('Network not found'))];
  const connected = data.wifi.connected === n.id;
  const saved = data.wifi.saved.includes(n.id);
  const info = (key, label, value, extra = null) => h('div.st-info', { 'data-gym': `info:${key}` },
    h('div.st-row-text', null, h('div.st-row-sub', null, label), h('div.st-info-value', null, value)), extra);
  return [
    header(api, n.ssid),
    scrollBody('net',
      card(
        info('status', 'Status', connected ? (data.wifi.on ? 'Connected' : 'Connected when Wi-Fi is on') : saved ? 'Saved' : 'Not saved'),
        info('security', 'Security', n.secure ? 'WPA2-Personal' : 'None (open network)'),
        info('signal', 'Signal strength', SIGNAL[n.strength]),
        n.secure && saved ? info('password', 'Password', ui.show_pw ? n.password : '•'.repeat(10),
          h('button.icon-btn', { 'data-gym': 'btn:show-password', 'aria-label': ui.show_pw ? 'Hide password' : 'Show password',
            onclick: () => api.dispatch({ type: 'toggle_show_password' }) }, svg(ICONS.eye, { size: 20, color: '#5b6477' }))) : null),
      h('div.st-buttons', null,
        saved ? button('Share password', { id: 'btn:share-password', kind: 'secondary', onclick: () => api.dispatch({ type: 'share_password' }) }) : null,
        connected ? button('Disconnect', { id: 'btn:disconnect', kind: 'secondary', onclick: () => api.dispatch({ type: 'disconnect' }) })
          : saved && data.wifi.on ? button('Connect', { id: 'btn:connect', onclick: () => api.dispatch({ type: 'connect_saved' }) }) : null,
        saved ? button('Forget network', { id: 'btn:forget', kind: 'danger', onclick: () => api.dispatch({ type: 'ask_forget' }) }) : null)),
    ui.dialog === 'forget' ? dialog(`Forget ${n.ssid}?`, 'The phone will no longer join this network automatically, and its password is removed.', [
      { id: 'btn:cancel-dialog', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-forget', label: 'Forget', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm' }) },
    ]) : null,
  ];
}

// --------------------------------------------------------------- bluetooth

const KIND = { headphones: 'Headphones', watch: 'Watch', car: 'Car kit', speaker: 'Speaker', keyboard: 'Keyboard', tablet: 'Tablet' };

function bluetoothScreen(api) {
  const { data } = api.state;
  const w = api.world;
  const paired = data.bluetooth.paired.map((p) => [p, btDevice(w, p.id)]).filter(([, d]) => d);
  const available = (w.bt_devices || []).filter((d) => !data.bluetooth.paired.some((p) => p.id === d.id));
  return [
    header(api, 'Bluetooth'),
    scrollBody('bluetooth',
      data.airplane ? h('div.st-hint', null, 'Airplane mode is on. You can still turn on Bluetooth.') : null,
      card(switchRow('toggle:bluetooth', 'Use Bluetooth', data.bluetooth.on ? `Visible as “${data.device_name}”` : null, data.bluetooth.on,
        () => api.dispatch({ type: 'toggle_bluetooth' }))),
      data.bluetooth.on ? [
        section('Paired devices'),
        paired.length ? card(paired.map(([p, d]) => h('div.st-row', { 'data-gym': `bt:${d.id}`, role: 'button', onclick: () => api.dispatch({ type: 'tap_device', id: d.id }) },
          h('span.st-bt' + (p.connected ? '.on' : ''), null, svg(ICONS.bluetooth, { size: 18 })),
          h('div.st-row-text', null, h('div.st-row-title', null, d.name), h('div.st-row-sub', null, `${KIND[d.kind] || 'Device'} · ${p.connected ? 'Connected' : 'Not connected'}`)),
          h('button.icon-btn.st-info-btn', { 'data-gym': `bt-info:${d.id}`, 'aria-label': `${d.name} details`,
            onclick: (e) => { e.stopPropagation(); api.dispatch({ type: 'device_info', id: d.id }); } }, svg(ICONS.gear, { size: 20, color: '#5b6477' })))))
          : h('div.st-off-note', null, 'No paired devices'),
        section('Available devices'),
        available.length ? card(available.map((d) => h('div.st-row', { 'data-gym': `bt-pair:${d.id}`, role: 'button', onclick: () => api.dispatch({ type: 'pair', id: d.id }) },
          h('span.st-bt', null, svg(ICONS.bluetooth, { size: 18 })),
          h('div.st-row-text', null, h('div.st-row-title', null, d.name), h('div.st-row-sub', null, `${KIND[d.kind] || 'Device'} · Tap to pair`)))))
          : h('div.st-off-note', null, 'No other devices nearby')]
        : h('div.st-off-note', null, 'Turn on Bluetooth to connect to nearby devices.'),
      h('div.st-end')),
  ];
}

function deviceScreen(api) {
  const { data, ui } = api.state;
  const d = btDevice(api.world, ui.device);
  const p = data.bluetooth.paired.find((x) => x.id === ui.device);
  if (!d || !p) return [header(api, 'Bluetooth'), scrollBody('device', empty('Device not paired'))];
  return [
    header(api, d.name),
    scrollBody('device',
      card(h('div.st-info', { 'data-gym': 'info:kind' }, h('div.st-row-text', null, h('div.st-row-sub', null, 'Type'), h('div.st-info-value', null, KIND[d.kind] || 'Device'))),
        h('div.st-info', { 'data-gym': 'info:status' }, h('div.st-row-text', null, h('div.st-row-sub', null, 'Status'),
          h('div.st-info-value', null, data.bluetooth.on ? (p.connected ? 'Connected' : 'Not connected') : 'Bluetooth is off')))),
      h('div.st-buttons', null,
        data.bluetooth.on ? button(p.connected ? 'Disconnect' : 'Connect', { id: 'btn:bt-connect', kind: 'secondary', onclick: () => api.dispatch({ type: 'tap_device', id: d.id }) }) : null,
        button('Unpair', { id: 'btn:unpair', kind: 'danger', onclick: () => api.dispatch({ type: 'ask_unpair' }) }))),
    ui.dialog === 'unpair' ? dialog(`Unpair ${d.name}?`, 'You will need to pair it again to use it with this phone.', [
      { id: 'btn:cancel-dialog', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-unpair', label: 'Unpair', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm' }) },
    ]) : null,
  ];
}

// ----------------------------------------------------------- display/sound

function levelControl(api, id, label, value, action) {
  return h('div.st-level', { 'data-gym': `level:${id}` },
    h('div.st-level-head', null, h('span', null, label), h('span.st-level-value', null, `${value}%`)),
    h('div.st-level-row', null,
      h('button.st-step', { 'data-gym': `btn:${id}-down`, 'aria-label': `${label} down`, onclick: () => api.dispatch({ ...action, delta: -1 }) }, svg(ICONS.minus, { size: 18 })),
      h('input.st-slider', { 'data-gym': `slider:${id}`, type: 'range', min: '0', max: '100', step: '1', value: String(value), 'aria-label': label,
        onchange: (e) => api.dispatch({ ...action, value: Number(e.target.value) }) }),
      h('button.st-step', { 'data-gym': `btn:${id}-up`, 'aria-label': `${label} up`, onclick: () => api.dispatch({ ...action, delta: 1 }) }, svg(ICONS.plus, { size: 18 }))));
}

function timeoutLabel(s) {
  return s < 60 ? `${s} seconds` : `${s / 60} minute${s === 60 ? '' : 's'}`;
}

function displayScreen(api) {
  const d = api.state.data.display;
  return [
    header(api, 'Display'),
    scrollBody('display',
      card(levelControl(api, 'brightness', 'Brightness', d.brightness, { type: 'brightness' }),
        switchRow('toggle:adaptive', 'Adaptive brightness', 'Adjust to the light around you', d.adaptive, () => api.dispatch({ type: 'toggle_adaptive' })),
        switchRow('toggle:dark', 'Dark theme', 'Dark backgrounds in Settings', d.dark, () => api.dispatch({ type: 'toggle_dark' }))),
      section('Screen timeout'),
      card((api.world.timeouts || []).map((s) => radioRow(`timeout:${s}`, timeoutLabel(s), d.timeout === s, () => api.dispatch({ type: 'timeout', seconds: s })))),
      h('div.st-end')),
  ];
}

function soundScreen(api) {
  const s = api.state.data.sound;
  return [
    header(api, 'Sound & vibration'),
    scrollBody('sound',
      card(VOLUMES.map(([k, label]) => levelControl(api, `vol-${k}`, label, s[k], { type: 'volume', key: k }))),
      card(switchRow('toggle:vibrate', 'Vibrate for calls', null, s.vibrate, () => api.dispatch({ type: 'toggle_vibrate' }))),
      h('div.st-end')),
  ];
}

// --------------------------------------------------------------------- dnd

function dndScreen(api) {
  const d = api.state.data.dnd;
  return [
    header(api, 'Do not disturb'),
    scrollBody('dnd',
      card(switchRow('toggle:dnd', 'Do not disturb', d.on ? 'On: calls and notifications are silenced' : 'Off', d.on, () => api.dispatch({ type: 'toggle_dnd' }))),
      section('Calls that can reach you'),
      card(CALLS.map(([k, label]) => radioRow(`calls:${k}`, label, d.calls === k, () => api.dispatch({ type: 'dnd_calls', value: k }))),
        switchRow('toggle:repeat-callers', 'Allow repeat callers', 'A second call from the same person within 15 minutes', d.repeat_callers,
          () => api.dispatch({ type: 'toggle_repeat_callers' }))),
      section('Schedule'),
      card(switchRow('toggle:dnd-schedule', 'Turn on automatically', `${d.schedule.start} – ${d.schedule.end} · ${daysText(d.schedule.days)}`, d.schedule.on,
        () => api.dispatch({ type: 'toggle_schedule' })),
      h('div.st-card-action', null, button('Edit schedule', { id: 'btn:edit-schedule', kind: 'secondary', onclick: () => api.dispatch({ type: 'edit_schedule' }) }))),
      h('div.st-end')),
  ];
}

function scheduleScreen(api) {
  const days = api.state.ui.form_days || [];
  return [
    header(api, 'Schedule'),
    scrollBody('schedule',
      card(field(api, 'dnd_start', 'Start (HH:MM)', { placeholder: 'e.g. 22:00' }), err(api, 'dnd_start'),
        field(api, 'dnd_end', 'End (HH:MM)', { placeholder: 'e.g. 07:00' }), err(api, 'dnd_end'),
        h('div.st-form-label', null, 'Days'),
        h('div.st-days', null, WEEK.map(([n, name]) => h('button.st-day' + (days.includes(n) ? '.on' : ''),
          { 'data-gym': `day:${n}`, 'aria-pressed': String(days.includes(n)), onclick: () => api.dispatch({ type: 'toggle_day', day: n }) }, name.slice(0, 2)))),
        h('div.st-days-text', null, daysText(days)), err(api, 'days'),
        h('div.st-form-note', null, 'Saving turns the schedule on.'))),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) }),
      button('Save', { id: 'btn:save', onclick: () => api.dispatch({ type: 'save_schedule' }) })),
  ];
}

// ---------------------------------------------------------------- battery

function batteryScreen(api) {
  const b = api.state.data.battery;
  const level = api.os.battery;
  return [
    header(api, 'Battery'),
    scrollBody('battery',
      h('div.st-battery', { 'data-gym': 'info:battery' },
        h('div.st-battery-icon', null, h('div.st-battery-fill', { style: { height: `${level}%` } })),
        h('div', null, h('div.st-battery-pct', null, `${level}%`), h('div.st-row-sub', null, batteryEstimate(level, b.saver)))),
      card(switchRow('toggle:battery-saver', 'Battery saver', 'Limits background activity to make the battery last longer', b.saver,
        () => api.dispatch({ type: 'toggle_saver' }))),
      section('Turn on battery saver automatically'),
      card(SAVER_AT.map((n) => radioRow(`saver-at:${n}`, n ? `At ${n}%` : 'Never', b.auto_at === n, () => api.dispatch({ type: 'saver_at', value: n })))),
      h('div.st-end')),
  ];
}

// ----------------------------------------------------------- notifications

function notificationsScreen(api) {
  const { data } = api.state;
  const q = api.draft('app_search').trim().toLowerCase();
  const apps = (api.world.apps || []).filter((a) => a.id in data.notifications && (!q || a.name.toLowerCase().includes(q)));
  return [
    header(api, 'Notifications'),
    searchBar(api, 'app_search', 'Search apps'),
    scrollBody('notifications',
      section('App notifications'),
      apps.length ? card(apps.map((a) => switchRow(`notif:${a.id}`, a.name, data.notifications[a.id] ? 'Allowed' : 'Blocked', data.notifications[a.id],
        () => api.dispatch({ type: 'toggle_notifications', app: a.id })))) : empty('No apps match'),
      h('div.st-end')),
  ];
}

// ------------------------------------------------------------------- about

function aboutScreen(api) {
  const { data } = api.state;
  const a = api.world.about || {};
  const info = (key, label, value) => h('div.st-info', { 'data-gym': `info:${key}` },
    h('div.st-row-text', null, h('div.st-row-sub', null, label), h('div.st-info-value', null, value)));
  return [
    header(api, 'About phone'),
    scrollBody('about',
      h('div.st-about-hero', null, svg(ICONS.about, { size: 40, color: '#5b6477' }), h('div.st-about-name', { 'data-gym': 'device-name' }, data.device_name),
        h('div.st-row-sub', null, a.model)),
      card(h('div.st-row', { 'data-gym': 'row:device-name', role: 'button', onclick: () => api.dispatch({ type: 'rename' }) },
        h('div.st-row-text', null, h('div.st-row-sub', null, 'Device name'), h('div.st-info-value', null, data.device_name)),
        svg(ICONS.chevron, { size: 20, color: '#9aa0b0' }))),
      card(info('model', 'Model', a.model), info('os', 'Software version', a.os_version), info('build', 'Build number', a.build),
        info('serial', 'Serial number', a.serial), info('storage', 'Storage', `${a.storage_used_gb} GB of ${a.storage_total_gb} GB used`)),
      h('div.st-end')),
  ];
}

function renameScreen(api) {
  const f = field(api, 'device_name', 'Device name', { placeholder: 'Name shown to other devices' });
  if (api.state.ui.errors.device_name) f.classList.add('st-has-error');
  return [
    header(api, 'Device name'),
    scrollBody('rename', card(f, err(api, 'device_name'),
      h('div.st-form-note', null, 'Other devices see this name over Bluetooth and Wi-Fi.'))),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) }),
      button('Save', { id: 'btn:save', onclick: () => api.dispatch({ type: 'save_name' }) })),
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
