import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as email from './logic.js';
import * as contactsApp from '../contacts/logic.js';

const {
  atMs, full, viewEmails, unreadCount, searchEmails, parseAddresses, isEmail, replySubject, forwardSubject, listStamp,
  labelError, pickable, fillDates, contactsFrom, nameFor, moveTargets, viewTitle, replyQuote, forwardQuote,
} = email;

const NOW = Date.UTC(2026, 2, 14, 9, 30);
const DAY = 86400000;
const ME = 'robin.hale@mailbox.example';
const world = readJson('apps/email/world.json');
const contactsWorld = readJson('apps/contacts/world.json');

async function dev0(apps = ['contacts', 'email']) {
  const dev = await loadDevice({ apps, reset: { seed: 4 } });
  dev.system({ type: 'open', app: 'email' });
  return dev;
}
const app = (dev) => dev.getState().apps.email;
const rec = (dev, id) => app(dev).data.emails.find((e) => e.id === id);
const act = (dev, action) => dev.dispatch('email', action);
const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
const sent = (dev) => app(dev).data.emails.filter((e) => e.own && e.folder === 'sent');

/** A device with Email, Contacts and a stub app (calendar by default) that records its intents. */
function withStub(name = 'calendar') {
  const stub = {
    init: () => ({ data: { intents: [] }, ui: {} }),
    reduce: (s, a) => {
      if (a.type !== 'intent') return null;
      const { type: _t, ...rest } = a;
      s.data.intents.push(rest);
      return s;
    },
  };
  const dev = createDevice({ apps: { contacts: contactsApp, email, [name]: stub }, worlds: { email: world, contacts: contactsWorld } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'email' });
  return dev;
}

test('init: per-email records with times from the relative world times; labels; small s0', async () => {
  const dev = await dev0();
  const s = app(dev);
  assert.equal(s.data.emails.length, 33);
  assert.deepEqual(s.data.labels, ['Work', 'Travel', 'Receipts', 'Family']);
  assert.equal(rec(dev, 'e01').time, Date.UTC(2026, 2, 14, 8, 2));
  assert.equal(rec(dev, 'e03').time, Date.UTC(2026, 2, 13, 16, 20));
  for (const e of s.data.emails) assert.ok(e.time < NOW, `${e.id} is in the past`);
  assert.ok(JSON.stringify(s).length < 10000, 's0 stays small');
  assert.equal(unreadCount(s.data, world, 'inbox'), 11);
  assert.equal(s.ui.screen, 'list');
  assert.equal(s.ui.view, 'inbox');
});

