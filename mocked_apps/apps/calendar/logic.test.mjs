import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import { createDevice } from '../../runtime/core/device.js';
import * as calendar from './logic.js';

const {
  normalizeDate, normalizeTime, monthGrid, shiftMonth, minutes, longDate, shortDate, reminderLabel, eventsOn, upcoming,
  conflicts, searchEvents, messageText, noteFor, validate, addDays, monthTitle,
} = calendar;

const world = readJson('apps/calendar/world.json');
const contacts = readJson('apps/contacts/world.json').contacts;

async function open(apps = ['contacts', 'messages', 'notes', 'calendar']) {
  const dev = await loadDevice({ apps, reset: { seed: 2 } });
  dev.system({ type: 'open', app: 'calendar' });
  return dev;
}
const app = (dev) => dev.getState().apps.calendar;
const ev = (dev, id) => app(dev).data.events.find((e) => e.id === id);
const act = (dev, action) => dev.dispatch('calendar', action);
const type = (dev, key, value) => dev.dispatch('calendar', { type: '@draft', key, value });
/** Open event `id` as a user would: the month view on its day, then its row (only a row on screen opens). */
const openEvent = (dev, id) => {
  act(dev, { type: 'tab', tab: 'month' });
  act(dev, { type: 'select_day', date: ev(dev, id).date });
  act(dev, { type: 'open', id });
};
const fill = (dev, values) => Object.entries(values).forEach(([k, v]) => type(dev, k, v));

test('init copies the world events and opens the month of the virtual today', async () => {
  const dev = await open();
  const s = app(dev);
  assert.equal(s.data.events.length, world.events.length);
  for (const e of world.events) assert.deepEqual(ev(dev, e.id), e);
  assert.equal(s.ui.screen, 'month');
  assert.equal(s.ui.day, '2026-03-14');
  assert.equal(s.ui.month, '2026-03');
  assert.ok(JSON.stringify(s).length < 10000, 'initial state stays small');
});

test('date and time helpers', () => {
  assert.equal(normalizeDate('2026-3-7'), '2026-03-07');
  assert.equal(normalizeDate(' 2026/03/17 '), '2026-03-17');
  assert.equal(normalizeDate('2026-02-30'), null);
  assert.equal(normalizeDate('17-03-2026'), null);
  assert.equal(normalizeDate(''), null);
  assert.equal(normalizeTime('9:30'), '09:30');
  assert.equal(normalizeTime('0930'), '09:30');
  assert.equal(normalizeTime('21.05'), '21:05');
  assert.equal(normalizeTime('24:00'), null);
  assert.equal(normalizeTime('9'), null);
  assert.equal(minutes('10:45'), 645);
  assert.equal(addDays('2026-03-31', 1), '2026-04-01');
  const grid = monthGrid('2026-03');
  assert.equal(grid.length, 42);
  assert.equal(grid[0], '2026-02-23', 'weeks start on Monday');
  assert.ok(grid.includes('2026-03-31'));
  assert.equal(shiftMonth('2026-12', 1), '2027-01');
  assert.equal(shiftMonth('2026-01', -1), '2025-12');
  assert.equal(monthTitle('2026-03'), 'March 2026');
  assert.equal(longDate('2026-03-17'), 'Tuesday, March 17');
  assert.equal(shortDate('2026-03-17'), 'Tue, Mar 17');
  assert.deepEqual([0, 10, 60, 1440].map(reminderLabel), ['None', '10 min before', '1 hour before', '1 day before']);
});

