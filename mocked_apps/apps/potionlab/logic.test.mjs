import test from 'node:test';
import assert from 'node:assert/strict';
import { readJson } from '../../runtime/node/load.js';
import * as lab from './logic.js';
import { world, open, app, act, brew, buy, onTab } from './testkit.mjs';

const { brewResult, gradeFor, potionName, requestText, mismatch, payout, available, bookKey, allBookKeys, parseKey, customerName, readyText } = lab;
const r = (ids) => {
  const x = brewResult(world, ids);
  return [x.family, x.grade, x.cloudy, x.layered];
};

test('init copies the pantry, coins, shelf, orders and book from the world', async () => {
  const dev = await open();
  const { data, ui } = app(dev);
  assert.equal(data.coins, 30);
  assert.equal(Object.keys(data.stock).length, 14);
  assert.equal(data.stock.dewmoss, 5);
  assert.equal(data.stock.stormglass, 0);
  assert.deepEqual(data.slots, []);
  assert.deepEqual(data.potions.map((p) => p.id), ['pw1', 'pw2']);
  assert.equal(data.orders.length, 9);
  assert.equal(data.orders.filter((o) => o.status === 'open').length, 8);
  assert.equal(data.orders.find((o) => o.id === 'o9').paid, 16);
  assert.deepEqual(data.book.map((b) => b.id), ['ember-1', 'rime-2', 'zest-1']);
  assert.equal(ui.screen, 'tabs');
  assert.equal(ui.tab, 'brew');
  assert.ok(JSON.stringify(app(dev)).length < 10000, 's0 stays small');
});

test('world book and shelf entries agree with the rules', () => {
  for (const b of world.book) {
    const x = brewResult(world, b.recipe);
    assert.equal(bookKey(x), b.id, b.id);
  }
  for (const p of world.potions) {
    const x = brewResult(world, p.recipe);
    assert.deepEqual([x.family, x.grade, x.cloudy, x.layered], [p.family, p.grade, p.cloudy, p.layered], p.id);
  }
});

test('rules: sums, grades, opposites cancel, ties and nothing left are murk', () => {
  assert.deepEqual([gradeFor(0), gradeFor(1), gradeFor(2), gradeFor(3), gradeFor(5), gradeFor(6), gradeFor(12)], [0, 1, 1, 2, 2, 3, 3]);
  assert.deepEqual(r(['hushleaf', 'moonmilk']), ['hush', 2, false, false]);
  assert.deepEqual(r(['sunscale', 'glaciersalt']), ['ember', 1, false, false]);
  assert.deepEqual(r(['glaciersalt', 'glaciersalt']), ['rime', 2, false, false]);
  assert.deepEqual(r(['emberroot', 'frostfern']), ['murk', 0, false, false], 'equal opposites vanish');
  assert.deepEqual(r(['moonmilk', 'zapberry', 'emberroot']), ['murk', 0, false, false], 'tie after cancelling');
  assert.deepEqual(r(['mirrorcap', 'moonmilk', 'sunscale']), ['murk', 0, false, false], 'a leading catalyst fizzles');
});

test('rules: catalysts act on the slot before them, order matters', () => {
  assert.deepEqual(r(['moonmilk', 'mirrorcap']), ['hush', 3, false, false]);
  assert.deepEqual(r(['mirrorcap', 'moonmilk']), ['hush', 2, false, false], 'a fizzled catalyst leaves calm 3');
  assert.deepEqual(r(['cinderpepper', 'mirrorcap', 'frostfern']), ['ember', 2, false, false]);
  assert.deepEqual(r(['hushleaf', 'turnwort', 'dewmoss']), ['zest', 1, false, false]);
  assert.deepEqual(r(['dewmoss', 'hushleaf', 'turnwort']), ['zest', 1, false, false]);
  assert.deepEqual(r(['glaciersalt', 'turnwort', 'mirrorcap', 'frostfern']), ['ember', 1, false, false], 'catalyst after catalyst fizzles');
  assert.deepEqual(r(['zapberry', 'mirrorcap', 'zapberry']), ['zest', 3, false, false]);
});

