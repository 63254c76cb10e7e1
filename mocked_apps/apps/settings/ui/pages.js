// Settings device pages: Display, Sound, Do not disturb (+ schedule), Battery, Notifications and About (+ rename).

import { h } from '../../../runtime/ui/h.js';
import { button, empty, field, section } from '../../../runtime/ui/kit.js';
import { CALLS, SAVER_AT, VOLUMES, WEEK, batteryEstimate, daysText } from '../lib/select.js';
import { ICONS, svg, header, scrollBody, switchRow, radioRow, card, err, searchBar } from './parts.js';
import { matchesQuery } from '../../../runtime/core/text.js';

// ----------------------------------------------------------- display/sound

function levelControl(api, id, label, value, action) {
  return h('div.st-level', { 'data-gym': `level:${id}` },
    h('div.st-level-head', null, h('span', null, label), h('span.st-level-value', null, `${value}%`)),
    h('div.st-level-row', null,
      h('button.st-step', { 'data-gym': `btn:${id}-down`, 'aria-label': `${label} down`, onclick: () => api.dispatch({ ...action, delta: -1 }) }, svg(ICONS.minus, { size: 18 })),
      h('input.st-slider', { 'data-gym': `slider:${id}`, type: 'range', min: '0', max: '100', step: '1', value: String(value), 'aria-label': label,
        onchange: (e) => api.dispatch({ ...action, value: Number(e.target.value) }) }),
      h('button.st-step', { 'data-gym': `btn:${id}-up`, 'aria-label': `${label} up`, onclick: () => api.dispatch({ ...action, delta: 1 }) }, svg(ICONS.plus, { size: 18 }))));
}

function timeoutLabel(s) {
  return s < 60 ? `${s} seconds` : `${s / 60} minute${s === 60 ? '' : 's'}`;
}

export function displayScreen(api) {
  const d = api.state.data.display;
  return [
    header(api, 'Display'),
    scrollBody('display',
      card(levelControl(api, 'brightness', 'Brightness', d.brightness, { type: 'brightness' }),
        switchRow('toggle:adaptive', 'Adaptive brightness', 'Adjust to the light around you', d.adaptive, () => api.dispatch({ type: 'toggle_adaptive' })),
        switchRow('toggle:dark', 'Dark theme', 'Dark backgrounds in Settings', d.dark, () => api.dispatch({ type: 'toggle_dark' }))),
      section('Screen timeout'),
      card((api.world.timeouts || []).map((s) => radioRow(`timeout:${s}`, timeoutLabel(s), d.timeout === s, () => api.dispatch({ type: 'timeout', seconds: s })))),
      h('div.st-end')),
  ];
}

export function soundScreen(api) {
  const s = api.state.data.sound;
  return [
    header(api, 'Sound & vibration'),
    scrollBody('sound',
      card(VOLUMES.map(([k, label]) => levelControl(api, `vol-${k}`, label, s[k], { type: 'volume', key: k }))),
      card(switchRow('toggle:vibrate', 'Vibrate for calls', null, s.vibrate, () => api.dispatch({ type: 'toggle_vibrate' }))),
      h('div.st-end')),
  ];
}

// --------------------------------------------------------------------- dnd

export function dndScreen(api) {
  const d = api.state.data.dnd;
  return [
    header(api, 'Do not disturb'),
    scrollBody('dnd',
      card(switchRow('toggle:dnd', 'Do not disturb', d.on ? 'On: calls and notifications are silenced' : 'Off', d.on, () => api.dispatch({ type: 'toggle_dnd' }))),
      section('Calls that can reach you'),
      card(CALLS.map(([k, label]) => radioRow(`calls:${k}`, label, d.calls === k, () => api.dispatch({ type: 'dnd_calls', value: k }))),
        switchRow('toggle:repeat-callers', 'Allow repeat callers', 'A second call from the same person within 15 minutes', d.repeat_callers,
          () => api.dispatch({ type: 'toggle_repeat_callers' }))),
      section('Schedule'),
      card(switchRow('toggle:dnd-schedule', 'Turn on automatically', `${d.schedule.start} – ${d.schedule.end} · ${daysText(d.schedule.days)}`, d.schedule.on,
        () => api.dispatch({ type: 'toggle_schedule' })),
      h('div.st-card-action', null, button('Edit schedule', { id: 'btn:edit-schedule', kind: 'secondary', onclick: () => api.dispatch({ type: 'edit_schedule' }) }))),
      h('div.st-end')),
  ];
}

