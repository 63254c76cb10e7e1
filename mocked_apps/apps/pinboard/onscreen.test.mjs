// Pinboard acts only on what is on screen: a post's like, save, share, comment, edit and delete buttons on that post's
// screen (nothing over it), a comment's delete under its post, a tile's remove on the collection shown.

import test from 'node:test';
import assert from 'node:assert/strict';
import { solo, app, act } from './testkit.mjs';

const snap = (dev) => JSON.stringify(app(dev).data);

test('post buttons act on the post shown only', async () => {
  const dev = await solo();
  const before = snap(dev);
  for (const a of [{ type: 'like', post: 'p01' }, { type: 'add_comment', post: 'p01', text: 'hi' },
    { type: 'delete_comment', id: 'r1' }, { type: 'save', post: 'p01' }, { type: 'share', post: 'p01' }]) act(dev, a);
  assert.equal(snap(dev), before, 'from the home feed');
  assert.deepEqual([app(dev).ui.sheet, app(dev).ui.dialog], [null, null]);
  act(dev, { type: 'open', post: 'p05' });
  act(dev, { type: 'like', post: 'p01' });
  act(dev, { type: 'delete_comment', id: 'r1' });
  assert.equal(snap(dev), before, 'from p05\'s screen (r1 is under p13)');
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'delete_comment', id: 'r2' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'delete_comment', id: 'r2' });
});