test('rules: cloudy lowers, layered raises the grade', () => {
  assert.deepEqual(r(['moonmilk', 'emberroot']), ['hush', 1, true, false]);
  assert.deepEqual(r(['rimeshard', 'hushleaf', 'turnwort']), ['rime', 1, true, false]);
  assert.deepEqual(r(['cinderpepper', 'dewmoss']), ['ember', 1, true, false], 'never below grade I');
  assert.deepEqual(r(['frostfern', 'glaciersalt', 'rimeshard']), ['rime', 3, false, true]);
  assert.deepEqual(r(['thistle', 'hushleaf', 'stormglass']), ['zest', 2, false, true]);
  assert.deepEqual(r(['rimeshard', 'glaciersalt', 'frostfern']), ['rime', 3, false, false], 'falling is not layered');
  assert.deepEqual(r(['emberroot', 'cinderpepper']), ['ember', 2, false, false], 'two ingredients are not layered');
  assert.deepEqual(r(['dewmoss', 'hushleaf', 'hushleaf']), ['hush', 2, false, false], 'equal potencies are not rising');
});

test('brewResult refuses bad input', () => {
  assert.equal(brewResult(world, ['dewmoss']).ok, false);
  assert.equal(brewResult(world, []).ok, false);
  assert.equal(brewResult(world, ['dewmoss', 'nope']).ok, false);
  assert.equal(brewResult(world, ['dewmoss', 'dewmoss', 'dewmoss', 'dewmoss', 'dewmoss']).ok, false);
});

test('selectors: names, requests, mismatch, payout, book keys', () => {
  assert.equal(potionName({ family: 'hush', grade: 2 }), 'Sturdy Hush Elixir');
  assert.equal(potionName({ family: 'murk', grade: 0 }), 'Murky Sludge');
  const o3 = lab.orderInfo(world, 'o3');
  assert.equal(requestText(o3), 'Ember Tonic, grade II or better, clear');
  assert.match(mismatch(o3, { family: 'ember', grade: 3, cloudy: true }), /clear/);
  assert.match(mismatch(o3, { family: 'ember', grade: 1, cloudy: false }), /grade II/);
  assert.match(mismatch(o3, { family: 'rime', grade: 3, cloudy: false }), /Ember/);
  assert.equal(mismatch(o3, { family: 'ember', grade: 2, cloudy: false }), '');
  assert.match(mismatch(lab.orderInfo(world, 'o7'), { family: 'rime', grade: 3, layered: false }), /layered/);
  assert.equal(payout(o3, { grade: 3 }), 26);
  assert.equal(payout(o3, { grade: 2 }), 22);
  assert.equal(allBookKeys().length, 13);
  assert.deepEqual(parseKey('zest-3'), { family: 'zest', grade: 3 });
  assert.deepEqual(parseKey('murk'), { family: 'murk', grade: 0 });
  assert.equal(customerName(o3, null), 'Dario Venn');
  assert.equal(customerName(o3, { data: { contacts: [{ id: 'c4', name: 'D. Venn' }] } }), 'D. Venn');
  assert.match(readyText(o3, { status: 'done', potion: { family: 'ember', grade: 2 } }, null), /^Hi Dario, your Sturdy Ember Tonic is ready/);
});

test('add / remove / empty fill the slots in order within stock and size', async () => {
  const dev = await open();
  act(dev, { type: 'add', ing: 'moonmilk' });
  act(dev, { type: 'add', ing: 'moonmilk' });
  assert.deepEqual(app(dev).data.slots, ['moonmilk'], 'only one moonmilk in stock');
  assert.match(app(dev).ui.notice, /No Moonmilk/);
  assert.equal(available(app(dev).data, 'moonmilk'), 0);
  for (const ing of ['dewmoss', 'hushleaf', 'thistle', 'zapberry']) act(dev, { type: 'add', ing });
  assert.deepEqual(app(dev).data.slots, ['moonmilk', 'dewmoss', 'hushleaf', 'thistle']);
  assert.match(app(dev).ui.notice, /full/);
  act(dev, { type: 'remove', slot: 1 });
  assert.deepEqual(app(dev).data.slots, ['moonmilk', 'hushleaf', 'thistle']);
  act(dev, { type: 'remove', slot: 7 });
  act(dev, { type: 'remove', slot: 'x' });
  act(dev, { type: 'add', ing: 'nope' });
  assert.deepEqual(app(dev).data.slots, ['moonmilk', 'hushleaf', 'thistle']);
  act(dev, { type: 'empty' });
  assert.deepEqual(app(dev).data.slots, []);
  assert.deepEqual(app(dev).data.stock, readJson('apps/potionlab/world.json').stock, 'slots never touch the stock');
});

