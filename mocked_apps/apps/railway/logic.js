// RailGo: search trains, book seats for saved travellers, pay from the wallet with a
// PIN, refund and share orders. Pure reducer; see README.md for state and actions.

import * as tt from './lib/timetable.js';
import * as bk from './lib/booking.js';

export * from './lib/timetable.js';
export { bookingRow, passengerProblem, priceLines, readTravellerForm } from './lib/booking.js';

const TABS = ['search', 'orders', 'travellers'];
const SORTS = ['depart', 'duration', 'price'];

/** Return the initial state: seeded travellers and order history, full wallet, search screen. */
export function init(world, ctx) {
  const def = world.default_search || {};
  return {
    data: {
      passengers: JSON.parse(JSON.stringify(world.passengers || [])),
      orders: JSON.parse(JSON.stringify(world.orders || [])),
      wallet: world.wallet ?? 0,
    },
    ui: {
      screen: 'search', stack: [], tab: 'search',
      search: { from: def.from || world.stations[0].id, to: def.to || world.stations[1].id, date: tt.isoDate(ctx.now) },
      picking: null, filter: 'all', sort: 'depart',
      train: null, booking: null, order: null, last_order: null,
      editing: null, form_type: 'adult',
      dialog: null, error: null, drafts: {},
    },
  };
}

/** Return the results rows for the current search, filtered and sorted as the UI shows them. */
export function visibleResults(state, world, now) {
  const { ui } = state;
  let rows = tt.searchTrains(world, state.data, ui.search, now);
  if (ui.filter !== 'all') rows = rows.filter((r) => r.type === ui.filter);
  if (ui.sort === 'duration') rows = [...rows].sort((a, b) => a.seg.minutes - b.seg.minutes || tt.toMin(a.seg.depart) - tt.toMin(b.seg.depart));
  if (ui.sort === 'price') {
    const key = (r) => (r.cheapest ? r.cheapest.fare : Infinity);
    rows = [...rows].sort((a, b) => key(a) - key(b) || tt.toMin(a.seg.depart) - tt.toMin(b.seg.depart));
  }
  return rows;
}

/** Return the orders split for the Orders tab: upcoming (paid, not departed) and past/other. */
export function orderSections(data, now) {
  const dep = (o) => tt.departureMs(o.date, o.depart);
  const upcoming = data.orders.filter((o) => o.status === 'paid' && dep(o) > now).sort((a, b) => dep(a) - dep(b));
  // Past and refunded orders newest first: by departure, then (same train, same day) the later order first.
  const index = new Map(data.orders.map((o, i) => [o, i]));
  const past = data.orders.filter((o) => !upcoming.includes(o))
    .sort((a, b) => dep(b) - dep(a) || (b.created || 0) - (a.created || 0) || index.get(b) - index.get(a));
  return { upcoming, past };
}

function navigate(state, action, ctx) {
  const { ui } = state;
  const world = ctx.world;
  switch (action.type) {
    case 'tab':
      if (!TABS.includes(action.tab)) return state;
      Object.assign(ui, { screen: action.tab, tab: action.tab, stack: [], dialog: null, error: null });
      return state;
    case 'pick_station':
      if (action.field !== 'from' && action.field !== 'to') return state;
      ui.picking = action.field;
      ui.drafts = { ...ui.drafts, station_query: '' };
      return bk.push(state, 'stations');
    case 'select_station': {
      if (!ui.picking || !tt.station(world, action.station)) return state;
      const other = ui.picking === 'from' ? 'to' : 'from';
      if (ui.search[other] === action.station) ui.search[other] = ui.search[ui.picking];
      ui.search[ui.picking] = action.station;
      ui.picking = null;
      ui.screen = ui.stack.pop() || 'search';
      return state;
    }
    case 'swap':
      [ui.search.from, ui.search.to] = [ui.search.to, ui.search.from];
      return state;
    case 'set_route':
      if (!tt.station(world, action.from) || !tt.station(world, action.to) || action.from === action.to) return state;
      Object.assign(ui.search, { from: action.from, to: action.to });
      return state;
    case 'pick_date':
      return bk.push(state, 'dates');
    case 'select_date':
      if (!tt.bookingDates(world, ctx.now).includes(action.date)) return state;
      ui.search.date = action.date;
      ui.screen = ui.stack.pop() || 'search';
      return state;
    case 'search': {
      const dates = tt.bookingDates(world, ctx.now);
      if (!dates.includes(ui.search.date)) ui.search.date = dates[0];
      if (ui.search.from === ui.search.to) { ui.error = 'Choose two different stations.'; return state; }
      return bk.push(state, 'results');
    }
    case 'shift_date': {
      // A day back (days < 0) or forward (> 0); no direction (missing, 0, "") moves nothing.
      if (typeof action.days !== 'number' || !Number.isFinite(action.days) || action.days === 0) return state;
      const dates = tt.bookingDates(world, ctx.now);
      const i = dates.indexOf(ui.search.date) + (action.days > 0 ? 1 : -1);
      if (i >= 0 && i < dates.length) ui.search.date = dates[i];
      return state;
    }
    case 'filter':
      if (action.value === 'all' || world.train_types.some((t) => t.id === action.value)) ui.filter = action.value;
      return state;
    case 'sort':
      if (SORTS.includes(action.value)) ui.sort = action.value;
      return state;
    case 'open_train':
      if (!tt.train(world, action.train)) return state;
      ui.train = action.train;
      ui.booking = null;
      return bk.push(state, 'train');
    case 'open_order':
      if (!state.data.orders.some((o) => o.id === action.id)) return state;
      ui.order = action.id;
      return bk.push(state, 'order');
    case 'new_traveller':
    case 'edit_traveller': {
      const p = action.type === 'edit_traveller' ? state.data.passengers.find((x) => x.id === action.id) : null;
      if (action.type === 'edit_traveller' && !p) return state;
      ui.editing = p ? p.id : null;
      ui.form_type = p ? p.type : 'adult';
      ui.drafts = { ...ui.drafts, name: p ? p.name : '', id_number: p ? p.id_number : '' };
      return bk.push(state, 'traveller');
    }
    case 'set_form_type':
      if (action.value === 'adult' || action.value === 'child') ui.form_type = action.value;
      return state;
    default:
      return undefined;
  }
}

