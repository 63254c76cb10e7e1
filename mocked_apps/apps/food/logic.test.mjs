import test from 'node:test';
import assert from 'node:assert/strict';
import * as F from './logic.js';
import { world, NOW, MIN, device, fd, go, draft, totals, add, pay } from './testkit.mjs';

test('init: wallet, addresses, coupons relative to the clock, priced history, empty cart; small and deterministic', async () => {
  const dev = await device();
  const s = fd(dev);
  assert.equal(s.data.wallet, 4250);
  assert.deepEqual(s.data.addresses.map((a) => a.id), ['a1', 'a2', 'a3']);
  assert.deepEqual(s.data.cart, { restaurant: null, lines: [], coupon: null, tip: 0, address: 'a1' });
  const c = Object.fromEntries(s.data.coupons.map((x) => [x.code, x]));
  assert.equal(c.FREEDEL.expires_at, Date.UTC(2026, 2, 14, 23, 59));
  assert.equal(c.SPRING10.expires_at, Date.UTC(2026, 2, 13, 23, 59));
  assert.equal(c.FIRSTBITE.used, true);
  const o1 = s.data.orders.find((o) => o.id === 'ord901');
  assert.equal(o1.placed_at, Date.UTC(2026, 2, 12, 19, 40));
  assert.deepEqual([o1.subtotal, o1.fee, o1.discount, o1.tip, o1.total], [2350, 249, 0, 200, 2799]);
  const o2 = s.data.orders.find((o) => o.id === 'ord902');
  assert.deepEqual([o2.subtotal, o2.discount, o2.total], [3750, 600, 3750 + 249 - 600 + 300]);
  assert.ok(JSON.stringify(s).length < 10000, 's0 stays small');
  const other = await device({ now: NOW + 86400000 });
  assert.equal(fd(other).data.coupons.find((x) => x.code === 'FREEDEL').expires_at, Date.UTC(2026, 2, 15, 23, 59));
  const again = await device();
  assert.deepEqual(fd(again), s);
});

test('menu selectors: hours on the virtual clock, list filters and sorts, options and prices', () => {
  const r = (id) => F.restaurant(world, id);
  assert.equal(F.isOpen(r('r1'), NOW), true);
  assert.equal(F.isOpen(r('r2'), NOW), false);
  assert.equal(F.hoursLabel(r('r2'), NOW), 'Closed · opens at 10:00');
  assert.equal(F.hoursLabel(r('r1'), NOW), 'Open · until 23:00');
  assert.equal(F.hoursLabel(r('r3'), Date.UTC(2026, 2, 14, 16, 0)), 'Closed · opens tomorrow 07:00');
  assert.equal(F.isOpen(r('r6'), Date.UTC(2026, 2, 15, 12, 0)), false, 'Green Fork closes on Sundays');
  assert.equal(F.hoursLabel(r('r6'), Date.UTC(2026, 2, 15, 12, 0)), 'Closed · opens tomorrow 08:00');
  assert.equal(F.isOpen(r('r1'), Date.UTC(2026, 2, 14, 23, 0)), false, 'close is exclusive');
  const open = F.listRestaurants(world, { openOnly: true }, NOW).map((x) => x.id);
  assert.deepEqual(open, ['r9', 'r3', 'r1', 'r8', 'r6']);
  assert.deepEqual(F.listRestaurants(world, { sort: 'fee' }, NOW).slice(0, 2).map((x) => x.id), ['r4', 'r6']);
  assert.deepEqual(F.listRestaurants(world, { query: 'naan' }, NOW).map((x) => x.id), ['r8']);
  assert.deepEqual(F.listRestaurants(world, { cuisine: 'Pizza' }, NOW).map((x) => x.id), ['r1']);
  assert.equal(F.listRestaurants(world, { query: 'zzz' }, NOW).length, 0);
  const m101 = F.findItem(world, 'm101').item;
  assert.deepEqual(F.defaultOpts(world, m101), { pizza_size: 's', pizza_extra: [] });
  assert.deepEqual(F.normalizeOpts(world, m101, { pizza_extra: ['basil', 'cheese', 'cheese'] }), { pizza_size: 's', pizza_extra: ['cheese', 'basil'] });
  assert.equal(F.normalizeOpts(world, m101, { pizza_size: 'xl' }), null);
  assert.equal(F.normalizeOpts(world, m101, { milk: 'oat' }), null);
  assert.equal(F.normalizeOpts(world, m101, { pizza_extra: 'cheese' }), null);
  assert.equal(F.unitPrice(world, m101, { pizza_size: 'l', pizza_extra: ['cheese', 'basil'] }), 1100 + 550 + 150 + 50);
  assert.equal(F.optsSummary(world, m101, { pizza_size: 'l', pizza_extra: ['cheese'] }), 'Large 14", Extra cheese');
  assert.equal(F.etaMinutes(r('r6'), 5), 27);
  assert.equal(F.money(1234), '$12.34');
  assert.equal(F.money(-50), '-$0.50');
});

