// Forkful orders after payment: tracking on the virtual clock, cancel and refunds, sharing, reorder.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as F from './logic.js';
import { world, NOW, MIN, device, fd, go, draft, totals, add, pay } from './testkit.mjs';

test('tracking follows virtual time; cancel only before preparation, with refund and coupon back', async () => {
  const dev = await device({}, ['food', 'messages', 'contacts']);
  add(dev, 'r9', 'm901', { qty: 2 });
  go(dev, { type: 'open_cart' });
  draft(dev, 'coupon', 'SWEET15');
  go(dev, { type: 'apply_coupon' });
  pay(dev);
  const id = fd(dev).ui.order;
  const order = () => fd(dev).data.orders.find((o) => o.id === id);
  const now = () => dev.getState().os.clock.now;
  assert.deepEqual(F.stageTimes(world, order()), { placed: NOW, preparing: NOW + 5 * MIN, on_the_way: NOW + 15 * MIN, delivered: NOW + 29 * MIN });
  assert.equal(F.stageOf(world, order(), now()), 'placed');
  assert.equal(F.shareText(world, order(), now()), 'My Forkful order from Sugar & Stone arrives around 09:59.');
  dev.system({ type: 'tick', ms: 5 * MIN });
  assert.equal(F.stageOf(world, order(), now()), 'preparing');
  go(dev, { type: 'ask_cancel' });
  assert.equal(fd(dev).ui.error, 'Too late to cancel: the restaurant is already preparing this order');
  assert.equal(fd(dev).ui.dialog, null);
  dev.system({ type: 'tick', ms: 10 * MIN });
  assert.equal(F.stageOf(world, order(), now()), 'on_the_way');
  dev.system({ type: 'tick', ms: 14 * MIN });
  assert.equal(F.stageOf(world, order(), now()), 'delivered');
  assert.equal(F.shareText(world, order(), now()), 'Forkful order from Sugar & Stone on Sat, Mar 14: $11.34');
  // a fresh order can be cancelled within the first five minutes
  add(dev, 'r9', 'm901', { qty: 2 });
  pay(dev);
  const id2 = fd(dev).ui.order;
  const wallet = fd(dev).data.wallet;
  dev.system({ type: 'tick', ms: 4 * MIN });
  go(dev, { type: 'ask_cancel', id: id2 });
  assert.deepEqual(fd(dev).ui.dialog, { kind: 'cancel', order: id2 });
  go(dev, { type: 'close_dialog' });
  go(dev, { type: 'ask_cancel', id: id2 });
  go(dev, { type: 'confirm_cancel' });
  const o2 = fd(dev).data.orders.find((o) => o.id === id2);
  assert.equal(o2.status, 'cancelled');
  assert.equal(o2.refund, o2.total);
  assert.equal(fd(dev).data.wallet, wallet + o2.total);
  assert.equal(F.stageOf(world, o2, now()), 'cancelled');
  go(dev, { type: 'ask_cancel', id: id2 });
  assert.equal(fd(dev).ui.error, 'This order is already cancelled');
  assert.equal(F.shareText(world, o2, now()), 'My Forkful order from Sugar & Stone was cancelled.');
  go(dev, { type: 'confirm_cancel' });
  assert.equal(fd(dev).data.wallet, wallet + o2.total, 'no double refund');
  const sorted = F.sortedOrders(world, fd(dev).data.orders, now());
  assert.deepEqual(sorted.slice(0, 3).map((o) => o.id), [id2, id, 'ord903'], 'newest first once nothing is active');
  add(dev, 'r9', 'm904', { qty: 3 });
  pay(dev);
  assert.equal(F.sortedOrders(world, fd(dev).data.orders, now())[0].id, fd(dev).ui.order, 'active orders first');
});

