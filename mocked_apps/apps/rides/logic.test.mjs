import test from 'node:test';
import assert from 'node:assert/strict';
import { createDevice } from '../../runtime/core/device.js';
import { intentRecorder } from '../../runtime/node/load.js';
import * as rides from './logic.js';
import { world, MIN, NOW, device, wf } from './testkit.mjs';

const go = (dev, action) => dev.dispatch('rides', action);
const draft = (dev, key, value) => go(dev, { type: '@draft', key, value });
const tick = (dev, minutes) => dev.system({ type: 'tick', ms: minutes * MIN });
const last = (dev) => wf(dev).data.rides[wf(dev).data.rides.length - 1];

/** Book a ride through the screens: destination, optional pickup, type, payment, promo. */
function book(dev, { dest, pickup = null, type = 'standard', payment = null, promo = null }) {
  go(dev, { type: 'tab', tab: 'ride' });
  if (pickup) {
    go(dev, { type: 'pick', field: 'pickup' });
    go(dev, { type: 'select_place', id: pickup });
  }
  go(dev, { type: 'pick', field: 'dest' });
  go(dev, { type: 'select_place', id: dest });
  go(dev, { type: 'set_type', id: type });
  if (payment) {
    go(dev, { type: 'open_payment' });
    go(dev, { type: 'set_payment', id: payment });
  }
  if (promo) {
    draft(dev, 'promo', promo);
    go(dev, { type: 'apply_promo' });
  }
  go(dev, { type: 'book' });
}

/** A device with Rides, a stub Messages recording intents, and a stub Calendar. */
function withStubs(events = []) {
  const messages = intentRecorder();
  const calendar = { init: () => ({ data: { events }, ui: {} }), reduce: () => null };
  const dev = createDevice({ apps: { rides, messages, calendar }, worlds: { rides: world } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'rides' });
  return dev;
}

test('init: history priced by the rules, saved places, used promos, small state', async () => {
  const dev = await device();
  const s = wf(dev);
  assert.equal(s.data.rides.length, 7);
  assert.deepEqual(s.data.saved, { home: 'lin', work: 'nwl' });
  assert.deepEqual(s.data.used_promos, ['HELLO8']);
  assert.equal(s.data.default_payment, 'personal');
  assert.ok(JSON.stringify(s).length < 10000);
  const byId = Object.fromEntries(s.data.rides.map((r) => [r.id, r]));
  assert.deepEqual([byId.r02.km, byId.r02.min, byId.r02.surge_pct, byId.r02.total_cents], [6.5, 17, 130, 1918]);
  assert.equal(byId.r02.booked_at, Date.UTC(2026, 1, 16, 8, 40));
  assert.deepEqual([byId.r01.fare_cents, byId.r01.discount_cents, byId.r01.total_cents, byId.r01.promo], [5538, 800, 4738, 'HELLO8']);
  assert.deepEqual([byId.r05.status, byId.r05.cancel_fee_cents, byId.r05.charged_cents], ['cancelled', 800, 800]);
  assert.equal(byId.r06.rating, null);
  for (const r of s.data.rides) {
    if (r.status === 'completed') assert.equal(r.charged_cents, r.total_cents);
    assert.equal(r.total_cents, r.fare_cents - r.discount_cents);
  }
  assert.equal(s.ui.screen, 'home');
  assert.equal(s.ui.pickup, 'lin');
});

