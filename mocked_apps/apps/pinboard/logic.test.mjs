import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { intentRecorder, loadDevice, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as pinboard from './logic.js';
import { solo, app, act } from './testkit.mjs';

const {
  parseTags, validatePost, collectionNameError, collectionSlug, search, topTags, collectionTags, feedPosts, likeCount, saveCount,
  postById, commentsOf, authorPosts, followerCount, shareText, noteOf, isSaved, ago, count, toMs,
} = pinboard;

const world = readJson('apps/pinboard/world.json');
const NOW = Date.UTC(2026, 2, 14, 9, 30);
const HAS_NOTES = existsSync(new URL('../notes/manifest.json', import.meta.url));

const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
const dataOf = (dev) => JSON.stringify(app(dev).data);
const col = (dev, id) => app(dev).data.collections.find((c) => c.id === id);

/** A device with Pinboard and stub Messages / Notes / Contacts apps that record the intents they receive. */
function withStubs({ notes = true } = {}) {
  const contacts = { init: () => ({ data: { contacts: [{ id: 'c8', name: 'Hana Petrov', phone: '555-0196' }] }, ui: {} }), reduce: () => null };
  const apps = { pinboard, messages: intentRecorder(), contacts, ...(notes ? { notes: intentRecorder() } : {}) };
  const dev = createDevice({ apps, worlds: { pinboard: world } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'pinboard' });
  return dev;
}

test('init: own posts, collections, likes, follows and comments from the world; the home feed', async () => {
  const dev = await solo();
  const s = app(dev);
  assert.deepEqual(s.data.posts.map((p) => p.id), ['q1', 'q2', 'q3']);
  assert.equal(s.data.posts[0].time, Date.UTC(2026, 2, 11, 19, 0));
  assert.deepEqual(s.data.collections.map((c) => [c.id, c.posts.length]), [['b1', 6], ['b2', 4], ['b3', 5], ['b4', 5]]);
  assert.deepEqual(s.data.liked, ['p03', 'p13', 'p19']);
  assert.deepEqual(s.data.following, ['a1', 'a2', 'a8']);
  assert.deepEqual(s.data.comments.map((c) => c.post), ['p13', 'p05']);
  assert.deepEqual([s.ui.screen, s.ui.filter], ['home', 'all']);
  assert.ok(JSON.stringify(s).length < 10000, 's0 stays small');
  const ids = [...world.posts, ...world.mine].map((p) => p.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const p of world.posts) {
    assert.ok(toMs(p.time) < NOW && world.authors.some((a) => a.id === p.author), p.id);
    assert.ok(p.tags.length <= 5 && world.covers.some((c) => c.id === p.cover.t), p.id);
  }
  for (const c of s.data.collections) for (const id of c.posts) assert.ok(postById(s.data, world, id), `${c.id} holds ${id}`);
});

test('selectors: tags, feeds, counts, search, validation', async () => {
  const dev = await solo();
  const { data } = app(dev);
  assert.deepEqual(parseTags(' #Bread, baking  crumb,#bread ,, '), ['bread', 'baking', 'crumb']);
  assert.deepEqual(validatePost({ title: ' ', tags: 'a b c d e f' }).errors, { title: 'Title is required', tags: 'Use at most 5 tags' });
  assert.deepEqual(validatePost({ title: 'x'.repeat(61), tags: 'ok bad!' }).errors, { title: 'Keep the title under 60 characters', tags: 'Tags use letters, digits and hyphens (20 max)' });
  assert.deepEqual(validatePost({ title: ' Hi ', body: ' b ', tags: 'x, y' }), { values: { title: 'Hi', body: 'b', tags: ['x', 'y'] }, errors: {} });
  assert.equal(collectionNameError(data, ' '), 'Give the collection a name');
  assert.equal(collectionNameError(data, 'weekend BAKES'), 'You already have a collection with this name');
  assert.equal(collectionNameError(data, 'x'.repeat(31)), 'Keep the name under 30 characters');
  assert.equal(collectionNameError(data, 'Cozy reads'), null);
  assert.equal(collectionSlug('Cozy  reads!'), 'b-cozy-reads');
  assert.equal(collectionSlug('***'), 'b-new');
  assert.equal(feedPosts(data, world).length, world.posts.length + 3);
  assert.equal(feedPosts(data, world)[0].id, 'p01', 'newest first');
  assert.ok(feedPosts(data, world, 'bread').every((p) => p.tags.includes('bread')));
  assert.deepEqual(topTags(data, world).slice(0, 4).map(([t]) => t), ['bread', 'diy', 'recipes', 'travel']);
  assert.equal(likeCount(data, postById(data, world, 'p03')), 2111);
  assert.equal(saveCount(data, postById(data, world, 'p01')), 861);
  assert.equal(saveCount(data, postById(data, world, 'p02')), 640);
  assert.ok(isSaved(data, 'q2') && !isSaved(data, 'q1'));
  assert.deepEqual(authorPosts(data, world, 'a2').map((p) => p.id), ['p02', 'p12', 'p23']);
  assert.equal(followerCount(data, world, 'a1'), 18421);
  assert.equal(commentsOf(data, world, 'p05').map((c) => c.by).join('|'), 'Teodor Vance|Robin Ames');
  const r = search(data, world, 'bread');
  assert.deepEqual(r.tags.map(([t]) => t), ['bread']);
  assert.deepEqual(r.posts.map((p) => p.id).sort(), ['p01', 'p07', 'p17', 'q1']);
  assert.deepEqual(search(data, world, '#home').posts.map((p) => p.id), ['p10', 'p20', 'q3']);
  assert.deepEqual(search(data, world, 'hana').authors.map((a) => a.id), ['a2']);
  assert.deepEqual(search(data, world, ''), { tags: [], posts: [], authors: [] });
  assert.match(shareText(world, postById(data, world, 'p05')), /Maren Oduya on Pinboard: pinboard\.example\/p\/p05$/);
  assert.match(noteOf(world, postById(data, world, 'p05')).body, /Tags: #travel #budget #citybreak/);
  assert.equal(ago(NOW - 7200000, NOW), '2h ago');
  assert.equal(count(22150), '22,150');
});

test('answers the task bank relies on', async () => {
  const dev = await solo();
  const { data } = app(dev);
  const top = Object.fromEntries(data.collections.map((c) => [c.id, collectionTags(data, world, c.id).slice(0, 2)]));
  assert.deepEqual(top, { b1: [['recipes', 4], ['baking', 3]], b2: [['garden', 3], ['balcony', 2]], b3: [['travel', 4], ['citybreak', 3]], b4: [['organizing', 3], ['diy', 2]] });
  const best = (tag) => {
    const ps = feedPosts(data, world, tag).map((p) => [p.id, likeCount(data, p)]).sort((a, b) => b[1] - a[1]);
    assert.ok(ps[0][1] > ps[1][1], `${tag} has one most-liked post`);
    return ps[0];
  };
  assert.deepEqual(['bread', 'recipes', 'travel', 'home', 'hiking', 'journaling', 'photography', 'plants'].map(best),
    [['p07', 1875], ['p03', 2111], ['p05', 1530], ['p10', 1410], ['p08', 1320], ['p24', 1340], ['p11', 1060], ['p23', 1120]]);
  const authorsOf = (id) => [...new Set(pinboard.collectionPosts(data, world, id).map((p) => p.author))].sort();
  assert.deepEqual(authorsOf('b1'), ['a1', 'a5']);
  assert.deepEqual(authorsOf('b2'), ['a1', 'a2', 'me']);
  assert.deepEqual(authorsOf('b3'), ['a10', 'a4', 'a7']);
  assert.deepEqual(authorsOf('b4'), ['a3', 'a8', 'a9']);
});

test('tabs, filter chips and back: back clears the filter, then leaves the app', async () => {
  const dev = await solo();
  act(dev, { type: 'filter', tag: 'bread' });
  assert.equal(app(dev).ui.filter, 'bread');
  act(dev, { type: 'filter', tag: 'Bad Tag' });
  assert.equal(app(dev).ui.filter, 'bread');
  act(dev, { type: 'tab', tab: 'search' });
  act(dev, { type: 'open', post: 'p02' });
  act(dev, { type: 'author', id: 'a2' });
  act(dev, { type: 'tag', tag: '#Plants' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.tag, app(dev).ui.stack.length], ['tag', 'plants', 3]);
  act(dev, { type: 'tag', tag: 'no way' });
  assert.equal(app(dev).ui.tag, 'plants');
  act(dev, { type: 'tab', tab: 'nowhere' });
  assert.equal(app(dev).ui.screen, 'tag');
  dev.system({ type: 'back' });
  dev.system({ type: 'back' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'search');
  dev.system({ type: 'back' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.filter], ['home', 'bread']);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.filter, 'all');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  assert.equal(act(dev, { type: 'teleport' }), false);
  act(dev, { type: 'author', id: 'me' });
  assert.equal(app(dev).ui.screen, 'me');
  act(dev, { type: 'author', id: 'zz' });
  act(dev, { type: 'open', post: 'zz' });
  assert.equal(app(dev).ui.screen, 'me');
});

test('like and follow toggle or set; bad ids change nothing', async () => {
  const dev = await solo();
  act(dev, { type: 'open', post: 'p05' });
  act(dev, { type: 'like' });
  act(dev, { type: 'like', value: true });
  assert.deepEqual(app(dev).data.liked, ['p03', 'p13', 'p19', 'p05']);
  act(dev, { type: 'follow' });
  assert.ok(app(dev).data.following.includes('a4'), 'follows the open post\'s author');
  act(dev, { type: 'follow', author: 'a4', value: false });
  act(dev, { type: 'like', post: 'p03' });
  assert.ok(app(dev).data.liked.includes('p03'), 'not p03 from p05\'s screen');
  act(dev, { type: 'open', post: 'p03' });
  act(dev, { type: 'like', post: 'p03' });
  assert.ok(!app(dev).data.liked.includes('p03'));
  const before = dataOf(dev);
  act(dev, { type: 'like', post: 'nope' });
  act(dev, { type: 'follow', author: 'me' });
  act(dev, { type: 'follow', author: 'a99' });
  assert.equal(dataOf(dev), before);
});

test('save sheet: toggle collections, create a collection (validated, slug id) that holds the post', async () => {
  const dev = await solo();
  act(dev, { type: 'open', post: 'p02' });
  act(dev, { type: 'save' });
  assert.deepEqual(app(dev).ui.sheet, { kind: 'save', post: 'p02' });
  act(dev, { type: 'toggle_collection', collection: 'b2' });
  assert.deepEqual(col(dev, 'b2').posts, ['p12', 'p23', 'q2', 'p17', 'p02']);
  act(dev, { type: 'toggle_collection', collection: 'b2' });
  assert.ok(!col(dev, 'b2').posts.includes('p02'));
  act(dev, { type: 'toggle_collection', collection: 'zz' });
  type(dev, 'collection_name', 'Balcony Garden');
  act(dev, { type: 'create_collection' });
  assert.equal(app(dev).ui.errors.collection_name, 'You already have a collection with this name');
  assert.equal(app(dev).data.collections.length, 4);
  type(dev, 'collection_name', '  Windy spots ');
  act(dev, { type: 'create_collection' });
  assert.deepEqual(app(dev).data.collections.at(-1), { id: 'b-windy-spots', name: 'Windy spots', posts: ['p02'] });
  assert.deepEqual([app(dev).ui.drafts.collection_name, app(dev).ui.notice], ['', 'Saved to Windy spots']);
  type(dev, 'collection_name', 'windy-spots');
  act(dev, { type: 'create_collection' });
  assert.equal(app(dev).data.collections.at(-1).id, 'b-windy-spots-2', 'a slug clash gets a suffix');
  act(dev, { type: 'close_sheet' });
  assert.equal(app(dev).ui.sheet, null);
  act(dev, { type: 'tab', tab: 'me' });
  act(dev, { type: 'new_collection' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'new_collection' });
  type(dev, 'collection_name', 'Empty for now');
  act(dev, { type: 'create_collection' });
  assert.deepEqual(app(dev).data.collections.at(-1), { id: 'b-empty-for-now', name: 'Empty for now', posts: [] });
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'new_collection' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.dialog, null);
});

test('collections: move between collections, remove; bad moves change nothing', async () => {
  const dev = await solo();
  act(dev, { type: 'me_tab', tab: 'collections' });
  act(dev, { type: 'collection', id: 'b1' });
  act(dev, { type: 'move', post: 'p13' });
  assert.deepEqual(app(dev).ui.sheet, { kind: 'move', post: 'p13', from: 'b1' });
  act(dev, { type: 'move_to', collection: 'b1' });
  act(dev, { type: 'move_to', collection: 'zz' });
  assert.ok(col(dev, 'b1').posts.includes('p13'));
  act(dev, { type: 'move_to', collection: 'b4' });
  assert.deepEqual(col(dev, 'b1').posts, ['p01', 'p07', 'p17', 'p03', 'p22']);
  assert.deepEqual(col(dev, 'b4').posts, ['p10', 'p20', 'p14', 'p09', 'p24', 'p13']);
  assert.equal(app(dev).ui.sheet, null);
  act(dev, { type: 'move', post: 'p17' });
  act(dev, { type: 'move_to', collection: 'b2' });
  assert.equal(col(dev, 'b2').posts.filter((id) => id === 'p17').length, 1, 'no duplicate in the target');
  act(dev, { type: 'remove', post: 'p01' });
  assert.deepEqual(col(dev, 'b1').posts, ['p07', 'p03', 'p22']);
  const before = dataOf(dev);
  act(dev, { type: 'move', post: 'p99' });
  act(dev, { type: 'move_to', collection: 'b3' });
  act(dev, { type: 'remove', post: 'p99' });
  assert.equal(dataOf(dev), before);
  act(dev, { type: 'collection', id: 'nope' });
  assert.equal(app(dev).ui.collection, 'b1');
});

test('comments: add on the post screen (trimmed, limited), delete own behind a confirm', async () => {
  const dev = await solo();
  act(dev, { type: 'open', post: 'p02' });
  type(dev, 'comment', '  ');
  act(dev, { type: 'add_comment' });
  type(dev, 'comment', 'y'.repeat(201));
  act(dev, { type: 'add_comment' });
  assert.equal(app(dev).data.comments.length, 2);
  assert.ok(app(dev).ui.errors.comment);
  type(dev, 'comment', ' Lovely list ');
  act(dev, { type: 'add_comment' });
  const c = app(dev).data.comments.at(-1);
  assert.deepEqual({ ...c, id: 'x' }, { id: 'x', post: 'p02', text: 'Lovely list', time: NOW });
  assert.ok(!['r1', 'r2'].includes(c.id));
  act(dev, { type: 'delete_comment', id: 'w1' });
  assert.equal(app(dev).ui.dialog, null, "others' comments cannot be deleted");
  act(dev, { type: 'delete_comment', id: c.id });
  act(dev, { type: 'cancel' });
  act(dev, { type: 'delete_comment', id: c.id });
  act(dev, { type: 'confirm' });
  assert.equal(app(dev).data.comments.length, 2);
  act(dev, { type: 'tab', tab: 'home' });
  act(dev, { type: 'add_comment' });
  assert.equal(app(dev).data.comments.length, 2, 'no comment off the post screen');
});

test('write a post: validation, cover, tags; it opens after publishing', async () => {
  const dev = await solo();
  act(dev, { type: 'create' });
  assert.deepEqual(app(dev).ui.form, { mode: 'create', post: null, cover: 'loaf' });
  type(dev, 'tags', 'one two three four five six');
  act(dev, { type: 'submit' });
  assert.deepEqual(Object.keys(app(dev).ui.errors).sort(), ['tags', 'title']);
  act(dev, { type: 'pick_cover', cover: 'nope' });
  act(dev, { type: 'pick_cover', cover: 'tent' });
  type(dev, 'title', ' Picnic basics ');
  type(dev, 'body', 'Blanket, lemonade, shade.');
  type(dev, 'tags', '#picnic, Summer summer');
  act(dev, { type: 'submit' });
  const p = app(dev).data.posts.at(-1);
  assert.deepEqual({ ...p, id: 'x' }, { id: 'x', title: 'Picnic basics', body: 'Blanket, lemonade, shade.', tags: ['picnic', 'summer'], cover: { t: 'tent', h: 1.2 }, time: NOW, likes: 0, saves: 0 });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.post, app(dev).ui.stack.map((e) => e.screen)], ['post', p.id, ['me']]);
  assert.equal(app(dev).ui.form, null);
  assert.equal(app(dev).ui.drafts.title, undefined);
  act(dev, { type: 'submit' });
  assert.equal(app(dev).data.posts.length, 4);
});