test('selectors: day agenda, upcoming, conflicts, search, hand-off texts', () => {
  const events = world.events;
  assert.deepEqual(eventsOn(events, '2026-03-18').map((e) => e.id), ['e14', 'e15', 'e16']);
  const groups = upcoming(events, '2026-03-14');
  assert.equal(groups[0][0], '2026-03-14');
  assert.ok(groups.every(([d]) => d >= '2026-03-14'));
  assert.deepEqual(conflicts(events, { date: '2026-03-16', start: '08:45', end: '09:15' }).map((e) => e.id), ['e10']);
  assert.deepEqual(conflicts(events, { date: '2026-03-16', start: '09:30', end: '13:00' }), [], 'touching ends do not overlap');
  assert.deepEqual(conflicts(events, { date: '2026-03-17', start: '10:00', end: '11:00' }, 'e12'), []);
  assert.deepEqual(searchEvents(events, 'hana', contacts).map((e) => e.id), ['e01', 'e05', 'e10', 'e12', 'e22', 'e26']);
  assert.deepEqual(searchEvents(events, 'TIDEWATER', contacts).map((e) => e.id), ['e18', 'e23']);
  assert.deepEqual(searchEvents(events, '  ', contacts), []);
  const e12 = events.find((e) => e.id === 'e12');
  assert.equal(messageText(e12), 'Re: Design review (Tue, Mar 17 at 10:00) ');
  const note = noteFor(e12, contacts);
  assert.equal(note.title, 'Design review');
  assert.match(note.body, /Tuesday, March 17, 10:00–11:00/);
  assert.match(note.body, /Location: Northwind Labs, room 1/);
  assert.match(note.body, /Attendees: Hana Petrov, Viktor Leone/);
});

test('validate: required title, real date, HH:MM times, end after start', () => {
  assert.deepEqual(validate({ title: ' ', date: '2026-13-01', start: 'x', end: '9:00' }).errors,
    { title: 'Title is required', date: 'Use a date like 2026-03-17', start: 'Use HH:MM' });
  assert.deepEqual(validate({ title: 'A', date: '2026-03-20', start: '10:00', end: '10:00' }).errors, { end: 'End must be after start' });
  const ok = validate({ title: ' Tea ', date: '2026-3-20', start: '9:05', end: '0930', location: ' Home ', notes: '' });
  assert.deepEqual(ok.errors, {});
  assert.deepEqual(ok.values, { title: 'Tea', date: '2026-03-20', start: '09:05', end: '09:30', location: 'Home', notes: '' });
});

test('navigation: tabs, months, today, select a day, open and back, back at the root goes home', async () => {
  const dev = await open();
  act(dev, { type: 'next_month' });
  assert.equal(app(dev).ui.month, '2026-04');
  act(dev, { type: 'prev_month' });
  act(dev, { type: 'prev_month' });
  assert.equal(app(dev).ui.month, '2026-02');
  act(dev, { type: 'today' });
  assert.equal(app(dev).ui.month, '2026-03');
  act(dev, { type: 'select_day', date: '2026-04-02' });
  assert.deepEqual([app(dev).ui.day, app(dev).ui.month], ['2026-04-02', '2026-04']);
  act(dev, { type: 'select_day', date: 'nope' });
  assert.equal(app(dev).ui.day, '2026-04-02');
  act(dev, { type: 'tab', tab: 'agenda' });
  assert.equal(app(dev).ui.screen, 'agenda');
  act(dev, { type: 'tab', tab: 'bogus' });
  assert.equal(app(dev).ui.screen, 'agenda');
  act(dev, { type: 'open', id: 'e12' }); // a row of the upcoming list
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.event], ['event', 'e12']);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'agenda');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
});

test('create an event: defaults, validation errors save nothing, then a valid save', async () => {
  const dev = await open();
  act(dev, { type: 'new' });
  const s = app(dev);
  assert.equal(s.ui.screen, 'form');
  assert.deepEqual([s.ui.drafts.date, s.ui.drafts.start, s.ui.drafts.end], ['2026-03-14', '10:00', '11:00'], 'next full hour today');
  act(dev, { type: 'save' });
  assert.equal(app(dev).ui.errors.title, 'Title is required');
  assert.equal(app(dev).data.events.length, world.events.length);
  fill(dev, { title: 'Coffee', date: '2026-3-24', start: '8:00', end: '8:45', location: 'Kiosk' });
  act(dev, { type: 'set_reminder', minutes: 60 });
  act(dev, { type: 'set_reminder', minutes: 7 });
  act(dev, { type: 'save' });
  const made = app(dev).data.events.find((e) => e.title === 'Coffee');
  assert.deepEqual(made, { id: made.id, title: 'Coffee', date: '2026-03-24', start: '08:00', end: '08:45', location: 'Kiosk',
    notes: '', attendees: [], reminder: 60 });
  assert.match(made.id, /^ev\d+$/);
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.event, app(dev).ui.day], ['event', made.id, '2026-03-24']);
  assert.equal(app(dev).ui.drafts.title, undefined, 'form drafts cleared');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'month');
});

