import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import { DEFAULT_NOW } from '../../runtime/core/device.js';
import * as dialer from './logic.js';

const world = readJson('apps/dialer/world.json');
const MIN = 60000;

async function open(apps = ['contacts', 'messages', 'dialer']) {
  const dev = await loadDevice({ apps, reset: { seed: 2 } });
  dev.system({ type: 'open', app: 'dialer' });
  return dev;
}
const app = (dev) => dev.getState().apps.dialer;
const data = (dev) => app(dev).data;
const act = (dev, action) => dev.dispatch('dialer', action);
const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
const tick = (dev, ms) => dev.system({ type: 'tick', ms });
const snapshot = (dev) => JSON.stringify(data(dev));

test('init dates the world call log and voicemails relative to the clock', async () => {
  const dev = await open();
  const d = data(dev);
  assert.equal(d.call_log.length, world.call_log.length);
  assert.equal(d.voicemails.length, world.voicemails.length);
  const k01 = d.call_log.find((e) => e.id === 'k01');
  assert.equal(k01.time, DEFAULT_NOW - 12 * MIN);
  assert.equal(k01.kind, 'missed');
  assert.equal(d.call, null);
  assert.deepEqual(d.speed_dial, { 2: 'c6', 3: 'c13' });
  assert.equal(app(dev).ui.screen, 'recents');
  assert.ok(JSON.stringify(app(dev)).length < 10000, 's0 stays small');
  for (const e of d.call_log) assert.ok(e.time < DEFAULT_NOW);
});

test('selectors: names, calls with a person, last answered call, formatting', async () => {
  const dev = await open();
  const contacts = dev.getState().apps.contacts.data.contacts;
  const log = data(dev).call_log;
  assert.equal(dialer.displayName({ contact_id: null, number: '555-0144' }, contacts), 'Lena Vasquez');
  assert.equal(dialer.displayName({ contact_id: null, number: '555-0249' }, contacts), '555-0249');
  assert.deepEqual(dialer.callsWith(log, { contact_id: 'c12', number: '555-0144' }, contacts).map((e) => e.id), ['k02', 'k05', 'k20']);
  assert.equal(dialer.lastCallWith(log, { contact_id: 'c18', number: '555-0166' }, contacts), null, 'only missed calls');
  assert.equal(dialer.lastCallWith(log, { contact_id: 'c20', number: '555-0140' }, contacts).duration, 108);
  assert.deepEqual(dialer.sortedLog(log, 'missed').map((e) => e.id), ['k01', 'k04', 'k07', 'k10', 'k11', 'k14', 'k18']);
  assert.equal(dialer.formatDuration(47), '47 s');
  assert.equal(dialer.formatDuration(372), '6 min 12 s');
  assert.equal(dialer.formatDuration(3720), '1 h 2 min');
  assert.equal(dialer.clockText(95000), '1:35');
  assert.equal(dialer.clockText(3725000), '1:02:05');
  assert.ok(dialer.isDialable('555-0144'));
  assert.ok(dialer.isDialable('+1 (555) 0144'));
  assert.ok(!dialer.isDialable('55'));
  assert.ok(!dialer.isDialable('call me'));
  assert.equal(dialer.lastDialed(log), '555-0140');
  assert.deepEqual(dialer.searchContacts(contacts, 'northwind').map((c) => c.id), ['c1', 'c8', 'c22']);
  assert.deepEqual(dialer.searchContacts(contacts, '0144').map((c) => c.id), ['c12']);
  // As in Contacts: a number typed with brackets or a leading + finds it by digits; accents are ignored.
  assert.deepEqual(dialer.searchContacts(contacts, '(555) 0144').map((c) => c.id), ['c12']);
  assert.deepEqual(dialer.searchContacts(contacts, '+555.0144').map((c) => c.id), ['c12']);
  assert.deepEqual(dialer.searchContacts(contacts, 'saltmarsh cafe').map((c) => c.id), ['c7', 'c20']);
  assert.deepEqual(dialer.searchContacts([{ id: 'x', name: 'Émile Roux', phone: '555-0100' }], 'emile').map((c) => c.id), ['x']);
  assert.deepEqual(dialer.favoriteContacts(contacts).map((c) => c.id), ['c1', 'c6', 'c13', 'c20']);
  assert.equal(dialer.unreadCount(data(dev).voicemails), 3);
});

