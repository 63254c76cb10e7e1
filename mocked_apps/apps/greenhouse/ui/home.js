// The root screens of Verdant, one per tab: overview, schedules, alerts, rules.

import { h } from '../../../runtime/ui/h.js';
import { tabs, section, empty, dialog, button } from '../../../runtime/ui/kit.js';
import * as sim from '../lib/sim.js';
import { bar, notice, glyph } from './parts.js';

const HEALTH_LABEL = { ok: 'All healthy', warn: 'Needs attention', bad: 'Stressed', empty: 'No plants' };

/** Render the tabbed root screen. */
export function home(api) {
  const { ui } = api.state;
  const screens = { overview, schedules, alerts, rules };
  return [
    bar(api, 'Verdant', {
      back: false,
      sub: api.world.greenhouse || 'Greenhouse',
      actions: [{ id: 'btn:share', glyph: 'share', label: 'Share report to Messages', onclick: () => api.dispatch({ type: 'share' }) }],
    }),
    tabs([['overview', 'Overview'], ['schedules', 'Schedules'], ['alerts', 'Alerts'], ['rules', 'Rules']], ui.tab, (tab) => api.dispatch({ type: 'tab', tab })),
    notice(api),
    (screens[ui.tab] || overview)(api),
    ui.dialog === 'clear' ? dialog('Clear the alerts log?', `All ${api.state.data.alerts.length} entries will be deleted. Plants and controls are not affected.`, [
      { id: 'btn:cancel-clear', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) },
      { id: 'btn:confirm-clear', label: 'Clear', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_clear' }) },
    ]) : null,
  ];
}

function clockCard(api) {
  const { data } = api.state;
  const out = sim.outsideAt(api.world, data.clock);
  return h('div.card.gh-clock', null,
    h('div.gh-clock-main', null,
      glyph('clock', { size: 26, color: '#2f7d4f' }),
      h('div', null,
        h('div.gh-clock-time', { 'data-gym': 'clock' }, sim.clockLabel(data.clock)),
        h('div.gh-muted', null, `Outside ${out}°C · simulation clock`))),
    h('div.gh-wait', null,
      h('span.gh-muted', null, 'Wait'),
      [['30', '+30 min'], ['60', '+1 h'], ['180', '+3 h']].map(([m, label]) =>
        h('button.gh-wait-btn', { 'data-gym': `btn:wait-${m}`, onclick: () => api.dispatch({ type: 'wait', minutes: Number(m) }) }, label))));
}

/** Return the power card: load now, peak and cap with a meter. */
export function powerCard(api, { chart = false } = {}) {
  const { data } = api.state;
  const cap = sim.powerCap(api.world);
  const prof = sim.powerProfile(api.world, data.zones);
  const now = prof.hours[sim.hourOf(data.clock)];
  const pct = (kw) => `${Math.min(100, (kw / cap) * 100)}%`;
  return h('div.card.gh-power', { 'data-gym': 'card:power' },
    h('div.gh-power-head', null, glyph('bolt', { size: 18, color: '#c27c0e' }),
      h('b', null, 'Power'), h('span.gh-muted', null, `cap ${cap} kW`)),
    h('div.gh-power-nums', null,
      h('div', null, h('div.gh-big', null, `${now} kW`), h('div.gh-muted', null, 'load now')),
      h('div', null, h('div.gh-big' + (prof.peak.kw >= cap ? '.warn' : ''), { 'data-gym': 'power:peak' }, `${prof.peak.kw} kW`),
        h('div.gh-muted', null, `peak today at ${sim.pad(prof.peak.hour)}:00`)),
      h('div', null, h('div.gh-big', null, `${cap - prof.peak.kw} kW`), h('div.gh-muted', null, 'headroom'))),
    h('div.gh-meter', null, h('div.gh-meter-fill', { style: { width: pct(prof.peak.kw) } })),
    chart ? h('div.gh-chart', { 'data-gym': 'chart:power' },
      prof.hours.map((kw, hour) => h('div.gh-bar-col' + (hour === sim.hourOf(data.clock) ? '.now' : ''), { title: `${sim.pad(hour)}:00 ${kw} kW` },
        h('div.gh-bar-v', null, String(kw)),
        h('div.gh-bar-fill' + (kw >= cap ? '.full' : ''), { style: { height: `${(kw / cap) * 70}px` } }),
        h('div.gh-bar-h', null, hour % 3 === 0 ? sim.pad(hour) : '')))) : null);
}

function overview(api) {
  const { data } = api.state;
  const stressed = sim.stressedPlants(api.world, data);
  return h('main.body.gh-body', { 'data-scroll-key': 'greenhouse:overview', 'data-gym': 'scroll:overview' },
    clockCard(api),
    h('div.gh-summary', { 'data-gym': 'summary' },
      h('b', null, `${stressed.length} of ${data.plants.length} plants stressed`),
      h('span.gh-muted', null, ' · tap a zone')),
    h('div.gh-tiles', null, data.zones.map((z) => {
      const info = sim.zoneInfo(api.world, z.id) || { name: z.id };
      const r = sim.readings(api.world, z, data.clock);
      const health = sim.zoneHealth(api.world, data, z.id);
      const plants = sim.plantsIn(data, z.id);
      const n = plants.filter((p) => stressed.includes(p.id)).length;
      return h('button.gh-tile.' + health, { 'data-gym': `zone:${z.id}`, onclick: () => api.dispatch({ type: 'open_zone', zone: z.id }) },
        h('div.gh-tile-top', null, h('span.gh-tile-letter', null, z.id), h('span.gh-tile-name', null, info.name)),
        h('div.gh-tile-read', null, `${r.temp}°C · ${r.hum}%`),
        h('div.gh-tile-status', null, plants.length ? (n ? `${n} of ${plants.length} stressed` : `${plants.length} healthy`) : HEALTH_LABEL.empty));
    })),
    powerCard(api));
}

