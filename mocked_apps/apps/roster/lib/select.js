// Pure selectors of the Roster app (days, shifts, staff, violations, cost, requests, the shifts text),
// shared by the reducer, the view and the tests.

/** Return the day ids in week order (mon..sun). */
export function dayIds(world) {
  return (world.days || []).map((d) => d.id);
}

/** Return the slot ids in day order (morning, afternoon, night). */
export function slotIds(world) {
  return (world.slots || []).map((s) => s.id);
}

/** Return every shift id "<day>-<slot>" in week order. */
export function shiftIds(world) {
  const out = [];
  for (const d of dayIds(world)) for (const s of slotIds(world)) out.push(`${d}-${s}`);
  return out;
}

/** Split a shift id into {day, slot}; null when it is not a shift of this week. */
export function parseShift(world, id) {
  const m = /^([a-z]+)-([a-z]+)$/.exec(String(id || ''));
  if (!m || !dayIds(world).includes(m[1]) || !slotIds(world).includes(m[2])) return null;
  return { day: m[1], slot: m[2] };
}

export function findStaff(world, id) {
  return (world.staff || []).find((p) => p.id === id);
}

export function slotInfo(world, slot) {
  return (world.slots || []).find((s) => s.id === slot);
}

export function dayInfo(world, day) {
  return (world.days || []).find((d) => d.id === day);
}

/** Return "Wed night" for "wed-night". */
export function shiftLabel(world, id) {
  const p = parseShift(world, id);
  if (!p) return String(id);
  return `${dayInfo(world, p.day).short} ${p.slot}`;
}

/** Return the staff member's display name: Contacts first, else the world's copy. */
export function staffName(world, id, contacts) {
  const c = contacts && ((contacts.data || {}).contacts || []).find((x) => x.id === id);
  if (c) return c.name;
  const p = findStaff(world, id);
  return p ? p.name : id;
}

/** Return the shift ids a person works, in week order. */
export function shiftsOf(world, data, id) {
  return shiftIds(world).filter((s) => (data.assign[s] || []).includes(id));
}

/** Return a person's hours this week. */
export function hoursOf(world, data, id) {
  return shiftsOf(world, data, id).reduce((sum, s) => sum + slotInfo(world, parseShift(world, s).slot).hours, 0);
}

/** Return a person's unavailable days (the editable copy in data, else the world's). */
export function unavailableOf(world, data, id) {
  const own = (data.unavailable || {})[id];
  if (Array.isArray(own)) return own;
  const p = findStaff(world, id);
  return p ? p.unavailable : [];
}

/**
 * Return every constraint violation, in a stable order:
 * per shift (week order): understaffed (fewer than the headcount), skill (a required skill nobody
 * assigned has); per person (staff order): double (two shifts the same day), rest (a night followed by
 * the next morning), unavailable (working on a day off), hours (over the weekly maximum).
 * Each is {id, kind, shift?, day?, staff?, skill?, text}.
 */
export function violations(world, data, contacts = null) {
  const out = [];
  const name = (id) => staffName(world, id, contacts);
  const days = dayIds(world);
  for (const sid of shiftIds(world)) {
    const need = (world.needs || {})[sid];
    if (!need) continue;
    const who = (data.assign[sid] || []).filter((id) => findStaff(world, id));
    const label = shiftLabel(world, sid);
    if (who.length < need.count) {
      out.push({ id: `understaffed:${sid}`, kind: 'understaffed', shift: sid, text: `${label}: ${who.length} of ${need.count} staff` });
    }
    for (const sk of need.skills) {
      if (!who.some((id) => findStaff(world, id).skills.includes(sk))) {
        out.push({ id: `skill:${sid}:${sk}`, kind: 'skill', shift: sid, skill: sk, text: `${label}: no ${(world.skills[sk] || sk).toLowerCase()}` });
      }
    }
  }
  for (const p of world.staff || []) {
    const mine = shiftsOf(world, data, p.id);
    const off = unavailableOf(world, data, p.id);
    days.forEach((d, i) => {
      const today = mine.filter((s) => s.startsWith(`${d}-`));
      if (today.length > 1) {
        out.push({ id: `double:${p.id}:${d}`, kind: 'double', staff: p.id, day: d, shift: today[0],
          text: `${name(p.id)} has ${today.length} shifts on ${dayInfo(world, d).short}` });
      }
      if (i + 1 < days.length && mine.includes(`${d}-night`) && mine.includes(`${days[i + 1]}-morning`)) {
        out.push({ id: `rest:${p.id}:${d}`, kind: 'rest', staff: p.id, day: d, shift: `${days[i + 1]}-morning`,
          text: `${name(p.id)}: ${dayInfo(world, d).short} night, then ${dayInfo(world, days[i + 1]).short} morning (no rest)` });
      }
      if (today.length && off.includes(d)) {
        out.push({ id: `unavailable:${p.id}:${d}`, kind: 'unavailable', staff: p.id, day: d, shift: today[0],
          text: `${name(p.id)} is unavailable on ${dayInfo(world, d).short}` });
      }
    });
    const hours = hoursOf(world, data, p.id);
    if (hours > p.max_hours) {
      out.push({ id: `hours:${p.id}`, kind: 'hours', staff: p.id, text: `${name(p.id)}: ${hours} h, max ${p.max_hours} h` });
    }
  }
  return out;
}

