import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import * as chat from './logic.js';

const world = readJson('apps/teamchat/world.json');
const {
  unreadCount, mentionsOf, searchMessages, parseQuery, validateChannel, textSegments, mentionedHandles, dmId,
  replyCount, pinnedMessages, canSee, joinedChannels, browsableChannels, rootMessages, channelByName,
} = chat;

async function open(reset = {}) {
  const dev = await loadDevice({ apps: ['teamchat'], reset: { seed: 2, ...reset } });
  dev.system({ type: 'open', app: 'teamchat' });
  return dev;
}
const app = (dev) => dev.getState().apps.teamchat;
const data = (dev) => app(dev).data;
const ui = (dev) => app(dev).ui;
const msg = (dev, id) => data(dev).messages.find((m) => m.id === id);
const ch = (dev, id) => data(dev).channels.find((c) => c.id === id);
const act = (dev, action) => dev.dispatch('teamchat', action);
const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
const snapshotData = (dev) => JSON.parse(JSON.stringify(data(dev)));

test('init: world copied, times in ms, #general open and read for Ada', async () => {
  const dev = await open();
  const d = data(dev);
  assert.equal(d.me, 'u-ada');
  assert.equal(d.messages.length, world.messages.length);
  assert.equal(msg(dev, 'mg1').ts, Date.UTC(2026, 2, 12, 9, 2));
  assert.equal(ui(dev).screen, 'channel');
  assert.equal(ui(dev).channel, 'c-general');
  assert.equal(unreadCount(d, world, 'u-ada', 'c-general'), 0);
  assert.ok(JSON.stringify(dev.getState()).length < 16000, 's0 stays small');
});

test('selectors: unread counts per conversation for Ada', async () => {
  const dev = await open();
  const d = data(dev);
  const counts = Object.fromEntries(d.channels.map((c) => [c.id, unreadCount(d, world, 'u-ada', c.id)]));
  assert.deepEqual(counts, {
    'c-general': 0, 'c-random': 2, 'c-design': 2, 'c-release': 0, 'c-support': 3, 'c-data': 0, 'c-leads': 1,
    'c-offsite': 0, 'c-hiring': 0, 'dm-ada-bram': 1, 'dm-ada-celia': 0, 'dm-ada-gideon': 1, 'dm-bram-elif': 0,
  });
  // Users without read markers have read everything up to the baseline.
  assert.equal(unreadCount(d, world, 'u-bram', 'c-support'), 0);
});

test('selectors: visibility, channel lists, mentions, threads, pins', async () => {
  const dev = await open();
  const d = data(dev);
  assert.equal(canSee(ch(dev, 'c-hiring'), 'u-ada'), false);
  assert.equal(canSee(ch(dev, 'c-hiring'), 'u-bram'), true);
  assert.equal(canSee(ch(dev, 'c-data'), 'u-ada'), true, 'public channels are readable by everyone');
  assert.equal(canSee(ch(dev, 'dm-bram-elif'), 'u-ada'), false);
  assert.deepEqual(joinedChannels(d, 'u-ada').map((c) => c.name),
    ['design', 'general', 'leads', 'offsite-planning', 'random', 'release-2-4', 'support']);
  assert.ok(browsableChannels(d, 'u-ada').some((c) => c.id === 'c-data'));
  assert.ok(!browsableChannels(d, 'u-ada').some((c) => c.id === 'c-hiring'));
  assert.deepEqual(mentionsOf(d, world, 'u-ada').map((m) => m.id), ['mg9', 'ml4', 'ms5', 'mg5', 'md3']);
  assert.deepEqual(mentionsOf(d, world, 'u-dario').map((m) => m.id), ['ms7']);
  assert.equal(replyCount(d, 'mr1'), 4);
  assert.equal(replyCount(d, 'ms2'), 3);
  assert.deepEqual(pinnedMessages(d, 'c-general').map((m) => m.id), ['mg4']);
  assert.deepEqual(rootMessages(d, 'c-general').map((m) => m.id).slice(0, 3), ['mg1', 'mg2', 'mg3']);
  assert.equal(dmId('u-bram', 'u-ada'), 'dm-ada-bram');
  assert.equal(channelByName(d, '#Release-2-4').id, 'c-release');
});

test('selectors: text segments and mentions ignore unknown handles', () => {
  assert.deepEqual(mentionedHandles(world, '@ada and @nobody and @ada @farah'), ['ada', 'farah']);
  assert.deepEqual(textSegments(world, 'hi @bram, see @zed').map((s) => [s.text, s.mention]),
    [['hi ', null], ['@bram', 'u-bram'], [', see @zed', null]]);
});

test('search: words, from:, in:, visibility', async () => {
  const dev = await open();
  const d = data(dev);
  assert.deepEqual(parseQuery('from:@bram in:#support fix'), { from: 'bram', in: 'support', words: ['fix'] });
  assert.deepEqual(searchMessages(d, world, 'u-ada', 'ticket 4502').map((m) => m.id), ['ms6', 'ms4']);
  assert.deepEqual(searchMessages(d, world, 'u-ada', 'from:@bram ticket').map((m) => m.id), ['ms6']);
  assert.deepEqual(searchMessages(d, world, 'u-ada', 'in:#random dumplings').map((m) => m.id), ['mr1d', 'mr1c', 'mr1a', 'mr1']);
  assert.deepEqual(searchMessages(d, world, 'u-ada', 'offers'), [], 'private #hiring is hidden from Ada');
  assert.deepEqual(searchMessages(d, world, 'u-bram', 'offers').map((m) => m.id), ['mh1']);
  assert.deepEqual(searchMessages(d, world, 'u-ada', ''), []);
  assert.deepEqual(searchMessages(d, world, 'u-ada', 'from:@ghost'), []);
});

