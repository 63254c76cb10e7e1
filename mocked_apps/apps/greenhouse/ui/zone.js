// Zone detail (gauges, controls, plants, forecast), plant detail and the
// grow-light schedule editor.

import { h } from '../../../runtime/ui/h.js';
import { button } from '../../../runtime/ui/kit.js';
import * as sim from '../lib/sim.js';
import { bar, notice, chips, glyph, rangeLabel, overlap } from './parts.js';

function caretakerName(api, info) {
  const contacts = api.peek('contacts');
  const c = contacts && contacts.data && (contacts.data.contacts || []).find((x) => x.id === info.caretaker);
  return c ? c.name : null;
}

/** Return one gauge: value, the band its plants need, ok/bad colouring. */
function gauge(id, label, value, unit, need, scale, conflict = false) {
  const [min, max] = scale;
  const pos = (v) => `${Math.max(0, Math.min(100, ((v - min) / (max - min)) * 100))}%`;
  const ok = need && value >= need[0] && value <= need[1];
  return h('div.gh-gauge.' + (need ? (ok ? 'ok' : 'bad') : (conflict ? 'bad' : 'none')), { 'data-gym': `gauge:${id}` },
    h('div.gh-gauge-label', null, label),
    h('div.gh-gauge-val', null, `${value}${unit}`),
    h('div.gh-gauge-track', null,
      need ? h('div.gh-gauge-band', { style: { left: pos(need[0]), width: `calc(${pos(need[1])} - ${pos(need[0])})` } }) : null,
      h('div.gh-gauge-mark', { style: { left: pos(value) } })),
    h('div.gh-gauge-need', null, need ? `need ${need[0]}–${need[1]}` : (conflict ? 'needs conflict' : 'no plants')));
}

/** Render the zone detail screen. */
export function zoneScreen(api) {
  const { data, ui } = api.state;
  const zone = sim.zoneById(data, ui.zone);
  if (!zone) return [bar(api, 'Zone'), h('main.body')];
  const info = sim.zoneInfo(api.world, zone.id) || { name: zone.id };
  const plants = sim.plantsIn(data, zone.id);
  const species = plants.map((p) => sim.speciesOf(api.world, p)).filter(Boolean);
  const r = sim.readings(api.world, zone, data.clock);
  const common = (key) => (species.length ? overlap(species.map((s) => s[key])) : null);
  const stressed = plants.filter((p) => sim.stressReasons(api.world, p, zone, data.clock).length).length;
  return [
    bar(api, `Zone ${zone.id} · ${info.name}`, {
      sub: `${sim.clockLabel(data.clock)} · ${plants.length ? `${stressed} of ${plants.length} plants stressed` : 'no plants'}`,
      actions: [{ id: 'btn:message-caretaker', glyph: 'chat', label: 'Message the caretaker', onclick: () => api.dispatch({ type: 'message_caretaker', zone: zone.id }) }],
    }),
    h('div.gh-gauges', null,
      gauge('temp', 'Temp', r.temp, '°C', common('temp'), [0, 40], species.length > 0),
      gauge('hum', 'Humidity', r.hum, '%', common('hum'), [0, 100], species.length > 0),
      gauge('light', 'Light', r.light, ' h', common('light'), [0, 24], species.length > 0),
      gauge('water', 'Water', r.water, ' h', common('water'), [0, 24], species.length > 0)),
    h('nav.tabs.gh-ztabs', null, [['controls', 'Controls'], ['plants', `Plants (${plants.length})`], ['forecast', 'Forecast']].map(([id, label]) =>
      h('button.tab' + (ui.ztab === id ? '.active' : ''), { 'data-gym': `ztab:${id}`, onclick: () => api.dispatch({ type: 'ztab', tab: id }) }, label))),
    notice(api),
    ui.ztab === 'plants' ? plantsTab(api, zone, plants) : ui.ztab === 'forecast' ? forecastTab(api, zone) : controlsTab(api, zone, info),
  ];
}

function control(title, hint, ...children) {
  return h('div.gh-ctl', null, h('div.gh-ctl-head', null, h('b', null, title), hint ? h('span.gh-muted', null, hint) : null), ...children);
}

