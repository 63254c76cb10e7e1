// Calendar view: month grid + day agenda, upcoming list, event detail, form,
// attendee picker, search, and the delete / move / conflict / message dialogs.

import { h, icon } from '../../runtime/ui/h.js';
import { avatar, button, empty, fab, field, section, tabs } from '../../runtime/ui/kit.js';
import {
  REMINDERS, addDays, attendeeName, conflicts, contactsFrom, eventsOn, findEvent, isoDate, longDate, monthGrid, monthTitle,
  normalizeDate, normalizeTime, reminderLabel, searchEvents, shortDate, upcoming, minutes,
} from './logic.js';
import { compareText, matchesQuery } from '../../runtime/core/text.js';

/** Icons drawn for this app on a 24×24 grid. */
const ICONS = {
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  today: 'M7 2h2v2h6V2h2v2h3v17H4V4h3zM6 9v10h12V9zm5 2h4v4h-4z',
  prev: 'M14.5 5l1.5 1.5L10.5 12l5.5 5.5-1.5 1.5-7-7z',
  next: 'M9.5 5L8 6.5l5.5 5.5L8 17.5 9.5 19l7-7z',
  edit: 'M4 17v3h3l10-10-3-3zM15 6l3 3 2-2-3-3z',
  trash: 'M6 7h12l-1 13H7zm3-3h6l1 2H8z',
  clock: 'M12 3a9 9 0 110 18 9 9 0 010-18zm0 2a7 7 0 100 14 7 7 0 000-14zm-1 2h2v4.6l3.2 3.2-1.4 1.4L11 12.4z',
  place: 'M12 2a7 7 0 017 7c0 5-7 13-7 13S5 14 5 9a7 7 0 017-7zm0 4a3 3 0 100 6 3 3 0 000-6z',
  bell: 'M12 3a6 6 0 016 6v4.5l2 2.5H4l2-2.5V9a6 6 0 016-6zm-2.2 15h4.4a2.2 2.2 0 01-4.4 0z',
  note: 'M5 3h10l4 4v14H5zm2 2v14h10V8h-3V5zm2 6h6v2H9zm0 4h6v2H9z',
  move: 'M4 6h11V3l5 5-5 5v-3H4zm16 8H9v-3l-5 5 5 5v-3h11z',
  message: 'M4 4h16v12H8l-4 4zm4 4v2h8V8zm0 3v2h5v-2z',
  saveNote: 'M5 3h10l4 4v14H5zm2 2v14h10V8h-3V5zm4 4h2v3h3v2h-3v3h-2v-3H8v-2h3z',
  check: 'M9 16l-4-4-1.5 1.5L9 19 21 7l-1.5-1.5z',
  close: 'M6.4 5L12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
  warn: 'M12 2l10 19H2zm-1 7v6h2V9zm0 8v2h2v-2z',
  plusPerson: 'M10 4a4 4 0 110 8 4 4 0 010-8zM3 20c0-4 3.1-6.5 7-6.5s7 2.5 7 6.5zM18 7h2v3h3v2h-3v3h-2v-3h-3v-2h3z',
};
const EVENODD = new Set(['today', 'clock', 'place', 'note', 'saveNote', 'warn']);
const PALETTE = ['#d4553a', '#3b7bd4', '#2e9b6a', '#8a55c9', '#d08a1c', '#c23f7d', '#2b8ea3'];
const WEEK = ['M', 'T', 'W', 'T', 'F', 'S', 'S'];

function svg(name, { size = 22, color } = {}) { return icon(ICONS[name], { size, color, evenodd: EVENODD.has(name) }); }

/** Return the colour of an event (stable per title). */
function colorOf(event) {
  let hash = 0;
  for (const ch of event.title) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

function bar(api, title, { back = true, actions = [] } = {}) {
  return h('header.appbar.cal-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg('back')) : null,
    h('h1.appbar-title', null, title),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, title: a.label, onclick: a.onclick }, svg(a.icon)))));
}