test('item screen: options, quantity, add to cart merges equal lines, closed restaurants refuse', async () => {
  const dev = await device();
  add(dev, 'r1', 'm101', { opts: { pizza_size: 'l', pizza_extra: ['cheese', 'olive'] }, qty: 2 });
  let s = fd(dev);
  assert.equal(s.ui.screen, 'restaurant');
  assert.equal(s.ui.notice, 'Added to cart');
  assert.deepEqual(s.data.cart.lines.map(({ item, qty, opts }) => ({ item, qty, opts })),
    [{ item: 'm101', qty: 2, opts: { pizza_size: 'l', pizza_extra: ['cheese', 'olive'] } }]);
  add(dev, 'r1', 'm101', { opts: { pizza_size: 'l', pizza_extra: ['olive', 'cheese'] } });
  assert.equal(fd(dev).data.cart.lines.length, 1);
  assert.equal(fd(dev).data.cart.lines[0].qty, 3);
  // pick_option toggles 'many' groups off again; qty never drops below 1
  go(dev, { type: 'open_item', id: 'm102' });
  go(dev, { type: 'pick_option', group: 'pizza_extra', choice: 'jala' });
  go(dev, { type: 'pick_option', group: 'pizza_extra', choice: 'jala' });
  go(dev, { type: 'item_qty', delta: -1 });
  s = fd(dev);
  assert.deepEqual(s.ui.item, { id: 'm102', qty: 1, opts: { pizza_size: 's', pizza_extra: [] } });
  const before = JSON.stringify(s);
  go(dev, { type: 'pick_option', group: 'milk', choice: 'oat' });
  go(dev, { type: 'pick_option', group: 'pizza_size', choice: 'xxl' });
  assert.equal(JSON.stringify(fd(dev)), before, 'bad options change nothing');
  go(dev, { type: 'back' });
  go(dev, { type: 'back' });
  go(dev, { type: 'open_restaurant', id: 'r2' });
  go(dev, { type: 'open_item', id: 'm201' });
  go(dev, { type: 'add_to_cart' });
  assert.match(fd(dev).ui.error, /Golden Ladle is closed now · opens at 10:00/);
  assert.equal(fd(dev).data.cart.restaurant, 'r1');
  go(dev, { type: 'dismiss_error' });
  assert.equal(fd(dev).ui.error, null);
  dev.system({ type: 'tick', ms: 31 * MIN });
  go(dev, { type: 'add_to_cart' });
  assert.equal(fd(dev).ui.dialog.kind, 'clear_cart', 'open now, but the cart holds another restaurant');
});

test('one restaurant per cart: confirm_clear replaces it, close_dialog keeps it', async () => {
  const dev = await device();
  add(dev, 'r1', 'm105');
  go(dev, { type: 'tab', tab: 'home' });
  go(dev, { type: 'open_restaurant', id: 'r9' });
  go(dev, { type: 'open_item', id: 'm904' });
  go(dev, { type: 'add_to_cart' });
  assert.equal(fd(dev).ui.dialog.kind, 'clear_cart');
  go(dev, { type: 'close_dialog' });
  assert.equal(fd(dev).data.cart.restaurant, 'r1');
  assert.equal(fd(dev).ui.screen, 'item');
  go(dev, { type: 'add_to_cart' });
  go(dev, { type: 'confirm_clear' });
  const s = fd(dev);
  assert.equal(s.data.cart.restaurant, 'r9');
  assert.deepEqual(s.data.cart.lines.map((l) => l.item), ['m904']);
  assert.equal(s.ui.screen, 'restaurant');
  go(dev, { type: 'confirm_clear' });
  assert.deepEqual(fd(dev).data.cart.lines.map((l) => l.item), ['m904'], 'confirm without a dialog does nothing');
});

