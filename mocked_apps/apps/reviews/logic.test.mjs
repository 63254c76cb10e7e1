import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as R from './logic.js';

const world = readJson('apps/reviews/world.json');
const NOW = Date.UTC(2026, 2, 14, 9, 30);

async function device(reset = {}, apps = ['reviews']) {
  const dev = await loadDevice({ apps, reset: { seed: 4, ...reset } });
  dev.system({ type: 'open', app: 'reviews' });
  return dev;
}
const rv = (dev) => dev.getState().apps.reviews;
const go = (dev, action) => dev.dispatch('reviews', action);
const draft = (dev, key, value) => go(dev, { type: '@draft', key, value });
const rating = (dev, id) => R.ratingOf(world, rv(dev).data, id);

function write(dev, place, stars, text) {
  go(dev, { type: 'open_place', id: place });
  go(dev, { type: 'write_review' });
  if (stars) go(dev, { type: 'set_stars', value: stars });
  draft(dev, 'review_text', text);
  go(dev, { type: 'post_review' });
}

test('init: own reviews, lists, nothing else; small and deterministic', async () => {
  const dev = await device();
  const s = rv(dev);
  assert.deepEqual(s.data.reviews.map((r) => [r.id, r.place, r.stars]), [['rv1', 'p3', 3], ['rv2', 'p11', 5], ['rv3', 'p17', 4]]);
  assert.equal(s.data.reviews[0].time, Date.UTC(2026, 2, 8, 10, 15));
  assert.deepEqual(s.data.lists, [{ id: 'l1', name: 'Want to try', places: ['p2', 'p13'] }, { id: 'l2', name: 'Weekend coffee', places: ['p1', 'p4', 'p10'] }]);
  assert.deepEqual([s.data.questions, s.data.visits], [[], []]);
  assert.equal(s.ui.screen, 'explore');
  assert.ok(JSON.stringify(s).length < 10000);
  assert.deepEqual(rv(await device()), s);
});

test('ratings: mean of world and own reviews, rounded half up to one decimal', async () => {
  const dev = await device();
  assert.deepEqual(rating(dev, 'p3'), { rating: 4.0, count: 5, stars: [0, 0, 1, 3, 1] });
  assert.equal(rating(dev, 'p1').rating, 4.6);
  assert.equal(rating(dev, 'p25').rating, 3.3);
  assert.deepEqual(R.ratingOf({ reviews: [] }, { reviews: [] }, 'x'), { rating: 0, count: 0, stars: [0, 0, 0, 0, 0] });
  // 4.25 rounds up to 4.3 (half up), not to even
  const w = { reviews: [{ place: 'x', stars: 4 }, { place: 'x', stars: 4 }, { place: 'x', stars: 4 }, { place: 'x', stars: 5 }] };
  assert.equal(R.ratingOf(w, { reviews: [] }, 'x').rating, 4.3);
  const list = R.reviewsOf(world, rv(dev).data, 'p3');
  assert.equal(list[0].mine, true);
  assert.equal(list[0].user, 'You');
  assert.ok(list.slice(1).every((r, i, a) => i === 0 || a[i - 1].time >= r.time), 'others newest first');
});

test('hours on the virtual clock, labels, grouped week lines', () => {
  const p = (id) => R.place(world, id);
  assert.equal(R.isOpenAt(p('p1'), NOW), true);
  assert.equal(R.isOpenAt(p('p2'), NOW), false);
  assert.equal(R.hoursLabel(p('p2'), NOW), 'Closed · opens at 10:00');
  assert.equal(R.hoursLabel(p('p6'), NOW), 'Closed today · opens Mon 07:00');
  assert.equal(R.hoursLabel(p('p24'), Date.UTC(2026, 2, 14, 23, 30)), 'Open · closes midnight');
  assert.equal(R.hoursLabel(p('p4'), Date.UTC(2026, 2, 14, 15, 0)), 'Closed · opens tomorrow 07:30');
  assert.deepEqual(R.hoursLines(p('p22')), [['Mon', 'Closed'], ['Tue–Sat', '09:00–19:00'], ['Sun', 'Closed']]);
  assert.deepEqual(R.nextDays(NOW, 3), ['2026-03-14', '2026-03-15', '2026-03-16']);
  assert.equal(R.at('2026-03-16', '11:00'), Date.UTC(2026, 2, 16, 11, 0));
});

