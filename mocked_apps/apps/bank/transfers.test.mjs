// Fernvale Bank transfers: own accounts and payees, validation, the daily limit, the PIN and the transfer lock,
// and scheduled transfers.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as bank from './logic.js';
import { PIN, world, device, bk, go, draft, bal, consistent, toReview, pin } from './testkit.mjs';

test('own-account transfer: PIN, both legs, balances consistent, done screen', async () => {
  const dev = await device();
  toReview(dev, { amount: '125.50', note: 'Trip' });
  assert.equal(bk(dev).ui.screen, 'review');
  pin(dev);
  const s = bk(dev);
  assert.equal(s.ui.screen, 'done');
  assert.equal(bal(dev, 'chk'), 415187 - 12550);
  assert.equal(bal(dev, 'sav'), 571360 + 12550);
  const [a, b] = s.ui.last.tx.map((id) => bank.findTx(s.data, id));
  assert.equal(a.amount_cents, -12550);
  assert.equal(b.amount_cents, 12550);
  assert.equal(a.transfer_id, b.transfer_id);
  assert.equal(a.note, 'Trip');
  assert.equal(a.kind, 'transfer');
  consistent(dev);
  go(dev, { type: 'finish' });
  assert.equal(bk(dev).ui.screen, 'home');
});

test('payment to a payee, daily limit refusal and raising the limit with the PIN', async () => {
  const dev = await device();
  toReview(dev, { kind: 'payee', to: 'p4', amount: '1200' });
  assert.match(bk(dev).ui.error, /daily limit/);
  assert.equal(bk(dev).ui.screen, 'transfer');
  toReview(dev, { kind: 'payee', to: 'p4', amount: '700', note: 'Rent share' });
  pin(dev);
  const tx = bank.findTx(bk(dev).data, bk(dev).ui.last.tx[0]);
  assert.deepEqual([tx.amount_cents, tx.kind, tx.payee_id, tx.title, tx.note], [-70000, 'payment', 'p4', 'Rosa Tamura', 'Rent share']);
  assert.deepEqual(bank.limitStatus(bk(dev).data, dev.getState().os.clock.now), { limit: 100000, used: 70000, left: 30000 });
  toReview(dev, { kind: 'payee', to: 'p1', amount: '300.01' });
  assert.match(bk(dev).ui.error, /¤300 left today/);
  // Own transfers are not limited.
  toReview(dev, { amount: '2000' });
  assert.equal(bk(dev).ui.screen, 'review');
  go(dev, { type: 'finish' });
  // Raise the limit: bad values, then PIN.
  go(dev, { type: 'tab', tab: 'settings' });
  go(dev, { type: 'change_limit' });
  assert.equal(bk(dev).ui.drafts.limit, '1000');
  for (const bad of ['6000', '50', '12.5', 'abc']) {
    draft(dev, 'limit', bad);
    go(dev, { type: 'save_limit' });
    assert.ok(bk(dev).ui.errors.limit, bad);
    assert.equal(bk(dev).ui.dialog, null);
  }
  draft(dev, 'limit', '2,500');
  go(dev, { type: 'save_limit' });
  assert.equal(bk(dev).ui.dialog, 'pin');
  draft(dev, 'pin', '0000');
  go(dev, { type: 'enter_pin' });
  assert.equal(bk(dev).data.settings.daily_limit_cents, 100000, 'wrong PIN changes nothing');
  draft(dev, 'pin', PIN);
  go(dev, { type: 'enter_pin' });
  assert.equal(bk(dev).data.settings.daily_limit_cents, 250000);
  assert.equal(bk(dev).data.security.pin_fails, 0);
  assert.equal(bk(dev).ui.screen, 'settings');
  toReview(dev, { kind: 'payee', to: 'p1', amount: '1500' });
  assert.equal(bk(dev).ui.screen, 'review');
  consistent(dev);
});

