// Wayfin booking screens: home (where to?), place picker, ride options.

import { h } from '../../../runtime/ui/h.js';
import * as W from '../logic.js';
import { ico, header, bottomTabs, scroller, banners, PHASES } from './common.js';

const { money } = W;

function activeBanner(api) {
  const ride = W.activeRide(api.state.data, api.now);
  if (!ride) return null;
  const p = W.phase(ride, api.now);
  const mins = Math.max(0, Math.ceil(((p === 'in_progress' ? ride.dropoff_at : ride.pickup_at) - api.now) / 60000));
  return h('div.wf-active', { 'data-gym': 'active-ride', role: 'button', onclick: () => api.dispatch({ type: 'open_trip' }) },
    ico('car', 24, '#fff'),
    h('div.wf-active-text', null,
      h('div.wf-active-title', null, PHASES[p]),
      h('div.wf-active-sub', null, p === 'in_progress' ? `Arriving at ${W.placeName(api.world, ride.dest)} in ${mins} min`
        : p === 'searching' ? `To ${W.placeName(api.world, ride.dest)}` : `Pickup in ${mins} min · ${W.placeName(api.world, ride.pickup)}`)),
    ico('chevron', 20, '#fff'));
}

function fakeMap(api, label) {
  return h('div.wf-map', null,
    h('div.wf-road.r1'), h('div.wf-road.r2'), h('div.wf-road.r3'), h('div.wf-road.r4'),
    h('div.wf-park'), h('div.wf-water'),
    h('div.wf-me', null, ico('pin', 34, '#1b1f3b')),
    h('div.wf-here', null, ico('dot', 14, '#2bb673'), label));
}

/** Ride tab home: where to, pickup, saved shortcuts, recent destinations. */
export function home(api) {
  const { data, ui } = api.state;
  const w = api.world;
  const here = ui.pickup === w.current_place;
  return h('div.app.wf-app', null,
    scroller('home',
      fakeMap(api, here ? `You are at ${W.placeName(w, w.current_place)}` : `Pickup: ${W.placeName(w, ui.pickup)}`),
      h('div.wf-sheet', null,
        activeBanner(api),
        h('div.wf-hello', null, `Hi ${(w.rider || 'there').split(' ')[0]}, where to?`),
        h('button.wf-where', { 'data-gym': 'btn:destination', onclick: () => api.dispatch({ type: 'pick', field: 'dest' }) },
          ico('search', 22, '#1b1f3b'), h('span', null, 'Search a destination')),
        h('button.wf-pickup', { 'data-gym': 'btn:pickup', onclick: () => api.dispatch({ type: 'pick', field: 'pickup' }) },
          ico('dot', 14, '#2bb673'),
          h('span.wf-pickup-text', null, h('span.wf-muted', null, 'Pickup  '), W.placeName(w, ui.pickup), here ? h('span.wf-muted', null, ' · current location') : null),
          h('span.wf-change', null, 'Change')),
        h('div.wf-shortcuts', null, ['home', 'work'].map((k) => {
          const id = data.saved[k];
          return h('button.wf-short', { 'data-gym': `shortcut:${k}`, onclick: () => api.dispatch({ type: 'shortcut', which: k }) },
            h('span.wf-short-icon', null, ico(k, 20, '#1b1f3b')),
            h('span.wf-short-text', null, h('b', null, k === 'home' ? 'Home' : 'Work'), h('span', null, id ? W.placeName(w, id) : 'Not set')));
        })),
        h('div.wf-sec', null, 'Recent'),
        W.recentDestinations(data, 3).map((pid) => {
          const p = W.findPlace(w, pid);
          return h('div.row.wf-place-row', { 'data-gym': `recent:${pid}`, role: 'button', onclick: () => api.dispatch({ type: 'go_to', place: pid }) },
            h('span.wf-circle', null, ico('clock', 18, '#5a6178')),
            h('div.row-text', null, h('div.row-title', null, p.name), h('div.row-sub', null, p.area)));
        }))),
    banners(api),
    bottomTabs(api));
}

const PICK_TITLES = { pickup: 'Pickup point', dest: 'Where to?', home: 'Set home address', work: 'Set work address' };

