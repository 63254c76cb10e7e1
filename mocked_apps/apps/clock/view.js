// Clock view: five tabs (alarms, world clock, timer, stopwatch, bedtime), the alarm
// and bedtime editors and the city picker. Remaining / elapsed times are computed
// from api.now on every render.

import { h, icon } from '../../runtime/ui/h.js';
import { button, dialog, empty, field, section } from '../../runtime/ui/kit.js';
import {
  WEEK, citiesOf, cityTime, daysText, hms, nextAlarm, nextRing, searchCities, sleepMinutes, sortedAlarms,
  stopwatchElapsed, swText, timerStatus, untilText,
} from './logic.js';

/** Icons drawn for this app on a 24×24 grid. */
const ICONS = {
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  alarm: 'M12 5a8 8 0 110 16 8 8 0 010-16zm0 2a6 6 0 100 12 6 6 0 000-12zm-1 2h2v3.6l2.4 1.4-1 1.7L11 13.7zM5.3 2.3l1.4 1.4-3 3-1.4-1.4zm13.4 0l3 3-1.4 1.4-3-3z',
  globe: 'M12 2a10 10 0 110 20 10 10 0 010-20zm-1.6 2.2A8 8 0 004.1 11h3.4a15 15 0 012.9-6.8zm3.2 0A15 15 0 0116.5 11h3.4a8 8 0 00-6.3-6.8zM12 4.6A13 13 0 009.5 11h5A13 13 0 0012 4.6zM4.1 13a8 8 0 006.3 6.8A15 15 0 017.5 13zm5.4 0a13 13 0 002.5 6.4 13 13 0 002.5-6.4zm7 0a15 15 0 01-2.9 6.8 8 8 0 006.3-6.8z',
  timer: 'M6 2h12v2h-1v3.5L13.4 12l3.6 4.5V20h1v2H6v-2h1v-3.5l3.6-4.5L7 7.5V4H6zm3 2v2.8l3 3.7 3-3.7V4zm3 9.5l-3 3.7V20h6v-2.8z',
  stopwatch: 'M9 1h6v2H9zm3 3a9 9 0 110 18 9 9 0 010-18zm0 2a7 7 0 100 14 7 7 0 000-14zm-1 2h2v5h-2zM18.3 4.3l1.4-1.4 2 2-1.4 1.4z',
  moon: 'M13 3a9 9 0 108 12.9A7.5 7.5 0 0113 3z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  close: 'M6 5l6 6 6-6 1 1-6 6 6 6-1 1-6-6-6 6-1-1 6-6-6-6z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  trash: 'M6 7h12l-1 13H7zm3-3h6l1 2H8z',
  edit: 'M4 17v3h3l10-10-3-3zM15 6l3 3 2-2-3-3z',
};

function svg(path, { size = 22, color } = {}) { return icon(path, { size, color, evenodd: true }); }

function header(api, title, { back = false, actions = [] } = {}) {
  return h('header.appbar.ck-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg(ICONS.back)) : null,
    h('h1.appbar-title', null, title),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, onclick: a.onclick }, svg(a.glyph)))));
}

function scrollBody(name, ...children) {
  return h('main.body.ck-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `clock:${name}` }, ...children);
}

function tabBar(api) {
  const cur = api.state.ui.tab;
  const items = [['alarms', 'Alarm', ICONS.alarm], ['world', 'World', ICONS.globe], ['timer', 'Timer', ICONS.timer],
    ['stopwatch', 'Stopwatch', ICONS.stopwatch], ['bedtime', 'Bedtime', ICONS.moon]];
  return h('nav.ck-tabs', null, items.map(([id, label, glyph]) =>
    h('button.ck-tab' + (cur === id ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) },
      svg(glyph, { size: 22 }), h('span', null, label))));
}

function sw(on) {
  return h('div.switch' + (on ? '.on' : ''), null, h('div.knob'));
}

function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.ck-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

function err(api, key) {
  const e = api.state.ui.errors && api.state.ui.errors[key];
  return e ? h('div.ck-error', { 'data-gym': `error:${key}`, role: 'alert' }, e) : null;
}

function dayChips(api) {
  const days = api.state.ui.form_days || [];
  return h('div.ck-days', null, WEEK.map(([n, name]) =>
    h('button.ck-day' + (days.includes(n) ? '.on' : ''), { 'data-gym': `day:${n}`, 'aria-pressed': String(days.includes(n)),
      onclick: () => api.dispatch({ type: 'toggle_day', day: n }) }, name.slice(0, 2))));
}

// ------------------------------------------------------------------ alarms

