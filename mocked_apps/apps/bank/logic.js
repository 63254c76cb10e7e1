// Fernvale Bank: checking and savings accounts, transactions and monthly statements,
// transfers between own accounts and to payees behind a PIN (3 wrong PINs lock
// transfers until unlocked with a code), a daily limit for payments, scheduled
// transfers, payees linked to contacts, card freeze, and receipts shared to Messages.
// Pure reducer; see README.md for the state, actions and rules.

import * as clock from '../../runtime/core/clock.js';
import * as L from './lib/ledger.js';
import { parseAmount, money } from './lib/money.js';

export * from './lib/ledger.js';
export { parseAmount, money, plain, short, CURRENCY } from './lib/money.js';

export const TABS = ['home', 'activity', 'payments', 'settings'];
const SCREENS = ['home', 'activity', 'payments', 'settings', 'account', 'tx', 'statements', 'statement', 'transfer', 'pick_to',
  'review', 'done', 'payee', 'payee_form', 'pick_contact', 'scheduled', 'limit', 'unlock'];
const SEL_KEYS = ['account', 'tx', 'payee', 'sched', 'month'];

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

function freshUi() {
  return {
    screen: 'home', tab: 'home', stack: [],
    account: null, tx: null, payee: null, sched: null, month: null,
    acct_filter: 'all', direction: 'all', stmt_account: 'chk',
    transfer: null, link: null, pending: null, last: null,
    dialog: null, pin_error: null, error: null, notice: null, errors: {}, drafts: {},
  };
}

function ensureUi(state) {
  state.ui = { ...freshUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.errors || typeof ui.errors !== 'object') ui.errors = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'home';
  if (!TABS.includes(ui.tab)) ui.tab = 'home';
  return ui;
}

// ------------------------------------------------------------------ navigation

function snapshot(ui) {
  const s = { screen: ui.screen };
  for (const k of SEL_KEYS) s[k] = ui[k];
  return s;
}

function push(ui, screen, sel = {}) {
  ui.stack.push(snapshot(ui));
  ui.screen = screen;
  for (const [k, v] of Object.entries(sel)) ui[k] = v;
  ui.dialog = null;
  ui.error = null;
  ui.errors = {};
}

/** Pop one screen; false at a tab root. Screens whose record is gone are skipped. */
function pop(state) {
  const { ui, data } = state;
  for (;;) {
    const prev = ui.stack.pop();
    if (!prev) return false;
    Object.assign(ui, prev);
    ui.dialog = null;
    ui.error = null;
    ui.errors = {};
    if (ui.screen === 'payee' && !L.findPayee(data, ui.payee)) continue;
    if (ui.screen === 'scheduled' && !L.findScheduled(data, ui.sched)) continue;
    if (ui.screen === 'tx' && !L.findTx(data, ui.tx)) continue;
    return true;
  }
}

function goTab(ui, tab) {
  Object.assign(ui, { screen: tab, tab, stack: [], dialog: null, error: null, errors: {}, pending: null });
}

function fail(state, message) {
  state.ui.error = message;
  return state;
}

// ------------------------------------------------------------------ transfers

function transferRequest(state) {
  const { ui } = state;
  const t = ui.transfer || {};
  return {
    from: t.from,
    to: t.to || null,
    amount_cents: parseAmount(ui.drafts.amount),
    note: String(ui.drafts.note ?? '').trim(),
    date: t.when === 'later' ? (t.date || '') : null,
  };
}

function startTransfer(state, ctx, { from, to } = {}) {
  const { ui, data } = state;
  const src = L.findAccount(data, from) ? from : 'chk';
  let dest = null;
  if (to && to.kind === 'account' && L.findAccount(data, to.id)) dest = { kind: 'account', id: to.id };
  if (to && to.kind === 'payee' && L.findPayee(data, to.id)) dest = { kind: 'payee', id: to.id };
  if (dest && dest.kind === 'account' && dest.id === src) dest = null;
  ui.transfer = { from: src, to: dest, when: 'now', date: null };
  ui.drafts.amount = '';
  ui.drafts.note = '';
  push(ui, 'transfer');
  return state;
}

function review(state, ctx) {
  const { ui, data } = state;
  if (ui.screen !== 'transfer' || !ui.transfer) return state;
  const req = transferRequest(state);
  const errors = {};
  if (!req.to) errors.to = 'Choose who to send the money to';
  if (req.amount_cents === null) errors.amount = String(ui.drafts.amount ?? '').trim() ? 'Enter a valid amount, e.g. 25 or 25.50' : 'Enter an amount';
  if (ui.transfer.when === 'later' && !ui.transfer.date) errors.date = 'Pick a date';
  if (Object.keys(errors).length) {
    ui.errors = errors;
    return state;
  }
  const problem = L.transferProblem(ctx.world, data, req, ctx.now);
  if (problem) return fail(state, problem);
  push(ui, 'review');
  return state;
}

function pinOk(state, ctx) {
  const { ui, data } = state;
  const max = ctx.world.max_pin_attempts || 3;
  const pin = String(ui.drafts.pin ?? '').trim();
  ui.drafts.pin = '';
  if (pin === String(ctx.world.pin)) {
    data.security.pin_fails = 0;
    ui.pin_error = null;
    return true;
  }
  data.security.pin_fails = (data.security.pin_fails || 0) + 1;
  if (data.security.pin_fails >= max) {
    data.security.locked = true;
    ui.dialog = null;
    ui.pending = null;
    ui.pin_error = null;
    ui.error = `Wrong PIN entered ${max} times. Transfers are locked — unlock them in Settings.`;
  } else {
    const left = max - data.security.pin_fails;
    ui.pin_error = `Wrong PIN. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`;
  }
  return false;
}

