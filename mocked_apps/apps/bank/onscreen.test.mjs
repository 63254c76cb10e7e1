// The bank acts only on what is on screen: Pay and Delete payee on the payee's screen, Cancel this transfer on the
// scheduled transfer's screen, Share receipt on a transaction's (or the done) screen; never under a dialog.

import test from 'node:test';
import assert from 'node:assert/strict';
import { device, bk, go } from './testkit.mjs';

test('payee and scheduled-transfer buttons act on the record shown only', async () => {
  const dev = await device({}, ['contacts', 'messages', 'bank']);
  const payees = bk(dev).data.payees.length;
  for (const a of [{ type: 'delete_payee', id: 'p2' }, { type: 'cancel_scheduled', id: 's1' }, { type: 'pay_payee', id: 'p2' }]) go(dev, a);
  assert.deepEqual([bk(dev).ui.screen, bk(dev).ui.dialog, bk(dev).ui.payee], ['home', null, null], 'from the home screen');
  go(dev, { type: 'open_payee', id: 'p1' });
  go(dev, { type: 'delete_payee', id: 'p2' });
  go(dev, { type: 'pay_payee', id: 'p2' });
  assert.deepEqual([bk(dev).ui.screen, bk(dev).ui.payee, bk(dev).ui.dialog], ['payee', 'p1', null], 'from p1\'s screen');
  go(dev, { type: 'confirm_delete_payee' });
  assert.equal(bk(dev).data.payees.length, payees);
  go(dev, { type: 'delete_payee', id: 'p1' });
  assert.equal(bk(dev).ui.dialog, 'delete_payee');
  go(dev, { type: 'share_receipt', id: bk(dev).data.transactions[0].id });
  assert.equal(dev.getState().os.foreground, 'bank', 'no receipt button under the dialog');
});
