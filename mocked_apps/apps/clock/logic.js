// Clock: alarms, world clock, timer, stopwatch and bedtime. The timer and the
// stopwatch store start/end times on the virtual clock only (elapsed = now - start),
// so nothing ticks inside the app: a `wait` action advances os.clock and the
// screens show the new elapsed / remaining time. When the clock passes an alarm's
// ring time or a running timer's end, `tick` posts a notification (the alarm itself
// is left as it was, so waiting never changes the app's data).

/** Main tabs, in bar order. */
export const TABS = ['alarms', 'world', 'timer', 'stopwatch', 'bedtime'];
/** Day chips in display order (Mon first); values are 0=Sun..6=Sat. */
export const WEEK = [[1, 'Mon'], [2, 'Tue'], [3, 'Wed'], [4, 'Thu'], [5, 'Fri'], [6, 'Sat'], [0, 'Sun']];
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY = 86400000;
const MIN = 60000;
const MAX_TIMER = 99 * 3600000 + 59 * MIN + 59000;

// ---------------------------------------------------------------- selectors

/**
 * Parse a time of day typed by a person: "7:30", "07:30", "7.30", "7:30 pm", "19:05".
 * Returns "HH:MM" or null.
 */
export function parseTime(text) {
  const t = String(text ?? '').trim().toLowerCase().replace(/\s+/g, '');
  const m = /^(\d{1,2})(?:[:.](\d{2}))?(am|pm)?$/.exec(t);
  if (!m || (m[2] === undefined && !m[3])) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  if (m[3]) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[3] === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Return minutes since midnight of "HH:MM". */
export function minutesOf(hhmm) {
  const [h, m] = String(hhmm).split(':').map(Number);
  return h * 60 + m;
}

/** Return a sorted, de-duplicated list of valid weekday numbers. */
export function normDays(days) {
  return [...new Set((Array.isArray(days) ? days : []).map(Number).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6))].sort((a, b) => a - b);
}

/** Return "Once", "Every day", "Weekdays", "Weekends" or "Mon, Wed, Fri". */
export function daysText(days) {
  const d = normDays(days);
  if (!d.length) return 'Once';
  if (d.length === 7) return 'Every day';
  if (d.join() === '1,2,3,4,5') return 'Weekdays';
  if (d.join() === '0,6') return 'Weekends';
  return WEEK.filter(([n]) => d.includes(n)).map(([, name]) => name).join(', ');
}

/** Return the virtual ms of an alarm's next ring after `now`, or null when it is off. */
export function nextRing(alarm, now) {
  if (!alarm || !alarm.on) return null;
  const midnight = Math.floor(now / DAY) * DAY;
  const at = minutesOf(alarm.time) * MIN;
  const days = normDays(alarm.days);
  const weekday = new Date(midnight).getUTCDay();
  for (let offset = 0; offset <= 7; offset += 1) {
    const t = midnight + offset * DAY + at;
    if (t <= now) continue;
    if (!days.length || days.includes((weekday + offset) % 7)) return t;
  }
  return null;
}

/** Return the alarms sorted by time of day, then label, then id. */
export function sortedAlarms(alarms) {
  return [...(alarms || [])].sort((a, b) => (minutesOf(a.time) - minutesOf(b.time)) || a.label.localeCompare(b.label) || (a.id < b.id ? -1 : 1));
}

/** Return {alarm, at} of the alarm that rings next, or null. */
export function nextAlarm(alarms, now) {
  let best = null;
  for (const a of alarms || []) {
    const at = nextRing(a, now);
    if (at !== null && (!best || at < best.at)) best = { alarm: a, at };
  }
  return best;
}

/** Return the alarms that ring on the day `offset` days from now (0 today, 1 tomorrow), earliest first. */
export function ringsOn(alarms, now, offset) {
  const day = Math.floor(now / DAY) + offset;
  return sortedAlarms((alarms || []).filter((a) => {
    if (!a.on) return false;
    const days = normDays(a.days);
    const at = day * DAY + minutesOf(a.time) * MIN;
    if (at <= now) return false;
    if (!days.length) return nextRing(a, now) === at;
    return days.includes(new Date(day * DAY).getUTCDay());
  }));
}

/** Return "in 5 h 20 min" for a span of ms. */
export function untilText(ms) {
  const total = Math.max(0, Math.ceil(ms / MIN));
  const d = Math.floor(total / 1440);
  const h = Math.floor((total % 1440) / 60);
  const m = total % 60;
  if (d) return `in ${d} d ${h} h`;
  if (h) return `in ${h} h ${m} min`;
  return `in ${m} min`;
}

