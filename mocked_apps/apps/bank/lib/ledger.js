// The ledger: accounts, transactions, payees, statements, the daily limit and the
// transfer rules. Pure functions over (world, data, now); the reducer calls them.
//
// Invariant kept by every money movement: for each account,
//   balance_cents === world opening_cents + Σ amount_cents of its transactions.

import * as clock from '../../../runtime/core/clock.js';
import { money, short } from './money.js';
import { matchesQuery } from '../../../runtime/core/text.js';

export const DAY = 86400000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Return the virtual midnight (UTC) of the day of `ms`. */
export const dayStart = (ms) => Math.floor(ms / DAY) * DAY;

/** Return "YYYY-MM" of a timestamp. */
export const monthKey = (ms) => clock.isoDate(ms).slice(0, 7);

/** Return "February 2026" for "2026-02". */
export function monthLabel(key) {
  const [y, m] = key.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

/** Return the first millisecond of month "YYYY-MM" and of the month after it. */
export function monthRange(key) {
  const [y, m] = key.split('-').map(Number);
  return [Date.UTC(y, m - 1, 1), Date.UTC(y, m, 1)];
}

/** Return "HH:MM" minutes of the day as ms. */
function atMs(text) {
  const [h, m] = String(text || '00:00').split(':').map(Number);
  return (h * 60 + m) * 60000;
}

/** Return the seeded transactions with absolute times (days before the day of `now`). */
export function seedTransactions(world, now) {
  const today = dayStart(now);
  return (world.transactions || []).map((t) => {
    const out = {
      id: t.id, account: t.account, amount_cents: t.amount_cents, title: t.title, category: t.category,
      kind: t.kind, time: today - t.days_ago * DAY + atMs(t.at),
    };
    if (t.payee_id) out.payee_id = t.payee_id;
    if (t.note) out.note = t.note;
    if (t.transfer_id) out.transfer_id = t.transfer_id;
    return out;
  }).sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
}

/** True for a "YYYY-MM-DD" that names a real day ("2026-03-32" and "2026-02-30" do not: Date.UTC rolls them over). */
export function isRealDate(text) {
  return typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text) && clock.isoDate(clock.parseDate(text)) === text;
}

// ------------------------------------------------------------------ look-ups

export const findAccount = (data, id) => (data.accounts || []).find((a) => a.id === id) || null;
export const findPayee = (data, id) => (data.payees || []).find((p) => p.id === id) || null;
export const findTx = (data, id) => (data.transactions || []).find((t) => t.id === id) || null;
export const findScheduled = (data, id) => (data.scheduled || []).find((s) => s.id === id) || null;

/** Return the opening balance (cents) of an account from the world. */
export function openingCents(world, id) {
  const acc = (world.accounts || []).find((a) => a.id === id);
  return acc ? acc.opening_cents : 0;
}

/** Return opening + Σ transactions of an account: what its balance must be. */
export function ledgerBalance(world, data, id) {
  return (data.transactions || []).filter((t) => t.account === id).reduce((n, t) => n + t.amount_cents, openingCents(world, id));
}

/** Return the sum of every account balance. */
export function totalBalance(data) {
  return (data.accounts || []).reduce((n, a) => n + a.balance_cents, 0);
}

/** Return the transactions, newest first, optionally of one account, matching a search and a direction filter. */
export function listTransactions(data, { account = 'all', query = '', direction = 'all' } = {}) {
  // Ties in time (every action of one virtual minute has the same time) go by creation, newest first: the list
  // is in that order (seeded ones by id), while the ids themselves compare as text ("tx10" < "tx9").
  const made = new Map((data.transactions || []).map((t, i) => [t, i]));
  return (data.transactions || [])
    .filter((t) => account === 'all' || t.account === account)
    .filter((t) => direction === 'all' || (direction === 'in' ? t.amount_cents > 0 : t.amount_cents < 0))
    .filter((t) => matchesQuery(query, [t.title, t.note, t.category]))
    .sort((a, b) => b.time - a.time || made.get(b) - made.get(a));
}

