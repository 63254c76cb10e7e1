// Wayfin: ride hailing. Pick a pickup and a destination among invented places (or a
// calendar event's location), compare fares by ride type (base + per km + per min,
// surge by time of day, promo codes with conditions), book, follow the trip as the
// virtual clock moves (searching → arriving → in progress → completed), cancel (fee
// once a driver is on the way), rate the driver, read receipts, share the ETA or a
// receipt to Messages, keep saved places. Pure reducer; see README.md.

import * as F from './lib/fares.js';
import * as T from './lib/trips.js';
import { findRide, matchPlace, calendarEvents, bookingPayment, currentQuote } from './lib/select.js';

export * from './lib/fares.js';
export * from './lib/trips.js';
export * from './lib/select.js';

export const TABS = ['ride', 'activity', 'account'];
const SCREENS = ['home', 'pick', 'options', 'trip', 'activity', 'ride', 'account'];
const PICK_FIELDS = ['pickup', 'dest', 'home', 'work'];

/** Return the initial state: the ride history, saved places, default payment, used promos. */
export function init(world, ctx) {
  const rides = T.seedHistory(world, ctx.now);
  const used = [...new Set((world.history || []).map((h) => h.promo).filter(Boolean))];
  return {
    data: {
      rides,
      saved: { home: world.saved?.home ?? null, work: world.saved?.work ?? null },
      default_payment: world.default_payment || 'personal',
      used_promos: used,
    },
    ui: freshUi(world),
  };
}

function freshUi(world) {
  return {
    screen: 'home', tab: 'ride', stack: [], picking: null,
    pickup: (world && world.current_place) || null, dest: null, type: 'standard', payment: null, promo: null, promo_error: null,
    ride: null, stars: 0, dialog: null, error: null, notice: null, drafts: {},
  };
}

function ensureUi(state, world) {
  state.ui = { ...freshUi(world), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'home';
  if (!TABS.includes(ui.tab)) ui.tab = 'ride';
  return ui;
}

// ------------------------------------------------------------------ navigation

// ui.stars is the unsent rating of ui.ride: it is dropped whenever another ride is shown, so stars tapped on one
// ride are never shown on (or submitted for) the next.
function showRide(ui, ride) {
  if (ride !== undefined && ride !== ui.ride) ui.stars = 0;
}

function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, picking: ui.picking, ride: ui.ride });
  showRide(ui, extra.ride);
  Object.assign(ui, { screen, dialog: null, error: null }, extra);
}

function pop(state) {
  const ui = state.ui;
  const prev = ui.stack.pop();
  if (!prev) return false;
  showRide(ui, prev.ride);
  Object.assign(ui, prev, { dialog: null, error: null });
  if ((ui.screen === 'ride' || ui.screen === 'trip') && !findRide(state.data, ui.ride)) return pop(state) || (goTab(ui, 'ride'), true);
  return true;
}

function goTab(ui, tab) {
  Object.assign(ui, { screen: tab === 'ride' ? 'home' : tab, tab, stack: [], dialog: null, error: null, picking: null });
}

function fail(state, message) {
  state.ui.error = message;
  return state;
}

function openOptions(state) {
  const { ui } = state;
  ui.promo_error = null;
  if (ui.screen === 'options') return state;
  if (ui.screen === 'pick') {
    pop(state);
    if (ui.screen === 'options') return state;
  }
  push(ui, 'options');
  return state;
}

function setDest(state, world, id) {
  const { ui } = state;
  if (!F.findPlace(world, id)) return state;
  // Without a pickup the ride starts where the phone is: that place can't be the destination either.
  const pickup = ui.pickup || world.current_place;
  if (id === pickup) return fail(state, 'Pickup and destination must be different places.');
  ui.dest = id;
  ui.pickup = pickup;
  return openOptions(state);
}

function selectPlace(state, world, id) {
  const { ui, data } = state;
  if (ui.screen !== 'pick' || !F.findPlace(world, id)) return state;
  const field = ui.picking;
  if (field === 'home' || field === 'work') {
    data.saved[field] = id;
    pop(state);
    ui.notice = `${field === 'home' ? 'Home' : 'Work'} set to ${F.placeName(world, id)}`;
    return state;
  }
  if (field === 'pickup') {
    if (id === ui.dest) return fail(state, 'Pickup and destination must be different places.');
    ui.pickup = id;
    pop(state);
    return state;
  }
  if (field === 'dest') return setDest(state, world, id);
  return state;
}

// ------------------------------------------------------------------ booking

