// Nooks: local reviews. Places with categories, areas, price levels and opening hours on
// the virtual clock; search, filters and sorting; reviews (stars + text, one per place,
// edit/delete your own) that drive each place's average rating; saved lists; questions;
// planned visits (handed to a calendar app when one is installed); share to Messages.

import { place, areaName, isOpenAt, defaultFilter, nextDays, at, shareText, toMs, MIN_RATINGS, SORTS } from './lib/places.js';

export * from './lib/places.js';

const ROOTS = { explore: 'explore', saved: 'saved', me: 'me' };
const TEXT_MIN = 10;
const TEXT_MAX = 500;
const LIST_MAX = 30;

function baseUi() {
  return { tab: 'explore', screen: 'explore', stack: [], place: null, list: null, stars: 0, editing: null, dialog: null,
    visit: null, filter: defaultFilter(), error: null, errors: {}, notice: null, drafts: {} };
}

/** Return the initial state: the user's own reviews, saved lists; no questions or visits yet. */
export function init(world) {
  return {
    data: {
      reviews: (world.my_reviews || []).map((r) => ({ id: r.id, place: r.place, stars: r.stars, text: r.text, time: toMs(r.date) })),
      lists: (world.lists || []).map((l) => ({ id: l.id, name: l.name, places: [...l.places] })),
      questions: [],
      visits: [],
    },
    ui: baseUi(),
  };
}

// ---------------------------------------------------------------- helpers

/** Return the user's review of a place, or undefined. */
export function myReview(data, placeId) {
  return (data.reviews || []).find((r) => r.place === placeId);
}

/** Validate a review: returns {stars, text, errors}. */
export function validateReview(stars, text) {
  const t = String(text ?? '').trim();
  const errors = {};
  if (!(Number.isInteger(stars) && stars >= 1 && stars <= 5)) errors.stars = 'Tap a star to rate';
  if (t.length < TEXT_MIN) errors.text = `Write at least ${TEXT_MIN} characters`;
  else if (t.length > TEXT_MAX) errors.text = `Keep it under ${TEXT_MAX} characters`;
  return { stars, text: t, errors };
}

// The question field belongs to the place on screen: a question typed for one place and not asked is dropped when
// another place (or none) is shown, so it is never offered, or asked, on the next place.
function showPlace(ui, place) {
  if (place !== undefined && place !== ui.place) delete ui.drafts.question;
}

function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, place: ui.place, list: ui.list });
  showPlace(ui, extra.place);
  Object.assign(ui, { screen, dialog: null, error: null, errors: {} }, extra);
}

function pop(ui) {
  const prev = ui.stack.pop();
  if (!prev) return false;
  showPlace(ui, prev.place);
  Object.assign(ui, prev, { dialog: null, error: null, errors: {} });
  return true;
}

function newId(ctx, prefix, list) {
  let id = ctx.uid(prefix);
  while (list.some((x) => x.id === id)) id = ctx.uid(prefix);
  return id;
}

function cleanName(text) {
  return String(text ?? '').trim().replace(/\s+/g, ' ');
}

function createList(state, name, ctx) {
  const { data, ui } = state;
  const n = cleanName(name);
  if (!n) {
    ui.error = 'Give the list a name';
    return null;
  }
  if (n.length > LIST_MAX) {
    ui.error = `Use at most ${LIST_MAX} characters`;
    return null;
  }
  if (data.lists.some((l) => l.name.toLowerCase() === n.toLowerCase())) {
    ui.error = `You already have a list called “${n}”`;
    return null;
  }
  const list = { id: newId(ctx, 'l', data.lists), name: n, places: [] };
  data.lists.push(list);
  ui.error = null;
  return list;
}

function postReview(state, ctx) {
  const { data, ui } = state;
  const p = place(ctx.world, ui.place);
  if (ui.screen !== 'write' || !p) return state;
  const { stars, text, errors } = validateReview(ui.stars, ui.drafts.review_text);
  if (Object.keys(errors).length) {
    ui.errors = errors;
    return state;
  }
  const own = myReview(data, p.id);
  if (own) {
    Object.assign(own, { stars, text, edited: ctx.now });
  } else {
    data.reviews.push({ id: newId(ctx, 'rv', data.reviews), place: p.id, stars, text, time: ctx.now });
  }
  delete ui.drafts.review_text;
  pop(ui);
  ui.notice = own ? 'Review updated' : 'Review posted';
  return state;
}