/** Return the status of one shift for the grid: "ok" | "short" (under-staffed / skill) | "bad" (person rule). */
export function shiftStatus(world, data, sid, list = violations(world, data)) {
  if (list.some((v) => v.shift === sid && (v.kind === 'understaffed' || v.kind === 'skill'))) return 'short';
  const who = data.assign[sid] || [];
  const p = parseShift(world, sid);
  const bad = list.some((v) => v.staff && who.includes(v.staff) && (
    (v.kind === 'hours') || (v.day === p.day && (v.kind === 'double' || v.kind === 'unavailable'))
    || (v.kind === 'rest' && (v.shift === sid || `${v.day}-night` === sid))));
  return bad ? 'bad' : 'ok';
}

/** Return a person's pay: hours × rate, night hours × rate × the night premium. */
export function payOf(world, data, id) {
  const p = findStaff(world, id);
  if (!p) return { hours: 0, night_hours: 0, pay: 0 };
  let hours = 0;
  let night = 0;
  let pay = 0;
  for (const sid of shiftsOf(world, data, id)) {
    const slot = slotInfo(world, parseShift(world, sid).slot);
    hours += slot.hours;
    if (slot.id === 'night') {
      night += slot.hours;
      pay += slot.hours * p.rate * (world.night_premium || 1);
    } else {
      pay += slot.hours * p.rate;
    }
  }
  return { hours, night_hours: night, pay: Math.round(pay * 100) / 100 };
}

/** Return {rows: [{id, hours, night_hours, pay}], total} for the whole staff. */
export function costSummary(world, data) {
  const rows = (world.staff || []).map((p) => ({ id: p.id, ...payOf(world, data, p.id) }));
  return { rows, total: Math.round(rows.reduce((s, r) => s + r.pay, 0) * 100) / 100 };
}

export function findRequest(world, id) {
  return (world.requests || []).find((r) => r.id === id);
}

/** Return the request's status from data (pending by default). */
export function requestStatus(data, id) {
  const r = (data.requests || []).find((x) => x.id === id);
  return r ? r.status : 'pending';
}

/** Return whether a swap request still matches the board (the giver on `give`, the taker on `take`). */
export function requestApplies(world, data, req) {
  if (!req || !parseShift(world, req.give) || !findStaff(world, req.from) || !findStaff(world, req.to)) return false;
  const give = data.assign[req.give] || [];
  if (!give.includes(req.from) || give.includes(req.to)) return false;
  if (req.take) {
    const take = data.assign[req.take] || [];
    if (!parseShift(world, req.take) || !take.includes(req.to) || take.includes(req.from)) return false;
  }
  return true;
}

/** Return the text of the "Message shifts" hand-off. */
export function shiftsText(world, data, id, contacts) {
  const first = staffName(world, id, contacts).split(/\s+/)[0];
  const list = shiftsOf(world, data, id).map((s) => {
    const slot = slotInfo(world, parseShift(world, s).slot);
    return `${shiftLabel(world, s)} ${slot.start}–${slot.end}`;
  });
  const week = world.days && world.days.length ? `${shortDate(world.days[0].date)}–${shortDate(world.days[world.days.length - 1].date)}` : 'this week';
  return list.length
    ? `Hi ${first}, your shifts for ${week}: ${list.join(', ')}.`
    : `Hi ${first}, you have no shifts for ${week}.`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Return "Mar 16" for "2026-03-16". */
export function shortDate(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso || ''));
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}` : String(iso || '');
}
