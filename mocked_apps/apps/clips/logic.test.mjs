import test from 'node:test';
import assert from 'node:assert/strict';
import { intentRecorder, loadDevice } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as clips from './logic.js';
import { world, NOW, solo, app, act, type, dataOf } from './testkit.mjs';

const {
  hashtags, captionParts, search, trendingTags, tagClips, feedClips, newestClip, followerCount, likeCount, clipById,
  commentsOf, progress, mmss, shareText, captionError, creatorClips, totalLikes, unreadCount, ago, count, toMs,
} = clips;

async function full() {
  const dev = await loadDevice({ apps: ['contacts', 'messages', 'clips'], reset: { seed: 2 } });
  dev.system({ type: 'open', app: 'clips' });
  return dev;
}

/** A device with Clips and a stub Messages app that records the intents it receives. */
function withStub({ contacts = true } = {}) {
  const messages = intentRecorder();
  const contactsStub = { init: () => ({ data: { contacts: [{ id: 'c3', name: 'Celia Brandt', phone: '555-0111' }] }, ui: {} }), reduce: () => null };
  const apps = contacts ? { clips, messages, contacts: contactsStub } : { clips, messages };
  const dev = createDevice({ apps, worlds: { clips: world } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'clips' });
  return dev;
}

test('init: follows, likes, own comments, clips and drafts from the world; the For You feed', async () => {
  const dev = await solo();
  const s = app(dev);
  assert.deepEqual(s.data.following, ['u1', 'u2', 'u3', 'u5', 'u6', 'u10']);
  assert.deepEqual(s.data.liked, ['v04', 'v08', 'v13']);
  assert.deepEqual(s.data.posts.map((p) => [p.id, p.privacy]), [['m1', 'public'], ['m2', 'friends'], ['m3', 'private']]);
  assert.equal(s.data.posts[0].time, Date.UTC(2026, 2, 10, 18, 0));
  assert.deepEqual(s.data.drafts.map((d) => d.id), ['d1', 'd2']);
  assert.deepEqual(s.data.comments.map((c) => c.clip), ['v04', 'v13', 'v08']);
  assert.equal(s.ui.screen, 'feed');
  assert.equal(s.ui.feed, 'foryou');
  assert.ok(JSON.stringify(s).length < 10000, 's0 stays small');
  for (const c of world.clips) assert.ok(toMs(c.time) < NOW, `${c.id} is in the past`);
  const ids = world.clips.map((c) => c.id);
  assert.equal(new Set(ids).size, ids.length, 'clip ids are unique');
  for (const c of world.clips) assert.ok(world.creators.some((u) => u.id === c.creator), `${c.id} has a creator`);
});

test('selectors: hashtags, caption parts, counts, newest, feeds, tags, search', async () => {
  const dev = await solo();
  const { data } = app(dev);
  assert.deepEqual(hashtags('Hi #Sketch and #sketch #how_to!'), ['sketch', 'how_to']);
  assert.deepEqual(captionParts('a #b c'), [{ text: 'a ' }, { tag: 'b', text: '#b' }, { text: ' c' }]);
  assert.equal(likeCount(data, clipById(data, world, 'v04')), 5121, 'my like counts');
  assert.equal(likeCount(data, clipById(data, world, 'v01')), 3120);
  assert.equal(followerCount(data, world, 'u1'), 48211, 'my follow counts');
  assert.equal(followerCount(data, world, 'u4'), 8733);
  assert.equal(newestClip(data, world, 'u4').id, 'v02');
  assert.equal(newestClip(data, world, 'u7').id, 'v15');
  assert.equal(newestClip(data, world, 'me').id, 'm1');
  assert.deepEqual(creatorClips(data, world, 'u5').map((c) => c.id), ['v04', 'v14', 'v23']);
  assert.equal(totalLikes(data, world, 'u5'), 5121 + 6275 + 3705);
  assert.equal(feedClips(data, world, 'foryou').length, world.clips.length);
  const following = feedClips(data, world, 'following');
  assert.ok(following.every((c) => data.following.includes(c.creator)));
  assert.deepEqual(following.slice(0, 2).map((c) => c.id), ['v01', 'v03']);
  assert.deepEqual(trendingTags(world).slice(0, 2), [['howto', 5], ['sketch', 5]]);
  assert.deepEqual(tagClips(data, world, '#sketch').map((c) => c.id), ['v04', 'v20', 'v01', 'v11', 'v17', 'm1'], 'public own clips join, most liked first');
  assert.ok(!tagClips(data, world, 'citywalk').some((c) => c.id === 'm2'), 'friends-only clips stay out');
  const r = search(data, world, 'gideon');
  assert.deepEqual(r.creators.map((c) => c.id), ['u4']);
  assert.deepEqual(r.clips.map((c) => c.id), ['v02', 'v12', 'v21']);
  const t = search(data, world, '#hik');
  assert.deepEqual(t.creators, []);
  assert.deepEqual(t.tags.map(([x]) => x), ['hiking']);
  assert.deepEqual(search(data, world, 'letter S').clips.map((c) => c.id), ['v07']);
  assert.deepEqual(search(data, world, '   '), { creators: [], tags: [], clips: [] });
  assert.equal(commentsOf(data, world, 'v04').length, 2);
  assert.equal(commentsOf(data, world, 'm1')[0].by, 'rosa.bakes');
  assert.equal(unreadCount(data, world), 4);
  assert.equal(captionError('  '), 'Add a caption');
  assert.equal(captionError('x'.repeat(151)), 'Keep it under 150 characters');
  assert.equal(captionError('ok #fine'), null);
  assert.equal(ago(NOW - 3600000, NOW), '1h');
  assert.equal(ago(Date.UTC(2026, 1, 27, 12), NOW), 'Feb 27');
  assert.equal(count(48211), '48,211');
  assert.equal(mmss(67), '1:07');
  assert.match(shareText(world, clipById(data, world, 'v07')), /@celia\.inks.*clips\.example\/v\/v07$/);
});

