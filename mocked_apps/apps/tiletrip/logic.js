// TileTrip: a tile-based itinerary planner. data.plan holds the placed activity
// tiles ({id: place id, day, start hour, pinned}); data.budget the daily limit.
// Hard rules (overlap, day bounds, pinned tiles, one tile per place) refuse an
// action with a notice; soft rules (opening hours, travel time, lunch, budget,
// must-dos) are listed by the validation panel (lib/plan.js: tripIssues).

import * as P from './lib/plan.js';

export * from './lib/plan.js';

const TABS = ['plan', 'places', 'check', 'rules'];
const SCREENS = ['home', 'place'];
export const BUDGET_RANGE = [10, 500];

function baseUi() {
  return { screen: 'home', tab: 'plan', day: 1, area: 'all', place: null, selected: null, sheet: null, dialog: null, notice: null, stack: [], drafts: {} };
}

/** Return the initial state: the world's plan and budget, Day 1 of the plan open. */
export function init(world) {
  const plan = (world.plan || []).map((e) => ({ id: e.id, day: e.day, start: e.start, pinned: Boolean(e.pinned) }));
  return { data: { budget: Number(world.budget) || 60, plan }, ui: baseUi() };
}

function ensureUi(state, world) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!TABS.includes(ui.tab)) ui.tab = 'plan';
  if (!SCREENS.includes(ui.screen)) ui.screen = 'home';
  if (!Number.isInteger(ui.day) || ui.day < 1 || ui.day > P.dayCount(world)) ui.day = 1;
  return ui;
}

const entry = (state, id) => state.data.plan.find((e) => e.id === id) || null;
const nameOf = (world, id) => (P.activity(world, id) || { name: id }).name;
const refuse = (ui, text) => { ui.notice = { kind: 'error', text }; };
const okNote = (ui, text) => { ui.notice = { kind: 'ok', text }; };

function toHome(ui, tab) {
  ui.stack = [];
  Object.assign(ui, { screen: 'home', place: null, sheet: null, dialog: null });
  if (tab) ui.tab = tab;
}

function select(state, world, id) {
  const ui = state.ui;
  const act = P.activity(world, id);
  if (!act) return state;
  const e = entry(state, id);
  if (e) {
    refuse(ui, `${act.name} is already planned on Day ${e.day} at ${P.hh(e.start)}. Tap its tile in the plan to move or remove it.`);
    return state;
  }
  ui.selected = { id, mode: 'place' };
  toHome(ui, 'plan');
  ui.notice = null;
  return state;
}

function place(state, world, id, day, start) {
  const ui = state.ui;
  if (!P.activity(world, id)) return state;
  if (entry(state, id)) { refuse(ui, `${nameOf(world, id)} is already in the plan.`); return state; }
  const why = P.placementError(world, state.data, id, day, start);
  if (why) { refuse(ui, `Can't place it: ${why}`); return state; }
  state.data.plan.push({ id, day, start, pinned: false });
  ui.selected = null;
  okNote(ui, `${nameOf(world, id)} placed on Day ${day} at ${P.hh(start)}.`);
  return state;
}

function move(state, world, id, day, start) {
  const ui = state.ui;
  const e = entry(state, id);
  if (!e) return state;
  if (e.pinned) { refuse(ui, `${nameOf(world, id)} is pinned (booked) and can't be moved.`); ui.selected = null; return state; }
  if (e.day === day && e.start === start) { ui.selected = null; ui.notice = null; return state; }
  const why = P.placementError(world, state.data, id, day, start, id);
  if (why) { refuse(ui, `Can't move it: ${why}`); return state; }
  e.day = day;
  e.start = start;
  ui.selected = null;
  okNote(ui, `${nameOf(world, id)} moved to Day ${day} at ${P.hh(start)}.`);
  return state;
}

