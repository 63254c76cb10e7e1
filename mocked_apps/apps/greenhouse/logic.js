// Verdant: a greenhouse controller. data holds the simulation clock, each zone's
// controls (vents, heater, mister heads, grow-light schedule, irrigation interval),
// the plants (which zone each one lives in, accumulated stress minutes) and the
// alerts log. Sensors, stress and power are derived in lib/sim.js. Every control
// change goes through the rules (misters vs vents, heater 3 vs vents, light hours,
// power cap); a change that breaks one is refused with a message in ui.notice.

import * as sim from './lib/sim.js';

export * from './lib/sim.js';

const SCREENS = ['home', 'zone', 'plant', 'lights'];
const TABS = ['overview', 'schedules', 'alerts', 'rules'];
const ZTABS = ['controls', 'plants', 'forecast'];
export const MAX_ALERTS = 30;
export const WAIT_STEPS = [30, 60, 180];

function baseUi() {
  return { screen: 'home', tab: 'overview', ztab: 'controls', zone: null, plant: null, stack: [], lights: null, notice: null, dialog: null, drafts: {} };
}

/** Return the initial state: the world's controls, plants and alerts; the overview open. */
export function init(world) {
  const zones = (world.zones || []).map((z) => ({
    id: z.id,
    vent: z.controls.vent,
    heater: z.controls.heater,
    misters: z.controls.misters,
    lights_on: z.controls.lights_on ?? null,
    lights_off: z.controls.lights_off ?? null,
    irrigation: z.controls.irrigation,
  }));
  const plants = (world.plants || []).map((p) => ({ id: p.id, zone: p.zone, species: p.species, stress_min: 0 }));
  const alerts = (world.alerts || []).map((a) => ({ ...a }));
  return { data: { clock: Number(world.start_clock) || 570, zones, plants, alerts }, ui: baseUi() };
}

function ensureUi(state) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'home';
  if (!TABS.includes(ui.tab)) ui.tab = 'overview';
  if (!ZTABS.includes(ui.ztab)) ui.ztab = 'controls';
  return ui;
}

function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, zone: ui.zone, plant: ui.plant, ztab: ui.ztab });
  Object.assign(ui, { screen, dialog: null, notice: null }, extra);
}

function pop(state) {
  const ui = state.ui;
  const prev = ui.stack.pop();
  if (!prev) return false;
  Object.assign(ui, prev, { dialog: null, notice: null, lights: null });
  if (ui.screen === 'zone' && !sim.zoneById(state.data, ui.zone)) ui.screen = 'home';
  if (ui.screen === 'plant' && !state.data.plants.some((p) => p.id === ui.plant)) ui.screen = ui.zone ? 'zone' : 'home';
  return true;
}

const isInt = (v) => typeof v === 'number' && Number.isInteger(v);

/** Log stress transitions between two stressed-id sets at the current clock (newest first). */
function logTransitions(state, world, before, ctx) {
  const after = new Set(sim.stressedPlants(world, state.data));
  const entries = [];
  for (const p of state.data.plants) {
    const was = before.has(p.id);
    const is = after.has(p.id);
    if (was === is) continue;
    const sp = sim.speciesOf(world, p);
    const name = sp ? sp.name : p.id;
    if (is) {
      const why = sim.stressReasons(world, p, sim.zoneById(state.data, p.zone), state.data.clock).map((r) => r.text.split(' (')[0]);
      entries.push({ level: 'warn', zone: p.zone, plant: p.id, text: `${name} stressed: ${why.join(', ')}` });
    } else {
      entries.push({ level: 'ok', zone: p.zone, plant: p.id, text: `${name} recovered` });
    }
  }
  for (const e of entries) state.data.alerts.unshift({ id: ctx.uid('al'), time: state.data.clock, ...e });
  state.data.alerts = state.data.alerts.slice(0, MAX_ALERTS);
  return after;
}

/**
 * Apply a proposed change to one zone's controls: refused (ui.notice, nothing changes)
 * when it breaks a rule; otherwise applied and stress transitions logged.
 */
function changeZone(state, world, zoneId, patch, ctx, label) {
  const zone = sim.zoneById(state.data, zoneId);
  if (!zone) return state;
  const proposed = state.data.zones.map((z) => (z.id === zoneId ? { ...z, ...patch } : z));
  const next = proposed.find((z) => z.id === zoneId);
  if (Object.keys(patch).every((k) => zone[k] === next[k])) {
    state.ui.notice = null;
    return state;
  }
  const why = sim.ruleViolation(world, proposed, zoneId, state.data.zones);
  if (why) {
    state.ui.notice = { kind: 'error', text: `Refused: ${why}` };
    return state;
  }
  const before = new Set(sim.stressedPlants(world, state.data));
  Object.assign(zone, patch);
  logTransitions(state, world, before, ctx);
  state.ui.notice = { kind: 'ok', text: `Zone ${zoneId}: ${label}` };
  return state;
}

