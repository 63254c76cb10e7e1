// Search screens: the home/search form, station picker, date picker and results list.

import { h, icon } from '../../../runtime/ui/h.js';
import { body, button, field, empty } from '../../../runtime/ui/kit.js';
import * as tt from '../lib/timetable.js';
import { visibleResults, orderSections } from '../logic.js';
import { ICONS, header, bottomTabs, errorBanner, dayLabel, relDay, timesBlock, trainBadge } from './common.js';
import { fold, matchesQuery } from '../../../runtime/core/text.js';

/** The Search tab: from / to / date, swap, search; wallet and next trip below. */
export function searchHome(api) {
  const { data, ui } = api.state;
  const w = api.world;
  const d = (a) => api.dispatch(a);
  const next = orderSections(data, api.now).upcoming[0];
  const place = (fieldName, label) => h('button.rw-place', { 'data-gym': `btn:${fieldName}`, onclick: () => d({ type: 'pick_station', field: fieldName }) },
    h('span.rw-place-label', null, label), h('span.rw-place-name', null, tt.stationName(w, ui.search[fieldName])));
  const rel = relDay(api, ui.search.date);
  const routes = (w.popular_routes || []).map((r) => h('button.rw-route', { 'data-gym': `route:${r.from}-${r.to}`, onclick: () => d({ type: 'set_route', from: r.from, to: r.to }) },
    `${tt.stationName(w, r.from)} → ${tt.stationName(w, r.to)}`));
  return h('div.app.rw-app', null,
    body('railway:search',
      h('div.rw-hero', null,
        h('div.rw-brand', null, w.brand || 'RailGo'),
        h('div.rw-wallet', { 'data-gym': 'wallet' }, icon(ICONS.wallet, { size: 16, color: '#fff' }), tt.money(w, data.wallet))),
      h('div.rw-form', null,
        h('div.rw-places', null,
          h('div.rw-place-col', null, place('from', 'From'), h('div.rw-sep'), place('to', 'To')),
          h('button.rw-swap', { 'data-gym': 'btn:swap', 'aria-label': 'Swap stations', onclick: () => d({ type: 'swap' }) }, icon(ICONS.swap, { size: 22 }))),
        h('button.rw-date', { 'data-gym': 'btn:date', onclick: () => d({ type: 'pick_date' }) },
          icon(ICONS.calendar, { size: 20 }),
          h('span.rw-date-text', null, dayLabel(api, ui.search.date)),
          rel ? h('span.rw-date-rel', null, rel) : null),
        errorBanner(api),
        button('Search trains', { id: 'btn:search', onclick: () => d({ type: 'search' }) })),
      next ? h('div.rw-next', null,
        h('div.rw-next-title', null, 'Your next trip'),
        h('div.rw-next-card', { 'data-gym': `next:${next.id}`, role: 'button', onclick: () => d({ type: 'show_order', id: next.id }) },
          h('div.rw-next-top', null, trainBadge(api, next.train), h('span.rw-muted', null, dayLabel(api, next.date))),
          h('div.rw-next-route', null, `${next.depart} ${tt.stationName(w, next.from)} → ${tt.stationName(w, next.to)}`))) : null,
      routes.length ? h('div.rw-next', null, h('div.rw-next-title', null, 'Popular routes'), h('div.rw-routes', null, routes)) : null,
      h('div.rw-tip', null, 'Tickets go on sale 14 days ahead. Children travel at half fare.')),
    bottomTabs(api));
}

/** Station picker: filter field and station list. */
export function stations(api) {
  const { ui } = api.state;
  const q = fold(api.draft('station_query')).trim();
  const list = api.world.stations.filter((s) => matchesQuery(q, [s.name]) || fold(s.id) === q);
  const current = ui.search[ui.picking];
  return h('div.app.rw-app', null,
    header(api, ui.picking === 'to' ? 'Arrival station' : 'Departure station'),
    field(api, 'station_query', 'Find a station', { placeholder: 'Type a name' }),
    body('railway:stations',
      list.length ? list.map((s) => h('div.row.rw-station' + (s.id === current ? '.selected' : ''),
        { 'data-gym': `station:${s.id}`, role: 'button', onclick: () => api.dispatch({ type: 'select_station', station: s.id }) },
        h('span.rw-code', null, s.id), h('div.row-text', null, h('div.row-title', null, s.name)))) : empty('No station matches.')));
}