test('a clashing save asks first; go back keeps the form, save anyway saves', async () => {
  const dev = await open();
  act(dev, { type: 'select_day', date: '2026-03-16' });
  act(dev, { type: 'new' });
  fill(dev, { title: 'Plumber', start: '09:00', end: '11:00' });
  act(dev, { type: 'save' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'conflict', then: 'save', with: ['e10'] });
  assert.equal(app(dev).data.events.length, world.events.length);
  act(dev, { type: 'close_dialog' });
  assert.equal(app(dev).ui.screen, 'form');
  act(dev, { type: 'save' });
  act(dev, { type: 'confirm_conflict' });
  assert.ok(app(dev).data.events.some((e) => e.title === 'Plumber' && e.date === '2026-03-16'));
  assert.equal(app(dev).ui.dialog, null);
});

test('edit an event (fields, attendees, reminder) and cancel discards', async () => {
  const dev = await open();
  openEvent(dev, 'e12');
  act(dev, { type: 'edit' });
  assert.deepEqual(app(dev).ui.form, { mode: 'edit', id: 'e12', attendees: ['c8', 'c22'], reminder: 30 });
  assert.equal(app(dev).ui.drafts.title, 'Design review');
  act(dev, { type: 'add_attendees' });
  assert.equal(app(dev).ui.screen, 'attendees');
  act(dev, { type: 'toggle_attendee', id: 'c1' });
  act(dev, { type: 'toggle_attendee', id: 'c8' });
  act(dev, { type: 'toggle_attendee', id: 'nobody' });
  act(dev, { type: 'done_attendees' });
  assert.equal(app(dev).ui.screen, 'form');
  act(dev, { type: 'remove_attendee', id: 'c22' });
  act(dev, { type: 'set_reminder', minutes: 1440 });
  type(dev, 'end', '11:30');
  act(dev, { type: 'save' });
  assert.deepEqual(ev(dev, 'e12'), { ...world.events.find((e) => e.id === 'e12'), attendees: ['c1'], reminder: 1440, end: '11:30' });
  assert.deepEqual([app(dev).ui.screen, app(dev).ui.event], ['event', 'e12']);
  act(dev, { type: 'edit' });
  type(dev, 'title', 'Changed');
  act(dev, { type: 'cancel' });
  assert.equal(ev(dev, 'e12').title, 'Design review');
  assert.equal(app(dev).ui.screen, 'event');
  act(dev, { type: 'edit' });
  type(dev, 'title', 'Changed again');
  dev.system({ type: 'back' });
  assert.equal(ev(dev, 'e12').title, 'Design review', 'back discards the form');
});

test('delete asks first, then removes only that event', async () => {
  const dev = await open();
  openEvent(dev, 'e15');
  act(dev, { type: 'delete' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'delete', event: 'e15' });
  act(dev, { type: 'close_dialog' });
  assert.ok(ev(dev, 'e15'));
  act(dev, { type: 'delete' });
  act(dev, { type: 'confirm_delete' });
  assert.equal(ev(dev, 'e15'), undefined);
  assert.equal(app(dev).data.events.length, world.events.length - 1);
  assert.equal(app(dev).ui.screen, 'month');
  const before = JSON.stringify(app(dev).data);
  act(dev, { type: 'confirm_delete' });
  assert.equal(JSON.stringify(app(dev).data), before, 'no dialog, nothing deleted');
});

test('move: bad date shows an error, a clash asks, a free day moves it', async () => {
  const dev = await open();
  openEvent(dev, 'e12');
  act(dev, { type: 'move' });
  assert.equal(app(dev).ui.drafts.move_date, '2026-03-17');
  type(dev, 'move_date', '2026-02-31');
  act(dev, { type: 'confirm_move' });
  assert.match(app(dev).ui.dialog.error, /Use a date/);
  type(dev, 'move_date', '2026-03-04');
  act(dev, { type: 'confirm_move' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'conflict', then: 'move', event: 'e12', date: '2026-03-04', with: ['e01'] });
  assert.equal(ev(dev, 'e12').date, '2026-03-17');
  act(dev, { type: 'confirm_conflict' });
  assert.equal(ev(dev, 'e12').date, '2026-03-04');
  act(dev, { type: 'move' });
  type(dev, 'move_date', '2026-03-19');
  act(dev, { type: 'confirm_move' });
  assert.deepEqual([ev(dev, 'e12').date, ev(dev, 'e12').start, ev(dev, 'e12').end], ['2026-03-19', '10:00', '11:00']);
  assert.equal(app(dev).ui.dialog, null);
});

