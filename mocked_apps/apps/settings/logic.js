// Settings: the phone's settings pages. All state lives in apps.settings.data (the OS
// part of the device state belongs to the runtime and is only read: battery level).
//
// Airplane mode cascades: turning it on remembers whether Wi-Fi and Bluetooth were on
// (data.restore) and turns both off; turning it off restores them. A radio the user
// switches by hand while airplane mode is on keeps the user's choice (its entry is
// dropped from data.restore). Wi-Fi "connected" / Bluetooth "connected" flags name the
// network / devices the phone uses while that radio is on.
//
// Constants and selectors live in lib/select.js; this file is init and the reducer.

import {
  PAGES, VOLUMES, CALLS, SAVER_AT, clampLevel, parseTime, normDays, network, btDevice, validateName, wholeNumber,
} from './lib/select.js';

export * from './lib/select.js';

const STEP = 10;
const SUBPAGES = ['wifi_join', 'wifi_net', 'bt_device', 'dnd_schedule', 'rename'];
const FORM_KEYS = ['password', 'device_name', 'dnd_start', 'dnd_end'];

// ------------------------------------------------------------------- state

function baseUi() {
  return { screen: 'main', stack: [], net: null, device: null, show_pw: false, dialog: null, errors: {}, notice: null,
    form_days: [], drafts: {} };
}

/** Return the initial state from the world's `initial` block; notifications on for every app but those listed off. */
export function init(world) {
  const i = world.initial || {};
  const off = i.notifications_off || [];
  const notifications = {};
  for (const a of world.apps || []) notifications[a.id] = !off.includes(a.id);
  const copy = (v, d) => JSON.parse(JSON.stringify(v ?? d));
  return {
    data: {
      airplane: false,
      restore: null,
      wifi: { on: true, connected: null, saved: [], ...copy(i.wifi, {}) },
      bluetooth: { on: true, paired: [], ...copy(i.bluetooth, {}) },
      display: { brightness: 60, dark: false, adaptive: true, timeout: 60, ...copy(i.display, {}) },
      sound: { ring: 70, media: 50, alarm: 80, notification: 60, vibrate: true, ...copy(i.sound, {}) },
      dnd: { on: false, calls: 'favorites', repeat_callers: true, ...copy(i.dnd, {}),
        schedule: { on: false, start: '22:00', end: '07:00', days: [0, 1, 2, 3, 4, 5, 6], ...copy(i.dnd && i.dnd.schedule, {}) } },
      battery: { saver: false, auto_at: 15, ...copy(i.battery, {}) },
      device_name: String(i.device_name ?? 'My phone'),
      notifications,
    },
    ui: baseUi(),
  };
}

function ensure(state) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.errors || typeof ui.errors !== 'object') ui.errors = {};
  const d = state.data;
  d.wifi = { on: false, connected: null, saved: [], ...(d.wifi || {}) };
  if (d.wifi.connected === undefined) d.wifi.connected = null;
  if (!Array.isArray(d.wifi.saved)) d.wifi.saved = [];
  d.bluetooth = { on: false, paired: [], ...(d.bluetooth || {}) };
  if (!Array.isArray(d.bluetooth.paired)) d.bluetooth.paired = [];
  if (d.restore === undefined) d.restore = null;
  d.notifications = d.notifications || {};
  return ui;
}

function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, net: ui.net, device: ui.device });
  Object.assign(ui, { screen, dialog: null, errors: {}, show_pw: false }, extra);
}

function pop(ui) {
  const prev = ui.stack.pop();
  if (!prev) return false;
  for (const k of FORM_KEYS) delete ui.drafts[k];
  Object.assign(ui, { screen: prev.screen, net: prev.net ?? null, device: prev.device ?? null, dialog: null, errors: {},
    show_pw: false, form_days: [] });
  return true;
}

function setAirplane(data, on) {
  if (on === data.airplane) return;
  if (on) {
    data.restore = { wifi: Boolean(data.wifi.on), bluetooth: Boolean(data.bluetooth.on) };
    data.wifi.on = false;
    data.bluetooth.on = false;
    data.airplane = true;
  } else {
    const r = data.restore || {};
    if (typeof r.wifi === 'boolean') data.wifi.on = r.wifi;
    if (typeof r.bluetooth === 'boolean') data.bluetooth.on = r.bluetooth;
    data.restore = null;
    data.airplane = false;
  }
}

/** A radio switched by hand: during airplane mode the user's choice survives turning airplane mode off. */
function setRadio(data, key, on) {
  data[key].on = on;
  if (data.airplane && data.restore && key in data.restore) {
    const { [key]: _dropped, ...rest } = data.restore;
    data.restore = rest;
  }
}

function saveNetwork(data, id) {
  if (!data.wifi.saved.includes(id)) data.wifi.saved.push(id);
  data.wifi.connected = id;
}

/** One −/+ step of a level (`delta` < 0 down, > 0 up); null without a step (no delta, 0, "", NaN): nothing moves. */
function stepped(level, delta) {
  if (typeof delta !== 'number' || !Number.isFinite(delta) || delta === 0) return null;
  return clampLevel(level + (delta > 0 ? STEP : -STEP));
}

