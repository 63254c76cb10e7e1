// The Clock's ui state and reducer steps: the ui shape, the screen stack, tabs, the alarm and bedtime forms
// and intents.

import { TABS, nextRing, normDays, untilText, validateAlarm, parseTime } from './select.js';

export function baseUi() {
  return { screen: 'alarms', tab: 'alarms', stack: [], editing: null, form_days: [], errors: {}, dialog: null, notice: null, drafts: {} };
}

export function ensure(state) {
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

export function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, editing: ui.editing });
  Object.assign(ui, { screen, dialog: null, errors: {} }, extra);
}

const FORM_KEYS = ['time', 'label', 'bed', 'wake', 'city'];

export function pop(ui) {
  const prev = ui.stack.pop();
  if (!prev) return false;
  for (const k of FORM_KEYS) delete ui.drafts[k];
  Object.assign(ui, { screen: prev.screen, editing: prev.editing ?? null, dialog: null, errors: {}, form_days: [] });
  return true;
}

export function goTab(ui, tab) {
  for (const k of FORM_KEYS) delete ui.drafts[k];
  Object.assign(ui, { screen: tab, tab, stack: [], editing: null, dialog: null, errors: {}, form_days: [] });
}

export function openAlarmForm(ui, alarm, preset = {}) {
  push(ui, 'alarm_edit', { editing: alarm ? alarm.id : null });
  ui.drafts.time = alarm ? alarm.time : String(preset.time ?? '');
  ui.drafts.label = alarm ? alarm.label : String(preset.label ?? '');
  ui.form_days = normDays(alarm ? alarm.days : preset.days);
}

export function saveAlarm(state, ctx) {
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

export function saveBedtime(state) {
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

export function onIntent(state, action) {
  const ui = state.ui;
  if (TABS.includes(action.tab)) goTab(ui, action.tab);
  if (action.new_alarm && typeof action.new_alarm === 'object') {
    goTab(ui, 'alarms');
    openAlarmForm(ui, null, action.new_alarm);
  }
  return state;
}