test('message attendees: {to, text} to one attendee, or the picker with {text}', async () => {
  const dev = await open();
  openEvent(dev, 'e12');
  act(dev, { type: 'message_attendees' });
  assert.deepEqual(app(dev).ui.dialog, { kind: 'message', event: 'e12' });
  act(dev, { type: 'message', contact: 'c1' });
  assert.equal(dev.getState().os.foreground, 'calendar', 'not an attendee: ignored');
  act(dev, { type: 'message', contact: 'c22' });
  const st = dev.getState();
  assert.equal(st.os.foreground, 'messages');
  assert.equal(st.apps.messages.ui.screen, 'thread');
  assert.deepEqual(st.apps.messages.ui.to, { contact_id: 'c22', number: '555-0114' });
  assert.equal(st.apps.messages.ui.drafts.compose, 'Re: Design review (Tue, Mar 17 at 10:00) ');
  assert.equal(app(dev).ui.dialog, null);
  dev.system({ type: 'open', app: 'calendar' });
  act(dev, { type: 'message_attendees' });
  act(dev, { type: 'message_picker' });
  assert.equal(dev.getState().apps.messages.ui.screen, 'new');
});

test('save to notes creates a note; an attendee opens in contacts', async () => {
  const dev = await open();
  openEvent(dev, 'e16');
  act(dev, { type: 'save_note' });
  const notes = dev.getState().apps.notes;
  assert.equal(dev.getState().os.foreground, 'notes');
  const made = notes.data.notes.find((n) => n.title === 'Budget check-in');
  assert.ok(made);
  assert.match(made.body, /Location: Orchard Bank, 2nd floor/);
  dev.system({ type: 'open', app: 'calendar' });
  act(dev, { type: 'open_contact', contact: 'c6' });
  assert.equal(dev.getState().os.foreground, 'contacts');
  assert.equal(dev.getState().apps.contacts.ui.selected, 'c6');
  dev.system({ type: 'open', app: 'calendar' });
  act(dev, { type: 'open_contact', contact: 'c1' });
  assert.equal(dev.getState().os.foreground, 'calendar', 'not an attendee');
});

test('hand-offs without the target app show a notice', async () => {
  const dev = await loadDevice({ apps: ['calendar'], reset: {} });
  dev.system({ type: 'open', app: 'calendar' });
  openEvent(dev, 'e12');
  act(dev, { type: 'save_note' });
  assert.equal(app(dev).ui.notice, 'Notes is not available');
  act(dev, { type: 'message_attendees' });
  act(dev, { type: 'message', contact: 'c8' });
  assert.equal(app(dev).ui.notice, 'Messages is not available');
  assert.equal(dev.getState().os.foreground, 'calendar');
});

test('search screen: query drafts, open a hit, back clears the query', async () => {
  const dev = await open();
  act(dev, { type: 'search' });
  assert.equal(app(dev).ui.screen, 'search');
  type(dev, 'search', 'lunch');
  act(dev, { type: 'open', id: 'e04' }); // a hit
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.drafts.search, 'lunch');
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'month');
  assert.equal(app(dev).ui.drafts.search, undefined);
});

