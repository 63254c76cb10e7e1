// Payments tab of Fernvale Bank: scheduled transfers and payees (detail, add, link a contact).

import { h } from '../../../runtime/ui/h.js';
import { avatar } from '../../../runtime/ui/kit.js';
import * as B from '../logic.js';
import { ico, header, bottomTabs, scroller, banners, txRow, line, confirmDialog, errorOf } from './common.js';
import { compareText, matchesQuery } from '../../../runtime/core/text.js';

const { money, short } = B;

function contactsOf(api) {
  const app = api.peek('contacts');
  return app && app.data && Array.isArray(app.data.contacts) ? app.data.contacts : [];
}

function schedRow(api, s) {
  const { data } = api.state;
  const to = B.destLabel(data, B.scheduledDest(s));
  return h('div.row', { 'data-gym': `sched:${s.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_scheduled', id: s.id }) },
    h('span.bk-month-icon', null, ico('clock', 20, '#1e6b52')),
    h('div.row-text', null,
      h('div.row-title', null, to),
      h('div.row-sub', null, `${api.clock.shortDate(api.clock.parseDate(s.date))}${s.note ? ` · ${s.note}` : ''}`)),
    h('div.bk-amt', null, money(s.amount_cents)));
}

/** Payments tab. */
export function payments(api) {
  const { data } = api.state;
  const lim = B.limitStatus(data, api.now);
  const upcoming = data.scheduled.filter((s) => s.status === 'scheduled').sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const payees = [...data.payees].sort((a, b) => compareText(a.name, b.name));
  return h('div.app.bk-app', null,
    header(api, 'Payments', { back: false, actions: [{ id: 'btn:add-payee', icon: 'plus', label: 'Add payee', onclick: () => api.dispatch({ type: 'add_payee' }) }] }),
    scroller('payments',
      h('div.bk-pay-top', null,
        h('button.btn.btn-primary.bk-wide', { 'data-gym': 'btn:new-transfer', onclick: () => api.dispatch({ type: 'new_transfer' }) }, ico('transfer', 18, '#fff'), ' New transfer'),
        h('div.bk-hint', { 'data-gym': 'limit-status' }, ico('limit', 16), ` Daily payment limit ${short(lim.limit)} · ${short(lim.left)} left today`)),
      h('div.section', null, 'Scheduled'),
      upcoming.length ? h('div.bk-list', null, upcoming.map((s) => schedRow(api, s))) : h('div.bk-empty-small', null, 'No scheduled transfers'),
      h('div.section', null, `Payees (${payees.length})`),
      h('div.bk-list', null, payees.map((p) =>
        h('div.row', { 'data-gym': `payee:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_payee', id: p.id }) },
          avatar(p.name, 38),
          h('div.row-text', null, h('div.row-title', null, p.name),
            h('div.row-sub', null, `•••• ${p.account_number.slice(-4)}${p.contact_id ? ' · in contacts' : ''}`)),
          ico('chevron', 20, '#b0b5c3')))),
      h('div.bk-pad')),
    banners(api),
    bottomTabs(api));
}

/** One payee: details, pay, recent payments, delete. */
export function payee(api) {
  const { data, ui } = api.state;
  const p = B.findPayee(data, ui.payee);
  if (!p) return payments(api);
  const contact = p.contact_id ? contactsOf(api).find((c) => c.id === p.contact_id) : null;
  const paid = B.listTransactions(data).filter((t) => t.payee_id === p.id);
  return h('div.app.bk-app', null,
    header(api, 'Payee'),
    scroller('payee',
      h('div.bk-payee-hero', null, avatar(p.name, 72), h('div.bk-payee-name', { 'data-gym': 'payee-name' }, p.name)),
      h('div.card.bk-details', null,
        line('info:account-number', 'Account number', B.formatAccountNumber(p.account_number)),
        line('info:contact', 'Contact', contact ? `${contact.name} · ${contact.phone}` : p.contact_id ? 'Linked contact' : 'Not linked')),
      h('div.bk-actions-row', null,
        h('button.btn.btn-primary', { 'data-gym': 'btn:pay', onclick: () => api.dispatch({ type: 'pay_payee', id: p.id }) }, `Pay ${p.name.split(' ')[0]}`)),
      h('div.section', null, 'Payments'),
      paid.length ? h('div.bk-list', null, paid.map((t) => txRow(api, t, { showDate: true }))) : h('div.bk-empty-small', null, 'No payments yet'),
      h('div.bk-actions-col', null,
        h('button.btn.btn-danger.bk-wide', { 'data-gym': 'btn:delete-payee', onclick: () => api.dispatch({ type: 'delete_payee', id: p.id }) }, 'Delete payee'))),
    banners(api),
    ui.dialog === 'delete_payee' ? confirmDialog('Delete payee?', `${p.name} will be removed from your payees. Scheduled transfers to them are cancelled. Past payments stay in your activity.`,
      ['btn:cancel-delete', 'Cancel', () => api.dispatch({ type: 'close_dialog' })],
      ['btn:confirm-delete', 'Delete', () => api.dispatch({ type: 'confirm_delete_payee' })]) : null);
}

