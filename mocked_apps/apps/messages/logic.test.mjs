import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';
import { sortedThreads, displayName, contactsFrom, search, filterContacts, looksLikeNumber, toMs, lastMessage } from './logic.js';

const NOW = Date.UTC(2026, 2, 14, 9, 30);
const both = () => loadDevice({ apps: ['contacts', 'messages'], reset: { seed: 1 } });
const solo = () => loadDevice({ apps: ['messages'], reset: { seed: 1 } });
const msg = (dev) => dev.getState().apps.messages;
const thread = (dev, id) => msg(dev).data.threads.find((t) => t.id === id);
const act = (dev, action) => dev.dispatch('messages', action);
const open = (dev) => dev.system({ type: 'open', app: 'messages' });
const type = (dev, key, value) => act(dev, { type: '@draft', key, value });

test('init copies the world threads with ms times; the inbox is sorted pinned first, then newest', async () => {
  const dev = await solo();
  const s = msg(dev);
  assert.equal(s.data.threads.length, 14);
  assert.equal(s.ui.screen, 'list');
  assert.equal(thread(dev, 't07').messages[1].time, Date.UTC(2026, 2, 14, 9, 21));
  const order = sortedThreads(s.data.threads).map((t) => t.id);
  assert.equal(order[0], 't05');
  assert.equal(order[1], 't07');
  assert.ok(!order.includes('t10'), 'archived thread is not in the inbox');
  assert.deepEqual(sortedThreads(s.data.threads, { archived: true }).map((t) => t.id), ['t14', 't10']);
  for (const t of s.data.threads) for (const m of t.messages) assert.ok(m.time < NOW, `${m.id} is in the past`);
});

test('names resolve from the contacts app by id or number; without it the number shows', async () => {
  const dev = await both();
  const contacts = contactsFrom((id) => dev.getState().apps[id]);
  assert.equal(displayName(thread(dev, 't04'), contacts), 'Lena Vasquez');
  assert.equal(displayName(thread(dev, 't09'), contacts), '555-0238');
  assert.equal(displayName({ contact_id: null, number: '555 0144' }, contacts), 'Lena Vasquez');
  const alone = await solo();
  assert.equal(displayName(thread(alone, 't04'), contactsFrom((id) => alone.getState().apps[id])), '555-0144');
});

test('opening a thread marks it read; back returns to the inbox, then home', async () => {
  const dev = await both();
  open(dev);
  act(dev, { type: 'open', thread: 't06' });
  assert.equal(thread(dev, 't06').unread, 0);
  assert.equal(msg(dev).ui.screen, 'thread');
  dev.system({ type: 'back' });
  assert.equal(msg(dev).ui.screen, 'list');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  const before = JSON.stringify(msg(dev).data);
  act(dev, { type: 'open', thread: 'nope' });
  assert.equal(JSON.stringify(msg(dev).data), before);
});

test('send appends a trimmed message from the compose draft; empty text is not sent', async () => {
  const dev = await both();
  open(dev);
  act(dev, { type: 'open', thread: 't04' });
  type(dev, 'compose', '   ');
  act(dev, { type: 'send' });
  assert.equal(thread(dev, 't04').messages.length, 4);
  type(dev, 'compose', '  See you there!  ');
  act(dev, { type: 'send' });
  const t = thread(dev, 't04');
  assert.equal(t.messages.length, 5);
  assert.deepEqual({ ...t.messages[4], id: 'x' }, { id: 'x', from: 'me', text: 'See you there!', time: NOW });
  assert.equal(msg(dev).ui.drafts.compose, '');
  assert.equal(sortedThreads(msg(dev).data.threads)[1].id, 't04', 'the thread moves up below the pinned one');
  act(dev, { type: 'send' });
  assert.equal(thread(dev, 't04').messages.length, 5, 'a second tap with an empty draft sends nothing');
});

test('send outside a thread does nothing', async () => {
  const dev = await both();
  open(dev);
  type(dev, 'compose', 'hello');
  const before = JSON.stringify(msg(dev).data);
  act(dev, { type: 'send' });
  assert.equal(JSON.stringify(msg(dev).data), before);
});

