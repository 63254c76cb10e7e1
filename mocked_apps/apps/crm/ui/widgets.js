// Tidewell's shared view pieces: icons, inputs and fields, segmented buttons, menus, chips, owners, key-value rows.

import { h } from '../../../runtime/ui/h.js';
import { GLYPHS, avatar, svg, only } from '../../../runtime/ui/kit.js';
import { LEAD_LABEL, STAGE_LABEL } from '../lib/constants.js';
import { userName } from '../lib/select.js';

/** Icons drawn for Tidewell on a 24×24 grid. */
export const ICONS = {
  logo: 'M2 14c3-4 6-4 10 0s7 4 10 0v4c-3 4-6 4-10 0s-7-4-10 0zm0-7c3-4 6-4 10 0s7 4 10 0v4c-3 4-6 4-10 0S5 7 2 11z',
  leads: 'M12 3a4 4 0 110 8 4 4 0 010-8zM4 20c0-4 4-6 8-6s8 2 8 6zm14-13h4v2h-4z',
  accounts: 'M4 21V5l8-3 8 3v16h-6v-5h-4v5zm4-13v2h2V8zm6 0v2h2V8zm-6 4v2h2v-2zm6 0v2h2v-2z',
  contacts: 'M5 3h14v18H5zm7 4a3 3 0 100 6 3 3 0 000-6zm-4 11h8c0-2-2-3-4-3s-4 1-4 3z',
  opps: 'M3 17l6-6 4 4 8-8v5h2V4h-8v2h5l-7 7-4-4-7 7z',
  pipeline: 'M3 4h4v16H3zm6 3h4v13H9zm6 4h4v9h-4z',
  // generic glyphs from the shared kit
  search: GLYPHS.search, plus: GLYPHS.plus, close: GLYPHS.close, back: GLYPHS.back,
  chevron: GLYPHS.chevron, up: GLYPHS.up, down: GLYPHS.down, check: GLYPHS.check,
};

export function input(api, key, { placeholder = '', cls = '', onenter } = {}) {
  return h(`input.cr-input${cls}`, {
    'data-gym': `field:${key}`, type: 'text', placeholder, value: api.draft(key),
    oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }),
    onkeydown: onenter ? (e) => { if (e.key === 'Enter') { e.preventDefault(); onenter(); } } : null,
  });
}

export function textarea(api, key, placeholder = '') {
  return h('textarea.cr-input.cr-area', {
    'data-gym': `field:${key}`, placeholder, value: api.draft(key),
    oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }),
  });
}

export function fieldBox(label, node, err, required = false) {
  return h('label.cr-field', null, h('span.cr-label', null, label, required ? h('span.cr-req', null, ' *') : null), node,
    err ? h('span.cr-error', { 'data-gym': 'error' }, err) : null);
}

export function seg(idPrefix, options, current, onpick, label = (v) => v) {
  return h('div.cr-seg', null, options.map((v) => h('button.cr-seg-btn' + (current === v ? '.on' : ''), {
    'data-gym': `${idPrefix}:${v}`, onclick: () => onpick(v) }, label(v))));
}

export function dropdown(options, label, onpick, optId) {
  return h('div.cr-menu', { role: 'menu' }, options.map((v) => h('button.cr-menu-item', {
    'data-gym': optId(v), onclick: only(() => onpick(v)) }, label(v))));
}

export function menuButton(api, id, text, options, label, onpick, optId, cls = '') {
  return h('div.cr-menu-wrap', null,
    h(`button.cr-filter${cls}`, { 'data-gym': id, onclick: () => api.dispatch({ type: 'menu', id }) }, text, svg(ICONS.chevron, { size: 13 })),
    api.state.ui.menu === id ? dropdown(options, label, onpick, optId) : null);
}

export function leadChip(status) {
  return h(`span.cr-chip.cr-ls-${status}`, null, LEAD_LABEL[status] || status);
}

export function stageChip(stage) {
  return h(`span.cr-chip.cr-st-${stage}`, null, STAGE_LABEL[stage] || stage);
}

export function owner(api, id) {
  const name = userName(api.world, id);
  return h('span.cr-owner', null, avatar(name, 20), name);
}

export function kv(label, value, id) {
  return h('div.cr-kv', id ? { 'data-gym': id } : null, h('span.cr-kv-label', null, label), h('span.cr-kv-value', null, value ?? '—'));
}