test('coupon returns after cancelling; intent opens an order; share hands the text to Messages', async () => {
  const dev = await device({}, ['food', 'messages', 'contacts']);
  add(dev, 'r6', 'm601', { qty: 2 });
  go(dev, { type: 'open_cart' });
  draft(dev, 'coupon', 'GREEN3');
  go(dev, { type: 'apply_coupon' });
  pay(dev);
  const id = fd(dev).ui.order;
  assert.equal(fd(dev).data.coupons.find((c) => c.code === 'GREEN3').used, true);
  go(dev, { type: 'ask_cancel' });
  go(dev, { type: 'confirm_cancel' });
  assert.equal(fd(dev).data.coupons.find((c) => c.code === 'GREEN3').used, false);
  go(dev, { type: 'tab', tab: 'home' });
  dev.system({ type: 'home' });
  dev.system({ type: 'tap_notification', id: dev.getState().os.notifications[0].id });
  assert.deepEqual([fd(dev).ui.screen, fd(dev).ui.order, dev.getState().os.foreground], ['order', id, 'food']);
  go(dev, { type: 'share_order' });
  const st = dev.getState();
  assert.equal(st.os.foreground, 'messages');
  assert.equal(st.apps.messages.ui.drafts.compose, 'My Forkful order from Green Fork was cancelled.');
  go(dev, { type: 'intent', order: 'nope' });
  assert.equal(fd(dev).ui.order, id);
});

test('share without Messages shows a notice', async () => {
  const dev = await device();
  go(dev, { type: 'open_order', id: 'ord901' });
  go(dev, { type: 'share_order' });
  assert.equal(fd(dev).ui.notice, 'Messages is not available');
  assert.equal(dev.getState().os.foreground, 'food');
});

test('reorder copies the lines and the address into the cart, asking before replacing another restaurant', async () => {
  const dev = await device();
  go(dev, { type: 'tab', tab: 'orders' });
  go(dev, { type: 'open_order', id: 'ord903' });
  go(dev, { type: 'reorder' });
  let s = fd(dev);
  assert.equal(s.ui.screen, 'cart');
  assert.equal(s.data.cart.restaurant, 'r3');
  assert.equal(s.data.cart.address, 'a2');
  assert.deepEqual(s.data.cart.lines.map(({ item, qty, opts }) => ({ item, qty, opts })), [
    { item: 'm303', qty: 1, opts: { eggs: 'poached', bfast_extra: ['bacon'] } }, { item: 'm305', qty: 2, opts: { milk: 'oat' } }]);
  assert.equal(totals(dev).subtotal, 1950);
  go(dev, { type: 'back' });
  assert.equal(fd(dev).ui.screen, 'order');
  go(dev, { type: 'open_order', id: 'ord901' });
  go(dev, { type: 'reorder' });
  assert.equal(fd(dev).ui.dialog.kind, 'clear_cart');
  go(dev, { type: 'confirm_clear' });
  s = fd(dev);
  assert.deepEqual([s.ui.screen, s.data.cart.restaurant, s.data.cart.address, s.data.cart.lines.length], ['cart', 'r1', 'a1', 2]);
  go(dev, { type: 'reorder', id: 'nope' });
  assert.equal(fd(dev).ui.screen, 'cart');
  // closed restaurants cannot be reordered from
  const late = await device({ now: Date.UTC(2026, 2, 14, 16, 0) });
  go(late, { type: 'open_order', id: 'ord903' });
  go(late, { type: 'reorder' });
  assert.match(fd(late).ui.error, /Sunrise Skillet is closed now/);
  assert.equal(fd(late).data.cart.lines.length, 0);
});

test('orders placed in one virtual minute list newest first, past two-digit ids too', async () => {
  const dev = await device();
  go(dev, { type: 'tab', tab: 'account' });
  go(dev, { type: 'open_screen', screen: 'wallet' });
  for (let i = 0; i < 4; i += 1) {
    go(dev, { type: 'ask_topup', amount: 5000 });
    go(dev, { type: 'confirm_topup' });
  }
  for (let i = 0; i < 5; i += 1) {
    add(dev, 'r1', 'm101', { qty: 2 });
    pay(dev);
  }
  const past = new Set(world.orders.map((o) => o.id));
  const mine = fd(dev).data.orders.filter((o) => !past.has(o.id)).map((o) => o.id);
  assert.equal(mine.length, 5);
  assert.ok(mine.some((id) => id.length === 4) && mine.some((id) => id.length === 5), mine.join(' '));
  const listed = F.sortedOrders(world, fd(dev).data.orders, NOW).map((o) => o.id);
  assert.deepEqual(listed.slice(0, 5), mine.slice().reverse());
});
