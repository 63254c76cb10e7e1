// Clips: the user's own clips (privacy and delete from the more sheet), posting from the form, and drafts.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as clips from './logic.js';
import { world, NOW, solo, app, act, type, dataOf } from './testkit.mjs';

const { newestClip } = clips;

test('own clips: privacy from the more sheet; delete behind a confirm dialog', async () => {
  const dev = await solo();
  act(dev, { type: 'open_clip', clip: 'm2' });
  act(dev, { type: 'more' });
  assert.deepEqual(app(dev).ui.sheet, { kind: 'more', clip: 'm2' });
  act(dev, { type: 'set_privacy', privacy: 'everyone' });
  assert.equal(app(dev).data.posts[1].privacy, 'friends', 'bad privacy ignored');
  act(dev, { type: 'set_privacy', privacy: 'private' });
  assert.equal(app(dev).data.posts[1].privacy, 'private');
  assert.equal(app(dev).ui.sheet, null);
  act(dev, { type: 'more', clip: 'v01' });
  assert.equal(app(dev).ui.sheet, null, "no options sheet for others' clips");
  act(dev, { type: 'more' });
  act(dev, { type: 'delete_clip' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'delete_clip', clip: 'm2' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.dialog, null, 'back closes the dialog');
  assert.equal(app(dev).data.posts.length, 3);
  act(dev, { type: 'delete_clip', clip: 'm2' });
  assert.equal(app(dev).ui.dialog, null, 'Delete is a row of the More sheet');
  act(dev, { type: 'more', clip: 'm2' });
  act(dev, { type: 'delete_clip', clip: 'm2' });
  act(dev, { type: 'confirm' });
  assert.deepEqual(app(dev).data.posts.map((p) => p.id), ['m1', 'm3']);
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.notice], ['me', 'Clip deleted']);
  const before = dataOf(dev);
  act(dev, { type: 'more', clip: 'm1' });
  act(dev, { type: 'delete_clip', clip: 'm3' });
  act(dev, { type: 'set_privacy', clip: 'm3', privacy: 'private' });
  assert.equal(dataOf(dev), before, 'not m3 from m1\'s sheet');
  act(dev, { type: 'close_sheet' });
  act(dev, { type: 'delete_clip', clip: 'v01' });
  act(dev, { type: 'confirm' });
  act(dev, { type: 'set_privacy', clip: 'v01', privacy: 'private' });
  assert.equal(dataOf(dev), before);
});

test('deleting an own clip also drops my comments and like on it; back skips its screens', async () => {
  const dev = await solo();
  act(dev, { type: 'open_clip', clip: 'm1' });
  act(dev, { type: 'like', clip: 'm1' });
  act(dev, { type: 'comments', clip: 'm1' });
  type(dev, 'comment', 'note to self');
  act(dev, { type: 'add_comment' });
  dev.system({ type: 'back' }); // the clip's screen, its More button
  act(dev, { type: 'more', clip: 'm1' });
  act(dev, { type: 'delete_clip', clip: 'm1' });
  act(dev, { type: 'confirm' });
  assert.ok(!app(dev).data.liked.includes('m1'));
  assert.ok(!app(dev).data.comments.some((c) => c.clip === 'm1'));
});

test('post: template, caption (required, <= 150) and privacy; a new clip on my profile', async () => {
  const dev = await solo();
  act(dev, { type: 'create' });
  assert.deepEqual(app(dev).ui.form, { template: 'sunrise', privacy: 'public', draft: null });
  act(dev, { type: 'post' });
  assert.equal(app(dev).ui.errors.caption, 'Add a caption');
  act(dev, { type: 'pick_template', template: 'nope' });
  act(dev, { type: 'pick_template', template: 'rain' });
  act(dev, { type: 'form_privacy', privacy: 'all' });
  act(dev, { type: 'form_privacy', privacy: 'friends' });
  type(dev, 'caption', 'x'.repeat(151));
  act(dev, { type: 'post' });
  assert.equal(app(dev).data.posts.length, 3);
  type(dev, 'caption', '  Rainy lines #sketch  ');
  act(dev, { type: 'post' });
  const p = app(dev).data.posts.at(-1);
  assert.deepEqual({ ...p, id: 'x' }, { id: 'x', template: 'rain', caption: 'Rainy lines #sketch', privacy: 'friends', time: NOW, likes: 0, dur: 15 });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.me_tab, app(dev).ui.form, app(dev).ui.drafts.caption], ['me', 'clips', null, '']);
  assert.equal(newestClip(app(dev).data, world, 'me').id, p.id);
  act(dev, { type: 'post' });
  assert.equal(app(dev).data.posts.length, 4, 'post outside the form does nothing');
  act(dev, { type: 'pick_template', template: 'rain' });
  assert.equal(app(dev).ui.form, null);
});

