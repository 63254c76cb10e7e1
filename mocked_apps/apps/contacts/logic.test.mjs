import test from 'node:test';
import assert from 'node:assert/strict';
import { intentRecorder, loadDevice, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as contacts from './logic.js';
import { open, app, byId, type, act } from './testkit.mjs';

const {
  searchContacts, groupByLetter, favorites, sectionLetter, normalizeBirthday, formatBirthday, validate, shareText,
} = contacts;

const world = readJson('apps/contacts/world.json');


/** A device with Contacts and a stub Messages app that records the intents it receives. */
function withMessages() {
  const messages = intentRecorder();
  const dev = createDevice({ apps: { contacts, messages }, worlds: { contacts: world } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'contacts' });
  return dev;
}

test('init copies the world contacts, nobody blocked, list screen', async () => {
  const dev = await open();
  const s = app(dev);
  assert.equal(s.data.contacts.length, 24);
  assert.deepEqual(s.data.blocked, []);
  assert.equal(s.ui.screen, 'list');
  for (const c of world.contacts) assert.deepEqual(byId(dev, c.id), c);
});

test('selectors: sections, favorites, search by name, phone and company', () => {
  const list = world.contacts;
  const groups = groupByLetter(list);
  assert.equal(groups[0][0], 'A');
  assert.deepEqual(groups.map((g) => g[0]).join(''), 'ABCDEFGHIJKLMNOPQRSTUVWY');
  assert.deepEqual(favorites(list).map((c) => c.id), ['c1', 'c6', 'c13', 'c20']);
  assert.deepEqual(searchContacts(list, 'northwind').map((c) => c.id), ['c1', 'c8', 'c22']);
  assert.deepEqual(searchContacts(list, '555-0174').map((c) => c.id), ['c2']);
  assert.deepEqual(searchContacts(list, '5550174').map((c) => c.id), ['c2']);
  assert.deepEqual(searchContacts(list, '  ADA ').map((c) => c.id), ['c1']);
  assert.deepEqual(searchContacts(list, 'mailbox').map((c) => c.id), [], 'email is not searched');
  assert.equal(searchContacts(list, '').length, 24);
  assert.equal(sectionLetter('  zed'), 'Z');
  assert.equal(sectionLetter('3rd Shift'), '#');
  assert.equal(groupByLetter([{ id: 'x', name: '3rd' }, { id: 'y', name: 'Al' }])[0][0], '#');
});

test('birthday normalization and validation', () => {
  assert.equal(normalizeBirthday('4-7'), '04-07');
  assert.equal(normalizeBirthday('12/31'), '12-31');
  assert.equal(normalizeBirthday(''), '');
  assert.equal(normalizeBirthday('02-30'), null);
  assert.equal(normalizeBirthday('13-01'), null);
  assert.equal(normalizeBirthday('April 4'), null);
  assert.equal(formatBirthday('04-17'), 'Apr 17');
  assert.equal(formatBirthday(''), '');
  assert.deepEqual(validate({ name: ' ', phone: '555 01O0', email: 'x', birthday: '99' }).errors, {
    name: 'Name is required', phone: contacts.PHONE_ERROR, email: 'Enter a valid email address',
    birthday: 'Use month-day, e.g. 04-17',
  });
  assert.deepEqual(validate({ name: 'A', phone: '---' }).errors, { phone: contacts.PHONE_ERROR });
  assert.deepEqual(validate({ name: 'A', phone: '1+555' }).errors, { phone: contacts.PHONE_ERROR }, '+ leads or is absent');
  for (const phone of ['555 0100', '+1 (555) 0144', '555.0144']) assert.deepEqual(validate({ name: 'A', phone }).errors, {}, phone);
  assert.deepEqual(validate({ name: 'Ada  Marlow', company: 'North\twind  Labs' }).values,
    { name: 'Ada Marlow', phone: '', email: '', company: 'North wind Labs', birthday: '', notes: '' });
  assert.deepEqual(validate({ name: ' Al ', phone: '555-01' }).values,
    { name: 'Al', phone: '555-01', email: '', company: '', birthday: '', notes: '' });
  assert.equal(shareText({ name: 'Ada Marlow', phone: '555-0137' }), 'Ada Marlow: 555-0137');
});

test('open a contact, then back to the list, then back goes home', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'c3' });
  assert.equal(app(dev).ui.screen, 'detail');
  assert.equal(app(dev).ui.selected, 'c3');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'list');
  assert.deepEqual(app(dev).ui.stack, []);
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
});

