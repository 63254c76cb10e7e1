// Alembic acts only on what is on screen: the cauldron's tiles and slots on the Brew tab, the market's chips and
// Buy buttons on the Market tab (rows its filter lists), the sheet's Buy for the sheet's ingredient, and the
// shelf / orders / book rows on their tabs; nothing under the result dialog or the buy sheet.

import test from 'node:test';
import assert from 'node:assert/strict';
import { open, app, act } from './testkit.mjs';

const snap = (dev) => JSON.stringify(app(dev).data);

test('brew actions act only on the Brew tab with no result over it', async () => {
  const dev = await open();
  act(dev, { type: 'add', ing: 'dewmoss' });
  act(dev, { type: 'tab', tab: 'pantry' });
  const before = snap(dev);
  for (const a of [{ type: 'add', ing: 'hushleaf' }, { type: 'remove', slot: 0 }, { type: 'empty' }, { type: 'brew' }]) act(dev, a);
  assert.equal(snap(dev), before, 'from the Market tab');
  act(dev, { type: 'tab', tab: 'brew' });
  act(dev, { type: 'add', ing: 'hushleaf' });
  act(dev, { type: 'brew' });
  assert.ok(app(dev).ui.result, 'brewed on the Brew tab');
  const brewed = snap(dev);
  act(dev, { type: 'add', ing: 'moonmilk' });
  act(dev, { type: 'brew' });
  assert.equal(snap(dev), brewed, 'under the result dialog');
  act(dev, { type: 'dismiss_result' });
  act(dev, { type: 'add', ing: 'moonmilk' });
  assert.deepEqual(app(dev).data.slots, ['moonmilk']);
});

test('market actions: chips and Buy buttons on the Market tab, rows its filter lists, the sheet its own ingredient', async () => {
  const dev = await open();
  act(dev, { type: 'market', filter: 'spark' });
  act(dev, { type: 'buy_sheet', ing: 'zapberry' });
  assert.deepEqual([app(dev).ui.market, app(dev).ui.buying], ['all', null], 'from the Brew tab');
  act(dev, { type: 'buy', ing: 'zapberry', qty: 2 });
  assert.equal(app(dev).data.coins, 30, 'no sheet, no purchase');
  act(dev, { type: 'tab', tab: 'pantry' });
  act(dev, { type: 'market', filter: 'spark' });
  act(dev, { type: 'buy_sheet', ing: 'dewmoss' });
  assert.equal(app(dev).ui.buying, null, 'a calm ingredient is not listed under the spark chip');
  act(dev, { type: 'buy_sheet', ing: 'zapberry' });
  assert.equal(app(dev).ui.buying, 'zapberry');
  act(dev, { type: 'market', filter: 'all' });
  act(dev, { type: 'buy_sheet', ing: 'stormglass' });
  assert.deepEqual([app(dev).ui.market, app(dev).ui.buying], ['spark', 'zapberry'], 'under the sheet');
  act(dev, { type: 'buy', ing: 'stormglass', qty: 1 });
  assert.equal(app(dev).data.coins, 30, 'not another ingredient than the sheet shows');
  const had = app(dev).data.stock.zapberry;
  act(dev, { type: 'buy' });
  assert.equal(app(dev).data.stock.zapberry, had + 1, 'the sheet\'s Buy: its ingredient, the typed 1');
  assert.ok(app(dev).data.coins < 30);
});

test('open_potion / open_order / open_recipe open only a row of their tab', async () => {
  const dev = await open();
  act(dev, { type: 'open_potion', id: 'pw1' });
  act(dev, { type: 'open_order', id: 'o1' });
  act(dev, { type: 'open_recipe', key: 'zest-1' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.tab], ['tabs', 'brew'], 'from the Brew tab');
  act(dev, { type: 'tab', tab: 'shelf' });
  act(dev, { type: 'open_order', id: 'o1' });
  assert.equal(app(dev).ui.screen, 'tabs', 'an order from the shelf');
  act(dev, { type: 'open_potion', id: 'pw1' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.potion], ['potion', 'pw1']);
  act(dev, { type: 'open_potion', id: 'pw2' });
  assert.equal(app(dev).ui.potion, 'pw1', 'from a potion screen');
  act(dev, { type: 'tab', tab: 'orders' });
  act(dev, { type: 'open_order', id: 'o1' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.order], ['order', 'o1']);
  act(dev, { type: 'tab', tab: 'book' });
  act(dev, { type: 'open_recipe', key: 'zest-1' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.recipe], ['recipe', 'zest-1']);
});