function remove(state, world, id) {
  const ui = state.ui;
  const e = entry(state, id);
  if (!e) return state;
  ui.sheet = null;
  if (e.pinned) { refuse(ui, `${nameOf(world, id)} is pinned (booked) and can't be removed.`); return state; }
  state.data.plan = state.data.plan.filter((x) => x.id !== id);
  if (ui.selected && ui.selected.id === id) ui.selected = null;
  okNote(ui, `${nameOf(world, id)} removed from Day ${e.day}.`);
  return state;
}

/** Swap the unpinned tiles of two days (start times kept); refused if one would hit a pinned tile. */
function swap(state, world, a, b) {
  const ui = state.ui;
  const n = P.dayCount(world);
  if (![a, b].every((d) => Number.isInteger(d) && d >= 1 && d <= n) || a === b) return state;
  ui.dialog = null;
  const moving = state.data.plan.filter((e) => !e.pinned && (e.day === a || e.day === b));
  for (const e of moving) {
    const target = e.day === a ? b : a;
    const act = P.activity(world, e.id);
    for (const pin of state.data.plan.filter((x) => x.pinned && x.day === target)) {
      const other = P.activity(world, pin.id);
      if (act && other && e.start < pin.start + other.dur && pin.start < e.start + act.dur) {
        refuse(ui, `Can't swap Day ${a} and Day ${b}: ${act.name} (${P.hh(e.start)}) would overlap the pinned ${other.name} on Day ${target}.`);
        return state;
      }
    }
  }
  for (const e of moving) e.day = e.day === a ? b : a;
  okNote(ui, `Swapped Day ${a} and Day ${b} (pinned tiles stay put).`);
  return state;
}

function clearDay(state, world, day) {
  const ui = state.ui;
  ui.dialog = null;
  const n = state.data.plan.filter((e) => e.day === day && !e.pinned).length;
  state.data.plan = state.data.plan.filter((e) => e.day !== day || e.pinned);
  // A tile being moved that was just cleared has nothing left to move (every slot tap would do nothing).
  if (ui.selected && ui.selected.mode === 'move' && !entry(state, ui.selected.id)) ui.selected = null;
  okNote(ui, `Cleared ${n} tile${n === 1 ? '' : 's'} from Day ${day}.`);
  return state;
}

function saveBudget(state) {
  const ui = state.ui;
  const raw = String(ui.drafts.budget ?? '').trim();
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= BUDGET_RANGE[0] && value <= BUDGET_RANGE[1])) {
    refuse(ui, `The daily budget must be a whole number of credits from ${BUDGET_RANGE[0]} to ${BUDGET_RANGE[1]}.`);
    return state;
  }
  state.data.budget = value;
  ui.drafts.budget = '';
  okNote(ui, `Daily budget set to ${value} cr.`);
  return state;
}

/** The plan entry whose tile sheet is open (nothing over it) when `id` is absent or names it; else null. Its Move and
 * Remove buttons are only there: a tile of another day or sheet is not moved or removed unseen. */
function sheetEntry(state, id) {
  const { ui } = state;
  if (!ui.sheet || ui.dialog || (id !== undefined && id !== ui.sheet)) return null;
  return entry(state, ui.sheet) || null;
}