test('cart: quantities, remove, tip, address; emptying resets the cart', async () => {
  const dev = await device();
  add(dev, 'r3', 'm301');
  add(dev, 'r3', 'm305', { opts: { milk: 'oat' } });
  go(dev, { type: 'open_cart' });
  const [l1, l2] = fd(dev).data.cart.lines.map((l) => l.id);
  go(dev, { type: 'line_qty', line: l1, delta: 1 });
  go(dev, { type: 'set_tip', amount: 300 });
  go(dev, { type: 'set_tip', amount: 250 });
  go(dev, { type: 'set_address', id: 'a2' });
  go(dev, { type: 'set_address', id: 'nope' });
  let t = totals(dev);
  assert.deepEqual([t.count, t.subtotal, t.fee, t.tip, t.total], [3, 2700 + 425, 299, 300, 2700 + 425 + 299 + 300]);
  assert.equal(fd(dev).data.cart.address, 'a2');
  go(dev, { type: 'line_qty', line: 'ln999', delta: 1 });
  go(dev, { type: 'remove_line', line: l2 });
  go(dev, { type: 'line_qty', line: l1, delta: -1 });
  t = totals(dev);
  assert.deepEqual([t.count, t.subtotal], [1, 1350]);
  go(dev, { type: 'line_qty', line: l1, delta: -1 });
  assert.deepEqual(fd(dev).data.cart, { restaurant: null, lines: [], coupon: null, tip: 0, address: 'a2' });
  go(dev, { type: 'set_tip', amount: 100 });
  assert.equal(fd(dev).data.cart.tip, 0, 'no tip on an empty cart');
  for (let i = 0; i < 25; i += 1) go(dev, { type: 'open_item', id: 'm305' }) && go(dev, { type: 'item_qty', delta: 1 });
  assert.ok(fd(dev).ui.item.qty <= F.MAX_QTY);
});

test('coupons: rules, one per order, rechecked on every change', async () => {
  const dev = await device();
  add(dev, 'r1', 'm101', { opts: { pizza_size: 'l' }, qty: 2 });
  go(dev, { type: 'open_cart' });
  const tryCode = (code) => { draft(dev, 'coupon', code); go(dev, { type: 'apply_coupon' }); return fd(dev).ui.error; };
  assert.equal(tryCode(''), 'Enter a coupon code');
  assert.equal(tryCode('nope'), 'This code is not valid');
  assert.equal(tryCode('spring10'), 'SPRING10 has expired');
  assert.equal(tryCode('FIRSTBITE'), 'FIRSTBITE was already used');
  assert.equal(tryCode('SWEET15'), 'SWEET15 is only valid at Sugar & Stone');
  assert.equal(tryCode('BIG8'), 'BIG8 needs a subtotal of $40.00');
  assert.equal(fd(dev).data.cart.coupon, null);
  tryCode(' pizza20 ');
  assert.equal(fd(dev).data.cart.coupon, 'PIZZA20');
  assert.equal(fd(dev).ui.drafts.coupon, '');
  let t = totals(dev);
  assert.deepEqual([t.subtotal, t.discount, t.total], [3300, 600, 3300 + 249 - 600], 'percent capped at $6');
  assert.equal(tryCode('WELCOME5'), 'Only one coupon per order · remove PIZZA20 first');
  const line = fd(dev).data.cart.lines[0].id;
  go(dev, { type: 'line_qty', line, delta: -1 });
  t = totals(dev);
  assert.deepEqual([t.subtotal, t.discount], [1650, 330], '20% of $16.50');
  go(dev, { type: 'line_qty', line, delta: 1 });
  go(dev, { type: 'remove_coupon' });
  tryCode('WELCOME5');
  assert.equal(fd(dev).data.cart.coupon, 'WELCOME5');
  go(dev, { type: 'line_qty', line, delta: -1 });
  t = totals(dev);
  assert.equal(t.couponError, 'WELCOME5 needs a subtotal of $20.00');
  assert.equal(t.discount, 0);
  go(dev, { type: 'checkout' });
  assert.match(fd(dev).ui.error, /remove the coupon to continue/);
  go(dev, { type: 'line_qty', line, delta: 1 });
  assert.equal(totals(dev).discount, 500);
  go(dev, { type: 'remove_coupon' });
  tryCode('FREEDEL');
  t = totals(dev);
  assert.deepEqual([t.fee, t.discount, t.total], [249, 249, 3300]);
  assert.equal(F.couponDiscount({ kind: 'percent', value: 15 }, 1250, 0), 188, 'half up');
  assert.equal(F.couponDiscount({ kind: 'amount', value: 500 }, 300, 0), 300);
  dev.system({ type: 'tick', ms: 15 * 60 * MIN });
  assert.equal(totals(dev).couponError, 'FREEDEL has expired', 'expiry follows the virtual clock');
});

