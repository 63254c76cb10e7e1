// Alembic orders: delivering potions against an order's request, and the Messages / Contacts hand-offs.

import test from 'node:test';
import assert from 'node:assert/strict';
import { createDevice } from '../../runtime/core/device.js';
import { intentRecorder } from '../../runtime/node/load.js';
import * as lab from './logic.js';
import { world, open, app, act, brew, buy, onTab } from './testkit.mjs';

/** A device with Alembic and stub Messages/Contacts apps that record the intents they receive. */
function withStubs() {
  const stub = () => intentRecorder({ data: { contacts: [{ id: 'c8', name: 'Hana Petrov' }] } });
  const dev = createDevice({ apps: { potionlab: lab, messages: stub(), contacts: stub() }, worlds: { potionlab: world } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'potionlab' });
  return dev;
}

test('deliver checks family, grade, clear and layered, then pays reward plus tips', async () => {
  const dev = await open();
  act(dev, { type: 'tab', tab: 'orders' });
  onTab(dev, 'orders', { type: 'open_order', id: 'o3' });
  assert.equal(app(dev).ui.screen, 'order');
  act(dev, { type: 'deliver', potion: 'pw1' });
  assert.match(app(dev).ui.notice, /Not accepted/);
  assert.equal(app(dev).data.orders.find((o) => o.id === 'o3').status, 'open');
  const cloudy = brew(dev, ['sunscale', 'thistle']); // heat 3, spark 1: cloudy grade I
  onTab(dev, 'orders', { type: 'open_order', id: 'o3' }); // brewing left the order screen
  act(dev, { type: 'deliver', order: 'o3', potion: cloudy.id });
  assert.equal(app(dev).data.orders.find((o) => o.id === 'o3').status, 'open');
  const good = brew(dev, ['cinderpepper', 'mirrorcap', 'cinderpepper']); // heat 6: grade III, clear
  onTab(dev, 'orders', { type: 'open_order', id: 'o3' }); // brewing left the order screen
  act(dev, { type: 'deliver', order: 'o3', potion: good.id });
  const o3 = app(dev).data.orders.find((o) => o.id === 'o3');
  assert.equal(o3.status, 'done');
  assert.equal(o3.paid, 26);
  assert.deepEqual(o3.potion, { family: 'ember', grade: 3, cloudy: false, layered: false, from: good.id, recipe: ['cinderpepper', 'mirrorcap', 'cinderpepper'] });
  assert.equal(app(dev).data.coins, 56);
  assert.ok(!app(dev).data.potions.some((p) => p.id === good.id));
  // a delivered order takes nothing more
  act(dev, { type: 'deliver', order: 'o3', potion: cloudy.id });
  assert.equal(app(dev).data.coins, 56);
  assert.ok(app(dev).data.potions.some((p) => p.id === cloudy.id));
  // the shelf's rime draught fills Celia's order (grade II vs I: one tip), from that order's screen
  act(dev, { type: 'deliver', order: 'o2', potion: 'pw2' });
  assert.equal(app(dev).data.orders.find((o) => o.id === 'o2').status, 'open', 'not from the o3 screen');
  onTab(dev, 'orders', { type: 'open_order', id: 'o2' });
  act(dev, { type: 'deliver', order: 'o2', potion: 'pw2' });
  assert.equal(app(dev).data.orders.find((o) => o.id === 'o2').paid, 14);
  assert.equal(app(dev).data.coins, 70);
  // unknown ids change nothing
  const before = JSON.stringify(app(dev).data);
  act(dev, { type: 'deliver', order: 'zz', potion: 'pw1' });
  act(dev, { type: 'deliver', order: 'o1', potion: 'zz' });
  assert.equal(JSON.stringify(app(dev).data), before);
});

test('layered orders need a layered potion', async () => {
  const dev = await open();
  const flat = brew(dev, ['rimeshard', 'glaciersalt']);
  onTab(dev, 'orders', { type: 'open_order', id: 'o7' });
  act(dev, { type: 'deliver', order: 'o7', potion: flat.id });
  assert.equal(app(dev).data.orders.find((o) => o.id === 'o7').status, 'open');
  dev.setState({ apps: { potionlab: { data: { stock: { rimeshard: 1, glaciersalt: 1 } } } } });
  const layered = brew(dev, ['frostfern', 'glaciersalt', 'rimeshard']);
  onTab(dev, 'orders', { type: 'open_order', id: 'o7' }); // brewing left the order screen
  act(dev, { type: 'deliver', order: 'o7', potion: layered.id });
  assert.equal(app(dev).data.orders.find((o) => o.id === 'o7').paid, 30);
});

test('message and contact hand off to the other apps; without them a notice', async () => {
  const dev = withStubs();
  onTab(dev, 'orders', { type: 'open_order', id: 'o1' });
  act(dev, { type: 'message' });
  const st = dev.getState();
  assert.equal(st.os.foreground, 'messages');
  assert.equal(st.apps.messages.data.intents[0].to, 'c8');
  assert.match(st.apps.messages.data.intents[0].text, /^Hi Hana, about your order for a Hush Elixir, grade II or better/);
  dev.system({ type: 'open', app: 'potionlab' });
  act(dev, { type: 'open_contact', order: 'o2' });
  assert.equal(dev.getState().apps.contacts.data.intents.length, 0, 'not the order shown');
  act(dev, { type: 'open_contact', order: 'o1' });
  assert.deepEqual(dev.getState().apps.contacts.data.intents[0], { contact_id: 'c8' });
  const alone = await open();
  onTab(alone, 'orders', { type: 'open_order', id: 'o1' });
  act(alone, { type: 'message' });
  assert.match(app(alone).ui.notice, /Messages is not available/);
  assert.equal(alone.getState().os.foreground, 'potionlab');
});

test('delivered order text names the potion (real Messages and Contacts)', async () => {
  const dev = await open(['potionlab', 'contacts', 'messages']);
  const p = brew(dev, ['hushleaf', 'moonmilk']);
  onTab(dev, 'orders', { type: 'open_order', id: 'o1' });
  act(dev, { type: 'deliver', order: 'o1', potion: p.id });
  act(dev, { type: 'message' });
  const st = dev.getState();
  assert.equal(st.os.foreground, 'messages');
  assert.equal(st.apps.messages.ui.drafts.compose, 'Hi Hana, your Sturdy Hush Elixir is ready for pickup at Alembic.');
});

test('delivered orders keep the potion recipe for the record', async () => {
  const dev = await open();
  const p = brew(dev, ['dewmoss', 'hushleaf', 'hushleaf']);
  act(dev, { type: 'deliver', order: 'o1', potion: p.id });
  assert.equal(app(dev).data.orders.find((o) => o.id === 'o1').status, 'open', 'not from the brew tab');
  onTab(dev, 'orders', { type: 'open_order', id: 'o1' });
  act(dev, { type: 'deliver', order: 'o1', potion: p.id });
  assert.deepEqual(app(dev).data.orders.find((o) => o.id === 'o1').potion.recipe, ['dewmoss', 'hushleaf', 'hushleaf']);
});