test('selectors: full emails with dates filled in, invites, views, search, addresses, subjects', async () => {
  const dev = await dev0();
  const data = app(dev).data;
  assert.equal(atMs('-2 14:45', NOW), Date.UTC(2026, 2, 12, 14, 45));
  const e03 = full(world, rec(dev, 'e03'));
  assert.match(e03.body, /on Tuesday, March 17 from 14:00/);
  assert.deepEqual(e03.invite, { title: 'Onboarding workshop', date: '2026-03-17', start: '14:00', end: '15:30', location: 'Birch room, Northwind Labs' });
  assert.deepEqual(e03.to, [ME]);
  assert.equal(full(world, rec(dev, 'e07')).invite.date, '2026-03-19');
  assert.equal(full(world, rec(dev, 'e02')).invite.date, '2026-03-27');
  assert.equal(full(world, rec(dev, 'e01')).invite, null);
  assert.equal(fillDates('due {date:+2} and {date:-1}', Date.UTC(2026, 2, 14, 8)), 'due Monday, March 16 and Friday, March 13');
  const inbox = viewEmails(data, world, 'inbox');
  assert.equal(inbox.length, 27);
  assert.deepEqual(inbox.slice(0, 3).map((e) => e.id), ['e01', 'e02', 'e03']);
  assert.deepEqual(viewEmails(data, world, 'starred').map((e) => e.id), ['e12']);
  assert.deepEqual(viewEmails(data, world, 'label:Travel').map((e) => e.id), ['e02']);
  assert.deepEqual(viewEmails(data, world, 'drafts').map((e) => e.id), ['e31']);
  assert.equal(viewTitle('label:Work'), 'Work');
  assert.equal(viewTitle('archive'), 'Archive');
  assert.deepEqual(searchEmails(data, world, 'parcelway').map((e) => e.id), ['e01', 'e05', 'e08', 'e25']);
  assert.deepEqual(searchEmails(data, world, 'Q1-REPORT').map((e) => e.id), ['e12']);
  assert.deepEqual(searchEmails(data, world, ' '), []);
  assert.ok(isEmail('a.b@c.example') && !isEmail('a b@c.d') && !isEmail('abc@') && !isEmail('x@y'));
  assert.deepEqual(parseAddresses('lena@mailbox.example; LENA@mailbox.example, ada@northwindlabs.example'), { list: ['lena@mailbox.example', 'ada@northwindlabs.example'], error: null });
  assert.equal(parseAddresses('  ').error, 'Add at least one recipient');
  assert.equal(parseAddresses('lena@mailbox.example, lena').error, '"lena" is not a valid email address');
  assert.equal(replySubject('Re: x'), 'Re: x');
  assert.equal(replySubject('Hello'), 'Re: Hello');
  assert.equal(forwardSubject('Fwd: x'), 'Fwd: x');
  assert.equal(forwardSubject('Hello'), 'Fwd: Hello');
  assert.equal(listStamp(Date.UTC(2026, 2, 14, 8, 2), NOW), '08:02');
  assert.equal(listStamp(Date.UTC(2026, 2, 13, 8, 2), NOW), 'Yesterday');
  assert.equal(listStamp(Date.UTC(2026, 2, 2, 8, 2), NOW), 'Mar 2');
  assert.equal(listStamp(Date.UTC(2025, 11, 2, 8, 2), NOW), 'Dec 2, 2025');
  assert.equal(labelError(['Work'], 'work'), 'This label already exists');
  assert.equal(labelError(['Work'], ''), 'Enter a label name');
  assert.equal(labelError(['Work'], 'Holidays'), null);
  const contacts = contactsFrom((id) => dev.getState().apps[id]);
  assert.equal(nameFor(contacts, 'LENA@mailbox.example', 'x'), 'Lena Vasquez');
  assert.equal(nameFor(contacts, 'who@nowhere.example', 'Who'), 'Who');
  assert.deepEqual(pickable(contacts, 'tidewater').map((c) => c.id), ['c3', 'c14']);
  assert.match(replyQuote(e03), /^On Fri, Mar 13, 2026, 16:20, Ada Marlow <ada@northwindlabs.example> wrote:\n> Hi Robin,\n>\n/);
  assert.match(forwardQuote(e03), /^---------- Forwarded message ----------\nFrom: Ada Marlow/);
  assert.deepEqual(moveTargets(world, rec(dev, 'e05')), ['archive', 'trash']);
  assert.deepEqual(moveTargets(world, rec(dev, 'e29')), ['trash']);
  assert.deepEqual(moveTargets(world, rec(dev, 'e28')), ['inbox']);
  assert.deepEqual(moveTargets(world, rec(dev, 'e31')), ['trash']);
});

test('open marks read; mark unread goes back; star toggles; drafts open in compose', async () => {
  const dev = await dev0();
  act(dev, { type: 'open', id: 'e01' });
  assert.equal(rec(dev, 'e01').read, true);
  assert.equal(app(dev).ui.screen, 'read');
  act(dev, { type: 'star' });
  assert.equal(rec(dev, 'e01').starred, true);
  act(dev, { type: 'star', value: true });
  assert.equal(rec(dev, 'e01').starred, true);
  act(dev, { type: 'read', value: false });
  assert.equal(rec(dev, 'e01').read, false);
  assert.equal(app(dev).ui.screen, 'list');
  act(dev, { type: 'star', id: 'e12' });
  assert.equal(rec(dev, 'e12').starred, false);
  act(dev, { type: 'read', id: 'e04', value: true });
  assert.equal(rec(dev, 'e04').read, true);
  act(dev, { type: 'open', id: 'e31' });
  const ui = app(dev).ui;
  assert.equal(ui.screen, 'compose');
  assert.equal(ui.compose.mode, 'draft');
  assert.equal(ui.drafts.to, 'celia@tidewaterpress.example');
  assert.equal(ui.drafts.subject, 'Article pitch: harbour history');
  const before = JSON.stringify(app(dev).data);
  act(dev, { type: 'open', id: 'nope' });
  act(dev, { type: 'star', id: 'nope' });
  assert.equal(JSON.stringify(app(dev).data), before);
  assert.equal(dev.dispatch('email', { type: 'bogus' }), false);
});