test('new message: picking a contact without a thread creates the thread only on send', async () => {
  const dev = await both();
  open(dev);
  act(dev, { type: 'new' });
  assert.equal(msg(dev).ui.screen, 'new');
  act(dev, { type: 'pick', contact: 'c3' });
  assert.equal(msg(dev).ui.screen, 'thread');
  assert.deepEqual(msg(dev).ui.to, { contact_id: 'c3', number: '555-0111' });
  assert.equal(msg(dev).data.threads.length, 14, 'no empty thread is stored');
  type(dev, 'compose', 'Hi Celia');
  act(dev, { type: 'send' });
  const created = msg(dev).data.threads.find((t) => t.contact_id === 'c3');
  assert.ok(created);
  assert.equal(created.number, '555-0111');
  assert.equal(created.messages[0].text, 'Hi Celia');
  assert.equal(msg(dev).ui.thread, created.id);
  dev.system({ type: 'back' });
  assert.equal(msg(dev).ui.screen, 'list', 'the picker is replaced by the thread');
});

test('new message: picking a contact with a thread opens it; a typed number works too', async () => {
  const dev = await both();
  open(dev);
  act(dev, { type: 'new' });
  act(dev, { type: 'pick', contact: 'c18' });
  assert.equal(msg(dev).ui.thread, 't06');
  assert.equal(thread(dev, 't06').unread, 0);
  dev.system({ type: 'back' });
  act(dev, { type: 'new' });
  act(dev, { type: 'pick', number: 'abc' });
  assert.equal(msg(dev).ui.screen, 'new', 'not a number');
  act(dev, { type: 'pick', contact: 'c999' });
  assert.equal(msg(dev).ui.screen, 'new', 'unknown contact');
  act(dev, { type: 'pick', number: '555-0238' });
  assert.equal(msg(dev).ui.thread, 't09');
  dev.system({ type: 'back' });
  act(dev, { type: 'new' });
  act(dev, { type: 'pick', number: '555-0999' });
  type(dev, 'compose', 'Who is this?');
  act(dev, { type: 'send' });
  const t = msg(dev).data.threads.find((x) => x.number === '555-0999');
  assert.equal(t.contact_id, null);
  assert.equal(t.messages.length, 1);
});

test('pin, mute and archive toggle (or set) flags; archiving from the thread goes back', async () => {
  const dev = await both();
  open(dev);
  act(dev, { type: 'menu', thread: 't02' });
  assert.equal(msg(dev).ui.menu, 't02');
  act(dev, { type: 'pin', thread: 't02' });
  assert.equal(thread(dev, 't02').pinned, true);
  assert.equal(msg(dev).ui.menu, null);
  assert.deepEqual(sortedThreads(msg(dev).data.threads).slice(0, 2).map((t) => t.id), ['t05', 't02']);
  act(dev, { type: 'pin', thread: 't02' });
  assert.equal(thread(dev, 't02').pinned, false);
  act(dev, { type: 'mute', thread: 't12', value: false });
  assert.equal(thread(dev, 't12').muted, false);
  act(dev, { type: 'open', thread: 't08' });
  act(dev, { type: 'menu', thread: 't08' });
  act(dev, { type: 'archive' });
  assert.equal(thread(dev, 't08').archived, true);
  assert.equal(msg(dev).ui.screen, 'list');
  act(dev, { type: 'archived' });
  assert.equal(msg(dev).ui.screen, 'archived');
  act(dev, { type: 'open', thread: 't08' });
  act(dev, { type: 'archive', thread: 't08' });
  assert.equal(thread(dev, 't08').archived, false);
  assert.equal(msg(dev).ui.screen, 'thread', 'unarchiving stays in the thread');
  const before = JSON.stringify(msg(dev).data);
  act(dev, { type: 'pin', thread: 'zzz' });
  act(dev, { type: 'menu', thread: 'zzz' });
  assert.equal(JSON.stringify(msg(dev).data), before);
});