/** Group transactions (already ordered) by day: [[dayMs, [tx...]], ...]. */
export function groupByDay(list) {
  const groups = [];
  for (const t of list) {
    const d = dayStart(t.time);
    const last = groups[groups.length - 1];
    if (last && last[0] === d) last[1].push(t);
    else groups.push([d, [t]]);
  }
  return groups;
}

/** Return the money spent (positive cents) at a title between [from, to) ms: card/debit/payment outflows. */
export function spentAt(data, title, from, to) {
  const name = String(title).toLowerCase();
  return (data.transactions || [])
    .filter((t) => t.title.toLowerCase() === name && t.amount_cents < 0 && t.time >= from && t.time < to)
    .reduce((n, t) => n - t.amount_cents, 0);
}

// ---------------------------------------------------------------- statements

/** Return the statement months of an account, newest first ("YYYY-MM"), from its first transaction to `now`. */
export function statementMonths(data, account, now) {
  const own = (data.transactions || []).filter((t) => t.account === account);
  const first = own.length ? Math.min(...own.map((t) => t.time)) : now;
  const out = [];
  let [y, m] = monthKey(first).split('-').map(Number);
  const [ny, nm] = monthKey(now).split('-').map(Number);
  while (y < ny || (y === ny && m <= nm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) { m = 1; y += 1; }
  }
  return out.reverse();
}

/** Return a month's statement of an account: {opening, money_in, money_out, closing, transactions (oldest first)}. */
export function statement(world, data, account, key) {
  const [from, to] = monthRange(key);
  const own = (data.transactions || []).filter((t) => t.account === account);
  const opening = own.filter((t) => t.time < from).reduce((n, t) => n + t.amount_cents, openingCents(world, account));
  const inMonth = own.filter((t) => t.time >= from && t.time < to).sort((a, b) => a.time - b.time);
  const moneyIn = inMonth.filter((t) => t.amount_cents > 0).reduce((n, t) => n + t.amount_cents, 0);
  const moneyOut = inMonth.filter((t) => t.amount_cents < 0).reduce((n, t) => n - t.amount_cents, 0);
  return { account, month: key, opening, money_in: moneyIn, money_out: moneyOut, closing: opening + moneyIn - moneyOut, transactions: inMonth };
}

// ------------------------------------------------------------------ limits

/** Return the cents paid to payees today (immediate payments made on the day of `now`). */
export function paidToday(data, now) {
  const d = dayStart(now);
  // A scheduled payment was held to the whole limit when it was set up; running on its day it uses none of that
  // day's limit (it took up to all of it, refusing every payment the user then made that day).
  const scheduled = new Set((data.scheduled || []).flatMap((s) => s.tx_ids || []));
  return (data.transactions || [])
    .filter((t) => t.kind === 'payment' && t.amount_cents < 0 && dayStart(t.time) === d && !scheduled.has(t.id))
    .reduce((n, t) => n - t.amount_cents, 0);
}

/** Return the daily limit (cents) and what is left of it today. */
export function limitStatus(data, now) {
  const limit = data.settings.daily_limit_cents;
  const used = paidToday(data, now);
  return { limit, used, left: Math.max(0, limit - used) };
}

/** Return the problem with a new daily limit typed by the user (units), or null; `cents` is set when valid. */
export function checkLimit(world, text) {
  let t = String(text ?? '').trim().replace(/^¤\s*/, '');
  // Commas only as thousands separators, as in parseAmount: "15,00" is not 1500 (nor "1,5,0,0").
  if (/^\d{1,3}(,\d{3})+$/.test(t)) t = t.replace(/,/g, '');
  const min = world.daily_limit.min_cents;
  const max = world.daily_limit.max_cents;
  if (!/^\d+$/.test(t)) return { error: 'Enter a whole amount, e.g. 1500' };
  const cents = Number(t) * 100;
  if (cents < min || cents > max) return { error: `The limit must be between ${short(min)} and ${short(max)}` };
  return { cents };
}

