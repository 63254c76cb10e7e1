import test from 'node:test';
import assert from 'node:assert/strict';
import * as L from './logic.js';
import { device, rw, go } from './testkit.mjs';

const draft = (dev, key, value) => go(dev, { type: '@draft', key, value });

/** Walk the booking flow up to the review screen. */
function toReview(dev, { from, to, offset, train, cls, pax }) {
  go(dev, { type: 'pick_station', field: 'from' });
  go(dev, { type: 'select_station', station: from });
  go(dev, { type: 'pick_station', field: 'to' });
  go(dev, { type: 'select_station', station: to });
  go(dev, { type: 'pick_date' });
  go(dev, { type: 'select_date', date: L.addDays(dev.getState().os.clock.now, offset) });
  go(dev, { type: 'search' });
  go(dev, { type: 'open_train', train });
  go(dev, { type: 'choose_class', cls });
  for (const p of pax) go(dev, { type: 'toggle_passenger', id: p });
  go(dev, { type: 'review' });
}
function pay(dev, pin = '2468') {
  go(dev, { type: 'start_pay' });
  draft(dev, 'pin', pin);
  go(dev, { type: 'confirm_pay' });
}

test('init: seeded travellers, history, wallet; search defaults to today; deterministic reset', async () => {
  const dev = await device({ seed: 3 });
  const s = rw(dev);
  assert.equal(s.data.passengers.length, 3);
  assert.equal(s.data.wallet, 1200);
  assert.deepEqual(s.ui.search, { from: 'ALV', to: 'DUN', date: '2026-03-14' });
  assert.equal(s.ui.screen, 'search');
  const s0 = JSON.stringify(dev.getState());
  toReview(dev, { from: 'ALV', to: 'COB', offset: 2, train: 'G103', cls: 'second', pax: ['p1'] });
  pay(dev);
  dev.reset({ seed: 3 });
  dev.system({ type: 'open', app: 'railway' });
  assert.deepEqual(rw(dev).data, JSON.parse(s0).apps.railway.data);
});

test('timetable: segments, overnight service dates, pro-rata fares, availability is stable', async () => {
  const dev = await device();
  const w = dev.worlds.railway;
  const z21 = L.train(w, 'Z21');
  const seg = L.segment(z21, 'ALV', 'DUN');
  assert.equal(seg.depDay, 1);
  assert.equal(L.serviceDate('2026-03-15', seg), '2026-03-14');
  assert.equal(L.segment(z21, 'DUN', 'ALV'), null);
  const g111 = L.train(w, 'G111');
  assert.equal(L.segmentFare(g111, 'second', L.segment(g111, 'ALV', 'EAM')), 315);
  assert.equal(L.segmentFare(g111, 'second', L.segment(g111, 'ALV', 'DUN')), 197);
  const a = L.searchTrains(w, rw(dev).data, { from: 'ALV', to: 'DUN', date: '2026-03-16' }, dev.getState().os.clock.now);
  const b = L.searchTrains(w, rw(dev).data, { from: 'ALV', to: 'DUN', date: '2026-03-16' }, dev.getState().os.clock.now);
  assert.deepEqual(a, b);
  assert.deepEqual(a.map((r) => r.train), ['Z21', 'G111', 'D311', 'K211', 'G113', 'K213']);
  // Weekday-only G113 does not run on Sunday; weekend D313 does.
  const sun = L.searchTrains(w, rw(dev).data, { from: 'ALV', to: 'DUN', date: '2026-03-15' }, 0).map((r) => r.train);
  assert.ok(sun.includes('D313') && !sun.includes('G113'));
  // Departed trains today have no seats.
  const today = L.searchTrains(w, rw(dev).data, { from: 'ALV', to: 'DUN', date: '2026-03-14' }, dev.getState().os.clock.now);
  assert.ok(today.find((r) => r.train === 'G111').departed);
  assert.equal(today.find((r) => r.train === 'G111').cheapest, null);
  // Every boarding stop has a departure time and stops are in km order.
  for (const t of w.trains) t.stops.forEach((s, i) => { if (i) assert.ok(s.km > t.stops[i - 1].km); });
});

