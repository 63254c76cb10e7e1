import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as bank from './logic.js';
import * as contacts from '../contacts/logic.js';

const world = readJson('apps/bank/world.json');
const PIN = world.pin;

async function device(reset = {}, apps = ['bank']) {
  const dev = await loadDevice({ apps, reset: { seed: 2, ...reset } });
  dev.system({ type: 'open', app: 'bank' });
  return dev;
}
const bk = (dev) => dev.getState().apps.bank;
const go = (dev, action) => dev.dispatch('bank', action);
const draft = (dev, key, value) => go(dev, { type: '@draft', key, value });
const bal = (dev, id) => bank.findAccount(bk(dev).data, id).balance_cents;

/** Every account balance equals opening + Σ its transactions. */
function consistent(dev) {
  const data = bk(dev).data;
  for (const a of data.accounts) assert.equal(a.balance_cents, bank.ledgerBalance(world, data, a.id), `balance of ${a.id}`);
}

/** Fill the transfer form and go to the review screen. */
function toReview(dev, { from = 'chk', kind = 'account', to = 'sav', amount = '50', note = '', date = null } = {}) {
  go(dev, { type: 'new_transfer', from });
  go(dev, { type: 'pick_to' });
  go(dev, { type: 'set_to', kind, id: to });
  draft(dev, 'amount', amount);
  draft(dev, 'note', note);
  if (date) go(dev, { type: 'set_date', date });
  go(dev, { type: 'review' });
}
function pin(dev, value = PIN) {
  go(dev, { type: 'confirm' });
  draft(dev, 'pin', value);
  go(dev, { type: 'enter_pin' });
}

/** A device with Bank and a stub Messages app that records the intents it receives. */
function withMessages() {
  const messages = {
    init: () => ({ data: { intents: [] }, ui: {} }),
    reduce: (s, a) => {
      if (a.type !== 'intent') return null;
      const { type: _t, ...rest } = a;
      s.data.intents.push(rest);
      return s;
    },
  };
  const dev = createDevice({ apps: { bank, messages, contacts }, worlds: { bank: world, contacts: readJson('apps/contacts/world.json') } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'bank' });
  return dev;
}

test('init: accounts, 36 transactions with relative dates, consistent balances, small state', async () => {
  const dev = await device();
  const s = bk(dev);
  assert.equal(s.data.transactions.length, 40);
  assert.equal(s.data.accounts.length, 2);
  consistent(dev);
  assert.equal(bal(dev, 'chk'), 415187);
  assert.equal(bal(dev, 'sav'), 571360);
  const last = s.data.transactions[s.data.transactions.length - 1];
  assert.equal(bank.findTx(s.data, 'h36').time, Date.UTC(2026, 2, 14, 8, 40));
  assert.equal(last.id, 'h36');
  assert.equal(bank.findTx(s.data, 'h01').time, Date.UTC(2026, 0, 26, 8, 5));
  assert.deepEqual(s.data.scheduled.map((x) => [x.id, x.date]), [['s1', '2026-03-20'], ['s2', '2026-03-18'], ['s3', '2026-03-27']]);
  assert.equal(s.data.settings.daily_limit_cents, 100000);
  assert.deepEqual(s.data.security, { pin_fails: 0, locked: false, reset_code: null });
  assert.equal(s.ui.screen, 'home');
  assert.ok(JSON.stringify(s).length < 10000);
  // Relative dates follow the clock.
  const later = await device({ now: Date.UTC(2026, 3, 1, 12, 0) });
  assert.equal(bank.findTx(bk(later).data, 'h36').time, Date.UTC(2026, 3, 1, 8, 40));
});

test('money: parse and format', () => {
  assert.equal(bank.parseAmount('45'), 4500);
  assert.equal(bank.parseAmount('45.5'), 4550);
  assert.equal(bank.parseAmount(' ¤ 1,500.25 '), 150025);
  assert.equal(bank.parseAmount('1500.05'), 150005);
  for (const bad of ['', '0', '0.00', '-5', '4.555', 'abc', '1,50', '12.', '1e3', '9999999999']) assert.equal(bank.parseAmount(bad), null, bad);
  assert.equal(bank.money(123456), '¤1,234.56');
  assert.equal(bank.money(-1230), '−¤12.30');
  assert.equal(bank.money(500, { sign: true }), '+¤5.00');
  assert.equal(bank.short(100000), '¤1,000');
});