test('brew uses the ingredients, shelves the potion, records the book and shows the result', async () => {
  const dev = await open();
  const p = brew(dev, ['dewmoss', 'hushleaf', 'moonmilk']);
  const { data, ui } = app(dev);
  assert.deepEqual([p.family, p.grade, p.cloudy, p.layered], ['hush', 3, false, true]);
  assert.deepEqual(p.recipe, ['dewmoss', 'hushleaf', 'moonmilk']);
  assert.equal(data.stock.dewmoss, 4);
  assert.equal(data.stock.hushleaf, 2);
  assert.equal(data.stock.moonmilk, 0);
  assert.deepEqual(data.slots, []);
  assert.equal(data.brews, 1);
  assert.equal(data.potions.length, 3);
  assert.ok(data.book.some((b) => b.id === 'hush-3' && b.brewed === 1));
  assert.equal(ui.result.discovered, true);
  assert.ok(ui.result.steps.length >= 2);
  act(dev, { type: 'dismiss_result' });
  assert.equal(app(dev).ui.result, null);
  // brewing a known key again counts it
  brew(dev, ['rimeshard', 'frostfern']);
  assert.equal(app(dev).data.book.find((b) => b.id === 'rime-2').brewed, 2);
  assert.equal(app(dev).ui.result.discovered, false);
  // a failed brew is sludge, still recorded
  const m = brew(dev, ['emberroot', 'frostfern']);
  assert.equal(m.family, 'murk');
  assert.ok(app(dev).data.book.some((b) => b.id === 'murk'));
});

test('brew refuses fewer than two ingredients and never goes below zero stock', async () => {
  const dev = await open();
  act(dev, { type: 'add', ing: 'dewmoss' });
  const before = JSON.stringify(app(dev).data);
  act(dev, { type: 'brew' });
  assert.equal(JSON.stringify(app(dev).data), before);
  assert.match(app(dev).ui.notice, /at least 2/);
  // slots edited behind the reducer's back (a setState patch) cannot overdraw the pantry
  dev.setState({ apps: { potionlab: { data: { slots: ['moonmilk', 'moonmilk'] } } } });
  act(dev, { type: 'brew' });
  assert.equal(app(dev).data.stock.moonmilk, 1);
  assert.equal(app(dev).data.potions.length, 2);
  assert.match(app(dev).ui.notice, /Not enough/);
});

test('buy spends coins and adds stock; refused without enough coins or with bad quantities', async () => {
  const dev = await open();
  buy(dev, 'stormglass');
  assert.equal(app(dev).data.coins, 22);
  assert.equal(app(dev).data.stock.stormglass, 1);
  buy(dev, 'turnwort', 2);
  assert.equal(app(dev).data.coins, 16);
  assert.equal(app(dev).data.stock.turnwort, 4);
  for (const [ing, qty] of [['nope', 1], ['dewmoss', 0], ['dewmoss', -2], ['dewmoss', 1.5], ['dewmoss', 'x']]) buy(dev, ing, qty);
  assert.equal(app(dev).data.coins, 16);
  buy(dev, 'stormglass', 3);
  assert.equal(app(dev).data.coins, 16, 'refused: 24 > 16');
  assert.match(app(dev).ui.notice, /Not enough coins/);
  buy(dev, 'stormglass', 2);
  assert.equal(app(dev).data.coins, 0);
  buy(dev, 'dewmoss');
  assert.equal(app(dev).data.coins, 0);
});

