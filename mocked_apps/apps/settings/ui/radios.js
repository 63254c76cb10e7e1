// Settings radio pages: Wi-Fi (+ join and network detail) and Bluetooth (+ device).

import { h } from '../../../runtime/ui/h.js';
import { button, dialog, empty, field, section } from '../../../runtime/ui/kit.js';
import { btDevice, network, sortedNetworks } from '../lib/select.js';
import { ICONS, svg, header, scrollBody, switchRow, card, err } from './parts.js';

// ------------------------------------------------------------------- wi-fi

const SIGNAL = ['', 'Weak', 'Fair', 'Good', 'Excellent'];

function bars(strength) {
  return h('span.st-bars', { 'aria-label': `${SIGNAL[strength] || ''} signal` }, [1, 2, 3, 4].map((i) => h('i' + (i <= strength ? '.on' : ''))));
}

export function wifiScreen(api) {
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

export function joinScreen(api) {
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

export function netScreen(api) {
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

export function bluetoothScreen(api) {
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

export function deviceScreen(api) {
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