function volumeKey(key) {
  return VOLUMES.some(([k]) => k === key) ? key : null;
}

function onIntent(state, action) {
  const ui = state.ui;
  const page = PAGES.find(([id]) => id === action.page);
  if (page) Object.assign(ui, baseUi(), { drafts: ui.drafts, stack: [{ screen: 'main', net: null, device: null }], screen: page[0] });
  return state;
}

// ------------------------------------------------------------------ reducer

/** Apply an action (see README.md). Unknown actions, and `back` on the main list, return null. */
export function reduce(state, action, ctx) {
  const ui = ensure(state);
  const { data } = state;
  const world = ctx.world || {};
  const a = action || {};
  if (a.type !== 'intent') ui.notice = null;
  switch (a.type) {
    case 'intent':
      return onIntent(state, a);
    case 'open': {
      if (PAGES.some(([id]) => id === a.page)) push(ui, a.page);
      return state;
    }
    case 'search':
      ui.drafts.search = String(a.query ?? '');
      return state;
    // ------------------------------------------------------- radios
    case 'toggle_airplane':
      setAirplane(data, typeof a.value === 'boolean' ? a.value : !data.airplane);
      return state;
    case 'toggle_wifi':
      setRadio(data, 'wifi', typeof a.value === 'boolean' ? a.value : !data.wifi.on);
      return state;
    case 'toggle_bluetooth':
      setRadio(data, 'bluetooth', typeof a.value === 'boolean' ? a.value : !data.bluetooth.on);
      return state;
    // --------------------------------------------------------- wi-fi
    case 'tap_network': {
      const n = network(world, a.id);
      if (!n || !data.wifi.on) return state;
      if (data.wifi.connected === n.id) {
        push(ui, 'wifi_net', { net: n.id });
      } else if (!n.secure || data.wifi.saved.includes(n.id)) {
        saveNetwork(data, n.id);
        ui.notice = `Connected to ${n.ssid}`;
      } else {
        push(ui, 'wifi_join', { net: n.id });
        ui.drafts.password = '';
      }
      return state;
    }
    case 'network_info': {
      const n = network(world, a.id);
      if (n && (data.wifi.saved.includes(n.id) || data.wifi.connected === n.id)) push(ui, 'wifi_net', { net: n.id });
      return state;
    }
    case 'join': {
      const n = network(world, ui.net);
      if (ui.screen !== 'wifi_join' || !n) return state;
      const pw = String(ui.drafts.password ?? '');
      if (!pw) { ui.errors = { password: 'Enter the password' }; return state; }
      if (pw !== n.password) { ui.errors = { password: 'Incorrect password. Try again.' }; return state; }
      if (!data.wifi.on) { ui.errors = { password: 'Turn on Wi-Fi first' }; return state; }
      saveNetwork(data, n.id);
      pop(ui);
      ui.notice = `Connected to ${n.ssid}`;
      return state;
    }
    case 'toggle_show_password':
      ui.show_pw = !ui.show_pw;
      return state;
    case 'disconnect':
      if (ui.screen === 'wifi_net' && data.wifi.connected === ui.net) data.wifi.connected = null;
      return state;
    case 'connect_saved': {
      const n = network(world, ui.net);
      if (ui.screen === 'wifi_net' && n && data.wifi.on && data.wifi.saved.includes(n.id)) saveNetwork(data, n.id);
      return state;
    }
    case 'ask_forget':
      if (ui.screen === 'wifi_net' && data.wifi.saved.includes(ui.net)) ui.dialog = 'forget';
      return state;
    case 'share_password': {
      const n = network(world, ui.net);
      if (ui.screen !== 'wifi_net' || !n || !data.wifi.saved.includes(n.id)) return state;
      if (!ctx.peek('messages')) { ui.notice = 'Messages is not available'; return state; }
      ctx.open('messages', { text: n.secure ? `Wi-Fi “${n.ssid}”, password: ${n.password}` : `Wi-Fi “${n.ssid}” (open network, no password)` });
      return state;
    }
    // ----------------------------------------------------- bluetooth
    case 'tap_device': {
      const p = data.bluetooth.paired.find((x) => x.id === a.id);
      if (p && data.bluetooth.on) p.connected = !p.connected;
      return state;
    }
    case 'device_info':
      if (data.bluetooth.paired.some((x) => x.id === a.id)) push(ui, 'bt_device', { device: a.id });
      return state;
    case 'pair': {
      const d = btDevice(world, a.id);
      if (!d || !data.bluetooth.on || data.bluetooth.paired.some((x) => x.id === d.id)) return state;
      data.bluetooth.paired.push({ id: d.id, connected: true });
      ui.notice = `Paired with ${d.name}`;
      return state;
    }
    case 'ask_unpair':
      if (ui.screen === 'bt_device' && data.bluetooth.paired.some((x) => x.id === ui.device)) ui.dialog = 'unpair';
      return state;
    case 'confirm': {
      const kind = ui.dialog;
      ui.dialog = null;
      if (kind === 'forget' && ui.screen === 'wifi_net') {
        data.wifi.saved = data.wifi.saved.filter((id) => id !== ui.net);
        if (data.wifi.connected === ui.net) data.wifi.connected = null;
        pop(ui);
      } else if (kind === 'unpair' && ui.screen === 'bt_device') {
        data.bluetooth.paired = data.bluetooth.paired.filter((x) => x.id !== ui.device);
        pop(ui);
      }
      return state;
    }
    case 'close_dialog':
      ui.dialog = null;
      return state;
    // ------------------------------------------------------- display
    case 'brightness': {
      const v = a.value !== undefined ? clampLevel(a.value) : stepped(data.display.brightness, a.delta);
      if (v !== null) data.display.brightness = v;
      return state;
    }
    case 'toggle_dark':
      data.display.dark = typeof a.value === 'boolean' ? a.value : !data.display.dark;
      return state;
    case 'toggle_adaptive':
      data.display.adaptive = typeof a.value === 'boolean' ? a.value : !data.display.adaptive;
      return state;
    case 'timeout': {
      const s = wholeNumber(a.seconds);
      if ((world.timeouts || [15, 30, 60, 120, 300, 600]).includes(s)) data.display.timeout = s;
      return state;
    }
    // --------------------------------------------------------- sound
    case 'volume': {
      const key = volumeKey(a.key);
      if (!key) return state;
      const v = a.value !== undefined ? clampLevel(a.value) : stepped(data.sound[key], a.delta);
      if (v !== null) data.sound[key] = v;
      return state;
    }
    case 'toggle_vibrate':
      data.sound.vibrate = typeof a.value === 'boolean' ? a.value : !data.sound.vibrate;
      return state;
    // ----------------------------------------------------------- dnd
    case 'toggle_dnd':
      data.dnd.on = typeof a.value === 'boolean' ? a.value : !data.dnd.on;
      return state;
    case 'dnd_calls':
      if (CALLS.some(([k]) => k === a.value)) data.dnd.calls = a.value;
      return state;
    case 'toggle_repeat_callers':
      data.dnd.repeat_callers = !data.dnd.repeat_callers;
      return state;
    case 'toggle_schedule':
      data.dnd.schedule.on = typeof a.value === 'boolean' ? a.value : !data.dnd.schedule.on;
      return state;
    case 'edit_schedule':
      if (ui.screen !== 'dnd') return state;
      push(ui, 'dnd_schedule');
      ui.drafts.dnd_start = data.dnd.schedule.start;
      ui.drafts.dnd_end = data.dnd.schedule.end;
      ui.form_days = normDays(data.dnd.schedule.days);
      return state;
    case 'toggle_day': {
      const d = wholeNumber(a.day);
      if (ui.screen !== 'dnd_schedule' || !Number.isInteger(d) || d < 0 || d > 6) return state;
      ui.form_days = ui.form_days.includes(d) ? ui.form_days.filter((x) => x !== d) : normDays([...ui.form_days, d]);
      delete ui.errors.days;
      return state;
    }
    case 'save_schedule': {
      if (ui.screen !== 'dnd_schedule') return state;
      const start = parseTime(ui.drafts.dnd_start);
      const end = parseTime(ui.drafts.dnd_end);
      const errors = {};
      if (!start) errors.dnd_start = 'Use HH:MM, e.g. 22:00';
      if (!end) errors.dnd_end = 'Use HH:MM, e.g. 07:00';
      if (start && end && start === end) errors.dnd_end = 'End must differ from start';
      if (!normDays(ui.form_days).length) errors.days = 'Pick at least one day';
      if (Object.keys(errors).length) { ui.errors = errors; return state; }
      Object.assign(data.dnd.schedule, { on: true, start, end, days: normDays(ui.form_days) });
      pop(ui);
      return state;
    }
    // ------------------------------------------------------- battery
    case 'toggle_saver':
      data.battery.saver = typeof a.value === 'boolean' ? a.value : !data.battery.saver;
      return state;
    case 'saver_at':
      if (SAVER_AT.includes(wholeNumber(a.value))) data.battery.auto_at = wholeNumber(a.value);
      return state;
    // ------------------------------------------------- notifications
    case 'toggle_notifications':
      if (typeof a.app === 'string' && Object.hasOwn(data.notifications, a.app)) data.notifications[a.app] = typeof a.value === 'boolean' ? a.value : !data.notifications[a.app];
      return state;
    // --------------------------------------------------------- about
    case 'rename':
      if (ui.screen !== 'about') return state;
      push(ui, 'rename');
      ui.drafts.device_name = data.device_name;
      return state;
    case 'save_name': {
      if (ui.screen !== 'rename') return state;
      const r = validateName(ui.drafts.device_name);
      if (r.error) { ui.errors = { device_name: r.error }; return state; }
      data.device_name = r.value;
      pop(ui);
      return state;
    }
    case 'cancel':
      if (SUBPAGES.includes(ui.screen)) pop(ui);
      return state;
    case 'back':
      if (ui.dialog) { ui.dialog = null; return state; }
      return pop(ui) ? state : null;
    default:
      return null;
  }
}
