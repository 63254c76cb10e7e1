// Roster: the shift board of a small clinic for one week. Eight staff (people from Contacts) with
// skills, weekly hour limits, hourly rates and unavailable days; 21 shifts (7 days × morning /
// afternoon / night) that each need a headcount and a set of skills. Tap a person, then a shift, to
// assign or unassign. Every constraint is checked live (violations); publishing is refused while any
// violation exists. Swap requests between staff can be approved or declined; a cost summary prices
// the week (nights at a premium). Deterministic: time only from ctx.now.

export const TABS = ['board', 'staff', 'requests', 'cost'];

// ---------------------------------------------------------------- selectors

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

// ------------------------------------------------------------------ init

/** Return the initial state: the world's draft board, availability and pending requests. */
export function init(world) {
  const assign = {};
  for (const sid of shiftIds(world)) assign[sid] = [...((world.assign || {})[sid] || [])];
  const unavailable = {};
  for (const p of world.staff || []) unavailable[p.id] = [...p.unavailable];
  return {
    data: {
      assign,
      unavailable,
      requests: (world.requests || []).map((r) => ({ id: r.id, status: 'pending' })),
      status: 'draft',
      version: 0,
      published_at: null,
    },
    ui: freshUi(),
  };
}

function freshUi() {
  return { screen: 'tabs', tab: 'board', stack: [], pick: null, cell: null, person: null, dialog: null, notice: null, drafts: {} };
}

// ------------------------------------------------------------------ helpers

function push(ui) {
  ui.stack.push({ screen: ui.screen, tab: ui.tab, person: ui.person });
}

function pop(ui) {
  const e = ui.stack.pop() || { screen: 'tabs', tab: ui.tab };
  Object.assign(ui, { screen: e.screen, tab: e.tab || ui.tab, person: e.person ?? null, dialog: null });
}

function edited(data) {
  data.status = 'draft';
}

function toggleAssign(state, ctx, sid, pid) {
  const { data, ui } = state;
  const list = data.assign[sid] || [];
  const name = staffName(ctx.world, pid, ctx.peek('contacts'));
  if (list.includes(pid)) {
    data.assign[sid] = list.filter((x) => x !== pid);
    ui.notice = `${name} removed from ${shiftLabel(ctx.world, sid)}`;
  } else {
    data.assign[sid] = [...list, pid];
    ui.notice = `${name} added to ${shiftLabel(ctx.world, sid)}`;
  }
  edited(data);
  return state;
}

function onIntent(state, action, ctx) {
  const { ui } = state;
  if (action.person !== undefined && findStaff(ctx.world, action.person)) {
    Object.assign(ui, { screen: 'person', tab: 'staff', person: action.person, dialog: null, stack: [{ screen: 'tabs', tab: 'staff' }] });
  } else if (action.shift !== undefined && parseShift(ctx.world, action.shift)) {
    Object.assign(ui, { screen: 'tabs', tab: 'board', cell: action.shift, dialog: null, stack: [] });
  } else if (action.tab !== undefined && TABS.includes(action.tab)) {
    Object.assign(ui, { screen: 'tabs', tab: action.tab, dialog: null, stack: [] });
  }
  return state;
}

// ------------------------------------------------------------------ reducer

/**
 * Apply an action. Actions: intent {person | shift | tab}, tab {tab}, rules, pick {id}, cell {shift},
 * assign {shift, staff}, unassign {shift, staff}, clear_cell, publish, close_dialog, open_person {id},
 * toggle_day {day, staff?}, approve {id}, decline {id}, message_shifts {id?}, open_contact {id?}, back.
 */