test('answers the task bank relies on', async () => {
  const dev = await solo();
  const { data } = app(dev);
  const newest = Object.fromEntries(world.creators.map((c) => [c.id, newestClip(data, world, c.id)]));
  const likes = Object.fromEntries(Object.entries(newest).map(([k, c]) => [k, [c.id, likeCount(data, c)]]));
  assert.deepEqual(likes, {
    u1: ['v01', 3120], u2: ['v07', 1475], u3: ['v10', 3890], u4: ['v02', 1840], u5: ['v04', 5121],
    u6: ['v03', 2290], u7: ['v15', 745], u8: ['v06', 4310], u9: ['v08', 2861], u10: ['v19', 2110],
  });
  const top = (tag) => { const c = tagClips(data, world, tag)[0]; return [c.id, c.creator]; };
  assert.deepEqual(top('howto'), ['v06', 'u8']);
  assert.deepEqual(top('citywalk'), ['v18', 'u9']);
  assert.deepEqual(top('hiking'), ['v12', 'u4']);
  assert.deepEqual(top('dance'), ['v06', 'u8']);
  assert.deepEqual(top('sunset'), ['v08', 'u9']);
  assert.deepEqual(top('trail'), ['v02', 'u4']);
  const cut = (days) => NOW - days * 86400000;
  const stale = (days) => world.creators.filter((c) => newest[c.id].time < cut(days)).map((c) => c.id);
  assert.deepEqual(stale(5), ['u3', 'u7', 'u10']);
  assert.deepEqual(stale(7), ['u3', 'u7', 'u10']);
  assert.deepEqual(stale(10), ['u3', 'u10']);
  const followers = Object.fromEntries(['u1', 'u2', 'u4', 'u7', 'u8', 'u9', 'u10'].map((id) => [id, followerCount(data, world, id)]));
  assert.deepEqual(followers, { u1: 48211, u2: 12905, u4: 8733, u7: 5092, u8: 39877, u9: 17460, u10: 9916 });
});

test('tabs, feeds and back: roots reset the stack; back from a root goes to the feed, then home', async () => {
  const dev = await solo();
  act(dev, { type: 'feed', feed: 'following' });
  assert.equal(app(dev).ui.feed, 'following');
  act(dev, { type: 'feed', feed: 'bogus' });
  assert.equal(app(dev).ui.feed, 'following');
  act(dev, { type: 'tab', tab: 'discover' });
  act(dev, { type: 'profile', creator: 'u4' });
  act(dev, { type: 'open_clip', clip: 'v02' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.stack.length], ['clip', 2]);
  act(dev, { type: 'tab', tab: 'me' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.stack.length], ['me', 0]);
  act(dev, { type: 'tab', tab: 'nope' });
  assert.equal(app(dev).ui.screen, 'me');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'feed');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  assert.equal(act(dev, { type: 'warp' }), false, 'unknown actions are not handled');
});