test('opening an unknown contact changes nothing', async () => {
  const dev = await open();
  const before = JSON.stringify(app(dev));
  act(dev, { type: 'open', id: 'nope' });
  act(dev, { type: 'edit', id: 'nope' });
  act(dev, { type: 'toggle_favorite', id: 'nope' });
  act(dev, { type: 'toggle_block', id: 'nope' });
  act(dev, { type: 'delete', id: 'nope' });
  act(dev, { type: 'message', id: 'nope' });
  assert.equal(JSON.stringify(app(dev)), before);
});

test('edit is prefilled and save updates only that contact', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'c2' });
  act(dev, { type: 'edit' });
  const s = app(dev);
  assert.equal(s.ui.screen, 'edit');
  assert.equal(s.ui.drafts.name, 'Bram Okafor');
  assert.equal(s.ui.drafts.phone, '555-0174');
  type(dev, 'phone', ' 555-0199 ');
  type(dev, 'email', 'bram@new.example');
  act(dev, { type: 'save' });
  assert.equal(app(dev).ui.screen, 'detail');
  assert.equal(app(dev).ui.selected, 'c2');
  assert.equal(app(dev).ui.drafts.phone, undefined, 'form drafts cleared');
  assert.deepEqual(byId(dev, 'c2'), { ...world.contacts[1], phone: '555-0199', email: 'bram@new.example' });
  for (const c of world.contacts.filter((x) => x.id !== 'c2')) assert.deepEqual(byId(dev, c.id), c);
});

test('invalid phone shows an inline error and saves nothing', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'c2' });
  act(dev, { type: 'edit' });
  type(dev, 'phone', '555 01x4');
  act(dev, { type: 'save' });
  assert.equal(app(dev).ui.screen, 'edit');
  assert.equal(app(dev).ui.errors.phone, contacts.PHONE_ERROR);
  assert.equal(byId(dev, 'c2').phone, '555-0174');
  type(dev, 'phone', '555-0175');
  act(dev, { type: 'save' });
  assert.equal(byId(dev, 'c2').phone, '555-0175');
  assert.deepEqual(app(dev).ui.errors, {});
});

test('create: name required, then a new contact with a fresh id', async () => {
  const dev = await open();
  act(dev, { type: 'new' });
  assert.equal(app(dev).ui.screen, 'create');
  assert.equal(app(dev).ui.drafts.name, '');
  type(dev, 'phone', '555-0200');
  act(dev, { type: 'save' });
  assert.equal(app(dev).ui.errors.name, 'Name is required');
  assert.equal(app(dev).data.contacts.length, 24);
  type(dev, 'name', '  Pia Rundle ');
  type(dev, 'company', 'Kestrel Works');
  type(dev, 'birthday', '7-4');
  act(dev, { type: 'save' });
  const s = app(dev);
  assert.equal(s.data.contacts.length, 25);
  const made = s.data.contacts[24];
  assert.match(made.id, /^cn\d+$/);
  assert.deepEqual(made, { id: made.id, name: 'Pia Rundle', phone: '555-0200', email: '', company: 'Kestrel Works',
    favorite: false, notes: '', birthday: '07-04' });
  assert.equal(s.ui.screen, 'detail');
  assert.equal(s.ui.selected, made.id);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'list');
});

test('new ids never collide with existing ones', async () => {
  const dev = await open();
  const taken = { id: 'cn1', name: 'Taken', phone: '', email: '', company: '', favorite: false, notes: '', birthday: '' };
  dev.setState({ apps: { contacts: { data: { contacts: [...world.contacts, taken] } } } });
  act(dev, { type: 'new' });
  type(dev, 'name', 'Other');
  act(dev, { type: 'save' });
  const ids = app(dev).data.contacts.map((c) => c.id);
  assert.equal(new Set(ids).size, ids.length);
});

test('cancel and back leave a form without saving', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'c4' });
  act(dev, { type: 'edit' });
  type(dev, 'name', 'Changed');
  act(dev, { type: 'cancel' });
  assert.equal(app(dev).ui.screen, 'detail');
  assert.equal(byId(dev, 'c4').name, 'Dario Venn');
  act(dev, { type: 'edit' });
  type(dev, 'name', 'Changed');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'detail');
  assert.equal(app(dev).ui.drafts.name, undefined);
  assert.equal(byId(dev, 'c4').name, 'Dario Venn');
  dev.system({ type: 'back' });
  act(dev, { type: 'new' });
  act(dev, { type: 'cancel' });
  assert.equal(app(dev).ui.screen, 'list');
  assert.equal(act(dev, { type: 'save' }), true);
  assert.equal(app(dev).data.contacts.length, 24, 'save outside a form does nothing');
});

