// Booking screens: train detail (stops, seat classes), traveller selection, review
// with the PIN dialog, and the payment confirmation.

import { h, icon } from '../../../runtime/ui/h.js';
import { body, button, field, empty } from '../../../runtime/ui/kit.js';
import * as tt from '../lib/timetable.js';
import { bookingRow, priceLines } from '../logic.js';
import { ICONS, header, errorBanner, dayLabel, timesBlock, trainBadge } from './common.js';

const mask = (idNumber) => `ID ••••${String(idNumber).slice(-4)}`;

/** Train detail: summary, seat classes (tap to book), stops. */
export function trainDetail(api) {
  const { ui } = api.state;
  const w = api.world;
  const t = tt.train(w, ui.train);
  const row = bookingRow(api.state, { world: w, now: api.now });
  if (!t || !row) {
    return h('div.app.rw-app', null, header(api, ui.train || 'Train'), body('railway:train', empty('This train does not run on the chosen day.')));
  }
  return h('div.app.rw-app', null,
    header(api, `${t.id} · ${tt.trainType(w, t.type).name}`, { sub: dayLabel(api, ui.search.date) }),
    body('railway:train',
      h('div.card.rw-summary', null, timesBlock(api, row.seg),
        h('div.rw-summary-foot', null, `${tt.stationName(w, t.origin)} → ${tt.stationName(w, t.destination)} service`)),
      errorBanner(api),
      h('div.section', null, 'Choose a seat class'),
      row.classes.map((c) => {
        const off = row.departed || c.left <= 0;
        return h('div.row.rw-class' + (off ? '.dim' : ''), { 'data-gym': `seat:${c.id}`, role: 'button', 'aria-disabled': off ? 'true' : null,
          onclick: () => api.dispatch({ type: 'choose_class', cls: c.id }) },
          h('div.row-text', null, h('div.row-title', null, tt.className(w, c.id)),
            h('div.row-sub', null, row.departed ? 'Departed' : c.left > 0 ? `${c.left} seats left` : 'Sold out')),
          h('div.rw-class-price', null, tt.money(w, c.fare)),
          icon(ICONS.chevron, { size: 20, color: off ? '#c3c7d2' : '#0b7a75' }));
      }),
      h('div.section', null, 'Stops'),
      h('div.rw-stops', null, t.stops.map((s, k) => {
        const on = k >= row.seg.i && k <= row.seg.j;
        return h('div.rw-stop' + (on ? '.on' : ''), null,
          h('span.rw-stop-dot'),
          h('span.rw-stop-name', null, tt.stationName(w, s.station)),
          h('span.rw-stop-time', null, [s.arr, s.dep].filter(Boolean).join(' – ')));
      }))));
}

/** Traveller selection: checkboxes over saved travellers, add a traveller, continue. */
export function passengers(api) {
  const { data, ui } = api.state;
  const w = api.world;
  const row = bookingRow(api.state, { world: w, now: api.now });
  const b = ui.booking || { passengers: [] };
  const cls = row && row.classes.find((c) => c.id === b.class);
  const { total } = row && cls ? priceLines(api.state, row) : { total: 0 };
  return h('div.app.rw-app', null,
    header(api, 'Who is travelling?', { sub: row && cls ? `${row.train} · ${tt.className(w, cls.id)} · ${tt.money(w, cls.fare)} per adult` : '' }),
    body('railway:passengers',
      h('div.section', null, 'Saved travellers'),
      data.passengers.length ? data.passengers.map((p) => {
        const on = b.passengers.includes(p.id);
        return h('div.row.rw-pax' + (on ? '.selected' : ''), { 'data-gym': `traveller:${p.id}`, role: 'checkbox', 'aria-checked': String(on),
          onclick: () => api.dispatch({ type: 'toggle_passenger', id: p.id }) },
          h('span.rw-check' + (on ? '.on' : ''), null, on ? icon(ICONS.check, { size: 18, color: '#fff' }) : null),
          h('div.row-text', null, h('div.row-title', null, p.name),
            h('div.row-sub', null, `${p.type === 'child' ? 'Child · half fare' : 'Adult'} · ${mask(p.id_number)}`)));
      }) : empty('No saved travellers yet.'),
      h('button.rw-add', { 'data-gym': 'btn:add-traveller', onclick: () => api.dispatch({ type: 'new_traveller' }) }, icon(ICONS.plus, { size: 20 }), 'Add a traveller'),
      errorBanner(api)),
    h('div.actions-bar.rw-bar', null,
      h('div.rw-bar-sum', null, h('div.rw-muted', null, `${b.passengers.length} selected`), h('div.rw-bar-total', null, tt.money(w, total))),
      button('Continue', { id: 'btn:continue', onclick: () => api.dispatch({ type: 'review' }) })));
}

