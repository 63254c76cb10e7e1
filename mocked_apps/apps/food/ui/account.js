// Forkful account: wallet (balance, top-ups, activity), saved addresses (+ new), coupons.

import { h, icon, ICONS, header, scroller, bottomTabs, errorBanner, notice, money } from './common.js';
import { button, dialog, field } from '../../../runtime/ui/kit.js';
import { couponRule } from '../lib/pricing.js';
import { restaurant } from '../lib/menu.js';

function linkRow(id, glyph, title, sub, onclick) {
  return h('div.fd-link-row', { 'data-gym': id, role: 'button', onclick },
    h('span.fd-link-icon', null, icon(glyph, { size: 20, color: '#e8590c' })),
    h('div.fd-addr-text', null, h('div.fd-addr-label', null, title), sub ? h('div.fd-addr-line', null, sub) : null),
    icon(ICONS.chevron, { size: 18, color: '#adb5bd' }));
}

/** The account tab. */
export function accountScreen(api) {
  const { data } = api.state;
  const usable = data.coupons.filter((c) => !c.used && c.expires_at >= api.now).length;
  return h('div.app.fd-app', null,
    header(api, 'Account', { back: false }),
    scroller(api, 'account', null,
      h('div.fd-wallet-card', { 'data-gym': 'wallet-card' },
        h('div.fd-wallet-label', null, 'Forkful wallet'),
        h('div.fd-wallet-amount', { 'data-gym': 'wallet-balance' }, money(api, data.wallet)),
        button('Add money', { id: 'btn:open-wallet', kind: 'secondary', onclick: () => api.dispatch({ type: 'open_screen', screen: 'wallet' }) })),
      h('div.fd-block', null,
        linkRow('btn:addresses', ICONS.pin, 'Saved addresses', `${data.addresses.length} saved`, () => api.dispatch({ type: 'open_screen', screen: 'addresses' })),
        linkRow('btn:coupons', ICONS.tag, 'Coupons', `${usable} ready to use`, () => api.dispatch({ type: 'open_screen', screen: 'coupons' })),
        linkRow('btn:history', ICONS.receipt, 'Order history', `${data.orders.length} orders`, () => api.dispatch({ type: 'tab', tab: 'orders' })))),
    bottomTabs(api),
    notice(api));
}

function activity(api) {
  const rows = [];
  for (const o of api.state.data.orders) {
    const r = restaurant(api.world, o.restaurant);
    rows.push({ time: o.placed_at, label: `Order · ${r ? r.name : o.restaurant}`, amount: -o.total, id: `pay:${o.id}` });
    if (o.status === 'cancelled') rows.push({ time: o.cancelled_at, label: `Refund · ${r ? r.name : o.restaurant}`, amount: o.refund || 0, id: `refund:${o.id}` });
  }
  for (const t of api.state.data.topups) rows.push({ time: t.time, label: `Top-up · card ${api.world.card}`, amount: t.amount, id: `topup:${t.id}` });
  return rows.sort((a, b) => b.time - a.time || (a.id < b.id ? -1 : 1));
}