test('search, filters and sorts', async () => {
  const dev = await device();
  const data = rv(dev).data;
  const f = (over) => ({ ...R.defaultFilter(), ...over });
  const ids = (q, over) => R.searchPlaces(world, data, q, f(over), NOW).map((r) => r.place.id);
  assert.equal(ids('', {}).length, 25);
  assert.deepEqual(ids('', { category: 'cafe', area: 'riverside', open: true, sort: 'rating' }), ['p4', 'p3']);
  assert.deepEqual(ids('', { category: 'cafe', area: 'old-quarter', open: true }), ['p1']);
  assert.deepEqual(ids('bakery', { rating: 4.5 }), ['p11']);
  assert.deepEqual(ids('roastery', {}), ['p8']);
  assert.deepEqual(ids('', { prices: [4] }), []);
  assert.deepEqual(ids('', { prices: [3], sort: 'name' }), ['p21', 'p14', 'p22', 'p15']);
  assert.deepEqual(ids('', { sort: 'reviews' }).slice(0, 1), ['p4']);
  assert.deepEqual(ids('', { sort: 'price', category: 'cafe' }).slice(0, 4), ['p3', 'p6', 'p10', 'p8']);
  const match = R.searchPlaces(world, data, '', f({}), NOW);
  const firstClosed = match.findIndex((r) => !r.open);
  assert.ok(match.slice(firstClosed).every((r) => !r.open), 'best match lists open places first');
  assert.equal(R.activeFilters(f({ category: 'cafe', open: true, prices: [1], rating: 4, sort: 'name' })), 4);
});

test('filter actions validate their values; reset keeps the sort', async () => {
  const dev = await device();
  go(dev, { type: 'open_filters' });
  go(dev, { type: 'open_filters' });
  assert.equal(rv(dev).ui.stack.length, 1);
  go(dev, { type: 'set_filter', key: 'category', value: 'cafe' });
  go(dev, { type: 'set_filter', key: 'category', value: 'zoo' });
  go(dev, { type: 'set_filter', key: 'area', value: 'hillcrest' });
  go(dev, { type: 'set_filter', key: 'rating', value: 4 });
  go(dev, { type: 'set_filter', key: 'rating', value: 3 });
  go(dev, { type: 'set_filter', key: 'sort', value: 'rating' });
  go(dev, { type: 'set_filter', key: 'colour', value: 'red' });
  go(dev, { type: 'toggle_price', level: 2 });
  go(dev, { type: 'toggle_price', level: 1 });
  go(dev, { type: 'toggle_price', level: 2 });
  go(dev, { type: 'toggle_price', level: 9 });
  go(dev, { type: 'toggle_open' });
  assert.deepEqual(rv(dev).ui.filter, { category: 'cafe', area: 'hillcrest', open: true, rating: 4, prices: [1], sort: 'rating' });
  go(dev, { type: 'reset_filters' });
  assert.deepEqual(rv(dev).ui.filter, { ...R.defaultFilter(), sort: 'rating' });
  draft(dev, 'search', 'fern');
  go(dev, { type: 'clear_search' });
  assert.equal(rv(dev).ui.drafts.search, '');
});