test('favorite toggles (and takes an explicit value)', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'c2' });
  act(dev, { type: 'toggle_favorite' });
  assert.equal(byId(dev, 'c2').favorite, true);
  act(dev, { type: 'toggle_favorite' });
  assert.equal(byId(dev, 'c2').favorite, false);
  act(dev, { type: 'toggle_favorite', id: 'c1', value: !byId(dev, 'c1').favorite });
  assert.equal(byId(dev, 'c1').favorite, world.contacts[0].favorite, 'not c1 from c2\'s screen');
  dev.system({ type: 'back' });
  act(dev, { type: 'open', id: 'c1' });
  act(dev, { type: 'toggle_favorite', id: 'c1', value: false });
  assert.equal(byId(dev, 'c1').favorite, false);
});

test('block toggles the id in data.blocked', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'c9' });
  act(dev, { type: 'toggle_block' });
  assert.deepEqual(app(dev).data.blocked, ['c9']);
  act(dev, { type: 'toggle_block', id: 'c9', value: true });
  assert.deepEqual(app(dev).data.blocked, ['c9']);
  act(dev, { type: 'toggle_block' });
  assert.deepEqual(app(dev).data.blocked, []);
});

test('delete asks first; cancel keeps the contact, confirm removes it (and its block)', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'c5' });
  act(dev, { type: 'toggle_block' });
  act(dev, { type: 'delete' });
  assert.equal(app(dev).ui.dialog, 'delete');
  assert.equal(app(dev).data.contacts.length, 24);
  act(dev, { type: 'close_dialog' });
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'delete' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.dialog, null, 'back closes the dialog');
  assert.equal(app(dev).ui.screen, 'detail');
  act(dev, { type: 'confirm_delete' });
  assert.equal(app(dev).data.contacts.length, 24, 'confirm without the dialog does nothing');
  act(dev, { type: 'delete' });
  act(dev, { type: 'confirm_delete' });
  const s = app(dev);
  assert.equal(s.data.contacts.length, 23);
  assert.equal(byId(dev, 'c5'), undefined);
  assert.deepEqual(s.data.blocked, []);
  assert.equal(s.ui.screen, 'list');
  assert.deepEqual(s.ui.stack, []);
});

test('search and clear_search keep the query in drafts', async () => {
  const dev = await open();
  act(dev, { type: 'search', query: 'cedar' });
  assert.equal(app(dev).ui.drafts.search, 'cedar');
  act(dev, { type: 'clear_search' });
  assert.equal(app(dev).ui.drafts.search, '');
});

test("delete {id} asks on that contact's detail screen only; from the list or under an edit form it is refused", async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'c1' });
  act(dev, { type: 'edit' });
  type(dev, 'company', 'Edited Co');
  act(dev, { type: 'delete', id: 'c2' });
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'save' });
  assert.equal(byId(dev, 'c1').company, 'Edited Co');
  assert.deepEqual(byId(dev, 'c2'), { ...world.contacts[1], birthday: world.contacts[1].birthday ?? '' }, 'the other contact is untouched');
  dev.system({ type: 'back' });
  act(dev, { type: 'delete', id: 'c3' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.dialog], ['list', null], 'no Delete button on the list');
  act(dev, { type: 'open', id: 'c3' });
  act(dev, { type: 'delete', id: 'c3' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.selected, app(dev).ui.dialog], ['detail', 'c3', 'delete'], 'the dialog shows over c3');
  act(dev, { type: 'close_dialog' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'list');
});

test('intent contact_id opens the detail; back returns to the list', async () => {
  const dev = await loadDevice({ apps: ['contacts'] });
  dev.system({ type: 'open', app: 'contacts', intent: { contact_id: 'c7' } });
  assert.equal(app(dev).ui.screen, 'detail');
  assert.equal(app(dev).ui.selected, 'c7');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'list');
  dev.system({ type: 'open', app: 'contacts', intent: { contact_id: 'zz' } });
  assert.equal(app(dev).ui.screen, 'list', 'unknown id is ignored');
});

test('intent create opens a prefilled form', async () => {
  const dev = await loadDevice({ apps: ['contacts'] });
  dev.system({ type: 'open', app: 'contacts', intent: { create: { name: 'New Sender', phone: '555-0300' } } });
  const s = app(dev);
  assert.equal(s.ui.screen, 'create');
  assert.equal(s.ui.drafts.name, 'New Sender');
  assert.equal(s.ui.drafts.phone, '555-0300');
  assert.equal(s.ui.drafts.email, '');
  act(dev, { type: 'save' });
  assert.equal(app(dev).data.contacts.at(-1).name, 'New Sender');
  assert.equal(app(dev).ui.screen, 'detail');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'list');
});