test('book: route, fare, driver, timeline; one active ride at a time', async () => {
  const dev = await device();
  book(dev, { dest: 'kil', type: 'comfort', payment: 'work' });
  const s = wf(dev);
  assert.equal(s.ui.screen, 'trip');
  const r = last(dev);
  assert.equal(s.ui.ride, r.id);
  assert.match(r.id, /^rd\d+$/);
  assert.deepEqual([r.pickup, r.dest, r.type, r.payment, r.km, r.min, r.surge_pct, r.fare_cents, r.total_cents, r.status],
    ['lin', 'kil', 'comfort', 'work', 5.8, 15, 130, 2404, 2404, 'active']);
  const expected = rides.assignDriver(world, { pickup: 'lin', dest: 'kil', type: 'comfort' }, 7);
  assert.equal(r.driver, expected.driver);
  assert.equal(rides.findDriver(world, r.driver).type, 'comfort');
  assert.equal(r.found_at, NOW + 2 * MIN);
  assert.equal(r.pickup_at, r.found_at + expected.approach_min * MIN);
  assert.equal(r.dropoff_at, r.pickup_at + 15 * MIN);
  assert.equal(r.charged_cents, null);
  // The booking draft is cleared; a second booking is refused.
  assert.deepEqual([s.ui.dest, s.ui.promo, s.ui.payment], [null, null, null]);
  book(dev, { dest: 'cst' });
  assert.match(wf(dev).ui.error, /already have a ride/);
  assert.equal(wf(dev).data.rides.length, 8);
});

test('phases follow the clock; settle charges completed rides; rating only after arrival', async () => {
  const dev = await device();
  book(dev, { dest: 'nwl' });
  const r0 = last(dev);
  const phaseNow = () => rides.phase(last(dev), dev.getState().os.clock.now);
  assert.equal(phaseNow(), 'searching');
  go(dev, { type: 'rate', stars: 5 });
  go(dev, { type: 'submit_rating' });
  assert.match(wf(dev).ui.error, /once the ride is completed/);
  assert.equal(last(dev).rating, null);
  tick(dev, 2);
  assert.equal(phaseNow(), 'arriving');
  dev.system({ type: 'tick', ms: r0.pickup_at - dev.getState().os.clock.now });
  assert.equal(phaseNow(), 'in_progress');
  go(dev, { type: 'cancel_ride' });
  assert.equal(wf(dev).ui.dialog, null, 'no cancelling on board');
  tick(dev, 17);
  assert.equal(phaseNow(), 'completed');
  assert.equal(last(dev).status, 'active', 'stored status is settled lazily');
  go(dev, { type: 'rate', stars: 0 });
  go(dev, { type: 'rate', stars: 6 });
  go(dev, { type: 'rate', stars: 2.5 });
  assert.equal(wf(dev).ui.stars, 5);
  go(dev, { type: 'rate', stars: 4 });
  go(dev, { type: 'submit_rating' });
  assert.deepEqual([last(dev).status, last(dev).charged_cents, last(dev).rating], ['completed', 1918, 4]);
  assert.equal(rides.activeRide(wf(dev).data, dev.getState().os.clock.now), null);
  go(dev, { type: 'finish' });
  assert.equal(wf(dev).ui.screen, 'home');
  book(dev, { dest: 'cst' });
  assert.equal(wf(dev).ui.screen, 'trip', 'a new ride can be booked after the last one ended');
});

test('rating a past ride from the history; an empty rating is refused', async () => {
  const dev = await device();
  go(dev, { type: 'tab', tab: 'activity' });
  go(dev, { type: 'open_ride', id: 'r06' });
  assert.equal(wf(dev).ui.screen, 'ride');
  go(dev, { type: 'submit_rating' });
  assert.match(wf(dev).ui.error, /Tap the stars/);
  go(dev, { type: 'rate', stars: 3 });
  go(dev, { type: 'submit_rating' });
  assert.equal(rides.findRide(wf(dev).data, 'r06').rating, 3);
  go(dev, { type: 'open_ride', id: 'r05' });
  go(dev, { type: 'rate', stars: 5 });
  go(dev, { type: 'submit_rating' });
  assert.equal(rides.findRide(wf(dev).data, 'r05').rating, null, 'a cancelled ride cannot be rated');
});

