// Shared pieces of the Forkful screens: icons, header, bottom tabs, cart bar, banners.

import { h, icon } from '../../../runtime/ui/h.js';
import { GLYPHS } from '../../../runtime/ui/kit.js';
import { money as fmt, cartTotals } from '../lib/pricing.js';

/** Glyphs drawn for Forkful on a 24×24 grid. */
export const ICONS = {
  back: GLYPHS.back,
  search: GLYPHS.search,
  plus: GLYPHS.plus,
  minus: 'M5 11h14v2H5z',
  check: GLYPHS.check,
  star: GLYPHS.star,
  trash: GLYPHS.trash,
  clear: 'M12 3a9 9 0 110 18 9 9 0 010-18zM8.5 7.1L7.1 8.5 10.6 12l-3.5 3.5 1.4 1.4 3.5-3.5 3.5 3.5 1.4-1.4-3.5-3.5 3.5-3.5-1.4-1.4-3.5 3.5z',
  home: 'M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3z',
  receipt: 'M6 2h12v20l-3-2-3 2-3-2-3 2zm3 5v2h6V7zm0 4v2h6v-2zm0 4v2h4v-2z',
  user: 'M12 4a4 4 0 110 8 4 4 0 010-8zm0 10c4.4 0 8 2 8 4.5V20H4v-1.5C4 16 7.6 14 12 14z',
  pin: 'M12 2a7 7 0 017 7c0 5-7 13-7 13S5 14 5 9a7 7 0 017-7zm0 4a3 3 0 100 6 3 3 0 000-6z',
  wallet: 'M4 6h14v2h2v10H4a1 1 0 01-1-1V7a1 1 0 011-1zm12 6a1.5 1.5 0 100 3 1.5 1.5 0 000-3z',
  clock: 'M12 3a9 9 0 110 18 9 9 0 010-18zm0 2a7 7 0 100 14 7 7 0 000-14zm-1 2h2v4.4l3.4 2-1 1.7L11 12.6z',
  bag: 'M6 7h12l1 14H5zm3 0a3 3 0 016 0h-2a1 1 0 00-2 0z',
  tag: 'M3 3h8l10 10-8 8L3 11zm4 2.5a1.5 1.5 0 100 3 1.5 1.5 0 000-3z',
  share: 'M17 3a3 3 0 11-2.8 4.1L9.9 9.6a3 3 0 010 1.8l4.3 2.5A3 3 0 1113.5 16L9.2 13.4a3 3 0 110-4.8l4.3-2.5A3 3 0 0117 3z',
  undo: 'M8 5L3 10l5 5v-3.5h6a4 4 0 010 8H9v2h5a6 6 0 000-12H8z',
  chevron: 'M9 5l7 7-7 7-1.5-1.5L13 12 7.5 6.5z',
  down: 'M5 9l7 7 7-7-1.5-1.5L12 13 6.5 7.5z',
  scooter: 'M5 13a3 3 0 110 6 3 3 0 010-6zm0 2a1 1 0 100 2 1 1 0 000-2zm14-2a3 3 0 110 6 3 3 0 010-6zm0 2a1 1 0 100 2 1 1 0 000-2zM13 5h4v2h-2.4l2.6 6.2-1.8.8-.8-2H9.5L7.8 15H6.2l2.5-5H6V8h5l.6 1.6h1.8z',
  dish: 'M12 6a7 7 0 110 14 7 7 0 010-14zm0 3a4 4 0 100 8 4 4 0 000-8zM2 3h1v5h1V3h1v5h1V3h1v6a2 2 0 01-1.5 1.9V21h-2V10.9A2 2 0 012 9z',
  card: 'M3 5h18v14H3zm2 2v2h14V7zm0 5v5h14v-5zm2 2h4v1.5H7z',
};

/** Colours of the cuisine tiles. */
export const CUISINE_COLORS = {
  Pizza: '#d9480f', Noodles: '#c2255c', Breakfast: '#e8a317', Mexican: '#2b8a3e', Japanese: '#1c7ed6',
  Salads: '#5c940d', BBQ: '#7d4a28', Indian: '#e67700', Desserts: '#ae3ec9', Burgers: '#a61e4d',
};

export const money = (api, cents) => fmt(cents, api.world.currency || '$');

/** Return a header bar: back button (optional), title, subtitle, trailing node. */
export function header(api, title, { sub, back = true, trailing } = {}) {
  return h('header.fd-head', null,
    back ? h('button.icon-btn.fd-head-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, icon(ICONS.back)) : null,
    h('div.fd-head-text', null, h('div.fd-head-title', null, title), sub ? h('div.fd-head-sub', null, sub) : null),
    trailing || null);
}

/**
 * Return a scrolling body the agent can address (`scroll:<name>`). The shell keeps its offset across
 * re-renders by `data-scroll-key`; the key also names the record shown (`record`) and the instance
 * (rng seed), so one place/restaurant never opens at another's offset, nor at one left over from a
 * previous episode on the same page.
 */
export function scroller(api, name, record, ...children) {
  const key = `food:${name}:${record ?? ''}:${api.os.rng.seed}`;
  return h('main.body.fd-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': key }, ...children);
}

/** Return the bottom tab bar (root screens). */
export function bottomTabs(api) {
  const cur = api.state.ui.tab;
  const items = [['home', 'Home', ICONS.home], ['orders', 'Orders', ICONS.receipt], ['account', 'Account', ICONS.user]];
  return h('nav.fd-tabs', null, items.map(([id, label, glyph]) =>
    h('button.fd-tab' + (cur === id ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) },
      icon(glyph, { size: 22 }), h('span', null, label))));
}

/** Return the floating "view cart" bar when the cart has items (null otherwise). */
export function cartBar(api, { solo = false } = {}) {
  const t = cartTotals(api.world, api.state.data, api.now);
  if (!t.lines.length) return null;
  return h('button.fd-cartbar' + (solo ? '.solo' : ''), { 'data-gym': 'btn:view-cart', onclick: () => api.dispatch({ type: 'open_cart' }) },
    h('span.fd-cartbar-count', null, String(t.count)),
    h('span.fd-cartbar-text', null, h('span.fd-cartbar-title', null, 'View cart'), h('span.fd-cartbar-sub', null, t.rest ? t.rest.name : '')),
    h('span.fd-cartbar-total', null, money(api, t.subtotal)));
}

/** Return the error banner of ui.error (tap to dismiss), or null. */
export function errorBanner(api) {
  const msg = api.state.ui.error;
  if (!msg) return null;
  return h('div.fd-error', { 'data-gym': 'error', role: 'alert', onclick: () => api.dispatch({ type: 'dismiss_error' }) }, msg);
}

/** Return the transient notice (toast), or null. */
export function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.fd-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

/** Return a coloured cuisine tile with the dish glyph. */
export function tile(rest, size = 56) {
  return h('div.fd-tile', { style: { width: `${size}px`, height: `${size}px`, background: CUISINE_COLORS[rest.cuisine] || '#868e96' } },
    icon(ICONS.dish, { size: Math.round(size * 0.55), color: '#fff' }));
}

/** Return "★ 4.6 (812)". */
export function ratingText(rest) {
  return h('span.fd-rating', null, icon(ICONS.star, { size: 14, color: '#f59f00' }), ` ${rest.rating.toFixed(1)}`,
    h('span.fd-muted', null, ` (${rest.ratings})`));
}

export { h, icon };
