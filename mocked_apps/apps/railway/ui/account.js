// Orders and Travellers tabs: order list and detail (refund, share), traveller list
// and the add / edit traveller form.

import { h, icon } from '../../../runtime/ui/h.js';
import { body, button, field, empty, dialog, fab } from '../../../runtime/ui/kit.js';
import * as tt from '../lib/timetable.js';
import { orderSections } from '../logic.js';
import { ICONS, header, bottomTabs, errorBanner, dayLabel, statusChip, timesBlock, trainBadge } from './common.js';

function orderRow(api, o) {
  const w = api.world;
  return h('div.rw-order', { 'data-gym': `order:${o.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_order', id: o.id }) },
    h('div.rw-order-top', null, trainBadge(api, o.train), h('span.rw-muted', null, dayLabel(api, o.date)), statusChip(o, api.now)),
    h('div.rw-order-route', null, `${o.depart} ${tt.stationName(w, o.from)} → ${o.arrive} ${tt.stationName(w, o.to)}`),
    h('div.rw-order-foot', null, h('span', null, `${tt.className(w, o.class)} · ${o.names.length} traveller${o.names.length === 1 ? '' : 's'}`),
      h('span.rw-order-price', null, tt.money(w, o.price_total))));
}

/** The Orders tab: upcoming trips first, then history. */
export function orders(api) {
  const { upcoming, past } = orderSections(api.state.data, api.now);
  return h('div.app.rw-app', null,
    header(api, 'My orders', { back: false }),
    body('railway:orders',
      !upcoming.length && !past.length ? empty('No orders yet. Search a train to book one.') : null,
      upcoming.length ? [h('div.section', null, 'Upcoming'), upcoming.map((o) => orderRow(api, o))] : null,
      past.length ? [h('div.section', null, 'History'), past.map((o) => orderRow(api, o))] : null),
    bottomTabs(api));
}

/** Order detail: trip, tickets, payment; Share and Refund. */
export function orderDetail(api) {
  const { data, ui } = api.state;
  const w = api.world;
  const o = data.orders.find((x) => x.id === ui.order);
  if (!o) return h('div.app.rw-app', null, header(api, 'Order'), body('railway:order', empty('Order not found.')));
  const q = tt.refundQuote(o, api.now);
  const t = tt.train(w, o.train);
  const seg = t && tt.segment(t, o.from, o.to);
  const canShare = !!api.peek('messages');
  return h('div.app.rw-app', null,
    header(api, `Order ${o.id}`, { sub: dayLabel(api, o.date) }),
    body('railway:order',
      h('div.card.rw-summary', null,
        h('div.rw-summary-top', null, trainBadge(api, o.train), h('span.rw-class-tag', null, tt.className(w, o.class)), statusChip(o, api.now)),
        timesBlock(api, { depart: o.depart, arrive: o.arrive, arriveDays: o.arrive_days, from: o.from, to: o.to, minutes: seg ? seg.minutes : 0 })),
      errorBanner(api),
      h('div.section', null, 'Tickets'),
      h('div.card.rw-lines', null,
        o.names.map((n, k) => h('div.rw-ticket', { 'data-gym': `ticket:${k}` },
          h('div', null, h('div', null, n), h('div.rw-muted', null, `${o.types && o.types[k] === 'child' ? 'Child' : 'Adult'} · ${tt.money(w, o.fares ? o.fares[k] : 0)}`)),
          h('div.rw-seat', null, o.seats[k] ? `Car ${o.seats[k].slice(0, 2)} · ${o.seats[k].slice(3)}` : ''))),
        h('div.rw-line-item.rw-total', null, h('span', null, o.status === 'cancelled' ? 'Cancelled · refunded in full' : 'Paid'), h('span', null, tt.money(w, o.price_total))),
        o.refund ? h('div.rw-line-item', null, h('span', null, `Refunded (fee ${o.refund.pct}%: ${tt.money(w, o.refund.fee)})`), h('span', null, tt.money(w, o.refund.amount))) : null),
      o.status === 'paid' && q.ok ? h('div.rw-tip', null, `Refund fee now: ${q.pct}% (${q.pct === 5 ? 'more than a day before departure' : 'within a day of departure'}).`) : null),
    canShare || o.status === 'paid' ? h('div.actions-bar', null,
      canShare ? button('Share', { id: 'btn:share', kind: 'secondary', onclick: () => api.dispatch({ type: 'share', id: o.id }) }) : null,
      o.status === 'paid' ? button('Refund', { id: 'btn:refund', kind: 'danger', disabled: !q.ok, onclick: () => api.dispatch({ type: 'ask_refund' }) }) : null) : null,
    ui.dialog === 'refund' && q.ok ? dialog('Refund this order?',
      `Refund fee ${q.pct}%: ${tt.money(w, q.fee)}. ${tt.money(w, q.amount)} goes back to your wallet. This cannot be undone.`, [
        { id: 'btn:cancel-refund', label: 'Keep', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
        { id: 'btn:confirm-refund', label: 'Refund', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_refund' }) },
      ]) : null);
}

/** The Travellers tab: saved travellers; tap to edit, + to add. */
export function travellers(api) {
  const { data } = api.state;
  return h('div.app.rw-app', null,
    header(api, 'Travellers', { back: false }),
    body('railway:travellers',
      h('div.section', null, `Saved travellers (${data.passengers.length})`),
      data.passengers.length ? data.passengers.map((p) => h('div.row', { 'data-gym': `traveller:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'edit_traveller', id: p.id }) },
        h('span.rw-avatar' + (p.type === 'child' ? '.child' : ''), null, icon(ICONS.person, { size: 20, color: '#fff' })),
        h('div.row-text', null, h('div.row-title', null, p.name), h('div.row-sub', null, `${p.type === 'child' ? 'Child' : 'Adult'} · ID ${p.id_number}`)),
        icon(ICONS.chevron, { size: 20, color: '#9aa0b0' }))) : empty('No saved travellers.'),
      h('div.rw-fab-space')),
    fab('btn:add-traveller', 'plus', () => api.dispatch({ type: 'new_traveller' }), 'Add traveller'),
    bottomTabs(api));
}

/** Add / edit a traveller. */
export function travellerForm(api) {
  const { ui } = api.state;
  const typeChip = (value, label) => h('button.rw-chip' + (ui.form_type === value ? '.active' : ''),
    { 'data-gym': `ptype:${value}`, onclick: () => api.dispatch({ type: 'set_form_type', value }) }, label);
  return h('div.app.rw-app', null,
    header(api, ui.editing ? 'Edit traveller' : 'New traveller'),
    body('railway:traveller',
      field(api, 'name', 'Full name', { placeholder: 'As on the ID document' }),
      field(api, 'id_number', 'ID number', { placeholder: 'One letter + 8 digits' }),
      h('div.field', null, h('span.field-label', null, 'Fare type'), h('div.rw-chips.rw-inline', null, typeChip('adult', 'Adult'), typeChip('child', 'Child (half fare)'))),
      errorBanner(api),
      ui.editing ? h('button.rw-delete', { 'data-gym': 'btn:delete-traveller', onclick: () => api.dispatch({ type: 'ask_delete_traveller' }) }, icon(ICONS.trash, { size: 18 }), 'Delete traveller') : null),
    h('div.actions-bar', null, button('Save', { id: 'btn:save-traveller', onclick: () => api.dispatch({ type: 'save_traveller' }) })),
    ui.dialog === 'delete_traveller' ? dialog('Delete traveller?', 'They will be removed from your saved travellers. Existing tickets stay valid.', [
      { id: 'btn:cancel-delete', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete_traveller' }) },
    ]) : null);
}