test('archive, unarchive, trash and restore (back to its folder), move, delete forever, empty trash', async () => {
  const dev = await dev0();
  act(dev, { type: 'open', id: 'e05' });
  act(dev, { type: 'archive' });
  assert.equal(rec(dev, 'e05').folder, 'archive');
  assert.equal(app(dev).ui.screen, 'list');
  act(dev, { type: 'archive', id: 'e05' });
  assert.equal(rec(dev, 'e05').folder, 'inbox');
  act(dev, { type: 'archive', id: 'e29' });
  assert.equal(rec(dev, 'e29').folder, 'sent', 'sent emails are not archived');
  act(dev, { type: 'open', id: 'e26' });
  act(dev, { type: 'trash' });
  assert.deepEqual([rec(dev, 'e26').folder, rec(dev, 'e26').prev], ['trash', 'archive']);
  act(dev, { type: 'restore', id: 'e26' });
  assert.equal(rec(dev, 'e26').folder, 'archive');
  assert.equal(rec(dev, 'e26').prev, undefined);
  act(dev, { type: 'restore', id: 'e28' });
  assert.equal(rec(dev, 'e28').folder, 'inbox');
  act(dev, { type: 'open', id: 'e09' });
  act(dev, { type: 'sheet', kind: 'move' });
  assert.equal(app(dev).ui.sheet, 'move');
  act(dev, { type: 'move', folder: 'sent' });
  assert.equal(rec(dev, 'e09').folder, 'inbox', 'not a valid target');
  act(dev, { type: 'move', folder: 'trash' });
  assert.equal(rec(dev, 'e09').folder, 'trash');
  assert.equal(app(dev).ui.screen, 'list');
  act(dev, { type: 'view', view: 'trash' });
  act(dev, { type: 'open', id: 'e09' });
  act(dev, { type: 'ask_delete_forever' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'delete_forever', id: 'e09' });
  act(dev, { type: 'cancel' });
  assert.ok(rec(dev, 'e09'));
  act(dev, { type: 'confirm_delete_forever' });
  assert.ok(rec(dev, 'e09'), 'no deletion without the dialog');
  act(dev, { type: 'ask_delete_forever' });
  act(dev, { type: 'confirm_delete_forever' });
  assert.equal(rec(dev, 'e09'), undefined);
  assert.equal(app(dev).ui.screen, 'list');
  act(dev, { type: 'ask_delete_forever', id: 'e01' });
  assert.equal(app(dev).ui.dialog, null, 'only emails in the trash');
  act(dev, { type: 'trash', id: 'e15' });
  act(dev, { type: 'ask_empty_trash' });
  act(dev, { type: 'confirm_empty_trash' });
  assert.equal(app(dev).data.emails.filter((e) => e.folder === 'trash').length, 0);
  assert.equal(app(dev).data.emails.length, 31);
  act(dev, { type: 'ask_empty_trash' });
  assert.equal(app(dev).ui.dialog, null);
});

