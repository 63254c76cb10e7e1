// Setup shared by this app's node:test files.

import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import * as bank from './logic.js';

export const world = readJson('apps/bank/world.json');
export const PIN = world.pin;

export async function device(reset = {}, apps = ['bank']) {
  const dev = await loadDevice({ apps, reset: { seed: 2, ...reset } });
  dev.system({ type: 'open', app: 'bank' });
  return dev;
}
export const bk = (dev) => dev.getState().apps.bank;
export const go = (dev, action) => dev.dispatch('bank', action);
export const draft = (dev, key, value) => go(dev, { type: '@draft', key, value });
export const bal = (dev, id) => bank.findAccount(bk(dev).data, id).balance_cents;

/** Every account balance equals opening + Σ its transactions. */
export function consistent(dev) {
  const data = bk(dev).data;
  for (const a of data.accounts) assert.equal(a.balance_cents, bank.ledgerBalance(world, data, a.id), `balance of ${a.id}`);
}

/** Fill the transfer form and go to the review screen. */
export function toReview(dev, { from = 'chk', kind = 'account', to = 'sav', amount = '50', note = '', date = null } = {}) {
  go(dev, { type: 'new_transfer', from });
  go(dev, { type: 'pick_to' });
  go(dev, { type: 'set_to', kind, id: to });
  draft(dev, 'amount', amount);
  draft(dev, 'note', note);
  if (date) go(dev, { type: 'set_date', date });
  go(dev, { type: 'review' });
}
export function pin(dev, value = PIN) {
  go(dev, { type: 'confirm' });
  draft(dev, 'pin', value);
  go(dev, { type: 'enter_pin' });
}