export function reduce(state, action, ctx) {
  const { data, ui } = state;
  const world = ctx.world;
  ui.stack = ui.stack || [];
  ui.drafts = ui.drafts || {};
  if (action.type !== 'intent') ui.notice = null;
  switch (action.type) {
    case 'intent':
      return onIntent(state, action, ctx);
    case 'tab':
      if (!TABS.includes(action.tab)) return state;
      Object.assign(ui, { screen: 'tabs', tab: action.tab, stack: [], dialog: null });
      return state;
    case 'rules':
      if (ui.screen === 'rules') return state;
      push(ui);
      Object.assign(ui, { screen: 'rules', dialog: null });
      return state;
    case 'pick':
      if (!findStaff(world, action.id)) return state;
      ui.pick = ui.pick === action.id ? null : action.id;
      return state;
    case 'cell': {
      if (!parseShift(world, action.shift)) return state;
      ui.cell = action.shift;
      if (ui.pick && findStaff(world, ui.pick)) return toggleAssign(state, ctx, action.shift, ui.pick);
      return state;
    }
    case 'clear_cell':
      ui.cell = null;
      return state;
    case 'assign':
    case 'unassign': {
      if (!parseShift(world, action.shift) || !findStaff(world, action.staff)) return state;
      const has = (data.assign[action.shift] || []).includes(action.staff);
      if ((action.type === 'assign') === has) return state;
      return toggleAssign(state, ctx, action.shift, action.staff);
    }
    case 'publish': {
      const list = violations(world, data);
      if (list.length) {
        ui.dialog = { kind: 'blocked', count: list.length };
        return state;
      }
      if (data.status === 'published') {
        ui.notice = `Version ${data.version} is already published`;
        return state;
      }
      data.status = 'published';
      data.version = (data.version || 0) + 1;
      data.published_at = ctx.now;
      ui.notice = `Roster published (version ${data.version})`;
      return state;
    }
    case 'close_dialog':
      ui.dialog = null;
      return state;
    case 'open_person':
      if (!findStaff(world, action.id)) return state;
      push(ui);
      Object.assign(ui, { screen: 'person', person: action.id, dialog: null });
      return state;
    case 'toggle_day': {
      const pid = action.staff ?? ui.person;
      if (!findStaff(world, pid) || !dayIds(world).includes(action.day)) return state;
      const off = unavailableOf(world, data, pid);
      data.unavailable = { ...(data.unavailable || {}) };
      data.unavailable[pid] = off.includes(action.day)
        ? off.filter((d) => d !== action.day)
        : dayIds(world).filter((d) => d === action.day || off.includes(d));
      edited(data);
      return state;
    }
    case 'approve':
    case 'decline': {
      const req = findRequest(world, action.id);
      const rec = (data.requests || []).find((r) => r.id === action.id);
      if (!req || !rec) return state;
      if (rec.status !== 'pending') {
        ui.notice = `This request is already ${rec.status}`;
        return state;
      }
      if (action.type === 'decline') {
        rec.status = 'declined';
        ui.notice = 'Request declined';
        return state;
      }
      if (!requestApplies(world, data, req)) {
        ui.notice = 'This swap no longer matches the board';
        return state;
      }
      data.assign[req.give] = [...data.assign[req.give].filter((x) => x !== req.from), req.to];
      if (req.take) data.assign[req.take] = [...data.assign[req.take].filter((x) => x !== req.to), req.from];
      rec.status = 'approved';
      edited(data);
      ui.notice = 'Swap approved and applied to the board';
      return state;
    }
    case 'message_shifts':
    case 'open_contact': {
      const pid = action.id ?? ui.person;
      if (!findStaff(world, pid)) return state;
      const target = action.type === 'message_shifts' ? 'messages' : 'contacts';
      if (!ctx.peek(target)) {
        ui.notice = `${target === 'messages' ? 'Messages' : 'Contacts'} is not available`;
        return state;
      }
      if (target === 'messages') ctx.open('messages', { to: pid, text: shiftsText(world, data, pid, ctx.peek('contacts')) });
      else ctx.open('contacts', { contact_id: pid });
      return state;
    }
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        return state;
      }
      if (ui.stack.length) {
        pop(ui);
        return state;
      }
      if (ui.screen !== 'tabs') {
        Object.assign(ui, { screen: 'tabs' });
        return state;
      }
      if (ui.pick || ui.cell) {
        ui.pick = null;
        ui.cell = null;
        return state;
      }
      return null;
    default:
      return null;
  }
}