test('play toggles, pauses and resumes; progress follows the virtual clock and loops', async () => {
  const dev = await solo();
  act(dev, { type: 'play', clip: 'v02' });
  assert.deepEqual(app(dev).ui.playing, { clip: 'v02', since: NOW, at: 0 });
  assert.equal(app(dev).ui.index, 1, 'the feed index follows the clip acted on');
  dev.system({ type: 'tick', ms: 7000 });
  assert.equal(progress(app(dev).ui.playing, dev.getState().os.clock.now, 22), 7);
  act(dev, { type: 'play', clip: 'v02' });
  assert.deepEqual(app(dev).ui.playing, { clip: 'v02', since: null, at: 7 });
  dev.system({ type: 'tick', ms: 5000 });
  assert.equal(progress(app(dev).ui.playing, dev.getState().os.clock.now, 22), 7, 'paused clips do not advance');
  act(dev, { type: 'play', clip: 'v02' });
  dev.system({ type: 'tick', ms: 20000 });
  assert.equal(progress(app(dev).ui.playing, dev.getState().os.clock.now, 22), 5, 'loops');
  act(dev, { type: 'play', clip: 'v03' });
  assert.equal(app(dev).ui.playing.clip, 'v03');
  const before = JSON.stringify(app(dev));
  act(dev, { type: 'play', clip: 'nope' });
  assert.equal(JSON.stringify(app(dev)), before);
});

test('like and follow toggle (or set) without duplicates; bad ids change nothing', async () => {
  const dev = await solo();
  act(dev, { type: 'like', clip: 'v02' });
  act(dev, { type: 'like', clip: 'v02', value: true });
  assert.deepEqual(app(dev).data.liked, ['v04', 'v08', 'v13', 'v02']);
  act(dev, { type: 'like', clip: 'v04' });
  assert.ok(!app(dev).data.liked.includes('v04'));
  act(dev, { type: 'follow', creator: 'u4' });
  act(dev, { type: 'follow', creator: 'u1', value: false });
  assert.deepEqual(app(dev).data.following, ['u2', 'u3', 'u5', 'u6', 'u10', 'u4']);
  const before = dataOf(dev);
  act(dev, { type: 'like', clip: 'zz' });
  act(dev, { type: 'follow', creator: 'me' });
  act(dev, { type: 'follow', creator: 'u99' });
  act(dev, { type: 'follow' });
  assert.equal(dataOf(dev), before);
});

test('comments: add from the draft (trimmed, limited), delete own behind a confirm', async () => {
  const dev = await solo();
  act(dev, { type: 'comments', clip: 'v02' });
  assert.equal(app(dev).ui.screen, 'comments');
  type(dev, 'comment', '   ');
  act(dev, { type: 'add_comment' });
  assert.equal(app(dev).data.comments.length, 3);
  type(dev, 'comment', 'x'.repeat(151));
  act(dev, { type: 'add_comment' });
  assert.equal(app(dev).data.comments.length, 3);
  assert.ok(app(dev).ui.errors.comment);
  type(dev, 'comment', '  Great view!  ');
  act(dev, { type: 'add_comment' });
  const added = app(dev).data.comments.at(-1);
  assert.deepEqual({ ...added, id: 'x' }, { id: 'x', clip: 'v02', text: 'Great view!', time: NOW });
  assert.equal(app(dev).ui.drafts.comment, '');
  assert.deepEqual(app(dev).ui.errors, {});
  assert.equal(commentsOf(app(dev).data, world, 'v02').at(-1).mine, true);
  act(dev, { type: 'delete_comment', id: added.id });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'delete_comment', id: added.id });
  act(dev, { type: 'cancel' });
  assert.equal(app(dev).data.comments.length, 4);
  act(dev, { type: 'delete_comment', id: added.id });
  act(dev, { type: 'confirm' });
  assert.equal(app(dev).data.comments.length, 3);
  act(dev, { type: 'delete_comment', id: 'w1' });
  assert.equal(app(dev).ui.dialog, null, "others' comments cannot be deleted");
  act(dev, { type: 'confirm' });
  assert.equal(app(dev).data.comments.length, 3, 'confirm without a dialog does nothing');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'feed');
  act(dev, { type: 'add_comment' });
  assert.equal(app(dev).data.comments.length, 3, 'no comment outside the comments screen');
});

test('profiles, tags, search draft, following list, intents', async () => {
  const dev = await solo();
  act(dev, { type: 'profile', creator: 'u4' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.creator], ['profile', 'u4']);
  act(dev, { type: 'profile', creator: 'me' });
  assert.equal(app(dev).ui.screen, 'me');
  act(dev, { type: 'profile', creator: 'u77' });
  assert.equal(app(dev).ui.screen, 'me');
  act(dev, { type: 'tag', tag: '#Hiking' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.tag], ['tag', 'hiking']);
  act(dev, { type: 'tag', tag: 'bad tag!' });
  assert.equal(app(dev).ui.tag, 'hiking');
  type(dev, 'search', 'orbit');
  act(dev, { type: 'clear_search' });
  assert.equal(app(dev).ui.drafts.search, '');
  act(dev, { type: 'following' });
  assert.equal(app(dev).ui.screen, 'following');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'tag');
  act(dev, { type: 'intent', clip: 'm1' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.clip, app(dev).ui.stack[0].screen], ['clip', 'm1', 'me']);
  act(dev, { type: 'intent', creator: 'u9' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.creator], ['profile', 'u9']);
  const before = JSON.stringify(app(dev));
  act(dev, { type: 'intent', clip: 'nope' });
  act(dev, { type: 'intent', creator: 'me' });
  assert.equal(JSON.stringify(app(dev)), before);
});