test('labels: toggle on the open email, create a new one (validated)', async () => {
  const dev = await dev0();
  act(dev, { type: 'open', id: 'e11' });
  act(dev, { type: 'sheet', kind: 'labels' });
  act(dev, { type: 'toggle_label', name: 'Family' });
  assert.deepEqual(rec(dev, 'e11').labels, ['Family']);
  act(dev, { type: 'toggle_label', name: 'Nope' });
  assert.deepEqual(rec(dev, 'e11').labels, ['Family']);
  type(dev, 'label_name', 'family');
  act(dev, { type: 'create_label' });
  assert.equal(app(dev).ui.errors.label, 'This label already exists');
  type(dev, 'label_name', ' Dinners ');
  act(dev, { type: 'create_label' });
  assert.deepEqual(app(dev).data.labels, ['Work', 'Travel', 'Receipts', 'Family', 'Dinners']);
  assert.deepEqual(rec(dev, 'e11').labels, ['Family', 'Dinners']);
  act(dev, { type: 'toggle_label', name: 'Family' });
  assert.deepEqual(rec(dev, 'e11').labels, ['Dinners']);
  act(dev, { type: 'close_sheet' });
  dev.system({ type: 'back' });
  act(dev, { type: 'view', view: 'label:Dinners' });
  assert.equal(app(dev).ui.view, 'label:Dinners');
  act(dev, { type: 'view', view: 'label:Nope' });
  assert.equal(app(dev).ui.view, 'label:Dinners');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.view, 'inbox', 'back from another folder goes to the inbox');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
});

test('compose: validation, send to picked contacts, sent record', async () => {
  const dev = await dev0();
  act(dev, { type: 'compose' });
  assert.equal(app(dev).ui.screen, 'compose');
  act(dev, { type: 'send' });
  assert.deepEqual(app(dev).ui.errors, { to: 'Add at least one recipient', body: 'Write a subject or a message' });
  type(dev, 'to', 'lena@mailbox');
  type(dev, 'subject', 'Hi');
  act(dev, { type: 'send' });
  assert.equal(app(dev).ui.errors.to, '"lena@mailbox" is not a valid email address');
  assert.equal(sent(dev).length, 0);
  type(dev, 'to', '');
  act(dev, { type: 'pick_contact' });
  assert.equal(app(dev).ui.screen, 'picker');
  act(dev, { type: 'pick', contact: 'c12' });
  assert.equal(app(dev).ui.screen, 'compose');
  assert.equal(app(dev).ui.drafts.to, 'lena@mailbox.example');
  act(dev, { type: 'pick_contact' });
  act(dev, { type: 'pick', contact: 'c12' });
  act(dev, { type: 'pick_contact' });
  act(dev, { type: 'pick', contact: 'nope' });
  assert.equal(app(dev).ui.screen, 'picker', 'unknown contacts are not picked');
  act(dev, { type: 'pick', contact: 'c1' });
  assert.equal(app(dev).ui.drafts.to, 'lena@mailbox.example, ada@northwindlabs.example');
  type(dev, 'subject', '  Saturday plans ');
  type(dev, 'body', 'See you at 10?\n\n');
  act(dev, { type: 'send' });
  const [m] = sent(dev);
  assert.deepEqual({ ...m, id: 'x' }, {
    id: 'x', own: true, folder: 'sent', time: NOW, read: true, starred: false, labels: [],
    from: { name: 'Robin Hale', email: ME }, to: ['lena@mailbox.example', 'ada@northwindlabs.example'], cc: [],
    subject: 'Saturday plans', body: 'See you at 10?', attachments: [], in_reply_to: null, forward_of: null,
  });
  assert.equal(app(dev).ui.screen, 'list');
  assert.equal(app(dev).ui.notice, 'Message sent');
  assert.equal(app(dev).ui.drafts.to, '');
  act(dev, { type: 'send' });
  assert.equal(sent(dev).length, 1, 'send outside compose does nothing');
});

