// Tests of Murmur's channels: private visibility, creation, topics, members, the user switch and leaving.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as chat from './logic.js';
import { open, data, ui, ch, act, type, snapshotData } from './testkit.mjs';

const { channelByName } = chat;

test('private channels: invisible to outsiders, cannot be opened or joined', async () => {
  const dev = await open();
  const before = snapshotData(dev);
  act(dev, { type: 'open_channel', id: 'c-hiring' });
  assert.equal(ui(dev).channel, 'c-general');
  act(dev, { type: 'join', id: 'c-hiring' });
  act(dev, { type: 'open_browse' });
  act(dev, { type: 'join', id: 'c-hiring' });
  assert.deepEqual(ch(dev, 'c-hiring').members, before.channels.find((c) => c.id === 'c-hiring').members, 'not listed: no Join button');
});

test('create channel: validation errors, private toggle, creator is the signed-in user', async () => {
  const dev = await open();
  act(dev, { type: 'new_channel' });
  assert.equal(ui(dev).dialog, 'create');
  type(dev, 'channel-name', 'Q3 Roadmap');
  act(dev, { type: 'create_channel' });
  assert.match(ui(dev).errors.name, /lowercase/);
  type(dev, 'channel-name', 'design');
  act(dev, { type: 'create_channel' });
  assert.match(ui(dev).errors.name, /already exists/);
  type(dev, 'channel-name', 'q3-roadmap');
  type(dev, 'channel-topic', 'Planning Q3');
  act(dev, { type: 'toggle_private' });
  act(dev, { type: 'create_channel' });
  const c = channelByName(data(dev), 'q3-roadmap');
  assert.deepEqual({ ...c, id: 'x' }, { id: 'x', name: 'q3-roadmap', kind: 'channel', private: true, topic: 'Planning Q3',
    creator: 'u-ada', created: '2026-03-14', members: ['u-ada'] });
  assert.equal(ui(dev).channel, c.id);
  assert.equal(ui(dev).dialog, null);
  act(dev, { type: 'toggle_private' });
  assert.equal(ui(dev).newPrivate, false, 'toggle only inside the dialog');
  act(dev, { type: 'create_channel' });
  assert.equal(data(dev).channels.filter((x) => x.name === 'q3-roadmap').length, 1);
});

test('topic: members edit it, trimmed, length-checked; non-members cannot', async () => {
  const dev = await open();
  act(dev, { type: 'open_channel', id: 'c-design' });
  act(dev, { type: 'edit_topic' });
  assert.equal(ui(dev).drafts.topic, 'Design reviews and critiques');
  type(dev, 'topic', 'x'.repeat(121));
  act(dev, { type: 'save_topic' });
  assert.match(ui(dev).errors.topic, /at most/);
  type(dev, 'topic', '  Crit on Tuesdays  ');
  act(dev, { type: 'save_topic' });
  assert.equal(ch(dev, 'c-design').topic, 'Crit on Tuesdays');
  act(dev, { type: 'edit_topic' });
  act(dev, { type: 'cancel_topic' });
  assert.equal(ui(dev).editingTopic, false);
  act(dev, { type: 'open_browse' }); // not joined: its row is in the channel browser
  act(dev, { type: 'open_channel', id: 'c-data' });
  act(dev, { type: 'edit_topic' });
  assert.equal(ui(dev).editingTopic, false);
  assert.match(ui(dev).notice, /Join/);
});

