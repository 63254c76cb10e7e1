// Settings tab of Fernvale Bank: daily payment limit (PIN), transfer lock and unlock code, card freeze.

import { h } from '../../../runtime/ui/h.js';
import * as B from '../logic.js';
import { ico, header, bottomTabs, scroller, banners, pinDialog, errorOf } from './common.js';
import { cardTile } from './accounts.js';

const { short } = B;

function settingRow(id, glyph, title, sub, onclick, trailing) {
  return h('div.row.bk-setting', { 'data-gym': id, role: 'button', onclick },
    h('span.bk-month-icon', null, ico(glyph, 20, '#1e6b52')),
    h('div.row-text', null, h('div.row-title', null, title), sub ? h('div.row-sub', null, sub) : null),
    trailing || ico('chevron', 20, '#b0b5c3'));
}

/** Settings tab. */
export function settings(api) {
  const { data } = api.state;
  const lim = B.limitStatus(data, api.now);
  const sec = data.security;
  const max = api.world.max_pin_attempts || 3;
  return h('div.app.bk-app', null,
    header(api, 'Settings', { back: false }),
    scroller('settings',
      h('div.section', null, 'Payments'),
      settingRow('btn:change-limit', 'limit', 'Daily payment limit', `${short(lim.limit)} per day · ${short(lim.left)} left today`,
        () => api.dispatch({ type: 'change_limit' }), h('span.bk-trail', { 'data-gym': 'limit-value' }, short(lim.limit))),
      h('div.section', null, 'Security'),
      sec.locked
        ? settingRow('btn:unlock', 'lock', 'Transfers are locked', 'Too many wrong PINs. Tap to unlock with a code.', () => api.dispatch({ type: 'open_unlock' }),
          h('span.chip.bk-chip-bad', null, 'Locked'))
        : h('div.row.bk-setting', { 'data-gym': 'info:security' },
          h('span.bk-month-icon', null, ico('lock', 20, '#1e6b52')),
          h('div.row-text', null, h('div.row-title', null, 'Transfers are active'),
            h('div.row-sub', null, sec.pin_fails ? `${sec.pin_fails} wrong PIN${sec.pin_fails === 1 ? '' : 's'} · locks after ${max}` : `Protected by your PIN · locks after ${max} wrong PINs`)),
          h('span.chip.bk-chip-ok', null, 'Active')),
      h('div.section', null, 'Card'),
      cardTile(api),
      h('div.bk-tip', null, 'Freezing the card declines card payments. Transfers and payments from the app still work.')),
    banners(api),
    bottomTabs(api));
}

/** Change the daily limit (asks for the PIN). */
export function limitScreen(api) {
  const { data, ui } = api.state;
  const w = api.world.daily_limit;
  return h('div.app.bk-app', null,
    header(api, 'Daily payment limit'),
    scroller('limit',
      h('div.bk-tip', null, `The most you can pay to payees in one day. Transfers between your own accounts are not limited. Current limit: ${short(data.settings.daily_limit_cents)}.`),
      h('label.field', null, h('span.field-label', null, `New limit (${B.CURRENCY}, ${short(w.min_cents)} – ${short(w.max_cents)})`),
        h('input.field-input', { 'data-gym': 'field:limit', type: 'text', inputmode: 'numeric', value: api.draft('limit'),
          oninput: (e) => api.dispatch({ type: '@draft', key: 'limit', value: e.target.value }) })),
      errorOf(api, 'limit')),
    banners(api),
    h('div.actions-bar', null,
      h('button.btn.btn-secondary', { 'data-gym': 'btn:cancel', onclick: () => api.back() }, 'Cancel'),
      h('button.btn.btn-primary', { 'data-gym': 'btn:save-limit', onclick: () => api.dispatch({ type: 'save_limit' }) }, 'Save')),
    ui.dialog === 'pin' ? pinDialog(api, 'Confirm with your PIN', `Set the daily limit to ${B.CURRENCY}${String(api.draft('limit')).trim()}`) : null);
}

/** Unlock transfers with a code sent as a notification. */
export function unlock(api) {
  const { data } = api.state;
  const locked = data.security.locked;
  return h('div.app.bk-app', null,
    header(api, 'Unlock transfers'),
    scroller('unlock',
      h('div.bk-unlock-icon', null, ico('lock', 44, locked ? '#b4533a' : '#1e8a5a')),
      h('div.bk-tip.center', null, locked
        ? 'Transfers were locked after too many wrong PINs. We send a 6-digit code to this phone as a notification; enter it below.'
        : 'Transfers are not locked.'),
      locked ? [
        h('div.bk-actions-col', null,
          h('button.btn.btn-secondary.bk-wide', { 'data-gym': 'btn:send-code', onclick: () => api.dispatch({ type: 'send_code' }) }, data.security.reset_code ? 'Send a new code' : 'Send code')),
        h('label.field', null, h('span.field-label', null, 'Code'),
          h('input.field-input', { 'data-gym': 'field:code', type: 'text', inputmode: 'numeric', placeholder: '6 digits', value: api.draft('code'),
            oninput: (e) => api.dispatch({ type: '@draft', key: 'code', value: e.target.value }) })),
        h('div.bk-actions-col', null,
          h('button.btn.btn-primary.bk-wide', { 'data-gym': 'btn:verify-code', onclick: () => api.dispatch({ type: 'verify_code' }) }, 'Unlock'))] : null),
    banners(api));
}
