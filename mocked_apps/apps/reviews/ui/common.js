// Shared pieces of the Nooks screens: icons, header, tabs, stars, banners.

import { h, icon } from '../../../runtime/ui/h.js';
import { GLYPHS } from '../../../runtime/ui/kit.js';

/** Glyphs drawn for Nooks on a 24×24 grid. */
export const ICONS = {
  back: GLYPHS.back,
  search: GLYPHS.search,
  plus: GLYPHS.plus,
  check: GLYPHS.check,
  star: GLYPHS.star,
  trash: GLYPHS.trash,
  edit: GLYPHS.edit,
  clear: 'M12 3a9 9 0 110 18 9 9 0 010-18zM8.5 7.1L7.1 8.5 10.6 12l-3.5 3.5 1.4 1.4 3.5-3.5 3.5 3.5 1.4-1.4-3.5-3.5 3.5-3.5-1.4-1.4-3.5 3.5z',
  compass: 'M12 3a9 9 0 110 18 9 9 0 010-18zm0 2a7 7 0 100 14 7 7 0 000-14zm4 3l-2.5 5.5L8 16l2.5-5.5z',
  bookmark: 'M6 3h12v18l-6-4-6 4z',
  bookmarkOff: 'M6 3h12v18l-6-4-6 4zm2 2v12l4-2.7 4 2.7V5z',
  user: 'M12 4a4 4 0 110 8 4 4 0 010-8zm0 10c4.4 0 8 2 8 4.5V20H4v-1.5C4 16 7.6 14 12 14z',
  pin: 'M12 2a7 7 0 017 7c0 5-7 13-7 13S5 14 5 9a7 7 0 017-7zm0 4a3 3 0 100 6 3 3 0 000-6z',
  clock: 'M12 3a9 9 0 110 18 9 9 0 010-18zm0 2a7 7 0 100 14 7 7 0 000-14zm-1 2h2v4.4l3.4 2-1 1.7L11 12.6z',
  phone: 'M6 3h4l1 5-2.5 1.5a11 11 0 006 6L16 13l5 1v4a2 2 0 01-2 2A16 16 0 014 5a2 2 0 012-2z',
  share: 'M17 3a3 3 0 11-2.8 4.1L9.9 9.6a3 3 0 010 1.8l4.3 2.5A3 3 0 1113.5 16L9.2 13.4a3 3 0 110-4.8l4.3-2.5A3 3 0 0117 3z',
  calendar: 'M5 5h2V3h2v2h6V3h2v2h2a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1zm1 5v8h12v-8z',
  pen: 'M4 17v3h3l10-10-3-3zM15 6l3 3 2-2-3-3zM11 20h9v-2h-7z',
  filter: 'M3 5h18v2l-7 7v6l-4-2v-4L3 7z',
  chevron: 'M9 5l7 7-7 7-1.5-1.5L13 12 7.5 6.5z',
  question: 'M12 3a9 9 0 110 18 9 9 0 010-18zm0 12.5a1.3 1.3 0 100 2.6 1.3 1.3 0 000-2.6zM12 6a3.5 3.5 0 00-3.5 3.5h2A1.5 1.5 0 1112 11c-.6 0-1 .4-1 1v2h2v-1.2a3.5 3.5 0 00-1-6.8z',
  list: 'M4 5h2v2H4zm4 0h12v2H8zm-4 6h2v2H4zm4 0h12v2H8zm-4 6h2v2H4zm4 0h12v2H8z',
};

/** Colours of the category badges. */
export const CATEGORY_COLORS = {
  cafe: '#8f5b34', bakery: '#d9480f', restaurant: '#c92a2a', bookshop: '#1864ab', florist: '#c2255c',
  bike: '#2b8a3e', gym: '#495057', salon: '#9c36b5', bar: '#5f3dc4', laundry: '#0b7285',
};

/** Return a header bar: back button (optional), title, subtitle, trailing node. */
export function header(api, title, { sub, back = true, trailing } = {}) {
  return h('header.nk-head', null,
    back ? h('button.icon-btn.nk-head-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, icon(ICONS.back)) : null,
    h('div.nk-head-text', null, h('div.nk-head-title', null, title), sub ? h('div.nk-head-sub', null, sub) : null),
    trailing || null);
}

/**
 * Return a scrolling body the agent can address (`scroll:<name>`). The shell keeps its offset across
 * re-renders by `data-scroll-key`; the key also names the record shown (`record`) and the instance
 * (rng seed), so one place/restaurant never opens at another's offset, nor at one left over from a
 * previous episode on the same page.
 */
export function scroller(api, name, record, ...children) {
  const key = `reviews:${name}:${record ?? ''}:${api.os.rng.seed}`;
  return h('main.body.nk-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': key }, ...children);
}

/** Return the bottom tab bar (root screens). */
export function bottomTabs(api) {
  const cur = api.state.ui.tab;
  const items = [['explore', 'Explore', ICONS.compass], ['saved', 'Saved', ICONS.bookmark], ['me', 'You', ICONS.user]];
  return h('nav.nk-tabs', null, items.map(([id, label, glyph]) =>
    h('button.nk-tab' + (cur === id ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) },
      icon(glyph, { size: 22 }), h('span', null, label))));
}

/** Return five small stars filled up to `value` (halves rounded to the nearest star). */
export function stars(value, size = 14) {
  const full = Math.round(value);
  return h('span.nk-stars', { 'aria-label': `${value} stars` },
    [1, 2, 3, 4, 5].map((i) => icon(ICONS.star, { size, color: i <= full ? '#f59f00' : '#dee2e6' })));
}

/** Return the error banner of ui.error (tap to dismiss), or null. */
export function errorBanner(api) {
  const msg = api.state.ui.error;
  if (!msg) return null;
  return h('div.nk-error', { 'data-gym': 'error', role: 'alert', onclick: () => api.dispatch({ type: 'dismiss_error' }) }, msg);
}

/** Return the transient notice (toast), or null. */
export function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.nk-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

/** Return a category badge (first letter on the category colour). */
export function badge(p, name, size = 44) {
  return h('div.nk-badge', { style: { width: `${size}px`, height: `${size}px`, background: CATEGORY_COLORS[p.category] || '#868e96' } },
    name.replace(/^The /, '').charAt(0));
}

export { h, icon };
