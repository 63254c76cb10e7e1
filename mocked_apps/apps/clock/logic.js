// Clock: alarms, world clock, timer, stopwatch and bedtime. The timer and the
// stopwatch store start/end times on the virtual clock only (elapsed = now - start),
// so nothing ticks inside the app: a `wait` action advances os.clock and the
// screens show the new elapsed / remaining time. When the clock passes an alarm's
// ring time or a running timer's end, `tick` posts a notification (the alarm itself
// is left as it was, so waiting never changes the app's data).

import { MIN } from './lib/units.js';
import {
  TABS, daysText, nextRing, normDays, parseTime, parseTimer, searchCities, sortedAlarms, stopwatchElapsed, timerStatus,
  wholeNumber,
} from './lib/select.js';
import { baseUi, ensure, push, pop, goTab, openAlarmForm, saveAlarm, saveBedtime, onIntent } from './lib/state.js';

export * from './lib/select.js';

// ------------------------------------------------------------------- state

/** Return the initial state: the world's alarms, cities and bedtime; an idle timer and stopwatch. */
export function init(world) {
  const alarms = (world.alarms || []).map((a) => ({ id: a.id, time: parseTime(a.time) || '07:00', label: String(a.label ?? ''),
    days: normDays(a.days), on: Boolean(a.on) }));
  const b = world.bedtime || {};
  return {
    data: {
      alarms,
      cities: [...(world.my_cities || [])],
      timer: { duration: (world.timer && world.timer.duration) || 300000, end: null, remaining: null },
      stopwatch: { start: null, acc: 0, laps: [] },
      bedtime: { on: Boolean(b.on), bed: parseTime(b.bed) || '23:00', wake: parseTime(b.wake) || '07:00', days: normDays(b.days ?? [0, 1, 2, 3, 4, 5, 6]) },
    },
    ui: baseUi(),
  };
}

// ------------------------------------------------------------------ reducer

/** Apply an action (see README.md). Unknown actions and `back` at a tab return null. */
/**
 * The virtual clock moved from `from` to `to`: ring the alarms and the timer due in (from, to].
 * Returns the state when something rang, else null (nothing changed).
 */
export function tick(state, { from, to }, ctx) {
  ensure(state);
  const { data } = state;
  // Only notifications: the app's data never changes by waiting. They are posted in the order things rang (a
  // wait across midnight rings 23:00 before 06:00; same-minute alarms in sortedAlarms order, the timer after them),
  // so the shade, newest first, lists the last ring on top.
  const rings = [];
  for (const alarm of sortedAlarms(data.alarms)) {
    const at = nextRing(alarm, from);
    if (at === null || at > to) continue;
    rings.push({ at, note: { title: alarm.label || 'Alarm', body: `Alarm ${alarm.time} · ${daysText(alarm.days)}`, intent: { tab: 'alarms' } } });
  }
  const t = data.timer;
  if (t.end !== null && t.end !== undefined && t.end > from && t.end <= to) {
    rings.push({ at: t.end, note: { title: 'Timer', body: "Time's up", intent: { tab: 'timer' } } });
  }
  rings.sort((a, b) => a.at - b.at); // stable: ties keep the order above
  for (const r of rings) ctx.notify(r.note);
  return rings.length ? state : null;
}