/** Apply an action (see README.md); return null for `back` at a root screen and for unknown actions. */
export function reduce(state, action, ctx) {
  const { ui, data } = state;
  const nav = navigate(state, action, ctx);
  if (nav !== undefined) return nav;
  switch (action.type) {
    case 'back':
      if (ui.dialog) { ui.dialog = null; ui.error = null; return state; }
      if (!ui.stack.length) return null;
      ui.screen = ui.stack.pop();
      ui.error = null;
      if (ui.screen === 'search' || TABS.includes(ui.screen)) ui.tab = ui.screen;
      return state;
    case 'intent':
    case 'show_order': {
      const id = action.type === 'intent' ? action.order : action.id;
      if (id && data.orders.some((o) => o.id === id)) {
        Object.assign(ui, { tab: 'orders', screen: 'order', stack: ['orders'], order: id, dialog: null, error: null });
      }
      return state;
    }
    case 'choose_class':
      return bk.chooseClass(state, action, ctx);
    case 'toggle_passenger':
      return bk.togglePassenger(state, action);
    case 'review':
      return bk.toReview(state, ctx);
    case 'start_pay': {
      const problem = ui.booking ? bk.passengerProblem(state, ctx, bk.bookingRow(state, ctx)) : 'Nothing to pay for.';
      if (problem) { ui.error = problem; return state; }
      ui.drafts = { ...ui.drafts, pin: '' };
      ui.dialog = 'pay';
      ui.error = null;
      return state;
    }
    case 'confirm_pay':
      if (ui.dialog !== 'pay') return state;
      return bk.confirmPay(state, ctx);
    case 'ask_refund': {
      const order = data.orders.find((o) => o.id === ui.order);
      const q = order ? tt.refundQuote(order, ctx.now) : { ok: false, reason: 'Order not found.' };
      if (!q.ok) { ui.error = q.reason; return state; }
      ui.dialog = 'refund';
      ui.error = null;
      return state;
    }
    case 'confirm_refund':
      if (ui.dialog !== 'refund') return state;
      return bk.confirmRefund(state, ctx);
    case 'share': {
      const order = data.orders.find((o) => o.id === (action.id || ui.order));
      if (!order) return state;
      if (!ctx.peek('messages')) { ui.error = 'Messages is not installed.'; return state; }
      ctx.open('messages', { text: tt.shareText(ctx.world, order) });
      return state;
    }
    case 'save_traveller':
      return bk.saveTraveller(state, ctx);
    case 'ask_delete_traveller':
      if (!ui.editing) return state;
      ui.dialog = 'delete_traveller';
      return state;
    case 'confirm_delete_traveller':
      if (ui.dialog !== 'delete_traveller') return state;
      return bk.deleteTraveller(state);
    case 'close_dialog':
      ui.dialog = null;
      ui.error = null;
      return state;
    case 'dismiss_error':
      ui.error = null;
      return state;
    default:
      return null;
  }
}