test('keypad: press, backspace, clear, and an invalid number shows an inline error', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'keypad' });
  for (const k of ['5', '5', '5']) act(dev, { type: 'press', key: k });
  act(dev, { type: 'press', key: 'x' });
  assert.equal(app(dev).ui.drafts.number, '555');
  act(dev, { type: 'backspace' });
  assert.equal(app(dev).ui.drafts.number, '55');
  act(dev, { type: 'call' });
  assert.equal(app(dev).ui.error, 'Enter a valid phone number');
  assert.equal(data(dev).call, null);
  act(dev, { type: 'press', key: '1' });
  assert.equal(app(dev).ui.error, null);
  act(dev, { type: 'clear_number' });
  assert.equal(app(dev).ui.drafts.number, '');
  // An empty display recalls the last dialled number instead of calling.
  act(dev, { type: 'call' });
  assert.equal(app(dev).ui.drafts.number, '555-0140');
  assert.equal(data(dev).call, null);
});

test('a call lasts the virtual time between start and End, and is logged as outgoing', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'keypad' });
  type(dev, 'number', ' 555-0199 ');
  act(dev, { type: 'call' });
  const call = data(dev).call;
  assert.deepEqual(call, { number: '555-0199', contact_id: null, start: DEFAULT_NOW, muted: false, speaker: false });
  assert.equal(app(dev).ui.drafts.number, '');
  // Other screens' actions are ignored during a call.
  const before = snapshot(dev);
  act(dev, { type: 'tab', tab: 'voicemail' });
  act(dev, { type: 'call', number: '555-0100' });
  act(dev, { type: 'open_vm', id: 'v1' });
  assert.equal(snapshot(dev), before);
  act(dev, { type: 'toggle_mute' });
  act(dev, { type: 'toggle_speaker' });
  act(dev, { type: 'toggle_call_keypad' });
  act(dev, { type: 'dtmf', key: '4' });
  assert.equal(app(dev).ui.dtmf, '4');
  assert.equal(data(dev).call.muted, true);
  assert.equal(data(dev).call.speaker, true);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.call_keypad, false, 'back hides the in-call keypad, the call goes on');
  assert.ok(data(dev).call);
  tick(dev, 125500);
  act(dev, { type: 'end_call' });
  assert.equal(data(dev).call, null);
  const last = data(dev).call_log[data(dev).call_log.length - 1];
  assert.match(last.id, /^call\d+$/);
  assert.deepEqual({ ...last, id: 'x' }, { id: 'x', contact_id: null, number: '555-0199', kind: 'outgoing', time: DEFAULT_NOW, duration: 125 });
  act(dev, { type: 'end_call' });
  assert.equal(data(dev).call_log.length, world.call_log.length + 1, 'ending twice logs once');
});

test('calling a contact resolves the contact; typed numbers of contacts are matched', async () => {
  const dev = await open();
  act(dev, { type: 'call', contact_id: 'c12' });
  assert.equal(data(dev).call.number, '555-0144');
  assert.equal(data(dev).call.contact_id, 'c12');
  act(dev, { type: 'end_call' });
  act(dev, { type: 'call', number: '5550174' });
  assert.equal(data(dev).call.contact_id, 'c2');
  act(dev, { type: 'end_call' });
  act(dev, { type: 'call', contact_id: 'nobody' });
  assert.equal(data(dev).call, null);
  act(dev, { type: 'call', number: 'abc' });
  assert.equal(data(dev).call, null);
  assert.equal(app(dev).ui.notice, 'No phone number to call', 'a call that cannot start says so');
  dev.dispatch('contacts', { type: 'new' });
  dev.dispatch('contacts', { type: '@draft', key: 'name', value: 'Nia Nophone' });
  dev.dispatch('contacts', { type: 'save' });
  act(dev, { type: 'open_person', contact_id: dev.getState().apps.contacts.data.contacts.at(-1).id });
  act(dev, { type: 'call', number: '', contact_id: dev.getState().apps.contacts.data.contacts.at(-1).id });
  assert.equal(data(dev).call, null);
  assert.equal(app(dev).ui.notice, 'No phone number to call');
});