test('write a review: validation, one per place, rating updates; edit keeps the id', async () => {
  const dev = await device();
  const before = rating(dev, 'p4');
  write(dev, 'p4', 0, 'Great espresso and friendly staff.');
  assert.deepEqual(rv(dev).ui.errors, { stars: 'Tap a star to rate' });
  assert.equal(rv(dev).ui.screen, 'write');
  go(dev, { type: 'set_stars', value: 6 });
  go(dev, { type: 'set_stars', value: 2 });
  draft(dev, 'review_text', '  too short ');
  go(dev, { type: 'post_review' });
  assert.deepEqual(rv(dev).ui.errors, { text: 'Write at least 10 characters' });
  draft(dev, 'review_text', 'x'.repeat(501));
  go(dev, { type: 'post_review' });
  assert.deepEqual(rv(dev).ui.errors, { text: 'Keep it under 500 characters' });
  draft(dev, 'review_text', '  Bitter shots today.  ');
  go(dev, { type: 'post_review' });
  let s = rv(dev);
  const mine = R.myReview(s.data, 'p4');
  assert.deepEqual({ ...mine, id: 'x' }, { id: 'x', place: 'p4', stars: 2, text: 'Bitter shots today.', time: NOW });
  assert.deepEqual([s.ui.screen, s.ui.notice], ['place', 'Review posted']);
  const after = rating(dev, 'p4');
  assert.equal(after.count, before.count + 1);
  assert.equal(after.rating, Math.floor(((27 + 2) * 20 + 7) / 14) / 10);
  go(dev, { type: 'write_review' });
  assert.deepEqual([rv(dev).ui.stars, rv(dev).ui.drafts.review_text, rv(dev).ui.editing], [2, 'Bitter shots today.', mine.id]);
  go(dev, { type: 'set_stars', value: 4 });
  draft(dev, 'review_text', 'Better on a second visit.');
  go(dev, { type: 'post_review' });
  s = rv(dev);
  assert.equal(s.data.reviews.filter((r) => r.place === 'p4').length, 1);
  assert.deepEqual(R.myReview(s.data, 'p4'), { ...mine, stars: 4, text: 'Better on a second visit.', edited: NOW });
  assert.equal(s.ui.notice, 'Review updated');
  go(dev, { type: 'post_review' });
  assert.equal(rv(dev).data.reviews.length, 4, 'post outside the write screen does nothing');
});

test('delete your review behind a dialog; back leaves the write screen without saving', async () => {
  const dev = await device();
  go(dev, { type: 'open_place', id: 'p11' });
  go(dev, { type: 'ask_delete_review' });
  assert.deepEqual(rv(dev).ui.dialog, { kind: 'delete_review', id: 'rv2' });
  go(dev, { type: 'back' });
  assert.equal(rv(dev).ui.dialog, null);
  go(dev, { type: 'ask_delete_review' });
  go(dev, { type: 'confirm_delete_review' });
  assert.deepEqual(rv(dev).data.reviews.map((r) => r.id), ['rv1', 'rv3']);
  assert.equal(rating(dev, 'p11').count, 3);
  go(dev, { type: 'ask_delete_review' });
  assert.equal(rv(dev).ui.dialog, null, 'no own review left here');
  go(dev, { type: 'confirm_delete_review' });
  assert.equal(rv(dev).data.reviews.length, 2);
  go(dev, { type: 'write_review' });
  draft(dev, 'review_text', 'Never mind this draft');
  go(dev, { type: 'back' });
  assert.equal(rv(dev).ui.screen, 'place');
  assert.equal(rv(dev).ui.drafts.review_text, undefined);
  assert.equal(rv(dev).data.reviews.length, 2);
});