/** Return true when another alarm (not `exceptId`) has the same time and the same days. */
export function isDuplicate(alarms, time, days, exceptId = null) {
  const key = normDays(days).join();
  return (alarms || []).some((a) => a.id !== exceptId && a.time === time && normDays(a.days).join() === key);
}

/** Validate the alarm form: returns {values: {time, label, days}, errors}. */
export function validateAlarm(drafts, days, alarms, exceptId = null) {
  const errors = {};
  const time = parseTime(drafts.time);
  const label = String(drafts.label ?? '').trim();
  if (!String(drafts.time ?? '').trim()) errors.time = 'Enter a time';
  else if (!time) errors.time = 'Use HH:MM, e.g. 07:30';
  if (label.length > 30) errors.label = 'Keep the label under 30 characters';
  const d = normDays(days);
  if (time && isDuplicate(alarms, time, d, exceptId)) errors.duplicate = `An alarm for ${time} (${daysText(d)}) already exists`;
  return { values: { time, label, days: d }, errors };
}

/** Return the city records of `ids` (unknown ids skipped). */
export function citiesOf(world, ids) {
  const all = world.cities || [];
  return (ids || []).map((id) => all.find((c) => c.id === id)).filter(Boolean);
}

/** Return the wall time at a city: {hhmm, dayDelta (-1/0/1), diffText ("+9 h", "-4 h 30 min", "Same time")}. */
export function cityTime(city, now) {
  const ms = now + city.offset * MIN;
  const d = new Date(ms);
  const hhmm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  const dayDelta = Math.floor(ms / DAY) - Math.floor(now / DAY);
  const abs = Math.abs(city.offset);
  const diff = city.offset === 0 ? 'Same time' : `${city.offset > 0 ? '+' : '-'}${Math.floor(abs / 60)} h${abs % 60 ? ` ${abs % 60} min` : ''}`;
  return { hhmm, dayDelta, diffText: diff, weekday: DAY_NAMES[d.getUTCDay()] };
}

/** Return the cities matching a search (name or country), alphabetical. */
export function searchCities(world, query, exclude = []) {
  const q = String(query ?? '').trim().toLowerCase();
  return (world.cities || [])
    .filter((c) => !exclude.includes(c.id))
    .filter((c) => !q || c.name.toLowerCase().includes(q) || c.country.toLowerCase().includes(q))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Return the timer's phase: "idle" | "running" | "paused" | "done", and its remaining ms. */
export function timerStatus(timer, now) {
  const t = timer || {};
  if (typeof t.end === 'number') {
    const remaining = t.end - now;
    return remaining <= 0 ? { phase: 'done', remaining: 0, over: -remaining } : { phase: 'running', remaining };
  }
  if (typeof t.remaining === 'number') return { phase: 'paused', remaining: t.remaining };
  return { phase: 'idle', remaining: t.duration || 0 };
}

/** Return the stopwatch's elapsed ms. */
export function stopwatchElapsed(sw, now) {
  const s = sw || {};
  return (s.acc || 0) + (typeof s.start === 'number' ? Math.max(0, now - s.start) : 0);
}

/** Return "H:MM:SS" / "MM:SS" for ms (floor to the second). */
export function hms(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n) => String(n).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}` : `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

/** Return "MM:SS.cc" for stopwatch ms. */
export function swText(ms) {
  const cs = Math.floor(Math.max(0, ms) / 10) % 100;
  return `${hms(ms)}.${String(cs).padStart(2, '0')}`;
}

/** Parse the timer fields (hours, minutes, seconds; blanks are 0). Returns {ms} or {error}. */
export function parseTimer(drafts) {
  const parts = ['th', 'tm', 'ts'].map((k) => String(drafts[k] ?? '').trim());
  if (parts.some((p) => p && !/^\d{1,2}$/.test(p))) return { error: 'Use whole numbers' };
  const [h, m, s] = parts.map((p) => Number(p || 0));
  if (m > 59 || s > 59) return { error: 'Minutes and seconds go up to 59' };
  const ms = ((h * 60 + m) * 60 + s) * 1000;
  if (ms <= 0) return { error: 'Set a time first' };
  return { ms: Math.min(ms, MAX_TIMER) };
}

/** Return the sleep length in minutes between bedtime and wake time. */
export function sleepMinutes(bed, wake) {
  return ((minutesOf(wake) - minutesOf(bed)) % 1440 + 1440) % 1440;
}

// ------------------------------------------------------------------- state

function baseUi() {
  return { screen: 'alarms', tab: 'alarms', stack: [], editing: null, form_days: [], errors: {}, dialog: null, notice: null, drafts: {} };
}

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