test('selectors: search, filters, statements, spending', async () => {
  const dev = await device();
  const { data } = bk(dev);
  assert.equal(bank.listTransactions(data, { query: 'copperpot' }).length, 6);
  assert.equal(bank.listTransactions(data, { account: 'sav' }).length, 4);
  assert.ok(bank.listTransactions(data, { direction: 'in' }).every((t) => t.amount_cents > 0));
  assert.deepEqual(bank.statementMonths(data, 'chk', dev.getState().os.clock.now), ['2026-03', '2026-02', '2026-01']);
  const feb = bank.statement(world, data, 'chk', '2026-02');
  assert.equal(feb.opening, 377135);
  assert.equal(feb.closing, 474850);
  assert.equal(feb.closing, feb.opening + feb.money_in - feb.money_out);
  const mar = bank.statement(world, data, 'chk', '2026-03');
  assert.equal(mar.opening, feb.closing);
  assert.equal(mar.closing, bal(dev, 'chk'));
  // Last week = Mon Mar 2 .. Sun Mar 8.
  assert.equal(bank.spentAt(data, 'Copperpot Grocer', Date.UTC(2026, 2, 2), Date.UTC(2026, 2, 9)), 8990);
  assert.equal(bank.spentAt(data, 'Bluewick Coffee', Date.UTC(2026, 2, 2), Date.UTC(2026, 2, 9)), 1040);
});

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

test('payees: add with validation and a linked contact, delete behind a confirm', async () => {
  const dev = await device({}, ['contacts', 'bank']);
  go(dev, { type: 'tab', tab: 'payments' });
  go(dev, { type: 'add_payee' });
  go(dev, { type: 'save_payee' });
  assert.deepEqual(Object.keys(bk(dev).ui.errors).sort(), ['payee_account', 'payee_name']);
  const cases = [['12345', /10 digits/], ['12345abcde', /digits only/], ['1111111111', /not a valid/], ['3017 5520 18', /already have this payee \(Ada Marlow\)/]];
  draft(dev, 'payee_name', 'Hana Petrov');
  for (const [num, re] of cases) {
    draft(dev, 'payee_account', num);
    go(dev, { type: 'save_payee' });
    assert.match(bk(dev).ui.errors.payee_account, re, num);
  }
  draft(dev, 'payee_name', '');
  go(dev, { type: 'link_contact' });
  assert.equal(bk(dev).ui.screen, 'pick_contact');
  go(dev, { type: 'pick_contact', id: 'nope' });
  assert.equal(bk(dev).ui.screen, 'pick_contact');
  go(dev, { type: 'pick_contact', id: 'c8' });
  assert.equal(bk(dev).ui.screen, 'payee_form');
  assert.equal(bk(dev).ui.drafts.payee_name, 'Hana Petrov', 'an empty name is filled from the contact');
  draft(dev, 'payee_account', '4812-0937-55');
  go(dev, { type: 'save_payee' });
  const p = bk(dev).data.payees.find((x) => x.name === 'Hana Petrov');
  assert.deepEqual({ ...p, id: 'x' }, { id: 'x', name: 'Hana Petrov', account_number: '4812093755', contact_id: 'c8' });
  assert.match(p.id, /^py\d+$/);
  assert.equal(bk(dev).ui.screen, 'payee');
  // A contact can be linked to one payee only.
  go(dev, { type: 'tab', tab: 'payments' });
  go(dev, { type: 'add_payee' });
  go(dev, { type: 'link_contact' });
  go(dev, { type: 'pick_contact', id: 'c1' });
  draft(dev, 'payee_account', '5555123400');
  go(dev, { type: 'save_payee' });
  assert.match(bk(dev).ui.errors.link, /already linked/);
  go(dev, { type: 'unlink_contact' });
  go(dev, { type: 'save_payee' });
  assert.equal(bk(dev).data.payees.length, 8);
  // Delete p4: its scheduled transfer (s2) is cancelled, past payments stay.
  go(dev, { type: 'tab', tab: 'payments' });
  go(dev, { type: 'open_payee', id: 'p4' });
  go(dev, { type: 'confirm_delete_payee' });
  assert.ok(bank.findPayee(bk(dev).data, 'p4'));
  go(dev, { type: 'delete_payee' });
  go(dev, { type: 'close_dialog' });
  assert.ok(bank.findPayee(bk(dev).data, 'p4'));
  go(dev, { type: 'delete_payee' });
  go(dev, { type: 'confirm_delete_payee' });
  assert.equal(bank.findPayee(bk(dev).data, 'p4'), null);
  assert.equal(bank.findScheduled(bk(dev).data, 's2').status, 'cancelled');
  assert.equal(bk(dev).ui.screen, 'payments');
  assert.equal(bk(dev).data.transactions.length, 40);
});

test('pick_contact without Contacts on the device shows nothing to pick', async () => {
  const dev = await device();
  go(dev, { type: 'add_payee' });
  go(dev, { type: 'link_contact' });
  go(dev, { type: 'pick_contact', id: 'c1' });
  assert.equal(bk(dev).ui.link, null);
});

