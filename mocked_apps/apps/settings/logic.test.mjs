import test from 'node:test';
import assert from 'node:assert/strict';
import { intentRecorder, loadDevice, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as settings from './logic.js';

const world = readJson('apps/settings/world.json');

async function open(apps = ['settings']) {
  const dev = await loadDevice({ apps, reset: { seed: 4 } });
  dev.system({ type: 'open', app: 'settings' });
  return dev;
}
const app = (dev) => dev.getState().apps.settings;
const data = (dev) => app(dev).data;
const act = (dev, action) => dev.dispatch('settings', action);
const type = (dev, key, value) => act(dev, { type: '@draft', key, value });

/** Settings with a stub Messages app that records the intents it receives. */
function withMessages() {
  const messages = intentRecorder();
  const dev = createDevice({ apps: { settings, messages }, worlds: { settings: world } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'settings' });
  return dev;
}

test('init builds the settings from the world; every listed app has notifications on but clips', async () => {
  const dev = await open();
  const d = data(dev);
  assert.equal(d.airplane, false);
  assert.equal(d.restore, null);
  assert.deepEqual(d.wifi, { on: true, connected: 'w1', saved: ['w1', 'w4'] });
  assert.equal(d.bluetooth.paired.length, 3);
  assert.equal(Object.keys(d.notifications).length, 17);
  assert.equal(d.notifications.clips, false);
  assert.equal(d.notifications.bank, true);
  assert.equal(d.device_name, "Marlow's Phone");
  assert.equal(app(dev).ui.screen, 'main');
  assert.ok(JSON.stringify(app(dev)).length < 3000);
});

test('airplane mode cascades: radios off, remembered, restored', async () => {
  const dev = await open();
  act(dev, { type: 'toggle_bluetooth' });
  assert.equal(data(dev).bluetooth.on, false);
  act(dev, { type: 'toggle_airplane' });
  assert.equal(data(dev).airplane, true);
  assert.deepEqual(data(dev).restore, { wifi: true, bluetooth: false });
  assert.equal(data(dev).wifi.on, false);
  assert.equal(data(dev).bluetooth.on, false);
  assert.equal(data(dev).wifi.connected, 'w1', 'the network is remembered');
  act(dev, { type: 'toggle_airplane', value: true });
  assert.deepEqual(data(dev).restore, { wifi: true, bluetooth: false }, 'turning it on twice keeps the first memory');
  act(dev, { type: 'toggle_airplane' });
  assert.equal(data(dev).airplane, false);
  assert.equal(data(dev).restore, null);
  assert.equal(data(dev).wifi.on, true);
  assert.equal(data(dev).bluetooth.on, false);
  assert.ok(settings.activeNetwork(data(dev), world));
});

test('a radio switched by hand during airplane mode keeps the user choice', async () => {
  const dev = await open();
  act(dev, { type: 'toggle_airplane' });
  act(dev, { type: 'toggle_bluetooth' });
  assert.equal(data(dev).bluetooth.on, true);
  assert.deepEqual(data(dev).restore, { wifi: true });
  act(dev, { type: 'toggle_airplane' });
  assert.equal(data(dev).wifi.on, true);
  assert.equal(data(dev).bluetooth.on, true);
  act(dev, { type: 'toggle_airplane' });
  act(dev, { type: 'toggle_wifi' });
  act(dev, { type: 'toggle_wifi' });
  act(dev, { type: 'toggle_airplane' });
  assert.equal(data(dev).wifi.on, false, 'the user turned Wi-Fi back off during airplane mode');
  assert.equal(data(dev).bluetooth.on, true);
});

test('Wi-Fi: open network joins directly, secured one asks for the password and checks it', async () => {
  const dev = await open();
  act(dev, { type: 'open', page: 'wifi' });
  act(dev, { type: 'tap_network', id: 'w3' });
  assert.equal(data(dev).wifi.connected, 'w3');
  assert.deepEqual(data(dev).wifi.saved, ['w1', 'w4', 'w3']);
  assert.equal(app(dev).ui.notice, 'Connected to Saltmarsh Cafe Guest');
  act(dev, { type: 'tap_network', id: 'w5' });
  assert.equal(app(dev).ui.screen, 'wifi_join');
  act(dev, { type: 'join' });
  assert.equal(app(dev).ui.errors.password, 'Enter the password');
  type(dev, 'password', 'liftmore2025');
  act(dev, { type: 'join' });
  assert.equal(app(dev).ui.errors.password, 'Incorrect password. Try again.');
  assert.equal(data(dev).wifi.connected, 'w3');
  act(dev, { type: 'toggle_show_password' });
  assert.equal(app(dev).ui.show_pw, true);
  type(dev, 'password', 'liftmore2026');
  act(dev, { type: 'join' });
  assert.equal(data(dev).wifi.connected, 'w5');
  assert.ok(data(dev).wifi.saved.includes('w5'));
  assert.equal(app(dev).ui.screen, 'wifi');
  assert.equal(app(dev).ui.drafts.password, undefined, 'the password draft is cleared');
  act(dev, { type: 'tap_network', id: 'w4' });
  assert.equal(data(dev).wifi.connected, 'w4', 'a saved network joins without a password');
  act(dev, { type: 'tap_network', id: 'w4' });
  assert.equal(app(dev).ui.screen, 'wifi_net', 'tapping the connected network opens its details');
});

test('Wi-Fi off: networks cannot be joined; network detail: disconnect, connect, forget behind a dialog', async () => {
  const dev = await open();
  act(dev, { type: 'open', page: 'wifi' });
  act(dev, { type: 'toggle_wifi' });
  act(dev, { type: 'tap_network', id: 'w3' });
  assert.equal(data(dev).wifi.connected, 'w1');
  act(dev, { type: 'toggle_wifi' });
  act(dev, { type: 'network_info', id: 'w7' });
  assert.equal(app(dev).ui.screen, 'wifi', 'no details for an unknown network');
  act(dev, { type: 'network_info', id: 'w1' });
  act(dev, { type: 'disconnect' });
  assert.equal(data(dev).wifi.connected, null);
  act(dev, { type: 'connect_saved' });
  assert.equal(data(dev).wifi.connected, 'w1');
  act(dev, { type: 'ask_forget' });
  assert.equal(app(dev).ui.dialog, 'forget');
  act(dev, { type: 'close_dialog' });
  assert.ok(data(dev).wifi.saved.includes('w1'));
  act(dev, { type: 'ask_forget' });
  act(dev, { type: 'confirm' });
  assert.deepEqual(data(dev).wifi.saved, ['w4']);
  assert.equal(data(dev).wifi.connected, null);
  assert.equal(app(dev).ui.screen, 'wifi');
});

test('share a saved network password hands off to Messages; without Messages a notice', async () => {
  const dev = withMessages();
  act(dev, { type: 'open', page: 'wifi' });
  act(dev, { type: 'network_info', id: 'w4' });
  act(dev, { type: 'share_password' });
  assert.equal(dev.getState().os.foreground, 'messages');
  assert.deepEqual(dev.getState().apps.messages.data.intents, [{ text: 'Wi-Fi “Northwind-Office”, password: lantern#Quay7' }]);
  const alone = await open();
  act(alone, { type: 'open', page: 'wifi' });
  act(alone, { type: 'network_info', id: 'w1' });
  act(alone, { type: 'share_password' });
  assert.equal(app(alone).ui.notice, 'Messages is not available');
});

test('Bluetooth: connect toggles, pair, unpair behind a dialog, nothing while off', async () => {
  const dev = await open();
  act(dev, { type: 'open', page: 'bluetooth' });
  act(dev, { type: 'tap_device', id: 'b2' });
  assert.equal(data(dev).bluetooth.paired.find((p) => p.id === 'b2').connected, true);
  act(dev, { type: 'pair', id: 'b4' });
  assert.deepEqual(data(dev).bluetooth.paired.at(-1), { id: 'b4', connected: true });
  act(dev, { type: 'pair', id: 'b4' });
  act(dev, { type: 'pair', id: 'zz' });
  assert.equal(data(dev).bluetooth.paired.length, 4);
  act(dev, { type: 'device_info', id: 'b3' });
  assert.equal(app(dev).ui.screen, 'bt_device');
  act(dev, { type: 'ask_unpair' });
  act(dev, { type: 'confirm' });
  assert.ok(!data(dev).bluetooth.paired.some((p) => p.id === 'b3'));
  assert.equal(app(dev).ui.screen, 'bluetooth');
  act(dev, { type: 'toggle_bluetooth' });
  const before = JSON.stringify(data(dev).bluetooth);
  act(dev, { type: 'tap_device', id: 'b1' });
  act(dev, { type: 'pair', id: 'b5' });
  assert.equal(JSON.stringify(data(dev).bluetooth), before);
});

test('display and sound: steps of 10 clamped to 0..100, slider values, toggles, timeout', async () => {
  const dev = await open();
  act(dev, { type: 'brightness', delta: 1 });
  assert.equal(data(dev).display.brightness, 70);
  for (let i = 0; i < 6; i += 1) act(dev, { type: 'brightness', delta: 1 });
  assert.equal(data(dev).display.brightness, 100);
  act(dev, { type: 'brightness', value: 37.4 });
  assert.equal(data(dev).display.brightness, 37);
  act(dev, { type: 'brightness', value: 'bright' });
  assert.equal(data(dev).display.brightness, 37);
  act(dev, { type: 'brightness', value: -20 });
  assert.equal(data(dev).display.brightness, 0);
  act(dev, { type: 'toggle_dark' });
  act(dev, { type: 'toggle_adaptive' });
  assert.equal(data(dev).display.dark, true);
  assert.equal(data(dev).display.adaptive, false);
  act(dev, { type: 'timeout', seconds: 300 });
  act(dev, { type: 'timeout', seconds: 7 });
  assert.equal(data(dev).display.timeout, 300);
  act(dev, { type: 'volume', key: 'ring', delta: -1 });
  act(dev, { type: 'volume', key: 'media', value: 95 });
  act(dev, { type: 'volume', key: 'bass', value: 5 });
  act(dev, { type: 'toggle_vibrate' });
  assert.deepEqual(data(dev).sound, { ring: 60, media: 95, alarm: 80, notification: 60, vibrate: false });
});

test('do not disturb: switch, calls, repeat callers, schedule form with validation (saving turns it on)', async () => {
  const dev = await open();
  act(dev, { type: 'open', page: 'dnd' });
  act(dev, { type: 'toggle_dnd' });
  act(dev, { type: 'dnd_calls', value: 'contacts' });
  act(dev, { type: 'dnd_calls', value: 'aliens' });
  act(dev, { type: 'toggle_repeat_callers' });
  assert.equal(data(dev).dnd.on, true);
  assert.equal(data(dev).dnd.calls, 'contacts');
  assert.equal(data(dev).dnd.repeat_callers, false);
  act(dev, { type: 'edit_schedule' });
  assert.equal(app(dev).ui.drafts.dnd_start, '22:00');
  type(dev, 'dnd_start', '23:61');
  type(dev, 'dnd_end', '7:00');
  for (const d of [0, 1, 2, 3, 4, 5, 6]) act(dev, { type: 'toggle_day', day: d });
  act(dev, { type: 'save_schedule' });
  assert.deepEqual(Object.keys(app(dev).ui.errors).sort(), ['days', 'dnd_start']);
  type(dev, 'dnd_start', '22:30');
  act(dev, { type: 'toggle_day', day: 5 });
  act(dev, { type: 'toggle_day', day: 6 });
  act(dev, { type: 'save_schedule' });
  assert.deepEqual(data(dev).dnd.schedule, { on: true, start: '22:30', end: '07:00', days: [5, 6] });
  assert.equal(app(dev).ui.screen, 'dnd');
  act(dev, { type: 'toggle_schedule' });
  assert.equal(data(dev).dnd.schedule.on, false);
});

test('battery, notifications, device name', async () => {
  const dev = await open();
  act(dev, { type: 'toggle_saver' });
  act(dev, { type: 'saver_at', value: 20 });
  act(dev, { type: 'saver_at', value: 50 });
  assert.deepEqual(data(dev).battery, { saver: true, auto_at: 20 });
  act(dev, { type: 'toggle_notifications', app: 'bank' });
  act(dev, { type: 'toggle_notifications', app: 'clips', value: true });
  act(dev, { type: 'toggle_notifications', app: 'nope' });
  assert.equal(data(dev).notifications.bank, false);
  assert.equal(data(dev).notifications.clips, true);
  assert.equal(Object.keys(data(dev).notifications).length, 17);
  act(dev, { type: 'rename' });
  assert.equal(app(dev).ui.screen, 'main', 'rename only from About');
  act(dev, { type: 'open', page: 'about' });
  act(dev, { type: 'rename' });
  type(dev, 'device_name', '   ');
  act(dev, { type: 'save_name' });
  assert.equal(app(dev).ui.errors.device_name, 'Enter a name');
  type(dev, 'device_name', 'x'.repeat(33));
  act(dev, { type: 'save_name' });
  assert.equal(app(dev).ui.errors.device_name, 'Use 32 characters or fewer');
  type(dev, 'device_name', 'Bad<name>');
  act(dev, { type: 'save_name' });
  assert.match(app(dev).ui.errors.device_name, /^Use letters/);
  type(dev, 'device_name', '  Tessa’s   Travel Phone ');
  act(dev, { type: 'save_name' });
  assert.equal(data(dev).device_name, 'Tessa’s Travel Phone');
  assert.equal(app(dev).ui.screen, 'about');
  assert.equal(settings.batteryEstimate(82, false), 'About 16 h left');
});

test('search, pages, intents, back', async () => {
  assert.deepEqual(settings.searchPages('bright'), ['display']);
  assert.deepEqual(settings.searchPages('flight'), ['airplane']);
  assert.deepEqual(settings.searchPages('password'), ['wifi']);
  assert.equal(settings.searchPages('').length, 9);
  assert.deepEqual(settings.searchPages('zzz'), []);
  const dev = await open();
  act(dev, { type: 'search', query: 'bat' });
  assert.equal(app(dev).ui.drafts.search, 'bat');
  act(dev, { type: 'open', page: 'nowhere' });
  assert.equal(app(dev).ui.screen, 'main');
  dev.system({ type: 'home' });
  dev.system({ type: 'open', app: 'settings', intent: { page: 'bluetooth' } });
  assert.equal(app(dev).ui.screen, 'bluetooth');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'main');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  assert.equal(act(dev, { type: 'explode' }), false);
});