test('validation: missing recipient, bad amount, insufficient funds, long note, same account', async () => {
  const dev = await device();
  go(dev, { type: 'new_transfer' });
  draft(dev, 'amount', 'abc');
  go(dev, { type: 'review' });
  assert.ok(bk(dev).ui.errors.to);
  assert.ok(bk(dev).ui.errors.amount);
  assert.equal(bk(dev).ui.screen, 'transfer');
  go(dev, { type: 'set_to', kind: 'account', id: 'chk' });
  assert.equal(bk(dev).ui.transfer.to, null, 'cannot send to the source account');
  go(dev, { type: 'set_to', kind: 'payee', id: 'nope' });
  assert.equal(bk(dev).ui.transfer.to, null);
  toReview(dev, { amount: '999999' });
  assert.match(bk(dev).ui.error, /Not enough money/);
  toReview(dev, { amount: '5', note: 'x'.repeat(61) });
  assert.match(bk(dev).ui.error, /60 characters/);
  go(dev, { type: 'new_transfer', from: 'sav', to_kind: 'account', to: 'sav' });
  assert.equal(bk(dev).ui.transfer.to, null);
  go(dev, { type: 'set_from', id: 'chk' });
  go(dev, { type: 'set_to', kind: 'account', id: 'sav' });
  go(dev, { type: 'set_from', id: 'sav' });
  assert.equal(bk(dev).ui.transfer.to, null, 'switching the source to the destination clears it');
  go(dev, { type: 'confirm' });
  assert.equal(bk(dev).ui.dialog, null, 'confirm only from the review screen');
  go(dev, { type: 'enter_pin' });
  assert.equal(bal(dev, 'chk'), 415187);
  consistent(dev);
});

test('wrong PINs: nothing moves; three lock transfers; unlock with the notified code', async () => {
  const dev = await device();
  toReview(dev, { amount: '10' });
  pin(dev, '1111');
  assert.equal(bk(dev).ui.pin_error, 'Wrong PIN. 2 attempts left.');
  assert.equal(bk(dev).ui.dialog, 'pin');
  draft(dev, 'pin', '');
  go(dev, { type: 'enter_pin' });
  assert.equal(bk(dev).ui.pin_error, 'Wrong PIN. 1 attempt left.');
  draft(dev, 'pin', '9999');
  go(dev, { type: 'enter_pin' });
  const s = bk(dev);
  assert.equal(s.data.security.locked, true);
  assert.equal(s.ui.dialog, null);
  assert.match(s.ui.error, /locked/);
  assert.equal(bal(dev, 'chk'), 415187);
  assert.equal(s.data.transactions.length, 40);
  // Locked: the correct PIN no longer helps; review and limit refuse.
  toReview(dev, { amount: '10' });
  assert.match(bk(dev).ui.error, /locked/);
  go(dev, { type: 'change_limit' });
  draft(dev, 'limit', '2000');
  go(dev, { type: 'save_limit' });
  assert.equal(bk(dev).ui.dialog, null);
  // Unlock.
  go(dev, { type: 'tab', tab: 'settings' });
  go(dev, { type: 'open_unlock' });
  go(dev, { type: 'verify_code' });
  assert.match(bk(dev).ui.error, /Send code/);
  go(dev, { type: 'send_code' });
  const code = bk(dev).data.security.reset_code;
  assert.match(code, /^\d{6}$/);
  const note = dev.getState().os.notifications[0];
  assert.equal(note.app, 'bank');
  assert.ok(note.body.includes(code));
  assert.deepEqual(note.intent, { screen: 'unlock', code });
  draft(dev, 'code', '000000');
  go(dev, { type: 'verify_code' });
  assert.equal(bk(dev).data.security.locked, true);
  draft(dev, 'code', code);
  go(dev, { type: 'verify_code' });
  assert.deepEqual(bk(dev).data.security, { pin_fails: 0, locked: false, reset_code: null });
  toReview(dev, { amount: '10' });
  pin(dev);
  assert.equal(bal(dev, 'chk'), 415187 - 1000);
  consistent(dev);
  // The notification opens the unlock screen.
  dev.system({ type: 'home' });
  dev.system({ type: 'tap_notification', id: note.id });
  assert.equal(bk(dev).ui.screen, 'unlock');
  assert.equal(bk(dev).ui.drafts.code, '', 'no autofill once unlocked');
});

test('tapping the code notification fills the code in', async () => {
  const dev = await device();
  dev.setState({ apps: { bank: { data: { security: { pin_fails: 3, locked: true, reset_code: null } } } } });
  go(dev, { type: 'tab', tab: 'settings' });
  go(dev, { type: 'open_unlock' });
  go(dev, { type: 'send_code' });
  const note = dev.getState().os.notifications[0];
  dev.system({ type: 'tap_notification', id: note.id });
  assert.equal(bk(dev).ui.drafts.code, bk(dev).data.security.reset_code);
  go(dev, { type: 'verify_code' });
  assert.equal(bk(dev).data.security.locked, false);
  assert.deepEqual(dev.getState().os.notifications, []);
});