/** The wallet screen: balance, top-up amounts (confirm dialog) and activity. */
export function walletScreen(api) {
  const { data, ui } = api.state;
  const d = ui.dialog;
  return h('div.app.fd-app', null,
    header(api, 'Wallet'),
    scroller(api, 'wallet', null,
      h('div.fd-wallet-card', null, h('div.fd-wallet-label', null, 'Balance'), h('div.fd-wallet-amount', { 'data-gym': 'wallet-balance' }, money(api, data.wallet))),
      h('div.section', null, `Add money from card ${api.world.card}`),
      h('div.fd-topups', null, (api.world.topups || []).map((c) => h('button.fd-topup', { 'data-gym': `topup:${c}`,
        onclick: () => api.dispatch({ type: 'ask_topup', amount: c }) }, `+${money(api, c).replace('.00', '')}`))),
      h('div.section', null, 'Activity'),
      h('div.fd-block', null, activity(api).map((r) => h('div.fd-sum.fd-activity', { 'data-gym': `activity:${r.id}` },
        h('span', null, h('div', null, r.label), h('div.fd-muted', null, `${api.clock.shortDate(r.time)} ${api.clock.hhmm(r.time)}`)),
        h('span' + (r.amount > 0 ? '.fd-plus' : ''), null, r.amount > 0 ? `+${money(api, r.amount)}` : money(api, r.amount))))),
      h('div.fd-spacer')),
    d && d.kind === 'topup' ? dialog(`Add ${money(api, d.amount)}?`, `${money(api, d.amount)} will be charged to card ${api.world.card} and added to your Forkful wallet.`, [
      { id: 'btn:cancel-topup', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-topup', label: 'Add money', kind: 'primary', onclick: () => api.dispatch({ type: 'confirm_topup' }) },
    ]) : null,
    notice(api));
}

/** Saved addresses: tap one to deliver there; add a new one. */
export function addressesScreen(api) {
  const { data } = api.state;
  return h('div.app.fd-app', null,
    header(api, 'Delivery address'),
    scroller(api, 'addresses', null,
      h('div.section', null, 'Saved addresses'),
      h('div.fd-block', null, data.addresses.map((a) => h('div.fd-addr' + (a.id === data.cart.address ? '.on' : ''), {
        'data-gym': `addr:${a.id}`, role: 'radio', 'aria-checked': String(a.id === data.cart.address), onclick: () => api.dispatch({ type: 'set_address', id: a.id }) },
        h('span.fd-mark.radio' + (a.id === data.cart.address ? '.on' : '')),
        h('div.fd-addr-text', null, h('div.fd-addr-label', null, a.label), h('div.fd-addr-line', null, a.line)))),
        h('button.fd-addmore', { 'data-gym': 'btn:add-address', onclick: () => api.dispatch({ type: 'new_address' }) }, icon(ICONS.plus, { size: 16 }), 'New address'))),
    notice(api));
}

/** The new-address form. */
export function addressForm(api) {
  const errors = api.state.ui.errors || {};
  const withError = (key, el) => errors[key] ? [el, h('div.fd-field-error', { 'data-gym': `error:${key}`, role: 'alert' }, errors[key])] : el;
  return h('div.app.fd-app', null,
    header(api, 'New address'),
    scroller(api, 'address-form', null,
      withError('addr_label', field(api, 'addr_label', 'Name (e.g. Studio)', { placeholder: 'Name' })),
      withError('addr_line', field(api, 'addr_line', 'Street and number', { placeholder: 'e.g. 9 Kiln Street' }))),
    h('div.actions-bar', null, button('Save address', { id: 'btn:save-address', onclick: () => api.dispatch({ type: 'save_address' }) })),
    notice(api));
}

function couponRow(api, own) {
  const rule = couponRule(api.world, own.code);
  const expired = own.expires_at < api.now;
  const state = own.used ? 'Used' : expired ? 'Expired' : '';
  const where = rule.restaurant ? (restaurant(api.world, rule.restaurant) || {}).name : 'Any restaurant';
  return h('div.fd-coupon-card' + (state ? '.off' : ''), { 'data-gym': `coupon:${own.code}` },
    h('div.fd-coupon-top', null, h('span.fd-code', null, own.code), state ? h('span.fd-status.fd-status-cancelled', null, state) : null),
    h('div.fd-coupon-title', null, rule.title),
    h('div.fd-muted', null, `Min. subtotal ${money(api, rule.min_spend)} · ${where}`),
    h('div.fd-muted', null, `${expired ? 'Expired' : 'Valid until'} ${api.clock.shortDate(own.expires_at)} ${api.clock.hhmm(own.expires_at)}`));
}

/** Coupons: codes with their rules (one per order; type the code in the cart). */
export function couponsScreen(api) {
  return h('div.app.fd-app', null,
    header(api, 'Coupons', { sub: 'One coupon per order · enter the code in your cart' }),
    errorBanner(api),
    scroller(api, 'coupons', null, api.state.data.coupons.map((c) => couponRow(api, c)), h('div.fd-spacer')),
    notice(api));
}