test('money helpers and refund quote rules', () => {
  assert.equal(L.money({ currency: '¤' }, 1234.5), '¤1,234.50');
  assert.equal(L.ticketCents(315, 'child'), 15750);
  const now = Date.UTC(2026, 2, 14, 9, 30);
  const order = { status: 'paid', date: '2026-03-15', depart: '08:25', price_total: 197 };
  assert.deepEqual(L.refundQuote(order, now), { ok: true, pct: 20, fee: 39.4, amount: 157.6 });
  assert.deepEqual(L.refundQuote({ ...order, depart: '18:20', price_total: 132 }, now), { ok: true, pct: 5, fee: 6.6, amount: 125.4 });
  assert.equal(L.refundQuote({ ...order, date: '2026-03-14', depart: '08:00' }, now).ok, false);
  assert.equal(L.refundQuote({ ...order, status: 'refunded' }, now).ok, false);
  // Half-cent fees round up: 5% of 472.50 = 23.625 -> 23.63.
  assert.equal(L.refundQuote({ ...order, date: '2026-03-20', price_total: 472.5 }, now).fee, 23.63);
});

test('navigation: tabs, pickers with swap, date range, search guard, back, filters and sort', async () => {
  const dev = await device();
  go(dev, { type: 'tab', tab: 'orders' });
  assert.equal(rw(dev).ui.screen, 'orders');
  go(dev, { type: 'tab', tab: 'nowhere' });
  assert.equal(rw(dev).ui.screen, 'orders');
  go(dev, { type: 'tab', tab: 'search' });
  go(dev, { type: 'pick_station', field: 'from' });
  assert.equal(rw(dev).ui.screen, 'stations');
  go(dev, { type: 'select_station', station: 'DUN' }); // same as "to": swaps
  assert.deepEqual([rw(dev).ui.search.from, rw(dev).ui.search.to], ['DUN', 'ALV']);
  go(dev, { type: 'swap' });
  assert.deepEqual([rw(dev).ui.search.from, rw(dev).ui.search.to], ['ALV', 'DUN']);
  go(dev, { type: 'set_route', from: 'GRY', to: 'JUN' });
  assert.deepEqual([rw(dev).ui.search.from, rw(dev).ui.search.to], ['GRY', 'JUN']);
  go(dev, { type: 'set_route', from: 'GRY', to: 'GRY' });
  go(dev, { type: 'set_route', from: 'XXX', to: 'JUN' });
  assert.equal(rw(dev).ui.search.from, 'GRY');
  go(dev, { type: 'pick_date' });
  go(dev, { type: 'select_date', date: '2026-03-28' }); // 15th day: outside the window
  assert.equal(rw(dev).ui.screen, 'dates');
  go(dev, { type: 'select_date', date: '2026-03-27' });
  assert.equal(rw(dev).ui.search.date, '2026-03-27');
  go(dev, { type: 'search' });
  assert.equal(rw(dev).ui.screen, 'results');
  go(dev, { type: 'shift_date', days: 1 });
  assert.equal(rw(dev).ui.search.date, '2026-03-27');
  go(dev, { type: 'shift_date', days: -1 });
  assert.equal(rw(dev).ui.search.date, '2026-03-26');
  go(dev, { type: 'filter', value: 'G' });
  const st = rw(dev);
  assert.ok(L.visibleResults(st, dev.worlds.railway, dev.getState().os.clock.now).every((r) => r.type === 'G'));
  go(dev, { type: 'filter', value: 'Q' });
  assert.equal(rw(dev).ui.filter, 'G');
  go(dev, { type: 'filter', value: 'all' });
  go(dev, { type: 'sort', value: 'duration' });
  const rows = L.visibleResults(rw(dev), dev.worlds.railway, dev.getState().os.clock.now);
  assert.ok(rows.every((r, i) => !i || rows[i - 1].seg.minutes <= r.seg.minutes));
  go(dev, { type: 'sort', value: 'price' });
  go(dev, { type: 'sort', value: 'bogus' });
  assert.equal(rw(dev).ui.sort, 'price');
  dev.system({ type: 'back' });
  assert.equal(rw(dev).ui.screen, 'search');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
});

test('search with equal stations is refused; stale dates snap to today', async () => {
  const dev = await device();
  dev.setState({ apps: { railway: { ui: { search: { from: 'ALV', to: 'ALV', date: '2026-03-01' } } } } });
  go(dev, { type: 'search' });
  assert.equal(rw(dev).ui.screen, 'search');
  assert.match(rw(dev).ui.error, /different/);
  assert.equal(rw(dev).ui.search.date, '2026-03-14');
});