test('checkout: minimum order, closed, balance; pay places the order, debits the wallet, uses the coupon', async () => {
  const dev = await device({}, ['food', 'messages', 'contacts']);
  add(dev, 'r1', 'm105');
  go(dev, { type: 'open_cart' });
  go(dev, { type: 'checkout' });
  assert.equal(fd(dev).ui.error, 'Ember & Crust has a $15.00 minimum · add $9.50 more');
  assert.equal(fd(dev).ui.dialog, null);
  go(dev, { type: 'confirm_pay' });
  assert.equal(fd(dev).data.orders.length, 4, 'confirm_pay without the dialog does nothing');
  go(dev, { type: 'line_qty', line: fd(dev).data.cart.lines[0].id, delta: 1 });
  go(dev, { type: 'line_qty', line: fd(dev).data.cart.lines[0].id, delta: 1 });
  draft(dev, 'coupon', 'FREEDEL');
  go(dev, { type: 'apply_coupon' });
  go(dev, { type: 'set_tip', amount: 200 });
  go(dev, { type: 'set_address', id: 'a3' });
  go(dev, { type: 'checkout' });
  assert.deepEqual(fd(dev).ui.dialog, { kind: 'pay', total: 1650 + 200 });
  go(dev, { type: 'confirm_pay' });
  const s = fd(dev);
  const order = s.data.orders[s.data.orders.length - 1];
  assert.deepEqual({ ...order, id: 'x' }, {
    id: 'x', restaurant: 'r1', lines: [{ item: 'm105', qty: 3, opts: {}, unit: 550 }], subtotal: 1650, fee: 249, discount: 249,
    coupon: 'FREEDEL', tip: 200, total: 1850, address: { id: 'a3', label: 'Gym', line: '8 Quarry Street' }, placed_at: NOW, status: 'placed',
  });
  assert.equal(s.data.wallet, 4250 - 1850);
  assert.equal(s.data.coupons.find((c) => c.code === 'FREEDEL').used, true);
  assert.deepEqual(s.data.cart, { restaurant: null, lines: [], coupon: null, tip: 0, address: 'a3' });
  assert.deepEqual([s.ui.tab, s.ui.screen, s.ui.order], ['orders', 'order', order.id]);
  const note = dev.getState().os.notifications[0];
  assert.equal(note.title, 'Order placed · Ember & Crust');
  assert.equal(note.body, 'Arriving around 10:05');
  // too little money
  add(dev, 'r8', 'm803', { qty: 2 });
  go(dev, { type: 'open_cart' });
  go(dev, { type: 'checkout' });
  assert.equal(fd(dev).ui.error, 'Not enough money in your wallet ($24.00) · top up in Account');
  // closed by the time of payment
  dev.system({ type: 'tick', ms: 13 * 60 * MIN });
  go(dev, { type: 'checkout' });
  assert.equal(fd(dev).ui.error, 'Little Saffron is closed now');
  assert.equal(fd(dev).data.orders.length, 5);
});

test('wallet top-up behind a confirm dialog', async () => {
  const dev = await device();
  go(dev, { type: 'tab', tab: 'account' });
  go(dev, { type: 'open_screen', screen: 'wallet' });
  go(dev, { type: 'ask_topup', amount: 1234 });
  assert.equal(fd(dev).ui.dialog, null);
  go(dev, { type: 'ask_topup', amount: 2000 });
  go(dev, { type: 'close_dialog' });
  go(dev, { type: 'confirm_topup' });
  assert.equal(fd(dev).data.wallet, 4250);
  go(dev, { type: 'ask_topup', amount: 2000 });
  go(dev, { type: 'confirm_topup' });
  const s = fd(dev);
  assert.equal(s.data.wallet, 6250);
  assert.deepEqual(s.data.topups.map(({ amount, time }) => ({ amount, time })), [{ amount: 2000, time: NOW }]);
  assert.equal(s.ui.notice, 'Added $20.00 to your wallet');
});

