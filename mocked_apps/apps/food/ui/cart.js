// Forkful item screen (options, quantity, add to cart) and the cart / checkout screen.

import { h, icon, ICONS, header, scroller, errorBanner, notice, money } from './common.js';
import { button, dialog } from '../../../runtime/ui/kit.js';
import { findItem, optionGroup, unitPrice, restaurant, isOpen } from '../lib/menu.js';
import { cartTotals, couponRule } from '../lib/pricing.js';

function clearCartDialog(api) {
  const d = api.state.ui.dialog;
  if (!d || d.kind !== 'clear_cart') return null;
  const cur = restaurant(api.world, api.state.data.cart.restaurant);
  const next = restaurant(api.world, d.rest);
  return dialog('Start a new cart?', `Your cart has items from ${cur ? cur.name : 'another restaurant'}. Clear it and add items from ${next.name}?`, [
    { id: 'btn:cancel-clear', label: 'Keep cart', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
    { id: 'btn:confirm-clear', label: 'Clear & add', kind: 'primary', onclick: () => api.dispatch({ type: 'confirm_clear' }) },
  ]);
}

function optionRow(api, gid, g, c, selected) {
  const price = c.price ? `+${money(api, c.price)}` : '';
  return h('div.fd-opt' + (selected ? '.on' : ''), { 'data-gym': `opt:${gid}:${c.id}`, role: g.type === 'one' ? 'radio' : 'checkbox',
    'aria-checked': String(selected), onclick: () => api.dispatch({ type: 'pick_option', group: gid, choice: c.id }) },
    h('span.fd-mark' + (g.type === 'one' ? '.radio' : '.box') + (selected ? '.on' : ''), null,
      selected && g.type === 'many' ? icon(ICONS.check, { size: 14, color: '#fff' }) : null),
    h('span.fd-opt-name', null, c.name),
    h('span.fd-opt-price', null, price));
}

/** The item screen: description, option groups, quantity stepper and the add button. */
export function itemScreen(api) {
  const { ui } = api.state;
  const hit = findItem(api.world, ui.item.id);
  const it = hit.item;
  const open = isOpen(hit.restaurant, api.now);
  const unit = unitPrice(api.world, it, ui.item.opts);
  return h('div.app.fd-app', null,
    header(api, it.name, { sub: hit.restaurant.name }),
    errorBanner(api),
    scroller(api, 'item', ui.item.id,
      h('div.fd-item-hero', null,
        h('div.fd-item-title', null, it.name),
        h('div.fd-item-desc', null, it.desc),
        h('div.fd-item-base', null, money(api, it.price))),
      (it.options || []).map((gid) => {
        const g = optionGroup(api.world, gid);
        const cur = ui.item.opts[gid];
        return [
          h('div.fd-group', null, h('span.fd-group-name', null, g.name),
            h('span.fd-group-rule', null, g.type === 'one' ? 'Required · choose 1' : 'Optional · choose any')),
          g.choices.map((c) => optionRow(api, gid, g, c, g.type === 'one' ? cur === c.id : (cur || []).includes(c.id))),
        ];
      }),
      h('div.fd-spacer')),
    h('div.actions-bar.fd-addbar', null,
      h('div.fd-stepper', null,
        h('button.fd-step', { 'data-gym': 'btn:qty-minus', 'aria-label': 'Fewer', onclick: () => api.dispatch({ type: 'item_qty', delta: -1 }) }, icon(ICONS.minus, { size: 18 })),
        h('span.fd-qty', { 'data-gym': 'qty' }, String(ui.item.qty)),
        h('button.fd-step', { 'data-gym': 'btn:qty-plus', 'aria-label': 'More', onclick: () => api.dispatch({ type: 'item_qty', delta: 1 }) }, icon(ICONS.plus, { size: 18 }))),
      button(open ? `Add · ${money(api, unit * ui.item.qty)}` : 'Closed now', { id: 'btn:add-to-cart', onclick: () => api.dispatch({ type: 'add_to_cart' }) })),
    clearCartDialog(api),
    notice(api));
}

function lineRow(api, l) {
  const id = l.line.id;
  return h('div.fd-line', { 'data-gym': `line:${id}` },
    h('div.fd-line-text', null,
      h('div.fd-line-name', null, l.item.name),
      l.summary ? h('div.fd-line-opts', null, l.summary) : null,
      h('div.fd-line-price', null, money(api, l.total))),
    h('div.fd-stepper.small', null,
      h('button.fd-step', { 'data-gym': `line-minus:${id}`, 'aria-label': l.line.qty === 1 ? 'Remove' : 'Fewer',
        onclick: () => api.dispatch({ type: 'line_qty', line: id, delta: -1 }) }, icon(l.line.qty === 1 ? ICONS.trash : ICONS.minus, { size: 16 })),
      h('span.fd-qty', { 'data-gym': `line-qty:${id}` }, String(l.line.qty)),
      h('button.fd-step', { 'data-gym': `line-plus:${id}`, 'aria-label': 'More', onclick: () => api.dispatch({ type: 'line_qty', line: id, delta: 1 }) }, icon(ICONS.plus, { size: 16 }))));
}

function couponBlock(api, t) {
  if (t.coupon) {
    const rule = couponRule(api.world, t.coupon);
    return h('div.fd-coupon-on' + (t.couponError ? '.bad' : ''), { 'data-gym': 'coupon-applied' },
      icon(ICONS.tag, { size: 18, color: t.couponError ? '#c92a2a' : '#2b8a3e' }),
      h('div.fd-coupon-text', null, h('b', null, t.coupon), h('span', null, t.couponError || (rule ? rule.title : ''))),
      h('button.link', { 'data-gym': 'btn:remove-coupon', onclick: () => api.dispatch({ type: 'remove_coupon' }) }, 'Remove'));
  }
  return h('div.fd-coupon', null,
    h('input.field-input.fd-coupon-input', { 'data-gym': 'field:coupon', type: 'text', placeholder: 'Coupon code', value: api.draft('coupon'),
      oninput: (e) => api.dispatch({ type: '@draft', key: 'coupon', value: e.target.value }) }),
    button('Apply', { id: 'btn:apply-coupon', kind: 'secondary', onclick: () => api.dispatch({ type: 'apply_coupon' }) }));
}

function sumRow(id, label, value, strong = false) {
  return h('div.fd-sum' + (strong ? '.total' : ''), { 'data-gym': `sum:${id}` }, h('span', null, label), h('span', null, value));
}

function payDialog(api, t) {
  const d = api.state.ui.dialog;
  if (!d || d.kind !== 'pay') return null;
  const addr = api.state.data.addresses.find((a) => a.id === api.state.data.cart.address);
  return dialog(`Pay ${money(api, t.total)}?`, `${t.rest.name} · deliver to ${addr ? addr.label : ''}. The amount is taken from your wallet (${money(api, api.state.data.wallet)}).`, [
    { id: 'btn:cancel-pay', label: 'Not now', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
    { id: 'btn:confirm-pay', label: 'Pay now', kind: 'primary', onclick: () => api.dispatch({ type: 'confirm_pay' }) },
  ]);
}

/** The cart: lines with quantities, coupon, address, tip, price summary and the pay button. */
export function cartScreen(api) {
  const { data } = api.state;
  const t = cartTotals(api.world, data, api.now);
  if (!t.lines.length) {
    return h('div.app.fd-app', null, header(api, 'Your cart'),
      scroller(api, 'cart', null, h('div.fd-empty-cart', null, icon(ICONS.bag, { size: 48, color: '#ced4da' }), h('div', null, 'Your cart is empty')),
        h('div.fd-center', null, button('Browse restaurants', { id: 'btn:browse', kind: 'secondary', onclick: () => api.dispatch({ type: 'tab', tab: 'home' }) }))),
      notice(api));
  }
  const short = t.subtotal < t.rest.min_order;
  return h('div.app.fd-app', null,
    header(api, 'Your cart', { sub: t.rest.name }),
    errorBanner(api),
    scroller(api, 'cart', null,
      h('div.fd-block', null, t.lines.map((l) => lineRow(api, l)),
        h('button.fd-addmore', { 'data-gym': 'btn:add-more', onclick: () => api.dispatch({ type: 'open_restaurant', id: t.rest.id }) },
          icon(ICONS.plus, { size: 16 }), 'Add more items')),
      short ? h('div.fd-warn', { 'data-gym': 'min-order' }, `Minimum order ${money(api, t.rest.min_order)} · add ${money(api, t.rest.min_order - t.subtotal)} more`) : null,
      h('div.section', null, 'Coupon'),
      h('div.fd-block', null, couponBlock(api, t)),
      h('div.section', null, 'Deliver to'),
      h('div.fd-block', null, data.addresses.map((a) => h('div.fd-addr' + (a.id === data.cart.address ? '.on' : ''), {
        'data-gym': `addr:${a.id}`, role: 'radio', 'aria-checked': String(a.id === data.cart.address), onclick: () => api.dispatch({ type: 'set_address', id: a.id }) },
        h('span.fd-mark.radio' + (a.id === data.cart.address ? '.on' : '')),
        h('div.fd-addr-text', null, h('div.fd-addr-label', null, a.label), h('div.fd-addr-line', null, a.line)))),
        h('button.fd-addmore', { 'data-gym': 'btn:add-address', onclick: () => api.dispatch({ type: 'new_address' }) }, icon(ICONS.plus, { size: 16 }), 'New address')),
      h('div.section', null, 'Tip your rider'),
      h('div.fd-tips', null, (api.world.tips || []).map((c) => h('button.fd-tip' + (c === t.tip ? '.active' : ''), {
        'data-gym': `tip:${c}`, onclick: () => api.dispatch({ type: 'set_tip', amount: c }) }, c ? money(api, c).replace('.00', '') : 'No tip'))),
      h('div.section', null, 'Summary'),
      h('div.fd-block.fd-summary', null,
        sumRow('subtotal', `Subtotal · ${t.count} ${t.count === 1 ? 'item' : 'items'}`, money(api, t.subtotal)),
        sumRow('fee', 'Delivery fee', money(api, t.fee)),
        t.coupon && !t.couponError ? sumRow('discount', `Coupon ${t.coupon}`, `-${money(api, t.discount)}`) : null,
        sumRow('tip', 'Tip', money(api, t.tip)),
        sumRow('total', 'Total', money(api, t.total), true),
        h('div.fd-paywith', null, icon(ICONS.wallet, { size: 16, color: '#6b7185' }), ` Paid from wallet · balance ${money(api, data.wallet)}`)),
      h('div.fd-spacer')),
    h('div.actions-bar', null, button(`Pay ${money(api, t.total)}`, { id: 'btn:place-order', onclick: () => api.dispatch({ type: 'checkout' }) })),
    clearCartDialog(api),
    payDialog(api, t),
    notice(api));
}

export { clearCartDialog };
