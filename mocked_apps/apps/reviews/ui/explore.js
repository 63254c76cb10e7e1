// Nooks explore (search + result list) and the filters screen.

import { h, icon, ICONS, scroller, bottomTabs, stars, errorBanner, notice, badge } from './common.js';
import { button } from '../../../runtime/ui/kit.js';
import { searchPlaces, activeFilters, categoryName, areaName, priceText, hoursLabel, SORTS, MIN_RATINGS } from '../lib/places.js';

/** Return a place row: badge, name, rating, price · category, area, open state. */
export function placeRow(api, r, { id, trailing } = {}) {
  const p = r.place;
  return h('div.nk-place', { 'data-gym': id || `place:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_place', id: p.id }) },
    badge(p, p.name),
    h('div.nk-place-text', null,
      h('div.nk-place-name', null, p.name),
      h('div.nk-place-rating', null, h('b', null, r.rating.toFixed(1)), stars(r.rating, 13), h('span.nk-muted', null, `(${r.count})`),
        h('span.nk-muted', null, ` · ${priceText(p.price)}`)),
      h('div.nk-place-sub', null, `${categoryName(api.world, p.category)} · ${areaName(api.world, p.area)}`),
      h('div.nk-open' + (r.open ? '.yes' : ''), null, hoursLabel(p, api.now))),
    trailing || null);
}

function chip(id, label, active, onclick) {
  return h('button.nk-chip' + (active ? '.active' : ''), { 'data-gym': id, 'aria-pressed': String(active), onclick }, label);
}

/** The explore tab: search box, quick filters and results. */
export function explore(api) {
  const { data, ui } = api.state;
  const f = ui.filter;
  const query = api.draft('search');
  const results = searchPlaces(api.world, data, query, f, api.now);
  const n = activeFilters(f);
  const sortLabel = (SORTS.find(([id]) => id === f.sort) || SORTS[0])[1];
  return h('div.app.nk-app', null,
    h('header.nk-hero', null,
      h('div.nk-brand', null, 'Nooks'),
      h('div.nk-search', null,
        icon(ICONS.search, { size: 20, color: '#7a7f8f' }),
        h('input.nk-search-input', { 'data-gym': 'field:search', type: 'text', placeholder: 'Cafés, shops, services…', value: query,
          oninput: (e) => api.dispatch({ type: '@draft', key: 'search', value: e.target.value }) }),
        query ? h('button.nk-search-clear', { 'data-gym': 'btn:clear-search', 'aria-label': 'Clear search',
          onclick: () => api.dispatch({ type: 'clear_search' }) }, icon(ICONS.clear, { size: 20, color: '#8a90a3' })) : null)),
    h('div.nk-quick', null,
      h('button.nk-chip' + (n ? '.active' : ''), { 'data-gym': 'btn:filters', onclick: () => api.dispatch({ type: 'open_filters' }) },
        icon(ICONS.filter, { size: 14 }), n ? ` Filters · ${n}` : ' Filters'),
      chip('filter:open', 'Open now', f.open, () => api.dispatch({ type: 'toggle_open' })),
      h('button.nk-chip', { 'data-gym': 'btn:sort', onclick: () => api.dispatch({ type: 'open_filters' }) }, `${sortLabel} ▾`)),
    errorBanner(api),
    scroller(api, 'places', null,
      h('div.nk-count', { 'data-gym': 'result-count' }, `${results.length} ${results.length === 1 ? 'place' : 'places'}`),
      results.length ? results.map((r) => placeRow(api, r)) : h('div.empty', null, 'No places match. Try fewer filters.'),
      h('div.nk-spacer')),
    bottomTabs(api),
    notice(api));
}

function group(title, children) {
  return [h('div.section', null, title), h('div.nk-chipwrap', null, children)];
}

/** The filters screen: category, area, open now, minimum rating, price levels, sort. */
export function filters(api) {
  const { data, ui } = api.state;
  const f = ui.filter;
  const count = searchPlaces(api.world, data, api.draft('search'), f, api.now).length;
  const set = (key, value) => () => api.dispatch({ type: 'set_filter', key, value });
  return h('div.app.nk-app', null,
    h('header.nk-head', null,
      h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, icon(ICONS.back)),
      h('div.nk-head-text', null, h('div.nk-head-title', null, 'Filters & sort')),
      h('button.link', { 'data-gym': 'btn:reset-filters', onclick: () => api.dispatch({ type: 'reset_filters' }) }, 'Reset')),
    scroller(api, 'filters', null,
      group('Sort by', SORTS.map(([id, label]) => chip(`sort:${id}`, label, f.sort === id, set('sort', id)))),
      group('Category', [chip('cat:any', 'Any', f.category === 'any', set('category', 'any')),
        ...api.world.categories.map((c) => chip(`cat:${c.id}`, c.name, f.category === c.id, set('category', c.id)))]),
      group('Neighbourhood', [chip('area:any', 'Anywhere', f.area === 'any', set('area', 'any')),
        ...api.world.areas.map((a) => chip(`area:${a.id}`, a.name, f.area === a.id, set('area', a.id)))]),
      group('Opening hours', [chip('open:now', 'Open now', f.open, () => api.dispatch({ type: 'toggle_open' }))]),
      group('Rating', MIN_RATINGS.map((v) => chip(`rating:${v}`, v ? `${v.toFixed(1)}+ ★` : 'Any', f.rating === v, set('rating', v)))),
      group('Price', [1, 2, 3, 4].map((v) => chip(`price:${v}`, priceText(v), (f.prices || []).includes(v), () => api.dispatch({ type: 'toggle_price', level: v })))),
      h('div.nk-spacer')),
    h('div.actions-bar', null, button(`Show ${count} ${count === 1 ? 'place' : 'places'}`, { id: 'btn:show-results', onclick: () => api.back() })),
    notice(api));
}