test('delete asks first; cancel and back keep the thread; confirm removes it', async () => {
  const dev = await both();
  open(dev);
  act(dev, { type: 'open', thread: 't11' });
  act(dev, { type: 'menu', thread: 't11' });
  act(dev, { type: 'ask_delete' });
  assert.deepEqual(msg(dev).ui.dialog, { kind: 'delete', thread: 't11' });
  act(dev, { type: 'cancel' });
  assert.equal(msg(dev).ui.dialog, null);
  act(dev, { type: 'ask_delete', thread: 't11' });
  dev.system({ type: 'back' });
  assert.equal(msg(dev).ui.dialog, null);
  assert.ok(thread(dev, 't11'));
  act(dev, { type: 'ask_delete', thread: 't11' });
  act(dev, { type: 'delete' });
  assert.equal(thread(dev, 't11'), undefined);
  assert.equal(msg(dev).ui.screen, 'list');
  assert.equal(msg(dev).data.threads.length, 13);
  act(dev, { type: 'delete', thread: 't11' });
  assert.equal(msg(dev).data.threads.length, 13);
});

test('deleting from the inbox sheet leaves other navigation intact', async () => {
  const dev = await both();
  open(dev);
  act(dev, { type: 'archived' });
  act(dev, { type: 'menu', thread: 't10' });
  act(dev, { type: 'ask_delete' });
  act(dev, { type: 'delete' });
  assert.equal(msg(dev).ui.screen, 'archived');
  assert.deepEqual(sortedThreads(msg(dev).data.threads, { archived: true }).map((t) => t.id), ['t14']);
});

test('search finds message text, names and numbers across inbox and archive', async () => {
  const dev = await both();
  const contacts = contactsFrom((id) => dev.getState().apps[id]);
  const threads = msg(dev).data.threads;
  assert.deepEqual(search(threads, contacts, 'pickup code').messages.map((h) => h.message.id), ['w07']);
  assert.deepEqual(search(threads, contacts, 'lena').threads.map((t) => t.id), ['t04']);
  for (const typed of ['555-0238', '5550238', '555 0238']) {
    assert.deepEqual(search(threads, contacts, typed).threads.map((t) => t.id), ['t09'], `a number typed as ${typed}`);
  }
  assert.deepEqual(search(threads, contacts, 'signed form').messages.map((h) => h.thread.id), ['t10']);
  assert.deepEqual(search(threads, contacts, '   '), { threads: [], messages: [] });
  open(dev);
  act(dev, { type: 'search' });
  assert.equal(msg(dev).ui.screen, 'search');
  act(dev, { type: 'open', thread: 't03', highlight: 'w07' });
  assert.equal(msg(dev).ui.highlight, 'w07');
  dev.system({ type: 'back' });
  assert.equal(msg(dev).ui.screen, 'search');
});

test('recipient filter and number detection', async () => {
  const dev = await both();
  const contacts = contactsFrom((id) => dev.getState().apps[id]);
  assert.deepEqual(filterContacts(contacts, 'ros').map((c) => c.id), ['c18']);
  assert.deepEqual(filterContacts(contacts, '0166').map((c) => c.id), ['c18']);
  assert.equal(filterContacts(contacts, '').length, 24);
  assert.ok(looksLikeNumber('555-0123'));
  assert.ok(!looksLikeNumber('Rosa'));
  assert.ok(!looksLikeNumber('12'));
  assert.equal(toMs('2026-03-14T09:30'), NOW);
});