test('share receipt and tell a linked payee go to Messages', () => {
  const dev = withMessages();
  go(dev, { type: 'open_tx', id: 'h23' });
  go(dev, { type: 'share_receipt' });
  const st = dev.getState();
  assert.equal(st.os.foreground, 'messages');
  assert.equal(st.apps.messages.data.intents[0].text, 'Fernvale Bank receipt: Copperpot Grocer −¤66.15 on Tue, Mar 3 2026, 18:45 · ref h23');
  dev.system({ type: 'open', app: 'bank' });
  toReview(dev, { kind: 'payee', to: 'p1', amount: '24', note: 'lunch' });
  pin(dev);
  go(dev, { type: 'notify_payee' });
  assert.deepEqual(dev.getState().apps.messages.data.intents[1], { to: 'c1', text: 'Hi Ada, I just sent you ¤24.00 for lunch.' });
  dev.system({ type: 'open', app: 'bank' });
  go(dev, { type: 'share_receipt' });
  assert.match(dev.getState().apps.messages.data.intents[2].text, /^Fernvale Bank receipt: Ada Marlow −¤24.00 .* "lunch" · ref tx\d+$/);
});

test('hand-offs without Messages show an error; notify needs a linked payee', async () => {
  const dev = await device();
  go(dev, { type: 'open_tx', id: 'h01' });
  go(dev, { type: 'share_receipt' });
  assert.match(bk(dev).ui.error, /Messages is not available/);
  toReview(dev, { kind: 'payee', to: 'p3', amount: '10' });
  pin(dev);
  const before = JSON.stringify(dev.getState());
  go(dev, { type: 'notify_payee' });
  assert.equal(JSON.stringify(dev.getState()), before, 'Greenway Utilities has no contact');
});

test('card freeze toggles and can be set', async () => {
  const dev = await device();
  go(dev, { type: 'toggle_freeze' });
  assert.equal(bk(dev).data.card.frozen, true);
  go(dev, { type: 'toggle_freeze', value: true });
  assert.equal(bk(dev).data.card.frozen, true);
  go(dev, { type: 'toggle_freeze' });
  assert.equal(bk(dev).data.card.frozen, false);
});

test('navigation: tabs, account, tx, statements, back stack, back at root goes home', async () => {
  const dev = await device();
  go(dev, { type: 'open_account', id: 'sav' });
  assert.equal(bk(dev).ui.screen, 'account');
  go(dev, { type: 'open_statements' });
  assert.equal(bk(dev).ui.stmt_account, 'sav');
  go(dev, { type: 'stmt_account', id: 'chk' });
  go(dev, { type: 'open_statement', month: '2025-12' });
  assert.equal(bk(dev).ui.screen, 'statements');
  go(dev, { type: 'open_statement', month: '2026-02' });
  assert.equal(bk(dev).ui.screen, 'statement');
  go(dev, { type: 'open_tx', id: 'h12' });
  assert.equal(bk(dev).ui.tx, 'h12');
  dev.system({ type: 'back' });
  assert.equal(bk(dev).ui.screen, 'statement');
  dev.system({ type: 'back' });
  dev.system({ type: 'back' });
  dev.system({ type: 'back' });
  assert.equal(bk(dev).ui.screen, 'home');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  dev.system({ type: 'open', app: 'bank' });
  go(dev, { type: 'tab', tab: 'activity' });
  go(dev, { type: 'acct_filter', value: 'sav' });
  go(dev, { type: 'direction', value: 'in' });
  go(dev, { type: 'direction', value: 'sideways' });
  go(dev, { type: 'acct_filter', value: 'zzz' });
  assert.deepEqual([bk(dev).ui.acct_filter, bk(dev).ui.direction], ['sav', 'in']);
  go(dev, { type: 'search', query: 'coffee' });
  assert.equal(bk(dev).ui.drafts.search, 'coffee');
  go(dev, { type: 'clear_search' });
  assert.equal(bk(dev).ui.drafts.search, '');
  dev.system({ type: 'back' });
  assert.equal(bk(dev).ui.screen, 'home', 'back from another tab root goes to Home');
  go(dev, { type: 'tab', tab: 'nope' });
  assert.equal(bk(dev).ui.screen, 'home');
  assert.equal(go(dev, { type: 'nonsense' }), false);
});

test('back closes dialogs first; done goes home; pop skips deleted records', async () => {
  const dev = await device();
  toReview(dev, { amount: '5' });
  go(dev, { type: 'confirm' });
  dev.system({ type: 'back' });
  assert.equal(bk(dev).ui.dialog, null);
  assert.equal(bk(dev).ui.screen, 'review');
  pin(dev);
  dev.system({ type: 'back' });
  assert.equal(bk(dev).ui.screen, 'home');
  go(dev, { type: 'tab', tab: 'payments' });
  go(dev, { type: 'open_payee', id: 'p6' });
  go(dev, { type: 'pay_payee' });
  assert.deepEqual(bk(dev).ui.transfer.to, { kind: 'payee', id: 'p6' });
  dev.system({ type: 'back' });
  go(dev, { type: 'delete_payee' });
  go(dev, { type: 'confirm_delete_payee' });
  assert.equal(bk(dev).ui.screen, 'payments');
});