test('cancel: free while searching, fee once the driver is on the way; promo given back', async () => {
  const dev = await device();
  book(dev, { dest: 'kil', type: 'comfort', promo: 'COMFY20' });
  let r = last(dev);
  assert.deepEqual([r.promo, r.discount_cents, r.total_cents], ['COMFY20', 481, 1923]);
  assert.ok(wf(dev).data.used_promos.includes('COMFY20'));
  go(dev, { type: 'confirm_cancel' });
  assert.equal(last(dev).status, 'active', 'no cancel without the dialog');
  go(dev, { type: 'cancel_ride' });
  go(dev, { type: 'close_dialog' });
  go(dev, { type: 'cancel_ride' });
  assert.equal(wf(dev).ui.dialog, 'cancel');
  go(dev, { type: 'confirm_cancel' });
  r = last(dev);
  assert.deepEqual([r.status, r.cancel_fee_cents, r.charged_cents, r.cancelled_at], ['cancelled', 0, 0, NOW]);
  assert.ok(!wf(dev).data.used_promos.includes('COMFY20'));
  // Book again, wait for the driver: the fee applies.
  book(dev, { dest: 'air', type: 'van' });
  tick(dev, 3);
  go(dev, { type: 'cancel_ride' });
  go(dev, { type: 'confirm_cancel' });
  r = last(dev);
  assert.deepEqual([r.status, r.cancel_fee_cents, r.charged_cents], ['cancelled', 800, 800]);
  go(dev, { type: 'cancel_ride' });
  assert.equal(wf(dev).ui.dialog, null, 'already cancelled');
});