function book(state, ctx) {
  const { ui, data } = state;
  const world = ctx.world;
  if (ui.screen !== 'options') return state;
  if (T.activeRide(data, ctx.now)) return fail(state, 'You already have a ride in progress.');
  const q = currentQuote(state, world, ctx.now);
  if (!q) return fail(state, 'Choose a pickup and a destination with a route between them.');
  if (q.promo && q.promo_error) return fail(state, `Promo ${q.promo} can't be used: ${q.promo_error}. Remove it or choose another ride.`);
  const payment = bookingPayment(state);
  if (!(world.payment_methods || []).some((p) => p.id === payment)) return fail(state, 'Choose a payment method.');
  let id = ctx.uid('rd');
  while (findRide(data, id)) id = ctx.uid('rd');
  const ride = T.makeRide(world, { id, pickup: ui.pickup, dest: ui.dest, type: ui.type, payment, quote: q, now: ctx.now, count: data.rides.length });
  data.rides.push(ride);
  if (ride.promo) data.used_promos.push(ride.promo);
  Object.assign(ui, { screen: 'trip', tab: 'ride', stack: [{ screen: 'home', picking: null, ride: null }], ride: id,
    dest: null, promo: null, promo_error: null, payment: null, stars: 0, dialog: null, error: null });
  ui.drafts.promo = '';
  return state;
}

function cancel(state, ctx) {
  const { ui, data } = state;
  const ride = findRide(data, ui.ride);
  if (ui.dialog !== 'cancel' || !ride || ride.status !== 'active') {
    ui.dialog = null;
    return state;
  }
  const fee = T.cancelFee(ctx.world, ride, ctx.now);
  ui.dialog = null;
  if (fee === null) return fail(state, 'This ride can no longer be cancelled.');
  Object.assign(ride, { status: 'cancelled', cancelled_at: ctx.now, cancel_fee_cents: fee, charged_cents: fee });
  if (ride.promo) data.used_promos = data.used_promos.filter((c) => c !== ride.promo);
  ui.notice = fee ? `Ride cancelled · ${F.money(fee)} fee` : 'Ride cancelled · no fee';
  return state;
}

function handOff(state, ctx, intent) {
  if (!ctx.peek('messages')) return fail(state, 'Messages is not available on this phone');
  ctx.open('messages', intent);
  return state;
}

function onIntent(state, action, ctx) {
  const { ui, data } = state;
  const world = ctx.world;
  if (typeof action.ride === 'string' && findRide(data, action.ride)) {
    goTab(ui, 'activity');
    const ride = findRide(data, action.ride);
    push(ui, ride.status === 'active' && T.phase(ride, ctx.now) !== 'completed' ? 'trip' : 'ride', { ride: ride.id });
    return state;
  }
  const dest = matchPlace(world, data, action.destination);
  if (dest) {
    goTab(ui, 'ride');
    const pickup = matchPlace(world, data, action.pickup);
    ui.pickup = pickup && pickup !== dest ? pickup : world.current_place !== dest ? world.current_place : null;
    if (!ui.pickup) {
      ui.dest = dest;
      push(ui, 'pick', { picking: 'pickup' });
      return state;
    }
    return setDest(state, world, dest);
  }
  return state;
}

// ------------------------------------------------------------------ reducer

/** The ride of the trip / ride screen shown (no dialog over it) when `id` is absent or names it; else undefined. Its
 * cancel, share and rating buttons are only there: a ride of another screen is not acted on unseen. */
function shownRide(state, id) {
  const { data, ui } = state;
  if (!['trip', 'ride'].includes(ui.screen) || ui.dialog || (id !== undefined && id !== ui.ride)) return undefined;
  return findRide(data, ui.ride);
}

