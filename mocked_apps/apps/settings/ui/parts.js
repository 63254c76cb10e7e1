// Settings view parts shared by the pages: icons, the app bar, the scroll body, switch and radio rows, cards, errors, the search bar.

import { h, icon } from '../../../runtime/ui/h.js';

/** Icons drawn for this app on a 24×24 grid. */
export const ICONS = {
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  airplane: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 00-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  wifi: 'M12 18a1.8 1.8 0 110 3.6 1.8 1.8 0 010-3.6zM12 13c2.2 0 4.2.9 5.7 2.3l-1.5 1.5A6 6 0 0012 15a6 6 0 00-4.2 1.8l-1.5-1.5A8 8 0 0112 13zm0-4.5c3.4 0 6.5 1.4 8.8 3.6l-1.5 1.5A10.3 10.3 0 0012 10.5c-2.8 0-5.4 1.1-7.3 3.1l-1.5-1.5C5.5 9.9 8.6 8.5 12 8.5zM12 4c4.7 0 8.9 1.9 12 4.9l-1.5 1.5A14.8 14.8 0 0012 6c-4.1 0-7.8 1.6-10.5 4.4L0 8.9C3.1 5.9 7.3 4 12 4z',
  bluetooth: 'M11 2h1l6 5.5-4.6 4.5 4.6 4.5L12 22h-1v-7.6l-4.3 4.3-1.4-1.4L10.6 12 5.3 6.7l1.4-1.4 4.3 4.3zm2 2.9v5.2l2.6-2.6zm0 9v5.2l2.6-2.6z',
  display: 'M12 7a5 5 0 110 10 5 5 0 010-10zM11 1h2v3h-2zm0 19h2v3h-2zM1 11h3v2H1zm19 0h3v2h-3zM4.2 5.6l1.4-1.4 2.1 2.1-1.4 1.4zm12.1 12.1l1.4-1.4 2.1 2.1-1.4 1.4zM4.2 18.4l2.1-2.1 1.4 1.4-2.1 2.1zM16.3 6.3l2.1-2.1 1.4 1.4-2.1 2.1z',
  sound: 'M3 9h4l5-4v14l-5-4H3zm12.5-1.5a6 6 0 010 9l-1.4-1.4a4 4 0 000-6.2zm2.8-2.8a10 10 0 010 14.6l-1.4-1.4a8 8 0 000-11.8z',
  dnd: 'M12 2a10 10 0 110 20 10 10 0 010-20zM7 11v2h10v-2z',
  battery: 'M9 2h6v2h2a1 1 0 011 1v16a1 1 0 01-1 1H7a1 1 0 01-1-1V5a1 1 0 011-1h2zM8 6v14h8V6zm1 6h6v7H9z',
  notifications: 'M12 2a2 2 0 012 2v.3A7 7 0 0119 11v5l2 2v1H3v-1l2-2v-5a7 7 0 015-6.7V4a2 2 0 012-2zm-2 18h4a2 2 0 01-4 0z',
  about: 'M12 2a10 10 0 110 20 10 10 0 010-20zm-1 8v7h2v-7zm0-4v2h2V6z',
  lock: 'M7 10V7a5 5 0 0110 0v3h1a1 1 0 011 1v10a1 1 0 01-1 1H6a1 1 0 01-1-1V11a1 1 0 011-1zm2 0h6V7a3 3 0 00-6 0z',
  chevron: 'M9 5l7 7-7 7-1.4-1.4 5.6-5.6-5.6-5.6z',
  eye: 'M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7zm0 3a4 4 0 100 8 4 4 0 000-8zm0 2a2 2 0 110 4 2 2 0 010-4z',
  gear: 'M10.3 2h3.4l.5 2.6 1.8.8 2.2-1.5 2.4 2.4-1.5 2.2.8 1.8 2.6.5v3.4l-2.6.5-.8 1.8 1.5 2.2-2.4 2.4-2.2-1.5-1.8.8-.5 2.6h-3.4l-.5-2.6-1.8-.8-2.2 1.5-2.4-2.4 1.5-2.2-.8-1.8L2 13.7v-3.4l2.6-.5.8-1.8-1.5-2.2 2.4-2.4 2.2 1.5 1.8-.8zM12 8.5a3.5 3.5 0 100 7 3.5 3.5 0 000-7z',
  minus: 'M5 11h14v2H5z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
};

export function svg(path, { size = 22, color } = {}) { return icon(path, { size, color, evenodd: true }); }

export function header(api, title, { back = true } = {}) {
  return h('header.appbar.st-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg(ICONS.back)) : null,
    h('h1.appbar-title', null, title));
}

export function scrollBody(name, ...children) {
  return h('main.body.st-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `settings:${name}` }, ...children);
}

export function sw(on) {
  return h('div.switch' + (on ? '.on' : ''), null, h('div.knob'));
}

/** A switch row: the whole row toggles. */
export function switchRow(id, title, sub, on, onclick, { disabled = false } = {}) {
  return h('div.st-row.st-switch-row' + (disabled ? '.disabled' : ''), { 'data-gym': id, role: 'switch', 'aria-checked': String(on), onclick },
    h('div.st-row-text', null, h('div.st-row-title', null, title), sub ? h('div.st-row-sub', null, sub) : null), sw(on));
}

export function radioRow(id, label, selected, onclick) {
  return h('div.st-row.st-radio-row', { 'data-gym': id, role: 'radio', 'aria-checked': String(selected), onclick },
    h('span.st-radio' + (selected ? '.on' : '')), h('div.st-row-title', null, label));
}

export function card(...children) {
  return h('div.st-card', null, ...children);
}

export function err(api, key) {
  const e = api.state.ui.errors && api.state.ui.errors[key];
  return e ? h('div.st-error', { 'data-gym': `error:${key}`, role: 'alert' }, e) : null;
}

export function searchBar(api, key, placeholder) {
  return h('div.st-searchbar', null, h('div.st-search', null, svg(ICONS.search, { size: 20, color: '#6b7185' }),
    h('input.st-search-input', { 'data-gym': `field:${key}`, type: 'text', placeholder, value: api.draft(key),
      oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }) })));
}