function controlsTab(api, zone, info) {
  const set = (type, key) => (value) => () => api.dispatch({ type, zone: zone.id, [key]: value });
  const L = sim.loadsOf(api.world);
  const hours = sim.lightHours(zone);
  const name = caretakerName(api, info);
  return h('main.body.gh-body', { 'data-scroll-key': `greenhouse:zone:${zone.id}`, 'data-gym': 'scroll:controls' },
    control('Vents', `${zone.vent}% open`,
      chips(sim.VENT_STEPS.map((v) => ({ id: `vent:${v}`, label: `${v}`, active: zone.vent === v, onclick: set('set_vent', 'value')(v) })), { cols: 6 })),
    control('Heater', `level ${zone.heater} · ${L.heater_per_level * zone.heater} kW`,
      chips(sim.HEATER_LEVELS.map((v) => ({ id: `heater:${v}`, label: v ? `Level ${v}` : 'Off', active: zone.heater === v, onclick: set('set_heater', 'level')(v) })), { cols: 4 })),
    control('Misters', `${zone.misters} head${zone.misters === 1 ? '' : 's'} · ${L.mister_per_head * zone.misters} kW`,
      chips(sim.MISTER_HEADS.map((v) => ({ id: `misters:${v}`, label: v ? `${v} head${v === 1 ? '' : 's'}` : 'Off', active: zone.misters === v, onclick: set('set_misters', 'heads')(v) })), { cols: 3 })),
    h('div.gh-ctl.gh-ctl-row', null,
      h('div', null, h('b', null, 'Grow lights'),
        h('div.gh-muted', null, hours ? `${sim.pad(zone.lights_on)}:00–${sim.pad(zone.lights_off)}:00 · ${hours} h a day · ${sim.lightsOnAt(zone, sim.hourOf(api.state.data.clock)) ? 'on now' : 'off now'}` : 'Off')),
      button('Edit', { id: 'btn:edit-lights', kind: 'secondary', onclick: () => api.dispatch({ type: 'edit_lights', zone: zone.id }) })),
    control('Irrigation', zone.irrigation ? `every ${zone.irrigation} h` : 'off',
      chips(sim.IRRIGATION.map((v) => ({ id: `irrigation:${v}`, label: v ? `${v} h` : 'Off', active: zone.irrigation === v, onclick: set('set_irrigation', 'hours')(v) })), { cols: 8 })),
    h('div.row.gh-caretaker', { 'data-gym': 'btn:caretaker', role: 'button', onclick: () => api.dispatch({ type: 'open_caretaker', zone: zone.id }) },
      glyph('person', { size: 22, color: '#2f7d4f' }),
      h('div.row-text', null, h('div.row-title', null, `Caretaker: ${name || info.caretaker}`), h('div.row-sub', null, 'Open in Contacts'))));
}