function scrollBody(name, ...children) {
  return h('main.body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `calendar:${name}` }, ...children);
}

function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.cal-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

function dayLabel(date, today) {
  if (date === today) return `Today · ${longDate(date)}`;
  if (date === addDays(today, 1)) return `Tomorrow · ${longDate(date)}`;
  return longDate(date);
}

function eventRow(api, e, contacts, { showDate = false } = {}) {
  const who = e.attendees.length ? `${e.attendees.length} ${e.attendees.length === 1 ? 'guest' : 'guests'}` : null;
  const sub = [showDate ? shortDate(e.date) : null, e.location || null, who].filter(Boolean).join(' · ');
  return h('div.cal-event', { 'data-gym': `event:${e.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', id: e.id }) },
    h('div.cal-event-bar', { style: { background: colorOf(e) } }),
    h('div.cal-event-time', null, h('div', null, e.start), h('div.cal-event-end', null, e.end)),
    h('div.cal-event-text', null,
      h('div.cal-event-title', null, e.title),
      sub ? h('div.cal-event-sub', null, sub) : null));
}

// ------------------------------------------------------------------ month

function monthScreen(api, contacts) {
  const { data, ui } = api.state;
  const today = isoDate(api.now);
  const counts = {};
  for (const e of data.events) counts[e.date] = (counts[e.date] || 0) + 1;
  const cells = monthGrid(ui.month).map((date) => {
    const n = counts[date] || 0;
    const cls = ['cal-cell', date.slice(0, 7) !== ui.month ? 'other' : '', date === today ? 'today' : '', date === ui.day ? 'selected' : '']
      .filter(Boolean).join('.');
    return h(`button.${cls}`, { 'data-gym': `day:${date}`, 'aria-label': `${longDate(date)}, ${n} ${n === 1 ? 'event' : 'events'}`,
      onclick: () => api.dispatch({ type: 'select_day', date }) },
    h('span.cal-cell-num', null, String(Number(date.slice(8)))),
    h('span.cal-dots', null, Array.from({ length: Math.min(n, 3) }, () => h('i'))));
  });
  const list = eventsOn(data.events, ui.day);
  return [
    bar(api, 'Calendar', { back: false, actions: [
      { id: 'btn:today', icon: 'today', label: 'Go to today', onclick: () => api.dispatch({ type: 'today' }) },
      { id: 'btn:search', icon: 'search', label: 'Search events', onclick: () => api.dispatch({ type: 'search' }) },
    ] }),
    tabs([['month', 'Month'], ['agenda', 'Upcoming']], 'month', (tab) => api.dispatch({ type: 'tab', tab })),
    h('div.cal-monthnav', null,
      h('button.icon-btn', { 'data-gym': 'btn:prev-month', 'aria-label': 'Previous month', onclick: () => api.dispatch({ type: 'prev_month' }) }, svg('prev')),
      h('div.cal-month-title', { 'data-gym': 'month-title' }, monthTitle(ui.month)),
      h('button.icon-btn', { 'data-gym': 'btn:next-month', 'aria-label': 'Next month', onclick: () => api.dispatch({ type: 'next_month' }) }, svg('next'))),
    h('div.cal-grid', null, WEEK.map((d) => h('div.cal-wd', null, d)), cells),
    h('div.cal-dayhead', { 'data-gym': 'day-title' },
      h('span', null, dayLabel(ui.day, today)),
      h('span.cal-daycount', null, list.length ? `${list.length} ${list.length === 1 ? 'event' : 'events'}` : '')),
    scrollBody('day', list.length ? list.map((e) => eventRow(api, e, contacts)) : empty('No events. Tap + to add one.'),
      h('div.cal-list-end')),
    fab('btn:new', 'plus', () => api.dispatch({ type: 'new' }), 'New event'),
  ];
}

function agendaScreen(api, contacts) {
  const { data } = api.state;
  const today = isoDate(api.now);
  const groups = upcoming(data.events, today);
  return [
    bar(api, 'Calendar', { back: false, actions: [
      { id: 'btn:search', icon: 'search', label: 'Search events', onclick: () => api.dispatch({ type: 'search' }) },
    ] }),
    tabs([['month', 'Month'], ['agenda', 'Upcoming']], 'agenda', (tab) => api.dispatch({ type: 'tab', tab })),
    scrollBody('upcoming',
      groups.length ? groups.map(([date, list]) => [h('div.section.cal-section', null, dayLabel(date, today)),
        list.map((e) => eventRow(api, e, contacts))]) : empty('Nothing coming up'),
      h('div.cal-list-end')),
    fab('btn:new', 'plus', () => api.dispatch({ type: 'new' }), 'New event'),
  ];
}

// ----------------------------------------------------------------- detail

function infoRow(key, icon, value, label, { muted = false } = {}) {
  return h('div.cal-info', { 'data-gym': `info:${key}` },
    h('span.cal-info-icon', null, svg(icon, { size: 20, color: '#5a6178' })),
    h('div.cal-info-text', null, h('div.cal-info-value' + (muted ? '.muted' : ''), null, value),
      label ? h('div.cal-info-label', null, label) : null));
}

function quick(id, icon, label, onclick) {
  return h('button.cal-quick-btn', { 'data-gym': id, 'aria-label': label, onclick },
    h('span.cal-quick-icon', null, svg(icon, { size: 21 })), h('span.cal-quick-label', null, label));
}

function eventScreen(api, e, contacts) {
  const { data } = api.state;
  const clash = conflicts(data.events, e, e.id);
  const act = (type) => () => api.dispatch({ type, id: e.id });
  return [
    bar(api, '', { actions: [
      { id: 'btn:edit', icon: 'edit', label: 'Edit event', onclick: act('edit') },
      { id: 'btn:delete', icon: 'trash', label: 'Delete event', onclick: act('delete') },
    ] }),
    scrollBody('event',
      h('div.cal-hero', { style: { borderLeftColor: colorOf(e) } },
        h('h2.cal-hero-title', { 'data-gym': 'event-title' }, e.title),
        h('div.cal-hero-date', { 'data-gym': 'event-date' }, longDate(e.date) + ', ' + e.date.slice(0, 4)),
        h('div.cal-hero-time', { 'data-gym': 'event-time' }, `${e.start} – ${e.end}`)),
      clash.length ? h('div.cal-warn', { 'data-gym': 'conflict-banner' }, svg('warn', { size: 18, color: '#a8620a' }),
        h('span', null, `Overlaps with ${clash.map((x) => `${x.title} (${x.start}–${x.end})`).join(', ')}`)) : null,
      h('div.cal-quick', null,
        quick('btn:move', 'move', 'Move', act('move')),
        e.attendees.length ? quick('btn:message-attendees', 'message', 'Message', act('message_attendees')) : null,
        quick('btn:save-note', 'saveNote', 'Save to Notes', act('save_note'))),
      h('div.card.cal-card', null,
        infoRow('location', 'place', e.location || 'No location', 'Location', { muted: !e.location }),
        infoRow('reminder', 'bell', reminderLabel(e.reminder), 'Reminder', { muted: !e.reminder }),
        e.notes ? infoRow('notes', 'note', e.notes, 'Notes') : null),
      h('div.card.cal-card', null,
        h('div.cal-card-title', null, e.attendees.length ? `Attendees (${e.attendees.length})` : 'No attendees'),
        e.attendees.map((id) => {
          const c = contacts.find((x) => x.id === id);
          return h('div.cal-attendee', { 'data-gym': `attendee:${id}`, role: 'button',
            onclick: () => api.dispatch({ type: 'open_contact', id: e.id, contact: id }) },
          avatar(c ? c.name : '?', 34),
          h('div.cal-attendee-text', null, h('div', null, attendeeName(id, contacts)), c ? h('div.cal-info-label', null, c.phone) : null));
        })),
      h('div.cal-list-end')),
  ];
}

// ------------------------------------------------------------------- form

const LABELS = { title: 'Title', date: 'Date (YYYY-MM-DD)', start: 'Starts (HH:MM)', end: 'Ends (HH:MM)', location: 'Location', notes: 'Notes' };
const HOLDERS = { title: 'Event title', date: '2026-03-17', start: '09:00', end: '10:00', location: 'Add a place', notes: 'Add notes' };

function formField(api, key) {
  const el = field(api, key, LABELS[key], { placeholder: HOLDERS[key] });
  const error = api.state.ui.errors && api.state.ui.errors[key];
  if (!error) return el;
  el.classList.add('cal-has-error');
  el.append(h('span.cal-error', { 'data-gym': `error:${key}`, role: 'alert' }, error));
  return el;
}

function formScreen(api, contacts) {
  const { data, ui } = api.state;
  const form = ui.form || { mode: 'create', attendees: [], reminder: 0 };
  const date = normalizeDate(api.draft('date'));
  const start = normalizeTime(api.draft('start'));
  const end = normalizeTime(api.draft('end'));
  const clash = date && start && end && minutes(end) > minutes(start)
    ? conflicts(data.events, { date, start, end }, form.mode === 'edit' ? form.id : null) : [];
  const dateField = formField(api, 'date');
  if (date) dateField.append(h('span.cal-hint', null, longDate(date)));
  return [
    bar(api, form.mode === 'edit' ? 'Edit event' : 'New event'),
    scrollBody('form',
      formField(api, 'title'),
      dateField,
      h('div.cal-times', null, formField(api, 'start'), formField(api, 'end')),
      clash.length ? h('div.cal-warn.inline', { 'data-gym': 'conflict-warning' }, svg('warn', { size: 18, color: '#a8620a' }),
        h('span', null, `Overlaps with ${clash.map((x) => `${x.title} (${x.start}–${x.end})`).join(', ')}`)) : null,
      formField(api, 'location'),
      h('div.cal-form-block', null,
        h('div.field-label', null, 'Attendees'),
        h('div.cal-chips', null,
          form.attendees.map((id) => h('span.cal-chip', null, attendeeName(id, contacts),
            h('button.cal-chip-x', { 'data-gym': `remove-attendee:${id}`, 'aria-label': `Remove ${attendeeName(id, contacts)}`,
              onclick: () => api.dispatch({ type: 'remove_attendee', id }) }, svg('close', { size: 14 })))),
          h('button.cal-chip.add', { 'data-gym': 'btn:add-attendee', onclick: () => api.dispatch({ type: 'add_attendees' }) },
            svg('plusPerson', { size: 16 }), 'Add'))),
      h('div.cal-form-block', null,
        h('div.field-label', null, 'Reminder'),
        h('div.cal-chips', null, REMINDERS.map((m) => h('button.cal-chip.choice' + (form.reminder === m ? '.on' : ''), {
          'data-gym': `reminder:${m}`, 'aria-pressed': String(form.reminder === m), onclick: () => api.dispatch({ type: 'set_reminder', minutes: m }),
        }, reminderLabel(m).replace(' before', ''))))),
      formField(api, 'notes'),
      h('div.cal-form-end')),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) }),
      button('Save', { id: 'btn:save', onclick: () => api.dispatch({ type: 'save' }) })),
  ];
}

function attendeesScreen(api, contacts) {
  const chosen = (api.state.ui.form && api.state.ui.form.attendees) || [];
  const list = contacts.filter((c) => matchesQuery(api.draft('attendee_search'), [c.name])).sort((a, b) => compareText(a.name, b.name));
  return [
    bar(api, `Attendees (${chosen.length})`, { actions: [
      { id: 'btn:done', icon: 'check', label: 'Done', onclick: () => api.dispatch({ type: 'done_attendees' }) },
    ] }),
    h('div.cal-searchbar', null, h('input.cal-search-input', {
      'data-gym': 'field:attendee_search', type: 'text', placeholder: 'Search contacts', value: api.draft('attendee_search'),
      oninput: (ev) => api.dispatch({ type: '@draft', key: 'attendee_search', value: ev.target.value }),
    })),
    scrollBody('attendees',
      !contacts.length ? empty('No contacts on this phone') : null,
      contacts.length && !list.length ? empty('No matching contacts') : null,
      list.map((c) => {
        const on = chosen.includes(c.id);
        return h('div.cal-pick' + (on ? '.on' : ''), { 'data-gym': `pick:${c.id}`, role: 'checkbox', 'aria-checked': String(on),
          onclick: () => api.dispatch({ type: 'toggle_attendee', id: c.id }) },
        avatar(c.name, 36), h('div.cal-pick-name', null, c.name),
        h('span.cal-check' + (on ? '.on' : ''), null, on ? svg('check', { size: 18, color: '#fff' }) : null));
      })),
  ];
}

function searchScreen(api, contacts) {
  const query = api.draft('search');
  const hits = searchEvents(api.state.data.events, query, contacts);
  return [
    h('header.appbar.cal-bar', null,
      h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg('back')),
      h('input.cal-search-input.in-bar', {
        'data-gym': 'field:search', type: 'text', placeholder: 'Search title, place or person', value: query,
        oninput: (ev) => api.dispatch({ type: '@draft', key: 'search', value: ev.target.value }),
      })),
    scrollBody('search',
      !query.trim() ? empty('Search events by title, location, notes or attendee') : null,
      query.trim() && !hits.length ? empty(`No events match “${query.trim()}”`) : null,
      hits.length ? [section(`${hits.length} ${hits.length === 1 ? 'event' : 'events'}`), hits.map((e) => eventRow(api, e, contacts, { showDate: true }))] : null),
  ];
}

// ---------------------------------------------------------------- dialogs

function modal(title, body, buttons, { sheet = false } = {}) {
  return h('div.scrim' + (sheet ? '.cal-sheet-scrim' : ''), null, h('div.dialog' + (sheet ? '.cal-sheet' : ''), { role: 'dialog' },
    h('div.dialog-title', null, title), body,
    buttons.length ? h('div.dialog-actions', null, buttons.map((b) => button(b.label, b))) : null));
}

function dialogs(api, contacts) {
  const { data, ui } = api.state;
  const d = ui.dialog;
  if (!d) return null;
  const e = findEvent(data, d.event);
  const close = () => api.dispatch({ type: 'close_dialog' });
  if (d.kind === 'delete' && e) {
    return modal('Delete event?', h('div.dialog-msg', null, `“${e.title}” on ${shortDate(e.date)} will be removed from your calendar.`), [
      { id: 'btn:cancel-delete', label: 'Cancel', kind: 'secondary', onclick: close },
      { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete' }) },
    ]);
  }
  if (d.kind === 'move' && e) {
    const date = normalizeDate(api.draft('move_date'));
    const el = field(api, 'move_date', 'New date (YYYY-MM-DD)', { placeholder: '2026-03-17' });
    return modal(`Move “${e.title}”`, h('div.cal-move', null,
      h('div.dialog-msg', null, `Now on ${shortDate(e.date)}, ${e.start}–${e.end}. The time stays the same.`), el,
      date ? h('div.cal-hint.pad', null, longDate(date)) : null,
      d.error ? h('div.cal-error.pad', { 'data-gym': 'error:move_date', role: 'alert' }, d.error) : null), [
      { id: 'btn:cancel-move', label: 'Cancel', kind: 'secondary', onclick: close },
      { id: 'btn:confirm-move', label: 'Move', onclick: () => api.dispatch({ type: 'confirm_move' }) },
    ]);
  }
  if (d.kind === 'conflict') {
    const others = (d.with || []).map((id) => findEvent(data, id)).filter(Boolean);
    return modal('Time conflict', h('div.dialog-msg', null,
      h('div', null, 'This overlaps with:'),
      h('ul.cal-clash', null, others.map((x) => h('li', null, `${x.title}, ${x.start}–${x.end}`)))), [
      { id: 'btn:cancel-conflict', label: 'Go back', kind: 'secondary', onclick: close },
      { id: 'btn:save-anyway', label: d.then === 'move' ? 'Move anyway' : 'Save anyway', onclick: () => api.dispatch({ type: 'confirm_conflict' }) },
    ]);
  }
  if (d.kind === 'message' && e) {
    return modal('Message attendees', h('div.cal-sheet-list', null,
      h('div.dialog-msg', null, 'Choose who to text. Messages opens with a draft about this event.'),
      e.attendees.map((id) => h('div.cal-pick', { 'data-gym': `msg-attendee:${id}`, role: 'button',
        onclick: () => api.dispatch({ type: 'message', contact: id }) },
      avatar(attendeeName(id, contacts), 34), h('div.cal-pick-name', null, attendeeName(id, contacts)), svg('message', { size: 20, color: '#3656d8' }))),
      h('button.cal-sheet-link', { 'data-gym': 'btn:message-picker', onclick: () => api.dispatch({ type: 'message_picker' }) },
        'Pick a recipient in Messages')), [
      { id: 'btn:close-sheet', label: 'Close', kind: 'secondary', onclick: close },
    ], { sheet: true });
  }
  return null;
}

/** Render the current Calendar screen. */
export function render(api) {
  const { data, ui } = api.state;
  const contacts = contactsFrom(api.peek);
  let screen;
  const e = ui.event ? findEvent(data, ui.event) : null;
  if (ui.screen === 'event' && e) screen = eventScreen(api, e, contacts);
  else if (ui.screen === 'form') screen = formScreen(api, contacts);
  else if (ui.screen === 'attendees') screen = attendeesScreen(api, contacts);
  else if (ui.screen === 'search') screen = searchScreen(api, contacts);
  else if (ui.screen === 'agenda') screen = agendaScreen(api, contacts);
  else screen = monthScreen(api, contacts);
  return h('div.app.cal-app', null, screen, dialogs(api, contacts), notice(api));
}