test('reply and forward quote the original; forward keeps attachments', async () => {
  const dev = await dev0();
  act(dev, { type: 'open', id: 'e12' });
  act(dev, { type: 'reply' });
  let ui = app(dev).ui;
  assert.equal(ui.drafts.to, 'viktor@northwindlabs.example');
  assert.equal(ui.drafts.subject, 'Re: Quarterly report draft');
  assert.match(ui.compose.quote, /Viktor Leone <viktor@northwindlabs.example> wrote:/);
  type(dev, 'body', 'Looks good to me.');
  act(dev, { type: 'send' });
  let [m] = sent(dev);
  assert.equal(m.in_reply_to, 'e12');
  assert.match(m.body, /^Looks good to me\.\n\nOn Mon, Mar 9, 2026, 09:48, Viktor Leone/);
  assert.equal(app(dev).ui.screen, 'read', 'back to the email replied to');
  act(dev, { type: 'forward' });
  ui = app(dev).ui;
  assert.deepEqual(ui.compose.attachments, ['Q1-report-draft.pdf']);
  assert.equal(ui.drafts.subject, 'Fwd: Quarterly report draft');
  act(dev, { type: 'remove_attachment', name: 'Q1-report-draft.pdf' });
  assert.deepEqual(app(dev).ui.compose.attachments, []);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'read', 'unchanged forward closes without a dialog');
  act(dev, { type: 'forward' });
  type(dev, 'to', 'gideon@saltmarshcafe.example');
  act(dev, { type: 'send' });
  m = sent(dev)[1];
  assert.equal(m.forward_of, 'e12');
  assert.deepEqual(m.attachments, ['Q1-report-draft.pdf']);
  assert.match(m.body, /^---------- Forwarded message ----------/);
  assert.match(m.body, /section 3/);
  act(dev, { type: 'reply', id: 'e29' });
  assert.equal(app(dev).ui.drafts.to, 'tessa@saltmarshcafe.example', 'replying to my own email goes to its recipients');
});