test('discard asks first, then pours the potion away', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'shelf' });
  onTab(dev, 'shelf', { type: 'open_potion', id: 'pw1' });
  assert.equal(app(dev).ui.screen, 'potion');
  act(dev, { type: 'discard' });
  assert.equal(app(dev).ui.dialog, 'discard');
  act(dev, { type: 'close_dialog' });
  assert.equal(app(dev).data.potions.length, 2);
  act(dev, { type: 'discard', id: 'pw1' });
  act(dev, { type: 'confirm_discard' });
  assert.deepEqual(app(dev).data.potions.map((p) => p.id), ['pw2']);
  assert.equal(app(dev).ui.screen, 'tabs');
  assert.equal(app(dev).ui.tab, 'shelf');
  act(dev, { type: 'confirm_discard' });
  act(dev, { type: 'discard', id: 'nope' });
  onTab(dev, 'shelf', { type: 'open_potion', id: 'nope' });
  assert.deepEqual(app(dev).data.potions.map((p) => p.id), ['pw2']);
});

test('discard acts only on the potion on screen', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'shelf' });
  act(dev, { type: 'discard', id: 'pw1' });
  assert.equal(app(dev).ui.dialog, null, 'the shelf shows no Pour away button');
  act(dev, { type: 'confirm_discard' });
  assert.deepEqual(app(dev).data.potions.map((p) => p.id), ['pw1', 'pw2']);
  assert.equal(app(dev).ui.screen, 'tabs');
  onTab(dev, 'orders', { type: 'open_order', id: 'o5' });
  act(dev, { type: 'discard', id: 'pw1' });
  act(dev, { type: 'confirm_discard' });
  assert.deepEqual(app(dev).data.potions.map((p) => p.id), ['pw1', 'pw2'], 'not from an order screen');
  assert.equal(app(dev).ui.screen, 'order');
  dev.system({ type: 'back' });
  onTab(dev, 'shelf', { type: 'open_potion', id: 'pw1' });
  act(dev, { type: 'discard', id: 'pw2' });
  assert.equal(app(dev).ui.dialog, null, 'not another potion than the one shown');
  act(dev, { type: 'discard', id: 'pw1' });
  act(dev, { type: 'confirm_discard' });
  assert.deepEqual(app(dev).data.potions.map((p) => p.id), ['pw2']);
  assert.equal(app(dev).ui.tab, 'shelf');
});

test('book: open a recipe and load it into the cauldron when the pantry allows', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'book' });
  onTab(dev, 'book', { type: 'open_recipe', key: 'zest-1' });
  assert.equal(app(dev).ui.screen, 'recipe');
  act(dev, { type: 'load' });
  assert.deepEqual(app(dev).data.slots, ['hushleaf', 'turnwort', 'dewmoss']);
  assert.equal(app(dev).ui.tab, 'brew');
  onTab(dev, 'book', { type: 'open_recipe', key: 'nope' });
  assert.equal(app(dev).ui.screen, 'tabs');
  onTab(dev, 'book', { type: 'open_recipe', key: 'hush-3' });
  act(dev, { type: 'load' });
  assert.equal(app(dev).ui.screen, 'recipe', 'undiscovered: nothing to load');
  dev.setState({ apps: { potionlab: { data: { stock: { rimeshard: 0 } } } } });
  act(dev, { type: 'load', key: 'rime-2' });
  assert.equal(app(dev).ui.notice, null, 'not the recipe shown (hush-3)');
  onTab(dev, 'book', { type: 'open_recipe', key: 'rime-2' });
  act(dev, { type: 'load', key: 'rime-2' });
  assert.match(app(dev).ui.notice, /Not enough Rimeshard/);
  assert.deepEqual(app(dev).data.slots, ['hushleaf', 'turnwort', 'dewmoss']);
});