test('edit own posts only; the form keeps other fields; cancel saves nothing', async () => {
  const dev = await solo();
  act(dev, { type: 'open', post: 'p05' });
  act(dev, { type: 'edit' });
  assert.equal(app(dev).ui.screen, 'post', 'not my post');
  act(dev, { type: 'open', post: 'q1' });
  act(dev, { type: 'edit' });
  assert.deepEqual(app(dev).ui.form, { mode: 'edit', post: 'q1', cover: 'loaf' });
  assert.equal(app(dev).ui.drafts.tags, 'sourdough, bread');
  type(dev, 'tags', 'sourdough, bread, baking');
  act(dev, { type: 'submit' });
  const q1 = app(dev).data.posts[0];
  assert.deepEqual(q1.tags, ['sourdough', 'bread', 'baking']);
  assert.equal(q1.title, 'My first sourdough loaf');
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.notice], ['post', 'Post updated']);
  const before = dataOf(dev);
  act(dev, { type: 'edit' });
  type(dev, 'title', 'Changed');
  dev.system({ type: 'back' });
  assert.equal(dataOf(dev), before);
  assert.equal(app(dev).ui.screen, 'post');
});

test('delete own post behind a confirm: gone from collections, likes and comments too', async () => {
  const dev = await solo();
  act(dev, { type: 'open', post: 'q2' });
  act(dev, { type: 'like' });
  act(dev, { type: 'add_comment', text: 'note' });
  act(dev, { type: 'delete_post' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'delete_post', post: 'q2' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).data.posts.length, 3);
  act(dev, { type: 'delete_post' });
  act(dev, { type: 'confirm' });
  assert.deepEqual(app(dev).data.posts.map((p) => p.id), ['q1', 'q3']);
  assert.ok(!col(dev, 'b2').posts.includes('q2'));
  assert.ok(!app(dev).data.liked.includes('q2'));
  assert.ok(!app(dev).data.comments.some((c) => c.post === 'q2'));
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.notice], ['me', 'Post deleted']);
  const before = dataOf(dev);
  act(dev, { type: 'delete_post', post: 'p01' });
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'confirm' });
  assert.equal(dataOf(dev), before);
});

