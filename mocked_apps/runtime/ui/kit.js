// Shared widgets, so every app looks and behaves alike. Each interactive widget
// takes an `id` that becomes its `data-gym` attribute: the element id agents,
// reference solutions and tests address.

import { h, icon } from './h.js';

/** Simple geometric glyphs on a 24×24 grid (drawn for this project). */
export const GLYPHS = {
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  send: 'M3 20l18-8L3 4v6l12 2-12 2z',
  check: 'M9 16l-4-4-1.5 1.5L9 19 21 7l-1.5-1.5z',
  trash: 'M6 7h12l-1 13H7zm3-3h6l1 2H8z',
  edit: 'M4 17v3h3l10-10-3-3zM15 6l3 3 2-2-3-3z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  phone: 'M6 3h4l1 5-2.5 1.5a11 11 0 006 6L16 13l5 1v4a2 2 0 01-2 2A16 16 0 014 5a2 2 0 012-2z',
  chat: 'M4 4h16v12H8l-4 4z',
  more: 'M12 5a2 2 0 110 4 2 2 0 010-4zm0 5a2 2 0 110 4 2 2 0 010-4zm0 5a2 2 0 110 4 2 2 0 010-4z',
  close: 'M6 5l6 6 6-6 1 1-6 6 6 6-1 1-6-6-6 6-1-1 6-6-6-6z',
  chevron: 'M7 9l5 5 5-5 1.4 1.4L12 16.8 5.6 10.4z',
  up: 'M12 6l6 6-1.4 1.4L12 8.8l-4.6 4.6L6 12z',
  down: 'M12 18l-6-6 1.4-1.4 4.6 4.6 4.6-4.6L18 12z',
};

/** Return an icon filled with fill-rule="evenodd" (inner sub-paths cut holes); 16 px unless `size`. */
export function svg(path, { size = 16, color } = {}) { return icon(path, { size, color, evenodd: true }); }

/** Wrap an event handler so the event stops bubbling (e.g. to a clickable row) before `fn(e)` runs. */
export function only(fn) {
  return (e) => {
    e.stopPropagation();
    fn(e);
  };
}

// Date labels the web apps share; they live with the other virtual-time formatters.
export { MONTHS, formatDay, formatStamp } from '../core/clock.js';

/** Return an app bar: optional back button, title, and trailing action buttons. */
export function appBar(api, title, { back = true, actions = [] } = {}) {
  return h('header.appbar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, icon(GLYPHS.back)) : null,
    h('h1.appbar-title', null, title),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, onclick: a.onclick }, icon(GLYPHS[a.glyph] || GLYPHS.more)))));
}

/** Return a scrolling body; `key` keeps its scroll offset across re-renders of the same screen. */
export function body(key, ...children) {
  return h('main.body', { 'data-scroll-key': key }, ...children);
}

/** Return a round avatar with initials, coloured from the name. */
export function avatar(name, size = 40) {
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0].toUpperCase()).join('');
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return h('div.avatar', { style: { width: `${size}px`, height: `${size}px`, background: `hsl(${hue} 45% 55%)` } }, initials);
}

/** Return a list row: leading node, title, subtitle, trailing text. */
export function row({ id, title, subtitle, leading, trailing, onclick, selected }) {
  return h('div.row' + (selected ? '.selected' : ''), { 'data-gym': id, role: 'button', onclick },
    leading || null,
    h('div.row-text', null, h('div.row-title', null, title), subtitle ? h('div.row-sub', null, subtitle) : null),
    trailing !== undefined && trailing !== null ? h('div.row-trail', null, trailing) : null);
}

/** Return a button; kind is "primary" | "secondary" | "danger". */
export function button(label, { id, onclick, kind = 'primary', disabled = false } = {}) {
  return h('button.btn.btn-' + kind, { 'data-gym': id, onclick, disabled }, label);
}

/** Return a labelled text field whose value is the app's draft `key` (ui.drafts). */
export function field(api, key, label, { type = 'text', placeholder = '' } = {}) {
  const value = api.draft(key);
  return h('label.field', null,
    h('span.field-label', null, label),
    h('input.field-input', {
      'data-gym': `field:${key}`, type, placeholder, value,
      oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }),
    }));
}

/** Return a row of tabs; `current` is the selected tab id. */
export function tabs(items, current, onselect) {
  return h('nav.tabs', null, items.map(([id, label]) =>
    h('button.tab' + (id === current ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => onselect(id) }, label)));
}

/** Return a centered placeholder text for empty lists. */
export function empty(text) {
  return h('div.empty', null, text);
}

/** Return a section header. */
export function section(title) {
  return h('div.section', null, title);
}

/** Return a floating action button. */
export function fab(id, glyph, onclick, label = '') {
  return h('button.fab', { 'data-gym': id, 'aria-label': label, onclick }, icon(GLYPHS[glyph] || GLYPHS.plus, { color: '#fff' }));
}

/** Return an on/off switch row. */
export function toggle(id, label, on, onclick) {
  return h('div.row.toggle-row', { 'data-gym': id, role: 'switch', 'aria-checked': String(on), onclick },
    h('div.row-text', null, h('div.row-title', null, label)),
    h('div.switch' + (on ? '.on' : ''), null, h('div.knob')));
}

/** Return a modal dialog with a message and buttons [{id, label, kind, onclick}]. */
export function dialog(title, message, buttons) {
  return h('div.scrim', null, h('div.dialog', { role: 'dialog' },
    h('div.dialog-title', null, title),
    h('div.dialog-msg', null, message),
    h('div.dialog-actions', null, buttons.map((b) => button(b.label, b)))));
}