test('members: any member adds; only the creator removes, after a confirm', async () => {
  const dev = await open();
  act(dev, { type: 'open_channel', id: 'c-design' });
  act(dev, { type: 'add_people' });
  assert.equal(ui(dev).pane, 'details');
  assert.equal(ui(dev).adding, true);
  act(dev, { type: 'add_member', user: 'u-dario' });
  assert.ok(ch(dev, 'c-design').members.includes('u-dario'));
  act(dev, { type: 'add_member', user: 'u-dario' });
  assert.equal(ch(dev, 'c-design').members.filter((u) => u === 'u-dario').length, 1);
  act(dev, { type: 'add_member', user: 'u-ghost' });
  assert.ok(!ch(dev, 'c-design').members.includes('u-ghost'));
  act(dev, { type: 'remove_member', user: 'u-elif' });
  assert.equal(ui(dev).dialog, null);
  assert.match(ui(dev).notice, /Only the channel creator, Celia Brandt/);
  assert.ok(ch(dev, 'c-design').members.includes('u-elif'));
  // Ada created #offsite-planning.
  act(dev, { type: 'open_channel', id: 'c-offsite' });
  act(dev, { type: 'remove_member', user: 'u-hana' });
  assert.equal(ui(dev).dialog, null, 'the members list is not open');
  act(dev, { type: 'open_details' });
  act(dev, { type: 'remove_member', user: 'u-elif', channel: 'c-design' });
  assert.equal(ui(dev).dialog, null, 'a member of another channel than the one shown');
  act(dev, { type: 'remove_member', user: 'u-ada' });
  assert.match(ui(dev).notice, /yourself/);
  act(dev, { type: 'remove_member', user: 'u-hana' });
  assert.equal(ui(dev).dialog, 'remove');
  act(dev, { type: 'close_dialog' });
  assert.ok(ch(dev, 'c-offsite').members.includes('u-hana'));
  act(dev, { type: 'remove_member', user: 'u-hana' });
  act(dev, { type: 'confirm_remove' });
  assert.deepEqual(ch(dev, 'c-offsite').members, ['u-ada', 'u-celia', 'u-farah']);
  act(dev, { type: 'open_channel', id: 'c-data' });
  act(dev, { type: 'open_details' });
  act(dev, { type: 'add_people' });
  act(dev, { type: 'add_member', user: 'u-bram' });
  assert.ok(!ch(dev, 'c-data').members.includes('u-bram'), 'non-members cannot invite');
});

test('user switch: permissions and "own message" rules follow the current user', async () => {
  const dev = await open();
  act(dev, { type: 'user_menu' });
  assert.equal(ui(dev).menu, 'user');
  act(dev, { type: 'switch_user', user: 'u-celia' });
  assert.equal(data(dev).me, 'u-celia');
  assert.equal(ui(dev).menu, null);
  act(dev, { type: 'open_channel', id: 'c-design' });
  act(dev, { type: 'open_details' });
  act(dev, { type: 'remove_member', user: 'u-elif' });
  act(dev, { type: 'confirm_remove' });
  assert.ok(!ch(dev, 'c-design').members.includes('u-elif'));
  act(dev, { type: 'edit', id: 'md1' });
  assert.equal(ui(dev).editing, 'md1');
  act(dev, { type: 'cancel_edit' });
  act(dev, { type: 'send', text: 'Thanks all' });
  assert.equal(data(dev).messages.at(-1).author, 'u-celia');
  act(dev, { type: 'switch_user', user: 'u-bram' });
  act(dev, { type: 'open_channel', id: 'c-hiring' });
  assert.equal(ui(dev).channel, 'c-hiring');
  act(dev, { type: 'switch_user', user: 'u-ada' });
  assert.equal(ui(dev).channel, 'c-general', 'a channel the new user cannot see is left');
  act(dev, { type: 'switch_user', user: 'u-ghost' });
  assert.equal(data(dev).me, 'u-ada');
});

test('leave: not #general, not the creator; leaving a private channel goes to #general', async () => {
  const dev = await open();
  act(dev, { type: 'open_details' });
  act(dev, { type: 'leave', id: 'c-general' });
  assert.match(ui(dev).notice, /Everyone stays/);
  act(dev, { type: 'leave', id: 'c-leads' });
  assert.ok(ch(dev, 'c-leads').members.includes('u-ada'), 'not the channel shown');
  act(dev, { type: 'open_channel', id: 'c-offsite' });
  act(dev, { type: 'open_details' });
  act(dev, { type: 'leave', id: 'c-offsite' });
  assert.match(ui(dev).notice, /created/);
  act(dev, { type: 'open_channel', id: 'c-leads' });
  act(dev, { type: 'leave' });
  assert.ok(ch(dev, 'c-leads').members.includes('u-ada'), 'Leave is in the details pane');
  act(dev, { type: 'open_details' });
  act(dev, { type: 'leave' });
  assert.ok(!ch(dev, 'c-leads').members.includes('u-ada'));
  assert.equal(ui(dev).channel, 'c-general');
});
