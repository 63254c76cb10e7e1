// Tests of Murmur's messages: sending, direct messages, threads, show, reactions, pins, edit and delete.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as chat from './logic.js';
import { world, open, data, ui, msg, ch, act, type, snapshotData } from './testkit.mjs';

const { unreadCount, replyCount } = chat;

test('send: posts to the open channel as the signed-in user, marks read, clears the draft', async () => {
  const dev = await open();
  act(dev, { type: 'open_channel', id: 'c-random' });
  assert.equal(unreadCount(data(dev), world, 'u-ada', 'c-random'), 0, 'opening a channel reads it');
  type(dev, 'compose', '  Tacos for me  ');
  act(dev, { type: 'send' });
  const last = data(dev).messages.at(-1);
  assert.equal(last.text, 'Tacos for me');
  assert.equal(last.author, 'u-ada');
  assert.equal(last.channel, 'c-random');
  assert.equal(last.ts, dev.getState().os.clock.now);
  assert.equal(ui(dev).drafts.compose, '');
  const before = data(dev).messages.length;
  act(dev, { type: 'send' });
  type(dev, 'compose', '   ');
  act(dev, { type: 'send' });
  assert.equal(data(dev).messages.length, before, 'empty messages are not sent');
  act(dev, { type: 'send', text: 'x'.repeat(2001) });
  assert.equal(data(dev).messages.length, before);
  assert.match(ui(dev).notice, /at most/);
});

