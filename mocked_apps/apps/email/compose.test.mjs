// Email compose and hand-offs: validation and sending, reply and forward, drafts, intents, Add to calendar
// and receiving an email.

import test from 'node:test';
import assert from 'node:assert/strict';
import { intentRecorder, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as email from './logic.js';
import * as contactsApp from '../contacts/logic.js';
import { NOW, ME, world, dev0, app, rec, act, type, openEmail } from './testkit.mjs';

const { full } = email;

const contactsWorld = readJson('apps/contacts/world.json');
const sent = (dev) => app(dev).data.emails.filter((e) => e.own && e.folder === 'sent');

/** A device with Email, Contacts and a stub app (calendar by default) that records its intents. */
function withStub(name = 'calendar') {
  const stub = intentRecorder();
  const dev = createDevice({ apps: { contacts: contactsApp, email, [name]: stub }, worlds: { email: world, contacts: contactsWorld } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'email' });
  return dev;
}

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
  openEmail(dev, 'e12');
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
  openEmail(dev, 'e29');
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
  openEmail(dev, draft.id);
  type(dev, 'to', 'uma@mailbox.example');
  act(dev, { type: 'send' });
  const after = app(dev).data.emails.find((e) => e.id === draft.id);
  assert.deepEqual([after.folder, after.to], ['sent', ['uma@mailbox.example']]);
  assert.equal(app(dev).data.emails.length, 34);
  openEmail(dev, 'e31');
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
  openEmail(dev, 'e07');
  dev.dispatch('email', { type: 'add_to_calendar' });
  const s = dev.getState();
  assert.equal(s.os.foreground, 'calendar');
  assert.deepEqual(s.apps.calendar.data.intents, [{ create: { title: 'Spring concert', date: '2026-03-19', start: '18:00', end: '19:30', location: 'Blue Heron School main hall' } }]);
  dev.system({ type: 'open', app: 'email' });
  openEmail(dev, 'e01');
  dev.dispatch('email', { type: 'add_to_calendar', id: 'e01' });
  assert.equal(dev.getState().os.foreground, 'email', 'no invite: nothing happens');
  const solo = await dev0(['email']);
  openEmail(solo, 'e03');
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

test('compose over an open compose changes nothing: the typed text stays and one back closes it', async () => {
  const dev = await dev0();
  act(dev, { type: 'compose' });
  type(dev, 'subject', 'Plans');
  const before = JSON.stringify(app(dev).ui);
  act(dev, { type: 'compose' });
  assert.equal(JSON.stringify(app(dev).ui), before);
  assert.equal(app(dev).ui.drafts.subject, 'Plans');
});

test('emails sent in one virtual minute list newest first, past id 9 too (sent folder and search)', async () => {
  const dev = await dev0();
  const subjects = Array.from({ length: 12 }, (_, i) => `Batch ${i + 1}`);
  for (const subject of subjects) {
    act(dev, { type: 'compose' });
    type(dev, 'to', 'lena@mailbox.example');
    type(dev, 'subject', subject);
    act(dev, { type: 'send' });
  }
  assert.ok(sent(dev).some((e) => e.id.length > 2) && sent(dev).some((e) => e.id.length === 2));
  const newest = subjects.slice().reverse();
  assert.deepEqual(email.viewEmails(app(dev).data, world, 'sent').filter((e) => e.own).map((e) => e.subject), newest);
  assert.deepEqual(email.searchEmails(app(dev).data, world, 'Batch').map((e) => e.subject), newest);
});

test('saving a compose with nothing written keeps no empty draft; a forward or an opened draft is still saved', async () => {
  const dev = await dev0();
  const count = app(dev).data.emails.length;
  act(dev, { type: 'compose' });
  type(dev, 'subject', '   ');
  act(dev, { type: 'save_draft' });
  assert.equal(app(dev).ui.screen, 'list');
  assert.equal(app(dev).ui.notice, 'Empty draft discarded');
  assert.equal(app(dev).data.emails.length, count);
  openEmail(dev, 'e14');
  act(dev, { type: 'forward', id: 'e14' });
  act(dev, { type: 'save_draft' });
  assert.equal(app(dev).data.emails.length, count + 1, 'a forward holds the quoted email');
  openEmail(dev, 'e31');
  for (const key of ['to', 'subject', 'body']) type(dev, key, '');
  act(dev, { type: 'save_draft' });
  assert.equal(rec(dev, 'e31').folder, 'drafts', 'an opened draft emptied is saved, not dropped');
  assert.equal(app(dev).data.emails.length, count + 1);
});