test('lists: save sheet toggles, create from the sheet adds the place, list screen, remove, delete', async () => {
  const dev = await device();
  go(dev, { type: 'open_place', id: 'p5' });
  go(dev, { type: 'open_save' });
  assert.equal(rv(dev).ui.dialog, 'save');
  go(dev, { type: 'toggle_in_list', list: 'l1' });
  go(dev, { type: 'toggle_in_list', list: 'l9' });
  draft(dev, 'new_list', '  ');
  go(dev, { type: 'create_list' });
  assert.equal(rv(dev).ui.error, 'Give the list a name');
  draft(dev, 'new_list', 'want TO try');
  go(dev, { type: 'create_list' });
  assert.equal(rv(dev).ui.error, 'You already have a list called “want TO try”');
  draft(dev, 'new_list', 'x'.repeat(31));
  go(dev, { type: 'create_list' });
  assert.equal(rv(dev).ui.error, 'Use at most 30 characters');
  draft(dev, 'new_list', '  Brunch   spots ');
  go(dev, { type: 'create_list' });
  let s = rv(dev);
  assert.deepEqual(s.data.lists.map((l) => [l.id, l.name, l.places]), [
    ['l1', 'Want to try', ['p2', 'p13', 'p5']], ['l2', 'Weekend coffee', ['p1', 'p4', 'p10']], ['l3', 'Brunch spots', ['p5']]]);
  assert.deepEqual([s.ui.error, s.ui.drafts.new_list], [null, '']);
  go(dev, { type: 'toggle_in_list', list: 'l1' });
  go(dev, { type: 'close_dialog' });
  assert.deepEqual(rv(dev).data.lists[0].places, ['p2', 'p13']);
  go(dev, { type: 'tab', tab: 'saved' });
  go(dev, { type: 'new_list' });
  draft(dev, 'list_name', 'Rainy days');
  go(dev, { type: 'create_list' });
  s = rv(dev);
  assert.deepEqual([s.ui.screen, s.data.lists[3].name, s.data.lists[3].places], ['saved', 'Rainy days', []]);
  go(dev, { type: 'open_list', id: 'l2' });
  go(dev, { type: 'open_list', id: 'zz' });
  go(dev, { type: 'remove_from_list', place: 'p4' });
  go(dev, { type: 'remove_from_list', place: 'p25' });
  assert.deepEqual(rv(dev).data.lists[1].places, ['p1', 'p10']);
  go(dev, { type: 'ask_delete_list' });
  assert.deepEqual(rv(dev).ui.dialog, { kind: 'delete_list', id: 'l2' });
  go(dev, { type: 'confirm_delete_list' });
  s = rv(dev);
  assert.deepEqual(s.data.lists.map((l) => l.id), ['l1', 'l3', s.data.lists[2].id]);
  assert.equal(s.ui.screen, 'saved');
  go(dev, { type: 'ask_delete_list', id: 'nope' });
  assert.equal(rv(dev).ui.dialog, null);
});

test('questions: validation and posting', async () => {
  const dev = await device();
  go(dev, { type: 'open_place', id: 'p21' });
  draft(dev, 'question', 'Sauna?');
  go(dev, { type: 'ask_question' });
  assert.equal(rv(dev).ui.error, 'Questions need at least 10 characters');
  draft(dev, 'question', 'q'.repeat(301));
  go(dev, { type: 'ask_question' });
  assert.equal(rv(dev).ui.error, 'Keep the question under 300 characters');
  draft(dev, 'question', ' Is the sauna mixed? ');
  go(dev, { type: 'ask_question' });
  const s = rv(dev);
  assert.deepEqual(s.data.questions.map(({ place, text, time }) => ({ place, text, time })), [{ place: 'p21', text: 'Is the sauna mixed?', time: NOW }]);
  assert.deepEqual([s.ui.drafts.question, s.ui.notice, s.ui.error], ['', 'Question posted', null]);
  go(dev, { type: 'tab', tab: 'me' });
  go(dev, { type: 'ask_question' });
  assert.equal(rv(dev).data.questions.length, 1);
});

test('a question typed on one place and not asked is not carried to the next place shown', async () => {
  const dev = await device();
  go(dev, { type: 'open_place', id: 'p21' });
  draft(dev, 'question', 'Is the sauna mixed?');
  go(dev, { type: 'write_review' });
  go(dev, { type: 'back' });
  assert.equal(rv(dev).ui.drafts.question, 'Is the sauna mixed?', 'the same place keeps its unsent question');
  go(dev, { type: 'back' });
  go(dev, { type: 'open_place', id: 'p1' });
  assert.equal(rv(dev).ui.drafts.question ?? '', '', 'the field of p1 starts empty');
  go(dev, { type: 'ask_question' });
  assert.deepEqual(rv(dev).data.questions, [], 'nothing was asked of p1');
  draft(dev, 'question', 'Do you have oat milk?');
  go(dev, { type: 'intent', place: 'p2' });
  go(dev, { type: 'ask_question' });
  assert.deepEqual(rv(dev).data.questions, [], 'an intent to another place drops it too');
});