test('drafts: save new, reopen, update, publish (removes the draft), delete behind a confirm', async () => {
  const dev = await solo();
  act(dev, { type: 'create' });
  type(dev, 'caption', 'Work in progress');
  act(dev, { type: 'save_draft' });
  const d = app(dev).data.drafts.at(-1);
  assert.deepEqual({ ...d, id: 'x' }, { id: 'x', template: 'sunrise', caption: 'Work in progress', privacy: 'public', time: NOW });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.me_tab], ['me', 'drafts']);
  act(dev, { type: 'open_draft', id: 'd2' });
  assert.deepEqual(app(dev).ui.form, { template: 'starfield', privacy: 'friends', draft: 'd2' });
  assert.equal(app(dev).ui.drafts.caption, 'Night sky study #space');
  type(dev, 'caption', 'Night sky study #space #night');
  act(dev, { type: 'save_draft' });
  assert.equal(app(dev).data.drafts.find((x) => x.id === 'd2').caption, 'Night sky study #space #night');
  assert.equal(app(dev).data.drafts.length, 3);
  act(dev, { type: 'open_draft', id: 'd1' });
  act(dev, { type: 'form_privacy', privacy: 'private' });
  act(dev, { type: 'post' });
  assert.ok(!app(dev).data.drafts.some((x) => x.id === 'd1'));
  const p = app(dev).data.posts.at(-1);
  assert.deepEqual([p.template, p.caption, p.privacy], ['waves', 'Harbour doodles at golden hour #sketch #sunset', 'private']);
  act(dev, { type: 'open_draft', id: 'd2' });
  act(dev, { type: 'delete_draft' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'delete_draft', id: 'd2' });
  act(dev, { type: 'confirm' });
  assert.ok(!app(dev).data.drafts.some((x) => x.id === 'd2'));
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.form], ['me', null]);
  const before = dataOf(dev);
  act(dev, { type: 'open_draft', id: 'zz' });
  act(dev, { type: 'delete_draft', id: 'zz' });
  assert.equal(dataOf(dev), before);
  act(dev, { type: 'create' });
  type(dev, 'caption', 'abandoned');
  dev.system({ type: 'back' });
  assert.deepEqual([app(dev).ui.form, app(dev).ui.drafts.caption], [null, '']);
  assert.equal(dataOf(dev), before, 'leaving the form saves nothing');
});

test('clips posted in one virtual minute list newest first, past id 9 too (Me, newest clip, hashtag page)', async () => {
  const dev = await solo();
  const captions = Array.from({ length: 12 }, (_, i) => `Batch ${i + 1} #batchtest`);
  for (const caption of captions) {
    act(dev, { type: 'create' });
    act(dev, { type: 'pick_template', template: 'rain' });
    type(dev, 'caption', caption);
    act(dev, { type: 'form_privacy', privacy: 'public' });
    act(dev, { type: 'post' });
  }
  const ids = app(dev).data.posts.map((p) => p.id);
  assert.ok(ids.some((id) => id.length > 2) && ids.some((id) => id.length === 2));
  const newest = captions.slice().reverse();
  const { data } = app(dev);
  assert.deepEqual(clips.ownClips(data, world).slice(0, 12).map((c) => c.caption), newest);
  assert.equal(newestClip(data, world, 'me').caption, captions[11]);
  assert.deepEqual(clips.tagClips(data, world, 'batchtest').map((c) => c.caption), newest);
});

test('drafts list last saved first: a new draft above the older ones, an updated one back on top', async () => {
  const dev = await solo();
  const ids = () => clips.draftsOf(app(dev).data).map((d) => d.id);
  assert.deepEqual(ids(), ['d1', 'd2']);
  for (const caption of ['first new', 'second new']) {
    act(dev, { type: 'create' });
    type(dev, 'caption', caption);
    act(dev, { type: 'save_draft' });
  }
  const [a, b] = app(dev).data.drafts.slice(2).map((d) => d.id);
  assert.deepEqual(ids(), [b, a, 'd1', 'd2']);
  act(dev, { type: 'open_draft', id: 'd2' });
  act(dev, { type: 'save_draft' });
  assert.deepEqual(ids(), ['d2', b, a, 'd1']);
});
