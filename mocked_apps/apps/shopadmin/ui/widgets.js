// The back office's shared view pieces: icons, inputs, labelled fields, chips, menus, segmented buttons.

import { h } from '../../../runtime/ui/h.js';
import { GLYPHS, only, svg } from '../../../runtime/ui/kit.js';
import { STATUS_LABEL, ORDER_LABEL } from '../lib/constants.js';
import { vendorName } from '../lib/select.js';

/** Icons drawn for the back office on a 24×24 grid. */
export const ICONS = {
  logo: 'M12 2l8 5v10l-8 5-8-5V7zm0 3L7 8v8l5 3 5-3V8z',
  products: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  low: 'M12 3l10 18H2zm-1 6v6h2V9zm0 8v2h2v-2z',
  orders: 'M6 2h12l2 4v16H4V6zm0 6v12h12V8zm3 2h6v2H9z',
  vendors: 'M3 10l9-6 9 6v2H3zm2 3h2v6H5zm4 0h2v6H9zm4 0h2v6h-2zm4 0h2v6h-2zM3 20h18v2H3z',
  pos: 'M3 6h13v10H3zm13 3h3l2 3v4h-5zM6 17a2 2 0 110 4 2 2 0 010-4zm11 0a2 2 0 110 4 2 2 0 010-4z',
  log: 'M5 3h14v18H5zm3 4v2h8V7zm0 4v2h8v-2zm0 4v2h5v-2z',
  // generic glyphs from the shared kit
  plus: GLYPHS.plus, close: GLYPHS.close, back: GLYPHS.back, chevron: GLYPHS.chevron,
  up: GLYPHS.up, down: GLYPHS.down, search: GLYPHS.search,
};

export function input(api, key, { placeholder = '', cls = '', type = 'text', onenter } = {}) {
  return h(`input.sa-input${cls}`, {
    'data-gym': `field:${key}`, type, placeholder, value: api.draft(key),
    oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }),
    onkeydown: onenter ? (e) => { if (e.key === 'Enter') { e.preventDefault(); onenter(); } } : null,
  });
}

export function labelled(label, node, err) {
  return h('label.sa-field', null, h('span.sa-field-label', null, label), node, err ? h('span.sa-error', null, err) : null);
}

export function statusChip(status) {
  return h(`span.sa-chip.sa-st-${status}`, null, STATUS_LABEL[status] || ORDER_LABEL[status] || status);
}

export function dropdown(options, label, onpick, optId) {
  return h('div.sa-menu', { role: 'menu' }, options.map((v) => h('button.sa-menu-item', {
    'data-gym': optId(v), onclick: only(() => onpick(v)) }, label(v))));
}

export function seg(idPrefix, options, current, onpick, label = (v) => v) {
  return h('div.sa-seg', null, options.map((v) => h('button.sa-seg-btn' + (current === v ? '.on' : ''), {
    'data-gym': `${idPrefix}:${v}`, onclick: () => onpick(v) }, label(v))));
}

export function vendorPicker(api, id, current, onpick) {
  const { data, ui } = api.state;
  return h('div.sa-menu-wrap', null,
    h('button.sa-filter.wide', { 'data-gym': id, onclick: () => api.dispatch({ type: 'menu', id }) }, h('span.sa-grow', null, vendorName(data, current)), svg(ICONS.chevron, { size: 13 })),
    ui.menu === id ? dropdown(data.vendors.map((v) => v.id), (v) => vendorName(data, v), onpick, (v) => `${id}-opt:${v}`) : null);
}