test('share to Messages and Notes; message an author who is a contact; absent apps give a notice', async () => {
  const dev = withStubs();
  act(dev, { type: 'open', post: 'p02' });
  act(dev, { type: 'share' });
  act(dev, { type: 'share_messages' });
  assert.deepEqual(dev.getState().apps.messages.data.intents, [{ text: shareText(world, postById({}, world, 'p02')) }]);
  dev.system({ type: 'open', app: 'pinboard' });
  act(dev, { type: 'share' });
  act(dev, { type: 'save_note' });
  assert.deepEqual(dev.getState().apps.notes.data.intents, [{ create: noteOf(world, postById({}, world, 'p02')) }]);
  dev.system({ type: 'open', app: 'pinboard' });
  act(dev, { type: 'save_note' });
  assert.equal(dev.getState().apps.notes.data.intents.length, 1, 'no sheet, no hand-off');
  act(dev, { type: 'author', id: 'a2' });
  act(dev, { type: 'message' });
  assert.deepEqual(dev.getState().apps.messages.data.intents.at(-1), { to: 'c8' });
  dev.system({ type: 'open', app: 'pinboard' });
  act(dev, { type: 'message', author: 'a1' });
  assert.equal(app(dev).ui.notice, 'Not in your contacts');
  const noNotes = withStubs({ notes: false });
  act(noNotes, { type: 'open', post: 'p01' });
  act(noNotes, { type: 'share', post: 'p01' });
  act(noNotes, { type: 'save_note' });
  assert.equal(app(noNotes).ui.notice, 'Notes is not available');
  const lone = await solo();
  act(lone, { type: 'open', post: 'p01' });
  act(lone, { type: 'share', post: 'p01' });
  act(lone, { type: 'share_messages' });
  assert.equal(app(lone).ui.notice, 'Messages is not available');
});