function addVisit(state, ctx) {
  const { data, ui } = state;
  const p = place(ctx.world, ui.place);
  const v = ui.visit;
  if (!p || !v || ui.dialog !== 'visit') return state;
  if (!nextDays(ctx.now).includes(v.date) || !(ctx.world.visit_times || []).includes(v.time)) return state;
  const when = at(v.date, v.time);
  if (when <= ctx.now) {
    ui.error = 'Pick a time in the future';
    return state;
  }
  if (!isOpenAt(p, when)) {
    ui.error = `${p.name} is closed then`;
    return state;
  }
  if (data.visits.some((x) => x.place === p.id && x.date === v.date && x.time === v.time)) {
    ui.error = 'This visit is already planned';
    return state;
  }
  data.visits.push({ id: newId(ctx, 'v', data.visits), place: p.id, date: v.date, time: v.time });
  ui.dialog = null;
  ui.visit = null;
  ui.error = null;
  if (ctx.peek('calendar')) {
    const [hh, mm] = v.time.split(':').map(Number);
    const end = `${String(Math.min(23, hh + 1)).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
    ctx.open('calendar', { create: { title: `Visit ${p.name}`, date: v.date, start: v.time, end, location: `${p.address}, ${areaName(ctx.world, p.area)}` } });
  } else {
    ui.notice = 'Visit planned · no calendar app installed';
  }
  return state;
}

function ensureUi(state) {
  const ui = { ...baseUi(), ...(state.ui || {}) };
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.filter || typeof ui.filter !== 'object') ui.filter = defaultFilter();
  state.ui = ui;
  return ui;
}

function setFilter(ui, world, key, value) {
  const f = ui.filter;
  if (key === 'category' && (value === 'any' || (world.categories || []).some((c) => c.id === value))) f.category = value;
  else if (key === 'area' && (value === 'any' || (world.areas || []).some((a) => a.id === value))) f.area = value;
  else if (key === 'rating' && MIN_RATINGS.includes(value)) f.rating = value;
  else if (key === 'sort' && SORTS.some(([id]) => id === value)) f.sort = value;
}

// ------------------------------------------------------------------ reducer

/**
 * Apply an action (see README): tabs, search and filters, place screen, reviews (write / edit /
 * delete), saved lists, questions, visits, share, back.
 */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state);
  const { data } = state;
  const world = ctx.world;
  if (!action || typeof action.type !== 'string') return null;
  if (action.type !== 'intent') ui.notice = null;
  const p = place(world, action.id ?? ui.place);
  // The place screen's own place (its Save, Review, Edit and Delete buttons), nothing over it; else null.
  const shown = ui.screen === 'place' && !ui.dialog && (action.id === undefined || action.id === ui.place) ? place(world, ui.place) : null;
  switch (action.type) {
    case 'intent':
      if (action.place && place(world, action.place)) {
        showPlace(ui, action.place);
        Object.assign(ui, { tab: 'explore', screen: 'place', place: action.place, dialog: null, error: null,
          stack: [{ screen: 'explore', place: null, list: null }] });
      }
      return state;
    case 'tab':
      if (!ROOTS[action.tab]) return state;
      showPlace(ui, null);
      Object.assign(ui, { tab: action.tab, screen: ROOTS[action.tab], stack: [], place: null, list: null, dialog: null, error: null });
      return state;
    case 'clear_search':
      ui.drafts.search = '';
      return state;
    case 'toggle_open':
      ui.filter.open = !ui.filter.open;
      return state;
    case 'set_filter':
      setFilter(ui, world, action.key, action.value);
      return state;
    case 'toggle_price': {
      if (![1, 2, 3, 4].includes(action.level)) return state;
      const cur = ui.filter.prices || [];
      ui.filter.prices = cur.includes(action.level) ? cur.filter((x) => x !== action.level) : [...cur, action.level].sort();
      return state;
    }
    case 'reset_filters':
      ui.filter = { ...defaultFilter(), sort: ui.filter.sort };
      return state;
    case 'open_filters':
      if (ui.screen !== 'filters') push(ui, 'filters');
      return state;
    case 'open_place':
      if (!p) return state;
      push(ui, 'place', { place: p.id });
      return state;
    case 'write_review': {
      if (!shown) return state;
      const own = myReview(data, shown.id);
      push(ui, 'write', { place: shown.id, stars: own ? own.stars : 0, editing: own ? own.id : null });
      ui.drafts.review_text = own ? own.text : '';
      return state;
    }
    case 'set_stars':
      if (ui.screen !== 'write' || !Number.isInteger(action.value) || action.value < 1 || action.value > 5) return state;
      ui.stars = action.value;
      if (ui.errors) delete ui.errors.stars;
      return state;
    case 'post_review':
      return postReview(state, ctx);
    case 'ask_delete_review': {
      const own = shown && myReview(data, shown.id);
      if (!own) return state;
      ui.dialog = { kind: 'delete_review', id: own.id };
      return state;
    }
    case 'confirm_delete_review': {
      const d = ui.dialog;
      ui.dialog = null;
      if (!d || d.kind !== 'delete_review') return state;
      data.reviews = data.reviews.filter((r) => r.id !== d.id);
      ui.notice = 'Review deleted';
      return state;
    }
    case 'open_save':
      if (!shown) return state;
      ui.dialog = 'save';
      ui.drafts.new_list = '';
      ui.error = null;
      return state;
    case 'toggle_in_list': {
      // A row of the save sheet, for the place it was opened on.
      const list = ui.dialog === 'save' ? data.lists.find((l) => l.id === action.list) : null;
      const target = (action.place ?? ui.place) === ui.place ? place(world, ui.place) : null;
      if (!list || !target) return state;
      list.places = list.places.includes(target.id) ? list.places.filter((x) => x !== target.id) : [...list.places, target.id];
      return state;
    }
    case 'create_list': {
      const fromSheet = ui.dialog === 'save';
      const list = createList(state, action.name ?? (fromSheet ? ui.drafts.new_list : ui.drafts.list_name), ctx);
      if (!list) return state;
      if (fromSheet && place(world, ui.place)) {
        list.places.push(ui.place);
        ui.drafts.new_list = '';
      } else if (ui.screen === 'list_form') {
        delete ui.drafts.list_name;
        pop(ui);
        ui.notice = `Created “${list.name}”`;
      }
      return state;
    }
    case 'new_list':
      push(ui, 'list_form');
      ui.drafts.list_name = '';
      return state;
    case 'open_list':
      if (!data.lists.some((l) => l.id === action.id)) return state;
      push(ui, 'list', { list: action.id });
      return state;
    case 'remove_from_list': {
      // A row's remove button on the list screen shown.
      const shownList = ui.screen === 'list' && !ui.dialog && (action.list ?? ui.list) === ui.list;
      const list = shownList ? data.lists.find((l) => l.id === ui.list) : null;
      if (!list || !list.places.includes(action.place)) return state;
      list.places = list.places.filter((x) => x !== action.place);
      return state;
    }
    case 'ask_delete_list':
      // The list screen's delete button: the list shown only.
      if (ui.screen !== 'list' || ui.dialog || (action.id ?? ui.list) !== ui.list || !data.lists.some((l) => l.id === ui.list)) return state;
      ui.dialog = { kind: 'delete_list', id: ui.list };
      return state;
    case 'confirm_delete_list': {
      const d = ui.dialog;
      ui.dialog = null;
      if (!d || d.kind !== 'delete_list') return state;
      data.lists = data.lists.filter((l) => l.id !== d.id);
      if (ui.screen === 'list' && ui.list === d.id) pop(ui);
      ui.notice = 'List deleted';
      return state;
    }
    case 'ask_question': {
      if (!p || ui.screen !== 'place') return state;
      const text = String(ui.drafts.question ?? '').trim();
      if (text.length < TEXT_MIN) {
        ui.error = `Questions need at least ${TEXT_MIN} characters`;
        return state;
      }
      if (text.length > 300) {
        ui.error = 'Keep the question under 300 characters';
        return state;
      }
      data.questions.push({ id: newId(ctx, 'qq', data.questions), place: p.id, text, time: ctx.now });
      ui.drafts.question = '';
      ui.error = null;
      ui.notice = 'Question posted';
      return state;
    }
    case 'share_place':
      if (!p) return state;
      if (!ctx.peek('messages')) {
        ui.notice = 'Messages is not available';
        return state;
      }
      ctx.open('messages', { text: shareText(world, data, p) });
      return state;
    case 'open_visit': {
      if (!p || ui.screen !== 'place') return state;
      const days = nextDays(ctx.now);
      ui.dialog = 'visit';
      ui.visit = { date: days[0], time: null };
      ui.error = null;
      return state;
    }
    case 'set_visit':
      if (ui.dialog !== 'visit' || !ui.visit) return state;
      if (action.date !== undefined && nextDays(ctx.now).includes(action.date)) ui.visit.date = action.date;
      if (action.time !== undefined && (world.visit_times || []).includes(action.time)) ui.visit.time = action.time;
      ui.error = null;
      return state;
    case 'add_visit':
      return addVisit(state, ctx);
    case 'cancel_visit':
      if (!data.visits.some((v) => v.id === action.id)) return state;
      data.visits = data.visits.filter((v) => v.id !== action.id);
      return state;
    case 'close_dialog':
      ui.dialog = null;
      ui.visit = null;
      ui.error = null;
      return state;
    case 'dismiss_error':
      ui.error = null;
      return state;
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        ui.visit = null;
        ui.error = null;
        return state;
      }
      if (ui.screen === 'write') delete ui.drafts.review_text;
      if (pop(ui)) return state;
      if (ui.screen !== ROOTS[ui.tab]) {
        showPlace(ui, null);
        Object.assign(ui, { screen: ROOTS[ui.tab] || 'explore', place: null, list: null, error: null });
        return state;
      }
      if (ui.tab !== 'explore') {
        Object.assign(ui, { tab: 'explore', screen: 'explore', error: null });
        return state;
      }
      return null;
    default:
      return null;
  }
}