/** Apply an action; null for actions this app does not handle (and `back` at the plan). */
export function reduce(state, action, ctx) {
  const world = ctx.world || {};
  const ui = ensureUi(state, world);
  const a = action || {};
  switch (a.type) {
    case 'back':
      if (ui.dialog) { ui.dialog = null; return state; }
      if (ui.sheet) { ui.sheet = null; return state; }
      if (ui.selected) { ui.selected = null; ui.notice = null; return state; }
      if (ui.stack.length) { Object.assign(ui, ui.stack.pop(), { notice: null }); return state; }
      if (ui.tab !== 'plan') { ui.tab = 'plan'; ui.notice = null; return state; }
      return null;
    case 'intent':
      toHome(ui, 'plan');
      ui.selected = null;
      ui.notice = null;
      if (Number.isInteger(a.day) && a.day >= 1 && a.day <= P.dayCount(world)) ui.day = a.day;
      return state;
    case 'tab':
      if (!TABS.includes(a.tab)) return state;
      toHome(ui, a.tab);
      ui.notice = null;
      return state;
    case 'day':
      if (Number.isInteger(a.day) && a.day >= 1 && a.day <= P.dayCount(world)) { ui.day = a.day; ui.sheet = null; if (!ui.selected) ui.notice = null; }
      return state;
    case 'area':
      if (a.area === 'all' || (world.areas || []).some((x) => x.id === a.area)) ui.area = a.area;
      return state;
    case 'select':
      return select(state, world, a.id);
    case 'cancel_select':
      ui.selected = null;
      ui.notice = null;
      return state;
    case 'slot': {
      if (!ui.selected) { refuse(ui, 'Pick a place first: open Places and tap a tile, then tap a start time.'); return state; }
      const { id, mode } = ui.selected;
      return mode === 'move' ? move(state, world, id, ui.day, a.start) : place(state, world, id, ui.day, a.start);
    }
    case 'place':
      return place(state, world, a.id, a.day ?? ui.day, a.start);
    case 'move':
      return move(state, world, a.id, a.day ?? ui.day, a.start);
    case 'tile':
      if (entry(state, a.id)) { ui.sheet = a.id; ui.dialog = null; }
      return state;
    case 'close_sheet':
      ui.sheet = null;
      return state;
    case 'start_move': {
      // The open tile sheet's Move button: its tile only.
      const e = sheetEntry(state, a.id);
      if (!e) return state;
      ui.sheet = null;
      if (e.pinned) { refuse(ui, `${nameOf(world, e.id)} is pinned (booked) and can't be moved.`); return state; }
      ui.selected = { id: e.id, mode: 'move' };
      ui.notice = null;
      return state;
    }
    case 'remove':
      // The open tile sheet's Remove button: its tile only.
      return sheetEntry(state, a.id) ? remove(state, world, ui.sheet) : state;
    case 'open_place':
      if (!P.activity(world, a.id)) return state;
      ui.stack.push({ screen: ui.screen, place: ui.place, tab: ui.tab });
      Object.assign(ui, { screen: 'place', place: a.id, sheet: null, dialog: null, notice: null });
      return state;
    case 'ask_swap':
      ui.dialog = { kind: 'swap' };
      ui.sheet = null;
      return state;
    case 'swap':
      return swap(state, world, a.a ?? ui.day, a.b);
    case 'ask_clear':
      if (state.data.plan.some((e) => e.day === ui.day && !e.pinned)) ui.dialog = { kind: 'clear', day: ui.day };
      else refuse(ui, `Day ${ui.day} has nothing to clear (pinned tiles stay).`);
      return state;
    case 'confirm_clear':
      if (!ui.dialog || ui.dialog.kind !== 'clear') return state;
      return clearDay(state, world, ui.dialog.day);
    case 'ask_share':
      ui.dialog = { kind: 'share', day: ui.day };
      ui.sheet = null;
      return state;
    case 'share': {
      const day = ui.dialog && ui.dialog.kind === 'share' ? ui.dialog.day : ui.day;
      ui.dialog = null;
      if (!ctx.peek('messages')) { refuse(ui, 'Messages is not available on this phone.'); return state; }
      const text = P.shareText(world, state.data, day);
      ctx.open('messages', typeof a.to === 'string' && a.to ? { to: a.to, text } : { text });
      return state;
    }
    case 'save_budget':
      return saveBudget(state);
    case 'save_guide': {
      // The place screen's Save to Contacts button: the place shown only.
      const shown = ui.screen === 'place' && !ui.dialog && (a.id === undefined || a.id === ui.place);
      const act = shown ? P.activity(world, ui.place) : null;
      if (!act || !act.guide) return state;
      if (!ctx.peek('contacts')) { refuse(ui, 'Contacts is not available on this phone.'); return state; }
      ctx.open('contacts', { create: { name: act.guide.name, phone: act.guide.phone } });
      return state;
    }
    case 'cancel':
      ui.dialog = null;
      return state;
    case 'dismiss':
      ui.notice = null;
      return state;
    default:
      return null;
  }
}