test('visits: future, open times only; no calendar → notice; with a calendar → hand-off intent', async () => {
  const dev = await device();
  go(dev, { type: 'open_place', id: 'p22' });
  go(dev, { type: 'add_visit' });
  assert.equal(rv(dev).data.visits.length, 0);
  go(dev, { type: 'open_visit' });
  assert.deepEqual(rv(dev).ui.visit, { date: '2026-03-14', time: null });
  go(dev, { type: 'set_visit', time: '09:00' });
  go(dev, { type: 'add_visit' });
  assert.equal(rv(dev).ui.error, 'Pick a time in the future');
  go(dev, { type: 'set_visit', date: '2026-03-16', time: '11:00' });
  go(dev, { type: 'add_visit' });
  assert.equal(rv(dev).ui.error, 'Shear Bliss Studio is closed then');
  go(dev, { type: 'set_visit', date: '2026-04-30' });
  go(dev, { type: 'set_visit', time: '03:00' });
  assert.deepEqual(rv(dev).ui.visit, { date: '2026-03-16', time: '11:00' });
  go(dev, { type: 'set_visit', date: '2026-03-17', time: '19:00' });
  go(dev, { type: 'add_visit' });
  assert.equal(rv(dev).ui.error, 'Shear Bliss Studio is closed then', '19:00 is closing time');
  go(dev, { type: 'set_visit', time: '18:00' });
  go(dev, { type: 'add_visit' });
  let s = rv(dev);
  assert.deepEqual(s.data.visits.map(({ place, date, time }) => ({ place, date, time })), [{ place: 'p22', date: '2026-03-17', time: '18:00' }]);
  assert.deepEqual([s.ui.dialog, s.ui.notice], [null, 'Visit planned · no calendar app installed']);
  go(dev, { type: 'open_visit' });
  go(dev, { type: 'set_visit', date: '2026-03-17', time: '18:00' });
  go(dev, { type: 'add_visit' });
  assert.equal(rv(dev).ui.error, 'This visit is already planned');
  go(dev, { type: 'close_dialog' });
  go(dev, { type: 'cancel_visit', id: 'nope' });
  go(dev, { type: 'cancel_visit', id: s.data.visits[0].id });
  assert.equal(rv(dev).data.visits.length, 0);

  const calendar = {
    init: () => ({ data: { intents: [] }, ui: {} }),
    reduce: (st, a) => { if (a.type !== 'intent') return null; const { type: _t, ...rest } = a; st.data.intents.push(rest); return st; },
  };
  const reviews = await import('./logic.js');
  const dev2 = createDevice({ apps: { reviews, calendar }, worlds: { reviews: world } });
  dev2.reset({ seed: 1 });
  dev2.system({ type: 'open', app: 'reviews' });
  dev2.dispatch('reviews', { type: 'open_place', id: 'p1' });
  dev2.dispatch('reviews', { type: 'open_visit' });
  dev2.dispatch('reviews', { type: 'set_visit', date: '2026-03-15', time: '10:00' });
  dev2.dispatch('reviews', { type: 'add_visit' });
  s = dev2.getState();
  assert.equal(s.os.foreground, 'calendar');
  assert.deepEqual(s.apps.calendar.data.intents, [{ create: { title: 'Visit Copper Kettle Café', date: '2026-03-15', start: '10:00', end: '11:00', location: '12 Tanner Street, Old Quarter' } }]);
  assert.equal(s.apps.reviews.data.visits.length, 1);
});

test('share a place to Messages (and a notice without it)', async () => {
  const dev = await device({}, ['reviews', 'messages', 'contacts']);
  go(dev, { type: 'open_place', id: 'p10' });
  go(dev, { type: 'share_place' });
  const s = dev.getState();
  assert.equal(s.os.foreground, 'messages');
  assert.equal(s.apps.messages.ui.drafts.compose, 'Pier Nine Coffee · 9 Pier Road, Harbor Point · ★4.4 (5 reviews) · Café');
  const solo = await device();
  go(solo, { type: 'open_place', id: 'p10' });
  go(solo, { type: 'share_place' });
  assert.equal(rv(solo).ui.notice, 'Messages is not available');
});