/** Apply an action (see README.md); null for unknown actions and `back` at the Ride tab's home. */
export function reduce(state, action, ctx) {
  const world = ctx.world;
  const ui = ensureUi(state, world);
  const { data } = state;
  const a = action || {};
  T.settle(data, ctx.now);
  if (a.type !== 'intent' && a.type !== 'back') ui.notice = null;
  switch (a.type) {
    case 'intent':
      return onIntent(state, a, ctx);
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        return state;
      }
      if (pop(state)) return state;
      if (ui.screen !== 'home') {
        goTab(ui, 'ride');
        return state;
      }
      return null;
    case 'tab':
      if (!TABS.includes(a.tab)) return state;
      goTab(ui, a.tab);
      return state;
    case 'dismiss':
      ui.error = null;
      return state;

    // ---- places
    case 'pick':
      if (!PICK_FIELDS.includes(a.field)) return state;
      ui.drafts.place_search = '';
      push(ui, 'pick', { picking: a.field });
      return state;
    case 'select_place':
      return selectPlace(state, world, a.id);
    case 'select_saved': {
      const id = data.saved[a.which];
      if (!id || ui.screen !== 'pick') return state;
      return selectPlace(state, world, id);
    }
    case 'select_event': {
      if (ui.screen !== 'pick') return state;
      const ev = calendarEvents(world, data, ctx.peek, ctx.now).find((e) => e.id === a.id);
      if (!ev) return state;
      return selectPlace(state, world, ev.place);
    }
    case 'shortcut': {
      const id = data.saved[a.which];
      if (!id) return fail(state, `Set your ${a.which === 'work' ? 'work' : 'home'} address in Account first.`);
      return setDest(state, world, id);
    }
    case 'go_to':
      return setDest(state, world, a.place);
    case 'swap': {
      if (!ui.pickup || !ui.dest) return state;
      [ui.pickup, ui.dest] = [ui.dest, ui.pickup];
      return state;
    }

    // ---- options
    case 'set_type':
      if (!F.findType(world, a.id)) return state;
      ui.type = a.id;
      return state;
    case 'open_payment':
      if (ui.screen !== 'options') return state;
      ui.dialog = 'payment';
      return state;
    case 'set_payment':
      if (!(world.payment_methods || []).some((p) => p.id === a.id)) return state;
      ui.payment = a.id;
      ui.dialog = null;
      return state;
    case 'apply_promo': {
      const code = String(a.code ?? ui.drafts.promo ?? '').trim().toUpperCase();
      if (!code) {
        ui.promo_error = 'Enter a promo code';
        return state;
      }
      const q = ui.pickup && ui.dest ? F.quote(world, data, { pickup: ui.pickup, dest: ui.dest, type: ui.type, promo: code, now: ctx.now }) : null;
      const problem = q ? q.promo_error : F.findPromo(world, code) ? null : 'This code does not exist';
      if (problem) {
        ui.promo_error = problem;
        return state;
      }
      ui.promo = code;
      ui.promo_error = null;
      ui.drafts.promo = '';
      return state;
    }
    case 'remove_promo':
      ui.promo = null;
      ui.promo_error = null;
      return state;
    case 'book':
      return book(state, ctx);

    // ---- trips
    case 'open_trip': {
      const ride = T.activeRide(data, ctx.now);
      if (!ride) return state;
      push(ui, 'trip', { ride: ride.id });
      return state;
    }
    case 'open_ride': {
      const ride = findRide(data, a.id);
      if (!ride) return state;
      push(ui, ride.status === 'active' ? 'trip' : 'ride', { ride: ride.id, stars: 0 });
      return state;
    }
    case 'cancel_ride': {
      const ride = shownRide(state, a.id);
      if (!ride || ride.status !== 'active' || T.cancelFee(world, ride, ctx.now) === null) return state;
      ui.dialog = 'cancel';
      return state;
    }
    case 'confirm_cancel':
      return cancel(state, ctx);
    case 'close_dialog':
      ui.dialog = null;
      return state;
    case 'share_eta': {
      const ride = shownRide(state, a.id);
      if (!ride || ride.status !== 'active') return state;
      return handOff(state, ctx, { text: T.etaText(world, ride) });
    }
    case 'share_receipt': {
      const ride = shownRide(state, a.id);
      if (!ride || ride.status === 'active') return state;
      return handOff(state, ctx, { text: T.receiptText(world, ride) });
    }
    case 'rate':
      if (!Number.isInteger(a.stars) || a.stars < 1 || a.stars > 5) return state;
      ui.stars = a.stars;
      return state;
    case 'submit_rating': {
      const ride = shownRide(state, a.id);
      if (!ride) return state;
      if (ride.status !== 'completed') return fail(state, 'You can rate a driver once the ride is completed.');
      if (!ui.stars) return fail(state, 'Tap the stars to choose a rating.');
      ride.rating = ui.stars;
      ui.notice = `Thanks! You rated ${(F.findDriver(world, ride.driver) || {}).name || 'your driver'} ${ui.stars} ★`;
      return state;
    }
    case 'finish':
      goTab(ui, 'ride');
      return state;

    // ---- account
    case 'set_default_payment':
      if (!(world.payment_methods || []).some((p) => p.id === a.id)) return state;
      data.default_payment = a.id;
      return state;
    default:
      return null;
  }
}