function wait(state, world, minutes, ctx) {
  if (!isInt(minutes) || minutes <= 0 || minutes % 30 !== 0 || minutes > 1440) return state;
  let before = new Set(sim.stressedPlants(world, state.data));
  for (let t = 0; t < minutes; t += 30) {
    state.data.clock += 30;
    before = logTransitions(state, world, before, ctx);
    for (const p of state.data.plants) if (before.has(p.id)) p.stress_min += 30;
  }
  state.ui.notice = { kind: 'ok', text: `Clock advanced ${minutes >= 60 ? `${minutes / 60} h` : `${minutes} min`} to ${sim.clockLabel(state.data.clock)}` };
  return state;
}

function movePlant(state, world, plantId, zoneId, ctx) {
  const plant = state.data.plants.find((p) => p.id === plantId);
  if (!plant || !sim.zoneById(state.data, zoneId) || plant.zone === zoneId) return state;
  const sp = sim.speciesOf(world, plant);
  if (sim.plantsIn(state.data, zoneId).length >= sim.ZONE_CAPACITY) {
    state.ui.notice = { kind: 'error', text: `Refused: Zone ${zoneId} is full (at most ${sim.ZONE_CAPACITY} plants per zone).` };
    return state;
  }
  const before = new Set(sim.stressedPlants(world, state.data));
  plant.zone = zoneId;
  logTransitions(state, world, before, ctx);
  state.ui.notice = { kind: 'ok', text: `${sp ? sp.name : plant.id} moved to Zone ${zoneId}` };
  return state;
}

function applyLights(state, world, ctx) {
  const ui = state.ui;
  const zoneId = ui.zone;
  const l = ui.lights;
  if (!l || !sim.zoneById(state.data, zoneId)) return state;
  const patch = l.off_all ? { lights_on: null, lights_off: null } : { lights_on: l.on, lights_off: l.off };
  if (!l.off_all && l.on === l.off) {
    ui.notice = { kind: 'error', text: 'Pick different on and off hours, or choose "Lights off".' };
    return state;
  }
  const label = l.off_all ? 'grow lights off' : `grow lights ${sim.pad(l.on)}:00–${sim.pad(l.off)}:00`;
  changeZone(state, world, zoneId, patch, ctx, label);
  if (ui.notice && ui.notice.kind === 'error') return state;
  const notice = ui.notice;
  pop(state);
  ui.notice = notice;
  return state;
}

function handleIntent(state, action) {
  const ui = state.ui;
  ui.stack = [];
  Object.assign(ui, { screen: 'home', tab: 'overview', zone: null, plant: null, dialog: null, notice: null, lights: null });
  if (typeof action.zone === 'string' && sim.zoneById(state.data, action.zone)) push(ui, 'zone', { zone: action.zone, ztab: 'controls' });
  return state;
}

