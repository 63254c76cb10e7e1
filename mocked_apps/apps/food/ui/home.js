// Forkful home (restaurant list with search, cuisine chips, open-now and sort) and the
// restaurant menu screen.

import { h, icon, ICONS, header, scroller, bottomTabs, cartBar, errorBanner, notice, tile, ratingText, money } from './common.js';
import { listRestaurants, cuisines, isOpen, hoursLabel, etaMinutes, restaurant, SORTS } from '../lib/menu.js';

function searchBar(api) {
  const query = api.draft('search');
  return h('div.fd-searchbar', null, h('div.fd-search', null,
    icon(ICONS.search, { size: 20, color: '#7a7f8f' }),
    h('input.fd-search-input', {
      'data-gym': 'field:search', type: 'text', placeholder: 'Search restaurants or dishes', value: query,
      oninput: (e) => api.dispatch({ type: '@draft', key: 'search', value: e.target.value }),
    }),
    query ? h('button.fd-search-clear', { 'data-gym': 'btn:clear-search', 'aria-label': 'Clear search',
      onclick: () => api.dispatch({ type: 'clear_search' }) }, icon(ICONS.clear, { size: 20, color: '#8a90a3' })) : null));
}

function chip(id, label, active, onclick, extra = '') {
  return h('button.fd-chip' + (active ? '.active' : '') + extra, { 'data-gym': id, 'aria-pressed': String(active), onclick }, label);
}

function restaurantCard(api, r) {
  const open = isOpen(r, api.now);
  const eta = etaMinutes(r, api.world.confirm_min);
  return h('div.fd-card' + (open ? '' : '.closed'), { 'data-gym': `restaurant:${r.id}`, role: 'button',
    onclick: () => api.dispatch({ type: 'open_restaurant', id: r.id }) },
    tile(r, 58),
    h('div.fd-card-text', null,
      h('div.fd-card-top', null, h('span.fd-card-name', null, r.name), ratingText(r)),
      h('div.fd-card-sub', null, `${r.cuisine} · ${r.area}`),
      h('div.fd-card-meta', null,
        h('span', null, icon(ICONS.scooter, { size: 14, color: '#6b7185' }), ` ${money(api, r.fee)}`),
        h('span', null, icon(ICONS.clock, { size: 14, color: '#6b7185' }), ` ~${eta} min`),
        h('span', null, `Min ${money(api, r.min_order)}`)),
      open ? null : h('div.fd-closed', null, hoursLabel(r, api.now))));
}

/** The home screen: deliver-to address, wallet, search, filters and the restaurant list. */
export function home(api) {
  const { data, ui } = api.state;
  const f = ui.filter;
  const addr = data.addresses.find((a) => a.id === data.cart.address);
  const list = listRestaurants(api.world, { query: api.draft('search'), cuisine: f.cuisine, openOnly: f.open, sort: f.sort }, api.now);
  return h('div.app.fd-app', null,
    h('header.fd-hero', null,
      h('button.fd-deliver', { 'data-gym': 'btn:address', onclick: () => api.dispatch({ type: 'open_screen', screen: 'addresses' }) },
        icon(ICONS.pin, { size: 18, color: '#fff' }),
        h('span.fd-deliver-text', null, h('span.fd-deliver-label', null, 'Deliver to'),
          h('span.fd-deliver-addr', null, addr ? `${addr.label} · ${addr.line}` : 'Choose an address')),
        icon(ICONS.down, { size: 16, color: '#fff' })),
      h('button.fd-wallet-chip', { 'data-gym': 'btn:wallet', onclick: () => api.dispatch({ type: 'open_screen', screen: 'wallet' }) },
        icon(ICONS.wallet, { size: 16, color: '#fff' }), money(api, data.wallet))),
    searchBar(api),
    h('div.fd-chips', { 'data-gym': 'chips:cuisine' },
      chip('cuisine:all', 'All', f.cuisine === 'all', () => api.dispatch({ type: 'set_cuisine', value: 'all' })),
      cuisines(api.world).map((c) => chip(`cuisine:${c}`, c, f.cuisine === c, () => api.dispatch({ type: 'set_cuisine', value: c })))),
    h('div.fd-sortrow', null,
      chip('filter:open', h('span', null, h('span.fd-dot' + (f.open ? '.on' : '')), 'Open now'), f.open, () => api.dispatch({ type: 'toggle_open' })),
      h('span.fd-sort-sep'),
      SORTS.map(([id, label]) => chip(`sort:${id}`, label.replace('Recommended', 'Picks').replace('Top rated', 'Rating').replace('Delivery fee', 'Fee'),
        f.sort === id, () => api.dispatch({ type: 'set_sort', value: id }), '.small'))),
    errorBanner(api),
    scroller(api, 'restaurants', null,
      list.length ? list.map((r) => restaurantCard(api, r)) : h('div.empty', null, 'No restaurants match'),
      h('div.fd-spacer')),
    cartBar(api),
    bottomTabs(api),
    notice(api));
}

function menuItem(api, it, open) {
  return h('div.fd-item' + (open ? '' : '.off'), { 'data-gym': `item:${it.id}`, role: 'button',
    onclick: () => api.dispatch({ type: 'open_item', id: it.id }) },
    h('div.fd-item-text', null,
      h('div.fd-item-name', null, it.name),
      h('div.fd-item-desc', null, it.desc),
      h('div.fd-item-price', null, (it.options || []).length ? `from ${money(api, it.price)}` : money(api, it.price))),
    h('span.fd-item-add', null, icon(ICONS.plus, { size: 20, color: open ? '#e8590c' : '#adb5bd' })));
}

/** The restaurant screen: facts, hours on the virtual clock, the menu by section. */
export function restaurantScreen(api) {
  const r = restaurant(api.world, api.state.ui.rest);
  const open = isOpen(r, api.now);
  const eta = etaMinutes(r, api.world.confirm_min);
  return h('div.app.fd-app', null,
    header(api, r.name, { sub: `${r.cuisine} · ${r.area}` }),
    errorBanner(api),
    scroller(api, 'menu', r.id,
      h('div.fd-rest-hero', null,
        tile(r, 64),
        h('div.fd-rest-facts', null,
          h('div.fd-rest-name', { 'data-gym': 'rest-name' }, r.name),
          h('div.fd-rest-line', null, ratingText(r), h('span.fd-muted', null, ` · ${r.ratings} ratings`)),
          h('div.fd-hours' + (open ? '.open' : ''), { 'data-gym': 'hours' }, hoursLabel(r, api.now)))),
      h('div.fd-facts', null,
        h('div.fd-fact', null, h('b', null, money(api, r.fee)), h('span', null, 'delivery')),
        h('div.fd-fact', null, h('b', null, `~${eta} min`), h('span', null, 'to your door')),
        h('div.fd-fact', null, h('b', null, money(api, r.min_order)), h('span', null, 'minimum')),
        h('div.fd-fact', null, h('b', null, `${r.hours.open}–${r.hours.close}`), h('span', null, 'hours'))),
      r.menu.map((sec) => [h('div.section.fd-section', null, sec.name), sec.items.map((it) => menuItem(api, it, open))]),
      h('div.fd-spacer')),
    cartBar(api, { solo: true }),
    notice(api));
}