export function reduce(state, action, ctx) {
  const ui = ensure(state);
  const { data } = state;
  const a = action || {};
  if (a.type !== 'intent') ui.notice = null;
  switch (a.type) {
    case 'intent':
      return onIntent(state, a);
    case 'tab':
      if (TABS.includes(a.tab)) goTab(ui, a.tab);
      return state;
    // ------------------------------------------------------------ alarms
    case 'new_alarm':
      if (ui.screen !== 'alarms') return state;
      openAlarmForm(ui, null);
      return state;
    case 'edit_alarm': {
      const alarm = data.alarms.find((x) => x.id === a.id);
      if (alarm && ui.screen === 'alarms') openAlarmForm(ui, alarm);
      return state;
    }
    case 'toggle_day': {
      const d = wholeNumber(a.day);
      if (!['alarm_edit', 'bedtime_edit'].includes(ui.screen) || !Number.isInteger(d) || d < 0 || d > 6) return state;
      ui.form_days = ui.form_days.includes(d) ? ui.form_days.filter((x) => x !== d) : normDays([...ui.form_days, d]);
      delete ui.errors.duplicate;
      delete ui.errors.days;
      return state;
    }
    case 'set_days':
      if (['alarm_edit', 'bedtime_edit'].includes(ui.screen)) ui.form_days = normDays(a.days);
      return state;
    case 'save':
      if (ui.screen === 'alarm_edit') return saveAlarm(state, ctx);
      if (ui.screen === 'bedtime_edit') return saveBedtime(state);
      return state;
    case 'cancel':
      if (ui.screen === 'alarm_edit' || ui.screen === 'bedtime_edit' || ui.screen === 'city_pick') pop(ui);
      return state;
    case 'toggle_alarm': {
      // A row's switch on the alarms screen (every alarm is listed there), nothing over it.
      const alarm = ui.screen === 'alarms' && !ui.dialog ? data.alarms.find((x) => x.id === a.id) : null;
      if (alarm) alarm.on = typeof a.value === 'boolean' ? a.value : !alarm.on;
      return state;
    }
    case 'ask_delete':
      if (ui.screen === 'alarm_edit' && data.alarms.some((x) => x.id === ui.editing)) ui.dialog = 'delete';
      return state;
    case 'confirm_delete':
      if (ui.dialog === 'delete' && ui.screen === 'alarm_edit') {
        data.alarms = data.alarms.filter((x) => x.id !== ui.editing);
        pop(ui);
      }
      ui.dialog = null;
      return state;
    case 'close_dialog':
      ui.dialog = null;
      return state;
    // ------------------------------------------------------- world clock
    case 'add_city_screen':
      if (ui.screen !== 'world') return state;
      push(ui, 'city_pick');
      ui.drafts.city = '';
      return state;
    case 'add_city': {
      // A row of the city picker: the cities its search lists now.
      const listed = ui.screen === 'city_pick' && !ui.dialog ? searchCities(ctx.world, ui.drafts.city ?? '', data.cities) : [];
      const city = listed.find((c) => c.id === a.id);
      if (!city || data.cities.includes(city.id)) return state;
      data.cities.push(city.id);
      if (ui.screen === 'city_pick') pop(ui);
      return state;
    }
    case 'remove_city':
      // A row's remove button on the world clock screen.
      if (ui.screen === 'world' && !ui.dialog) data.cities = data.cities.filter((id) => id !== a.id);
      return state;
    // ------------------------------------------------------------- timer
    case 'preset': {
      const min = wholeNumber(a.minutes);
      if (!Number.isInteger(min) || min <= 0 || min > 5999) return state;
      Object.assign(ui.drafts, { th: String(Math.floor(min / 60)), tm: String(min % 60), ts: '0' });
      delete ui.errors.timer;
      return state;
    }
    case 'start_timer': {
      const st = timerStatus(data.timer, ctx.now);
      if (st.phase === 'running' || st.phase === 'done') return state;
      if (st.phase === 'paused') {
        data.timer.end = ctx.now + data.timer.remaining;
        data.timer.remaining = null;
        return state;
      }
      const parsed = parseTimer(ui.drafts);
      if (parsed.error) { ui.errors = { timer: parsed.error }; return state; }
      ui.errors = {};
      Object.assign(data.timer, { duration: parsed.ms, end: ctx.now + parsed.ms, remaining: null });
      return state;
    }
    case 'pause_timer': {
      const st = timerStatus(data.timer, ctx.now);
      if (st.phase !== 'running') return state;
      Object.assign(data.timer, { end: null, remaining: st.remaining });
      return state;
    }
    case 'reset_timer':
      Object.assign(data.timer, { end: null, remaining: null });
      return state;
    case 'add_minute': {
      const st = timerStatus(data.timer, ctx.now);
      if (st.phase === 'running') data.timer.end += MIN;
      else if (st.phase === 'paused') data.timer.remaining += MIN;
      else if (st.phase === 'done') data.timer.end = ctx.now + MIN;
      else return state;
      data.timer.duration += MIN;
      return state;
    }
    // --------------------------------------------------------- stopwatch
    case 'sw_start':
      if (typeof data.stopwatch.start !== 'number') data.stopwatch.start = ctx.now;
      return state;
    case 'sw_pause':
      if (typeof data.stopwatch.start === 'number') {
        data.stopwatch.acc = stopwatchElapsed(data.stopwatch, ctx.now);
        data.stopwatch.start = null;
      }
      return state;
    case 'sw_lap':
      if (typeof data.stopwatch.start === 'number' && data.stopwatch.laps.length < 99) {
        data.stopwatch.laps.push(stopwatchElapsed(data.stopwatch, ctx.now));
      }
      return state;
    case 'sw_reset':
      if (typeof data.stopwatch.start !== 'number') data.stopwatch = { start: null, acc: 0, laps: [] };
      return state;
    // ----------------------------------------------------------- bedtime
    case 'toggle_bedtime':
      data.bedtime.on = typeof a.value === 'boolean' ? a.value : !data.bedtime.on;
      return state;
    case 'edit_bedtime':
      if (ui.screen !== 'bedtime') return state;
      push(ui, 'bedtime_edit');
      ui.drafts.bed = data.bedtime.bed;
      ui.drafts.wake = data.bedtime.wake;
      ui.form_days = normDays(data.bedtime.days);
      return state;
    case 'back':
      if (ui.dialog) { ui.dialog = null; return state; }
      return pop(ui) ? state : null;
    default:
      return null;
  }
}