test('intent {to} opens the existing thread or a pending one; {text} prefills the picker', async () => {
  const dev = await both();
  dev.system({ type: 'open', app: 'messages', intent: { to: 'c12' } });
  assert.equal(msg(dev).ui.screen, 'thread');
  assert.equal(msg(dev).ui.thread, 't04');
  dev.system({ type: 'back' });
  assert.equal(msg(dev).ui.screen, 'list');
  dev.system({ type: 'open', app: 'messages', intent: { to: 'c1' } });
  assert.deepEqual(msg(dev).ui.to, { contact_id: 'c1', number: '555-0137' });
  dev.system({ type: 'open', app: 'messages', intent: { text: 'Ada Marlow: 555-0137' } });
  assert.equal(msg(dev).ui.screen, 'new');
  assert.equal(msg(dev).ui.drafts.compose, 'Ada Marlow: 555-0137');
  act(dev, { type: 'pick', contact: 'c20' });
  assert.equal(msg(dev).ui.thread, 't05');
  assert.equal(msg(dev).ui.drafts.compose, 'Ada Marlow: 555-0137', 'the draft survives picking');
  act(dev, { type: 'send' });
  assert.equal(lastMessage(thread(dev, 't05')).text, 'Ada Marlow: 555-0137');
  dev.system({ type: 'open', app: 'messages', intent: { to: 'c7', text: 'Running late' } });
  assert.equal(msg(dev).ui.thread, 't08');
  assert.equal(msg(dev).ui.drafts.compose, 'Running late');
  dev.system({ type: 'open', app: 'messages', intent: { to: 'c404' } });
  assert.equal(msg(dev).ui.screen, 'list');
  dev.system({ type: 'open', app: 'messages', intent: { thread: 't03' } });
  assert.equal(msg(dev).ui.thread, 't03');
});

test('the contacts app hands off to messages: Message and Share buttons', async () => {
  const dev = await both();
  dev.system({ type: 'open', app: 'contacts' });
  dev.dispatch('contacts', { type: 'open', id: 'c18' });
  dev.dispatch('contacts', { type: 'message' });
  assert.equal(dev.getState().os.foreground, 'messages');
  assert.equal(msg(dev).ui.thread, 't06');
  dev.system({ type: 'open', app: 'contacts' });
  dev.dispatch('contacts', { type: 'back' }); // from c18's screen to the list
  dev.dispatch('contacts', { type: 'open', id: 'c1' });
  dev.dispatch('contacts', { type: 'share' });
  assert.equal(msg(dev).ui.screen, 'new');
  assert.equal(msg(dev).ui.drafts.compose, 'Ada Marlow: 555-0137');
  act(dev, { type: 'pick', contact: 'c13' });
  act(dev, { type: 'send' });
  const t = msg(dev).data.threads.find((x) => x.contact_id === 'c13');
  assert.equal(t.messages[0].text, 'Ada Marlow: 555-0137');
});

test('a contact without a phone number is no recipient: no pending thread whose Send does nothing', async () => {
  const dev = await both();
  dev.system({ type: 'open', app: 'contacts' });
  dev.dispatch('contacts', { type: 'new' });
  dev.dispatch('contacts', { type: '@draft', key: 'name', value: 'Nia Nophone' });
  dev.dispatch('contacts', { type: 'save' });
  const { id } = dev.getState().apps.contacts.data.contacts.at(-1);
  dev.dispatch('contacts', { type: 'message' });
  assert.equal(dev.getState().os.foreground, 'contacts', 'Contacts keeps it and says why');
  assert.equal(dev.getState().apps.contacts.ui.notice, 'Add a phone number to send a message');
  const contacts = contactsFrom((app) => dev.getState().apps[app]);
  assert.deepEqual(filterContacts(contacts, 'nia').map((c) => c.id), [], 'the picker leaves it out');
  dev.system({ type: 'open', app: 'messages', intent: { to: id, text: 'Hi' } });
  assert.equal(msg(dev).ui.screen, 'new', 'a text for it waits in the picker for a recipient');
  assert.equal(msg(dev).ui.drafts.compose, 'Hi');
  act(dev, { type: 'pick', contact: id });
  assert.equal(msg(dev).ui.screen, 'new');
  dev.system({ type: 'open', app: 'messages', intent: { to: id } });
  assert.equal(msg(dev).ui.screen, 'list');
  assert.equal(msg(dev).data.threads.length, 14);
});

test('add to contacts opens the contacts app with the number; not for known contacts', async () => {
  const dev = await both();
  open(dev);
  act(dev, { type: 'open', thread: 't09' });
  act(dev, { type: 'add_contact' });
  const s = dev.getState();
  assert.equal(s.os.foreground, 'contacts');
  assert.equal(s.apps.contacts.ui.screen, 'create');
  assert.equal(s.apps.contacts.ui.drafts.phone, '555-0238');
  dev.dispatch('contacts', { type: '@draft', key: 'name', value: 'Noor Haddad' });
  dev.dispatch('contacts', { type: 'save' });
  const contacts = contactsFrom((id) => dev.getState().apps[id]);
  assert.equal(displayName(thread(dev, 't09'), contacts), 'Noor Haddad', 'the thread now shows the new name');
  dev.system({ type: 'open', app: 'messages' });
  act(dev, { type: 'open', thread: 't04' });
  act(dev, { type: 'add_contact' });
  assert.equal(dev.getState().os.foreground, 'messages');
});

