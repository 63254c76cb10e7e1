// Alembic view: five bottom tabs (Brew, Market, Shelf, Orders, Book) and the order,
// potion, recipe and rules screens. Everything the agent can tap has a data-gym id.

import { h, icon } from '../../runtime/ui/h.js';
import { avatar, button, dialog, empty, field, section } from '../../runtime/ui/kit.js';
import {
  FAMILIES, ROMAN, SLOTS, MIN_INGREDIENTS, TIP_PER_GRADE, GRADE_WORD,
  ingredient, orderInfo, potionName, requestText, available, allBookKeys, parseKey, customerName, parseQty, MARKET_FILTERS, marketGroups,
} from './logic.js';

/** Glyphs drawn for this app on a 24×24 grid. */
const G = {
  flask: 'M9 2h6v2h-1v5.2l5.6 9.6A2 2 0 0117.9 22H6.1a2 2 0 01-1.7-3.2L10 9.2V4H9zm3 9.5L8.6 17h6.8z',
  heat: 'M12 2c.8 3.6 5 5.6 5 11a5 5 0 01-10 0c0-2.6 1.4-4 2.2-6.2C10.8 8 11.6 9.8 11.6 11.8 13 10 13.2 6.4 12 2z',
  cold: 'M11 2h2v5.3l3.2-2.1 1.1 1.7L13 9.7v1.6l1.4.8 4.3-2.8 1.1 1.7-3.4 2.2 3.4 2.2-1.1 1.7-4.3-2.8-1.4.8v1.6l4.3 2.8-1.1 1.7L13 16.7V22h-2v-5.3l-3.2 2.1-1.1-1.7 4.3-2.8v-1.6l-1.4-.8-4.3 2.8-1.1-1.7L7.6 12 4.2 9.8l1.1-1.7 4.3 2.8 1.4-.8V8.5L6.7 5.7l1.1-1.7L11 6.1z',
  calm: 'M14.5 3A9 9 0 1021 14.5 7 7 0 0114.5 3z',
  spark: 'M13.5 2L4 13.5h6.5L9.5 22 20 9.5h-6.5z',
  catalyst: 'M12 3a9 9 0 110 18 9 9 0 010-18zm0 3.5a5.5 5.5 0 100 11 5.5 5.5 0 000-11zm0 3a2.5 2.5 0 110 5 2.5 2.5 0 010-5z',
  murk: 'M6 14c0-3 2.5-5 6-5s6 2 6 5c0 3.5-2.7 6-6 6s-6-2.5-6-6zm2-8a2 2 0 114 0 2 2 0 01-4 0zm6-1.5a1.5 1.5 0 113 0 1.5 1.5 0 01-3 0z',
  coin: 'M12 3a9 9 0 110 18 9 9 0 010-18zm0 2a7 7 0 100 14 7 7 0 000-14zm-1 2h2v1.2c1.4.3 2.4 1.2 2.5 2.5h-2c-.1-.5-.6-.8-1.5-.8-.9 0-1.4.3-1.4.8 0 .5.5.7 1.9 1 2 .4 3.1 1.1 3.1 2.7 0 1.3-1 2.2-2.6 2.5V17h-2v-1.2c-1.6-.3-2.6-1.2-2.7-2.6h2c.1.6.7 1 1.7 1s1.6-.4 1.6-.9c0-.5-.5-.8-2-1.1-1.9-.4-3-1-3-2.6 0-1.2 1-2.1 2.4-2.4z',
  rules: 'M5 3h11l3 3v15H5zm2 2v14h10V7h-2V5zm2 4h6v2H9zm0 4h6v2H9zm0 4h4v2H9z',
  cauldron: 'M3 8h18v2h-1.2a8 8 0 01-2.3 8.6L19 21h-2.3l-1.1-1.4a8 8 0 01-7.2 0L7.3 21H5l1.5-2.4A8 8 0 014.2 10H3zm4-4a1.5 1.5 0 113 0 1.5 1.5 0 01-3 0zm5-1a1 1 0 112 0 1 1 0 01-2 0z',
  market: 'M4 4h16l1 5a3 3 0 01-5 2 3 3 0 01-4 0 3 3 0 01-4 0 3 3 0 01-5-2zm1 9h2v6h10v-6h2v8H5z',
  shelf: 'M3 19h18v2H3zM6 9h4v9H6zm2-5h1v4H7V6h1zm7 5h4v9h-4zm1.5-3h1v3h-1z',
  orders: 'M6 3h12v18l-3-2-3 2-3-2-3 2zm3 5v2h6V8zm0 4v2h6v-2z',
  book: 'M4 4c3-1 6-1 8 1 2-2 5-2 8-1v15c-3-1-6-1-8 1-2-2-5-2-8-1zm2 2v10c2-.4 3.8-.2 5 .6V6.4C9.8 5.6 8 5.5 6 6z',
  message: 'M4 4h16v12H8l-4 4zm4 4v2h8V8zm0 3v2h5v-2z',
  person: 'M12 3a4.5 4.5 0 110 9 4.5 4.5 0 010-9zM3.5 21c0-4.4 3.8-7.5 8.5-7.5s8.5 3.1 8.5 7.5z',
};

