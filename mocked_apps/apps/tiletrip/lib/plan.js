// TileTrip's rules as pure functions over the world (places, areas, trip) and
// data (plan entries {id, day, start, pinned}, budget). Hours are whole numbers:
// an activity of `dur` tiles starting at `start` occupies [start, start + dur).

export const pad = (n) => String(n).padStart(2, '0');
export const hh = (h) => `${pad(h)}:00`;

/** Return the activity (place) record of an id. */
export const activity = (world, id) => (world.activities || []).find((a) => a.id === id) || null;

/** Return the area record of an id. */
export const area = (world, id) => (world.areas || []).find((a) => a.id === id) || { id, name: id, color: '#888' };

export const dayStart = (world) => world.day_start ?? 8;
export const dayEnd = (world) => world.day_end ?? 22;
export const dayCount = (world) => (world.trip && world.trip.days) || 3;
export const tileCost = (world) => world.travel_tile_cost ?? 2;
export const lodgingArea = (world) => (world.trip && world.trip.lodging && world.trip.lodging.area) || null;

/** Return the number of travel tiles between two areas: 0 same area, 2 for far pairs, else 1. */
export function travelTiles(world, from, to) {
  if (!from || !to || from === to) return 0;
  const far = (world.far || []).some(([a, b]) => (a === from && b === to) || (a === to && b === from));
  return far ? 2 : 1;
}

/** Return "YYYY-MM-DD" of trip day n (1-based). */
export function dayDate(world, n) {
  const [y, m, d] = world.trip.start.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n - 1));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Return "Sat, Mar 21" for trip day n. */
export function dayLabel(world, n) {
  const [y, m, d] = dayDate(world, n).split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${WEEKDAYS[t.getUTCDay()]}, ${MONTHS[m - 1]} ${d}`;
}

/** Return the entries of day n sorted by start, each with its activity. */
export function dayEntries(world, data, n) {
  return data.plan.filter((e) => e.day === n)
    .map((e) => ({ ...e, act: activity(world, e.id) }))
    .filter((e) => e.act)
    .sort((a, b) => a.start - b.start);
}

/**
 * Return day n's timeline: activity items and the travel legs before each one
 * ({before, from, to, tiles, gap (free hours before it), start (first travel hour), free (first free hour), short}).
 */
export function timeline(world, data, n) {
  const entries = dayEntries(world, data, n);
  let prevArea = lodgingArea(world);
  let prevEnd = dayStart(world);
  const legs = [];
  for (const e of entries) {
    const tiles = travelTiles(world, prevArea, e.act.area);
    if (tiles) {
      const gap = e.start - prevEnd;
      legs.push({ before: e.id, from: prevArea, to: e.act.area, tiles, gap, start: e.start - tiles, free: e.start - Math.max(0, gap), short: gap < tiles });
    }
    prevArea = e.act.area;
    prevEnd = Math.max(prevEnd, e.start + e.act.dur);
  }
  return { entries, legs };
}

/** Return day n's cost and time summary: activity credits, travel tiles, total credits, tile count, activity hours. */
export function dayCost(world, data, n) {
  const { entries, legs } = timeline(world, data, n);
  const acts = entries.reduce((s, e) => s + e.act.cost, 0);
  const travel = legs.reduce((s, l) => s + l.tiles, 0);
  const hours = entries.reduce((s, e) => s + e.act.dur, 0);
  return { acts, travel, travelCost: travel * tileCost(world), total: acts + travel * tileCost(world), count: entries.length, hours };
}

/** Return the rule violations of day n: [{day, kind, id, text}]. */
export function dayIssues(world, data, n) {
  const out = [];
  const { entries, legs } = timeline(world, data, n);
  for (const e of entries) {
    if (e.start < e.act.open || e.start + e.act.dur > e.act.close) {
      out.push({ day: n, kind: 'hours', id: e.id, text: `${e.act.name} (${hh(e.start)}–${hh(e.start + e.act.dur)}) is outside its opening hours ${hh(e.act.open)}–${hh(e.act.close)}` });
    }
  }
  for (const l of legs) {
    if (!l.short) continue;
    const name = activity(world, l.before).name;
    out.push({ day: n, kind: 'travel', id: l.before, text: `Not enough travel time before ${name}: ${area(world, l.from).name} → ${area(world, l.to).name} needs ${l.tiles} tile${l.tiles === 1 ? '' : 's'}, ${Math.max(0, l.gap)} free` });
  }
  if (entries.length) {
    const lunch = world.lunch || { from: 11, to: 14 };
    if (!entries.some((e) => e.act.kind === 'food' && e.start >= lunch.from && e.start <= lunch.to)) {
      out.push({ day: n, kind: 'lunch', id: null, text: `No lunch: add a food tile starting between ${hh(lunch.from)} and ${hh(lunch.to)}` });
    }
  }
  const cost = dayCost(world, data, n);
  if (cost.total > data.budget) {
    out.push({ day: n, kind: 'budget', id: null, text: `Costs ${cost.total} cr, over the ${data.budget} cr daily budget` });
  }
  return out;
}

/** Return every violation of the trip: each day's, then must-do places not planned. */
export function tripIssues(world, data) {
  const out = [];
  for (let n = 1; n <= dayCount(world); n += 1) out.push(...dayIssues(world, data, n));
  for (const a of world.activities || []) {
    if (a.must && !data.plan.some((e) => e.id === a.id)) {
      out.push({ day: null, kind: 'must', id: a.id, text: `Must-do not planned: ${a.name}` });
    }
  }
  return out;
}

/**
 * Return why an activity cannot be put at (day, start) — a hard rule — or null.
 * `ignore` is the entry being moved (it does not collide with itself).
 */
export function placementError(world, data, id, day, start, ignore = null) {
  const act = activity(world, id);
  if (!act) return 'Unknown place.';
  if (!Number.isInteger(day) || day < 1 || day > dayCount(world)) return 'No such day.';
  if (!Number.isInteger(start)) return 'Pick a start time.';
  if (start < dayStart(world) || start + act.dur > dayEnd(world)) {
    return `${act.name} takes ${act.dur} tile${act.dur === 1 ? '' : 's'} and doesn't fit the day from ${hh(start)} (days run ${hh(dayStart(world))}–${hh(dayEnd(world))}).`;
  }
  for (const e of data.plan) {
    if (e.id === ignore || e.day !== day) continue;
    const other = activity(world, e.id);
    if (!other) continue;
    if (start < e.start + other.dur && e.start < start + act.dur) {
      return `${act.name} (${hh(start)}–${hh(start + act.dur)}) would overlap ${other.name} (${hh(e.start)}–${hh(e.start + other.dur)}).`;
    }
  }
  return null;
}

/** Return the text shared to Messages for day n. */
export function shareText(world, data, n) {
  const { entries, legs } = timeline(world, data, n);
  const cost = dayCost(world, data, n);
  const lines = entries.map((e) => `${hh(e.start)}–${hh(e.start + e.act.dur)} ${e.act.name} (${area(world, e.act.area).name})`);
  const head = `${world.trip.name} · Day ${n}, ${dayLabel(world, n)}`;
  if (!entries.length) return `${head}: nothing planned yet.`;
  return `${head}: ${lines.join('; ')}. Total ${cost.total} cr incl. ${legs.reduce((s, l) => s + l.tiles, 0)} travel tile(s).`;
}
