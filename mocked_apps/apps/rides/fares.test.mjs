// Wayfin pricing and drivers: routes, surge, fares, promo codes, driver assignment, and the values tasks rely on.

import test from 'node:test';
import assert from 'node:assert/strict';
import { readJson } from '../../runtime/node/load.js';
import * as rides from './logic.js';
import { world, MIN, NOW, device, wf } from './testkit.mjs';

test('routes: fastest by minutes over the graph, symmetric, none for bad input', () => {
  assert.deepEqual(rides.route(world, 'lin', 'nwl'), { min: 17, km10: 65, km: 6.5, via: ['lin', 'qsg', 'nwl'] });
  assert.deepEqual(rides.route(world, 'nwl', 'lin').via, ['nwl', 'qsg', 'lin']);
  assert.equal(rides.route(world, 'lin', 'air').min, 33);
  assert.equal(rides.route(world, 'lin', 'lin'), null);
  assert.equal(rides.route(world, 'lin', 'zzz'), null);
  for (const a of world.places) for (const b of world.places) if (a.id !== b.id) assert.ok(rides.route(world, a.id, b.id), `${a.id}->${b.id}`);
});

test('fares: surge windows, minimum fare, rounding half up', () => {
  const at = (h, m) => Date.UTC(2026, 2, 14, h, m);
  assert.equal(rides.surgeAt(world, at(9, 30)).pct, 130);
  assert.equal(rides.surgeAt(world, at(10, 0)).pct, 100);
  assert.equal(rides.surgeAt(world, at(6, 59)).pct, 100);
  assert.equal(rides.surgeAt(world, at(16, 30)).pct, 150);
  assert.equal(rides.surgeAt(world, at(19, 30)).pct, 100);
  assert.equal(rides.surgeAt(world, at(23, 30)).pct, 120);
  assert.equal(rides.surgeAt(world, at(4, 59)).pct, 120);
  assert.equal(rides.surgeAt(world, at(5, 0)).pct, 100);
  const std = rides.findType(world, 'standard');
  const short = rides.route(world, 'cst', 'mus');
  assert.equal(rides.fareCents(std, short, 100), 600, 'minimum fare');
  assert.equal(rides.fareCents(std, short, 130), 780);
  assert.equal(rides.fareCents(std, rides.route(world, 'lin', 'nwl'), 130), 1918, '1917.5 rounds up');
  const comfort = rides.findType(world, 'comfort');
  assert.equal(rides.fareCents(comfort, rides.route(world, 'lin', 'kil'), 130), 2404);
  assert.equal(rides.money(123456), '¤1,234.56');
});

test('promo codes: every condition', () => {
  const data = { used_promos: ['HELLO8'] };
  const ride = (over) => ({ type: 'standard', fare_cents: 2000, km10: 80, now: NOW, ...over });
  assert.equal(rides.promoProblem(world, data, 'nope', ride()), 'This code does not exist');
  assert.match(rides.promoProblem(world, data, 'hello8', ride()), /already used/);
  assert.match(rides.promoProblem(world, data, 'WINTER15', ride()), /expired on Feb 28/);
  assert.equal(rides.promoProblem(world, data, 'COMFY20', ride()), 'Only for Comfort rides');
  assert.equal(rides.promoProblem(world, data, 'COMFY20', ride({ type: 'comfort' })), null);
  assert.match(rides.promoProblem(world, data, 'WELCOME5', ride({ fare_cents: 1499 })), /¤15.00 or more/);
  assert.equal(rides.promoProblem(world, data, 'WELCOME5', ride({ fare_cents: 1500 })), null);
  assert.match(rides.promoProblem(world, data, 'VANGO10', ride({ type: 'van', km10: 99 })), /10 km or more/);
  assert.equal(rides.promoProblem(world, data, 'VANGO10', ride({ type: 'van', km10: 100 })), null);
  assert.match(rides.promoProblem(world, data, 'EARLYBIRD', ride()), /between 05:00 and 08:00/);
  assert.equal(rides.promoProblem(world, data, 'EARLYBIRD', ride({ now: Date.UTC(2026, 2, 14, 7, 59) })), null);
  const comfy = rides.findPromo(world, 'COMFY20');
  assert.equal(rides.discountCents(comfy, 2404), 481);
  assert.equal(rides.discountCents(comfy, 5000), 600, 'capped');
  assert.equal(rides.discountCents(rides.findPromo(world, 'WELCOME5'), 300), 300, 'never more than the fare');
});