/** Date picker: the bookable days as a two-week grid. */
export function dates(api) {
  const { ui } = api.state;
  const days = tt.bookingDates(api.world, api.now);
  const WD = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return h('div.app.rw-app', null,
    header(api, 'Travel date', { sub: 'Bookable for the next 14 days' }),
    body('railway:dates',
      h('div.rw-cal', null, days.map((date) => {
        const ms = tt.parseDate(date);
        const dt = new Date(ms);
        const rel = relDay(api, date);
        return h('button.rw-day' + (date === ui.search.date ? '.selected' : ''), { 'data-gym': `date:${date}`, onclick: () => api.dispatch({ type: 'select_date', date }) },
          h('span.rw-day-wd', null, WD[dt.getUTCDay()]),
          h('span.rw-day-num', null, String(dt.getUTCDate())),
          h('span.rw-day-mon', null, rel || MONTHS[dt.getUTCMonth()]));
      }))));
}

/** One result row. */
function resultRow(api, r) {
  const w = api.world;
  const cls = r.cheapest;
  let status;
  if (r.departed) status = h('span.rw-soldout', null, 'Departed');
  else if (!cls) status = h('span.rw-soldout', null, 'Sold out');
  else status = h('span.rw-left' + (cls.left < 20 ? '.low' : ''), null, `${tt.className(w, cls.id)}: ${cls.left} left`);
  return h('div.rw-result' + (r.departed || !cls ? '.dim' : ''), { 'data-gym': `train:${r.train}`, role: 'button', onclick: () => api.dispatch({ type: 'open_train', train: r.train }) },
    timesBlock(api, { ...r.seg }),
    h('div.rw-result-foot', null,
      trainBadge(api, r.train),
      status,
      h('span.rw-price', null, cls ? `from ${tt.money(w, cls.fare)}` : '')));
}

/** Results: date strip, type filters, sort, train rows. */
export function results(api) {
  const { ui } = api.state;
  const w = api.world;
  const d = (a) => api.dispatch(a);
  const rows = visibleResults(api.state, w, api.now);
  const days = tt.bookingDates(w, api.now);
  const i = days.indexOf(ui.search.date);
  const chip = (kind, value, label) => h('button.rw-chip' + (ui[kind] === value ? '.active' : ''),
    { 'data-gym': `${kind}:${value}`, onclick: () => d({ type: kind, value }) }, label);
  return h('div.app.rw-app', null,
    header(api, `${tt.stationName(w, ui.search.from)} → ${tt.stationName(w, ui.search.to)}`, { sub: `${rows.length} train${rows.length === 1 ? '' : 's'}` }),
    h('div.rw-daybar', null,
      h('button.rw-daynav', { 'data-gym': 'btn:prev-day', disabled: i <= 0, onclick: () => d({ type: 'shift_date', days: -1 }) }, icon(ICONS.left, { size: 18 }), 'Prev'),
      h('span.rw-daybar-date', null, dayLabel(api, ui.search.date), relDay(api, ui.search.date) ? ` · ${relDay(api, ui.search.date)}` : ''),
      h('button.rw-daynav', { 'data-gym': 'btn:next-day', disabled: i >= days.length - 1, onclick: () => d({ type: 'shift_date', days: 1 }) }, 'Next', icon(ICONS.chevron, { size: 18 }))),
    h('div.rw-chips', null, chip('filter', 'all', 'All'), w.train_types.map((t) => chip('filter', t.id, t.name))),
    h('div.rw-chips.rw-sorts', null, h('span.rw-muted', null, 'Sort'), chip('sort', 'depart', 'Earliest'), chip('sort', 'duration', 'Fastest'), chip('sort', 'price', 'Cheapest')),
    body('railway:results', rows.length ? rows.map((r) => resultRow(api, r))
      : empty(ui.filter === 'all' ? 'No trains run on this route that day.' : 'No trains of this type. Try “All”.')));
}