test('intents: create prefills the form, event_id opens it, date selects a day', async () => {
  const dev = await open();
  dev.system({ type: 'open', app: 'calendar', intent: { create: { title: 'Dinner', date: '2026-03-20', start: '19:30', end: '20:30', attendees: ['c12', 'zz'] } } });
  let s = app(dev);
  assert.equal(s.ui.screen, 'form');
  assert.deepEqual([s.ui.drafts.title, s.ui.drafts.date, s.ui.drafts.start, s.ui.drafts.end], ['Dinner', '2026-03-20', '19:30', '20:30']);
  assert.deepEqual(s.ui.form.attendees, ['c12'], 'unknown contacts are dropped');
  act(dev, { type: 'save' });
  assert.ok(app(dev).data.events.some((e) => e.title === 'Dinner' && e.attendees[0] === 'c12'));
  dev.system({ type: 'open', app: 'calendar', intent: { event_id: 'e18' } });
  s = app(dev);
  assert.deepEqual([s.ui.screen, s.ui.event, s.ui.day], ['event', 'e18', '2026-03-20']);
  dev.system({ type: 'back' });
  assert.equal(app(dev).ui.screen, 'month');
  dev.system({ type: 'open', app: 'calendar', intent: { date: '2026-04-02' } });
  assert.equal(app(dev).ui.month, '2026-04');
  const before = JSON.stringify(app(dev));
  dev.system({ type: 'open', app: 'calendar', intent: { event_id: 'nope' } });
  dev.system({ type: 'open', app: 'calendar', intent: { date: 'later' } });
  assert.equal(JSON.stringify(app(dev)), before);
});

test('bad input never corrupts the data', async () => {
  const dev = await open();
  const before = JSON.stringify(app(dev).data);
  for (const action of [
    { type: 'open', id: 'nope' }, { type: 'edit', id: 'nope' }, { type: 'delete', id: 'nope' }, { type: 'move', id: 'nope' },
    { type: 'confirm_move' }, { type: 'confirm_conflict' }, { type: 'save' }, { type: 'cancel' }, { type: 'done_attendees' },
    { type: 'add_attendees' }, { type: 'toggle_attendee', id: 'c1' }, { type: 'remove_attendee', id: 'c1' },
    { type: 'set_reminder', minutes: 30 }, { type: 'message', contact: 'c1' }, { type: 'message_picker' },
    { type: 'message_attendees', id: 'x' }, { type: 'save_note', id: 'x' }, { type: 'open_contact', contact: 'c1' },
    { type: 'intent', create: 'bad' }, { type: 'select_day', date: null },
  ]) act(dev, action);
  assert.equal(JSON.stringify(app(dev).data), before);
  assert.equal(act(dev, { type: 'unknown' }), false, 'unknown actions are not handled');
  const broken = dev.getState();
  broken.apps.calendar.ui = { screen: 'weird', stack: 'x', drafts: null };
  dev.setState(broken, { mode: 'set' });
  act(dev, { type: 'today' });
  assert.equal(app(dev).ui.screen, 'month');
});

test('works with a stub messages app that records intents', () => {
  const intents = [];
  const messages = { init: () => ({ data: {}, ui: {} }), reduce: (s, a) => (a.type === 'intent' ? (intents.push(a), s) : null) };
  const dev = createDevice({ apps: { calendar, messages }, worlds: { calendar: world } });
  dev.reset({ seed: 1 });
  dev.system({ type: 'open', app: 'calendar' });
  openEvent(dev, 'e19');
  dev.dispatch('calendar', { type: 'message_attendees' });
  dev.dispatch('calendar', { type: 'message', contact: 'c21' });
  assert.deepEqual(intents, [{ type: 'intent', to: 'c21', text: 'Re: Farmers market volunteering (Sat, Mar 21 at 10:00) ' }]);
});

test('a year below 1000 is refused by the form and the move dialog, not stored as a date that reads back as none', async () => {
  assert.equal(normalizeDate('0050-03-17'), null);
  assert.equal(normalizeDate('0999-12-31'), null);
  assert.equal(normalizeDate('1000-01-01'), '1000-01-01');
  const dev = await open();
  const before = JSON.stringify(app(dev).data);
  act(dev, { type: 'new' });
  fill(dev, { title: 'Typo year', date: '0050-03-17', start: '10:00', end: '11:00' });
  act(dev, { type: 'save' });
  assert.equal(app(dev).ui.errors.date, 'Use a date like 2026-03-17');
  assert.equal(JSON.stringify(app(dev).data), before);
  act(dev, { type: 'cancel' });
  const id = world.events[0].id;
  openEvent(dev, id);
  act(dev, { type: 'move', id });
  type(dev, 'move_date', '0026-03-20');
  act(dev, { type: 'confirm_move' });
  assert.equal(app(dev).ui.dialog.error, 'Use a date like 2026-03-17');
  assert.equal(ev(dev, id).date, world.events[0].date);
});