test('a number the dialer hands over as typed ("+1 (555) 0301") saves and is found by its digits', async () => {
  const dev = await loadDevice({ apps: ['contacts', 'dialer'] });
  dev.system({ type: 'open', app: 'dialer' });
  for (const key of '+15550301') dev.dispatch('dialer', { type: 'press', key });
  dev.dispatch('dialer', { type: 'call' });
  dev.dispatch('dialer', { type: 'end_call' });
  const log = dev.getState().apps.dialer.data.call_log;
  dev.dispatch('dialer', { type: 'open_entry', id: log.at(-1).id });
  dev.dispatch('dialer', { type: 'add_contact' });
  assert.equal(app(dev).ui.screen, 'create');
  assert.equal(app(dev).ui.drafts.phone, '+15550301');
  type(dev, 'name', 'Keypad Caller');
  type(dev, 'phone', '+1 (555) 0301');
  act(dev, { type: 'save' });
  assert.deepEqual(app(dev).ui.errors, {});
  const made = app(dev).data.contacts.at(-1);
  assert.deepEqual([made.name, made.phone], ['Keypad Caller', '+1 (555) 0301']);
  assert.deepEqual(contacts.searchContacts(app(dev).data.contacts, '555 0301').map((c) => c.id), [made.id]);
});

test('message and share hand off to Messages with the right intent', () => {
  const dev = withMessages();
  act(dev, { type: 'open', id: 'c3' });
  act(dev, { type: 'message' });
  assert.equal(dev.getState().os.foreground, 'messages');
  dev.system({ type: 'open', app: 'contacts' });
  act(dev, { type: 'share' });
  assert.deepEqual(dev.getState().apps.messages.data.intents, [{ to: 'c3' }, { text: 'Celia Brandt: 555-0111' }]);
  assert.deepEqual(dev.getState().apps.contacts.data.contacts, world.contacts, 'hand-offs change no contact');
});

test('message without a Messages app shows a notice instead of failing', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'c3' });
  act(dev, { type: 'share' });
  assert.equal(app(dev).ui.notice, 'Messages is not available');
  assert.equal(dev.getState().os.foreground, 'contacts');
  act(dev, { type: 'toggle_favorite' });
  assert.equal(app(dev).ui.notice, null, 'the next action clears the notice');
});

test('unknown actions are not handled; back pops to a list if the contact vanished', async () => {
  const dev = await open();
  assert.equal(act(dev, { type: 'fly' }), false);
  act(dev, { type: 'open', id: 'c2' });
  act(dev, { type: 'edit' });
  dev.setState({ apps: { contacts: { data: { contacts: world.contacts.filter((c) => c.id !== 'c2') } } } });
  act(dev, { type: 'save' });
  assert.equal(app(dev).ui.screen, 'list');
  assert.equal(app(dev).data.contacts.length, 23);
});

test('reset is deterministic and restores s0', async () => {
  const dev = await loadDevice({ apps: ['contacts'], reset: { seed: 9 } });
  const s0 = JSON.stringify(dev.getState());
  dev.system({ type: 'open', app: 'contacts' });
  act(dev, { type: 'new' });
  type(dev, 'name', 'X');
  act(dev, { type: 'save' });
  dev.reset({ seed: 9 });
  assert.equal(JSON.stringify(dev.getState()), s0);
});

test('accented names: sorted and sectioned with their letter (one section per letter), found without the accent', () => {
  const people = [
    { id: 'a1', name: 'Eden Fairweather', phone: '555-0001', company: '' },
    { id: 'a2', name: 'Émile Rousseau', phone: '555-0002', company: 'Café Lumière' },
    { id: 'a3', name: 'Eve Lindahl', phone: '555-0003', company: '' },
    { id: 'a4', name: 'zora Quinn', phone: '555-0004', company: '' },
    { id: 'a5', name: 'Zach Byrne', phone: '555-0005', company: '' },
    { id: 'a6', name: '4th Street Garage', phone: '555-0006', company: '' },
  ];
  assert.equal(sectionLetter('Émile'), 'E');
  const groups = groupByLetter(people);
  assert.deepEqual(groups.map(([l]) => l), ['#', 'E', 'Z']);
  assert.deepEqual(groups[1][1].map((c) => c.id), ['a1', 'a2', 'a3']);
  assert.deepEqual(groups[2][1].map((c) => c.id), ['a5', 'a4']);
  assert.deepEqual(searchContacts(people, 'emile').map((c) => c.id), ['a2']);
  assert.deepEqual(searchContacts(people, 'cafe lumiere').map((c) => c.id), ['a2']);
  assert.deepEqual(searchContacts(people, '(555) 0003').map((c) => c.id), ['a3']);
});