test('a correct PIN resets the counter', async () => {
  const dev = await device();
  toReview(dev, { amount: '10' });
  pin(dev, '1234');
  draft(dev, 'pin', PIN);
  go(dev, { type: 'enter_pin' });
  assert.equal(bk(dev).data.security.pin_fails, 0);
  assert.equal(bk(dev).ui.screen, 'done');
});

test('scheduled transfers: create, validation, cancel, lazy execution when the day comes', async () => {
  const dev = await device();
  toReview(dev, { kind: 'payee', to: 'p2', amount: '80', note: 'Gift', date: '2026-03-21' });
  assert.equal(bk(dev).ui.screen, 'review');
  pin(dev);
  const s = bk(dev);
  assert.equal(s.ui.last.kind, 'scheduled');
  const item = bank.findScheduled(s.data, s.ui.last.sched);
  assert.deepEqual({ ...item, id: 'x' }, { id: 'x', from: 'chk', to_account: null, payee_id: 'p2', amount_cents: 8000, date: '2026-03-21', note: 'Gift', status: 'scheduled' });
  assert.equal(bal(dev, 'chk'), 415187, 'no money moves now');
  // set_date refuses today, the past and beyond the window; review needs a date.
  go(dev, { type: 'new_transfer' });
  go(dev, { type: 'set_to', kind: 'account', id: 'sav' });
  draft(dev, 'amount', '5');
  go(dev, { type: 'set_when', value: 'later' });
  for (const d of ['2026-03-14', '2026-03-01', '2026-06-30', 'tomorrow']) go(dev, { type: 'set_date', date: d });
  assert.equal(bk(dev).ui.transfer.date, null);
  go(dev, { type: 'review' });
  assert.ok(bk(dev).ui.errors.date);
  // Scheduled payee payments are checked against the whole daily limit.
  toReview(dev, { kind: 'payee', to: 'p1', amount: '1000.01', date: '2026-03-30' });
  assert.match(bk(dev).ui.error, /daily limit/);
  // Cancel s1 behind the dialog.
  go(dev, { type: 'tab', tab: 'payments' });
  go(dev, { type: 'open_scheduled', id: 's1' });
  go(dev, { type: 'confirm_cancel_scheduled' });
  assert.ok(bank.findScheduled(bk(dev).data, 's1'), 'no cancel without the dialog');
  go(dev, { type: 'cancel_scheduled' });
  assert.equal(bk(dev).ui.dialog, 'cancel_scheduled');
  go(dev, { type: 'confirm_cancel_scheduled' });
  assert.equal(bank.findScheduled(bk(dev).data, 's1'), null);
  assert.equal(bk(dev).ui.screen, 'payments');
  // Time passes: s2 (Mar 18, Rosa ¤25) and the new one (Mar 21) run at 06:00 of their day.
  dev.system({ type: 'tick', ms: 4 * 86400000 });
  go(dev, { type: 'tab', tab: 'home' });
  const after = bk(dev).data;
  const s2 = bank.findScheduled(after, 's2');
  assert.equal(s2.status, 'done');
  assert.equal(bank.findTx(after, s2.tx_ids[0]).time, Date.UTC(2026, 2, 18, 6, 0));
  assert.equal(bank.findScheduled(after, item.id).status, 'scheduled');
  assert.equal(bal(dev, 'chk'), 415187 - 2500);
  consistent(dev);
});

test('a scheduled transfer without enough money fails and moves nothing', async () => {
  const dev = await device();
  toReview(dev, { amount: '4000', date: '2026-03-16' });
  pin(dev);
  toReview(dev, { amount: '4000' });
  pin(dev);
  dev.system({ type: 'tick', ms: 2 * 86400000 });
  go(dev, { type: 'tab', tab: 'home' });
  const failed = bk(dev).data.scheduled.find((x) => x.date === '2026-03-16');
  assert.equal(failed.status, 'failed');
  consistent(dev);
});