test('book and pay: order, seats, wallet debit, child half fare, notification and its intent', async () => {
  const dev = await device();
  toReview(dev, { from: 'ALV', to: 'EAM', offset: 1, train: 'G111', cls: 'second', pax: ['p1', 'p3'] });
  assert.equal(rw(dev).ui.screen, 'review');
  pay(dev);
  const s = rw(dev);
  assert.equal(s.ui.screen, 'done');
  const o = s.data.orders.find((x) => x.id === s.ui.last_order);
  assert.deepEqual([o.train, o.date, o.from, o.to, o.class, o.status], ['G111', '2026-03-15', 'ALV', 'EAM', 'second', 'paid']);
  assert.deepEqual(o.passengers, ['p1', 'p3']);
  assert.deepEqual(o.fares, [315, 157.5]);
  assert.equal(o.price_total, 472.5);
  assert.equal(o.seats.length, 2);
  assert.notEqual(o.seats[0], o.seats[1]);
  assert.equal(s.data.wallet, 727.5);
  const note = dev.getState().os.notifications[0];
  assert.equal(note.app, 'railway');
  assert.deepEqual(note.intent, { order: o.id });
  dev.system({ type: 'home' });
  dev.system({ type: 'tap_notification', id: note.id });
  assert.equal(rw(dev).ui.screen, 'order');
  assert.equal(rw(dev).ui.order, o.id);
  dev.system({ type: 'back' });
  assert.equal(rw(dev).ui.screen, 'orders');
  // Seats left went down by two and a second booking gets other seats.
  const w = dev.worlds.railway;
  const t = L.train(w, 'G111');
  assert.equal(L.heldSeats(w, rw(dev).data, 'G111', '2026-03-15', 'second').length, 2);
  const again = L.assignSeats(w, rw(dev).data, t, '2026-03-15', 'second', 2);
  assert.ok(again.every((x) => !o.seats.includes(x)));
  // Done -> back goes to the search screen, not to the review.
  dev.system({ type: 'open', app: 'railway' });
  go(dev, { type: 'show_order', id: 'nope' });
  assert.equal(rw(dev).ui.screen, 'orders');
});

test('payment errors: wrong PIN and short wallet charge nothing; passenger rules', async () => {
  const dev = await device();
  toReview(dev, { from: 'GRY', to: 'EAM', offset: 2, train: 'G101', cls: 'business', pax: ['p1', 'p2'] });
  const before = JSON.stringify(rw(dev).data);
  pay(dev, '1111');
  assert.match(rw(dev).ui.error, /Incorrect/);
  assert.equal(rw(dev).ui.dialog, 'pay');
  assert.equal(rw(dev).ui.drafts.pin, '');
  draft(dev, 'pin', '2468');
  go(dev, { type: 'confirm_pay' });
  assert.match(rw(dev).ui.error, /Insufficient/);
  assert.equal(JSON.stringify(rw(dev).data), before);
  go(dev, { type: 'close_dialog' });
  go(dev, { type: 'confirm_pay' }); // no dialog open: ignored
  assert.equal(JSON.stringify(rw(dev).data), before);
  dev.system({ type: 'back' });
  assert.equal(rw(dev).ui.screen, 'passengers');
  go(dev, { type: 'toggle_passenger', id: 'p1' });
  go(dev, { type: 'toggle_passenger', id: 'p2' });
  go(dev, { type: 'review' });
  assert.match(rw(dev).ui.error, /at least one/);
  go(dev, { type: 'toggle_passenger', id: 'p3' });
  go(dev, { type: 'review' });
  assert.match(rw(dev).ui.error, /child/);
  go(dev, { type: 'toggle_passenger', id: 'ghost' });
  assert.deepEqual(rw(dev).ui.booking.passengers, ['p3']);
  go(dev, { type: 'start_pay' });
  assert.equal(rw(dev).ui.dialog, null);
});