test('speed dial: assign through the picker, call, clear; slot 1 opens voicemail', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'favorites' });
  act(dev, { type: 'pick_slot', slot: '5' });
  assert.equal(app(dev).ui.screen, 'speed_pick');
  act(dev, { type: 'assign_speed', contact_id: 'nobody' });
  assert.equal(app(dev).ui.screen, 'speed_pick');
  act(dev, { type: 'assign_speed', contact_id: 'c20' });
  assert.equal(data(dev).speed_dial['5'], 'c20');
  assert.equal(app(dev).ui.screen, 'favorites');
  act(dev, { type: 'pick_slot', slot: '1' });
  act(dev, { type: 'pick_slot', slot: '12' });
  assert.equal(app(dev).ui.screen, 'favorites');
  act(dev, { type: 'assign_speed', contact_id: 'c3' });
  assert.equal(data(dev).speed_dial['5'], 'c20', 'assign outside the picker needs an explicit slot');
  act(dev, { type: 'speed_call', slot: '7' });
  assert.equal(app(dev).ui.notice, 'No contact on speed dial 7');
  act(dev, { type: 'speed_call', slot: '5' });
  assert.equal(data(dev).call.contact_id, 'c20');
  act(dev, { type: 'end_call' });
  act(dev, { type: 'clear_speed', slot: '5' });
  assert.equal(data(dev).speed_dial['5'], undefined);
  act(dev, { type: 'speed_call', slot: '1' });
  assert.equal(app(dev).ui.screen, 'voicemail');
});

test('recents: filter, person screen, delete one call, delete history behind a dialog, clear all', async () => {
  const dev = await open();
  act(dev, { type: 'filter', filter: 'missed' });
  assert.equal(app(dev).ui.filter, 'missed');
  act(dev, { type: 'filter', filter: 'bogus' });
  assert.equal(app(dev).ui.filter, 'missed');
  act(dev, { type: 'open_entry', id: 'k05' });
  assert.deepEqual(app(dev).ui.person, { contact_id: 'c12', number: '555-0144' });
  act(dev, { type: 'delete_entry', id: 'k05' });
  assert.ok(!data(dev).call_log.some((e) => e.id === 'k05'));
  act(dev, { type: 'ask_delete_history' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'delete_history' });
  act(dev, { type: 'close_dialog' });
  assert.equal(data(dev).call_log.filter((e) => e.contact_id === 'c12').length, 2);
  act(dev, { type: 'ask_delete_history' });
  act(dev, { type: 'confirm' });
  assert.equal(data(dev).call_log.filter((e) => e.contact_id === 'c12').length, 0);
  assert.equal(app(dev).ui.screen, 'recents');
  assert.equal(data(dev).call_log.length, world.call_log.length - 3);
  act(dev, { type: 'ask_clear_log' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.dialog, null);
  assert.ok(data(dev).call_log.length > 0);
  act(dev, { type: 'ask_clear_log' });
  act(dev, { type: 'confirm' });
  assert.deepEqual(data(dev).call_log, []);
  act(dev, { type: 'confirm' });
  assert.deepEqual(data(dev).call_log, []);
});

test('person screen of an unknown number: message and add-contact hand-offs', async () => {
  const dev = await open();
  act(dev, { type: 'open_entry', id: 'k04' });
  assert.deepEqual(app(dev).ui.person, { contact_id: null, number: '555-0249' });
  act(dev, { type: 'add_contact' });
  const s = dev.getState();
  assert.equal(s.os.foreground, 'contacts');
  assert.equal(s.apps.contacts.ui.screen, 'create');
  assert.equal(s.apps.contacts.ui.drafts.phone, '555-0249');
  dev.dispatch('contacts', { type: '@draft', key: 'name', value: 'Pat Lowry' });
  dev.dispatch('contacts', { type: 'save' });
  dev.system({ type: 'open', app: 'dialer' });
  const contacts = dev.getState().apps.contacts.data.contacts;
  assert.equal(dialer.displayName(data(dev).call_log.find((e) => e.id === 'k04'), contacts), 'Pat Lowry');
  const before = dev.getState().apps.contacts.data.contacts.length;
  act(dev, { type: 'add_contact' });
  assert.equal(dev.getState().os.foreground, 'dialer', 'a known number is not added twice');
  assert.equal(dev.getState().apps.contacts.data.contacts.length, before);
  act(dev, { type: 'message' });
  assert.equal(dev.getState().os.foreground, 'messages');
  assert.equal(dev.getState().apps.messages.ui.screen, 'thread');
});

test('message from the person screen of a contact opens that conversation', async () => {
  const dev = await open();
  act(dev, { type: 'open_entry', id: 'k01' });
  act(dev, { type: 'message' });
  const m = dev.getState().apps.messages;
  assert.equal(dev.getState().os.foreground, 'messages');
  assert.equal(m.ui.thread, 't06');
});

test('without Messages or Contacts the hand-offs show a notice', async () => {
  const dev = await open(['dialer']);
  act(dev, { type: 'open_entry', id: 'k04' });
  act(dev, { type: 'message' });
  assert.equal(app(dev).ui.notice, 'Messages is not available');
  act(dev, { type: 'add_contact' });
  assert.equal(app(dev).ui.notice, 'Contacts is not available');
  assert.equal(dev.getState().os.foreground, 'dialer');
  // Without contacts every record shows its number.
  assert.equal(dialer.displayName(data(dev).call_log[0], []), '555-0166');
});

test('voicemail: open marks read, mark unread, play by virtual time, call back, delete behind a dialog', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'voicemail' });
  act(dev, { type: 'open_vm', id: 'v2' });
  const v2 = () => data(dev).voicemails.find((v) => v.id === 'v2');
  assert.equal(v2().read, true);
  act(dev, { type: 'mark_unread' });
  assert.equal(v2().read, false);
  act(dev, { type: 'play_vm' });
  assert.deepEqual(app(dev).ui.playing, { id: 'v2', start: DEFAULT_NOW });
  assert.equal(v2().read, true);
  act(dev, { type: 'stop_vm' });
  assert.equal(app(dev).ui.playing, null);
  act(dev, { type: 'call_back' });
  assert.equal(data(dev).call.number, '555-0261');
  act(dev, { type: 'end_call' });
  act(dev, { type: 'ask_delete_vm' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'delete_vm', id: 'v2' });
  act(dev, { type: 'confirm' });
  assert.ok(!data(dev).voicemails.some((v) => v.id === 'v2'));
  assert.equal(app(dev).ui.screen, 'voicemail');
  act(dev, { type: 'open_vm', id: 'nope' });
  act(dev, { type: 'ask_delete_vm', id: 'nope' });
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'open_vm', id: 'v1' });
  act(dev, { type: 'call_back' });
  assert.equal(data(dev).call.contact_id, 'c17');
});

