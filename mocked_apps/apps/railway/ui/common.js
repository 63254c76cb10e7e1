// Shared pieces of the RailGo screens: icons, header, bottom tabs, error banner.

import { h, icon } from '../../../runtime/ui/h.js';
import { GLYPHS } from '../../../runtime/ui/kit.js';
import * as tt from '../lib/timetable.js';

/** Glyphs drawn for RailGo on a 24×24 grid. */
export const ICONS = {
  ticket: 'M3 6h18v4a2 2 0 000 4v4H3v-4a2 2 0 000-4zm11 2v2h2V8zm0 4v2h2v-2zm0 4v2h2v-2z',
  person: 'M12 4a4 4 0 110 8 4 4 0 010-8zm0 10c4.4 0 8 2 8 4.5V20H4v-1.5C4 16 7.6 14 12 14z',
  swap: 'M7 3l4 4H8v9H6V7H3zm10 18l-4-4h3V8h2v9h3z',
  calendar: 'M5 5h2V3h2v2h6V3h2v2h2a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1zm1 5v8h12v-8z',
  chevron: 'M9 5l7 7-7 7-1.5-1.5L13 12 7.5 6.5z',
  left: 'M15 5l-7 7 7 7 1.5-1.5L11 12l5.5-5.5z',
  wallet: 'M4 6h14v2h2v10H4a1 1 0 01-1-1V7a1 1 0 011-1zm12 6a1.5 1.5 0 100 3 1.5 1.5 0 000-3z',
  dot: 'M12 8a4 4 0 110 8 4 4 0 010-8z',
  share: 'M17 3a3 3 0 11-2.8 4.1L9.9 9.6a3 3 0 010 1.8l4.3 2.5A3 3 0 1113.5 16L9.2 13.4a3 3 0 110-4.8l4.3-2.5A3 3 0 0117 3z',
  undo: 'M8 5L3 10l5 5v-3.5h6a4 4 0 010 8H9v2h5a6 6 0 000-12H8z',
  check: GLYPHS.check,
  search: GLYPHS.search,
  back: GLYPHS.back,
  plus: GLYPHS.plus,
  trash: GLYPHS.trash,
};

/** Return a date label "Sun, Mar 15" for "YYYY-MM-DD". */
export const dayLabel = (api, date) => api.clock.shortDate(tt.parseDate(date));

/** Return "Today", "Tomorrow" or "" for a date relative to the virtual clock. */
export function relDay(api, date) {
  const today = api.clock.isoDate(api.now);
  if (date === today) return 'Today';
  if (date === api.clock.addDays(api.now, 1)) return 'Tomorrow';
  return '';
}

/** Return an app header: back button (optional), title and subtitle, trailing node. */
export function header(api, title, { sub, back = true, trailing } = {}) {
  return h('header.rw-head', null,
    back ? h('button.icon-btn.rw-head-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, icon(ICONS.back, { color: '#fff' })) : null,
    h('div.rw-head-text', null, h('div.rw-head-title', null, title), sub ? h('div.rw-head-sub', null, sub) : null),
    trailing || null);
}

/** Return the bottom tab bar (root screens only). */
export function bottomTabs(api) {
  const cur = api.state.ui.tab;
  const items = [['search', 'Search', ICONS.search], ['orders', 'Orders', ICONS.ticket], ['travellers', 'Travellers', ICONS.person]];
  return h('nav.rw-tabs', null, items.map(([id, label, glyph]) =>
    h('button.rw-tab' + (cur === id ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) },
      icon(glyph, { size: 22 }), h('span', null, label))));
}

/** Return the error banner of ui.error (tap to dismiss), or null. */
export function errorBanner(api) {
  const msg = api.state.ui.error;
  if (!msg || api.state.ui.dialog) return null;
  return h('div.rw-error', { 'data-gym': 'error', role: 'alert', onclick: () => api.dispatch({ type: 'dismiss_error' }) }, msg);
}

/** Return a status chip for an order. */
export function statusChip(order, now) {
  const departed = tt.departureMs(order.date, order.depart) <= now;
  const label = order.status === 'paid' ? (departed ? 'Completed' : 'Paid') : order.status === 'refunded' ? 'Refunded' : 'Cancelled';
  return h('span.rw-status.rw-status-' + label.toLowerCase(), null, label);
}

/** Return a compact times block: depart — duration — arrive, with station names under. */
export function timesBlock(api, { depart, arrive, arriveDays, minutes, from, to }) {
  const w = api.world;
  return h('div.rw-times', null,
    h('div.rw-end', null, h('div.rw-time', null, depart), h('div.rw-stn', null, tt.stationName(w, from))),
    h('div.rw-mid', null, h('div.rw-dur', null, tt.fmtDuration(minutes)), h('div.rw-line')),
    h('div.rw-end.rw-right', null,
      h('div.rw-time', null, arrive, arriveDays ? h('sup.rw-plus', null, `+${arriveDays}`) : null),
      h('div.rw-stn', null, tt.stationName(w, to))));
}

/** Return a train badge "G111 · Express". */
export function trainBadge(api, trainId) {
  const t = tt.train(api.world, trainId);
  const type = t ? tt.trainType(api.world, t.type) : null;
  return h('span.rw-badge.rw-type-' + (t ? t.type : 'x'), null, trainId, type ? h('span.rw-badge-type', null, type.name) : null);
}