test('sold-out and departed classes cannot be chosen; duplicate tickets are refused', async () => {
  const dev = await device();
  // D301 first class is sold out on Mon 2026-03-16 (hash availability).
  go(dev, { type: 'set_route', from: 'COB', to: 'EAM' });
  go(dev, { type: 'pick_date' });
  go(dev, { type: 'select_date', date: '2026-03-16' });
  go(dev, { type: 'search' });
  go(dev, { type: 'open_train', train: 'D301' });
  go(dev, { type: 'choose_class', cls: 'first' });
  assert.equal(rw(dev).ui.screen, 'train');
  assert.match(rw(dev).ui.error, /sold out/);
  go(dev, { type: 'choose_class', cls: 'sleeper' });
  assert.match(rw(dev).ui.error, /no such class/);
  go(dev, { type: 'open_train', train: 'NOPE' });
  assert.equal(rw(dev).ui.train, 'D301');
  // Today: G111 left at 08:25.
  const dev2 = await device();
  go(dev2, { type: 'search' });
  go(dev2, { type: 'open_train', train: 'G111' });
  go(dev2, { type: 'choose_class', cls: 'second' });
  assert.match(rw(dev2).ui.error, /departed/);
  // Book p1 on G103, then try again for p1 on the same run.
  const dev3 = await device();
  toReview(dev3, { from: 'ALV', to: 'BRW', offset: 2, train: 'G103', cls: 'second', pax: ['p1'] });
  pay(dev3);
  toReview(dev3, { from: 'ALV', to: 'COB', offset: 2, train: 'G103', cls: 'first', pax: ['p1'] });
  assert.match(rw(dev3).ui.error, /already has a ticket/);
  assert.equal(rw(dev3).ui.screen, 'passengers');
});

test('refund: confirm dialog, fee by time to departure, wallet credited, not twice', async () => {
  const dev = await device();
  toReview(dev, { from: 'ALV', to: 'COB', offset: 3, train: 'G103', cls: 'first', pax: ['p2'] });
  pay(dev);
  const id = rw(dev).ui.last_order;
  go(dev, { type: 'show_order', id });
  go(dev, { type: 'confirm_refund' }); // no dialog: ignored
  assert.equal(rw(dev).data.orders.find((o) => o.id === id).status, 'paid');
  go(dev, { type: 'ask_refund' });
  assert.equal(rw(dev).ui.dialog, 'refund');
  dev.system({ type: 'back' }); // closes the dialog only
  assert.equal(rw(dev).ui.dialog, null);
  assert.equal(rw(dev).ui.screen, 'order');
  go(dev, { type: 'ask_refund' });
  go(dev, { type: 'confirm_refund' });
  const o = rw(dev).data.orders.find((x) => x.id === id);
  assert.equal(o.status, 'refunded');
  assert.deepEqual([o.refund.pct, o.refund.fee, o.refund.amount], [5, 13.7, 260.3]);
  assert.equal(rw(dev).data.wallet, 1200 - 274 + 260.3);
  go(dev, { type: 'ask_refund' });
  assert.match(rw(dev).ui.error, /refunded/);
  assert.equal(rw(dev).ui.dialog, null);
  // Past orders cannot be refunded.
  go(dev, { type: 'show_order', id: 'HX-2201' });
  go(dev, { type: 'ask_refund' });
  assert.match(rw(dev).ui.error, /departed/);
});

test('share opens Messages with the trip text; without Messages it explains', async () => {
  const dev = await device({}, ['railway', 'contacts', 'messages']);
  go(dev, { type: 'show_order', id: 'HX-2201' });
  go(dev, { type: 'share' });
  const s = dev.getState();
  assert.equal(s.os.foreground, 'messages');
  assert.equal(s.apps.messages.ui.drafts.compose, 'D311 2026-03-07 Halbrook→Alderveld 07:15');
  const solo = await device();
  go(solo, { type: 'show_order', id: 'HX-2201' });
  go(solo, { type: 'share' });
  assert.match(rw(solo).ui.error, /not installed/);
  go(solo, { type: 'dismiss_error' });
  assert.equal(rw(solo).ui.error, null);
});