test('without the contacts app: numbers only, add-contact is a no-op, intent {to} falls back', async () => {
  const dev = await solo();
  open(dev);
  act(dev, { type: 'open', thread: 't09' });
  act(dev, { type: 'add_contact' });
  assert.equal(dev.getState().os.foreground, 'messages');
  act(dev, { type: 'new' });
  act(dev, { type: 'pick', contact: 'c3' });
  assert.equal(msg(dev).ui.screen, 'new');
  dev.system({ type: 'open', app: 'messages', intent: { to: 'c12', text: 'hi' } });
  assert.equal(msg(dev).ui.thread, 't04', 'a thread stored with the contact id still opens');
  dev.system({ type: 'open', app: 'messages', intent: { to: 'c3', text: 'hi' } });
  assert.equal(msg(dev).ui.screen, 'new');
});

test('receive: unread and a notification unless muted or open', async () => {
  const dev = await both();
  act(dev, { type: 'receive', number: '555-0290', text: 'More deals!' });
  assert.equal(thread(dev, 't12').unread, 1);
  assert.equal(dev.getState().os.notifications.length, 0, 'muted');
  act(dev, { type: 'receive', contact_id: 'c12', text: 'Table booked?' });
  assert.equal(thread(dev, 't04').unread, 1);
  const note = dev.getState().os.notifications[0];
  assert.equal(note.title, 'Lena Vasquez');
  dev.system({ type: 'tap_notification', id: note.id });
  assert.equal(msg(dev).ui.thread, 't04');
  assert.equal(thread(dev, 't04').unread, 0);
  act(dev, { type: 'receive', contact_id: 'c12', text: 'ok' });
  assert.equal(thread(dev, 't04').unread, 0, 'the open thread stays read');
  act(dev, { type: 'receive', number: '555-7777', text: 'new sender' });
  assert.ok(msg(dev).data.threads.find((t) => t.number === '555-7777'));
  const n = msg(dev).data.threads.length;
  act(dev, { type: 'receive', number: 'x', text: 'bad' });
  act(dev, { type: 'receive', number: '555-7777', text: '  ' });
  assert.equal(msg(dev).data.threads.length, n);
});

test('receive: a text from a contact blocked in Contacts never arrives, by id or by number', async () => {
  const dev = await both();
  dev.dispatch('contacts', { type: 'open', id: 'c12' }); // Block is on the contact's screen
  dev.dispatch('contacts', { type: 'toggle_block', id: 'c12', value: true });
  const before = JSON.stringify(thread(dev, 't04'));
  act(dev, { type: 'receive', contact_id: 'c12', text: 'Table booked?' });
  act(dev, { type: 'receive', number: '555 0144', text: 'Still there?' });
  assert.equal(JSON.stringify(thread(dev, 't04')), before);
  assert.equal(dev.getState().os.notifications.length, 0);
  dev.dispatch('contacts', { type: 'toggle_block', id: 'c12', value: false });
  act(dev, { type: 'receive', contact_id: 'c12', text: 'Table booked?' });
  assert.equal(thread(dev, 't04').unread, 1);
});

test('bad actions are ignored; unknown types are not handled; reset is deterministic', async () => {
  const dev = await both();
  const s0 = JSON.stringify(dev.getState());
  open(dev);
  assert.equal(act(dev, { type: 'fly' }), false);
  act(dev, { type: 'pick', contact: 'c1' });
  assert.equal(msg(dev).ui.screen, 'list', 'pick outside the picker is ignored');
  act(dev, { type: 'delete' });
  act(dev, { type: 'ask_delete', thread: 42 });
  act(dev, { type: 'mute' });
  assert.equal(msg(dev).data.threads.length, 14);
  act(dev, { type: 'open', thread: 't01' });
  act(dev, { type: 'new' });
  act(dev, { type: 'search' });
  act(dev, { type: 'archived' });
  for (let i = 0; i < 4; i += 1) dev.system({ type: 'back' });
  assert.equal(msg(dev).ui.screen, 'list');
  dev.reset({ seed: 1 });
  assert.equal(JSON.stringify(dev.getState()), s0);
});

