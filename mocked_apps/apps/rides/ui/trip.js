// Wayfin trip screens: the live trip, activity (ride history), a ride's receipt, account.

import { h } from '../../../runtime/ui/h.js';
import * as W from '../logic.js';
import { ico, header, bottomTabs, scroller, banners, starPicker, line, PHASES } from './common.js';

const { money } = W;
const STEPS = ['searching', 'arriving', 'in_progress', 'completed'];

function driverCard(api, ride) {
  const d = W.findDriver(api.world, ride.driver);
  if (!d) return null;
  return h('div.wf-driver', { 'data-gym': 'driver' },
    h('div.wf-driver-avatar', null, d.name.split(' ').map((x) => x[0]).join('')),
    h('div.wf-driver-text', null,
      h('div.wf-driver-name', null, d.name, h('span.wf-driver-rating', null, ico('star', 14, '#f2a516'), ` ${d.rating.toFixed(2).replace(/0$/, '')}`)),
      h('div.wf-driver-car', null, d.car)),
    h('div.wf-plate', null, d.plate));
}

function cancelDialog(api, ride) {
  const fee = W.cancelFee(api.world, ride, api.now);
  const msg = fee ? `Your driver is already on the way. A cancellation fee of ${money(fee)} will be charged to your card.`
    : 'No driver has been assigned yet, so cancelling is free.';
  return h('div.scrim', null, h('div.dialog', { role: 'dialog' },
    h('div.dialog-title', null, 'Cancel this ride?'),
    h('div.dialog-msg', { 'data-gym': 'cancel-terms' }, msg),
    h('div.dialog-actions', null,
      h('button.btn.btn-secondary', { 'data-gym': 'btn:keep-ride', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Keep ride'),
      h('button.btn.btn-danger', { 'data-gym': 'btn:confirm-cancel', onclick: () => api.dispatch({ type: 'confirm_cancel' }) }, fee ? `Cancel · ${money(fee)}` : 'Cancel ride'))));
}

function ratingBlock(api, ride) {
  const d = W.findDriver(api.world, ride.driver) || { name: 'your driver' };
  return h('div.card.wf-rate', null,
    h('div.wf-rate-title', { 'data-gym': 'rating' }, ride.rating ? `You rated ${d.name.split(' ')[0]} ${ride.rating} ★` : `How was your ride with ${d.name.split(' ')[0]}?`),
    starPicker(api, ride.rating),
    h('button.btn.btn-primary.wf-wide', { 'data-gym': 'btn:submit-rating', onclick: () => api.dispatch({ type: 'submit_rating', id: ride.id }) },
      ride.rating ? 'Update rating' : 'Submit rating'));
}

function receipt(api, ride) {
  const w = api.world;
  const pay = (w.payment_methods || []).find((p) => p.id === ride.payment);
  const type = W.findType(w, ride.type) || {};
  const cancelled = ride.status === 'cancelled';
  return h('div.card.wf-receipt', null,
    line('receipt:type', 'Ride', `${type.name || ride.type} · ${ride.km} km · ${ride.min} min`),
    ride.surge_pct > 100 ? line('receipt:surge', 'Busy-time pricing', `×${(ride.surge_pct / 100).toFixed(ride.surge_pct % 10 ? 2 : 1)}`) : null,
    line('receipt:fare', 'Fare', money(ride.fare_cents)),
    ride.discount_cents ? line('receipt:discount', `Promo ${ride.promo}`, `−${money(ride.discount_cents)}`) : null,
    cancelled ? line('receipt:fee', 'Cancellation fee', money(ride.cancel_fee_cents)) : null,
    line('receipt:total', cancelled ? 'Charged' : ride.status === 'active' ? 'Price' : 'Total', money(cancelled ? ride.cancel_fee_cents : ride.total_cents), { strong: true }),
    line('receipt:payment', 'Paid with', pay ? `${pay.label} •• ${pay.last4}` : ride.payment));
}

/** The live trip (also shows the end state: arrived with rating, or cancelled). */
export function trip(api) {
  const { data, ui } = api.state;
  const w = api.world;
  const ride = W.findRide(data, ui.ride);
  if (!ride) return h('div.app.wf-app', null, header(api, 'Your ride'), h('div.empty', null, 'No ride'));
  const p = W.phase(ride, api.now);
  const live = p === 'searching' || p === 'arriving' || p === 'in_progress';
  const idx = STEPS.indexOf(p);
  let sub = '';
  if (p === 'searching') sub = `Matching you with a ${(W.findType(w, ride.type) || {}).name} driver…`;
  if (p === 'arriving') sub = `Pickup at ${api.clock.hhmm(ride.pickup_at)} (in ${Math.max(1, Math.ceil((ride.pickup_at - api.now) / 60000))} min) · ${W.placeName(w, ride.pickup)}`;
  if (p === 'in_progress') sub = `Arriving at ${api.clock.hhmm(ride.dropoff_at)} (in ${Math.max(1, Math.ceil((ride.dropoff_at - api.now) / 60000))} min)`;
  if (p === 'completed') sub = `Dropped off at ${api.clock.hhmm(ride.dropoff_at)} · ${W.placeName(w, ride.dest)}`;
  if (p === 'cancelled') sub = ride.cancel_fee_cents ? `Cancellation fee ${money(ride.cancel_fee_cents)}` : 'Cancelled free of charge';
  return h('div.app.wf-app', null,
    header(api, 'Your ride', { sub: `To ${W.placeName(w, ride.dest)}` }),
    scroller('trip',
      h('div.wf-status' + (p === 'cancelled' ? '.bad' : p === 'completed' ? '.good' : ''), null,
        h('div.wf-status-title', { 'data-gym': 'trip-status' }, PHASES[p]),
        h('div.wf-status-sub', null, sub),
        p !== 'cancelled' ? h('div.wf-steps', null, STEPS.map((s, i) => h('span.wf-step' + (i <= idx ? '.on' : '')))) : null,
        live ? h('div.wf-eta', { 'data-gym': 'eta' }, `ETA at destination ${api.clock.hhmm(ride.dropoff_at)}`) : null),
      p !== 'searching' ? driverCard(api, ride) : null,
      h('div.card.wf-trip-route', null,
        h('div.wf-tr', null, ico('dot', 14, '#2bb673'), h('span', null, W.placeName(w, ride.pickup))),
        h('div.wf-tr', null, ico('pin', 16, '#c0462e'), h('span', null, W.placeName(w, ride.dest)))),
      p === 'completed' ? ratingBlock(api, ride) : null,
      receipt(api, ride),
      h('div.wf-actions', null,
        live ? h('button.btn.btn-secondary.wf-wide', { 'data-gym': 'btn:share-eta', onclick: () => api.dispatch({ type: 'share_eta', id: ride.id }) }, ico('share', 18), ' Share trip status') : null,
        live && p !== 'in_progress' ? h('button.btn.btn-danger.wf-wide', { 'data-gym': 'btn:cancel-ride', onclick: () => api.dispatch({ type: 'cancel_ride', id: ride.id }) }, 'Cancel ride') : null,
        p === 'in_progress' ? h('div.wf-muted.center', null, 'Rides can’t be cancelled once you are on board.') : null,
        !live ? h('button.btn.btn-secondary.wf-wide', { 'data-gym': 'btn:share-receipt', onclick: () => api.dispatch({ type: 'share_receipt', id: ride.id }) }, ico('share', 18), ' Share receipt') : null,
        !live ? h('button.btn.btn-primary.wf-wide', { 'data-gym': 'btn:done', onclick: () => api.dispatch({ type: 'finish' }) }, 'Done') : null)),
    banners(api),
    ui.dialog === 'cancel' ? cancelDialog(api, ride) : null);
}

/** Activity tab: every ride, newest first. */
export function activity(api) {
  const { data } = api.state;
  const w = api.world;
  const rides = W.rideHistory(data);
  return h('div.app.wf-app', null,
    header(api, 'Activity', { back: false }),
    scroller('activity',
      rides.length ? rides.map((r) => {
        const p = W.phase(r, api.now);
        const amount = r.status === 'cancelled' ? r.cancel_fee_cents : r.total_cents;
        return h('div.row.wf-ride-row', { 'data-gym': `ride:${r.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_ride', id: r.id }) },
          h('span.wf-circle', null, ico('car', 20, '#1b1f3b')),
          h('div.row-text', null,
            h('div.row-title', null, W.placeName(w, r.dest)),
            h('div.row-sub', null, `${W.when(r.booked_at)} · ${(W.findType(w, r.type) || {}).name}`)),
          h('div.wf-ride-amt', null,
            h('div', null, money(amount)),
            h('div.wf-ride-state' + (p === 'cancelled' ? '.bad' : ''), null, p === 'completed' ? (r.rating ? '★'.repeat(r.rating) : 'Not rated') : PHASES[p])));
      }) : h('div.empty', null, 'No rides yet'),
      h('div.wf-pad')),
    banners(api),
    bottomTabs(api));
}

/** One past ride: route, driver, receipt, rating, share. */
export function rideDetail(api) {
  const { data, ui } = api.state;
  const w = api.world;
  const ride = W.findRide(data, ui.ride);
  if (!ride) return activity(api);
  if (ride.status === 'active') return trip(api);
  const p = W.phase(ride, api.now);
  return h('div.app.wf-app', null,
    header(api, W.placeName(w, ride.dest), { sub: W.when(ride.booked_at) }),
    scroller('ride',
      h('div.card.wf-trip-route', null,
        h('div.wf-tr', null, ico('dot', 14, '#2bb673'), h('span', null, W.placeName(w, ride.pickup)), h('span.wf-muted', null, api.clock.hhmm(ride.pickup_at))),
        h('div.wf-tr', null, ico('pin', 16, '#c0462e'), h('span', null, W.placeName(w, ride.dest)),
          h('span.wf-muted', null, p === 'cancelled' ? 'cancelled' : api.clock.hhmm(ride.dropoff_at)))),
      driverCard(api, ride),
      receipt(api, ride),
      p === 'completed' ? ratingBlock(api, ride) : null,
      h('div.wf-actions', null,
        h('button.btn.btn-secondary.wf-wide', { 'data-gym': 'btn:share-receipt', onclick: () => api.dispatch({ type: 'share_receipt', id: ride.id }) }, ico('share', 18), ' Share receipt'))),
    banners(api));
}

/** Account tab: saved places, default payment, promotions. */
export function account(api) {
  const { data } = api.state;
  const w = api.world;
  return h('div.app.wf-app', null,
    header(api, 'Account', { back: false }),
    scroller('account',
      h('div.wf-profile', null, h('div.wf-driver-avatar.big', null, (w.rider || 'S R').split(' ').map((x) => x[0]).join('')),
        h('div', null, h('div.wf-driver-name', null, w.rider || 'Rider'), h('div.wf-muted', null, `${data.rides.filter((r) => r.status === 'completed').length} rides completed`))),
      h('div.section', null, 'Saved places'),
      ['home', 'work'].map((k) => h('div.row.wf-place-row', { 'data-gym': `saved:${k}`, role: 'button', onclick: () => api.dispatch({ type: 'pick', field: k }) },
        h('span.wf-circle', null, ico(k, 18, '#1b1f3b')),
        h('div.row-text', null, h('div.row-title', null, k === 'home' ? 'Home' : 'Work'), h('div.row-sub', null, data.saved[k] ? W.placeName(w, data.saved[k]) : 'Not set')),
        h('span.wf-change', null, 'Edit'))),
      h('div.section', null, 'Default payment'),
      (w.payment_methods || []).map((p) => h('div.row.wf-place-row', { 'data-gym': `default-pay:${p.id}`, role: 'radio', 'aria-checked': String(data.default_payment === p.id),
        onclick: () => api.dispatch({ type: 'set_default_payment', id: p.id }) },
      h('span.wf-circle', null, ico('card', 18, '#1b1f3b')),
      h('div.row-text', null, h('div.row-title', null, p.label), h('div.row-sub', null, `•• ${p.last4}`)),
      h('span.wf-radio' + (data.default_payment === p.id ? '.on' : '')))),
      h('div.section', null, 'Promotions'),
      (w.promos || []).map((pr) => {
        const used = (data.used_promos || []).includes(pr.code);
        const expired = pr.expires && api.clock.isoDate(api.now) > pr.expires;
        return h('div.row.wf-promo-row', { 'data-gym': `promo:${pr.code}` },
          h('span.wf-circle', null, ico('tag', 18, used || expired ? '#9aa0b0' : '#1e7a4a')),
          h('div.row-text', null, h('div.row-title', null, h('b', null, pr.code)), h('div.wf-promo-title', null, pr.title), h('div.wf-promo-terms', null, W.promoTerms(w, pr))),
          h('span.chip' + (used || expired ? '.wf-chip-off' : '.wf-chip-on'), null, used ? 'Used' : expired ? 'Expired' : 'Available'));
      }),
      h('div.wf-pad')),
    banners(api),
    bottomTabs(api));
}
