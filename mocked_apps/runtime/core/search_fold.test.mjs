// The shared search rule: fold (accents dropped, lower case) and matchesQuery, which every app's search uses; and
// the apps' searches themselves.

import test from 'node:test';
import assert from 'node:assert/strict';
import { fold, matchesQuery, matchSpan } from './text.js';
import { readJson } from '../node/load.js';
import { listRestaurants } from '../../apps/food/lib/menu.js';
import { listTransactions } from '../../apps/bank/lib/ledger.js';
import { searchPages } from '../../apps/settings/lib/select.js';
import { searchPhotos } from '../../apps/gallery/lib/select.js';
import { searchPlaces } from '../../apps/rides/lib/select.js';
import { searchEvents } from '../../apps/calendar/lib/select.js';
import { pickable } from '../../apps/email/lib/select.js';
import { search as searchPins } from '../../apps/pinboard/lib/select.js';
import { search as searchClips } from '../../apps/clips/lib/select.js';
import { searchCities } from '../../apps/clock/lib/select.js';
import { searchContacts as dialerContacts } from '../../apps/dialer/lib/select.js';
import { searchEntries } from '../../apps/files/lib/select.js';
import { init as filesInit } from '../../apps/files/logic.js';

test('fold drops accents and case', () => {
  assert.equal(fold('Émile Zoë São Paulo'), 'emile zoe sao paulo');
  assert.equal(fold(null), '');
});

test('matchesQuery: a blank query matches; accents and case never decide; spaces are squeezed', () => {
  assert.equal(matchesQuery('', ['x']), true);
  assert.equal(matchesQuery('  ', []), true);
  assert.equal(matchesQuery('sao', ['São Paulo']), true);
  assert.equal(matchesQuery('SÃO  paulo', ['Sao Paulo']), true);
  assert.equal(matchesQuery('cafe', ['Tea', 'Café Rouge']), true);
  assert.equal(matchesQuery('Müller', ['mueller']), false);
  assert.equal(matchesQuery('x', [null, undefined]), false);
});

test('matchSpan marks what matchesQuery matched, in the text as written', () => {
  const marked = (q, t) => { const sp = matchSpan(q, t); return sp && t.slice(...sp); };
  assert.equal(marked('cafe', 'Meet at Café Rouge'), 'Café');
  assert.equal(marked('CAFE', 'cafe\u0301 noir'), 'cafe\u0301', 'a decomposed accent goes with its letter');
  assert.equal(marked('é r', 'Café  Rouge'), 'é  R', 'a run of spaces is one space');
  assert.equal(marked('z', '\u{1F600}z'), 'z');
  assert.equal(matchSpan('x', 'abc'), null);
  assert.equal(matchSpan('  ', 'abc'), null, 'a blank query marks nothing');
  for (const [q, t] of [['sao', 'São Paulo'], ['ÉMILE', 'Emile'], ['a b', 'xa \t b'], ['müller', 'Mueller']]) {
    assert.equal(matchSpan(q, t) !== null, matchesQuery(q, [t]), `${q} / ${t}`);
  }
});

// Each app's search, on its own world with one record renamed with accents: typed without them (and in another
// case), the query still finds it, as through the one fold.

const renamed = (list, i, patch) => list.map((x, j) => (j === i ? { ...x, ...patch } : x));

test('the apps\' searches ignore accents and case', () => {
  const food = readJson('apps/food/world.json');
  const foodW = { ...food, restaurants: renamed(food.restaurants, 0, { name: 'Crêperie Élodie' }) };
  assert.deepEqual(listRestaurants(foodW, { query: 'CREPERIE elodie' }).map((r) => r.id), [food.restaurants[0].id]);

  const txs = [{ id: 't1', account: 'a', title: 'Café Nörd', note: '', category: 'Food', amount_cents: -450, time: 2 },
    { id: 't2', account: 'a', title: 'Rent', note: 'März', category: 'Housing', amount_cents: -90000, time: 1 }];
  assert.deepEqual(listTransactions({ transactions: txs }, { query: 'cafe nord' }).map((t) => t.id), ['t1']);
  assert.deepEqual(listTransactions({ transactions: txs }, { query: 'MARZ' }).map((t) => t.id), ['t2']);

  assert.ok(searchPages('DÍSPLAY').includes('display'));

  const gallery = readJson('apps/gallery/world.json');
  const galleryW = { ...gallery, photos: renamed(gallery.photos, 0, { place: 'Mont Blanc Säntis', label: 'Névé' }) };
  const data = { photos: gallery.photos.map((p) => ({ id: p.id, time: 0, trashed: null })) };
  assert.deepEqual(searchPhotos(data, galleryW, 'neve').map((p) => p.id), [gallery.photos[0].id]);

  const rides = readJson('apps/rides/world.json');
  const ridesW = { ...rides, places: renamed(rides.places, 0, { name: 'Gare Saint-Lazare Hôtel' }) };
  assert.deepEqual(searchPlaces(ridesW, 'hotel').map((p) => p.id), [rides.places[0].id]);

  const events = [{ id: 'e1', title: 'Déjeuner', location: 'Brasserie', notes: '', attendees: [], date: '2026-03-14', start: '12:00' }];
  assert.deepEqual(searchEvents(events, 'DEJEUNER').map((e) => e.id), ['e1']);

  assert.deepEqual(pickable([{ id: 'c1', name: 'Zoë Ångström', email: 'zoe@x.test' }, { id: 'c2', name: 'Ann', email: 'ann@x.test' }], 'angstrom')
    .map((c) => c.id), ['c1']);

  const pins = readJson('apps/pinboard/world.json');
  const pinsW = { ...pins, posts: renamed(pins.posts, 0, { title: 'Crème brûlée in five steps', tags: ['pâtisserie'] }) };
  const pinHits = searchPins({}, pinsW, 'creme BRULEE').posts.map((p) => p.id);
  assert.deepEqual(pinHits, [pins.posts[0].id]);
  assert.deepEqual(searchPins({}, pinsW, '#patisserie').posts.map((p) => p.id), [pins.posts[0].id]);

  const clips = readJson('apps/clips/world.json');
  const clipsW = { ...clips, creators: renamed(clips.creators, 0, { name: 'Zoë Müller' }),
    clips: renamed(clips.clips, 0, { caption: 'Déjà vu warmup #croquis' }) };
  const found = searchClips({}, clipsW, 'ZOE');
  assert.deepEqual(found.creators.map((c) => c.id), [clips.creators[0].id]);
  assert.ok(searchClips({}, clipsW, 'deja vu').clips.some((c) => c.id === clips.clips[0].id));
});

test('the clock, dialer and files searches take a query the shared way: accents, case and runs of spaces aside', () => {
  // They folded but compared with includes, so "los  angeles" (two spaces, as typed) found nothing.
  const clock = readJson('apps/clock/world.json');
  assert.deepEqual(searchCities(clock, 'LOS  ángeles').map((c) => c.name), ['Los Angeles']);
  const contacts = readJson('apps/contacts/world.json').contacts;
  const name = contacts.find((c) => c.name.includes(' ')).name;
  assert.ok(dialerContacts(contacts, name.toUpperCase().replace(' ', '   ')).some((c) => c.name === name));
  const files = filesInit(readJson('apps/files/world.json')).data;
  assert.deepEqual(searchEntries(files, 'tax  RETURN').map((e) => e.name), ['Tax return 2025.pdf']);
});