test('travellers: add with validation, edit, delete with confirm; new traveller joins the booking', async () => {
  const dev = await device();
  go(dev, { type: 'tab', tab: 'travellers' });
  go(dev, { type: 'new_traveller' });
  assert.equal(rw(dev).ui.screen, 'traveller');
  draft(dev, 'name', 'X');
  go(dev, { type: 'save_traveller' });
  assert.match(rw(dev).ui.error, /full name/);
  draft(dev, 'name', '  Ivo   Brand ');
  draft(dev, 'id_number', 'k1234567');
  go(dev, { type: 'save_traveller' });
  assert.match(rw(dev).ui.error, /ID number/);
  draft(dev, 'id_number', 'k30417256');
  go(dev, { type: 'save_traveller' });
  assert.match(rw(dev).ui.error, /Nora Ellery already uses/);
  draft(dev, 'id_number', 'k12345678');
  go(dev, { type: 'set_form_type', value: 'child' });
  go(dev, { type: 'set_form_type', value: 'senior' });
  go(dev, { type: 'save_traveller' });
  let s = rw(dev);
  assert.equal(s.ui.screen, 'travellers');
  const added = s.data.passengers.find((p) => p.name === 'Ivo Brand');
  assert.deepEqual({ ...added, id: undefined }, { id: undefined, name: 'Ivo Brand', id_number: 'K12345678', type: 'child' });
  assert.ok(!['p1', 'p2', 'p3'].includes(added.id));
  go(dev, { type: 'edit_traveller', id: 'p2' });
  assert.equal(rw(dev).ui.drafts.name, 'Tomas Reyd');
  draft(dev, 'id_number', 'M11112222');
  go(dev, { type: 'save_traveller' });
  assert.equal(rw(dev).data.passengers.find((p) => p.id === 'p2').id_number, 'M11112222');
  go(dev, { type: 'edit_traveller', id: added.id });
  go(dev, { type: 'confirm_delete_traveller' }); // no dialog: ignored
  go(dev, { type: 'ask_delete_traveller' });
  go(dev, { type: 'confirm_delete_traveller' });
  s = rw(dev);
  assert.equal(s.data.passengers.length, 3);
  assert.equal(s.ui.screen, 'travellers');
  go(dev, { type: 'edit_traveller', id: 'ghost' });
  assert.equal(rw(dev).ui.screen, 'travellers');
  // Adding from the booking flow ticks the new traveller.
  go(dev, { type: 'tab', tab: 'search' });
  go(dev, { type: 'pick_date' });
  go(dev, { type: 'select_date', date: '2026-03-16' });
  go(dev, { type: 'search' });
  go(dev, { type: 'open_train', train: 'G111' });
  go(dev, { type: 'choose_class', cls: 'second' });
  go(dev, { type: 'new_traveller' });
  draft(dev, 'name', 'Ada Quill');
  draft(dev, 'id_number', 'Q55556666');
  go(dev, { type: 'save_traveller' });
  s = rw(dev);
  assert.equal(s.ui.screen, 'passengers');
  assert.equal(s.ui.booking.passengers.length, 1);
  assert.equal(s.data.passengers.find((p) => p.id === s.ui.booking.passengers[0]).name, 'Ada Quill');
});

test('intents, unknown actions and the order sections', async () => {
  const dev = await device();
  const before = JSON.stringify(rw(dev));
  dev.system({ type: 'open', app: 'railway', intent: { order: 'missing' } });
  assert.equal(JSON.stringify(rw(dev)), before);
  assert.equal(go(dev, { type: 'fly' }), false);
  dev.system({ type: 'open', app: 'railway', intent: { order: 'HX-2188' } });
  assert.equal(rw(dev).ui.screen, 'order');
  const { upcoming, past } = L.orderSections(rw(dev).data, dev.getState().os.clock.now);
  assert.equal(upcoming.length, 0);
  assert.deepEqual(past.map((o) => o.id), ['HX-2201', 'HX-2188']);
});

test('shift_date without a direction (missing, 0, "") keeps the date; it used to go a day back', async () => {
  const dev = await device();
  go(dev, { type: 'pick_date' });
  go(dev, { type: 'select_date', date: '2026-03-20' });
  go(dev, { type: 'search' });
  for (const days of [undefined, 0, '', null, '1']) go(dev, { type: 'shift_date', days });
  assert.equal(rw(dev).ui.search.date, '2026-03-20');
  go(dev, { type: 'shift_date', days: -1 });
  assert.equal(rw(dev).ui.search.date, '2026-03-19');
});

test('two refunded orders of the same train and day list the later one first', async () => {
  const dev = await device();
  const ids = [];
  for (let k = 0; k < 2; k += 1) {
    toReview(dev, { from: 'ALV', to: 'COB', offset: 2, train: 'G103', cls: 'second', pax: ['p1'] });
    pay(dev);
    const id = rw(dev).ui.order;
    ids.push(id);
    go(dev, { type: 'open_order', id });
    go(dev, { type: 'ask_refund' });
    go(dev, { type: 'confirm_refund' });
    assert.equal(rw(dev).data.orders.find((o) => o.id === id).status, 'refunded');
  }
  const { past } = L.orderSections(rw(dev).data, dev.getState().os.clock.now);
  assert.deepEqual(past.slice(0, 2).map((o) => o.id), [ids[1], ids[0]]);
});
