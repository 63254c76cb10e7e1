// Shared pieces of the Wayfin screens: icons, header, bottom tabs, banners, stars, status labels.

import { h, icon } from '../../../runtime/ui/h.js';
import { GLYPHS } from '../../../runtime/ui/kit.js';

/** Glyphs drawn for Wayfin on a 24×24 grid. */
export const ICONS = {
  car: 'M6.5 6h11l2.2 5H21v6h-2v2h-3v-2H8v2H5v-2H3v-6h1.3zm1.3 2l-1.3 3h11l-1.3-3zM6.5 13a1.5 1.5 0 100 3 1.5 1.5 0 000-3zm11 0a1.5 1.5 0 100 3 1.5 1.5 0 000-3z',
  list: 'M4 5h3v3H4zm5 0h11v3H9zM4 10.5h3v3H4zm5 0h11v3H9zM4 16h3v3H4zm5 0h11v3H9z',
  person: 'M12 4a4 4 0 110 8 4 4 0 010-8zm0 10c4.4 0 8 2 8 4.5V20H4v-1.5C4 16 7.6 14 12 14z',
  pin: 'M12 2a7 7 0 017 7c0 5-7 13-7 13S5 14 5 9a7 7 0 017-7zm0 4a3 3 0 100 6 3 3 0 000-6z',
  dot: 'M12 7a5 5 0 110 10 5 5 0 010-10z',
  home: 'M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3z',
  work: 'M9 3h6l1 3h5v14H3V6h5zm1.4 2l-.3 1h5.8l-.3-1zM5 8v3h14V8zm0 5v5h14v-5h-6v2h-2v-2z',
  clock: 'M12 2a10 10 0 110 20 10 10 0 010-20zm0 2a8 8 0 100 16 8 8 0 000-16zm-1 3h2v4.6l3.4 2-1 1.7L11 12.7z',
  cal: 'M7 2h2v2h6V2h2v2h3v17H4V4h3zM6 9v10h12V9zm2 2h3v3H8z',
  swap: 'M7 3l4 4H8v9H6V7H3zm10 18l-4-4h3V8h2v9h3z',
  card: 'M3 5h18a1 1 0 011 1v12a1 1 0 01-1 1H3a1 1 0 01-1-1V6a1 1 0 011-1zm1 3v2h16V8zm0 6v3h16v-3z',
  tag: 'M3 3h8l10 10-8 8L3 11zm4 2.5a1.5 1.5 0 100 3 1.5 1.5 0 000-3z',
  share: 'M17 3a3 3 0 11-2.8 4.1L9.9 9.6a3 3 0 010 1.8l4.3 2.5A3 3 0 1113.5 16L9.2 13.4a3 3 0 110-4.8l4.3-2.5A3 3 0 0117 3z',
  bolt: 'M13 2L4 14h6l-1 8 9-12h-6z',
  chevron: 'M9 5l7 7-7 7-1.5-1.5L13 12 7.5 6.5z',
  star: GLYPHS.star,
  check: GLYPHS.check,
  search: GLYPHS.search,
  back: GLYPHS.back,
  close: GLYPHS.close,
};

/** Return an icon sized and coloured. */
export const ico = (name, size = 22, color = 'currentColor') => icon(ICONS[name] || ICONS.dot, { size, color });

/** Phase labels shown to the rider. */
export const PHASES = {
  searching: 'Finding your driver',
  arriving: 'Driver on the way',
  in_progress: 'On your way',
  completed: 'Arrived',
  cancelled: 'Cancelled',
};

/** Return the screen header: back button (optional), title, subtitle. */
export function header(api, title, { back = true, sub } = {}) {
  return h('header.wf-head', null,
    back ? h('button.icon-btn.wf-head-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, ico('back', 24, '#fff')) : null,
    h('div.wf-head-text', null, h('div.wf-head-title', null, title), sub ? h('div.wf-head-sub', null, sub) : null));
}

/** Return the bottom tab bar. */
export function bottomTabs(api) {
  const cur = api.state.ui.tab;
  const items = [['ride', 'Ride', 'car'], ['activity', 'Activity', 'list'], ['account', 'Account', 'person']];
  return h('nav.wf-tabs', null, items.map(([id, label, glyph]) =>
    h('button.wf-tab' + (cur === id ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) },
      ico(glyph, 22), h('span', null, label))));
}

/** A scrolling body agents can address (`scroll:<name>`). */
export function scroller(name, ...children) {
  return h('main.body.wf-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `rides:${name}` }, ...children);
}

/** Return the error banner (in the flow under the header; tap to dismiss) and the transient notice. */
export function banners(api) {
  const { error, notice, dialog } = api.state.ui;
  return [
    error && !dialog ? h('div.wf-error', { 'data-gym': 'error', role: 'alert', onclick: () => api.dispatch({ type: 'dismiss' }) }, error) : null,
    notice ? h('div.wf-notice', { 'data-gym': 'notice', role: 'status' }, notice) : null,
  ];
}

/** Return a row of stars (read-only) for a rating. */
export function starsView(n, size = 16) {
  return h('span.wf-stars', { 'aria-label': `${n} stars` }, [1, 2, 3, 4, 5].map((i) => ico('star', size, i <= n ? '#f2a516' : '#d5d8e0')));
}

/** Return the tappable rating stars (`star:1`..`star:5`) bound to ui.stars. */
export function starPicker(api, fallback = 0) {
  const cur = api.state.ui.stars || fallback || 0;
  return h('div.wf-star-pick', null, [1, 2, 3, 4, 5].map((i) =>
    h('button.wf-star-btn', { 'data-gym': `star:${i}`, 'aria-label': `${i} star${i === 1 ? '' : 's'}`, onclick: () => api.dispatch({ type: 'rate', stars: i }) },
      ico('star', 34, i <= cur ? '#f2a516' : '#d5d8e0'))));
}

/** Return a key/value line. */
export function line(id, label, value, { strong = false } = {}) {
  return h('div.wf-line', { 'data-gym': id },
    h('span.wf-line-label', null, label),
    h('span.wf-line-value' + (strong ? '.strong' : ''), null, value));
}
