// Fernvale Bank: checking and savings accounts, transactions and monthly statements,
// transfers between own accounts and to payees behind a PIN (3 wrong PINs lock
// transfers until unlocked with a code), a daily limit for payments, scheduled
// transfers, payees linked to contacts, card freeze, and receipts shared to Messages.
// Pure reducer; see README.md for the state, actions and rules.

import * as clock from '../../runtime/core/clock.js';
import * as L from './lib/ledger.js';
import { TABS, ensureUi, freshUi, push, pop, goTab, fail, shownId } from './lib/nav.js';
import { transferRequest, startTransfer, review, enterPin } from './lib/transfer.js';
import { savePayee, contactsOf, handOff, onIntent } from './lib/payees.js';

export * from './lib/ledger.js';
export { parseAmount, money, plain, short, CURRENCY } from './lib/money.js';
export { TABS } from './lib/nav.js';
export { contactsOf } from './lib/payees.js';

/** Return the initial state: accounts with balances = opening + seeded transactions, payees, two scheduled transfers. */
export function init(world, ctx) {
  const transactions = L.seedTransactions(world, ctx.now);
  const data = {
    accounts: (world.accounts || []).map((a) => ({ id: a.id, name: a.name, kind: a.kind, number: a.number, balance_cents: 0 })),
    transactions,
    payees: (world.payees || []).map((p) => ({ id: p.id, name: p.name, account_number: p.account_number, contact_id: p.contact_id ?? null })),
    scheduled: (world.scheduled || []).map((s) => ({
      id: s.id, from: s.from, to_account: s.to_account ?? null, payee_id: s.payee_id ?? null, amount_cents: s.amount_cents,
      date: clock.addDays(ctx.now, s.days_ahead), note: s.note || '', status: 'scheduled',
    })),
    settings: { daily_limit_cents: world.daily_limit.default_cents },
    security: { pin_fails: 0, locked: false, reset_code: null },
    card: { frozen: false },
  };
  for (const a of data.accounts) a.balance_cents = L.ledgerBalance(world, data, a.id);
  return { data, ui: freshUi() };
}

/**
 * Run the scheduled transfers whose time (06:00 of their date) the virtual clock just passed, so balances and
 * statuses are right without waiting for the next bank action (the screens showed them pending and unmoved).
 */
export function tick(state, interval, ctx) {
  return L.settleScheduled(state.data, ctx) ? state : null;
}

// ------------------------------------------------------------------ reducer