function ensure(state) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.errors || typeof ui.errors !== 'object') ui.errors = {};
  if (!Array.isArray(ui.form_days)) ui.form_days = [];
  const d = state.data;
  if (!Array.isArray(d.alarms)) d.alarms = [];
  if (!Array.isArray(d.cities)) d.cities = [];
  d.timer = { duration: 300000, end: null, remaining: null, ...(d.timer || {}) };
  d.stopwatch = { start: null, acc: 0, laps: [], ...(d.stopwatch || {}) };
  if (!Array.isArray(d.stopwatch.laps)) d.stopwatch.laps = [];
  d.bedtime = { on: false, bed: '23:00', wake: '07:00', days: [0, 1, 2, 3, 4, 5, 6], ...(d.bedtime || {}) };
  return ui;
}

function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, editing: ui.editing });
  Object.assign(ui, { screen, dialog: null, errors: {} }, extra);
}

const FORM_KEYS = ['time', 'label', 'bed', 'wake', 'city'];

function pop(ui) {
  const prev = ui.stack.pop();
  if (!prev) return false;
  for (const k of FORM_KEYS) delete ui.drafts[k];
  Object.assign(ui, { screen: prev.screen, editing: prev.editing ?? null, dialog: null, errors: {}, form_days: [] });
  return true;
}

function goTab(ui, tab) {
  for (const k of FORM_KEYS) delete ui.drafts[k];
  Object.assign(ui, { screen: tab, tab, stack: [], editing: null, dialog: null, errors: {}, form_days: [] });
}

function openAlarmForm(ui, alarm, preset = {}) {
  push(ui, 'alarm_edit', { editing: alarm ? alarm.id : null });
  ui.drafts.time = alarm ? alarm.time : String(preset.time ?? '');
  ui.drafts.label = alarm ? alarm.label : String(preset.label ?? '');
  ui.form_days = normDays(alarm ? alarm.days : preset.days);
}

function saveAlarm(state, ctx) {
  const { data, ui } = state;
  const editing = ui.editing ? data.alarms.find((a) => a.id === ui.editing) : null;
  if (ui.editing && !editing) { pop(ui); return state; }
  const { values, errors } = validateAlarm(ui.drafts, ui.form_days, data.alarms, editing ? editing.id : null);
  if (Object.keys(errors).length) { ui.errors = errors; return state; }
  if (editing) Object.assign(editing, values, { on: true });
  else data.alarms.push({ id: ctx.uid('al'), ...values, on: true });
  const at = nextRing({ ...values, on: true }, ctx.now);
  pop(ui);
  ui.notice = at !== null ? `Alarm set for ${untilText(at - ctx.now).replace(/^in /, '')} from now` : null;
  return state;
}

function saveBedtime(state) {
  const { data, ui } = state;
  const bed = parseTime(ui.drafts.bed);
  const wake = parseTime(ui.drafts.wake);
  const errors = {};
  if (!bed) errors.bed = 'Use HH:MM, e.g. 23:00';
  if (!wake) errors.wake = 'Use HH:MM, e.g. 07:00';
  if (bed && wake && bed === wake) errors.wake = 'Wake-up must differ from bedtime';
  if (!normDays(ui.form_days).length) errors.days = 'Pick at least one day';
  if (Object.keys(errors).length) { ui.errors = errors; return state; }
  Object.assign(data.bedtime, { bed, wake, days: normDays(ui.form_days) });
  pop(ui);
  return state;
}

function onIntent(state, action) {
  const ui = state.ui;
  if (TABS.includes(action.tab)) goTab(ui, action.tab);
  if (action.new_alarm && typeof action.new_alarm === 'object') {
    goTab(ui, 'alarms');
    openAlarmForm(ui, null, action.new_alarm);
  }
  return state;
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
  let rang = false; // only notifications: the app's data never changes by waiting
  for (const alarm of sortedAlarms(data.alarms)) {
    const at = nextRing(alarm, from);
    if (at === null || at > to) continue;
    rang = true;
    ctx.notify({ title: alarm.label || 'Alarm', text: `Alarm ${alarm.time} · ${daysText(alarm.days)}`, intent: { tab: 'alarms' } });
  }
  const t = data.timer;
  if (t.end !== null && t.end !== undefined && t.end > from && t.end <= to) {
    rang = true;
    ctx.notify({ title: 'Timer', text: "Time's up", intent: { tab: 'timer' } });
  }
  return rang ? state : null;
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
      const d = Number(a.day);
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
      const alarm = data.alarms.find((x) => x.id === a.id);
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
      const city = (ctx.world.cities || []).find((c) => c.id === a.id);
      if (!city || data.cities.includes(city.id)) return state;
      data.cities.push(city.id);
      if (ui.screen === 'city_pick') pop(ui);
      return state;
    }
    case 'remove_city':
      data.cities = data.cities.filter((id) => id !== a.id);
      return state;
    // ------------------------------------------------------------- timer
    case 'preset': {
      const min = Number(a.minutes);
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
