// The gallery acts only on what is on screen: a photo's favorite, trash, restore and album actions on the viewer's
// photo (or the selection), an album's rename and delete on that album's screen; nothing under a dialog.

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';

const app = (dev) => dev.getState().apps.gallery;
const act = (dev, action) => dev.dispatch('gallery', action);
const photo = (dev, id) => app(dev).data.photos.find((p) => p.id === id);

test('photo and album actions act on the photo or album shown only', async () => {
  const dev = await loadDevice({ apps: ['gallery'], reset: { seed: 1 } });
  dev.system({ type: 'open', app: 'gallery' });
  const before = JSON.stringify(app(dev).data);
  for (const a of [{ type: 'favorite', photo: 'p03' }, { type: 'ask_trash', photo: 'p03' }, { type: 'add_to_album', album: 'a1', photo: 'p03' },
    { type: 'rename_album', album: 'a1' }, { type: 'ask_delete_album', album: 'a1' }]) act(dev, a);
  assert.equal(JSON.stringify(app(dev).data), before, 'from the photo grid');
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'open', photo: 'p04' });
  act(dev, { type: 'favorite', photo: 'p03' });
  act(dev, { type: 'ask_trash', photo: 'p03' });
  assert.deepEqual([photo(dev, 'p03').favorite, app(dev).ui.dialog], [JSON.parse(before).photos.find((p) => p.id === 'p03').favorite, null],
    'from p02\'s viewer');
  act(dev, { type: 'ask_trash', photo: 'p04' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'trash', photos: ['p04'] });
});
