// Reducer steps of the Bank's transfers: the request from the form, starting and reviewing a transfer,
// and the PIN dialog (a transfer or a new daily limit).

import * as L from './ledger.js';
import { parseAmount, money } from './money.js';
import { push, pop, goTab, fail } from './nav.js';

export function transferRequest(state) {
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

export function startTransfer(state, ctx, { from, to } = {}) {
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

export function review(state, ctx) {
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

export function enterPin(state, ctx) {
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