// ------------------------------------------------------------------ payees

/** Return the digits of a payee account number, or {error}. Ten digits; spaces and dashes are ignored. */
export function checkAccountNumber(world, data, text, { except = null } = {}) {
  const raw = String(text ?? '').trim();
  if (!raw) return { error: 'Enter the account number' };
  if (!/^[0-9 -]+$/.test(raw)) return { error: 'Use digits only' };
  const digits = raw.replace(/[ -]/g, '');
  if (digits.length !== 10) return { error: 'An account number has 10 digits' };
  if (/^(\d)\1+$/.test(digits)) return { error: 'This is not a valid account number' };
  if ((world.accounts || []).some((a) => a.number.replace(/\D/g, '').endsWith(digits))) return { error: 'That is one of your own accounts' };
  const dup = (data.payees || []).find((p) => p.account_number === digits && p.id !== except);
  if (dup) return { error: `You already have this payee (${dup.name})` };
  return { digits };
}

/** Return "3017 5520 18" for a ten-digit account number. */
export function formatAccountNumber(digits) {
  const d = String(digits || '');
  return [d.slice(0, 4), d.slice(4, 8), d.slice(8)].filter(Boolean).join(' ');
}

// ---------------------------------------------------------------- transfers

/** Return a human label of a transfer destination {kind: 'account'|'payee', id}. */
export function destLabel(data, to) {
  if (!to) return '';
  if (to.kind === 'account') return (findAccount(data, to.id) || {}).name || to.id;
  return (findPayee(data, to.id) || {}).name || 'Removed payee';
}

/**
 * Return why a transfer cannot be made (text), or null.
 * req: {from, to: {kind, id}, amount_cents, note, date: "YYYY-MM-DD" | null (now)}.
 */
export function transferProblem(world, data, req, now) {
  if (data.security.locked) return 'Transfers are locked after 3 wrong PINs. Unlock them in Settings.';
  const from = findAccount(data, req.from);
  if (!from) return 'Choose the account to send from.';
  if (!req.to) return 'Choose who to send the money to.';
  if (req.to.kind === 'account') {
    if (!findAccount(data, req.to.id)) return 'Choose who to send the money to.';
    if (req.to.id === req.from) return 'Choose a different account to send to.';
  } else if (req.to.kind === 'payee') {
    if (!findPayee(data, req.to.id)) return 'That payee no longer exists.';
  } else return 'Choose who to send the money to.';
  if (!Number.isInteger(req.amount_cents) || req.amount_cents <= 0) return 'Enter an amount, e.g. 25 or 25.50';
  if (String(req.note || '').length > 60) return 'The note can have at most 60 characters.';
  if (req.date) {
    const today = clock.isoDate(now);
    if (!isRealDate(req.date) || req.date <= today) return 'Pick a date after today.';
    if (req.date > clock.addDays(now, world.schedule_days || 60)) return `You can schedule at most ${world.schedule_days || 60} days ahead.`;
    if (req.to.kind === 'payee' && req.amount_cents > data.settings.daily_limit_cents) {
      return `This payment is over your daily limit of ${short(data.settings.daily_limit_cents)}.`;
    }
    return null;
  }
  if (req.amount_cents > from.balance_cents) return `Not enough money in ${from.name} (available ${money(from.balance_cents)}).`;
  if (req.to.kind === 'payee') {
    const { limit, left } = limitStatus(data, now);
    if (req.amount_cents > left) {
      return `This payment is over your daily limit: ${short(left)} left today of ${short(limit)}. You can raise the limit in Settings.`;
    }
  }
  return null;
}