test('navigation: tabs, intent, back chain, bad ids', async () => {
  const dev = await device();
  go(dev, { type: 'open_place', id: 'p99' });
  go(dev, { type: 'tab', tab: 'void' });
  assert.equal(rv(dev).ui.screen, 'explore');
  go(dev, { type: 'tab', tab: 'me' });
  go(dev, { type: 'open_place', id: 'p17' });
  go(dev, { type: 'write_review' });
  assert.deepEqual(rv(dev).ui.stack.map((e) => e.screen), ['me', 'place']);
  go(dev, { type: 'back' });
  go(dev, { type: 'back' });
  assert.equal(rv(dev).ui.screen, 'me');
  go(dev, { type: 'back' });
  assert.deepEqual([rv(dev).ui.tab, rv(dev).ui.screen], ['explore', 'explore']);
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  dev.system({ type: 'open', app: 'reviews', intent: { place: 'p8' } });
  assert.deepEqual([rv(dev).ui.screen, rv(dev).ui.place], ['place', 'p8']);
  go(dev, { type: 'intent', place: 'nowhere' });
  assert.equal(rv(dev).ui.place, 'p8');
  assert.equal(dev.dispatch('reviews', { type: 'teleport' }), false);
});

test('garbage actions never corrupt data', async () => {
  const dev = await device();
  const data = JSON.stringify(rv(dev).data);
  for (const a of [{ type: 'post_review' }, { type: 'set_stars', value: 3 }, { type: 'confirm_delete_review' }, { type: 'toggle_in_list' },
    { type: 'create_list' }, { type: 'remove_from_list' }, { type: 'confirm_delete_list' }, { type: 'ask_question' }, { type: 'add_visit' },
    { type: 'set_visit', date: 'x' }, { type: 'cancel_visit' }, { type: 'share_place' }, { type: 'open_save' }, { type: 'intent' }]) {
    go(dev, a);
  }
  assert.equal(JSON.stringify(rv(dev).data), data);
});

test('search ignores accents and extra spaces; name ties sort in text order, not code points', async () => {
  const dev = await device();
  const data = rv(dev).data;
  const ids = (q) => R.searchPlaces(world, data, q, R.defaultFilter(), NOW).map((r) => r.place.id);
  assert.deepEqual(ids('fern & fig cafe'), ids('Fern & Fig Café'));
  assert.ok(ids('fern & fig cafe').includes('p5'));
  assert.deepEqual(ids('  Fern   &  Fig '), ids('fern & fig'));
  assert.ok(ids('cafe').length >= 5, 'the Café category is found typed without the accent');
  const mini = { ...world, places: [
    { ...world.places[0], id: 'z1', name: 'zephyr Books' },
    { ...world.places[0], id: 'z2', name: 'Zebra Café' },
    { ...world.places[0], id: 'z3', name: 'apple Bakery' }] };
  const names = R.searchPlaces(mini, { reviews: [] }, '', { ...R.defaultFilter(), sort: 'name' }, NOW).map((r) => r.place.name);
  assert.deepEqual(names, ['apple Bakery', 'Zebra Café', 'zephyr Books']);
});

test('"Your reviews" lists the last posted first, also within one virtual minute', async () => {
  const dev = await device();
  write(dev, 'p1', 4, 'Good coffee, quick service.');
  go(dev, { type: 'back' });
  write(dev, 'p5', 5, 'Lovely garden seating area.');
  const order = R.myReviewsNewest(rv(dev).data).map((r) => r.place);
  assert.deepEqual(order.slice(0, 2), ['p5', 'p1']);
  assert.equal(rv(dev).data.reviews.find((r) => r.place === 'p5').time, rv(dev).data.reviews.find((r) => r.place === 'p1').time);
});

test('world dates and timestamps read as virtual ms, with or without seconds or an offset', async () => {
  const { toMs } = await import('./lib/places.js');
  assert.equal(toMs('2026-03-12'), Date.UTC(2026, 2, 12, 12));
  assert.equal(toMs('2026-03-12T09:21'), Date.UTC(2026, 2, 12, 9, 21));
  assert.equal(toMs('2026-03-12T09:21:30'), Date.UTC(2026, 2, 12, 9, 21, 30)); // was 0: "…:30:00Z" is no date
  assert.equal(toMs('2026-03-12T09:21:00Z'), Date.UTC(2026, 2, 12, 9, 21));
  assert.equal(toMs(1773480600000), 1773480600000);
  assert.equal(toMs('soon'), 0);
});
