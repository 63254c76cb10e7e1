// Cairn's shared view parts: icons, date formats, status chips, people, sprint names, dropdown menus.

import { h } from '../../../runtime/ui/h.js';
import { GLYPHS, MONTHS, avatar, svg, only } from '../../../runtime/ui/kit.js';
import { STATUS_LABEL } from '../lib/constants.js';
import { findSprint, userName } from '../lib/select.js';

/** Icons drawn for Cairn on a 24×24 grid. */
export const ICONS = {
  board: 'M3 4h5v16H3zm6.5 0h5v10h-5zM16 4h5v13h-5z',
  backlog: 'M3 5h18v2H3zm0 6h18v2H3zm0 6h12v2H3z',
  sprint: 'M12 3a9 9 0 019 9h-2a7 7 0 10-2 4.9l-2-2H21v6l-2.1-2.1A9 9 0 1112 3z',
  // generic glyphs from the shared kit
  plus: GLYPHS.plus, close: GLYPHS.close, back: GLYPHS.back, chevron: GLYPHS.chevron,
  up: GLYPHS.up, down: GLYPHS.down, trash: GLYPHS.trash,
  link: 'M10.6 13.4a1 1 0 001.4 0l4.2-4.2a3 3 0 00-4.2-4.2l-1.8 1.8 1.4 1.4 1.8-1.8a1 1 0 011.4 1.4l-4.2 4.2a1 1 0 000 1.4zm2.8-2.8a1 1 0 00-1.4 0l-4.2 4.2a3 3 0 004.2 4.2l1.8-1.8-1.4-1.4-1.8 1.8a1 1 0 01-1.4-1.4l4.2-4.2a1 1 0 000-1.4z',
};

/** Issue-type glyphs: one path each, coloured by type. */
const TYPE_ICON = {
  story: { path: 'M6 3h12v18l-6-4-6 4z', color: '#3b9d5d' },
  bug: { path: 'M12 4a6 6 0 016 6v5a6 6 0 01-12 0v-5a6 6 0 016-6zm-1 5v2h2V9zm0 4v4h2v-4zM3 9h3v2H3zm15 0h3v2h-3zM3 15h3v2H3zm15 0h3v2h-3z', color: '#d24b4b' },
  task: { path: 'M4 4h16v16H4zm4.5 7.5L7 13l3.5 3.5L17 10l-1.5-1.5-5 5z', color: '#3f7fd6' },
  epic: { path: 'M13 2L5 14h6l-1 8 9-13h-6z', color: '#8a5cc9' },
  subtask: { path: 'M4 4h7v7H4zm9 9h7v7h-7zM7 11h2v5h4v2H7z', color: '#5f8fd6' },
};

const PRIORITY_ICON = {
  urgent: { path: 'M12 3l7 7-1.4 1.4L12 5.8l-5.6 5.6L5 10zm0 7l7 7-1.4 1.4-5.6-5.6-5.6 5.6L5 17z', color: '#d23b3b' },
  high: { path: 'M12 7l7 7-1.4 1.4L12 9.8l-5.6 5.6L5 14z', color: '#e0782a' },
  medium: { path: 'M5 9h14v2H5zm0 4h14v2H5z', color: '#d9a21b' },
  low: { path: 'M12 17l-7-7 1.4-1.4 5.6 5.6 5.6-5.6L19 10z', color: '#3f7fd6' },
};

export const typeIcon = (type, size = 15) => svg((TYPE_ICON[type] || TYPE_ICON.task).path, { size, color: (TYPE_ICON[type] || TYPE_ICON.task).color });
export const prioIcon = (p, size = 15) => svg((PRIORITY_ICON[p] || PRIORITY_ICON.medium).path, { size, color: (PRIORITY_ICON[p] || PRIORITY_ICON.medium).color });

export function shortDate(iso) {
  const [, m, d] = String(iso || '').split('-').map(Number);
  return m ? `${MONTHS[m - 1]} ${d}` : '';
}

export function daysBetween(fromIso, toIso) {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86400000);
}

export function statusChip(status) {
  return h(`span.tk-status.tk-st-${status}`, null, STATUS_LABEL[status] || status);
}

export function person(api, id, size = 20) {
  if (!id) return h('span.tk-person.muted', null, h('span.tk-noone', null, '?'), 'Unassigned');
  const name = userName(api.world, id);
  return h('span.tk-person', null, avatar(name, size), name);
}

export function sprintName(data, id) {
  if (!id) return 'Backlog';
  const s = findSprint(data, id);
  return s ? s.name : id;
}

export function projectOf(api) {
  return (api.world.projects || []).find((p) => p.key === api.state.ui.project) || { key: '?', name: '?' };
}

export function dropdown(api, menuId, options, label, onpick, optId) {
  return h('div.tk-menu', { role: 'menu' }, options.map((v) => h('button.tk-menu-item', {
    'data-gym': optId(v), onclick: only(() => onpick(v)) }, label(v))));
}