export function scheduleScreen(api) {
  const days = api.state.ui.form_days || [];
  return [
    header(api, 'Schedule'),
    scrollBody('schedule',
      card(field(api, 'dnd_start', 'Start (HH:MM)', { placeholder: 'e.g. 22:00' }), err(api, 'dnd_start'),
        field(api, 'dnd_end', 'End (HH:MM)', { placeholder: 'e.g. 07:00' }), err(api, 'dnd_end'),
        h('div.st-form-label', null, 'Days'),
        h('div.st-days', null, WEEK.map(([n, name]) => h('button.st-day' + (days.includes(n) ? '.on' : ''),
          { 'data-gym': `day:${n}`, 'aria-pressed': String(days.includes(n)), onclick: () => api.dispatch({ type: 'toggle_day', day: n }) }, name.slice(0, 2)))),
        h('div.st-days-text', null, daysText(days)), err(api, 'days'),
        h('div.st-form-note', null, 'Saving turns the schedule on.'))),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) }),
      button('Save', { id: 'btn:save', onclick: () => api.dispatch({ type: 'save_schedule' }) })),
  ];
}

// ---------------------------------------------------------------- battery

export function batteryScreen(api) {
  const b = api.state.data.battery;
  const level = api.os.battery;
  return [
    header(api, 'Battery'),
    scrollBody('battery',
      h('div.st-battery', { 'data-gym': 'info:battery' },
        h('div.st-battery-icon', null, h('div.st-battery-fill', { style: { height: `${level}%` } })),
        h('div', null, h('div.st-battery-pct', null, `${level}%`), h('div.st-row-sub', null, batteryEstimate(level, b.saver)))),
      card(switchRow('toggle:battery-saver', 'Battery saver', 'Limits background activity to make the battery last longer', b.saver,
        () => api.dispatch({ type: 'toggle_saver' }))),
      section('Turn on battery saver automatically'),
      card(SAVER_AT.map((n) => radioRow(`saver-at:${n}`, n ? `At ${n}%` : 'Never', b.auto_at === n, () => api.dispatch({ type: 'saver_at', value: n })))),
      h('div.st-end')),
  ];
}

// ----------------------------------------------------------- notifications

export function notificationsScreen(api) {
  const { data } = api.state;
  const apps = (api.world.apps || []).filter((a) => a.id in data.notifications && matchesQuery(api.draft('app_search'), [a.name]));
  return [
    header(api, 'Notifications'),
    searchBar(api, 'app_search', 'Search apps'),
    scrollBody('notifications',
      section('App notifications'),
      apps.length ? card(apps.map((a) => switchRow(`notif:${a.id}`, a.name, data.notifications[a.id] ? 'Allowed' : 'Blocked', data.notifications[a.id],
        () => api.dispatch({ type: 'toggle_notifications', app: a.id })))) : empty('No apps match'),
      h('div.st-end')),
  ];
}

// ------------------------------------------------------------------- about

export function aboutScreen(api) {
  const { data } = api.state;
  const a = api.world.about || {};
  const info = (key, label, value) => h('div.st-info', { 'data-gym': `info:${key}` },
    h('div.st-row-text', null, h('div.st-row-sub', null, label), h('div.st-info-value', null, value)));
  return [
    header(api, 'About phone'),
    scrollBody('about',
      h('div.st-about-hero', null, svg(ICONS.about, { size: 40, color: '#5b6477' }), h('div.st-about-name', { 'data-gym': 'device-name' }, data.device_name),
        h('div.st-row-sub', null, a.model)),
      card(h('div.st-row', { 'data-gym': 'row:device-name', role: 'button', onclick: () => api.dispatch({ type: 'rename' }) },
        h('div.st-row-text', null, h('div.st-row-sub', null, 'Device name'), h('div.st-info-value', null, data.device_name)),
        svg(ICONS.chevron, { size: 20, color: '#9aa0b0' }))),
      card(info('model', 'Model', a.model), info('os', 'Software version', a.os_version), info('build', 'Build number', a.build),
        info('serial', 'Serial number', a.serial), info('storage', 'Storage', `${a.storage_used_gb} GB of ${a.storage_total_gb} GB used`)),
      h('div.st-end')),
  ];
}

export function renameScreen(api) {
  const f = field(api, 'device_name', 'Device name', { placeholder: 'Name shown to other devices' });
  if (api.state.ui.errors.device_name) f.classList.add('st-has-error');
  return [
    header(api, 'Device name'),
    scrollBody('rename', card(f, err(api, 'device_name'),
      h('div.st-form-note', null, 'Other devices see this name over Bluetooth and Wi-Fi.'))),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) }),
      button('Save', { id: 'btn:save', onclick: () => api.dispatch({ type: 'save_name' }) })),
  ];
}