test('new address: validation, saved and selected for delivery', async () => {
  const dev = await device();
  add(dev, 'r6', 'm602');
  go(dev, { type: 'open_cart' });
  go(dev, { type: 'save_address' });
  assert.equal(fd(dev).data.addresses.length, 3, 'save outside the form does nothing');
  go(dev, { type: 'new_address' });
  go(dev, { type: 'save_address' });
  assert.deepEqual(fd(dev).ui.errors, { addr_label: 'Give the address a name', addr_line: 'Enter the street and number' });
  draft(dev, 'addr_label', 'home');
  draft(dev, 'addr_line', '9 Kiln Street');
  go(dev, { type: 'save_address' });
  assert.deepEqual(fd(dev).ui.errors, { addr_label: 'You already have “home”' });
  draft(dev, 'addr_label', '  Studio ');
  go(dev, { type: 'save_address' });
  const s = fd(dev);
  const added = s.data.addresses[3];
  assert.deepEqual({ label: added.label, line: added.line }, { label: 'Studio', line: '9 Kiln Street' });
  assert.equal(s.data.cart.address, added.id);
  assert.equal(s.ui.screen, 'cart');
  assert.equal(s.ui.drafts.addr_label, undefined);
});

test('navigation: tabs, filters, sub screens, back to the root and out of the app', async () => {
  const dev = await device();
  go(dev, { type: 'set_cuisine', value: 'Pizza' });
  go(dev, { type: 'set_cuisine', value: 'Klingon' });
  go(dev, { type: 'toggle_open' });
  go(dev, { type: 'set_sort', value: 'fee' });
  go(dev, { type: 'set_sort', value: 'random' });
  draft(dev, 'search', 'piz');
  go(dev, { type: 'clear_search' });
  assert.deepEqual(fd(dev).ui.filter, { cuisine: 'Pizza', open: true, sort: 'fee' });
  assert.equal(fd(dev).ui.drafts.search, '');
  go(dev, { type: 'tab', tab: 'nowhere' });
  go(dev, { type: 'open_restaurant', id: 'r99' });
  go(dev, { type: 'open_item', id: 'm999' });
  go(dev, { type: 'open_order', id: 'ord000' });
  go(dev, { type: 'open_screen', screen: 'secret' });
  assert.equal(fd(dev).ui.screen, 'home');
  go(dev, { type: 'tab', tab: 'account' });
  go(dev, { type: 'open_screen', screen: 'coupons' });
  go(dev, { type: 'open_screen', screen: 'addresses' });
  go(dev, { type: 'open_cart' });
  go(dev, { type: 'open_cart' });
  assert.equal(fd(dev).ui.stack.length, 3);
  go(dev, { type: 'back' });
  go(dev, { type: 'back' });
  go(dev, { type: 'back' });
  assert.deepEqual([fd(dev).ui.tab, fd(dev).ui.screen], ['account', 'account']);
  go(dev, { type: 'back' });
  assert.deepEqual([fd(dev).ui.tab, fd(dev).ui.screen], ['home', 'home']);
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  assert.equal(dev.dispatch('food', { type: 'fly' }), false);
  assert.equal(dev.dispatch('food', { type: 'back' }), false);
});

test('garbage actions never corrupt data', async () => {
  const dev = await device();
  const data = JSON.stringify(fd(dev).data);
  for (const a of [{ type: 'line_qty' }, { type: 'remove_line', line: null }, { type: 'set_tip', amount: '200' }, { type: 'apply_coupon' },
    { type: 'checkout' }, { type: 'confirm_pay' }, { type: 'confirm_cancel' }, { type: 'confirm_topup' }, { type: 'confirm_clear' },
    { type: 'pick_option', group: 'pizza_size', choice: 'l' }, { type: 'item_qty', delta: 5 }, { type: 'add_to_cart' },
    { type: 'reorder' }, { type: 'share_order' }, { type: 'ask_cancel' }, { type: 'set_address' }, { type: 'intent' }]) {
    go(dev, a);
  }
  assert.equal(JSON.stringify(fd(dev).data), data);
});
