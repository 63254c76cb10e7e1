// Verdant's greenhouse model: pure functions from the controls (data.zones), the
// plants (data.plants), the world (species, zone constants) and the simulation
// clock (data.clock, minutes since Day 1 00:00) to the derived sensors, plant
// stress and power load. No state is kept here; the reducer and view both call it.

export const VENT_STEPS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
export const HEATER_LEVELS = [0, 1, 2, 3];
export const MISTER_HEADS = [0, 1, 2];
export const IRRIGATION = [0, 2, 3, 4, 6, 8, 12, 24];
export const MAX_LIGHT_HOURS = 18;
export const ZONE_CAPACITY = 3;
export const MISTER_VENT_LIMIT = 50; // misters may not run with vents above this
export const HEATER3_MIN_VENT = 10; // heater level 3 needs at least this much vent

/** Default loads (kW) and cap when the world does not say. */
const LOADS = { heater_per_level: 2, mister_per_head: 1, lights: 3 };

export const pad = (n) => String(n).padStart(2, '0');

/** Return "Day 1 · 09:30" for a simulation clock in minutes. */
export function clockLabel(clock) {
  const day = Math.floor(clock / 1440) + 1;
  const m = ((clock % 1440) + 1440) % 1440;
  return `Day ${day} · ${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** Return "HH:MM" of a simulation clock. */
export function hhmm(clock) {
  const m = ((clock % 1440) + 1440) % 1440;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** Return the hour of day (0–23) of a simulation clock. */
export const hourOf = (clock) => Math.floor((((clock % 1440) + 1440) % 1440) / 60);

/** Return the world's loads and power cap. */
export function loadsOf(world) {
  return { ...LOADS, ...(world.loads || {}) };
}
export const powerCap = (world) => Number(world.power_cap) || 24;

/** Return how many hours a light schedule runs per day (on == off: 0). */
export function lightHours(zone) {
  if (zone.lights_on === null || zone.lights_on === undefined || zone.lights_off === null || zone.lights_off === undefined) return 0;
  return (zone.lights_off - zone.lights_on + 24) % 24;
}

/** Return whether a zone's grow lights are on during the hour `hour` (0–23). */
export function lightsOnAt(zone, hour) {
  const n = lightHours(zone);
  if (!n) return false;
  return (hour - zone.lights_on + 24) % 24 < n;
}

/** Return the outside temperature (°C) at a simulation clock. */
export function outsideAt(world, clock) {
  const table = world.outside || [];
  return Number(table[hourOf(clock)] ?? 10);
}

/** Return the constants of a zone from the world. */
export function zoneInfo(world, zoneId) {
  return (world.zones || []).find((z) => z.id === zoneId) || null;
}

/** Return the species record of a plant. */
export function speciesOf(world, plant) {
  return (world.species || []).find((s) => s.id === plant.species) || null;
}

/** Return a zone's temperature (°C, integer) at a clock, from its controls. */
export function temperature(world, zone, clock) {
  const info = zoneInfo(world, zone.id) || {};
  return outsideAt(world, clock) + Number(info.shelter || 0) + 3 * zone.heater
    + (lightsOnAt(zone, hourOf(clock)) ? 2 : 0) - zone.vent / 10;
}

/** Return a zone's relative humidity (%, integer, 5–100) from its controls. */
export function humidity(world, zone) {
  const info = zoneInfo(world, zone.id) || {};
  const raw = Number(info.base_humidity || 50) + 8 * zone.misters - 2 * (zone.vent / 10) - 3 * zone.heater;
  return Math.max(5, Math.min(100, raw));
}

/** Return the sensor readings of a zone at a clock. */
export function readings(world, zone, clock) {
  return {
    temp: temperature(world, zone, clock),
    hum: humidity(world, zone),
    light: lightHours(zone),
    water: zone.irrigation,
    lightsOn: lightsOnAt(zone, hourOf(clock)),
  };
}

/**
 * Return the stress reasons of a plant living in `zone` at `clock`: [] when healthy.
 * Each reason: {need: temp|hum|light|water, text}.
 */
export function stressReasons(world, plant, zone, clock) {
  const sp = speciesOf(world, plant);
  if (!sp || !zone) return [];
  const r = readings(world, zone, clock);
  const out = [];
  const check = (need, value, [lo, hi], low, high, unit) => {
    if (value < lo) out.push({ need, text: `${low} (${value}${unit} < ${lo}${unit})` });
    else if (value > hi) out.push({ need, text: `${high} (${value}${unit} > ${hi}${unit})` });
  };
  check('temp', r.temp, sp.temp, 'too cold', 'too hot', '°C');
  check('hum', r.hum, sp.hum, 'too dry', 'too humid', '%');
  check('light', r.light, sp.light, 'too little light', 'too much light', ' h');
  if (!r.water) out.push({ need: 'water', text: 'not irrigated (irrigation off)' });
  else check('water', r.water, sp.water, 'watered too often', 'watered too rarely', ' h');
  return out;
}

/** Return the zone record (controls) with the given id. */
export const zoneById = (data, id) => data.zones.find((z) => z.id === id) || null;

/** Return the plants of a zone. */
export const plantsIn = (data, zoneId) => data.plants.filter((p) => p.zone === zoneId);

/** Return the ids of the plants stressed at `clock` (default: the current clock). */
export function stressedPlants(world, data, clock = data.clock) {
  return data.plants.filter((p) => stressReasons(world, p, zoneById(data, p.zone), clock).length > 0).map((p) => p.id);
}

/** Return a zone's health: "ok" (no plant stressed), "warn" (some), "bad" (half or more), "empty". */
export function zoneHealth(world, data, zoneId, clock = data.clock) {
  const plants = plantsIn(data, zoneId);
  if (!plants.length) return 'empty';
  const zone = zoneById(data, zoneId);
  const n = plants.filter((p) => stressReasons(world, p, zone, clock).length).length;
  if (!n) return 'ok';
  return n * 2 >= plants.length ? 'bad' : 'warn';
}

/** Return the power load (kW) of the whole greenhouse during hour `hour`. */
export function loadAt(world, zones, hour) {
  const L = loadsOf(world);
  return zones.reduce((sum, z) => sum + L.heater_per_level * z.heater + L.mister_per_head * z.misters
    + (lightsOnAt(z, hour) ? L.lights : 0), 0);
}

/** Return the 24 hourly loads and the peak {kw, hour} (the first hour reaching it). */
export function powerProfile(world, zones) {
  const hours = Array.from({ length: 24 }, (_, h) => loadAt(world, zones, h));
  let peak = 0;
  for (let h = 1; h < 24; h += 1) if (hours[h] > hours[peak]) peak = h;
  return { hours, peak: { kw: hours[peak], hour: peak } };
}

/**
 * Return why a set of zone controls breaks a rule (a message), or null when allowed.
 * `zones` is the complete proposed control set; `changed` the zone id being edited; `before` (optional) the
 * current controls: then only an hour the change pushes over the cap, or further over it, breaks the power rule,
 * so a greenhouse already over the cap (a seeded state) can be brought under it one change at a time.
 */
export function ruleViolation(world, zones, changed, before = null) {
  const z = zones.find((x) => x.id === changed);
  if (z) {
    if (z.misters > 0 && z.vent > MISTER_VENT_LIMIT) {
      return `Misters can't run while the vents are open more than ${MISTER_VENT_LIMIT}% (Zone ${z.id}: vents ${z.vent}%, ${z.misters} mister head${z.misters === 1 ? '' : 's'}).`;
    }
    if (z.heater === 3 && z.vent < HEATER3_MIN_VENT) {
      return `Heater level 3 needs the vents open at least ${HEATER3_MIN_VENT}% (Zone ${z.id}: vents ${z.vent}%).`;
    }
    if (lightHours(z) > MAX_LIGHT_HOURS) {
      return `Grow lights may run at most ${MAX_LIGHT_HOURS} h a day (Zone ${z.id}: ${lightHours(z)} h).`;
    }
  }
  const { hours } = powerProfile(world, zones);
  const cap = powerCap(world);
  const old = before ? powerProfile(world, before).hours : null;
  let worst = -1; // the first hour of the highest load among the hours the change breaks
  hours.forEach((kw, h) => { if (kw > cap && (!old || kw > old[h]) && (worst < 0 || kw > hours[worst])) worst = h; });
  if (worst >= 0) {
    return `Power budget exceeded: the load would peak at ${hours[worst]} kW at ${pad(worst)}:00 (cap ${cap} kW).`;
  }
  return null;
}