test('new threads and messages never take the id of an existing one (world thread t10, next_id at 10)', async () => {
  const dev = await both();
  // nine sends advance the device's id counter to 10: the next thread would have been "t10", the world's
  for (let i = 0; i < 9; i += 1) act(dev, { type: 'send', thread: 't01', text: `hi ${i}` });
  assert.equal(dev.getState().os.next_id, 10);
  act(dev, { type: 'receive', number: '555-0199', text: 'new sender' });
  const ids = msg(dev).data.threads.map((t) => t.id);
  assert.equal(new Set(ids).size, ids.length, `duplicate thread ids: ${ids}`);
  const fresh = msg(dev).data.threads.find((t) => t.number === '555-0199');
  assert.ok(!['t10', 't11', 't12', 't13', 't14'].includes(fresh.id), fresh.id);
  assert.equal(thread(dev, 't10').number, '555-0129', 'the world thread t10 is untouched');
  // its notification opens the new thread, not the world's t10
  const note = dev.getState().os.notifications[0];
  dev.system({ type: 'tap_notification', id: note.id });
  assert.equal(msg(dev).ui.thread, fresh.id);
  const msgIds = msg(dev).data.threads.flatMap((t) => t.messages.map((m) => m.id));
  assert.equal(new Set(msgIds).size, msgIds.length, 'message ids are unique across threads');
  // the same state and actions give the same ids
  const again = await both();
  for (let i = 0; i < 9; i += 1) act(again, { type: 'send', thread: 't01', text: `hi ${i}` });
  act(again, { type: 'receive', number: '555-0199', text: 'new sender' });
  assert.equal(again.getState().apps.messages.data.threads.find((t) => t.number === '555-0199').id, fresh.id);
});

test('same-minute sends: the thread written to last heads the inbox; search lists the later message first', async () => {
  const dev = await both();
  open(dev);
  act(dev, { type: 'send', thread: 't04', text: 'ferry timetable first' });
  act(dev, { type: 'send', thread: 't08', text: 'ferry timetable second' });
  const inbox = sortedThreads(msg(dev).data.threads).map((t) => t.id);
  assert.deepEqual(inbox.slice(0, 3), ['t05', 't08', 't04']);
  act(dev, { type: 'send', thread: 't04', text: 'ferry timetable third' });
  assert.deepEqual(sortedThreads(msg(dev).data.threads).map((t) => t.id).slice(0, 3), ['t05', 't04', 't08']);
  const contacts = contactsFrom((id) => dev.getState().apps[id]);
  const hits = search(msg(dev).data.threads, contacts, 'ferry timetable').messages.map((h) => h.message.text);
  assert.deepEqual(hits, ['ferry timetable third', 'ferry timetable second', 'ferry timetable first']);
});

test('the recipient picker and search ignore accents', () => {
  const people = [{ id: 'x1', name: 'Zoë Marchetti', phone: '555-0401' }, { id: 'x2', name: 'Renée Okoro', phone: '555-0402' }];
  assert.deepEqual(filterContacts(people, 'zoe').map((c) => c.id), ['x1']);
  assert.deepEqual(filterContacts(people, 'RENEE').map((c) => c.id), ['x2']);
  const threads = [{ id: 'tx', contact_id: 'x2', number: '555-0402', messages: [{ id: 'm1', from: 'them', text: 'Meet at the Café Olé?', time: NOW }] }];
  const found = search(threads, people, 'renee');
  assert.deepEqual(found.threads.map((t) => t.id), ['tx']);
  assert.deepEqual(search(threads, people, 'cafe ole').messages.map((h) => h.message.id), ['m1']);
});