test('with the real Notes app, saving a post creates a note', { skip: !HAS_NOTES && 'no notes app' }, async () => {
  const dev = await loadDevice({ apps: ['notes', 'pinboard'], reset: { seed: 1 } });
  dev.system({ type: 'open', app: 'pinboard' });
  const before = dev.getState().apps.notes.data.notes.length;
  act(dev, { type: 'open', post: 'p13' });
  act(dev, { type: 'share', post: 'p13' });
  act(dev, { type: 'save_note' });
  const notes = dev.getState().apps.notes.data.notes;
  assert.equal(notes.length, before + 1);
  const note = notes.find((n) => n.title === 'Cold brew concentrate at home');
  assert.ok(note && note.body.includes('Steep overnight'));
  assert.equal(dev.getState().os.foreground, 'notes');
});

test('intents open a post or an author; bad ones change nothing', async () => {
  const dev = await solo();
  act(dev, { type: 'intent', post: 'q1' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.post], ['post', 'q1']);
  act(dev, { type: 'intent', author: 'a4' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.author], ['author', 'a4']);
  const before = JSON.stringify(app(dev));
  act(dev, { type: 'intent', post: 'zz' });
  act(dev, { type: 'intent', author: 'me' });
  assert.equal(JSON.stringify(app(dev)), before);
  act(dev, { type: 'me_tab', tab: 'liked' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.me_tab], ['me', 'liked']);
  act(dev, { type: 'me_tab', tab: 'x' });
  assert.equal(app(dev).ui.me_tab, 'liked');
  type(dev, 'search', 'abc');
  act(dev, { type: 'clear_search' });
  assert.equal(app(dev).ui.drafts.search, '');
});