test('bad input never corrupts data', async () => {
  const dev = await open();
  const before = JSON.stringify(data(dev));
  for (const a of [{ type: 'tap_network', id: 'zz' }, { type: 'join' }, { type: 'disconnect' }, { type: 'ask_forget' },
    { type: 'confirm' }, { type: 'share_password' }, { type: 'tap_device', id: 'zz' }, { type: 'device_info', id: 'b6' },
    { type: 'ask_unpair' }, { type: 'volume', key: 'ring', value: null }, { type: 'dnd_calls' }, { type: 'toggle_day', day: 3 },
    { type: 'save_schedule' }, { type: 'save_name' }, { type: 'saver_at', value: 'x' }, { type: 'timeout' }, { type: 'cancel' }]) {
    act(dev, a);
  }
  assert.equal(JSON.stringify(data(dev)), before);
});

test('an empty or odd argument is refused, not read as 0 or 1 (saver_at "", toggle_day "", timeout null, app "constructor")', async () => {
  const dev = await open();
  const before = JSON.stringify(data(dev));
  for (const value of ['', null, true, ' ', '15x']) act(dev, { type: 'saver_at', value });
  act(dev, { type: 'timeout', seconds: '' });
  act(dev, { type: 'toggle_notifications', app: 'constructor' });
  act(dev, { type: 'toggle_notifications', app: 'toString', value: false });
  assert.equal(JSON.stringify(data(dev)), before);
  act(dev, { type: 'saver_at', value: '20' });
  assert.equal(data(dev).battery.auto_at, 20, 'digits as text still count');
  act(dev, { type: 'open', page: 'dnd' });
  act(dev, { type: 'edit_schedule' });
  const days = [...app(dev).ui.form_days];
  for (const day of ['', null, true, false, []]) act(dev, { type: 'toggle_day', day });
  assert.deepEqual(app(dev).ui.form_days, days, 'Sunday (0) and Monday (1) were toggled by "", null, true');
  assert.deepEqual(settings.normDays(['', null, true, '3', 5, 5]), [3, 5]);
});

test('a level step needs a direction: no delta, 0 or "" moves nothing (it used to step down)', async () => {
  const dev = await open();
  const before = JSON.stringify(data(dev));
  for (const delta of [undefined, 0, '', '1', null]) {
    act(dev, { type: 'brightness', delta });
    act(dev, { type: 'volume', key: 'ring', delta });
  }
  assert.equal(JSON.stringify(data(dev)), before);
  act(dev, { type: 'volume', key: 'ring', delta: -1 });
  assert.equal(data(dev).sound.ring, JSON.parse(before).sound.ring - 10);
});