function payDialog(api, total) {
  const { data, ui } = api.state;
  const w = api.world;
  return h('div.scrim', null, h('div.dialog.rw-pay', { role: 'dialog' },
    h('div.dialog-title', null, 'Confirm payment'),
    h('div.dialog-msg', null, `Pay ${tt.money(w, total)} from your wallet (balance ${tt.money(w, data.wallet)}).`),
    field(api, 'pin', 'Payment PIN', { placeholder: '4 digits' }),
    ui.error ? h('div.rw-dialog-error', { role: 'alert' }, ui.error) : null,
    h('div.dialog-actions', null,
      button('Cancel', { id: 'btn:cancel-pay', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) }),
      button('Pay now', { id: 'btn:confirm-pay', onclick: () => api.dispatch({ type: 'confirm_pay' }) }))));
}

/** Order review: trip, travellers with fares, total, wallet; Pay opens the PIN dialog. */
export function review(api) {
  const { data, ui } = api.state;
  const w = api.world;
  const row = bookingRow(api.state, { world: w, now: api.now });
  if (!row || !ui.booking) return h('div.app.rw-app', null, header(api, 'Review order'), body('railway:review', empty('This train can no longer be booked.')));
  const { lines, total } = priceLines(api.state, row);
  const short = tt.toCents(data.wallet) < tt.toCents(total);
  return h('div.app.rw-app', null,
    header(api, 'Review order', { sub: dayLabel(api, ui.search.date) }),
    body('railway:review',
      h('div.card.rw-summary', null,
        h('div.rw-summary-top', null, trainBadge(api, row.train), h('span.rw-class-tag', null, tt.className(w, ui.booking.class))),
        timesBlock(api, row.seg)),
      h('div.section', null, 'Travellers'),
      h('div.card.rw-lines', null, lines.map((l) => h('div.rw-line-item', { 'data-gym': `line:${l.passenger}` },
        h('span', null, l.name, h('span.rw-muted', null, l.type === 'child' ? ' · child ½' : ' · adult')),
        h('span', null, tt.money(w, l.fare)))),
        h('div.rw-line-item.rw-total', null, h('span', null, 'Total'), h('span', { 'data-gym': 'total' }, tt.money(w, total)))),
      h('div.rw-walletline' + (short ? '.short' : ''), null, icon(ICONS.wallet, { size: 18 }),
        short ? `Wallet balance ${tt.money(w, data.wallet)} is not enough.` : `Wallet balance ${tt.money(w, data.wallet)}`),
      errorBanner(api)),
    h('div.actions-bar', null, button(`Pay ${tt.money(w, total)}`, { id: 'btn:pay', onclick: () => api.dispatch({ type: 'start_pay' }) })),
    ui.dialog === 'pay' ? payDialog(api, total) : null);
}

/** Payment confirmation. */
export function done(api) {
  const { data, ui } = api.state;
  const w = api.world;
  const o = data.orders.find((x) => x.id === ui.last_order);
  if (!o) return h('div.app.rw-app', null, header(api, 'Booked'), body('railway:done', empty('Order not found.')));
  return h('div.app.rw-app', null,
    header(api, 'Booking confirmed', { back: false }),
    body('railway:done',
      h('div.rw-done', null,
        h('div.rw-done-icon', null, icon(ICONS.check, { size: 40, color: '#fff' })),
        h('div.rw-done-title', null, 'Payment successful'),
        h('div.rw-muted', null, `${tt.money(w, o.price_total)} paid · order ${o.id}`)),
      h('div.card.rw-summary', null,
        h('div.rw-summary-top', null, trainBadge(api, o.train), h('span.rw-muted', null, dayLabel(api, o.date))),
        timesBlock(api, { depart: o.depart, arrive: o.arrive, arriveDays: o.arrive_days, from: o.from, to: o.to,
          minutes: tt.segment(tt.train(w, o.train), o.from, o.to).minutes }),
        o.names.map((n, k) => h('div.rw-line-item', null, h('span', null, n), h('span.rw-seat', null, `Car ${o.seats[k].slice(0, 2)} · ${o.seats[k].slice(3)}`))))),
    h('div.actions-bar', null,
      button('View order', { id: 'btn:view-order', kind: 'secondary', onclick: () => api.dispatch({ type: 'show_order', id: o.id }) }),
      button('Done', { id: 'btn:done', onclick: () => api.dispatch({ type: 'tab', tab: 'search' }) })));
}
