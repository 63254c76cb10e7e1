// Shared pieces of the Fernvale Bank screens: icons, header, bottom tabs, banners, rows.

import { h, icon } from '../../../runtime/ui/h.js';
import { GLYPHS } from '../../../runtime/ui/kit.js';
import { money, dayStart } from '../logic.js';

/** Glyphs drawn for the bank on a 24×24 grid. */
export const ICONS = {
  home: 'M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3z',
  list: 'M4 5h3v3H4zm5 0h11v3H9zM4 10.5h3v3H4zm5 0h11v3H9zM4 16h3v3H4zm5 0h11v3H9z',
  send: 'M3 12l17-8-5 17-3.5-6.5zm4.2-.2l5 1.9 1.9 5 2.8-9.7z',
  gear: 'M10.5 2h3l.5 2.6 1.7.8 2.3-1.4 2.1 2.1-1.4 2.3.8 1.7 2.5.4v3l-2.5.5-.8 1.7 1.4 2.3-2.1 2.1-2.3-1.4-1.7.8-.5 2.5h-3l-.5-2.5-1.7-.8-2.3 1.4-2.1-2.1 1.4-2.3-.8-1.7L2 13.5v-3l2.6-.5.8-1.7L4 6l2.1-2.1 2.3 1.4 1.7-.8zM12 8.5a3.5 3.5 0 100 7 3.5 3.5 0 000-7z',
  transfer: 'M7 4l-4 4 4 4V9h10V7H7zm10 8v3H7v2h10v3l4-4z',
  doc: 'M6 2h9l4 4v16H6zm2 2v16h9V7h-3V4zm2 6h5v2h-5zm0 4h5v2h-5z',
  people: 'M9 4a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm8 1.5a3 3 0 110 6 3 3 0 010-6zM2 20c0-3.9 3.1-6.5 7-6.5s7 2.6 7 6.5zm15.5 0c0-2.2-.7-4-2-5.4 3.2-.3 6.5 1.6 6.5 5.4z',
  card: 'M3 5h18a1 1 0 011 1v12a1 1 0 01-1 1H3a1 1 0 01-1-1V6a1 1 0 011-1zm1 3v2h16V8zm0 6v3h16v-3zm2 1h4v1H6z',
  snow: 'M11 2h2v4.3l2.6-1.5 1 1.7L13 8.6v2.4h2.4l2.1-3.6 1.7 1-1.5 2.6H22v2h-4.3l1.5 2.6-1.7 1-2.1-3.6H13v2.4l3.6 2.1-1 1.7-2.6-1.5V22h-2v-4.3l-2.6 1.5-1-1.7 3.6-2.1V13H8.6l-2.1 3.6-1.7-1 1.5-2.6H2v-2h4.3L4.8 8.4l1.7-1L8.6 11H11V8.6L7.4 6.5l1-1.7L11 6.3z',
  lock: 'M7 10V7a5 5 0 0110 0v3h2v11H5V10zm2 0h6V7a3 3 0 00-6 0zm3 3.5a1.5 1.5 0 00-1 2.6V18h2v-1.9a1.5 1.5 0 00-1-2.6z',
  clock: 'M12 2a10 10 0 110 20 10 10 0 010-20zm0 2a8 8 0 100 16 8 8 0 000-16zm-1 3h2v4.6l3.4 2-1 1.7L11 12.7z',
  share: 'M17 3a3 3 0 11-2.8 4.1L9.9 9.6a3 3 0 010 1.8l4.3 2.5A3 3 0 1113.5 16L9.2 13.4a3 3 0 110-4.8l4.3-2.5A3 3 0 0117 3z',
  chat: 'M4 4h16v12H8l-4 4zm4 4v2h8V8zm0 3v2h5v-2z',
  chevron: 'M9 5l7 7-7 7-1.5-1.5L13 12 7.5 6.5z',
  limit: 'M12 3a9 9 0 019 9h-2a7 7 0 00-14 0H3a9 9 0 019-9zm4.2 3.4l1.4 1.4-4.2 4.6a1.8 1.8 0 11-1.6-1.5z',
  link: 'M10.6 13.4l-1.4 1.4a3 3 0 01-4.2-4.2l3-3a3 3 0 014.2 0l-1.4 1.4a1 1 0 00-1.4 0l-3 3a1 1 0 001.4 1.4l1.4-1.4zm2.8-2.8l1.4-1.4a3 3 0 014.2 4.2l-3 3a3 3 0 01-4.2 0l1.4-1.4a1 1 0 001.4 0l3-3a1 1 0 00-1.4-1.4l-1.4 1.4zm-4.1 2.7l4-4 1.4 1.4-4 4z',
  check: GLYPHS.check,
  plus: GLYPHS.plus,
  trash: GLYPHS.trash,
  search: GLYPHS.search,
  back: GLYPHS.back,
  close: GLYPHS.close,
};

const CATEGORY_COLORS = {
  Income: '#1e8a5a', Groceries: '#c77d1a', Housing: '#6b5bb5', 'Eating out': '#b4533a', Interest: '#1e8a5a',
  Bills: '#46799c', Entertainment: '#a34c8f', Transfers: '#3f6fb5', Payments: '#2a7f86', Shopping: '#9a6a2f',
  Transport: '#4d6a7a', Health: '#b23a5a', Refunds: '#1e8a5a',
};

/** Return an icon sized and coloured. */
export const ico = (name, size = 22, color = 'currentColor') => icon(ICONS[name] || ICONS.list, { size, color });