test('validateChannel: name rules, uniqueness, topic length', async () => {
  const dev = await open();
  const d = data(dev);
  assert.deepEqual(validateChannel(d, ' q3-roadmap ', ' Plans ').errors, {});
  assert.equal(validateChannel(d, '#q3-roadmap', '').values.name, 'q3-roadmap');
  for (const bad of ['Q3 Roadmap', 'q3_roadmap', 'q3--roadmap', '-q3', 'q3-', 'Design', 'a b']) {
    assert.match(validateChannel(d, bad, '').errors.name, /lowercase/, bad);
  }
  assert.match(validateChannel(d, '', '').errors.name, /Enter/);
  assert.match(validateChannel(d, 'a'.repeat(41), '').errors.name, /at most 40/);
  assert.match(validateChannel(d, 'design', '').errors.name, /already exists/);
  assert.match(validateChannel(d, 'hiring', '').errors.name, /already exists/, 'private names count too');
  assert.match(validateChannel(d, 'ok', 'x'.repeat(121)).errors.topic, /at most 120/);
});

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

test('private channels: invisible to outsiders, cannot be opened or joined', async () => {
  const dev = await open();
  const before = snapshotData(dev);
  act(dev, { type: 'open_channel', id: 'c-hiring' });
  assert.equal(ui(dev).channel, 'c-general');
  act(dev, { type: 'join', id: 'c-hiring' });
  assert.deepEqual(ch(dev, 'c-hiring').members, before.channels.find((c) => c.id === 'c-hiring').members);
  assert.match(ui(dev).notice, /invite-only/);
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
  act(dev, { type: 'react', id: 'mq3', code: 'check' });
  assert.equal(msg(dev, 'mq3').reactions, undefined);
  assert.match(ui(dev).notice, /Join #data-requests/);
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
  act(dev, { type: 'leave', id: 'c-general' });
  assert.match(ui(dev).notice, /Everyone stays/);
  act(dev, { type: 'leave', id: 'c-offsite' });
  assert.match(ui(dev).notice, /created/);
  act(dev, { type: 'open_channel', id: 'c-leads' });
  act(dev, { type: 'leave' });
  assert.ok(!ch(dev, 'c-leads').members.includes('u-ada'));
  assert.equal(ui(dev).channel, 'c-general');
});

test('navigation: mentions, browse, search, back, intents, dismiss', async () => {
  const dev = await open();
  act(dev, { type: 'open_mentions' });
  assert.equal(ui(dev).screen, 'mentions');
  act(dev, { type: 'open_browse' });
  assert.equal(ui(dev).screen, 'browse');
  type(dev, 'search', 'board game');
  act(dev, { type: 'search' });
  assert.equal(ui(dev).query, 'board game');
  act(dev, { type: 'clear_search' });
  assert.equal(ui(dev).screen, 'channel');
  act(dev, { type: 'search', query: '   ' });
  assert.equal(ui(dev).screen, 'channel');
  act(dev, { type: 'open_channel', id: 'c-support' });
  act(dev, { type: 'open_details' });
  dev.system({ type: 'back' });
  assert.equal(ui(dev).pane, null);
  dev.system({ type: 'back' });
  assert.equal(ui(dev).screen, 'channel');
  assert.equal(ui(dev).channel, 'c-general');
  while (ui(dev).stack.length) dev.system({ type: 'back' });
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher', 'back at the root leaves the app');
  dev.system({ type: 'open', app: 'teamchat', intent: { channel: 'c-support' } });
  assert.equal(ui(dev).channel, 'c-support');
  dev.system({ type: 'open', app: 'teamchat', intent: { user: 'u-hana' } });
  assert.equal(ui(dev).channel, 'dm-ada-hana');
  act(dev, { type: 'delete', id: 'mg1' });
  act(dev, { type: 'dismiss' });
  assert.equal(ui(dev).notice, null);
  assert.equal(act(dev, { type: 'no_such_action' }), false);
});

test('bad input never changes data', async () => {
  const dev = await open();
  const before = snapshotData(dev);
  for (const a of [
    { type: 'open_channel', id: 'nope' }, { type: 'react', id: 'nope', code: 'thumbs' }, { type: 'pin', id: 'nope' },
    { type: 'edit', id: 'nope' }, { type: 'save_edit' }, { type: 'delete', id: 'nope' }, { type: 'confirm_delete' },
    { type: 'confirm_remove' }, { type: 'join', id: 'nope' }, { type: 'leave', id: 'nope' }, { type: 'create_channel' },
    { type: 'save_topic' }, { type: 'add_member', user: 'u-bram', channel: 'nope' }, { type: 'remove_member', user: 'nope' },
    { type: 'reply', id: 'nope', text: 'x' }, { type: 'show', id: 'nope' }, { type: 'focus', id: 'nope' }, { type: 'open_thread', id: 'nope' },
  ]) act(dev, a);
  const after = snapshotData(dev);
  assert.deepEqual(after, before);
});