function addTx(data, tx) {
  data.transactions.push(tx);
  const acc = findAccount(data, tx.account);
  acc.balance_cents += tx.amount_cents;
  return tx;
}

/** Move the money now (the request must be valid); return the ids of the new transactions, source first. */
export function executeTransfer(data, req, ctx, time = ctx.now) {
  const from = findAccount(data, req.from);
  const note = String(req.note || '').trim();
  const extra = note ? { note } : {};
  if (req.to.kind === 'account') {
    const to = findAccount(data, req.to.id);
    const transferId = ctx.uid('tr');
    const a = addTx(data, { id: ctx.uid('tx'), account: from.id, amount_cents: -req.amount_cents, title: `Transfer to ${to.name}`,
      category: 'Transfers', kind: 'transfer', time, transfer_id: transferId, ...extra });
    const b = addTx(data, { id: ctx.uid('tx'), account: to.id, amount_cents: req.amount_cents, title: `Transfer from ${from.name}`,
      category: 'Transfers', kind: 'transfer', time, transfer_id: transferId, ...extra });
    return [a.id, b.id];
  }
  const payee = findPayee(data, req.to.id);
  const a = addTx(data, { id: ctx.uid('tx'), account: from.id, amount_cents: -req.amount_cents, title: payee.name,
    category: 'Payments', kind: 'payment', time, payee_id: payee.id, ...extra });
  return [a.id];
}

/** Add a scheduled transfer (the request must be valid); return it. */
export function addScheduled(data, req, ctx) {
  const item = {
    id: ctx.uid('sc'), from: req.from,
    to_account: req.to.kind === 'account' ? req.to.id : null,
    payee_id: req.to.kind === 'payee' ? req.to.id : null,
    amount_cents: req.amount_cents, date: req.date, note: String(req.note || '').trim(), status: 'scheduled',
  };
  data.scheduled.push(item);
  return item;
}

/** Return the destination {kind, id} of a scheduled transfer. */
export const scheduledDest = (s) => (s.payee_id ? { kind: 'payee', id: s.payee_id } : { kind: 'account', id: s.to_account });

/**
 * Run the scheduled transfers whose day has come (06:00 of their date): each is done
 * (money moved) or failed (not enough money, account or payee gone). Returns whether any ran.
 */
export function settleScheduled(data, ctx) {
  let ran = false;
  for (const s of data.scheduled || []) {
    if (s.status !== 'scheduled') continue;
    const at = clock.parseDate(s.date) + 6 * 3600000;
    if (at > ctx.now) continue;
    ran = true;
    const req = { from: s.from, to: scheduledDest(s), amount_cents: s.amount_cents, note: s.note, date: null };
    const from = findAccount(data, s.from);
    const okDest = req.to.kind === 'account' ? findAccount(data, req.to.id) && req.to.id !== s.from : findPayee(data, req.to.id);
    if (!from || !okDest || from.balance_cents < s.amount_cents) {
      s.status = 'failed';
      continue;
    }
    s.tx_ids = executeTransfer(data, req, ctx, at);
    s.status = 'done';
  }
  return ran;
}

// ------------------------------------------------------------------ texts

/** Return the receipt text shared to Messages for a transaction. */
export function receiptText(world, tx) {
  const when = `${clock.shortDate(tx.time)} ${new Date(tx.time).getUTCFullYear()}, ${clock.hhmm(tx.time)}`;
  const note = tx.note ? ` · "${tx.note}"` : '';
  return `${world.bank_name || 'Bank'} receipt: ${tx.title} ${money(tx.amount_cents)} on ${when}${note} · ref ${tx.id}`;
}

/** Return the "I sent you money" text for a payee linked to a contact. */
export function notifyText(name, amountCents, note) {
  const first = String(name || '').trim().split(/\s+/)[0] || 'there';
  return `Hi ${first}, I just sent you ${money(amountCents)}${note ? ` for ${note}` : ''}.`;
}