function alarmsScreen(api) {
  const { data } = api.state;
  const next = nextAlarm(data.alarms, api.now);
  const list = sortedAlarms(data.alarms);
  return [
    header(api, 'Alarms', { actions: [{ id: 'btn:new-alarm', glyph: ICONS.plus, label: 'Add alarm', onclick: () => api.dispatch({ type: 'new_alarm' }) }] }),
    scrollBody('alarms',
      h('div.ck-next', { 'data-gym': 'next-alarm' },
        h('div.ck-next-label', null, 'Next alarm'),
        next ? [
          h('div.ck-next-time', null, `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(next.at).getUTCDay()]} ${api.clock.hhmm(next.at)}`,
            next.alarm.label ? h('span.ck-next-name', null, ` · ${next.alarm.label}`) : null),
          h('div.ck-next-in', null, untilText(next.at - api.now))]
          : h('div.ck-next-time.off', null, 'No alarms on')),
      list.length ? list.map((a) => {
        const at = nextRing(a, api.now);
        const when = !a.days.length && at !== null ? (Math.floor(at / 86400000) === Math.floor(api.now / 86400000) ? 'Today' : 'Tomorrow') : daysText(a.days);
        return h('div.ck-alarm' + (a.on ? '' : '.off'), { 'data-gym': `alarm:${a.id}`, role: 'button', onclick: () => api.dispatch({ type: 'edit_alarm', id: a.id }) },
          h('div.ck-alarm-text', null,
            h('div.ck-alarm-time', null, a.time),
            h('div.ck-alarm-sub', null, [a.label || 'Alarm', when].join(' · '))),
          h('div.ck-alarm-switch', { 'data-gym': `toggle:alarm:${a.id}`, role: 'switch', 'aria-checked': String(a.on), 'aria-label': `${a.label || 'Alarm'} ${a.time}`,
            onclick: (e) => { e.stopPropagation(); api.dispatch({ type: 'toggle_alarm', id: a.id }); } }, sw(a.on)));
      }) : empty('No alarms. Tap + to add one.'),
      h('div.ck-fab-space')),
  ];
}

function alarmForm(api) {
  const { ui, data } = api.state;
  const editing = ui.editing ? data.alarms.find((a) => a.id === ui.editing) : null;
  const timeField = field(api, 'time', 'Time (HH:MM, 24-hour)', { placeholder: 'e.g. 07:30' });
  if (ui.errors.time || ui.errors.duplicate) timeField.classList.add('ck-has-error');
  return [
    header(api, editing ? 'Edit alarm' : 'New alarm', { back: true,
      actions: editing ? [{ id: 'btn:delete', glyph: ICONS.trash, label: 'Delete alarm', onclick: () => api.dispatch({ type: 'ask_delete' }) }] : [] }),
    scrollBody('alarm-form',
      h('div.card.ck-form', null,
        timeField, err(api, 'time'),
        field(api, 'label', 'Label', { placeholder: 'Alarm' }), err(api, 'label'),
        h('div.ck-form-label', null, 'Repeat'),
        dayChips(api),
        h('div.ck-days-text', null, daysText(ui.form_days)),
        err(api, 'duplicate'))),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) }),
      button('Save', { id: 'btn:save', onclick: () => api.dispatch({ type: 'save' }) })),
    ui.dialog === 'delete' && editing ? dialog('Delete alarm?', `The ${editing.time} alarm${editing.label ? ` “${editing.label}”` : ''} will be removed.`, [
      { id: 'btn:cancel-delete', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete' }) },
    ]) : null,
  ];
}

// ------------------------------------------------------------------- world

function dayWord(delta) {
  return delta === 0 ? 'Today' : delta > 0 ? 'Tomorrow' : 'Yesterday';
}

function worldScreen(api) {
  const cities = citiesOf(api.world, api.state.data.cities);
  return [
    header(api, 'World clock', { actions: [{ id: 'btn:add-city', glyph: ICONS.plus, label: 'Add city', onclick: () => api.dispatch({ type: 'add_city_screen' }) }] }),
    scrollBody('world',
      h('div.ck-local', null,
        h('div.ck-local-time', { 'data-gym': 'local-time' }, api.clock.hhmm(api.now)),
        h('div.ck-local-date', null, `Local time · ${api.clock.shortDate(api.now)}`)),
      cities.length ? cities.map((c) => {
        const t = cityTime(c, api.now);
        return h('div.row.ck-city', { 'data-gym': `city:${c.id}` },
          h('div.row-text', null, h('div.row-title', null, c.name), h('div.row-sub', null, `${dayWord(t.dayDelta)}, ${t.diffText}`)),
          h('div.ck-city-time', null, t.hhmm),
          h('button.icon-btn.ck-remove', { 'data-gym': `btn:remove-city:${c.id}`, 'aria-label': `Remove ${c.name}`,
            onclick: () => api.dispatch({ type: 'remove_city', id: c.id }) }, svg(ICONS.close, { size: 18 })));
      }) : empty('No cities yet. Tap + to add one.')),
  ];
}