/** Add a payee: name, account number, optional link to a contact. */
export function payeeForm(api) {
  const { ui } = api.state;
  const contact = ui.link ? contactsOf(api).find((c) => c.id === ui.link) : null;
  const input = (key, label, placeholder, mode) => [
    h('label.field', null, h('span.field-label', null, label),
      h('input.field-input', { 'data-gym': `field:${key}`, type: 'text', inputmode: mode, placeholder, value: api.draft(key),
        oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }) })),
    errorOf(api, key)];
  return h('div.app.bk-app', null,
    header(api, 'New payee'),
    scroller('payee-form',
      input('payee_name', 'Name', 'Full name or company', 'text'),
      input('payee_account', 'Account number (10 digits)', 'e.g. 1234 5678 90', 'numeric'),
      h('div.bk-label', null, 'Contact (optional)'),
      contact
        ? h('div.row.bk-linked', null, avatar(contact.name, 36),
          h('div.row-text', null, h('div.row-title', null, contact.name), h('div.row-sub', null, contact.phone)),
          h('button.icon-btn', { 'data-gym': 'btn:unlink-contact', 'aria-label': 'Remove link', onclick: () => api.dispatch({ type: 'unlink_contact' }) }, ico('close', 20, '#6b7185')))
        : h('button.bk-to', { 'data-gym': 'btn:link-contact', onclick: () => api.dispatch({ type: 'link_contact' }) },
          h('span.bk-to-empty', null, ico('link', 18), ' Link to a contact'), ico('chevron', 20, '#8a90a3')),
      errorOf(api, 'link'),
      h('div.bk-tip', null, 'Linking a contact lets you tell them by text when you pay them.')),
    banners(api),
    h('div.actions-bar', null,
      h('button.btn.btn-secondary', { 'data-gym': 'btn:cancel', onclick: () => api.back() }, 'Cancel'),
      h('button.btn.btn-primary', { 'data-gym': 'btn:save-payee', onclick: () => api.dispatch({ type: 'save_payee' }) }, 'Save payee')));
}

/** Pick a contact from the Contacts app. */
export function pickContact(api) {
  const list = contactsOf(api).filter((c) => matchesQuery(api.draft('contact_search'), [c.name])).sort((a, b) => compareText(a.name, b.name));
  return h('div.app.bk-app', null,
    header(api, 'Choose a contact'),
    h('div.bk-searchbar', null, h('div.bk-search', null, ico('search', 20, '#6b7185'),
      h('input.bk-search-input', { 'data-gym': 'field:contact_search', type: 'text', placeholder: 'Search contacts', value: api.draft('contact_search'),
        oninput: (e) => api.dispatch({ type: '@draft', key: 'contact_search', value: e.target.value }) }))),
    scroller('contacts',
      list.length ? list.map((c) => h('div.row', { 'data-gym': `contact:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'pick_contact', id: c.id }) },
        avatar(c.name, 36), h('div.row-text', null, h('div.row-title', null, c.name), h('div.row-sub', null, c.phone || ''))))
        : h('div.empty', null, api.peek('contacts') ? 'No contacts match' : 'Contacts is not available on this phone')),
    banners(api));
}

/** One scheduled transfer. */
export function scheduled(api) {
  const { data, ui } = api.state;
  const s = B.findScheduled(data, ui.sched);
  if (!s) return payments(api);
  const from = B.findAccount(data, s.from);
  const to = B.destLabel(data, B.scheduledDest(s));
  const labels = { scheduled: 'Scheduled', done: 'Sent', failed: 'Failed (not enough money)', cancelled: 'Cancelled' };
  return h('div.app.bk-app', null,
    header(api, 'Scheduled transfer'),
    scroller('scheduled',
      h('div.bk-review-amt', null, money(s.amount_cents)),
      h('div.bk-review-to', null, `to ${to}`),
      h('div.card.bk-details', null,
        line('info:from', 'From', from ? from.name : s.from),
        line('info:to', 'To', to),
        line('info:date', 'Date', api.clock.shortDate(api.clock.parseDate(s.date))),
        s.note ? line('info:note', 'Note', s.note) : null,
        line('info:status', 'Status', labels[s.status] || s.status)),
      s.status === 'scheduled' ? h('div.bk-actions-col', null,
        h('button.btn.btn-danger.bk-wide', { 'data-gym': 'btn:cancel-scheduled', onclick: () => api.dispatch({ type: 'cancel_scheduled', id: s.id }) }, 'Cancel this transfer')) : null),
    banners(api),
    ui.dialog === 'cancel_scheduled' ? confirmDialog('Cancel scheduled transfer?', `${money(s.amount_cents)} to ${to} on ${api.clock.shortDate(api.clock.parseDate(s.date))} will not be sent.`,
      ['btn:keep-scheduled', 'Keep it', () => api.dispatch({ type: 'close_dialog' })],
      ['btn:confirm-cancel-scheduled', 'Cancel transfer', () => api.dispatch({ type: 'confirm_cancel_scheduled' })]) : null);
}