test('share: the sheet hands the clip text and link to Messages; copy link; no Messages -> notice', async () => {
  const dev = withStub();
  act(dev, { type: 'share', clip: 'v07' });
  assert.deepEqual(app(dev).ui.sheet, { kind: 'share', clip: 'v07' });
  act(dev, { type: 'share_messages' });
  assert.equal(dev.getState().os.foreground, 'messages');
  assert.deepEqual(dev.getState().apps.messages.data.intents, [{ text: shareText(world, clipById({}, world, 'v07')) }]);
  dev.system({ type: 'open', app: 'clips' });
  assert.equal(app(dev).ui.sheet, null);
  act(dev, { type: 'share', clip: 'v07' });
  act(dev, { type: 'copy_link' });
  assert.deepEqual([app(dev).ui.sheet, app(dev).ui.notice], [null, 'Link copied']);
  act(dev, { type: 'share_messages' });
  assert.equal(dev.getState().apps.messages.data.intents.length, 1, 'no sheet, no hand-off');
  act(dev, { type: 'share', clip: 'v07' });
  act(dev, { type: 'close_sheet' });
  assert.equal(app(dev).ui.sheet, null);
  const lone = await solo();
  act(lone, { type: 'share', clip: 'v01' });
  act(lone, { type: 'share_messages' });
  assert.equal(app(lone).ui.notice, 'Messages is not available');
  assert.equal(lone.getState().os.foreground, 'clips');
});

test('message a creator who is a contact; others get a notice', async () => {
  const dev = withStub();
  act(dev, { type: 'profile', creator: 'u2' });
  act(dev, { type: 'message' });
  assert.deepEqual(dev.getState().apps.messages.data.intents, [{ to: 'c3' }]);
  dev.system({ type: 'open', app: 'clips' });
  act(dev, { type: 'message', creator: 'u1' });
  assert.equal(app(dev).ui.notice, 'Not in your contacts');
  const noContacts = withStub({ contacts: false });
  act(noContacts, { type: 'message', creator: 'u2' });
  assert.equal(app(noContacts).ui.notice, 'Not in your contacts');
  assert.equal(noContacts.getState().apps.messages.data.intents.length, 0);
  const real = await full();
  act(real, { type: 'profile', creator: 'u4' });
  act(real, { type: 'message' });
  const m = real.getState().apps.messages;
  assert.equal(real.getState().os.foreground, 'messages');
  assert.equal(m.ui.screen, 'thread');
  assert.equal(m.data.threads.find((t) => t.id === m.ui.thread).contact_id, 'c7');
});

test('me tabs, notifications: open marks read and navigates; read all', async () => {
  const dev = await solo();
  act(dev, { type: 'me_tab', tab: 'liked' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.me_tab], ['me', 'liked']);
  act(dev, { type: 'me_tab', tab: 'secret' });
  assert.equal(app(dev).ui.me_tab, 'liked');
  act(dev, { type: 'tab', tab: 'inbox' });
  act(dev, { type: 'open_note', id: 'n1' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.clip], ['clip', 'm1']);
  assert.ok(app(dev).data.read.includes('n1'));
  dev.system({ type: 'back' });
  act(dev, { type: 'open_note', id: 'n2' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.creator], ['profile', 'u8']);
  act(dev, { type: 'open_note', id: 'n404' });
  assert.equal(app(dev).ui.screen, 'profile');
  act(dev, { type: 'read_all' });
  assert.equal(unreadCount(app(dev).data, world), 0);
  act(dev, { type: 'read_all' });
  assert.equal(app(dev).data.read.length, world.notifications.length, 'no duplicates');
});

test('a corrupted ui is repaired instead of crashing', async () => {
  const dev = await solo();
  dev.setState({ apps: { clips: { ui: { screen: 'warp', stack: 'x', drafts: 3 } } } });
  act(dev, { type: 'like', clip: 'v01' });
  assert.equal(app(dev).ui.screen, 'feed');
  assert.ok(app(dev).data.liked.includes('v01'));
});

test('comments made at the same virtual time list in the order they were made, past id 9 too', async () => {
  const dev = await solo();
  const texts = Array.from({ length: 12 }, (_, i) => `note ${i + 1}`);
  for (const text of texts) act(dev, { type: 'add_comment', clip: 'v02', text });
  assert.ok(app(dev).data.comments.some((c) => c.id.length > 2) && app(dev).data.comments.some((c) => c.id.length === 2));
  assert.deepEqual(commentsOf(app(dev).data, world, 'v02').filter((c) => c.mine).map((c) => c.text), texts);
});
