// Booking, payment, refunds and saved travellers: reducer helpers that mutate the
// app state they are given (a private copy) and return it.

import * as tt from './timetable.js';
import * as clock from '../../../runtime/core/clock.js';

const NAME_RE = /^[A-Za-z][A-Za-z' -]*[A-Za-z]$/;
const ID_RE = /^[A-Z][0-9]{8}$/;
export const MAX_TRAVELLERS = 12;

/** Return a new id `prefix<n>` from ctx.uid that no record in `list` uses yet. */
export function freshId(ctx, prefix, list) {
  for (;;) {
    const id = ctx.uid(prefix);
    if (!list.some((x) => x.id === id)) return id;
  }
}

/** Push the current screen on the stack and show `screen`. */
export function push(state, screen) {
  state.ui.stack.push(state.ui.screen);
  state.ui.screen = screen;
  state.ui.error = null;
  return state;
}

function fail(state, message) {
  state.ui.error = message;
  return state;
}

/** Return the open booking's train row ({train, seg, classes...}) or null when it is no longer bookable. */
export function bookingRow(state, ctx) {
  const { ui, data } = state;
  if (!ui.train) return null;
  const rows = tt.searchTrains(ctx.world, data, ui.search, ctx.now);
  return rows.find((r) => r.train === ui.train) || null;
}

/** Return why the selected travellers cannot be booked, or null. */
export function passengerProblem(state, ctx, row) {
  const { data, ui } = state;
  const ids = ui.booking ? ui.booking.passengers : [];
  const people = ids.map((id) => data.passengers.find((p) => p.id === id));
  if (!ids.length) return 'Select at least one traveller.';
  if (people.some((p) => !p)) return 'A selected traveller no longer exists.';
  if (ids.length > (ctx.world.max_passengers || 5)) return `At most ${ctx.world.max_passengers || 5} travellers per order.`;
  if (!people.some((p) => p.type === 'adult')) return 'A child must travel with an adult.';
  const cls = row && row.classes.find((c) => c.id === ui.booking.class);
  if (!row || row.departed || !cls) return 'This train can no longer be booked.';
  if (cls.left < ids.length) return cls.left ? `Only ${cls.left} seat${cls.left === 1 ? '' : 's'} left in this class.` : 'This class is sold out.';
  const svc = row.svc;
  for (const p of people) {
    const dup = data.orders.find((o) => o.status === 'paid' && o.train === row.train && o.passengers.includes(p.id)
      && tt.orderServiceDate(ctx.world, o) === svc);
    if (dup) return `${p.name} already has a ticket on ${row.train} that day.`;
  }
  return null;
}

/** Return the price lines of the open booking: [{passenger, name, type, fare (units)}] and total (units). */
export function priceLines(state, row) {
  const { data, ui } = state;
  const cls = row.classes.find((c) => c.id === ui.booking.class);
  const lines = ui.booking.passengers.map((id) => data.passengers.find((p) => p.id === id)).filter(Boolean)
    .map((p) => ({ passenger: p.id, name: p.name, type: p.type, fare: tt.toUnits(tt.ticketCents(cls.fare, p.type)) }));
  const total = tt.toUnits(lines.reduce((n, l) => n + tt.toCents(l.fare), 0));
  return { lines, total };
}

/** Choose a seat class on the open train and go on to traveller selection. */
export function chooseClass(state, action, ctx) {
  const row = bookingRow(state, ctx);
  if (!row || row.departed) return fail(state, 'This train has already departed.');
  const cls = row.classes.find((c) => c.id === action.cls);
  if (!cls) return fail(state, 'This train has no such class.');
  if (cls.left <= 0) return fail(state, `${tt.className(ctx.world, cls.id)} is sold out on this train.`);
  const keep = state.ui.booking ? state.ui.booking.passengers : [];
  state.ui.booking = { class: cls.id, passengers: keep.filter((id) => state.data.passengers.some((p) => p.id === id)) };
  return push(state, 'passengers');
}

/** Tick or untick a saved traveller for the booking. */
export function togglePassenger(state, action) {
  const b = state.ui.booking;
  if (!b || !state.data.passengers.some((p) => p.id === action.id)) return state;
  b.passengers = b.passengers.includes(action.id) ? b.passengers.filter((id) => id !== action.id) : [...b.passengers, action.id];
  state.ui.error = null;
  return state;
}

/** Go from traveller selection to the order review. */
export function toReview(state, ctx) {
  const problem = passengerProblem(state, ctx, bookingRow(state, ctx));
  if (problem) return fail(state, problem);
  return push(state, 'review');
}

/** Confirm payment with the PIN draft: create the paid order, debit the wallet, notify. */
export function confirmPay(state, ctx) {
  const { ui, data } = state;
  const row = bookingRow(state, ctx);
  const problem = ui.booking ? passengerProblem(state, ctx, row) : 'Nothing to pay for.';
  if (problem) return fail(state, problem);
  const pin = String((ui.drafts || {}).pin || '').trim();
  if (pin !== String(ctx.world.payment_pin)) {
    ui.drafts = { ...ui.drafts, pin: '' };
    return fail(state, pin ? 'Incorrect payment PIN. Nothing was charged.' : 'Enter your 4-digit payment PIN.');
  }
  const { lines, total } = priceLines(state, row);
  if (tt.toCents(data.wallet) < tt.toCents(total)) {
    return fail(state, `Insufficient wallet balance: ${tt.money(ctx.world, total)} needed, ${tt.money(ctx.world, data.wallet)} available.`);
  }
  const t = tt.train(ctx.world, row.train);
  const seats = tt.assignSeats(ctx.world, data, t, row.svc, ui.booking.class, lines.length);
  const order = {
    id: freshId(ctx, 'RG', data.orders),
    train: row.train,
    date: ui.search.date,
    from: row.seg.from,
    to: row.seg.to,
    depart: row.seg.depart,
    arrive: row.seg.arrive,
    arrive_days: row.seg.arriveDays,
    class: ui.booking.class,
    passengers: lines.map((l) => l.passenger),
    names: lines.map((l) => l.name),
    types: lines.map((l) => l.type),
    fares: lines.map((l) => l.fare),
    seats,
    price_total: total,
    status: 'paid',
    created: ctx.now,
    refund: null,
  };
  data.orders.push(order);
  data.wallet = tt.toUnits(tt.toCents(data.wallet) - tt.toCents(total));
  ctx.notify({
    title: `Payment successful · ${order.train}`,
    body: `${tt.dateLabel(clock, order.date)} ${tt.stationName(ctx.world, order.from)}→${tt.stationName(ctx.world, order.to)} ${order.depart} · ${tt.money(ctx.world, total)}`,
    intent: { order: order.id },
  });
  ui.drafts = { ...ui.drafts, pin: '' };
  ui.dialog = null;
  ui.error = null;
  ui.booking = null;
  ui.last_order = order.id;
  ui.order = order.id;
  ui.screen = 'done';
  ui.stack = ['search'];
  return state;
}

/** Refund the open order: fee by time to departure, wallet credited, status refunded. */
export function confirmRefund(state, ctx) {
  const { ui, data } = state;
  const order = data.orders.find((o) => o.id === ui.order);
  if (!order) return fail(state, 'Order not found.');
  const q = tt.refundQuote(order, ctx.now);
  ui.dialog = null;
  if (!q.ok) return fail(state, q.reason);
  order.status = 'refunded';
  order.refund = { fee: q.fee, amount: q.amount, pct: q.pct, at: ctx.now };
  data.wallet = tt.toUnits(tt.toCents(data.wallet) + tt.toCents(q.amount));
  ui.error = null;
  return state;
}

/** Return the validated traveller from the form drafts, or an error string. */
export function readTravellerForm(state) {
  const d = state.ui.drafts || {};
  const name = String(d.name || '').trim().replace(/\s+/g, ' ');
  const idNumber = String(d.id_number || '').trim().toUpperCase();
  const type = state.ui.form_type === 'child' ? 'child' : 'adult';
  if (name.length < 2 || name.length > 40 || !NAME_RE.test(name)) return 'Enter the full name (letters, spaces, hyphens).';
  if (!ID_RE.test(idNumber)) return 'ID number: one letter followed by 8 digits.';
  const clash = state.data.passengers.find((p) => p.id_number === idNumber && p.id !== state.ui.editing);
  if (clash) return `${clash.name} already uses this ID number.`;
  return { name, id_number: idNumber, type };
}

/** Save the traveller form: add a new traveller or update the one being edited. */
export function saveTraveller(state, ctx) {
  const { ui, data } = state;
  const form = readTravellerForm(state);
  if (typeof form === 'string') return fail(state, form);
  if (ui.editing) {
    const p = data.passengers.find((x) => x.id === ui.editing);
    if (!p) return fail(state, 'Traveller not found.');
    Object.assign(p, form);
  } else {
    if (data.passengers.length >= MAX_TRAVELLERS) return fail(state, `At most ${MAX_TRAVELLERS} saved travellers.`);
    const p = { id: freshId(ctx, 'p', data.passengers), ...form };
    data.passengers.push(p);
    if (ui.booking && ui.stack[ui.stack.length - 1] === 'passengers') ui.booking.passengers.push(p.id);
  }
  ui.drafts = { ...ui.drafts, name: '', id_number: '' };
  ui.editing = null;
  ui.error = null;
  ui.screen = ui.stack.pop() || 'travellers';
  return state;
}

/** Delete the traveller being edited (after the confirm dialog). */
export function deleteTraveller(state) {
  const { ui, data } = state;
  ui.dialog = null;
  if (!ui.editing) return state;
  data.passengers = data.passengers.filter((p) => p.id !== ui.editing);
  if (ui.booking) ui.booking.passengers = ui.booking.passengers.filter((id) => id !== ui.editing);
  ui.editing = null;
  ui.error = null;
  ui.screen = ui.stack.pop() || 'travellers';
  return state;
}