test('options: promo errors, type change invalidates a promo, swap, payment, saved places', async () => {
  const dev = await device();
  go(dev, { type: 'shortcut', which: 'work' });
  assert.equal(wf(dev).ui.screen, 'options');
  assert.deepEqual([wf(dev).ui.pickup, wf(dev).ui.dest], ['lin', 'nwl']);
  go(dev, { type: 'apply_promo' });
  assert.equal(wf(dev).ui.promo_error, 'Enter a promo code');
  draft(dev, 'promo', 'WINTER15');
  go(dev, { type: 'apply_promo' });
  assert.match(wf(dev).ui.promo_error, /expired/);
  assert.equal(wf(dev).ui.promo, null);
  go(dev, { type: 'set_type', id: 'comfort' });
  draft(dev, 'promo', ' comfy20 ');
  go(dev, { type: 'apply_promo' });
  assert.equal(wf(dev).ui.promo, 'COMFY20');
  go(dev, { type: 'set_type', id: 'standard' });
  const q = rides.currentQuote(wf(dev), world, NOW);
  assert.equal(q.discount_cents, 0);
  assert.match(q.promo_error, /Comfort/);
  go(dev, { type: 'book' });
  assert.match(wf(dev).ui.error, /can't be used/);
  assert.equal(wf(dev).data.rides.length, 7);
  go(dev, { type: 'remove_promo' });
  go(dev, { type: 'swap' });
  assert.deepEqual([wf(dev).ui.pickup, wf(dev).ui.dest], ['nwl', 'lin']);
  go(dev, { type: 'set_payment', id: 'bitcoin' });
  go(dev, { type: 'set_payment', id: 'work' });
  assert.equal(rides.bookingPayment(wf(dev)), 'work');
  go(dev, { type: 'set_type', id: 'limo' });
  assert.equal(wf(dev).ui.type, 'standard');
  // Pickup equal to the destination is refused.
  go(dev, { type: 'pick', field: 'pickup' });
  go(dev, { type: 'select_place', id: 'lin' });
  assert.match(wf(dev).ui.error, /different/);
  go(dev, { type: 'select_place', id: 'cst' });
  assert.equal(wf(dev).ui.screen, 'options');
  assert.equal(wf(dev).ui.pickup, 'cst');
  go(dev, { type: 'book' });
  assert.deepEqual([last(dev).pickup, last(dev).dest, last(dev).payment], ['cst', 'lin', 'work']);
  // Saved places and default payment.
  go(dev, { type: 'tab', tab: 'account' });
  go(dev, { type: 'pick', field: 'work' });
  go(dev, { type: 'select_place', id: 'ced' });
  assert.equal(wf(dev).data.saved.work, 'ced');
  assert.equal(wf(dev).ui.screen, 'account');
  go(dev, { type: 'set_default_payment', id: 'work' });
  go(dev, { type: 'set_default_payment', id: 'nope' });
  assert.equal(wf(dev).data.default_payment, 'work');
  go(dev, { type: 'pick', field: 'nowhere' });
  assert.equal(wf(dev).ui.screen, 'account');
});

test('search places and select saved places in the picker', async () => {
  assert.deepEqual(rides.searchPlaces(world, 'park').map((p) => p.id), ['fer', 'mil']);
  assert.deepEqual(rides.searchPlaces(world, 'ALDER').map((p) => p.id), ['ald', 'bhs']);
  assert.equal(rides.searchPlaces(world, '').length, 16);
  const dev = await device();
  go(dev, { type: 'pick', field: 'dest' });
  go(dev, { type: 'select_saved', which: 'work' });
  assert.equal(wf(dev).ui.dest, 'nwl');
  go(dev, { type: 'pick', field: 'dest' });
  go(dev, { type: 'select_saved', which: 'home' });
  assert.match(wf(dev).ui.error, /different/, 'home is the pickup');
});

test('calendar events become destinations (stub and the real Calendar app)', async () => {
  const dev = withStubs([
    { id: 'x1', title: 'Yoga', date: '2026-03-14', start: '10:30', location: 'Quarry Street Gym' },
    { id: 'x2', title: 'Call', date: '2026-03-14', start: '11:00', location: 'Video call' },
    { id: 'x3', title: 'Old', date: '2026-03-01', start: '11:00', location: 'Central Station' },
    { id: 'x4', title: 'Dinner at home', date: '2026-03-15', start: '19:00', location: 'Home' },
    { id: 'x5', title: 'Far away', date: '2026-04-30', start: '09:00', location: 'Central Station' },
  ]);
  const events = rides.calendarEvents(world, wf(dev).data, (id) => dev.getState().apps[id], NOW);
  assert.deepEqual(events.map((e) => [e.id, e.place]), [['x1', 'qsg'], ['x4', 'lin']]);
  go(dev, { type: 'pick', field: 'dest' });
  go(dev, { type: 'select_event', id: 'x2' });
  assert.equal(wf(dev).ui.screen, 'pick');
  go(dev, { type: 'select_event', id: 'x1' });
  assert.deepEqual([wf(dev).ui.screen, wf(dev).ui.dest], ['options', 'qsg']);
  assert.deepEqual(rides.calendarEvents(world, wf(dev).data, () => undefined, NOW), []);
  const real = await device({}, ['calendar', 'rides']);
  const list = rides.calendarEvents(world, wf(real).data, (id) => real.getState().apps[id], NOW);
  assert.deepEqual(list.map((e) => [e.id, e.place]), [['e06', 'qsg'], ['e07', 'lin'], ['e08', 'fer'], ['e11', 'nwl'], ['e12', 'nwl']]);
});

test('share ETA and receipts go to Messages; without Messages an error', async () => {
  const dev = withStubs();
  go(dev, { type: 'tab', tab: 'activity' });
  go(dev, { type: 'open_ride', id: 'r07' });
  go(dev, { type: 'share_receipt' });
  const intents = () => dev.getState().apps.messages.data.intents;
  assert.equal(intents()[0].text, 'Wayfin receipt: Standard ride Saltmarsh Café → 14 Linden Row on Fri, Mar 13 · 21:30, 4.7 km, 13 min. Total ¤11.57 (Personal card •• 4821).');
  dev.system({ type: 'open', app: 'rides' });
  go(dev, { type: 'open_ride', id: 'r05' });
  go(dev, { type: 'share_receipt' });
  assert.match(intents()[1].text, /cancelled Van ride 14 Linden Row → Fernbrook Trailhead .* fee ¤8.00/);
  dev.system({ type: 'open', app: 'rides' });
  book(dev, { dest: 'msd' });
  go(dev, { type: 'share_receipt' });
  assert.equal(intents().length, 2, 'no receipt while the ride is active');
  go(dev, { type: 'share_eta' });
  const r = last(dev);
  const d = rides.findDriver(world, r.driver);
  assert.equal(intents()[2].text, `I'm on my way to Marsh Street Dumplings in a Wayfin Standard ride (${d.car}, ${d.plate}, driver ${d.name}). ETA ${new Date(r.dropoff_at).toISOString().slice(11, 16)}.`);
  const solo = await device();
  book(solo, { dest: 'cst' });
  go(solo, { type: 'share_eta' });
  assert.match(wf(solo).ui.error, /Messages is not available/);
});

test('intents: destination by place name or id, a ride by id; unknown ones ignored', async () => {
  const dev = await device();
  dev.system({ type: 'open', app: 'rides', intent: { destination: 'Fernbrook trailhead car park' } });
  assert.deepEqual([wf(dev).ui.screen, wf(dev).ui.pickup, wf(dev).ui.dest], ['options', 'lin', 'fer']);
  dev.system({ type: 'open', app: 'rides', intent: { destination: 'cst', pickup: 'Northwind Labs, room 3' } });
  assert.deepEqual([wf(dev).ui.pickup, wf(dev).ui.dest], ['nwl', 'cst']);
  dev.system({ type: 'open', app: 'rides', intent: { destination: '14 Linden Row' } });
  assert.deepEqual([wf(dev).ui.screen, wf(dev).ui.picking, wf(dev).ui.dest], ['pick', 'pickup', 'lin']);
  dev.system({ type: 'open', app: 'rides', intent: { ride: 'r03' } });
  assert.deepEqual([wf(dev).ui.screen, wf(dev).ui.ride], ['ride', 'r03']);
  const before = JSON.stringify(wf(dev));
  dev.system({ type: 'open', app: 'rides', intent: { destination: 'Moon base' } });
  dev.system({ type: 'open', app: 'rides', intent: { ride: 'zz' } });
  assert.equal(JSON.stringify(wf(dev)), before);
});

test('navigation: back pops, tab roots go to the Ride home, home returns null', async () => {
  const dev = await device();
  go(dev, { type: 'tab', tab: 'activity' });
  go(dev, { type: 'open_ride', id: 'r01' });
  dev.system({ type: 'back' });
  assert.equal(wf(dev).ui.screen, 'activity');
  dev.system({ type: 'back' });
  assert.equal(wf(dev).ui.screen, 'home');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  dev.system({ type: 'open', app: 'rides' });
  go(dev, { type: 'pick', field: 'dest' });
  go(dev, { type: 'select_place', id: 'air' });
  go(dev, { type: 'open_payment' });
  dev.system({ type: 'back' });
  assert.deepEqual([wf(dev).ui.screen, wf(dev).ui.dialog], ['options', null]);
  dev.system({ type: 'back' });
  assert.equal(wf(dev).ui.screen, 'home');
  go(dev, { type: 'go_to', place: 'air' });
  go(dev, { type: 'book' });
  dev.system({ type: 'back' });
  assert.equal(wf(dev).ui.screen, 'home');
  go(dev, { type: 'open_trip' });
  assert.equal(wf(dev).ui.screen, 'trip');
  go(dev, { type: 'tab', tab: 'nope' });
  assert.equal(go(dev, { type: 'nonsense' }), false);
});

test('bad input never corrupts data', async () => {
  const dev = await device();
  const before = JSON.stringify(wf(dev).data);
  const junk = [
    { type: 'select_place', id: 'lin' }, { type: 'select_saved', which: 'x' }, { type: 'select_event', id: 'e1' },
    { type: 'shortcut', which: 'mars' }, { type: 'go_to', place: 42 }, { type: 'swap' }, { type: 'set_type' }, { type: 'book' },
    { type: 'open_trip' }, { type: 'open_ride', id: 'x' }, { type: 'cancel_ride', id: 'r01' }, { type: 'confirm_cancel' },
    { type: 'share_eta', id: 'r01' }, { type: 'share_receipt', id: 'zz' }, { type: 'submit_rating', id: 'zz' },
    { type: 'set_default_payment' }, { type: 'apply_promo', code: 'WELCOME5' }, { type: 'intent' }, { type: 'finish' },
  ];
  for (const a of junk) go(dev, a);
  assert.equal(JSON.stringify(wf(dev).data), before);
  dev.setState({ apps: { rides: { ui: { screen: 'void', stack: 7, drafts: null, tab: 'x' } } } });
  go(dev, { type: 'tab', tab: 'account' });
  assert.equal(wf(dev).ui.screen, 'account');
});

test('rides booked in the same minute list the later one first (rd10 after rd9, not by id text)', async () => {
  const dev = await device({ patch: { os: { next_id: 9 } } });
  book(dev, { dest: 'cst' });
  const first = last(dev).id;
  go(dev, { type: 'cancel_ride' });
  go(dev, { type: 'confirm_cancel' });
  book(dev, { dest: 'mus' });
  const second = last(dev).id;
  assert.deepEqual([first, second], ['rd9', 'rd10']);
  assert.equal(last(dev).booked_at, wf(dev).data.rides.find((r) => r.id === first).booked_at);
  assert.deepEqual(rides.rideHistory(wf(dev).data).slice(0, 2).map((r) => r.id), ['rd10', 'rd9']);
  assert.deepEqual(rides.recentDestinations(wf(dev).data, 2), ['mus', 'cst']);
});

test('with no pickup set, the current place cannot become the destination (options showed the same place twice)', async () => {
  const dev = await device();
  go(dev, { type: 'intent', destination: world.current_place }); // asks for a pickup
  go(dev, { type: 'back' }); // no pickup chosen
  assert.equal(wf(dev).ui.pickup, null);
  go(dev, { type: 'go_to', place: world.current_place });
  assert.match(wf(dev).ui.error, /must be different/);
  assert.notEqual(wf(dev).ui.screen, 'options');
  go(dev, { type: 'go_to', place: 'mus' });
  assert.deepEqual([wf(dev).ui.screen, wf(dev).ui.pickup, wf(dev).ui.dest], ['options', world.current_place, 'mus']);
});

test('stars tapped on one ride are not carried to the next one shown (intent, open_trip, back)', async () => {
  const dev = await device();
  go(dev, { type: 'tab', tab: 'activity' });
  go(dev, { type: 'open_ride', id: 'r01' });
  go(dev, { type: 'rate', stars: 2 });
  go(dev, { type: 'intent', ride: 'r06' });
  assert.equal(wf(dev).ui.ride, 'r06');
  assert.equal(wf(dev).ui.stars, 0, 'the picker of r06 starts empty');
  go(dev, { type: 'submit_rating' });
  assert.match(wf(dev).ui.error, /Tap the stars/);
  assert.equal(rides.findRide(wf(dev).data, 'r06').rating, null, 'r06 was not rated with the stars tapped on r01');
  go(dev, { type: 'rate', stars: 4 });
  go(dev, { type: 'back' });
  assert.equal(wf(dev).ui.stars, 0, 'back to another screen drops the unsent stars');
  book(dev, { dest: 'nwl' });
  go(dev, { type: 'tab', tab: 'activity' });
  go(dev, { type: 'open_ride', id: 'r06' });
  go(dev, { type: 'rate', stars: 1 });
  go(dev, { type: 'open_trip' });
  tick(dev, 120);
  go(dev, { type: 'submit_rating' });
  assert.equal(last(dev).rating, null, 'the new ride was not rated with the stars tapped on r06');
});