test('driver assignment is deterministic and stays within the ride type', () => {
  for (const type of ['standard', 'comfort', 'van']) {
    for (let n = 0; n < 12; n += 1) {
      const a = rides.assignDriver(world, { pickup: 'lin', dest: 'air', type }, n);
      assert.deepEqual(a, rides.assignDriver(world, { pickup: 'lin', dest: 'air', type }, n));
      assert.equal(rides.findDriver(world, a.driver).type, type);
      assert.ok(a.approach_min >= 3 && a.approach_min <= 8);
    }
  }
});

test('values the tasks rely on (task_bank/mobile/rides.yaml): fares, best promos, history charges and drivers', async () => {
  const dev = await device();
  const data = wf(dev).data;
  const fare = (pickup, dest, type, promo = null) => rides.quote(world, data, { pickup, dest, type, promo, now: NOW });
  const fares = [['lin', 'kil', 'comfort', 2404], ['lin', 'air', 'van', 7199], ['nwl', 'cst', 'standard', 1258], ['cst', 'msd', 'comfort', 1334],
    ['lin', 'fer', 'standard', 2795], ['ald', 'jun', 'comfort', 3416], ['sal', 'nwl', 'van', 4228], ['qsg', 'mus', 'standard', 2341]];
  for (const [a, b, t, cents] of fares) assert.equal(fare(a, b, t).total_cents, cents, `${a}->${b} ${t}`);
  const best = [['kil', 'comfort', 'WELCOME5', 500], ['air', 'comfort', 'COMFY20', 600], ['fer', 'van', 'VANGO10', 1000], ['ced', 'comfort', 'WELCOME5', 500],
    ['msd', 'comfort', 'COMFY20', 585], ['jun', 'comfort', 'COMFY20', 559], ['nwl', 'standard', 'WELCOME5', 500]];
  for (const [dest, type, code, cents] of best) {
    const offers = world.promos.map((p) => [p.code, fare('lin', dest, type, p.code).discount_cents]).sort((x, y) => y[1] - x[1]);
    assert.deepEqual(offers[0], [code, cents], `${dest} ${type}`);
    assert.ok(offers[1][1] < cents, 'a unique best code');
  }
  const hist = Object.fromEntries(data.rides.map((r) => [r.id, [r.charged_cents, rides.findDriver(world, r.driver).name]]));
  assert.deepEqual(hist, { r01: [4738, 'Ines Varga'], r02: [1918, 'Jonas Brook'], r03: [2009, 'Celeste Obuya'], r04: [1631, 'Marta Ilves'],
    r05: [800, 'Bruno Achterhof'], r06: [1685, 'Ravi Lundgren'], r07: [1157, 'Priti Dosanjh'] });
  assert.equal(rides.surgeAt(world, NOW + 30 * MIN).pct, 100, 'busy time ends at 10:00');
});

test('personal-card charges match the "Wayfin Rides" lines of the bank history (same day, same amount)', async () => {
  const bankWorld = readJson('apps/bank/world.json');
  const dev = await device();
  const charges = wf(dev).data.rides.filter((r) => r.payment === 'personal')
    .map((r) => [Math.floor(NOW / 86400000) - Math.floor((r.cancelled_at || r.booked_at) / 86400000), r.charged_cents]).sort((a, b) => a[0] - b[0]);
  const lines = bankWorld.transactions.filter((t) => t.title === 'Wayfin Rides').map((t) => [t.days_ago, -t.amount_cents]).sort((a, b) => a[0] - b[0]);
  assert.deepEqual(charges, lines);
});