test('intents: {number} prefills the keypad, {contact_id} opens the caller screen, bad ones are ignored', async () => {
  const dev = await open();
  dev.system({ type: 'home' });
  dev.system({ type: 'open', app: 'dialer', intent: { number: '555-0101' } });
  assert.equal(app(dev).ui.screen, 'keypad');
  assert.equal(app(dev).ui.drafts.number, '555-0101');
  dev.system({ type: 'open', app: 'dialer', intent: { contact_id: 'c3' } });
  assert.equal(app(dev).ui.screen, 'person');
  assert.equal(app(dev).ui.person.contact_id, 'c3');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'contacts');
  const before = JSON.stringify(app(dev));
  dev.system({ type: 'open', app: 'dialer', intent: { contact_id: 'zz' } });
  dev.system({ type: 'open', app: 'dialer', intent: { number: 'hello' } });
  assert.equal(JSON.stringify(app(dev)), before);
});

test('back pops screens, then goes home; unknown actions are not handled', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'contacts' });
  act(dev, { type: 'search', query: 'ada' });
  assert.equal(app(dev).ui.drafts.search, 'ada');
  act(dev, { type: 'open_person', contact_id: 'c1' });
  act(dev, { type: 'open_person', contact_id: 'zz' });
  assert.equal(app(dev).ui.stack.length, 1);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'contacts');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  assert.equal(act(dev, { type: 'frobnicate' }), false);
  act(dev, { type: 'tab', tab: 'nowhere' });
  assert.equal(app(dev).ui.tab, 'contacts');
});

test('bad input never corrupts data', async () => {
  const dev = await open();
  const before = snapshot(dev);
  for (const a of [{ type: 'press', key: 'ab' }, { type: 'open_entry', id: 'zz' }, { type: 'delete_entry', id: 'zz' },
    { type: 'mark_unread', id: 'zz' }, { type: 'play_vm', id: 'zz' }, { type: 'call_back', id: 'zz' },
    { type: 'clear_speed', slot: 'x' }, { type: 'assign_speed', contact_id: 'c1', slot: '1' }, { type: 'confirm' },
    { type: 'toggle_mute' }, { type: 'end_call' }, { type: 'dtmf', key: '5' }, { type: 'message' }, { type: 'add_contact' },
    { type: 'ask_delete_history' }, { type: 'speed_call', slot: 'q' }]) {
    act(dev, a);
  }
  assert.equal(snapshot(dev), before);
});