function plantsTab(api, zone, plants) {
  const { data } = api.state;
  return h('main.body.gh-body', { 'data-scroll-key': `greenhouse:plants:${zone.id}`, 'data-gym': 'scroll:plants' },
    plants.length ? h('div.gh-list', null, plants.map((p) => {
      const sp = sim.speciesOf(api.world, p) || { name: p.id };
      const why = sim.stressReasons(api.world, p, zone, data.clock);
      return h('div.row.gh-plant.' + (why.length ? 'bad' : 'ok'), { 'data-gym': `plant:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_plant', plant: p.id }) },
        h('span.gh-dot', null),
        h('div.row-text', null, h('div.row-title', null, sp.name),
          h('div.row-sub.wrap', null, why.length ? why.map((w) => w.text).join(' · ') : 'Healthy')),
        h('span.row-trail', null, p.id));
    })) : h('div.empty', null, 'No plants in this zone.'),
    h('div.gh-foot', null, `A zone holds at most ${sim.ZONE_CAPACITY} plants. Open a plant to move it to another zone.`));
}

function forecastTab(api, zone) {
  const { data } = api.state;
  const rows = [];
  for (let k = 0; k <= 8; k += 1) {
    const t = data.clock + k * 60;
    const zr = sim.readings(api.world, zone, t);
    const zoneStressed = sim.plantsIn(data, zone.id).filter((p) => sim.stressReasons(api.world, p, zone, t).length).length;
    rows.push(h('tr' + (k === 0 ? '.now' : ''), { 'data-gym': `forecast:${k}` },
      h('td', null, k === 0 ? `${sim.hhmm(t)} now` : sim.hhmm(t)), h('td', null, `${sim.outsideAt(api.world, t)}°`),
      h('td', null, `${zr.temp}°C`), h('td', null, `${zr.hum}%`), h('td', null, zr.lightsOn ? 'on' : 'off'), h('td', null, String(zoneStressed))));
  }
  return h('main.body.gh-body', { 'data-scroll-key': `greenhouse:forecast:${zone.id}`, 'data-gym': 'scroll:forecast' },
    h('div.card', null,
      h('div.gh-muted', null, `If no control changes, Zone ${zone.id} will read:`),
      h('table.gh-table.gh-forecast', null,
        h('tr', null, h('th', null, 'Time'), h('th', null, 'Out'), h('th', null, 'Temp'), h('th', null, 'RH'), h('th', null, 'Lights'), h('th', null, 'Stressed')),
        rows)),
    h('div.gh-foot', null, 'Forecasts use the outside temperature curve and the grow-light schedule.'));
}

/** Render the plant detail screen. */
export function plantScreen(api) {
  const { data, ui } = api.state;
  const plant = data.plants.find((p) => p.id === ui.plant);
  if (!plant) return [bar(api, 'Plant'), h('main.body')];
  const sp = sim.speciesOf(api.world, plant) || { name: plant.id, temp: [0, 0], hum: [0, 0], light: [0, 0], water: [0, 0] };
  const zone = sim.zoneById(data, plant.zone);
  const r = sim.readings(api.world, zone, data.clock);
  const why = sim.stressReasons(api.world, plant, zone, data.clock);
  const need = (label, range, unit, value) => {
    const ok = value >= range[0] && value <= range[1] && !(label === 'Water' && !value);
    return h('tr.' + (ok ? 'ok' : 'bad'), null, h('td', null, label), h('td', null, rangeLabel(range, unit)), h('td', null, `${value}${unit}`), h('td', null, ok ? '✓' : '✗'));
  };
  return [
    bar(api, sp.name, { sub: `Plant ${plant.id} · Zone ${plant.zone}` }),
    notice(api),
    h('main.body.gh-body', { 'data-scroll-key': `greenhouse:plant:${plant.id}`, 'data-gym': 'scroll:plant' },
      h('div.card.gh-status.' + (why.length ? 'bad' : 'ok'), { 'data-gym': 'plant-status' },
        h('b', null, why.length ? 'Stressed' : 'Healthy'),
        why.length ? h('ul', null, why.map((w) => h('li', null, w.text))) : null,
        h('div.gh-muted', null, `Stressed for ${plant.stress_min} min in total since the log began.`)),
      h('div.card', null,
        h('table.gh-table', null,
          h('tr', null, h('th', null, 'Need'), h('th', null, 'Range'), h('th', null, 'Now'), h('th', null, '')),
          need('Temperature', sp.temp, '°C', r.temp), need('Humidity', sp.hum, '%', r.hum),
          need('Light', sp.light, ' h', r.light), need('Water', sp.water, ' h', r.water)),
        sp.note ? h('div.gh-muted.gh-note', null, sp.note) : null),
      h('div.section', null, 'Move to zone'),
      h('div.gh-move', null, data.zones.map((z) => {
        const n = sim.plantsIn(data, z.id).length;
        const here = z.id === plant.zone;
        return h('button.gh-move-btn' + (here ? '.here' : ''), {
          'data-gym': `move:${z.id}`, disabled: here, onclick: () => api.dispatch({ type: 'move_plant', plant: plant.id, to: z.id }),
        }, h('b', null, z.id), h('span', null, here ? 'here' : `${n}/${sim.ZONE_CAPACITY}`));
      }))),
  ];
}

/** Render the grow-light schedule editor of ui.zone (draft in ui.lights). */
export function lightsScreen(api) {
  const { data, ui } = api.state;
  const zone = sim.zoneById(data, ui.zone);
  const l = ui.lights;
  if (!zone || !l) return [bar(api, 'Grow lights'), h('main.body')];
  const draft = { ...zone, lights_on: l.off_all ? null : l.on, lights_off: l.off_all ? null : l.off };
  const hours = sim.lightHours(draft);
  const prof = sim.powerProfile(api.world, data.zones.map((z) => (z.id === zone.id ? draft : z)));
  const cap = sim.powerCap(api.world);
  const grid = (which, value) => chips(Array.from({ length: 24 }, (_, hr) => ({
    id: `${which}:${hr}`, label: sim.pad(hr), active: !l.off_all && value === hr,
    onclick: () => api.dispatch({ type: 'lights_pick', which, hour: hr }),
  })), { cols: 8, cls: 'hours' });
  return [
    bar(api, `Zone ${zone.id} grow lights`, { sub: 'Schedule repeats every day' }),
    notice(api),
    h('main.body.gh-body', { 'data-scroll-key': `greenhouse:lights:${zone.id}`, 'data-gym': 'scroll:lights' },
      h('div.card.gh-lights-sum', { 'data-gym': 'lights-summary' },
        h('b', null, l.off_all ? 'Lights off' : `${sim.pad(l.on)}:00 → ${sim.pad(l.off)}:00 · ${hours} h a day`),
        h('div.gh-muted' + (prof.peak.kw > cap ? '.gh-red' : ''), null, `Peak load with this schedule: ${prof.peak.kw} kW at ${sim.pad(prof.peak.hour)}:00 (cap ${cap} kW)`)),
      h('div.gh-ctl', null, h('div.gh-ctl-head', null, h('b', null, 'Turn on at')), grid('on', l.on)),
      h('div.gh-ctl', null, h('div.gh-ctl-head', null, h('b', null, 'Turn off at')), grid('off', l.off)),
      h('div.row.toggle-row', { 'data-gym': 'btn:lights-none', role: 'switch', 'aria-checked': String(l.off_all), onclick: () => api.dispatch({ type: 'lights_none' }) },
        h('div.row-text', null, h('div.row-title', null, 'Lights off all day')),
        h('div.switch' + (l.off_all ? '.on' : ''), null, h('div.knob')))),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel-lights', kind: 'secondary', onclick: () => api.back() }),
      button('Apply', { id: 'btn:apply-lights', onclick: () => api.dispatch({ type: 'apply_lights' }) })),
  ];
}