/** Return a one-zone status line, e.g. "Zone B (Mist House) · Day 1 · 09:30: 22°C, 47% RH, ...". */
export function zoneReport(world, data, zoneId) {
  const zone = zoneById(data, zoneId);
  const info = zoneInfo(world, zoneId) || { name: zoneId };
  if (!zone) return '';
  const r = readings(world, zone, data.clock);
  const plants = plantsIn(data, zoneId);
  const stressed = plants
    .map((p) => ({ p, why: stressReasons(world, p, zone, data.clock) }))
    .filter((x) => x.why.length)
    .map((x) => `${(speciesOf(world, x.p) || { name: x.p.id }).name}: ${x.why.map((w) => w.text.split(' (')[0]).join(', ')}`);
  return `Zone ${zoneId} (${info.name}) at ${clockLabel(data.clock)}: ${r.temp}°C, ${r.hum}% RH, `
    + `${stressed.length} of ${plants.length} plants stressed${stressed.length ? ` (${stressed.join('; ')})` : ''}.`;
}

/** Return the whole-greenhouse report shared to Messages. */
export function greenhouseReport(world, data) {
  const lines = data.zones.map((z) => {
    const r = readings(world, z, data.clock);
    const n = plantsIn(data, z.id).filter((p) => stressReasons(world, p, z, data.clock).length).length;
    return `${z.id}: ${r.temp}°C, ${r.hum}% RH, ${n} stressed`;
  });
  const { peak } = powerProfile(world, data.zones);
  return `Verdant report, ${clockLabel(data.clock)}. ${lines.join('. ')}. Peak load ${peak.kw}/${powerCap(world)} kW.`;
}