/** Return the screen header: back button (optional), title, trailing buttons [{id, icon, label, onclick}]. */
export function header(api, title, { back = true, actions = [], sub } = {}) {
  return h('header.bk-head', null,
    back ? h('button.icon-btn.bk-head-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, ico('back', 24, '#fff')) : null,
    h('div.bk-head-text', null, h('div.bk-head-title', null, title), sub ? h('div.bk-head-sub', null, sub) : null),
    actions.map((a) => h('button.icon-btn.bk-head-btn', { 'data-gym': a.id, 'aria-label': a.label, onclick: a.onclick }, ico(a.icon, 22, '#fff'))));
}

/** Return the bottom tab bar. */
export function bottomTabs(api) {
  const cur = api.state.ui.tab;
  const items = [['home', 'Home', 'home'], ['activity', 'Activity', 'list'], ['payments', 'Payments', 'send'], ['settings', 'Settings', 'gear']];
  return h('nav.bk-tabs', null, items.map(([id, label, glyph]) =>
    h('button.bk-tab' + (cur === id ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) },
      ico(glyph, 22), h('span', null, label))));
}

/** A scrolling body agents can address (`scroll:<name>`). */
export function scroller(name, ...children) {
  return h('main.body.bk-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `bank:${name}` }, ...children);
}

/** Return the error banner (tap to dismiss) and the transient notice. */
export function banners(api) {
  const { error, notice, dialog } = api.state.ui;
  return [
    error && !dialog ? h('div.bk-error', { 'data-gym': 'error', role: 'alert', onclick: () => api.dispatch({ type: 'dismiss' }) }, error) : null,
    notice ? h('div.bk-notice', { 'data-gym': 'notice', role: 'status' }, notice) : null,
  ];
}

/** Return a round category badge with the first letter of the title. */
export function badge(tx) {
  const color = CATEGORY_COLORS[tx.category] || '#5a6178';
  return h('span.bk-badge', { style: { background: color } }, (tx.title.match(/[A-Za-z]/) || ['?'])[0].toUpperCase());
}

/** Return a transaction row `tx:<id>`. */
export function txRow(api, tx, { showAccount = false, showDate = false } = {}) {
  const { data } = api.state;
  const acc = data.accounts.find((a) => a.id === tx.account);
  const sub = [tx.category, showAccount && acc ? (acc.kind === 'savings' ? 'Savings' : 'Checking') : null, showDate ? `${api.clock.shortDate(tx.time).slice(5)}, ${api.clock.hhmm(tx.time)}` : api.clock.hhmm(tx.time)].filter(Boolean).join(' · ');
  return h('div.row.bk-tx', { 'data-gym': `tx:${tx.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_tx', id: tx.id }) },
    badge(tx),
    h('div.row-text', null, h('div.row-title', null, tx.title), h('div.row-sub', null, sub)),
    h('div.bk-amt' + (tx.amount_cents > 0 ? '.in' : ''), null, money(tx.amount_cents, { sign: true })));
}

/** Return "Today", "Yesterday" or "Tue, Mar 3" for a day. */
export function dayTitle(api, dayMs) {
  const today = dayStart(api.now);
  if (dayMs === today) return 'Today';
  if (dayMs === today - 86400000) return 'Yesterday';
  return api.clock.shortDate(dayMs);
}

/** Return a key/value line of a details card. */
export function line(id, label, value, { strong = false } = {}) {
  return h('div.bk-line', { 'data-gym': id },
    h('span.bk-line-label', null, label),
    h('span.bk-line-value' + (strong ? '.strong' : ''), null, value));
}

/** Return the PIN dialog (ui.dialog === 'pin'). */
export function pinDialog(api, title, summary) {
  const { ui } = api.state;
  return h('div.scrim', null, h('div.dialog.bk-pin', { role: 'dialog' },
    h('div.dialog-title', null, title),
    summary ? h('div.dialog-msg', null, summary) : null,
    h('label.field', null,
      h('span.field-label', null, '4-digit PIN'),
      h('input.field-input.bk-pin-input', {
        'data-gym': 'field:pin', type: 'password', inputmode: 'numeric', maxlength: 8, value: api.draft('pin'), placeholder: '••••',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'pin', value: e.target.value }),
      })),
    ui.pin_error ? h('div.bk-field-error', { 'data-gym': 'error:pin', role: 'alert' }, ui.pin_error) : null,
    h('div.dialog-actions', null,
      h('button.btn.btn-secondary', { 'data-gym': 'btn:cancel-pin', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Cancel'),
      h('button.btn.btn-primary', { 'data-gym': 'btn:confirm-pin', onclick: () => api.dispatch({ type: 'enter_pin' }) }, 'Confirm'))));
}

/** Return a confirm dialog with a danger action. */
export function confirmDialog(title, message, [cancelId, cancelLabel, onCancel], [okId, okLabel, onOk]) {
  return h('div.scrim', null, h('div.dialog', { role: 'dialog' },
    h('div.dialog-title', null, title),
    h('div.dialog-msg', null, message),
    h('div.dialog-actions', null,
      h('button.btn.btn-secondary', { 'data-gym': cancelId, onclick: onCancel }, cancelLabel),
      h('button.btn.btn-danger', { 'data-gym': okId, onclick: onOk }, okLabel))));
}

/** Return a labelled field whose error (ui.errors[key]) shows under it. */
export function errorOf(api, key) {
  const msg = api.state.ui.errors && api.state.ui.errors[key];
  return msg ? h('div.bk-field-error', { 'data-gym': `error:${key}`, role: 'alert' }, msg) : null;
}