function schedules(api) {
  const { data } = api.state;
  return h('main.body.gh-body', { 'data-scroll-key': 'greenhouse:schedules', 'data-gym': 'scroll:schedules' },
    powerCard(api, { chart: true }),
    section('Grow lights and irrigation'),
    h('div.gh-list', null, data.zones.map((z) => {
      const info = sim.zoneInfo(api.world, z.id) || { name: z.id };
      const hours = sim.lightHours(z);
      return h('div.row.gh-sched', { 'data-gym': `sched:${z.id}`, role: 'button', onclick: () => api.dispatch({ type: 'edit_lights', zone: z.id }) },
        h('span.gh-tile-letter.small', null, z.id),
        h('div.row-text', null,
          h('div.row-title', null, hours ? `Lights ${sim.pad(z.lights_on)}:00–${sim.pad(z.lights_off)}:00 · ${hours} h` : 'Lights off'),
          h('div.row-sub', null, `${info.name} · irrigation ${z.irrigation ? `every ${z.irrigation} h` : 'off'}`)),
        h('span.gh-edit', null, 'Edit'));
    })),
    h('div.gh-foot', null, 'Grow lights draw 3 kW while on. Irrigation intervals are set on each zone\'s Controls.'));
}

function alerts(api) {
  const { data } = api.state;
  return [
    h('main.body.gh-body', { 'data-scroll-key': 'greenhouse:alerts', 'data-gym': 'scroll:alerts' },
      data.alerts.length ? h('div.gh-list', null, data.alerts.map((a) => h('div.row.gh-alert.' + a.level, { 'data-gym': `alert:${a.id}` },
        h('span.gh-dot', null),
        h('div.row-text', null,
          h('div.row-title.wrap', null, a.text),
          h('div.row-sub', null, `${sim.clockLabel(a.time)}${a.zone ? ` · Zone ${a.zone}` : ''}`)))))
        : empty('No alerts. Stress changes are logged here as they happen.')),
    h('div.actions-bar', null, button(`Clear log (${data.alerts.length})`, {
      id: 'btn:clear-alerts', kind: 'secondary', disabled: !data.alerts.length, onclick: () => api.dispatch({ type: 'ask_clear' }),
    })),
  ];
}

function rules(api) {
  const w = api.world;
  const L = sim.loadsOf(w);
  const p = (text) => h('p.gh-rule', null, text);
  return h('main.body.gh-body.gh-rules', { 'data-scroll-key': 'greenhouse:rules', 'data-gym': 'scroll:rules' },
    section('How sensors are computed'),
    h('div.card', null,
      p('Temperature (°C) = outside temperature for the hour + the zone\'s shelter bonus + 3 × heater level + 2 while the grow lights are on − vents % ÷ 10.'),
      p('Humidity (%) = the zone\'s base humidity + 8 × mister heads − 2 × (vents % ÷ 10) − 3 × heater level (kept within 5–100).'),
      p('Light hours = how long the grow-light schedule runs per day. Water = the irrigation interval in hours.'),
      h('table.gh-table', null,
        h('tr', null, h('th', null, 'Zone'), h('th', null, 'Shelter'), h('th', null, 'Base RH')),
        (w.zones || []).map((z) => h('tr', null, h('td', null, `${z.id} · ${z.name}`), h('td', null, `+${z.shelter}°C`), h('td', null, `${z.base_humidity}%`))))),
    section('Stress'),
    h('div.card', null,
      p('A plant is stressed while its zone is outside any of its needs: temperature, humidity, light hours or irrigation interval (irrigation off always stresses). Stress is judged at the current clock time.'),
      p('A zone tile is green when no plant is stressed, amber when some are, red when half or more are.'),
      p('Waiting advances the clock in 30-minute steps; each stressed step adds 30 stress minutes and changes are written to the Alerts log.')),
    section('Device rules'),
    h('div.card', null,
      p(`Misters cannot run while the vents are open more than ${sim.MISTER_VENT_LIMIT}%.`),
      p(`Heater level 3 needs the vents open at least ${sim.HEATER3_MIN_VENT}%.`),
      p(`Grow lights may run at most ${sim.MAX_LIGHT_HOURS} h a day.`),
      p(`Power: heater ${L.heater_per_level} kW per level, ${L.mister_per_head} kW per mister head, grow lights ${L.lights} kW while on. The load in every hour of the day must stay within the ${sim.powerCap(w)} kW cap; a change that would exceed it is refused.`),
      p(`A zone holds at most ${sim.ZONE_CAPACITY} plants.`)),
    section('Species needs'),
    h('div.card', null, h('table.gh-table', null,
      h('tr', null, h('th', null, 'Species'), h('th', null, '°C'), h('th', null, 'RH %'), h('th', null, 'Light'), h('th', null, 'Water')),
      (w.species || []).map((s) => h('tr', null, h('td', null, s.name), h('td', null, `${s.temp[0]}–${s.temp[1]}`), h('td', null, `${s.hum[0]}–${s.hum[1]}`),
        h('td', null, `${s.light[0]}–${s.light[1]} h`), h('td', null, `${s.water[0]}–${s.water[1]} h`))))),
    section('Outside temperature (°C) by hour'),
    h('div.card', null, h('div.gh-outside', { 'data-gym': 'outside-curve' }, (w.outside || []).map((t, hr) =>
      h('div.gh-outside-cell', null, h('span.gh-muted', null, sim.pad(hr)), h('b', null, String(t)))))),
    h('div.gh-foot', null, 'The outside temperature follows the same curve every day.'));
}