test('navigation: tabs, rules, back and intents', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'pantry' });
  assert.equal(app(dev).ui.tab, 'pantry');
  act(dev, { type: 'tab', tab: 'nope' });
  assert.equal(app(dev).ui.tab, 'pantry');
  act(dev, { type: 'rules' });
  assert.equal(app(dev).ui.screen, 'rules');
  act(dev, { type: 'rules' });
  assert.equal(app(dev).ui.stack.length, 1);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'tabs');
  assert.equal(app(dev).ui.tab, 'pantry');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  dev.system({ type: 'open', app: 'potionlab', intent: { order: 'o5' } });
  assert.equal(app(dev).ui.screen, 'order');
  assert.equal(app(dev).ui.order, 'o5');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.tab, 'orders');
  dev.system({ type: 'open', app: 'potionlab', intent: { order: 'zz' } });
  assert.equal(app(dev).ui.screen, 'tabs');
  dev.system({ type: 'open', app: 'potionlab', intent: { tab: 'book' } });
  assert.equal(app(dev).ui.tab, 'book');
  assert.equal(act(dev, { type: 'nope' }), false);
});

test('back closes the result and the dialog before leaving the screen', async () => {
  const dev = await open();
  brew(dev, ['hushleaf', 'moonmilk']);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.result, null);
  assert.equal(dev.getState().os.screen, 'app');
  onTab(dev, 'shelf', { type: 'open_potion', id: 'pw2' });
  act(dev, { type: 'discard' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.dialog, null);
  assert.equal(app(dev).ui.screen, 'potion');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'tabs');
});

test('market: filter chips and the buy sheet with a typed quantity', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'pantry' });
  act(dev, { type: 'market', filter: 'spark' });
  assert.equal(app(dev).ui.market, 'spark');
  act(dev, { type: 'market', filter: 'nope' });
  assert.equal(app(dev).ui.market, 'spark');
  act(dev, { type: 'buy_sheet', ing: 'zapberry' });
  assert.equal(app(dev).ui.buying, 'zapberry');
  assert.equal(app(dev).ui.drafts.qty, '1');
  dev.dispatch('potionlab', { type: '@draft', key: 'qty', value: '3' });
  act(dev, { type: 'buy' });
  assert.equal(app(dev).data.stock.zapberry, 5);
  assert.equal(app(dev).data.coins, 18);
  assert.equal(app(dev).ui.buying, null);
  act(dev, { type: 'buy_sheet', ing: 'stormglass' });
  for (const bad of ['', '0', '21', 'two', '-1', '2.5']) {
    dev.dispatch('potionlab', { type: '@draft', key: 'qty', value: bad });
    act(dev, { type: 'buy' });
    assert.equal(app(dev).data.coins, 18, `qty ${JSON.stringify(bad)} is refused`);
    assert.equal(app(dev).ui.buying, 'stormglass');
  }
  dev.dispatch('potionlab', { type: '@draft', key: 'qty', value: '3' });
  act(dev, { type: 'buy' });
  assert.match(app(dev).ui.notice, /Not enough coins: 3 Stormglass cost 24, you have 18/);
  act(dev, { type: 'close_sheet' });
  assert.equal(app(dev).ui.buying, null);
  act(dev, { type: 'buy_sheet', ing: 'nope' });
  assert.equal(app(dev).ui.buying, null);
  act(dev, { type: 'buy_sheet', ing: 'dewmoss' });
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.buying, null, 'back closes the sheet');
  assert.equal(app(dev).ui.tab, 'pantry');
  assert.ok(lab.MARKET_FILTERS.includes('catalyst'));
  assert.deepEqual([lab.parseQty('07'), lab.parseQty(4), lab.parseQty(' 2 '), lab.parseQty('100')], [7, 4, 2, null]);
});

test('remove takes a whole slot index only: "", null, true and [] remove nothing', async () => {
  const dev = await open();
  for (const ing of ['dewmoss', 'hushleaf', 'thistle']) act(dev, { type: 'add', ing });
  for (const slot of ['', null, true, [], ' ', '1.0', -0.5]) act(dev, { type: 'remove', slot });
  assert.deepEqual(app(dev).data.slots, ['dewmoss', 'hushleaf', 'thistle']);
  act(dev, { type: 'remove', slot: '2' });
  act(dev, { type: 'remove', slot: 0 });
  assert.deepEqual(app(dev).data.slots, ['hushleaf']);
});