function cityPick(api) {
  const hits = searchCities(api.world, api.draft('city'), api.state.data.cities);
  return [
    header(api, 'Add a city', { back: true }),
    h('div.ck-searchbar', null, h('div.ck-search', null, svg(ICONS.search, { size: 20, color: '#6b7185' }),
      h('input.ck-search-input', { 'data-gym': 'field:city', type: 'text', placeholder: 'Search city or country', value: api.draft('city'),
        oninput: (e) => api.dispatch({ type: '@draft', key: 'city', value: e.target.value }) }))),
    scrollBody('cities', hits.length ? hits.map((c) => {
      const t = cityTime(c, api.now);
      return h('div.row', { 'data-gym': `add-city:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'add_city', id: c.id }) },
        h('div.row-text', null, h('div.row-title', null, c.name), h('div.row-sub', null, c.country)),
        h('div.row-trail', null, t.diffText));
    }) : empty('No matching cities')),
  ];
}

// ------------------------------------------------------------------- timer

function smallField(api, key, label) {
  return h('label.ck-tfield', null,
    h('input.ck-tinput', { 'data-gym': `field:${key}`, type: 'text', inputmode: 'numeric', placeholder: '00', value: api.draft(key),
      oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }) }),
    h('span.ck-tlabel', null, label));
}

function timerScreen(api) {
  const { data } = api.state;
  const st = timerStatus(data.timer, api.now);
  let content;
  if (st.phase === 'idle') {
    content = [
      h('div.ck-timer-set', null, smallField(api, 'th', 'h'), h('span.ck-colon', null, ':'), smallField(api, 'tm', 'min'),
        h('span.ck-colon', null, ':'), smallField(api, 'ts', 's')),
      err(api, 'timer'),
      h('div.ck-presets', null, [1, 3, 5, 10, 15, 30].map((m) =>
        h('button.ck-preset', { 'data-gym': `preset:${m}`, onclick: () => api.dispatch({ type: 'preset', minutes: m }) }, `${m} min`))),
      h('div.ck-timer-actions', null,
        h('button.ck-round.start', { 'data-gym': 'btn:timer-start', onclick: () => api.dispatch({ type: 'start_timer' }) }, 'Start')),
    ];
  } else {
    const pct = data.timer.duration ? Math.max(0, Math.min(100, (st.remaining / data.timer.duration) * 100)) : 0;
    content = [
      h('div.ck-ring' + (st.phase === 'done' ? '.done' : ''), { style: { background: `conic-gradient(#6a4fd8 ${pct}%, #e4e0f7 0)` } },
        h('div.ck-ring-inner', null,
          h('div.ck-ring-time', { 'data-gym': 'timer-remaining' }, st.phase === 'done' ? `−${hms(st.over)}` : hms(Math.ceil(st.remaining / 1000) * 1000)),
          h('div.ck-ring-sub', null, st.phase === 'done' ? 'Time’s up' : st.phase === 'paused' ? 'Paused' : `of ${hms(data.timer.duration)}`))),
      h('div.ck-timer-actions', null,
        st.phase === 'done'
          ? h('button.ck-round.stop', { 'data-gym': 'btn:timer-stop', onclick: () => api.dispatch({ type: 'reset_timer' }) }, 'Stop')
          : [
            h('button.ck-round.ghost', { 'data-gym': 'btn:timer-reset', onclick: () => api.dispatch({ type: 'reset_timer' }) }, 'Reset'),
            st.phase === 'running'
              ? h('button.ck-round.pause', { 'data-gym': 'btn:timer-pause', onclick: () => api.dispatch({ type: 'pause_timer' }) }, 'Pause')
              : h('button.ck-round.start', { 'data-gym': 'btn:timer-start', onclick: () => api.dispatch({ type: 'start_timer' }) }, 'Resume')],
        h('button.ck-round.ghost', { 'data-gym': 'btn:timer-add', onclick: () => api.dispatch({ type: 'add_minute' }) }, '+1:00')),
    ];
  }
  return [header(api, 'Timer'), scrollBody('timer', h('div.ck-center', null, content))];
}

// --------------------------------------------------------------- stopwatch

function stopwatchScreen(api) {
  const s = api.state.data.stopwatch;
  const running = typeof s.start === 'number';
  const elapsed = stopwatchElapsed(s, api.now);
  const laps = s.laps.map((t, i) => [i + 1, t - (i ? s.laps[i - 1] : 0), t]).reverse();
  return [
    header(api, 'Stopwatch'),
    scrollBody('stopwatch',
      h('div.ck-sw', null,
        h('div.ck-sw-time', { 'data-gym': 'sw-elapsed' }, swText(elapsed)),
        h('div.ck-timer-actions', null,
          running
            ? [h('button.ck-round.ghost', { 'data-gym': 'btn:sw-lap', onclick: () => api.dispatch({ type: 'sw_lap' }) }, 'Lap'),
              h('button.ck-round.pause', { 'data-gym': 'btn:sw-pause', onclick: () => api.dispatch({ type: 'sw_pause' }) }, 'Pause')]
            : [elapsed ? h('button.ck-round.ghost', { 'data-gym': 'btn:sw-reset', onclick: () => api.dispatch({ type: 'sw_reset' }) }, 'Reset') : null,
              h('button.ck-round.start', { 'data-gym': 'btn:sw-start', onclick: () => api.dispatch({ type: 'sw_start' }) }, elapsed ? 'Resume' : 'Start')])),
      laps.length ? h('div.card.ck-laps', null, laps.map(([n, split, total]) =>
        h('div.ck-lap', { 'data-gym': `lap:${n}` }, h('span', null, `Lap ${n}`), h('span.ck-lap-split', null, swText(split)), h('span.ck-lap-total', null, swText(total)))))
        : null),
  ];
}

// ----------------------------------------------------------------- bedtime

function bedtimeScreen(api) {
  const b = api.state.data.bedtime;
  const mins = sleepMinutes(b.bed, b.wake);
  return [
    header(api, 'Bedtime'),
    scrollBody('bedtime',
      h('div.card.ck-bed', null,
        h('div.ck-bed-row', { 'data-gym': 'toggle:bedtime', role: 'switch', 'aria-checked': String(b.on), onclick: () => api.dispatch({ type: 'toggle_bedtime' }) },
          h('div.row-text', null, h('div.row-title', null, 'Bedtime schedule'), h('div.row-sub', null, b.on ? 'On' : 'Off')), sw(b.on)),
        h('div.ck-bed-times' + (b.on ? '' : '.off'), null,
          h('div.ck-bed-cell', { 'data-gym': 'bed-time' }, svg(ICONS.moon, { size: 20 }), h('div', null, h('div.ck-bed-label', null, 'Bedtime'), h('div.ck-bed-value', null, b.bed))),
          h('div.ck-bed-cell', { 'data-gym': 'wake-time' }, svg(ICONS.alarm, { size: 20 }), h('div', null, h('div.ck-bed-label', null, 'Wake up'), h('div.ck-bed-value', null, b.wake)))),
        h('div.ck-bed-foot', null, `${Math.floor(mins / 60)} h ${mins % 60} min of sleep · ${daysText(b.days)}`)),
      h('div.ck-bed-edit', null, button('Edit schedule', { id: 'btn:edit-bedtime', kind: 'secondary', onclick: () => api.dispatch({ type: 'edit_bedtime' }) }))),
  ];
}

function bedtimeForm(api) {
  return [
    header(api, 'Bedtime schedule', { back: true }),
    scrollBody('bedtime-form',
      h('div.card.ck-form', null,
        field(api, 'bed', 'Bedtime (HH:MM)', { placeholder: 'e.g. 23:00' }), err(api, 'bed'),
        field(api, 'wake', 'Wake up (HH:MM)', { placeholder: 'e.g. 07:00' }), err(api, 'wake'),
        h('div.ck-form-label', null, 'Days'), dayChips(api), err(api, 'days'))),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) }),
      button('Save', { id: 'btn:save', onclick: () => api.dispatch({ type: 'save' }) })),
  ];
}

/** Render the current Clock screen. */
export function render(api) {
  const { ui } = api.state;
  const screens = { alarms: alarmsScreen, world: worldScreen, timer: timerScreen, stopwatch: stopwatchScreen, bedtime: bedtimeScreen,
    alarm_edit: alarmForm, city_pick: cityPick, bedtime_edit: bedtimeForm };
  const main = ['alarms', 'world', 'timer', 'stopwatch', 'bedtime'].includes(ui.screen);
  return h('div.app.ck-app', null, (screens[ui.screen] || alarmsScreen)(api), main ? tabBar(api) : null, notice(api));
}