test('intents: unlock screen, a transaction, pay a contact (payee or prefilled new payee)', async () => {
  const dev = await device({}, ['contacts', 'bank']);
  dev.system({ type: 'open', app: 'bank', intent: { tx: 'h05' } });
  assert.deepEqual([bk(dev).ui.screen, bk(dev).ui.tx], ['tx', 'h05']);
  dev.system({ type: 'open', app: 'bank', intent: { pay_contact: 'c6' } });
  assert.deepEqual(bk(dev).ui.transfer.to, { kind: 'payee', id: 'p2' });
  dev.system({ type: 'open', app: 'bank', intent: { pay_contact: 'c9' } });
  assert.equal(bk(dev).ui.screen, 'payee_form');
  assert.equal(bk(dev).ui.drafts.payee_name, 'Ivo Castell');
  assert.equal(bk(dev).ui.link, 'c9');
  dev.system({ type: 'open', app: 'bank', intent: { screen: 'unlock' } });
  assert.equal(bk(dev).ui.screen, 'unlock');
  const before = JSON.stringify(bk(dev).data);
  dev.system({ type: 'open', app: 'bank', intent: { tx: 'zzz', bogus: 1 } });
  assert.equal(JSON.stringify(bk(dev).data), before);
});

test('bad input never corrupts data', async () => {
  const dev = await device();
  const before = JSON.stringify(bk(dev).data);
  const junk = [
    { type: 'open_account', id: null }, { type: 'open_tx' }, { type: 'set_from', id: 'x' }, { type: 'set_to' },
    { type: 'set_when', value: 'never' }, { type: 'set_date', date: 5 }, { type: 'review' }, { type: 'confirm' },
    { type: 'enter_pin' }, { type: 'notify_payee' }, { type: 'open_payee', id: 1 }, { type: 'pay_payee', id: 'zz' },
    { type: 'save_payee' }, { type: 'pick_contact', id: 'c1' }, { type: 'delete_payee', id: 'zz' }, { type: 'confirm_delete_payee' },
    { type: 'open_scheduled', id: 'zz' }, { type: 'cancel_scheduled', id: 'zz' }, { type: 'confirm_cancel_scheduled' },
    { type: 'save_limit' }, { type: 'send_code' }, { type: 'verify_code' }, { type: 'open_statement', month: 'x' },
    { type: 'stmt_account', id: 'q' }, { type: 'share_receipt', id: 'zz' }, { type: 'intent' }, { type: 'finish' }, { type: 'dismiss' },
  ];
  for (const a of junk) go(dev, a);
  assert.equal(JSON.stringify(bk(dev).data), before);
  // A corrupted ui is repaired.
  dev.setState({ apps: { bank: { ui: { screen: 'nowhere', stack: 'x', drafts: null } } } });
  go(dev, { type: 'tab', tab: 'activity' });
  assert.equal(bk(dev).ui.screen, 'activity');
});

test('values the tasks rely on (task_bank/mobile/bank.yaml): last week spending and statements', async () => {
  const dev = await device();
  const { data } = bk(dev);
  const lastWeek = [Date.UTC(2026, 2, 2), Date.UTC(2026, 2, 9)];
  const spent = Object.fromEntries(['Copperpot Grocer', 'Bluewick Coffee', 'Wayfin Rides', 'Tallow & Twine', 'Pinecrest Pharmacy']
    .map((m) => [m, bank.spentAt(data, m, ...lastWeek)]));
  assert.deepEqual(spent, { 'Copperpot Grocer': 8990, 'Bluewick Coffee': 1040, 'Wayfin Rides': 2431, 'Tallow & Twine': 3990, 'Pinecrest Pharmacy': 875 });
  const st = (a, m) => bank.statement(world, data, a, m);
  assert.deepEqual([st('chk', '2026-02').closing, st('chk', '2026-02').money_out, st('chk', '2026-01').closing, st('chk', '2026-01').money_out],
    [474850, 187285, 377135, 121900]);
  assert.deepEqual([st('sav', '2026-02').closing, st('sav', '2026-02').money_in, st('sav', '2026-01').closing], [551360, 30710, 520650]);
  const receipt = (id) => bank.receiptText(world, bank.findTx(data, id));
  for (const [id, text] of [['h32', '26.00'], ['h27', '39.90'], ['h13', '18.99'], ['h16', '47.00'], ['h39', '8.75']]) assert.ok(receipt(id).includes(text), id);
});