/** Apply an action; null for actions this app does not handle (and `back` at the overview). */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state);
  const world = ctx.world || {};
  const a = action || {};
  // The zone whose screen is shown (nothing over it) when `a.zone` is absent or names it, and whose Controls tab is
  // shown: its controls, lights and caretaker buttons are only there, not acted on for a zone not shown.
  const shownZone = ui.screen === 'zone' && !ui.dialog && (a.zone === undefined || a.zone === ui.zone) ? ui.zone : null;
  const zoneId = shownZone && !['plants', 'forecast'].includes(ui.ztab) ? shownZone : null;
  switch (a.type) {
    case 'back':
      if (ui.dialog) { ui.dialog = null; return state; }
      if (pop(state)) return state;
      if (ui.tab !== 'overview') { ui.tab = 'overview'; ui.notice = null; return state; }
      return null;
    case 'intent':
      return handleIntent(state, a);
    case 'tab':
      if (!TABS.includes(a.tab)) return state;
      ui.stack = [];
      Object.assign(ui, { screen: 'home', tab: a.tab, zone: null, plant: null, dialog: null, notice: null, lights: null });
      return state;
    case 'open_zone':
      if (sim.zoneById(state.data, a.zone)) push(ui, 'zone', { zone: a.zone, ztab: ZTABS.includes(a.ztab) ? a.ztab : 'controls' });
      return state;
    case 'ztab':
      if (ui.screen === 'zone' && ZTABS.includes(a.tab)) { ui.ztab = a.tab; ui.notice = null; }
      return state;
    case 'open_plant': {
      const plant = state.data.plants.find((p) => p.id === a.plant);
      if (plant) push(ui, 'plant', { plant: plant.id, zone: plant.zone });
      return state;
    }
    case 'set_vent':
      if (!sim.VENT_STEPS.includes(a.value)) return state;
      return changeZone(state, world, zoneId, { vent: a.value }, ctx, `vents ${a.value}%`);
    case 'set_heater':
      if (!sim.HEATER_LEVELS.includes(a.level)) return state;
      return changeZone(state, world, zoneId, { heater: a.level }, ctx, `heater level ${a.level}`);
    case 'set_misters':
      if (!sim.MISTER_HEADS.includes(a.heads)) return state;
      return changeZone(state, world, zoneId, { misters: a.heads }, ctx, a.heads ? `${a.heads} mister head${a.heads === 1 ? '' : 's'} on` : 'misters off');
    case 'set_irrigation':
      if (!sim.IRRIGATION.includes(a.hours)) return state;
      return changeZone(state, world, zoneId, { irrigation: a.hours }, ctx, a.hours ? `irrigation every ${a.hours} h` : 'irrigation off');
    case 'edit_lights': {
      // The zone's Controls tab (Edit), or a row of the Schedules tab.
      const onSchedules = ui.screen === 'home' && ui.tab === 'schedules' && !ui.dialog;
      const zone = sim.zoneById(state.data, onSchedules ? a.zone : zoneId);
      if (!zone) return state;
      const off = sim.lightHours(zone) === 0;
      push(ui, 'lights', { zone: zone.id, lights: { on: off ? 6 : zone.lights_on, off: off ? 18 : zone.lights_off, off_all: off } });
      return state;
    }
    case 'lights_pick':
      if (ui.screen !== 'lights' || !ui.lights || !isInt(a.hour) || a.hour < 0 || a.hour > 23 || !['on', 'off'].includes(a.which)) return state;
      ui.lights = { ...ui.lights, [a.which]: a.hour, off_all: false };
      ui.notice = null;
      return state;
    case 'lights_none':
      if (ui.screen !== 'lights' || !ui.lights) return state;
      ui.lights = { ...ui.lights, off_all: !ui.lights.off_all };
      return state;
    case 'apply_lights':
      if (ui.screen !== 'lights') return state;
      return applyLights(state, world, ctx);
    case 'move_plant':
      // The plant screen's Move buttons: the plant shown only.
      if (ui.screen !== 'plant' || ui.dialog || (a.plant !== undefined && a.plant !== ui.plant)) return state;
      return movePlant(state, world, ui.plant, a.to, ctx);
    case 'wait':
      return wait(state, world, a.minutes, ctx);
    case 'ask_clear':
      if (state.data.alerts.length) ui.dialog = 'clear';
      return state;
    case 'confirm_clear':
      if (ui.dialog !== 'clear') return state;
      state.data.alerts = [];
      ui.dialog = null;
      ui.notice = { kind: 'ok', text: 'Alerts log cleared' };
      return state;
    case 'cancel':
      ui.dialog = null;
      return state;
    case 'dismiss':
      ui.notice = null;
      return state;
    case 'share':
      if (!ctx.peek('messages')) { ui.notice = { kind: 'error', text: 'Messages is not available on this phone.' }; return state; }
      ctx.open('messages', { text: sim.greenhouseReport(world, state.data) });
      return state;
    case 'message_caretaker': {
      const info = sim.zoneInfo(world, shownZone);
      if (!info || !sim.zoneById(state.data, shownZone)) return state;
      if (!ctx.peek('messages')) { ui.notice = { kind: 'error', text: 'Messages is not available on this phone.' }; return state; }
      ctx.open('messages', { to: info.caretaker, text: sim.zoneReport(world, state.data, shownZone) });
      return state;
    }
    case 'open_caretaker': {
      const info = sim.zoneInfo(world, zoneId);
      if (!info) return state;
      if (!ctx.peek('contacts')) { ui.notice = { kind: 'error', text: 'Contacts is not available on this phone.' }; return state; }
      ctx.open('contacts', { contact_id: info.caretaker });
      return state;
    }
    default:
      return null;
  }
}