function enterPin(state, ctx) {
  const { ui, data } = state;
  if (ui.dialog !== 'pin' || !ui.pending) return state;
  if (data.security.locked) {
    ui.dialog = null;
    ui.pending = null;
    return fail(state, 'Transfers are locked after 3 wrong PINs. Unlock them in Settings.');
  }
  if (ui.pending === 'transfer') {
    const req = transferRequest(state);
    const problem = L.transferProblem(ctx.world, data, req, ctx.now);
    if (problem) {
      ui.dialog = null;
      ui.pending = null;
      ui.drafts.pin = '';
      return fail(state, problem);
    }
    if (!pinOk(state, ctx)) return state;
    let last;
    if (req.date) {
      const item = L.addScheduled(data, req, ctx);
      last = { kind: 'scheduled', sched: item.id, to: req.to, amount_cents: req.amount_cents, date: req.date, note: req.note, tx: [] };
    } else {
      const ids = L.executeTransfer(data, req, ctx);
      last = { kind: 'transfer', tx: ids, to: req.to, amount_cents: req.amount_cents, date: null, note: req.note };
    }
    Object.assign(ui, { dialog: null, pending: null, transfer: null, last, stack: [], screen: 'done', error: null });
    ui.drafts.amount = '';
    ui.drafts.note = '';
    return state;
  }
  if (ui.pending === 'limit') {
    const check = L.checkLimit(ctx.world, ui.drafts.limit);
    if (check.error) {
      ui.dialog = null;
      ui.pending = null;
      ui.errors = { limit: check.error };
      return state;
    }
    if (!pinOk(state, ctx)) return state;
    data.settings.daily_limit_cents = check.cents;
    ui.dialog = null;
    ui.pending = null;
    pop(state) || goTab(ui, 'settings');
    ui.notice = `Daily limit set to ${money(check.cents)}`;
    return state;
  }
  return state;
}

// ------------------------------------------------------------------ payees

function savePayee(state, ctx) {
  const { ui, data } = state;
  if (ui.screen !== 'payee_form') return state;
  const name = String(ui.drafts.payee_name ?? '').trim().replace(/\s+/g, ' ');
  const errors = {};
  if (!name) errors.payee_name = 'Enter the payee name';
  else if (name.length > 40) errors.payee_name = 'At most 40 characters';
  const acct = L.checkAccountNumber(ctx.world, data, ui.drafts.payee_account);
  if (acct.error) errors.payee_account = acct.error;
  const contacts = contactsOf(ctx);
  const link = ui.link && contacts.some((c) => c.id === ui.link) ? ui.link : null;
  if (ui.link && !link) errors.link = 'That contact is no longer available';
  if (link && data.payees.some((p) => p.contact_id === link)) errors.link = 'This contact is already linked to a payee';
  if (Object.keys(errors).length) {
    ui.errors = errors;
    return state;
  }
  let id = ctx.uid('py');
  while (L.findPayee(data, id)) id = ctx.uid('py');
  data.payees.push({ id, name, account_number: acct.digits, contact_id: link });
  ui.drafts.payee_name = '';
  ui.drafts.payee_account = '';
  ui.link = null;
  pop(state);
  push(ui, 'payee', { payee: id });
  ui.notice = `${name} added to your payees`;
  return state;
}

/** Return the contacts of the Contacts app ([] when it is not on the device). */
export function contactsOf(ctx) {
  const app = ctx.peek('contacts');
  const list = app && app.data && Array.isArray(app.data.contacts) ? app.data.contacts : [];
  return list.filter((c) => c && typeof c.id === 'string' && typeof c.name === 'string');
}

// ------------------------------------------------------------------ hand-offs

function handOff(state, ctx, intent) {
  if (!ctx.peek('messages')) return fail(state, 'Messages is not available on this phone');
  ctx.open('messages', intent);
  return state;
}

function onIntent(state, action, ctx) {
  const { ui, data } = state;
  if (action.screen === 'unlock') {
    goTab(ui, 'settings');
    push(ui, 'unlock');
    // Tapping the code notification fills the code in (like one-time-code autofill).
    ui.drafts.code = typeof action.code === 'string' && data.security.locked ? action.code : '';
    return state;
  }
  if (typeof action.tx === 'string' && L.findTx(data, action.tx)) {
    goTab(ui, 'activity');
    push(ui, 'tx', { tx: action.tx });
    return state;
  }
  if (typeof action.pay_contact === 'string') {
    goTab(ui, 'payments');
    const payee = data.payees.find((p) => p.contact_id === action.pay_contact);
    if (payee) return startTransfer(state, ctx, { to: { kind: 'payee', id: payee.id } });
    const contact = contactsOf(ctx).find((c) => c.id === action.pay_contact);
    push(ui, 'payee_form');
    ui.drafts.payee_name = contact ? contact.name : '';
    ui.drafts.payee_account = '';
    ui.link = contact ? contact.id : null;
    return state;
  }
  return state;
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
      const fromDone = ui.screen === 'done' && ui.last && ui.last.tx ? ui.last.tx[0] : null;
      const tx = L.findTx(data, a.id ?? fromDone ?? ui.tx);
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
      if (!ui.transfer || typeof a.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(a.date)) return state;
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
      const payee = L.findPayee(data, a.id ?? ui.payee);
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
      const p = L.findPayee(data, a.id ?? ui.payee);
      if (!p) return state;
      ui.payee = p.id;
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
      const s = L.findScheduled(data, a.id ?? ui.sched);
      if (!s || s.status !== 'scheduled') return state;
      ui.sched = s.id;
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
