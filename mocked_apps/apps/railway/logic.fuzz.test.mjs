import test from 'node:test';
import assert from 'node:assert/strict';
import * as L from './logic.js';
import { device, rw, go } from './testkit.mjs';

test('fuzz: random and malformed actions keep the money invariant and a valid state', async () => {
  const dev = await device();
  let seed = 12345;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const pick = (xs) => xs[rand(xs.length)];
  const w = dev.worlds.railway;
  const stations = [...w.stations.map((s) => s.id), 'ZZZ', null];
  const dates = [...L.bookingDates(w, dev.getState().os.clock.now), '2026-02-01', 42];
  const trains = [...w.trains.map((t) => t.id), 'X1', undefined];
  for (let i = 0; i < 4000; i += 1) {
    const s = rw(dev);
    const orderIds = s.data.orders.map((o) => o.id);
    // Now and then a whole booking (and refund) flow runs in one go; the other steps are random.
    const flow = [{ type: 'tab', tab: 'search' }, { type: 'set_route', from: 'ALV', to: 'DUN' }, { type: 'pick_date' },
      { type: 'select_date', date: pick(dates) }, { type: 'search' },
      { type: 'open_train', train: pick(['Z21', 'G111', 'D311', 'K211', 'G113', 'K213', 'D313']) }, { type: 'choose_class', cls: pick(['first', 'second', 'sleeper']) },
      { type: 'toggle_passenger', id: pick(['p1', 'p2', 'p3']) }, { type: 'review' }, { type: 'start_pay' },
      { type: '@draft', key: 'pin', value: '2468' }, { type: 'confirm_pay' },
      { type: 'show_order', id: pick([...orderIds, 'nope']) }, { type: 'ask_refund' }, { type: 'confirm_refund' }];
    if (rand(8) === 0) {
      for (const step of flow) go(dev, step);
      if (rand(3) === 0) for (const step of flow.slice(-3)) go(dev, step);
      continue;
    }
    const action = pick([
      { type: 'tab', tab: pick(['search', 'orders', 'travellers', 'x']) },
      { type: 'pick_station', field: pick(['from', 'to', 'via']) },
      { type: 'select_station', station: pick(stations) },
      { type: 'swap' }, { type: 'pick_date' }, { type: 'select_date', date: pick(dates) },
      { type: 'search' }, { type: 'shift_date', days: pick([1, -1]) },
      { type: 'filter', value: pick(['all', 'G', 'D', 'K', 'Z', 'Q']) }, { type: 'sort', value: pick(['depart', 'duration', 'price', 'x']) },
      { type: 'open_train', train: pick(trains) }, { type: 'choose_class', cls: pick(['business', 'first', 'second', 'sleeper', 'x']) },
      { type: 'toggle_passenger', id: pick(['p1', 'p2', 'p3', 'p9']) }, { type: 'review' }, { type: 'start_pay' },
      { type: '@draft', key: 'pin', value: pick(['2468', '0000', '']) }, { type: 'confirm_pay' },
      { type: 'open_order', id: pick([...orderIds, 'nope']) }, { type: 'show_order', id: pick([...orderIds, 'nope']) },
      { type: 'ask_refund' }, { type: 'confirm_refund' }, { type: 'close_dialog' }, { type: 'back' },
      { type: 'new_traveller' }, { type: '@draft', key: 'name', value: pick(['Ana Lee', '', '1']) },
      { type: '@draft', key: 'id_number', value: pick(['A12345678', 'bad']) }, { type: 'save_traveller' },
      { type: 'edit_traveller', id: pick(['p1', 'p2', 'p3', 'zz']) }, { type: 'ask_delete_traveller' }, { type: 'confirm_delete_traveller' },
      { type: 'set_form_type', value: pick(['adult', 'child', 'x']) }, { type: 'set_route', from: pick(stations), to: pick(stations) },
    ]);
    if (action.type === 'back') dev.system({ type: 'back' });
    else go(dev, action);
    if (dev.getState().os.foreground !== 'railway') dev.system({ type: 'open', app: 'railway' });
  }
  const { data, ui } = rw(dev);
  let cents = 120000;
  for (const o of data.orders.filter((x) => !x.id.startsWith('HX-'))) {
    cents -= L.toCents(o.price_total);
    if (o.status === 'refunded') cents += L.toCents(o.refund.amount);
    assert.equal(L.toCents(o.price_total), o.fares.reduce((n, f) => n + L.toCents(f), 0));
    assert.equal(new Set(o.seats).size, o.seats.length);
  }
  assert.equal(L.toCents(data.wallet), cents);
  assert.ok(data.wallet >= 0);
  assert.ok(data.orders.length > 2, 'the fuzz booked something');
  assert.equal(new Set(data.passengers.map((p) => p.id)).size, data.passengers.length);
  assert.ok(Array.isArray(ui.stack));
});
