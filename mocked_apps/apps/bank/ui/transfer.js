// Transfer flow of Fernvale Bank: form, recipient picker, review (+ PIN dialog), done.

import { h } from '../../../runtime/ui/h.js';
import { avatar } from '../../../runtime/ui/kit.js';
import * as B from '../logic.js';
import { ico, header, scroller, banners, line, pinDialog, errorOf } from './common.js';

const { money, short } = B;
const DAY = 86400000;

function destRow(api, to) {
  const { data } = api.state;
  if (!to) return h('span.bk-to-empty', null, 'Choose an account or payee');
  if (to.kind === 'account') {
    const acc = B.findAccount(data, to.id);
    return h('span.bk-to-sel', null, h('b', null, acc.name), h('span.bk-muted', null, ` · ${money(acc.balance_cents)}`));
  }
  const p = B.findPayee(data, to.id);
  return h('span.bk-to-sel', null, h('b', null, p ? p.name : 'Removed payee'), p ? h('span.bk-muted', null, ` · ${B.formatAccountNumber(p.account_number)}`) : null);
}

/** Six weeks of days from the Monday of this week; only days after today (within the window) are enabled. */
function dateGrid(api) {
  const { ui } = api.state;
  const today = B.dayStart(api.now);
  const dow = (new Date(today).getUTCDay() + 6) % 7;
  const start = today - dow * DAY;
  const last = api.clock.addDays(api.now, api.world.schedule_days || 60);
  const cells = [];
  for (let i = 0; i < 42; i += 1) {
    const ms = start + i * DAY;
    const iso = api.clock.isoDate(ms);
    const d = new Date(ms);
    const ok = ms > today && iso <= last;
    const sel = ui.transfer.date === iso;
    cells.push(h('button.bk-day-cell' + (sel ? '.sel' : '') + (ms === today ? '.today' : ''), {
      'data-gym': `day:${iso}`, disabled: !ok, 'aria-label': api.clock.shortDate(ms),
      onclick: () => api.dispatch({ type: 'set_date', date: iso }) },
    d.getUTCDate() === 1 || i === 0 ? h('span.bk-day-mon', null, api.clock.shortDate(ms).split(' ')[1]) : null,
    String(d.getUTCDate())));
  }
  return h('div.bk-cal', null,
    ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((w) => h('span.bk-cal-wd', null, w)),
    cells);
}

/** The transfer form. */
export function transfer(api) {
  const { data, ui } = api.state;
  const t = ui.transfer;
  if (!t) return h('div.app.bk-app', null, header(api, 'Transfer'), h('div.empty', null, 'No transfer in progress'));
  const lim = B.limitStatus(data, api.now);
  const toPayee = t.to && t.to.kind === 'payee';
  return h('div.app.bk-app', null,
    header(api, 'Transfer'),
    scroller('transfer',
      h('div.bk-label', null, 'From'),
      h('div.bk-from', null, data.accounts.map((a) =>
        h('button.bk-from-opt' + (t.from === a.id ? '.sel' : ''), { 'data-gym': `from:${a.id}`, onclick: () => api.dispatch({ type: 'set_from', id: a.id }) },
          h('span.bk-from-name', null, a.name), h('span.bk-from-bal', null, money(a.balance_cents))))),
      h('div.bk-label', null, 'To'),
      h('button.bk-to', { 'data-gym': 'btn:to', onclick: () => api.dispatch({ type: 'pick_to' }) }, destRow(api, t.to), ico('chevron', 20, '#8a90a3')),
      errorOf(api, 'to'),
      h('label.field.bk-amount', null,
        h('span.field-label', null, `Amount (${B.CURRENCY})`),
        h('input.field-input', { 'data-gym': 'field:amount', type: 'text', inputmode: 'decimal', placeholder: '0.00', value: api.draft('amount'),
          oninput: (e) => api.dispatch({ type: '@draft', key: 'amount', value: e.target.value }) })),
      errorOf(api, 'amount'),
      toPayee ? h('div.bk-hint', { 'data-gym': 'limit-hint' }, ico('limit', 16), ` Daily payment limit: ${short(lim.left)} left today of ${short(lim.limit)}`) : null,
      h('label.field', null,
        h('span.field-label', null, 'Note (optional)'),
        h('input.field-input', { 'data-gym': 'field:note', type: 'text', placeholder: 'What is it for?', value: api.draft('note'),
          oninput: (e) => api.dispatch({ type: '@draft', key: 'note', value: e.target.value }) })),
      h('div.bk-label', null, 'When'),
      h('div.bk-seg', null,
        h('button.bk-seg-btn' + (t.when === 'now' ? '.on' : ''), { 'data-gym': 'when:now', onclick: () => api.dispatch({ type: 'set_when', value: 'now' }) }, 'Now'),
        h('button.bk-seg-btn' + (t.when === 'later' ? '.on' : ''), { 'data-gym': 'when:later', onclick: () => api.dispatch({ type: 'set_when', value: 'later' }) }, 'Schedule')),
      t.when === 'later' ? [
        h('div.bk-when-sel', null, t.date ? `On ${api.clock.shortDate(api.clock.parseDate(t.date))}` : 'Pick a day'),
        dateGrid(api), errorOf(api, 'date')] : null,
      h('div.bk-pad')),
    banners(api),
    h('div.actions-bar', null,
      h('button.btn.btn-primary', { 'data-gym': 'btn:review', onclick: () => api.dispatch({ type: 'review' }) }, 'Review')));
}

