import test from 'node:test';
import assert from 'node:assert/strict';
import { intentRecorder, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as bank from './logic.js';
import * as contacts from '../contacts/logic.js';
import { world, device, bk, go, draft, bal, consistent, toReview, pin } from './testkit.mjs';

/** A device with Bank and a stub Messages app that records the intents it receives. */
function withMessages() {
  const messages = intentRecorder();
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
