// Roster: the shift board of a small clinic for one week. Eight staff (people from Contacts) with
// skills, weekly hour limits, hourly rates and unavailable days; 21 shifts (7 days × morning /
// afternoon / night) that each need a headcount and a set of skills. Tap a person, then a shift, to
// assign or unassign. Every constraint is checked live (violations); publishing is refused while any
// violation exists. Swap requests between staff can be approved or declined; a cost summary prices
// the week (nights at a premium). Deterministic: time only from ctx.now.

import {
  dayIds, shiftIds, parseShift, findStaff, shiftLabel, staffName, unavailableOf, violations, findRequest,
  requestApplies, shiftsText,
} from './lib/select.js';

export * from './lib/select.js';

export const TABS = ['board', 'staff', 'requests', 'cost'];

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

/** The person whose page is shown (nothing over it) when `id` is absent or names them; else null. */
function shownPerson(ui, id) {
  if (ui.screen !== 'person' || ui.dialog || (id !== undefined && id !== ui.person)) return null;
  return ui.person;
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
      // Unassign is the open shift card's remove button (assign stays an API action of the board).
      if (action.type === 'unassign' && (ui.screen !== 'tabs' || ui.tab !== 'board' || ui.cell !== action.shift || ui.dialog)) return state;
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
      // The person page's day chips: the person shown only.
      const pid = shownPerson(ui, action.staff);
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
      // A request's buttons on the Requests tab, nothing over it.
      if (ui.screen !== 'tabs' || ui.tab !== 'requests' || ui.dialog) return state;
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
      // The person page's Message / Contact buttons: the person shown only.
      const pid = shownPerson(ui, action.id);
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