/** Apply an action (see README.md); null for unknown actions and `back` at a tab root (→ home screen). */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state);
  const { data } = state;
  const a = action || {};
  const world = ctx.world;
  L.settleScheduled(data, ctx);
  if (a.type !== 'intent' && a.type !== 'back') ui.notice = null;
  switch (a.type) {
    case 'intent':
      return onIntent(state, a, ctx);
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        ui.pending = null;
        ui.pin_error = null;
        ui.drafts.pin = '';
        return state;
      }
      if (ui.screen === 'done') {
        goTab(ui, 'home');
        return state;
      }
      if (pop(state)) return state;
      if (ui.screen !== 'home') {
        goTab(ui, 'home');
        return state;
      }
      return null;
    case 'tab':
      if (!TABS.includes(a.tab)) return state;
      goTab(ui, a.tab);
      return state;
    case 'dismiss':
      ui.error = null;
      return state;

    // ---- browsing
    case 'open_account':
      if (!L.findAccount(data, a.id)) return state;
      ui.drafts.search = '';
      push(ui, 'account', { account: a.id });
      return state;
    case 'open_tx':
      if (!L.findTx(data, a.id)) return state;
      push(ui, 'tx', { tx: a.id });
      return state;
    case 'acct_filter':
      if (a.value !== 'all' && !L.findAccount(data, a.value)) return state;
      ui.acct_filter = a.value;
      return state;
    case 'direction':
      if (!['all', 'in', 'out'].includes(a.value)) return state;
      ui.direction = a.value;
      return state;
    case 'search':
      ui.drafts.search = String(a.query ?? '');
      return state;
    case 'clear_search':
      ui.drafts.search = '';
      return state;
    case 'open_statements': {
      const acc = L.findAccount(data, a.account ?? ui.account) ? (a.account ?? ui.account) : ui.stmt_account;
      ui.stmt_account = L.findAccount(data, acc) ? acc : 'chk';
      push(ui, 'statements');
      return state;
    }
    case 'stmt_account':
      if (!L.findAccount(data, a.id)) return state;
      ui.stmt_account = a.id;
      return state;
    case 'open_statement':
      if (!L.statementMonths(data, ui.stmt_account, ctx.now).includes(a.month)) return state;
      push(ui, 'statement', { month: a.month });
      return state;
    case 'share_receipt': {
      // The receipt button of a transaction's screen, or of the done screen (its transfer's first leg).
      const fromDone = ui.screen === 'done' && !ui.dialog && a.id === undefined && ui.last && ui.last.tx ? ui.last.tx[0] : null;
      const tx = L.findTx(data, fromDone ?? shownId(ui, 'tx', 'tx', a.id));
      if (!tx) return state;
      return handOff(state, ctx, { text: L.receiptText(world, tx) });
    }

    // ---- transfers
    case 'new_transfer':
      return startTransfer(state, ctx, { from: a.from, to: a.to_kind ? { kind: a.to_kind, id: a.to } : null });
    case 'set_from':
      if (!ui.transfer || !L.findAccount(data, a.id)) return state;
      ui.transfer.from = a.id;
      if (ui.transfer.to && ui.transfer.to.kind === 'account' && ui.transfer.to.id === a.id) ui.transfer.to = null;
      ui.error = null;
      return state;
    case 'pick_to':
      if (!ui.transfer || ui.screen !== 'transfer') return state;
      push(ui, 'pick_to');
      return state;
    case 'set_to': {
      if (!ui.transfer) return state;
      const ok = a.kind === 'account' ? L.findAccount(data, a.id) && a.id !== ui.transfer.from : a.kind === 'payee' && L.findPayee(data, a.id);
      if (!ok) return state;
      ui.transfer.to = { kind: a.kind, id: a.id };
      if (ui.screen === 'pick_to') pop(state);
      delete ui.errors.to;
      return state;
    }
    case 'set_when':
      if (!ui.transfer || !['now', 'later'].includes(a.value)) return state;
      ui.transfer.when = a.value;
      if (a.value === 'now') ui.transfer.date = null;
      return state;
    case 'set_date': {
      if (!ui.transfer || !L.isRealDate(a.date)) return state;
      if (a.date <= clock.isoDate(ctx.now) || a.date > clock.addDays(ctx.now, world.schedule_days || 60)) return state;
      ui.transfer.when = 'later';
      ui.transfer.date = a.date;
      delete ui.errors.date;
      return state;
    }
    case 'review':
      return review(state, ctx);
    case 'confirm': {
      if (ui.screen !== 'review' || !ui.transfer) return state;
      const problem = L.transferProblem(world, data, transferRequest(state), ctx.now);
      if (problem) return fail(state, problem);
      Object.assign(ui, { dialog: 'pin', pending: 'transfer', pin_error: null });
      ui.drafts.pin = '';
      return state;
    }
    case 'enter_pin':
      return enterPin(state, ctx);
    case 'close_dialog':
      ui.dialog = null;
      ui.pending = null;
      ui.pin_error = null;
      ui.drafts.pin = '';
      return state;
    case 'finish':
      goTab(ui, 'home');
      return state;
    case 'notify_payee': {
      const last = ui.last;
      if (!last || !last.to || last.to.kind !== 'payee') return state;
      const payee = L.findPayee(data, last.to.id);
      if (!payee || !payee.contact_id) return state;
      return handOff(state, ctx, { to: payee.contact_id, text: L.notifyText(payee.name, last.amount_cents, last.note) });
    }

    // ---- payees
    case 'open_payee':
      if (!L.findPayee(data, a.id)) return state;
      push(ui, 'payee', { payee: a.id });
      return state;
    case 'pay_payee': {
      const payee = L.findPayee(data, shownId(ui, 'payee', 'payee', a.id));
      if (!payee) return state;
      return startTransfer(state, ctx, { to: { kind: 'payee', id: payee.id } });
    }
    case 'add_payee':
      push(ui, 'payee_form');
      ui.drafts.payee_name = '';
      ui.drafts.payee_account = '';
      ui.link = null;
      return state;
    case 'link_contact':
      if (ui.screen !== 'payee_form') return state;
      ui.drafts.contact_search = '';
      push(ui, 'pick_contact');
      return state;
    case 'pick_contact': {
      if (ui.screen !== 'pick_contact') return state;
      const c = contactsOf(ctx).find((x) => x.id === a.id);
      if (!c) return state;
      ui.link = c.id;
      pop(state);
      if (!String(ui.drafts.payee_name ?? '').trim()) ui.drafts.payee_name = c.name;
      return state;
    }
    case 'unlink_contact':
      ui.link = null;
      return state;
    case 'save_payee':
      return savePayee(state, ctx);
    case 'delete_payee': {
      const p = L.findPayee(data, shownId(ui, 'payee', 'payee', a.id));
      if (!p) return state;
      ui.dialog = 'delete_payee';
      return state;
    }
    case 'confirm_delete_payee': {
      const p = L.findPayee(data, ui.payee);
      if (ui.dialog !== 'delete_payee' || !p) {
        ui.dialog = null;
        return state;
      }
      data.payees = data.payees.filter((x) => x.id !== p.id);
      for (const s of data.scheduled) if (s.payee_id === p.id && s.status === 'scheduled') s.status = 'cancelled';
      ui.dialog = null;
      pop(state) || goTab(ui, 'payments');
      ui.notice = `${p.name} removed from your payees`;
      return state;
    }

    // ---- scheduled transfers
    case 'open_scheduled':
      if (!L.findScheduled(data, a.id)) return state;
      push(ui, 'scheduled', { sched: a.id });
      return state;
    case 'cancel_scheduled': {
      const s = L.findScheduled(data, shownId(ui, 'scheduled', 'sched', a.id));
      if (!s || s.status !== 'scheduled') return state;
      ui.dialog = 'cancel_scheduled';
      return state;
    }
    case 'confirm_cancel_scheduled': {
      const s = L.findScheduled(data, ui.sched);
      if (ui.dialog !== 'cancel_scheduled' || !s || s.status !== 'scheduled') {
        ui.dialog = null;
        return state;
      }
      data.scheduled = data.scheduled.filter((x) => x.id !== s.id);
      ui.dialog = null;
      pop(state) || goTab(ui, 'payments');
      ui.notice = 'Scheduled transfer cancelled';
      return state;
    }

    // ---- settings
    case 'change_limit':
      push(ui, 'limit');
      ui.drafts.limit = String(data.settings.daily_limit_cents / 100);
      return state;
    case 'save_limit': {
      if (ui.screen !== 'limit') return state;
      if (data.security.locked) return fail(state, 'Transfers are locked after 3 wrong PINs. Unlock them first.');
      const check = L.checkLimit(world, ui.drafts.limit);
      if (check.error) {
        ui.errors = { limit: check.error };
        return state;
      }
      ui.errors = {};
      Object.assign(ui, { dialog: 'pin', pending: 'limit', pin_error: null });
      ui.drafts.pin = '';
      return state;
    }
    case 'toggle_freeze':
      data.card.frozen = typeof a.value === 'boolean' ? a.value : !data.card.frozen;
      ui.notice = data.card.frozen ? 'Card frozen: card payments are declined' : 'Card unfrozen';
      return state;
    case 'open_unlock':
      push(ui, 'unlock');
      ui.drafts.code = '';
      return state;
    case 'send_code': {
      if (!data.security.locked) return state;
      const code = String(100000 + Math.floor(ctx.random() * 900000));
      data.security.reset_code = code;
      ctx.notify({ title: world.bank_name || 'Bank', body: `Your code to unlock transfers is ${code}. Never share it.`, intent: { screen: 'unlock', code } });
      ui.notice = 'We sent a code to this phone (see notifications)';
      return state;
    }
    case 'verify_code': {
      if (!data.security.locked) return state;
      const code = String(ui.drafts.code ?? '').replace(/\s/g, '');
      if (!data.security.reset_code) return fail(state, 'Tap "Send code" first.');
      if (code !== data.security.reset_code) return fail(state, 'That code is not right. Check the notification and try again.');
      data.security = { pin_fails: 0, locked: false, reset_code: null };
      ui.drafts.code = '';
      pop(state) || goTab(ui, 'settings');
      ui.notice = 'Transfers unlocked';
      return state;
    }
    default:
      return null;
  }
}