test('back with changes asks: keep editing, discard, or save a draft; drafts are edited and sent in place', async () => {
  const dev = await dev0();
  act(dev, { type: 'compose' });
  type(dev, 'subject', 'Half-written');
  dev.system({ type: 'back' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'discard' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.dialog, null);
  assert.equal(app(dev).ui.screen, 'compose', 'back on the dialog keeps editing');
  dev.system({ type: 'back' });
  act(dev, { type: 'discard' });
  assert.equal(app(dev).ui.screen, 'list');
  assert.equal(app(dev).data.emails.length, 33);
  act(dev, { type: 'compose' });
  type(dev, 'to', 'uma@mailbox');
  type(dev, 'body', 'Note to self');
  dev.system({ type: 'back' });
  act(dev, { type: 'save_draft' });
  const draft = app(dev).data.emails.find((e) => e.own && e.folder === 'drafts');
  assert.deepEqual([draft.to, draft.body], [['uma@mailbox'], 'Note to self']);
  act(dev, { type: 'open', id: draft.id });
  type(dev, 'to', 'uma@mailbox.example');
  act(dev, { type: 'send' });
  const after = app(dev).data.emails.find((e) => e.id === draft.id);
  assert.deepEqual([after.folder, after.to], ['sent', ['uma@mailbox.example']]);
  assert.equal(app(dev).data.emails.length, 34);
  act(dev, { type: 'open', id: 'e31' });
  type(dev, 'body', 'changed');
  dev.system({ type: 'back' });
  act(dev, { type: 'discard' });
  assert.equal(full(world, rec(dev, 'e31')).body.startsWith('Hi Celia'), true, 'discarding changes keeps the old draft');
});

test('intents: compose (from Gallery), to a contact or address, open an email; bad ones ignored', async () => {
  const dev = await dev0();
  dev.system({ type: 'open', app: 'email', intent: { compose: { subject: 'Ducks on the pond', attachments: ['IMG_20260314_0905.jpg'] } } });
  let ui = app(dev).ui;
  assert.equal(ui.screen, 'compose');
  assert.deepEqual([ui.drafts.subject, ui.compose.attachments], ['Ducks on the pond', ['IMG_20260314_0905.jpg']]);
  act(dev, { type: 'pick_contact' });
  act(dev, { type: 'pick', contact: 'c20' });
  act(dev, { type: 'send' });
  assert.deepEqual(sent(dev)[0].attachments, ['IMG_20260314_0905.jpg']);
  assert.deepEqual(sent(dev)[0].to, ['tessa@saltmarshcafe.example']);
  dev.system({ type: 'open', app: 'email', intent: { to: 'c8' } });
  assert.equal(app(dev).ui.drafts.to, 'hana@northwindlabs.example');
  dev.system({ type: 'open', app: 'email', intent: { to: 'someone@else.example' } });
  assert.equal(app(dev).ui.drafts.to, 'someone@else.example');
  dev.system({ type: 'open', app: 'email', intent: { email: 'e20' } });
  ui = app(dev).ui;
  assert.deepEqual([ui.screen, ui.email, rec(dev, 'e20').read], ['read', 'e20', true]);
  const before = JSON.stringify(app(dev));
  dev.system({ type: 'open', app: 'email', intent: { to: 'c99' } });
  dev.system({ type: 'open', app: 'email', intent: { email: 'zz' } });
  assert.equal(JSON.stringify(app(dev)), before);
});

test('Add to calendar hands the invite to the calendar; without it a notice', async () => {
  const dev = withStub('calendar');
  dev.dispatch('email', { type: 'open', id: 'e07' });
  dev.dispatch('email', { type: 'add_to_calendar' });
  const s = dev.getState();
  assert.equal(s.os.foreground, 'calendar');
  assert.deepEqual(s.apps.calendar.data.intents, [{ create: { title: 'Spring concert', date: '2026-03-19', start: '18:00', end: '19:30', location: 'Blue Heron School main hall' } }]);
  dev.system({ type: 'open', app: 'email' });
  dev.dispatch('email', { type: 'add_to_calendar', id: 'e01' });
  assert.equal(dev.getState().os.foreground, 'email', 'no invite: nothing happens');
  const solo = await dev0(['email']);
  act(solo, { type: 'open', id: 'e03' });
  act(solo, { type: 'add_to_calendar' });
  assert.equal(app(solo).ui.notice, 'The Calendar app is not installed');
  act(solo, { type: 'attachment', name: 'x.pdf' });
  assert.match(app(solo).ui.notice, /x\.pdf/);
});

test('receive: a new unread inbox email with a notification; bad input ignored', async () => {
  const dev = await dev0();
  act(dev, { type: 'receive', from: { name: 'Uma Kestrel', email: 'uma@mailbox.example' }, subject: 'Lunch?', body: 'Tomorrow at noon?' });
  const m = app(dev).data.emails.at(-1);
  assert.deepEqual([m.folder, m.read, m.subject, m.time], ['inbox', false, 'Lunch?', NOW]);
  const note = dev.getState().os.notifications[0];
  assert.deepEqual([note.app, note.title, note.intent], ['email', 'Uma Kestrel', { email: m.id }]);
  dev.system({ type: 'tap_notification', id: note.id });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.email], ['read', m.id]);
  const n = app(dev).data.emails.length;
  act(dev, { type: 'receive', from: 'not-an-address', subject: 'x' });
  act(dev, { type: 'receive', from: 'a@b.example' });
  assert.equal(app(dev).data.emails.length, n);
});

test('drawer and search screens; back closes overlays first', async () => {
  const dev = await dev0();
  act(dev, { type: 'drawer' });
  assert.equal(app(dev).ui.drawer, true);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.drawer, false);
  act(dev, { type: 'drawer' });
  act(dev, { type: 'view', view: 'sent' });
  assert.deepEqual([app(dev).ui.view, app(dev).ui.drawer], ['sent', false]);
  act(dev, { type: 'search' });
  type(dev, 'search', 'tracking');
  act(dev, { type: 'open', id: 'e09' });
  dev.system({ type: 'back' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.drafts.search], ['search', 'tracking']);
  act(dev, { type: 'open', id: 'e09' });
  act(dev, { type: 'sheet', kind: 'labels' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.sheet, null);
  act(dev, { type: 'sheet', kind: 'bogus' });
  assert.equal(app(dev).ui.sheet, null);
});