test('transactions made at the same virtual time list newest first, past id 9 too', async () => {
  const dev = await device();
  for (const amount of ['1', '2', '3', '4']) {
    toReview(dev, { amount });
    pin(dev);
    go(dev, { type: 'finish' });
  }
  const { data, ui } = bk(dev);
  const newest = bank.listTransactions(data).slice(0, 2).map((t) => t.id);
  assert.deepEqual(newest.sort(), [...ui.last.tx].sort(), `the last transfer's legs (${ui.last.tx}) lead, got ${newest}`);
  assert.deepEqual(bank.listTransactions(data, { account: 'chk' }).slice(0, 4).map((t) => t.amount_cents), [-400, -300, -200, -100]);
});

test('a scheduled payment that runs today leaves today\'s daily limit to the payments made now', async () => {
  const dev = await device();
  toReview(dev, { kind: 'payee', to: 'p2', amount: '800', date: '2026-03-15' });
  pin(dev);
  dev.system({ type: 'tick', ms: 86400000 });
  go(dev, { type: 'tab', tab: 'payments' });
  const item = bk(dev).data.scheduled.find((s) => s.date === '2026-03-15');
  assert.equal(item.status, 'done');
  const now = dev.getState().os.clock.now;
  assert.deepEqual(bank.limitStatus(bk(dev).data, now), { limit: 100000, used: 0, left: 100000 });
  toReview(dev, { kind: 'payee', to: 'p2', amount: '500' });
  assert.equal(bk(dev).ui.screen, 'review', bk(dev).ui.error);
  pin(dev);
  assert.equal(bk(dev).ui.screen, 'done');
  assert.equal(bank.limitStatus(bk(dev).data, now).used, 50000);
  consistent(dev);
});

test('a new daily limit takes commas only as thousands separators ("15,00" is not 1500)', async () => {
  const dev = await device();
  go(dev, { type: 'tab', tab: 'settings' });
  go(dev, { type: 'change_limit' });
  for (const bad of ['15,00', '1,5,0,0', ',2000', '2000,']) {
    draft(dev, 'limit', bad);
    go(dev, { type: 'save_limit' });
    assert.equal(bk(dev).ui.errors.limit, 'Enter a whole amount, e.g. 1500', bad);
    assert.equal(bk(dev).ui.dialog, null, bad);
  }
  assert.deepEqual(bank.checkLimit(world, '¤ 1,500'), { cents: 150000 });
  assert.equal(bk(dev).data.settings.daily_limit_cents, 100000);
});

test('a scheduled date must be a real day: "2026-03-32" is neither picked nor accepted at review', async () => {
  const dev = await device();
  go(dev, { type: 'new_transfer', from: 'chk' });
  go(dev, { type: 'set_when', value: 'later' });
  for (const date of ['2026-03-32', '2026-04-31', '2026-13-01']) {
    go(dev, { type: 'set_date', date });
    assert.equal(bk(dev).ui.transfer.date, null, date);
  }
  go(dev, { type: 'set_date', date: '2026-03-31' });
  assert.equal(bk(dev).ui.transfer.date, '2026-03-31');
  const now = dev.getState().os.clock.now;
  const req = { from: 'chk', to: { kind: 'account', id: 'sav' }, amount_cents: 1000, note: '', date: '2026-03-32' };
  assert.equal(bank.transferProblem(world, bk(dev).data, req, now), 'Pick a date after today.');
  assert.equal(bank.transferProblem(world, bk(dev).data, { ...req, date: '2026-03-31' }, now), null);
});

test('scheduled transfers run when the clock passes 06:00 of their day, with no bank action after', async () => {
  const dev = await device();
  const before = bal(dev, 'chk');
  dev.system({ type: 'tick', ms: 4 * 86400000 - 3.5 * 3600000 - 60000 }); // Mar 18 05:59
  assert.equal(bank.findScheduled(bk(dev).data, 's2').status, 'scheduled');
  dev.system({ type: 'tick', ms: 60000 });
  const s2 = bank.findScheduled(bk(dev).data, 's2');
  assert.equal(s2.status, 'done');
  assert.equal(bank.findTx(bk(dev).data, s2.tx_ids[0]).time, Date.UTC(2026, 2, 18, 6, 0));
  assert.equal(bal(dev, 'chk'), before - 2500);
  consistent(dev);
});