/** Choose the destination: own accounts and payees. */
export function pickTo(api) {
  const { data, ui } = api.state;
  const from = ui.transfer ? ui.transfer.from : null;
  return h('div.app.bk-app', null,
    header(api, 'Send to'),
    scroller('pick-to',
      h('div.section', null, 'Your accounts'),
      data.accounts.filter((a) => a.id !== from).map((a) =>
        h('div.row', { 'data-gym': `to:${a.id}`, role: 'button', onclick: () => api.dispatch({ type: 'set_to', kind: 'account', id: a.id }) },
          h('span.bk-month-icon', null, ico('card', 20, '#1e6b52')),
          h('div.row-text', null, h('div.row-title', null, a.name), h('div.row-sub', null, a.number)),
          h('div.row-trail', null, money(a.balance_cents)))),
      h('div.section', null, 'Payees'),
      data.payees.length ? data.payees.map((p) =>
        h('div.row', { 'data-gym': `to:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'set_to', kind: 'payee', id: p.id }) },
          avatar(p.name, 36),
          h('div.row-text', null, h('div.row-title', null, p.name), h('div.row-sub', null, B.formatAccountNumber(p.account_number))))) : h('div.empty', null, 'No payees yet'),
      h('div.bk-pad')),
    banners(api));
}

/** Review the transfer before the PIN. */
export function reviewScreen(api) {
  const { data, ui } = api.state;
  const t = ui.transfer;
  if (!t) return transfer(api);
  const amount = B.parseAmount(api.draft('amount')) || 0;
  const from = B.findAccount(data, t.from);
  const note = String(api.draft('note') || '').trim();
  const later = t.when === 'later';
  const to = B.destLabel(data, t.to);
  return h('div.app.bk-app', null,
    header(api, 'Review'),
    scroller('review',
      h('div.bk-review-amt', { 'data-gym': 'review-amount' }, money(amount)),
      h('div.bk-review-to', null, `to ${to}`),
      h('div.card.bk-details', null,
        line('review:from', 'From', from ? from.name : ''),
        line('review:to', 'To', to),
        line('review:when', 'When', later ? api.clock.shortDate(api.clock.parseDate(t.date)) : 'Now'),
        note ? line('review:note', 'Note', note) : null,
        !later && from ? line('review:after', 'Balance after', money(from.balance_cents - amount)) : null),
      h('div.bk-tip', null, 'You will be asked for your 4-digit PIN to confirm.')),
    banners(api),
    h('div.actions-bar', null,
      h('button.btn.btn-secondary', { 'data-gym': 'btn:edit', onclick: () => api.back() }, 'Edit'),
      h('button.btn.btn-primary', { 'data-gym': 'btn:confirm', onclick: () => api.dispatch({ type: 'confirm' }) }, later ? `Schedule ${money(amount)}` : `Send ${money(amount)}`)),
    ui.dialog === 'pin' ? pinDialog(api, 'Confirm with your PIN', `${later ? 'Schedule' : 'Send'} ${money(amount)} to ${to}`) : null);
}

/** After a transfer or a scheduling. */
export function done(api) {
  const { data, ui } = api.state;
  const last = ui.last;
  if (!last) return h('div.app.bk-app', null, header(api, 'Done'), h('div.empty', null, 'Nothing to show'));
  const to = B.destLabel(data, last.to);
  const payee = last.to && last.to.kind === 'payee' ? B.findPayee(data, last.to.id) : null;
  const contactName = payee && payee.contact_id ? payee.name.split(' ')[0] : null;
  return h('div.app.bk-app', null,
    scroller('done',
      h('div.bk-done', null,
        h('div.bk-done-icon', null, ico('check', 40, '#fff')),
        h('div.bk-done-title', { 'data-gym': 'done-title' }, last.kind === 'scheduled' ? 'Transfer scheduled' : 'Money sent'),
        h('div.bk-done-amt', null, money(last.amount_cents)),
        h('div.bk-done-sub', null, last.kind === 'scheduled'
          ? `to ${to} on ${api.clock.shortDate(api.clock.parseDate(last.date))}`
          : `to ${to}`)),
      h('div.bk-actions-col', null,
        last.kind === 'transfer' ? h('button.btn.btn-secondary.bk-wide', { 'data-gym': 'btn:share-receipt', onclick: () => api.dispatch({ type: 'share_receipt' }) }, ico('share', 18), ' Share receipt') : null,
        contactName ? h('button.btn.btn-secondary.bk-wide', { 'data-gym': 'btn:notify-payee', onclick: () => api.dispatch({ type: 'notify_payee' }) }, ico('chat', 18), ` Let ${contactName} know`) : null,
        h('button.btn.btn-primary.bk-wide', { 'data-gym': 'btn:done', onclick: () => api.dispatch({ type: 'finish' }) }, 'Done'))),
    banners(api));
}
