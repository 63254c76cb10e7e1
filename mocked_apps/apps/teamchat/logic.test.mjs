import test from 'node:test';
import assert from 'node:assert/strict';
import * as chat from './logic.js';
import { world, open, data, ui, msg, ch, act, type, snapshotData } from './testkit.mjs';

const {
  unreadCount, mentionsOf, searchMessages, parseQuery, validateChannel, textSegments, mentionedHandles, dmId,
  replyCount, pinnedMessages, canSee, joinedChannels, browsableChannels, rootMessages, channelByName,
} = chat;

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
  // accents and case never decide: the query and the message are folded alike
  const accented = { ...d, messages: d.messages.map((m) => (m.id === 'ms6' ? { ...m, text: 'Le café de São Paulo: ticket réglé' } : m)) };
  assert.deepEqual(searchMessages(accented, world, 'u-ada', 'CAFE sao regle').map((m) => m.id), ['ms6']);
  assert.deepEqual(searchMessages(accented, world, 'u-ada', 'Réglé').map((m) => m.id), ['ms6']);
  assert.deepEqual(parseQuery('Café').words, ['cafe']);
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

test('world times without an offset are read as UTC whatever the host time zone', () => {
  const w = JSON.parse(JSON.stringify(world));
  w.messages[0].ts = '2026-03-12T09:02';
  // read markers too (the open channel is marked read at init, so look at another one)
  const other = Object.keys(w.reads[w.me]).find((c) => c !== (w.start_channel || 'c-general'));
  w.reads[w.me][other] = '2026-03-12T10:00:00';
  const zone = process.env.TZ;
  const inits = [];
  try {
    for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      process.env.TZ = tz;
      inits.push(chat.init(w).data);
    }
  } finally {
    if (zone === undefined) delete process.env.TZ; else process.env.TZ = zone;
  }
  assert.equal(inits[0].messages[0].ts, Date.UTC(2026, 2, 12, 9, 2));
  assert.equal(inits[0].reads[w.me][other], Date.UTC(2026, 2, 12, 10, 0));
  for (const d of inits.slice(1)) assert.deepEqual(d, inits[0]);
});
