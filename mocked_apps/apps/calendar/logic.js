// Calendar: a month grid with the selected day's agenda, an "Upcoming" list, event
// details, a create/edit form with validation and a conflict check, move to another
// day, delete behind a confirm dialog, search, and hand-offs to Messages, Notes and
// Contacts. Dates are "YYYY-MM-DD" and times "HH:MM" on the virtual clock (read as UTC).

import { isoDate, normalizeDate, shiftMonth } from './lib/dates.js';
import { REMINDERS, contactsFrom, findEvent, messageText, noteFor } from './lib/select.js';
import { ROOTS, clearForm, ensureUi, freshUi, listedEvent, pop, push, target } from './lib/ui.js';
import { handOff, move, onIntent, openForm, save } from './lib/actions.js';

export {
  isoDate, dateMs, addDays, normalizeDate, normalizeTime, minutes, longDate, shortDate, monthTitle, shiftMonth, monthGrid,
} from './lib/dates.js';
export * from './lib/select.js';

// ------------------------------------------------------------------ state

/** Return the initial state: the world's events (copied), today selected on the month screen. */
export function init(world, ctx) {
  const events = (world.events || []).map((e) => ({
    id: e.id, title: e.title, date: e.date, start: e.start, end: e.end, location: e.location || '',
    attendees: [...(e.attendees || [])], notes: e.notes || '', reminder: e.reminder || 0,
  }));
  return { data: { events }, ui: freshUi(isoDate(ctx && ctx.now !== undefined ? ctx.now : Date.UTC(2026, 2, 14))) };
}

// ---------------------------------------------------------------- reducer

/**
 * Apply an action. Actions: intent, tab {tab}, prev_month, next_month, today, select_day {date},
 * open {id}, new, edit {id?}, set_reminder {minutes}, add_attendees, toggle_attendee {id},
 * remove_attendee {id}, done_attendees, save, confirm_conflict, cancel, delete {id?}, confirm_delete,
 * move {id?}, confirm_move, close_dialog, message_attendees {id?}, message {contact}, message_picker,
 * save_note {id?}, open_contact {contact}, search, back.
 */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state, ctx);
  const { data } = state;
  const a = action || {};
  if (a.type !== 'intent') ui.notice = null;
  switch (a.type) {
    case 'intent':
      return onIntent(state, a, ctx);
    case 'tab':
      if (!ROOTS.includes(a.tab)) return state;
      clearForm(ui);
      delete ui.drafts.search;
      Object.assign(ui, { screen: a.tab, stack: [], event: null, dialog: null });
      return state;
    case 'prev_month':
    case 'next_month':
      if (ui.screen !== 'month') return state;
      ui.month = shiftMonth(ui.month, a.type === 'next_month' ? 1 : -1);
      return state;
    case 'today': {
      const today = isoDate(ctx.now);
      Object.assign(ui, { day: today, month: today.slice(0, 7) });
      return state;
    }
    case 'select_day': {
      const date = normalizeDate(a.date);
      if (!date) return state;
      Object.assign(ui, { day: date, month: date.slice(0, 7) });
      return state;
    }
    case 'open': {
      const e = listedEvent(state, ctx, a.id);
      if (!e) return state;
      push(ui, 'event', { event: e.id });
      return state;
    }
    case 'new':
      if (!ROOTS.includes(ui.screen) && ui.screen !== 'search') return state;
      push(ui, 'form', { event: null });
      openForm(state, ctx, { mode: 'create' });
      return state;
    case 'edit': {
      const e = target(state, a);
      if (!e || ui.screen === 'form' || ui.screen === 'attendees') return state;
      push(ui, 'form', { event: e.id });
      openForm(state, ctx, { mode: 'edit', event: e });
      return state;
    }
    case 'set_reminder':
      if (!ui.form || !REMINDERS.includes(Number(a.minutes))) return state;
      ui.form.reminder = Number(a.minutes);
      return state;
    case 'add_attendees':
      if (ui.screen !== 'form' || !ui.form) return state;
      push(ui, 'attendees');
      ui.drafts.attendee_search = '';
      return state;
    case 'toggle_attendee': {
      if (!ui.form || typeof a.id !== 'string') return state;
      const has = ui.form.attendees.includes(a.id);
      if (!has && !contactsFrom(ctx.peek).some((c) => c.id === a.id)) return state;
      ui.form.attendees = has ? ui.form.attendees.filter((id) => id !== a.id) : [...ui.form.attendees, a.id];
      return state;
    }
    case 'remove_attendee':
      if (!ui.form) return state;
      ui.form.attendees = ui.form.attendees.filter((id) => id !== a.id);
      return state;
    case 'done_attendees':
      if (ui.screen !== 'attendees') return state;
      pop(state);
      return state;
    case 'save':
      return save(state, ctx, false);
    case 'confirm_conflict': {
      const d = ui.dialog;
      if (!d || d.kind !== 'conflict') return state;
      if (d.then === 'save') return save(state, ctx, true);
      ui.dialog = { kind: 'move', event: d.event };
      ui.drafts.move_date = d.date;
      return move(state, true);
    }
    case 'cancel':
      if (ui.screen !== 'form') return state;
      pop(state);
      return state;
    case 'delete': {
      const e = target(state, a);
      if (!e) return state;
      ui.dialog = { kind: 'delete', event: e.id };
      return state;
    }
    case 'confirm_delete': {
      const e = ui.dialog && ui.dialog.kind === 'delete' ? findEvent(data, ui.dialog.event) : null;
      ui.dialog = null;
      if (!e) return state;
      data.events = data.events.filter((x) => x.id !== e.id);
      if (ui.screen === 'event' && ui.event === e.id) pop(state);
      ui.notice = 'Event deleted';
      return state;
    }
    case 'move': {
      const e = target(state, a);
      if (!e) return state;
      ui.dialog = { kind: 'move', event: e.id };
      ui.drafts.move_date = e.date;
      return state;
    }
    case 'confirm_move':
      if (!ui.dialog || ui.dialog.kind !== 'move') return state;
      return move(state, false);
    case 'close_dialog':
      ui.dialog = null;
      return state;
    case 'message_attendees': {
      const e = target(state, a);
      if (!e) return state;
      ui.dialog = { kind: 'message', event: e.id };
      return state;
    }
    case 'message': {
      const e = ui.dialog && ui.dialog.kind === 'message' ? findEvent(data, ui.dialog.event) : target(state, a);
      if (!e || !e.attendees.includes(a.contact)) return state;
      return handOff(state, ctx, 'messages', { to: a.contact, text: messageText(e) }, 'Messages');
    }
    case 'message_picker': {
      const e = ui.dialog && ui.dialog.kind === 'message' ? findEvent(data, ui.dialog.event) : target(state, a);
      if (!e) return state;
      return handOff(state, ctx, 'messages', { text: messageText(e) }, 'Messages');
    }
    case 'save_note': {
      const e = target(state, a);
      if (!e) return state;
      return handOff(state, ctx, 'notes', { create: noteFor(e, contactsFrom(ctx.peek)) }, 'Notes');
    }
    case 'open_contact': {
      const e = target(state, a);
      if (!e || !e.attendees.includes(a.contact)) return state;
      return handOff(state, ctx, 'contacts', { contact_id: a.contact }, 'Contacts');
    }
    case 'search':
      if (ui.screen === 'search') return state;
      push(ui, 'search', { event: null });
      ui.drafts.search = '';
      return state;
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        return state;
      }
      return pop(state) ? state : null;
    default:
      return null;
  }
}