test('send: non-members of a public channel must join first; join adds them', async () => {
  const dev = await open();
  act(dev, { type: 'open_browse' }); // not joined: its row is in the channel browser
  act(dev, { type: 'open_channel', id: 'c-data' });
  const before = snapshotData(dev);
  act(dev, { type: 'send', text: 'hello' });
  assert.deepEqual(data(dev).messages, before.messages);
  assert.match(ui(dev).notice, /Join #data-requests/);
  act(dev, { type: 'join' });
  assert.ok(ch(dev, 'c-data').members.includes('u-ada'));
  act(dev, { type: 'send', text: 'hello' });
  assert.equal(data(dev).messages.at(-1).channel, 'c-data');
});

test('direct messages: opening a new DM creates it on the first message only', async () => {
  const dev = await open();
  act(dev, { type: 'open_dm', user: 'u-dario' });
  assert.equal(ch(dev, 'dm-ada-dario'), undefined);
  act(dev, { type: 'send', text: 'Can you triage 4510?' });
  assert.deepEqual(ch(dev, 'dm-ada-dario').members, ['u-ada', 'u-dario']);
  assert.equal(data(dev).messages.at(-1).channel, 'dm-ada-dario');
  act(dev, { type: 'open_dm', user: 'u-bram' });
  assert.equal(unreadCount(data(dev), world, 'u-ada', 'dm-ada-bram'), 0);
  act(dev, { type: 'open_dm', user: 'u-nobody' });
  assert.equal(ui(dev).channel, 'dm-ada-bram');
});

test('threads: open, reply, reply counts; replies do not count as unread roots', async () => {
  const dev = await open();
  act(dev, { type: 'open_thread', id: 'mg3' });
  assert.equal(ui(dev).pane, 'thread');
  type(dev, 'reply', 'Great!');
  act(dev, { type: 'reply' });
  assert.equal(replyCount(data(dev), 'mg3'), 3);
  const r = data(dev).messages.at(-1);
  assert.equal(r.parent, 'mg3');
  assert.equal(ui(dev).drafts.reply, '');
  act(dev, { type: 'open_thread', id: 'mg3a' });
  assert.equal(ui(dev).thread, 'mg3', 'a reply is not a thread root');
  act(dev, { type: 'reply', id: 'mg3a', text: 'nested?' });
  assert.equal(replyCount(data(dev), 'mg3'), 3, 'no replies to replies');
  act(dev, { type: 'close_pane' });
  assert.equal(ui(dev).pane, null);
});

test('show: a search hit or mention opens its conversation with the thread', async () => {
  const dev = await open();
  act(dev, { type: 'search', query: 'dumplings' });
  assert.equal(ui(dev).screen, 'search');
  act(dev, { type: 'show', id: 'mr1c' });
  assert.equal(ui(dev).screen, 'channel');
  assert.equal(ui(dev).channel, 'c-random');
  assert.equal(ui(dev).thread, 'mr1');
  assert.equal(ui(dev).focus, 'mr1c');
  act(dev, { type: 'show', id: 'mh1' });
  assert.equal(ui(dev).channel, 'c-random', 'hidden messages cannot be shown');
});

test('react: toggles per user, unknown codes are ignored, members only', async () => {
  const dev = await open();
  act(dev, { type: 'react', id: 'mg1', code: 'thumbs' });
  assert.deepEqual(msg(dev, 'mg1').reactions.thumbs, ['u-bram', 'u-celia'], 'Ada had reacted: toggled off');
  act(dev, { type: 'react', id: 'mg1', code: 'thumbs' });
  assert.deepEqual(msg(dev, 'mg1').reactions.thumbs, ['u-bram', 'u-celia', 'u-ada']);
  act(dev, { type: 'react', id: 'mg8', code: 'check' });
  assert.deepEqual(msg(dev, 'mg8').reactions, { check: ['u-ada'] });
  act(dev, { type: 'react', id: 'mg8', code: 'check' });
  assert.equal(msg(dev, 'mg8').reactions, undefined, 'empty reactions are removed');
  act(dev, { type: 'react', id: 'mg8', code: 'fire' });
  assert.equal(msg(dev, 'mg8').reactions, undefined);
  act(dev, { type: 'open_browse' }); // not joined: its row is in the channel browser
  act(dev, { type: 'open_channel', id: 'c-data' });
  act(dev, { type: 'react', id: 'mq3', code: 'check' });
  assert.equal(msg(dev, 'mq3').reactions, undefined);
  assert.match(ui(dev).notice, /Join #data-requests/);
  act(dev, { type: 'open_channel', id: 'c-general' });
  act(dev, { type: 'open_picker', id: 'mg8' });
  assert.equal(ui(dev).picker, 'mg8');
  act(dev, { type: 'react', id: 'mg8', code: 'heart' });
  assert.equal(ui(dev).picker, null);
  act(dev, { type: 'open_picker', id: 'mg8' });
  act(dev, { type: 'close_picker' });
  assert.equal(ui(dev).picker, null);
});

test('pin: toggle, records the pinner, unpin', async () => {
  const dev = await open();
  act(dev, { type: 'focus', id: 'mg6' });
  assert.equal(ui(dev).focus, 'mg6');
  act(dev, { type: 'focus', id: 'md1' });
  assert.equal(ui(dev).focus, 'mg6', 'only messages of the open conversation can be focused');
  act(dev, { type: 'pin', id: 'mg6' });
  assert.equal(msg(dev, 'mg6').pinned, 'u-ada');
  act(dev, { type: 'pin', id: 'mg4' });
  assert.equal(msg(dev, 'mg4').pinned, undefined);
  act(dev, { type: 'pin', id: 'mg6', value: true });
  assert.equal(msg(dev, 'mg6').pinned, 'u-ada');
  act(dev, { type: 'pin', id: 'mg6', value: false });
  assert.equal(msg(dev, 'mg6').pinned, undefined);
  act(dev, { type: 'open_pins' });
  assert.equal(ui(dev).pane, 'pins');
  act(dev, { type: 'open_pins' });
  assert.equal(ui(dev).pane, null);
});

test('edit: own messages only, empty refused, unchanged text is not marked edited', async () => {
  const dev = await open();
  act(dev, { type: 'open_channel', id: 'c-release' });
  act(dev, { type: 'edit', id: 'me1' });
  assert.equal(ui(dev).editing, null);
  assert.match(ui(dev).notice, /own messages/);
  act(dev, { type: 'edit', id: 'me5' });
  assert.equal(ui(dev).editing, 'me5');
  assert.equal(ui(dev).drafts.edit, msg(dev, 'me5').text);
  act(dev, { type: 'save_edit' });
  assert.equal(msg(dev, 'me5').edited, undefined);
  act(dev, { type: 'edit', id: 'me5' });
  type(dev, 'edit', '  ');
  act(dev, { type: 'save_edit' });
  assert.match(ui(dev).errors.edit, /empty/);
  type(dev, 'edit', 'Reminder: the freeze starts Tuesday, so no merges after 18:00 on Monday.');
  act(dev, { type: 'save_edit' });
  assert.equal(msg(dev, 'me5').text, 'Reminder: the freeze starts Tuesday, so no merges after 18:00 on Monday.');
  assert.equal(msg(dev, 'me5').edited, true);
  act(dev, { type: 'edit', id: 'me5' });
  act(dev, { type: 'cancel_edit' });
  assert.equal(ui(dev).editing, null);
});

test('delete: own only, confirm, thread roots with replies stay as placeholders', async () => {
  const dev = await open();
  act(dev, { type: 'delete', id: 'mg1' });
  assert.equal(ui(dev).dialog, null);
  assert.match(ui(dev).notice, /own messages/);
  act(dev, { type: 'open_channel', id: 'c-release' });
  act(dev, { type: 'delete', id: 'me3' });
  assert.equal(ui(dev).dialog, 'delete');
  act(dev, { type: 'close_dialog' });
  assert.ok(msg(dev, 'me3'));
  act(dev, { type: 'delete', id: 'me3' });
  act(dev, { type: 'confirm_delete' });
  assert.equal(msg(dev, 'me3'), undefined);
  act(dev, { type: 'confirm_delete' });
  // Ada's thread root with a reply: becomes a placeholder.
  act(dev, { type: 'open_channel', id: 'c-random' });
  act(dev, { type: 'send', text: 'Root' });
  const root = data(dev).messages.at(-1);
  act(dev, { type: 'open_thread', id: root.id });
  act(dev, { type: 'reply', id: root.id, text: 'child' });
  act(dev, { type: 'delete', id: root.id });
  act(dev, { type: 'confirm_delete' });
  assert.equal(msg(dev, root.id).deleted, true);
  assert.equal(msg(dev, root.id).text, '');
  assert.equal(replyCount(data(dev), root.id), 1);
  act(dev, { type: 'reply', id: root.id, text: 'more' });
  assert.equal(replyCount(data(dev), root.id), 1, 'no replies to deleted roots');
  act(dev, { type: 'delete', id: root.id });
  assert.equal(ui(dev).dialog, null, 'deleted messages cannot be deleted again');
});

test('delete: a placeholder root goes with its last reply (no empty "deleted" thread stays behind)', async () => {
  const dev = await open();
  act(dev, { type: 'open_channel', id: 'c-random' });
  act(dev, { type: 'send', text: 'Root' });
  const root = data(dev).messages.at(-1);
  act(dev, { type: 'open_thread', id: root.id });
  act(dev, { type: 'reply', id: root.id, text: 'one' });
  const one = data(dev).messages.at(-1);
  act(dev, { type: 'reply', id: root.id, text: 'two' });
  const two = data(dev).messages.at(-1);
  act(dev, { type: 'delete', id: root.id });
  act(dev, { type: 'confirm_delete' });
  act(dev, { type: 'open_thread', id: root.id });
  act(dev, { type: 'delete', id: one.id });
  act(dev, { type: 'confirm_delete' });
  assert.equal(msg(dev, root.id).deleted, true, 'one reply left: the placeholder stays');
  assert.equal(ui(dev).thread, root.id);
  act(dev, { type: 'delete', id: two.id });
  act(dev, { type: 'confirm_delete' });
  assert.equal(msg(dev, root.id), undefined);
  assert.equal(msg(dev, two.id), undefined);
  assert.equal(ui(dev).pane, null);
  assert.equal(ui(dev).thread, null);
});

test('mentions match a handle in any case: "@Bram" mentions bram and is highlighted as one', async () => {
  const dev = await open();
  act(dev, { type: 'open_channel', id: 'c-general' });
  act(dev, { type: 'send', text: 'Thanks @Bram, and @BRAM-x is nobody' });
  const m = data(dev).messages.at(-1);
  assert.deepEqual(chat.mentionedHandles(world, m.text), ['bram']);
  assert.deepEqual(chat.textSegments(world, m.text).filter((s) => s.mention).map((s) => [s.text, s.mention]), [['@Bram', 'u-bram']]);
  act(dev, { type: 'switch_user', user: 'u-bram' });
  assert.ok(chat.mentionsOf(data(dev), world, 'u-bram').some((x) => x.id === m.id));
});

test('message actions act only on a message on screen: not another list, not a closed thread, not under a dialog', async () => {
  const dev = await open();
  assert.equal(ui(dev).channel, 'c-general');
  const before = snapshotData(dev);
  // me3 and me4a are Ada's, in #release, not shown while #general is open
  act(dev, { type: 'react', id: 'me3', code: 'tada' });
  act(dev, { type: 'pin', id: 'me3' });
  act(dev, { type: 'edit', id: 'me3' });
  act(dev, { type: 'delete', id: 'me3' });
  act(dev, { type: 'confirm_delete' });
  act(dev, { type: 'open_picker', id: 'me3' });
  act(dev, { type: 'focus', id: 'me3' });
  act(dev, { type: 'open_thread', id: 'me4' });
  act(dev, { type: 'reply', id: 'mg3', text: 'no thread open' });
  // a reply is shown only in its open thread, not in the channel's list
  act(dev, { type: 'delete', id: 'mg5a' });
  assert.deepEqual(snapshotData(dev), before);
  assert.equal(ui(dev).dialog, null);
  assert.equal(ui(dev).editing, null);
  assert.equal(ui(dev).picker, null);
  assert.equal(ui(dev).pane, null);
  assert.equal(ui(dev).channel, 'c-general');
  // the search results list messages but has no buttons on them
  act(dev, { type: 'search', query: 'release' });
  act(dev, { type: 'pin', id: 'me1', value: false });
  assert.equal(msg(dev, 'me1').pinned, 'u-bram');
  // the thread pane shows its replies; the dialog covers everything else
  act(dev, { type: 'open_channel', id: 'c-general' });
  act(dev, { type: 'open_thread', id: 'mg5' });
  act(dev, { type: 'delete', id: 'mg5a' });
  assert.equal(ui(dev).dialog, 'delete');
  act(dev, { type: 'react', id: 'mg8', code: 'eyes' });
  assert.equal(msg(dev, 'mg8').reactions, undefined, 'under the dialog');
  act(dev, { type: 'close_dialog' });
  act(dev, { type: 'react', id: 'mg5a', code: 'eyes' });
  assert.deepEqual(msg(dev, 'mg5a').reactions, { eyes: ['u-ada'] });
  // the pins pane unpins its own pins
  act(dev, { type: 'open_pins' });
  act(dev, { type: 'pin', id: 'mg4', value: false });
  assert.equal(msg(dev, 'mg4').pinned, undefined);
});