test('a corrupted ui is repaired instead of crashing', async () => {
  const dev = await solo();
  dev.setState({ apps: { pinboard: { ui: { screen: 'nowhere', stack: 5, errors: null } } } });
  act(dev, { type: 'like', post: 'p01' });
  assert.equal(app(dev).ui.screen, 'home');
  act(dev, { type: 'open', post: 'p01' });
  act(dev, { type: 'like', post: 'p01' });
  assert.ok(app(dev).data.liked.includes('p01'));
});

test('comments made at the same virtual time list in the order they were made, past id 9 too', async () => {
  const dev = await solo();
  act(dev, { type: 'open', post: 'p01' });
  const texts = Array.from({ length: 12 }, (_, i) => `note ${i + 1}`);
  for (const text of texts) act(dev, { type: 'add_comment', text });
  assert.ok(app(dev).data.comments.some((c) => c.id.length > 2) && app(dev).data.comments.some((c) => c.id.length === 2));
  assert.deepEqual(commentsOf(app(dev).data, world, 'p01').filter((c) => c.mine).map((c) => c.text), texts);
});

test('posts published in one virtual minute list newest first (q9 before q8)', async () => {
  const dev = await solo();
  const publish = (title) => {
    act(dev, { type: 'create' });
    type(dev, 'title', title);
    act(dev, { type: 'submit' });
    return app(dev).ui.post;
  };
  const ids = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'].map(publish);
  const feed = feedPosts(app(dev).data, world).slice(0, ids.length).map((p) => p.id);
  assert.deepEqual(feed, [...ids].reverse());
});

test('collection names: runs of spaces made one, so "Cozy   reads" is taken once "Cozy reads" exists', async () => {
  const dev = await solo();
  act(dev, { type: 'new_collection' });
  type(dev, 'collection_name', '  Rainy   day  reads ');
  act(dev, { type: 'create_collection' });
  assert.equal(col(dev, 'b-rainy-day-reads').name, 'Rainy day reads');
  act(dev, { type: 'new_collection' });
  type(dev, 'collection_name', 'rainy day   READS');
  act(dev, { type: 'create_collection' });
  assert.ok(app(dev).ui.errors.collection_name);
  assert.equal(app(dev).data.collections.length, 5);
});
