// Email acts only on what is on screen: the reading screen's buttons on the email open (no dialog over it), and a
// row (open, its star) of the list shown, the open view's or the search results.

import test from 'node:test';
import assert from 'node:assert/strict';
import { dev0, app, rec, act } from './testkit.mjs';

const snap = (dev) => JSON.stringify(app(dev).data);

test('reading-screen actions act on the email open only', async () => {
  const dev = await dev0();
  const before = snap(dev);
  const offScreen = [{ type: 'archive', id: 'e05' }, { type: 'trash', id: 'e05' }, { type: 'read', id: 'e05', value: true },
    { type: 'restore', id: 'e28' }, { type: 'toggle_label', id: 'e05', name: 'Travel' }, { type: 'ask_delete_forever', id: 'e28' }];
  for (const a of offScreen) act(dev, a);
  assert.equal(snap(dev), before, 'from the inbox list');
  assert.equal(app(dev).ui.dialog, null);
  act(dev, { type: 'open', id: 'e01' });
  const opened = snap(dev);
  for (const a of offScreen) act(dev, a);
  act(dev, { type: 'reply', id: 'e05' });
  assert.equal(snap(dev), opened, 'another email than the one read');
  assert.equal(app(dev).ui.screen, 'read');
  act(dev, { type: 'archive', id: 'e01' });
  assert.equal(rec(dev, 'e01').folder, 'archive');
});

test('open and a row\'s star: rows of the list on screen only', async () => {
  const dev = await dev0();
  act(dev, { type: 'open', id: 'e28' });
  act(dev, { type: 'star', id: 'e26' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.email, rec(dev, 'e26').starred], ['list', null, false],
    'the trash and the archive are not the inbox list');
  act(dev, { type: 'star', id: 'e02' });
  assert.equal(rec(dev, 'e02').starred, true, 'an inbox row');
  act(dev, { type: 'drawer' });
  act(dev, { type: 'star', id: 'e02' });
  assert.equal(rec(dev, 'e02').starred, true, 'under the drawer');
  act(dev, { type: 'view', view: 'trash' });
  act(dev, { type: 'open', id: 'e28' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.email], ['read', 'e28']);
});