/** Choose a place (pickup, destination, or a saved place). */
export function pick(api) {
  const { data, ui } = api.state;
  const w = api.world;
  const field = ui.picking;
  const q = api.draft('place_search');
  const places = W.searchPlaces(w, q);
  const trip = field === 'pickup' || field === 'dest';
  const events = field === 'dest' && !q.trim() ? W.calendarEvents(w, data, api.peek, api.now) : [];
  return h('div.app.wf-app', null,
    header(api, PICK_TITLES[field] || 'Choose a place'),
    h('div.wf-searchbar', null, h('div.wf-search', null, ico('search', 20, '#6b7185'),
      h('input.wf-search-input', { 'data-gym': 'field:place_search', type: 'text', placeholder: 'Search places', value: q,
        oninput: (e) => api.dispatch({ type: '@draft', key: 'place_search', value: e.target.value }) }))),
    scroller('pick',
      trip && !q.trim() ? [
        h('div.section', null, 'Saved'),
        ['home', 'work'].filter((k) => data.saved[k]).map((k) => h('div.row.wf-place-row', { 'data-gym': `saved-pick:${k}`, role: 'button',
          onclick: () => api.dispatch({ type: 'select_saved', which: k }) },
        h('span.wf-circle', null, ico(k, 18, '#1b1f3b')),
        h('div.row-text', null, h('div.row-title', null, k === 'home' ? 'Home' : 'Work'), h('div.row-sub', null, W.placeName(w, data.saved[k])))))] : null,
      events.length ? [h('div.section', null, 'From your calendar'), events.map((e) =>
        h('div.row.wf-place-row', { 'data-gym': `event:${e.id}`, role: 'button', onclick: () => api.dispatch({ type: 'select_event', id: e.id }) },
          h('span.wf-circle.cal', null, ico('cal', 18, '#c0462e')),
          h('div.row-text', null, h('div.row-title', null, e.title),
            h('div.row-sub', null, `${api.clock.shortDate(api.clock.parseDate(e.date))} ${e.start} · ${W.placeName(w, e.place)}`))))] : null,
      h('div.section', null, q.trim() ? `${places.length} ${places.length === 1 ? 'place' : 'places'}` : 'All places'),
      places.map((p) => h('div.row.wf-place-row', { 'data-gym': `place:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'select_place', id: p.id }) },
        h('span.wf-circle', null, ico('pin', 18, '#5a6178')),
        h('div.row-text', null, h('div.row-title', null, p.name), h('div.row-sub', null, p.area)))),
      places.length ? null : h('div.empty', null, 'No place matches'),
      h('div.wf-pad')),
    banners(api));
}

/** Ride options: route, ride types with fares, payment, promo code, book. */
export function options(api) {
  const { ui, data } = api.state;
  const w = api.world;
  const q = W.currentQuote(api.state, w, api.now);
  const pay = (w.payment_methods || []).find((p) => p.id === W.bookingPayment(api.state));
  const typeRows = (w.ride_types || []).map((t) => {
    const tq = q ? W.quote(w, data, { pickup: ui.pickup, dest: ui.dest, type: t.id, promo: ui.promo, now: api.now }) : null;
    const sel = ui.type === t.id;
    return h('div.wf-type' + (sel ? '.sel' : ''), { 'data-gym': `type:${t.id}`, role: 'button', onclick: () => api.dispatch({ type: 'set_type', id: t.id }) },
      h('span.wf-type-icon', null, ico('car', 28, sel ? '#fff' : '#1b1f3b')),
      h('div.wf-type-text', null,
        h('div.wf-type-name', null, t.name, h('span.wf-seats', null, ` · ${t.seats} seats`)),
        h('div.wf-type-blurb', null, t.blurb)),
      tq ? h('div.wf-type-price', null,
        tq.discount_cents ? h('div.wf-strike', null, money(tq.fare_cents)) : null,
        h('div', { 'data-gym': `price:${t.id}` }, money(tq.total_cents))) : null);
  });
  const bookLabel = q ? `Book ${(W.findType(w, ui.type) || {}).name} · ${money(q.total_cents)}` : 'Book';
  return h('div.app.wf-app', null,
    header(api, 'Choose a ride'),
    scroller('options',
      h('div.wf-route', null,
        h('div.wf-route-pts', null,
          h('button.wf-route-pt', { 'data-gym': 'btn:pickup', onclick: () => api.dispatch({ type: 'pick', field: 'pickup' }) },
            ico('dot', 14, '#2bb673'), h('span', null, W.placeName(w, ui.pickup))),
          h('div.wf-route-line'),
          h('button.wf-route-pt', { 'data-gym': 'btn:destination', onclick: () => api.dispatch({ type: 'pick', field: 'dest' }) },
            ico('pin', 16, '#c0462e'), h('span', null, W.placeName(w, ui.dest)))),
        h('button.wf-swap', { 'data-gym': 'btn:swap', 'aria-label': 'Swap pickup and destination', onclick: () => api.dispatch({ type: 'swap' }) }, ico('swap', 20, '#1b1f3b'))),
      q ? h('div.wf-route-info', { 'data-gym': 'route-info' }, `${q.route.km} km · ${q.route.min} min · via ${q.route.via.slice(1, -1).map((id) => W.placeName(w, id)).join(', ') || 'direct'}`) : h('div.empty', null, 'No route between these places'),
      q && q.surge.pct > 100 ? h('div.wf-surge', { 'data-gym': 'surge' }, ico('bolt', 16, '#9a5b00'), ` ${q.surge.label}: prices ×${(q.surge.pct / 100).toFixed(q.surge.pct % 10 ? 2 : 1)}`) : null,
      h('div.wf-types', null, typeRows),
      h('div.wf-sec', null, 'Payment'),
      h('button.wf-pay', { 'data-gym': 'btn:payment', onclick: () => api.dispatch({ type: 'open_payment' }) },
        ico('card', 20, '#1b1f3b'), h('span', null, pay ? `${pay.label} •• ${pay.last4}` : 'Choose'), h('span.wf-change', null, 'Change')),
      h('div.wf-sec', null, 'Promo code'),
      ui.promo ? h('div.wf-promo-on', { 'data-gym': 'promo-applied' },
        ico('tag', 18, '#1e7a4a'),
        h('span', null, `${ui.promo}${q && q.discount_cents ? ` · −${money(q.discount_cents)}` : ''}`),
        h('button.wf-link', { 'data-gym': 'btn:remove-promo', onclick: () => api.dispatch({ type: 'remove_promo' }) }, 'Remove'))
        : h('div.wf-promo', null,
          h('input.field-input', { 'data-gym': 'field:promo', type: 'text', placeholder: 'Enter code', value: api.draft('promo'),
            oninput: (e) => api.dispatch({ type: '@draft', key: 'promo', value: e.target.value }) }),
          h('button.btn.btn-secondary', { 'data-gym': 'btn:apply-promo', onclick: () => api.dispatch({ type: 'apply_promo' }) }, 'Apply')),
      ui.promo_error ? h('div.wf-field-error', { 'data-gym': 'error:promo', role: 'alert' }, ui.promo_error) : null,
      ui.promo && q && q.promo_error ? h('div.wf-field-error', { 'data-gym': 'error:promo', role: 'alert' }, `Not valid for this ride: ${q.promo_error}`) : null,
      h('div.wf-pad')),
    banners(api),
    h('div.actions-bar', null, h('button.btn.btn-primary.wf-book', { 'data-gym': 'btn:book', disabled: !q, onclick: () => api.dispatch({ type: 'book' }) }, bookLabel)),
    ui.dialog === 'payment' ? h('div.scrim', { 'data-gym': 'dialog:scrim', 'aria-label': 'Close', onclick: (e) => { if (e.target === e.currentTarget) api.dispatch({ type: 'close_dialog' }); } },
      h('div.dialog', { role: 'dialog' },
        h('div.dialog-title', null, 'Pay with'),
        (w.payment_methods || []).map((p) => h('div.row.wf-pay-opt' + (W.bookingPayment(api.state) === p.id ? '.selected' : ''), {
          'data-gym': `pay:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'set_payment', id: p.id }) },
        ico('card', 20, '#1b1f3b'), h('div.row-text', null, h('div.row-title', null, p.label), h('div.row-sub', null, `•• ${p.last4}`)))))) : null);
}
