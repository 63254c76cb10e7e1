// Food acts only on what is on screen: an order's Cancel, Share and Reorder buttons on that order's screen, no dialog
// over it.

import test from 'node:test';
import assert from 'node:assert/strict';
import { device, fd, go } from './testkit.mjs';

test('order buttons act on the order shown only', async () => {
  const dev = await device({}, ['messages', 'food']);
  const before = JSON.stringify(fd(dev).data);
  for (const a of [{ type: 'reorder', id: 'ord901' }, { type: 'ask_cancel', id: 'ord901' }, { type: 'share_order', id: 'ord901' }]) go(dev, a);
  assert.equal(JSON.stringify(fd(dev).data), before, 'from the home screen');
  assert.deepEqual([fd(dev).ui.dialog, dev.getState().os.foreground], [null, 'food']);
  go(dev, { type: 'open_order', id: 'ord902' });
  go(dev, { type: 'reorder', id: 'ord901' });
  assert.equal(JSON.stringify(fd(dev).data), before, 'from another order\'s screen');
  go(dev, { type: 'reorder', id: 'ord902' });
  assert.notEqual(JSON.stringify(fd(dev).data), before, 'the order shown is reordered');
});