/** Element colours (the catalyst and the murk have their own). */
const COLOR = { heat: '#d9572f', cold: '#2f7fcf', calm: '#2f9a74', spark: '#c29312', catalyst: '#7d5bc4', murk: '#6f6a5e' };
const FAMILY_COLOR = { ember: COLOR.heat, rime: COLOR.cold, hush: COLOR.calm, zest: COLOR.spark, murk: COLOR.murk };
const TAB_ITEMS = [['brew', 'Brew', 'cauldron'], ['pantry', 'Market', 'market'], ['shelf', 'Shelf', 'shelf'], ['orders', 'Orders', 'orders'], ['book', 'Book', 'book']];

function svg(path, { size = 22, color } = {}) { return icon(path, { size, color, evenodd: true }); }

function scroll(name, ...children) {
  return h('main.body.pl-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `potionlab:${name}` }, ...children);
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const coins = (n) => `${n}¢`;

function ingKey(ing) {
  return ing.kind === 'catalyst' ? 'catalyst' : ing.element;
}

function ingBadge(ing, size = 30) {
  const key = ingKey(ing);
  return h('span.pl-badge', { style: { background: COLOR[key], width: `${size}px`, height: `${size}px` } },
    svg(G[key], { size: Math.round(size * 0.62), color: '#fff' }));
}

function dots(n) {
  return h('span.pl-dots', { 'aria-label': `potency ${n}` }, [1, 2, 3].map((i) => h('i' + (i <= n ? '.on' : ''))));
}

function ingLine(ing) {
  if (ing.kind === 'catalyst') return ing.effect === 'double' ? 'Catalyst · doubles' : 'Catalyst · inverts';
  return `${cap(ing.element)} · potency ${ing.potency}`;
}

function potionIcon(p, size = 40) {
  return h('span.pl-flask', { style: { background: FAMILY_COLOR[p.family] || COLOR.murk, width: `${size}px`, height: `${size}px` } },
    svg(p.family === 'murk' ? G.murk : G.flask, { size: Math.round(size * 0.6), color: '#fff' }));
}

function potionChips(p) {
  if (p.family === 'murk') return [h('span.chip.pl-chip-murk', null, 'Failed brew')];
  return [
    h('span.chip.pl-chip-grade', null, `Grade ${ROMAN[p.grade]}`),
    h('span.chip' + (p.cloudy ? '.pl-chip-cloudy' : '.pl-chip-clear'), null, p.cloudy ? 'Cloudy' : 'Clear'),
    p.layered ? h('span.chip.pl-chip-layered', null, 'Layered') : null,
  ];
}

function topBar(api, { back = false, title = 'Alembic' } = {}) {
  const { data } = api.state;
  return h('header.appbar.pl-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg('M15 4l2 2-6 6 6 6-2 2-8-8z'))
      : h('span.pl-logo', null, svg(G.flask, { size: 20, color: '#fff' })),
    h('h1.appbar-title', null, title),
    h('span.pl-coins', { 'data-gym': 'coins', 'aria-label': `${data.coins} coins` }, svg(G.coin, { size: 16, color: '#a07a10' }), String(data.coins)),
    api.state.ui.screen !== 'rules'
      ? h('button.icon-btn', { 'data-gym': 'btn:rules', 'aria-label': 'Rules', onclick: () => api.dispatch({ type: 'rules' }) }, svg(G.rules))
      : null);
}

function notice(api) {
  const text = api.state.ui.notice;
  if (!text) return null;
  const bad = /^(Not |No |The cauldron|Add at least|This order|Unknown)/.test(text);
  return h('div.pl-notice' + (bad ? '.err' : '.ok'), { 'data-gym': 'notice', role: 'status' }, text);
}

function tabBar(api) {
  const current = api.state.ui.tab;
  return h('nav.pl-tabs', null, TAB_ITEMS.map(([id, label, glyph]) =>
    h('button.pl-tab' + (id === current ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) },
      svg(G[glyph], { size: 22 }), h('span', null, label))));
}

// ------------------------------------------------------------------ brew

function brewTab(api) {
  const { data } = api.state;
  const world = api.world;
  const slots = [];
  for (let i = 0; i < SLOTS; i += 1) {
    const ing = ingredient(world, data.slots[i]);
    slots.push(ing
      ? h('button.pl-slot.full', { 'data-gym': `slot:${i + 1}`, 'aria-label': `Slot ${i + 1}: ${ing.name} (tap to remove)`,
        onclick: () => api.dispatch({ type: 'remove', slot: i }) },
      h('span.pl-slot-n', null, String(i + 1)), ingBadge(ing, 34), h('span.pl-slot-name', null, ing.name),
      ing.kind === 'catalyst' ? h('span.pl-slot-sub', null, ing.effect === 'double' ? '×2 prev' : 'flip prev') : dots(ing.potency))
      : h('div.pl-slot', { 'data-gym': `slot:${i + 1}`, 'aria-label': `Slot ${i + 1}: empty` },
        h('span.pl-slot-n', null, String(i + 1)), h('span.pl-slot-empty', null, '+'), h('span.pl-slot-name.muted', null, 'empty')));
  }
  const tiles = (world.ingredients || []).map((ing) => {
    const free = available(data, ing.id);
    return h('button.pl-ing' + (free ? '' : '.out'), { 'data-gym': `ing:${ing.id}`, 'aria-label': `${ing.name}, ${ingLine(ing)}, ${free} left`,
      onclick: () => api.dispatch({ type: 'add', ing: ing.id }) },
    h('span.pl-ing-top', null, ingBadge(ing, 22),
      h('span.pl-ing-kind', null, ing.kind === 'catalyst' ? (ing.effect === 'double' ? '×2 prev' : 'flip prev') : dots(ing.potency)),
      h('span.pl-ing-count', null, `×${free}`)),
    h('span.pl-ing-name', null, ing.name));
  });
  return scroll('brew',
    h('div.card.pl-cauldron', null,
      h('div.pl-cauldron-head', null, svg(G.cauldron, { size: 22, color: '#5b3f8c' }), h('b', null, 'Cauldron'),
        h('span.pl-muted', null, `${data.slots.length}/${SLOTS} · order matters`)),
      h('div.pl-slots', null, slots),
      h('div.pl-cauldron-actions', null,
        button('Empty', { id: 'btn:empty', kind: 'secondary', onclick: () => api.dispatch({ type: 'empty' }), disabled: !data.slots.length }),
        button('Brew', { id: 'btn:brew', onclick: () => api.dispatch({ type: 'brew' }), disabled: data.slots.length < MIN_INGREDIENTS }))),
    h('div.pl-hint', null, 'Tap an ingredient to fill the next slot; tap a slot to take it out.'),
    h('div.pl-grid', null, tiles));
}

function resultDialog(api) {
  const r = api.state.ui.result;
  const p = r && api.state.data.potions.find((x) => x.id === r.potion);
  if (!p) return null;
  return h('div.scrim', null, h('div.dialog.pl-result', { role: 'dialog' },
    h('div.pl-result-head', null, potionIcon(p, 52), h('div', null,
      h('div.pl-muted', null, p.family === 'murk' ? 'The brew failed' : 'You brewed'),
      h('div.dialog-title', { 'data-gym': 'result-name' }, potionName(p)))),
    h('div.pl-chips', null, potionChips(p)),
    r.discovered ? h('div.pl-new', null, 'New entry in your recipe book!') : null,
    h('ol.pl-steps', null, (r.steps || []).map((s) => h('li', null, s))),
    h('div.dialog-actions', null, button('Done', { id: 'btn:result-ok', onclick: () => api.dispatch({ type: 'dismiss_result' }) }))));
}

// ---------------------------------------------------------------- market

function pantryTab(api) {
  const { data, ui } = api.state;
  const filter = ui.market || 'all';
  const groups = marketGroups(api.world, filter);
  return scroll('pantry',
    h('div.card.pl-wallet', null, svg(G.coin, { size: 28, color: '#a07a10' }),
      h('div', null, h('div.pl-big', { 'data-gym': 'wallet' }, `${data.coins} coins`), h('div.pl-muted', null, 'Tap Buy, choose how many, confirm.'))),
    h('div.pl-filters', null, MARKET_FILTERS.map((f) =>
      h('button.pl-filter' + (f === filter ? '.on' : ''), { 'data-gym': `filter:${f}`, onclick: () => api.dispatch({ type: 'market', filter: f }) },
        f === 'all' ? 'All' : f === 'catalyst' ? 'Catalysts' : cap(f)))),
    groups.map(([key, list]) => [
      section(key === 'catalyst' ? 'Catalysts' : cap(key)),
      list.map((ing) => h('div.row.pl-mrow', { 'data-gym': `stock:${ing.id}` }, ingBadge(ing, 34),
        h('div.row-text', null, h('div.row-title', null, ing.name),
          h('div.row-sub', null, `${ingLine(ing)} · in stock ${data.stock[ing.id] || 0}`)),
        h('button.pl-buy' + (ing.price <= data.coins ? '' : '.poor'), { 'data-gym': `buy:${ing.id}`, 'aria-label': `Buy ${ing.name}, ${ing.price} coins each`,
          onclick: () => api.dispatch({ type: 'buy_sheet', ing: ing.id }) }, `Buy ${coins(ing.price)}`)))]));
}

function buySheet(api) {
  const ing = ingredient(api.world, api.state.ui.buying);
  if (!ing) return null;
  const qty = parseQty(api.draft('qty'));
  const total = qty === null ? null : qty * ing.price;
  const short = total !== null && total > api.state.data.coins;
  return h('div.scrim.pl-sheet-scrim', null, h('div.pl-sheet', { role: 'dialog' },
    h('div.pl-sheet-head', null, ingBadge(ing, 40), h('div', null, h('div.dialog-title', null, `Buy ${ing.name}`),
      h('div.pl-muted', null, `${ingLine(ing)} · ${coins(ing.price)} each · you have ${api.state.data.stock[ing.id] || 0}`))),
    h('div.pl-muted.pl-blurb', null, ing.blurb),
    field(api, 'qty', 'How many?', { placeholder: '1' }),
    h('div.pl-total' + (short ? '.short' : ''), { 'data-gym': 'buy-total' },
      total === null ? 'Enter 1 to 20' : `Total ${coins(total)} of your ${coins(api.state.data.coins)}`),
    h('div.dialog-actions', null,
      button('Cancel', { id: 'btn:cancel-buy', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_sheet' }) }),
      button('Buy', { id: 'btn:confirm-buy', onclick: () => api.dispatch({ type: 'buy' }), disabled: total === null || short }))));
}

// ----------------------------------------------------------------- shelf

function shelfTab(api) {
  const { potions } = api.state.data;
  return scroll('shelf',
    section(`${potions.length} ${potions.length === 1 ? 'potion' : 'potions'} on the shelf`),
    potions.length ? potions.map((p) => h('div.row', { 'data-gym': `potion:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_potion', id: p.id }) },
      potionIcon(p, 38),
      h('div.row-text', null, h('div.row-title', null, potionName(p)),
        h('div.row-sub', null, p.family === 'murk' ? 'Failed brew' : [`Grade ${ROMAN[p.grade]}`, p.cloudy ? 'cloudy' : 'clear', p.layered ? 'layered' : null].filter(Boolean).join(' · ')))))
      : empty('The shelf is empty. Brew something!'));
}

function potionScreen(api, p) {
  const { ui } = api.state;
  return h('div.app.pl-app', null,
    topBar(api, { back: true, title: 'Potion' }),
    notice(api),
    scroll('potion',
      h('div.pl-hero', null, potionIcon(p, 72), h('h2.pl-hero-name', { 'data-gym': 'potion-name' }, potionName(p)), h('div.pl-chips', null, potionChips(p))),
      h('div.card', null, h('div.pl-label', null, 'Recipe, in slot order'),
        h('div.pl-recipe', null, p.recipe.map((id, i) => {
          const ing = ingredient(api.world, id);
          return [i ? h('span.pl-arrow', null, '→') : null, h('span.pl-rchip', null, ing ? ingBadge(ing, 20) : null, ing ? ing.name : id)];
        }))),
      h('div.pl-pad', null, button('Pour away', { id: 'btn:discard', kind: 'danger', onclick: () => api.dispatch({ type: 'discard', id: p.id }) }))),
    ui.dialog === 'discard' ? dialog('Pour away this potion?', `${potionName(p)} will be gone for good.`, [
      { id: 'btn:cancel-discard', label: 'Keep', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-discard', label: 'Pour away', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_discard' }) },
    ]) : null);
}

// ---------------------------------------------------------------- orders

function ordersTab(api) {
  const { data } = api.state;
  const contacts = api.peek('contacts');
  const rows = (status) => data.orders.filter((o) => o.status === status).map((o) => {
    const info = orderInfo(api.world, o.id);
    if (!info) return null;
    const name = customerName(info, contacts);
    return h('div.row.pl-order', { 'data-gym': `order:${o.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_order', id: o.id }) },
      avatar(name, 38),
      h('div.row-text', null, h('div.row-title', null, name),
        h('div.row-sub', null, status === 'open' ? requestText(info) : `Got ${potionName(o.potion)}`)),
      h('div.row-trail.pl-reward', null, status === 'open' ? coins(info.reward) : `paid ${coins(o.paid)}`));
  });
  const open = rows('open');
  const done = rows('done');
  return scroll('orders',
    section(`Open orders (${open.length})`),
    open.length ? open : empty('No open orders'),
    done.length ? [section('Delivered'), done] : null);
}

function orderScreen(api, order) {
  const info = orderInfo(api.world, order.id);
  const contacts = api.peek('contacts');
  const name = customerName(info, contacts);
  const { potions } = api.state.data;
  const fam = FAMILIES[info.family];
  return h('div.app.pl-app', null,
    topBar(api, { back: true, title: 'Order' }),
    notice(api),
    scroll('order',
      h('div.card.pl-cust', null, avatar(name, 48),
        h('div.pl-cust-text', null, h('div.pl-cust-name', { 'data-gym': 'customer-name' }, name), h('div.pl-muted', null, `Order ${order.id.toUpperCase()}`)),
        h('button.pl-round', { 'data-gym': 'btn:message', 'aria-label': `Message ${name}`, onclick: () => api.dispatch({ type: 'message' }) }, svg(G.message, { size: 20 })),
        h('button.pl-round', { 'data-gym': 'btn:contact', 'aria-label': `Open ${name} in Contacts`, onclick: () => api.dispatch({ type: 'open_contact' }) }, svg(G.person, { size: 20 }))),
      h('div.card', null,
        h('div.pl-label', null, 'Wants'),
        h('div.pl-want', { 'data-gym': 'order-request' },
          h('span.pl-flask', { style: { background: FAMILY_COLOR[info.family], width: '34px', height: '34px' } }, svg(G.flask, { size: 20, color: '#fff' })),
          h('div', null, h('div.pl-want-name', null, fam.name), h('div.pl-muted', null, `Grade ${ROMAN[info.min_grade]} or better`))),
        h('div.pl-chips', null,
          info.clear ? h('span.chip.pl-chip-clear', null, 'Must be clear') : null,
          info.layered ? h('span.chip.pl-chip-layered', null, 'Must be layered') : null),
        h('div.pl-note', null, `“${info.note}”`),
        h('div.pl-pay', null, `Pays ${coins(info.reward)}`, h('span.pl-muted', null, ` + ${TIP_PER_GRADE}¢ tip per grade above ${ROMAN[info.min_grade]}`))),
      order.status === 'done'
        ? h('div.card.pl-done', { 'data-gym': 'order-done' }, h('b', null, 'Delivered'), ` ${potionName(order.potion)} · paid ${coins(order.paid)}`)
        : [section('Deliver from your shelf'),
          potions.length ? potions.map((p) => h('div.row', { 'data-gym': `shelf:${p.id}` }, potionIcon(p, 34),
            h('div.row-text', null, h('div.row-title', null, potionName(p)),
              h('div.row-sub', null, p.family === 'murk' ? 'Failed brew' : [`Grade ${ROMAN[p.grade]}`, p.cloudy ? 'cloudy' : 'clear', p.layered ? 'layered' : null].filter(Boolean).join(' · '))),
            h('button.pl-deliver', { 'data-gym': `deliver:${p.id}`, onclick: () => api.dispatch({ type: 'deliver', potion: p.id }) }, 'Deliver')))
            : [empty('Nothing on the shelf yet.'), h('div.pl-pad', null, button('Go brew', { id: 'btn:go-brew', kind: 'secondary', onclick: () => api.dispatch({ type: 'tab', tab: 'brew' }) }))]]));
}

// ------------------------------------------------------------------ book

function bookTab(api) {
  const { book } = api.state.data;
  const known = new Map(book.map((b) => [b.id, b]));
  return scroll('book',
    h('div.pl-hint', null, `${book.length} of ${allBookKeys().length} recipes discovered. Brew something new to add it.`),
    h('div.pl-book', null, allBookKeys().map((key) => {
      const { family, grade } = parseKey(key);
      const entry = known.get(key);
      const title = family === 'murk' ? FAMILIES.murk.name : `${GRADE_WORD[grade]} ${FAMILIES[family].name}`;
      return h('button.pl-page' + (entry ? '' : '.unknown'), { 'data-gym': `recipe:${key}`, onclick: () => api.dispatch({ type: 'open_recipe', key }) },
        h('span.pl-flask', { style: { background: entry ? FAMILY_COLOR[family] : '#c9cbd3', width: '30px', height: '30px' } },
          svg(family === 'murk' ? G.murk : G.flask, { size: 18, color: '#fff' })),
        h('span.pl-page-name', null, title),
        h('span.pl-page-sub', null, entry ? `brewed ${entry.brewed}×` : 'undiscovered'));
    })));
}

function recipeScreen(api, key) {
  const { family, grade } = parseKey(key);
  const entry = api.state.data.book.find((b) => b.id === key);
  const p = { family, grade };
  return h('div.app.pl-app', null,
    topBar(api, { back: true, title: 'Recipe' }),
    notice(api),
    scroll('recipe',
      h('div.pl-hero', null, potionIcon(entry ? p : { family: 'murk' }, 64),
        h('h2.pl-hero-name', null, potionName(p)), family === 'murk' ? null : h('span.chip.pl-chip-grade', null, `Grade ${ROMAN[grade]}`)),
      entry
        ? [h('div.card', null, h('div.pl-label', null, 'First brewed with, in slot order'),
          h('div.pl-recipe', { 'data-gym': 'recipe-list' }, entry.recipe.map((id, i) => {
            const ing = ingredient(api.world, id);
            return [i ? h('span.pl-arrow', null, '→') : null, h('span.pl-rchip', null, ing ? ingBadge(ing, 20) : null, ing ? ing.name : id)];
          })), h('div.pl-muted.pl-top', null, `Brewed ${entry.brewed}× so far.`)),
        h('div.pl-pad', null, button('Load into cauldron', { id: 'btn:load', onclick: () => api.dispatch({ type: 'load', key }) }))]
        : h('div.card.pl-muted', null, 'Not discovered yet. Work out a recipe from the Rules and brew it once to record it here.')));
}

// ----------------------------------------------------------------- rules

function rulesScreen(api) {
  const el = (e) => h('span.pl-el', { style: { color: COLOR[e] } }, svg(G[e], { size: 15, color: COLOR[e] }), cap(e));
  return h('div.app.pl-app', null,
    topBar(api, { back: true, title: 'Brewing rules' }),
    scroll('rules',
      h('div.card.pl-rules', null,
        h('h3', null, 'The cauldron'),
        h('p', null, `Drop ${MIN_INGREDIENTS} to ${SLOTS} ingredients into the slots, in order, then Brew. Brewing uses the ingredients up. Slot order matters.`),
        h('h3', null, 'Elements'),
        h('p', null, 'Every herb, fruit, mineral or fluid has one element and a potency from 1 to 3 (the dots).'),
        h('div.pl-pairs', null, h('div', null, el('heat'), ' ⇄ ', el('cold')), h('div', null, el('calm'), ' ⇄ ', el('spark'))),
        h('p', null, 'Heat and cold are opposites, and so are calm and spark.')),
      h('div.card.pl-rules', { 'data-gym': 'rules-steps' },
        h('h3', null, 'How a brew is decided'),
        h('ol', null,
          h('li', null, h('b', null, 'Catalysts. '), 'A catalyst acts on the ingredient in the slot right before it: ',
            h('b', null, 'Mirrorcap'), ' doubles its potency; ', h('b', null, 'Turnwort'), ' turns its element into the opposite. A catalyst in slot 1 or right after another catalyst fizzles.'),
          h('li', null, h('b', null, 'Add up. '), 'Add the potencies per element.'),
          h('li', null, h('b', null, 'Cancel. '), 'Opposites cancel: the smaller total is taken off the larger one (equal totals both vanish).'),
          h('li', null, h('b', null, 'Family. '), 'The largest remaining total is dominant: heat → Ember Tonic, cold → Rime Draught, calm → Hush Elixir, spark → Zest Philter. A tie for the largest, or nothing left, gives Murky Sludge (grade 0).'),
          h('li', null, h('b', null, 'Grade. '), 'From the dominant total: 1–2 → grade I (Faint), 3–5 → grade II (Sturdy), 6 or more → grade III (Grand).'),
          h('li', null, h('b', null, 'Cloudy. '), 'If any other element is left after cancelling, the potion is cloudy: one grade lower (never below I).'),
          h('li', null, h('b', null, 'Layered. '), 'Three or more ingredients, no catalyst, and each potency higher than the slot before: the potion is layered, one grade higher (at most III).'))),
      h('div.card.pl-rules', null,
        h('h3', null, 'Examples'),
        h('p', null, 'Hushleaf (calm 2) + Moonmilk (calm 3) → calm 5 → Sturdy Hush Elixir, grade II.'),
        h('p', null, 'Sunscale (heat 3) + Glacier Salt (cold 2) → heat 1 after cancelling → Faint Ember Tonic, grade I.'),
        h('p', null, 'Cinder Pepper (heat 2) + Mirrorcap → heat 4 → grade II.'),
        h('p', null, 'Moonmilk (calm 3) + Emberroot (heat 1) → calm 3 dominant, heat 1 left over → cloudy, grade I.')),
      h('div.card.pl-rules', null,
        h('h3', null, 'Orders and coins'),
        h('p', null, 'An order names a family and a minimum grade; some also want a clear (not cloudy) or a layered potion. Delivering hands over the potion from your shelf.'),
        h('p', null, `Pay = the order's reward + ${TIP_PER_GRADE} coins for every grade above the minimum.`),
        h('p', null, 'The Market sells one ingredient per tap at the listed price. Coins cannot go below zero.'))));
}

// ---------------------------------------------------------------- render

/** Render the current Alembic screen. */
export function render(api) {
  const { ui, data } = api.state;
  if (ui.screen === 'rules') return rulesScreen(api);
  if (ui.screen === 'order') {
    const order = data.orders.find((o) => o.id === ui.order);
    if (order && orderInfo(api.world, order.id)) return orderScreen(api, order);
  }
  if (ui.screen === 'potion') {
    const p = data.potions.find((x) => x.id === ui.potion);
    if (p) return potionScreen(api, p);
  }
  if (ui.screen === 'recipe' && ui.recipe) return recipeScreen(api, ui.recipe);
  const tab = ui.tab || 'brew';
  const content = { brew: brewTab, pantry: pantryTab, shelf: shelfTab, orders: ordersTab, book: bookTab }[tab] || brewTab;
  return h('div.app.pl-app', null,
    topBar(api),
    notice(api),
    content(api),
    tabBar(api),
    tab === 'brew' ? resultDialog(api) : null,
    tab === 'pantry' ? buySheet(api) : null);
}
