// Home, activity, account, transaction, statements screens of Fernvale Bank.

import { h } from '../../../runtime/ui/h.js';
import * as B from '../logic.js';
import { ICONS, ico, header, bottomTabs, scroller, banners, txRow, dayTitle, line, badge } from './common.js';

const { money } = B;

function accountCard(api, acc) {
  return h('div.bk-acct', { 'data-gym': `account:${acc.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_account', id: acc.id }) },
    h('div.bk-acct-top', null,
      h('span.bk-acct-kind', null, acc.kind === 'savings' ? 'Savings' : 'Checking'),
      h('span.bk-acct-num', null, `•• ${acc.number.slice(-4)}`)),
    h('div.bk-acct-name', null, acc.name),
    h('div.bk-acct-bal', null, money(acc.balance_cents)));
}

function quick(id, glyph, label, onclick) {
  return h('button.bk-quick', { 'data-gym': id, onclick }, h('span.bk-quick-icon', null, ico(glyph, 22)), h('span.bk-quick-label', null, label));
}

/** The card tile with its freeze switch. */
export function cardTile(api) {
  const { data } = api.state;
  const card = api.world.card || {};
  const frozen = data.card.frozen;
  return h('div.bk-card-tile' + (frozen ? '.frozen' : ''), null,
    h('div.bk-mini-card', null, h('span', null, '•••• ' + (card.last4 || '')), frozen ? ico('snow', 16, '#fff') : null),
    h('div.bk-card-text', null,
      h('div.bk-card-title', null, card.name || 'Debit card'),
      h('div.bk-card-sub', null, frozen ? 'Frozen · card payments are declined' : 'Active · linked to Everyday Checking')),
    h('div.bk-freeze', { 'data-gym': 'toggle:freeze', role: 'switch', 'aria-checked': String(frozen), 'aria-label': frozen ? 'Unfreeze card' : 'Freeze card',
      onclick: () => api.dispatch({ type: 'toggle_freeze' }) },
      h('span.bk-freeze-label', null, frozen ? 'Frozen' : 'Freeze'),
      h('div.switch' + (frozen ? '.on' : ''), null, h('div.knob'))));
}

/** Home: total, accounts, quick actions, card, recent activity. */
export function home(api) {
  const { data } = api.state;
  const recent = B.listTransactions(data).slice(0, 4);
  const hour = new Date(api.now).getUTCHours();
  const greet = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
  return h('div.app.bk-app', null,
    scroller('home',
      h('div.bk-hero', null,
        h('div.bk-hero-top', null,
          h('div', null, h('div.bk-brand', null, api.world.bank_name || 'Bank'), h('div.bk-greet', null, `${greet}, Sam`)),
          h('button.icon-btn.bk-head-btn', { 'data-gym': 'btn:settings', 'aria-label': 'Settings', onclick: () => api.dispatch({ type: 'tab', tab: 'settings' }) }, ico('gear', 22, '#fff'))),
        h('div.bk-total-label', null, 'Total balance'),
        h('div.bk-total', { 'data-gym': 'total' }, money(B.totalBalance(data)))),
      h('div.bk-accts', null, data.accounts.map((a) => accountCard(api, a))),
      h('div.bk-quicks', null,
        quick('btn:transfer', 'transfer', 'Transfer', () => api.dispatch({ type: 'new_transfer' })),
        quick('btn:payees', 'people', 'Payees', () => api.dispatch({ type: 'tab', tab: 'payments' })),
        quick('btn:statements', 'doc', 'Statements', () => api.dispatch({ type: 'open_statements' }))),
      data.security.locked ? h('div.bk-locked', { 'data-gym': 'locked-banner', role: 'button', onclick: () => api.dispatch({ type: 'tab', tab: 'settings' }) },
        ico('lock', 18), 'Transfers are locked. Tap to unlock in Settings.') : null,
      cardTile(api),
      h('div.bk-section-head', null, h('span', null, 'Recent activity'),
        h('button.link', { 'data-gym': 'btn:see-all', onclick: () => api.dispatch({ type: 'tab', tab: 'activity' }) }, 'See all')),
      h('div.bk-list', null, recent.map((t) => txRow(api, t, { showDate: true })))),
    banners(api),
    bottomTabs(api));
}

function searchBar(api) {
  const q = api.draft('search');
  return h('div.bk-searchbar', null, h('div.bk-search', null,
    ico('search', 20, '#6b7185'),
    h('input.bk-search-input', { 'data-gym': 'field:search', type: 'text', placeholder: 'Search payee, shop or note', value: q,
      oninput: (e) => api.dispatch({ type: '@draft', key: 'search', value: e.target.value }) }),
    q ? h('button.bk-search-clear', { 'data-gym': 'btn:clear-search', 'aria-label': 'Clear search', onclick: () => api.dispatch({ type: 'clear_search' }) }, ico('close', 18, '#8a90a3')) : null));
}

function chip(id, label, on, onclick) {
  return h('button.bk-chip' + (on ? '.on' : ''), { 'data-gym': id, onclick }, label);
}

function groupedList(api, list, opts) {
  if (!list.length) return h('div.empty', null, 'No transactions match');
  return B.groupByDay(list).map(([day, txs]) => [
    h('div.bk-day', null, h('span', null, dayTitle(api, day)),
      h('span.bk-day-sum', null, money(txs.reduce((n, t) => n + t.amount_cents, 0), { sign: true }))),
    h('div.bk-list', null, txs.map((t) => txRow(api, t, opts)))]);
}

/** Activity tab: every transaction, with account and direction filters and search. */
export function activity(api) {
  const { data, ui } = api.state;
  const list = B.listTransactions(data, { account: ui.acct_filter, query: api.draft('search'), direction: ui.direction });
  return h('div.app.bk-app', null,
    header(api, 'Activity', { back: false, actions: [{ id: 'btn:statements', icon: 'doc', label: 'Statements', onclick: () => api.dispatch({ type: 'open_statements' }) }] }),
    searchBar(api),
    h('div.bk-chips', null,
      chip('acct:all', 'All', ui.acct_filter === 'all', () => api.dispatch({ type: 'acct_filter', value: 'all' })),
      data.accounts.map((a) => chip(`acct:${a.id}`, a.kind === 'savings' ? 'Savings' : 'Checking', ui.acct_filter === a.id, () => api.dispatch({ type: 'acct_filter', value: a.id }))),
      h('span.bk-chip-sep'),
      chip('dir:in', 'In', ui.direction === 'in', () => api.dispatch({ type: 'direction', value: ui.direction === 'in' ? 'all' : 'in' })),
      chip('dir:out', 'Out', ui.direction === 'out', () => api.dispatch({ type: 'direction', value: ui.direction === 'out' ? 'all' : 'out' }))),
    scroller('activity', groupedList(api, list, { showAccount: ui.acct_filter === 'all' }), h('div.bk-pad')),
    banners(api),
    bottomTabs(api));
}

/** One account: balance, actions and its transactions. */
export function account(api) {
  const { data, ui } = api.state;
  const acc = B.findAccount(data, ui.account);
  if (!acc) return home(api);
  const list = B.listTransactions(data, { account: acc.id, query: api.draft('search') });
  return h('div.app.bk-app', null,
    header(api, acc.name, { sub: acc.number }),
    scroller('account',
      h('div.bk-acct-hero', null,
        h('div.bk-total-label', null, 'Available balance'),
        h('div.bk-total.dark', { 'data-gym': 'balance' }, money(acc.balance_cents)),
        h('div.bk-acct-actions', null,
          h('button.btn.btn-primary', { 'data-gym': 'btn:transfer', onclick: () => api.dispatch({ type: 'new_transfer', from: acc.id }) }, 'Transfer'),
          h('button.btn.btn-secondary', { 'data-gym': 'btn:statements', onclick: () => api.dispatch({ type: 'open_statements', account: acc.id }) }, 'Statements'))),
      searchBar(api),
      groupedList(api, list, {}), h('div.bk-pad')),
    banners(api));
}

/** One transaction with its details and a share button. */
export function txDetail(api) {
  const { data, ui } = api.state;
  const tx = B.findTx(data, ui.tx);
  if (!tx) return home(api);
  const acc = B.findAccount(data, tx.account);
  const payee = tx.payee_id ? B.findPayee(data, tx.payee_id) : null;
  const kinds = { card: 'Card payment', debit: 'Direct debit', deposit: 'Deposit', transfer: 'Transfer', payment: 'Payment to payee', interest: 'Interest', refund: 'Refund' };
  return h('div.app.bk-app', null,
    header(api, 'Transaction'),
    scroller('tx',
      h('div.bk-tx-hero', null,
        badge(tx),
        h('div.bk-tx-title', { 'data-gym': 'tx-title' }, tx.title),
        h('div.bk-tx-amt' + (tx.amount_cents > 0 ? '.in' : ''), { 'data-gym': 'tx-amount' }, money(tx.amount_cents, { sign: true })),
        h('div.bk-tx-when', null, `${api.clock.shortDate(tx.time)} ${new Date(tx.time).getUTCFullYear()} · ${api.clock.hhmm(tx.time)}`)),
      h('div.card.bk-details', null,
        line('info:account', 'Account', acc ? acc.name : tx.account),
        line('info:category', 'Category', tx.category),
        line('info:type', 'Type', kinds[tx.kind] || tx.kind),
        payee ? line('info:payee', 'Payee', `${payee.name} · ${B.formatAccountNumber(payee.account_number)}`) : null,
        tx.note ? line('info:note', 'Note', tx.note) : null,
        line('info:ref', 'Reference', tx.id)),
      h('div.bk-actions-col', null,
        h('button.btn.btn-secondary.bk-wide', { 'data-gym': 'btn:share-receipt', onclick: () => api.dispatch({ type: 'share_receipt', id: tx.id }) },
          ico('share', 18), ' Share receipt'))),
    banners(api));
}

/** Statements: choose an account, then a month. */
export function statements(api) {
  const { data, ui } = api.state;
  const months = B.statementMonths(data, ui.stmt_account, api.now);
  const current = B.monthKey(api.now);
  return h('div.app.bk-app', null,
    header(api, 'Statements'),
    h('div.bk-chips', null, data.accounts.map((a) =>
      chip(`stmt-acct:${a.id}`, a.name, ui.stmt_account === a.id, () => api.dispatch({ type: 'stmt_account', id: a.id })))),
    scroller('statements',
      h('div.bk-list', null, months.map((m) => {
        const st = B.statement(api.world, data, ui.stmt_account, m);
        return h('div.row.bk-month', { 'data-gym': `statement:${m}`, role: 'button', onclick: () => api.dispatch({ type: 'open_statement', month: m }) },
          h('span.bk-month-icon', null, ico('doc', 20, '#1e6b52')),
          h('div.row-text', null,
            h('div.row-title', null, B.monthLabel(m)),
            h('div.row-sub', null, m === current ? 'In progress · so far' : `${st.transactions.length} transactions`)),
          h('div.bk-month-bal', null, h('div', null, money(st.closing)), h('div.bk-month-cap', null, m === current ? 'balance now' : 'closing')));
      })),
      h('div.bk-tip', null, 'Statements are monthly. The current month shows the activity so far.')),
    banners(api));
}

/** One month's statement of an account. */
export function statementDetail(api) {
  const { data, ui } = api.state;
  const acc = B.findAccount(data, ui.stmt_account);
  if (!acc || !ui.month) return statements(api);
  const st = B.statement(api.world, data, acc.id, ui.month);
  const current = ui.month === B.monthKey(api.now);
  return h('div.app.bk-app', null,
    header(api, B.monthLabel(ui.month), { sub: acc.name }),
    scroller('statement',
      h('div.card.bk-details', null,
        line('stmt:opening', 'Opening balance', money(st.opening)),
        line('stmt:in', 'Money in', money(st.money_in, { sign: true })),
        line('stmt:out', 'Money out', money(-st.money_out)),
        line('stmt:closing', current ? 'Balance so far' : 'Closing balance', money(st.closing), { strong: true })),
      h('div.bk-section-head', null, h('span', null, `${st.transactions.length} transactions`)),
      h('div.bk-list', null, [...st.transactions].reverse().map((t) => txRow(api, t, { showDate: true }))), h('div.bk-pad')),
    banners(api));
}

export { chip, ICONS };
