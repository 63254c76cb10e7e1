// The dialer acts only on what is on screen: a voicemail's play, delete, call-back and mark-unheard buttons on that
// voicemail's screen, no dialog over it.

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';

async function open() {
  const dev = await loadDevice({ apps: ['contacts', 'messages', 'dialer'], reset: { seed: 2 } });
  dev.system({ type: 'open', app: 'dialer' });
  return dev;
}
const app = (dev) => dev.getState().apps.dialer;
const act = (dev, action) => dev.dispatch('dialer', action);
const vm = (dev, id) => app(dev).data.voicemails.find((v) => v.id === id);

test('voicemail buttons act on the voicemail shown only', async () => {
  const dev = await open();
  const before = JSON.stringify(app(dev).data);
  for (const a of [{ type: 'play_vm', id: 'v1' }, { type: 'ask_delete_vm', id: 'v1' }, { type: 'call_back', id: 'v1' },
    { type: 'mark_unread', id: 'v3' }]) act(dev, a);
  assert.equal(JSON.stringify(app(dev).data), before, 'from the keypad');
  assert.deepEqual([app(dev).ui.dialog, app(dev).ui.playing ?? null, app(dev).data.active ?? null], [null, null, null]);
  act(dev, { type: 'open_vm', id: 'v2' });
  act(dev, { type: 'ask_delete_vm', id: 'v1' });
  act(dev, { type: 'mark_unread', id: 'v3' });
  assert.deepEqual([app(dev).ui.dialog, vm(dev, 'v3').read], [null, true], 'from v2\'s screen');
  act(dev, { type: 'ask_delete_vm', id: 'v2' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'delete_vm', id: 'v2' });
});
