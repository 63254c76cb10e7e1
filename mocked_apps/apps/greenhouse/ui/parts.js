// Building blocks of the Verdant screens: glyphs, app bar, notice banner, chips.

import { h, icon } from '../../../runtime/ui/h.js';
import { GLYPHS } from '../../../runtime/ui/kit.js';

/** Glyphs drawn for Verdant on a 24×24 grid. */
export const G = {
  ...GLYPHS,
  leaf: 'M20 4C10 4 4 9 4 16c0 1.5.3 2.8.8 4l1.7-1.2C9 14 12 11 16 9c-3 3-6 6-8 11 9 0 12-6 12-16z',
  share: 'M17 3a3 3 0 11-2.8 4.1L9.9 9.6a3 3 0 010 1.8l4.3 2.5A3 3 0 1113.5 16L9.2 13.4a3 3 0 110-4.8l4.3-2.5A3 3 0 0117 3z',
  bolt: 'M13 2L5 13h6l-1 9 8-11h-6z',
  clock: 'M12 3a9 9 0 110 18 9 9 0 010-18zm0 2a7 7 0 100 14 7 7 0 000-14zm-1 2h2v5l4 2.3-1 1.7-5-3z',
  person: 'M12 4a4 4 0 110 8 4 4 0 010-8zm0 10c4.4 0 8 2 8 4.5V20H4v-1.5C4 16 7.6 14 12 14z',
  info: 'M12 3a9 9 0 110 18 9 9 0 010-18zm-1 7v7h2v-7zm0-4v2h2V6z',
};

/** Return an icon of this app's glyph set. */
export const glyph = (name, opts = {}) => icon(G[name] || G.more, opts);

/** Return the app bar: back button (optional), title + subtitle, icon actions [{id, glyph, label, onclick}]. */
export function bar(api, title, { back = true, sub = null, actions = [] } = {}) {
  return h('header.appbar.gh-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, glyph('back')) : h('span.gh-logo', null, glyph('leaf', { size: 22, color: '#fff' })),
    h('div.gh-bar-title', null, h('h1.appbar-title', null, title), sub ? h('div.gh-bar-sub', null, sub) : null),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, title: a.label, onclick: a.onclick }, glyph(a.glyph)))));
}

/** Return the notice banner of ui.notice (refusals in red), or null. */
export function notice(api) {
  const n = api.state.ui.notice;
  if (!n) return null;
  return h('div.gh-notice.' + (n.kind === 'error' ? 'err' : 'ok'), { 'data-gym': 'notice', role: 'alert' },
    h('span', null, n.text),
    h('button.gh-notice-x', { 'data-gym': 'btn:dismiss', 'aria-label': 'Dismiss', onclick: () => api.dispatch({ type: 'dismiss' }) }, glyph('close', { size: 18 })));
}

/** Return a row of selectable chips: items [{id, label, value, active, onclick, disabled}]. */
export function chips(items, { cols = 0, cls = '' } = {}) {
  return h('div.gh-chips' + (cls ? `.${cls}` : ''), cols ? { style: { gridTemplateColumns: `repeat(${cols}, 1fr)` } } : null,
    items.map((it) => h('button.gh-chip' + (it.active ? '.active' : ''), {
      'data-gym': it.id, onclick: it.onclick, disabled: it.disabled || false, 'aria-pressed': String(Boolean(it.active)),
    }, it.label)));
}

/** Return a "lo–hi unit" label for a range. */
export const rangeLabel = (r, unit) => `${r[0]}–${r[1]}${unit}`;

/** Return the intersection [lo, hi] of the ranges, or null when they do not overlap (or none). */
export function overlap(ranges) {
  if (!ranges.length) return null;
  const lo = Math.max(...ranges.map((r) => r[0]));
  const hi = Math.min(...ranges.map((r) => r[1]));
  return lo <= hi ? [lo, hi] : null;
}
