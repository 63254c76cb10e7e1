// Cairn's backlog: the filterable, sortable issue table with check boxes and the bulk bar.

import { h } from '../../../runtime/ui/h.js';
import { svg, only } from '../../../runtime/ui/kit.js';
import { STATUSES, STATUS_LABEL, PRIORITIES, PRIORITY_LABEL, TYPE_LABEL, FILTER_FIELDS } from '../lib/constants.js';
import { userName, projectIssues, projectSprints, backlogRows } from '../lib/select.js';
import { ICONS, typeIcon, prioIcon, statusChip, sprintName, dropdown } from './common.js';

function filterLabel(api, f, value) {
  const { data } = api.state;
  if (!value) return 'Any';
  switch (f) {
    case 'type': return TYPE_LABEL[value];
    case 'status': return value === 'open' ? 'Not done' : STATUS_LABEL[value];
    case 'assignee': return value === 'none' ? 'Unassigned' : userName(api.world, value);
    case 'priority': return PRIORITY_LABEL[value];
    case 'sprint': return value === 'none' ? 'Backlog (no sprint)' : sprintName(data, value);
    default: return value;
  }
}

function filterOptions(api, f) {
  const { data, ui } = api.state;
  switch (f) {
    case 'type': return Object.keys(TYPE_LABEL);
    case 'status': return ['open', ...STATUSES];
    case 'assignee': return ['none', ...(api.world.users || []).map((u) => u.id)];
    case 'priority': return PRIORITIES;
    case 'sprint': return ['none', ...projectSprints(data, ui.project).map((s) => s.id)];
    case 'label': return [...new Set(projectIssues(data, ui.project).flatMap((i) => i.labels))].sort();
    default: return [];
  }
}

export function backlog(api) {
  const { data, ui } = api.state;
  const rows = backlogRows(data, ui, api.world);
  const checked = new Set(ui.checked);
  const allChecked = rows.length > 0 && rows.every((r) => checked.has(r.id));
  const head = (col, label, cls = '') => h(`div.tk-th${cls}`, { 'data-gym': `sort:${col}`, role: 'button', onclick: () => api.dispatch({ type: 'sort', col }) },
    label, ui.sort.col === col ? svg(ui.sort.dir === 'asc' ? ICONS.up : ICONS.down, { size: 14 }) : null);
  const filters = FILTER_FIELDS.map((f) => {
    const value = ui.filters[f];
    return h('div.tk-filter-wrap', null,
      h('button.tk-filter' + (value ? '.on' : ''), { 'data-gym': `filter:${f}`, onclick: () => api.dispatch({ type: 'menu', id: `filter:${f}` }) },
        `${f[0].toUpperCase()}${f.slice(1)}: `, h('b', null, filterLabel(api, f, value)), svg(ICONS.chevron, { size: 14 })),
      ui.menu === `filter:${f}` ? dropdown(api, f, ['any', ...filterOptions(api, f)], (v) => (v === 'any' ? 'Any' : filterLabel(api, f, v)),
        (v) => api.dispatch({ type: 'set_filter', field: f, value: v }), (v) => `filter-opt:${f}:${v}`) : null);
  });
  const bulkMenu = (f, options, label) => h('div.tk-filter-wrap', null,
    h('button.tk-filter', { 'data-gym': `bulk:${f}`, onclick: () => api.dispatch({ type: 'menu', id: `bulk:${f}` }) }, label, svg(ICONS.chevron, { size: 14 })),
    ui.menu === `bulk:${f}` ? dropdown(api, f, options, (v) => filterLabel(api, f, v === 'none' && f === 'sprint' ? 'none' : v),
      (v) => api.dispatch({ type: 'bulk_set', field: f, value: v }), (v) => `bulk-opt:${f}:${v}`) : null);
  const openSprints = projectSprints(data, ui.project).filter((s) => s.state !== 'closed').map((s) => s.id);
  return h('div.tk-backlog', null,
    h('div.tk-toolbar', null,
      h('input.tk-input.tk-search', { 'data-gym': 'field:filter-text', type: 'text', value: api.draft('filter-text'), placeholder: 'Filter by key or title',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'filter-text', value: e.target.value }) }),
      filters,
      h('button.tk-link', { 'data-gym': 'btn:clear-filters', onclick: () => api.dispatch({ type: 'clear_filters' }) }, 'Clear')),
    ui.checked.length ? h('div.tk-bulkbar', null,
      h('b', null, `${ui.checked.length} selected`),
      bulkMenu('sprint', ['none', ...openSprints], 'Move to sprint'),
      bulkMenu('assignee', ['none', ...(api.world.users || []).map((u) => u.id)], 'Assign'),
      bulkMenu('priority', PRIORITIES, 'Priority'),
      h('input.tk-input.small', { 'data-gym': 'field:bulk-label', type: 'text', value: api.draft('bulk-label'), placeholder: 'label',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'bulk-label', value: e.target.value }) }),
      h('button.tk-btn.small', { 'data-gym': 'btn:bulk-label', onclick: () => api.dispatch({ type: 'bulk_label' }) }, 'Add label'),
      ui.errors.bulk ? h('span.tk-error', null, ui.errors.bulk) : null,
      h('span.tk-spacer'),
      h('button.tk-link', { 'data-gym': 'btn:clear-checks', onclick: () => api.dispatch({ type: 'clear_checks' }) }, 'Clear selection')) : null,
    h('div.tk-table', null,
      h('div.tk-tr.tk-thead', null,
        h('div.tk-td.tk-check', null, h('button.tk-box' + (allChecked ? '.on' : ''), { 'data-gym': 'check:all', 'aria-label': 'Select all shown',
          onclick: () => api.dispatch({ type: 'check_all' }) }, allChecked ? '✓' : '')),
        head('key', 'Key', '.tk-c-key'), head('type', 'Type', '.tk-c-type'), head('title', 'Title', '.tk-c-title'),
        head('status', 'Status', '.tk-c-status'), head('priority', 'Priority', '.tk-c-prio'), head('assignee', 'Assignee', '.tk-c-who'),
        head('points', 'Pts', '.tk-c-pts'), head('sprint', 'Sprint', '.tk-c-sprint')),
      h('div.tk-tbody', { 'data-gym': 'scroll:backlog', 'data-scroll-key': `tracker:backlog:${ui.project}` },
        rows.length ? rows.map((i) => h('div.tk-tr' + (checked.has(i.id) ? '.checked' : ''), { 'data-gym': `row:${i.id}`, role: 'button',
          onclick: () => api.dispatch({ type: 'open_issue', key: i.id }) },
        h('div.tk-td.tk-check', null, h('button.tk-box' + (checked.has(i.id) ? '.on' : ''), { 'data-gym': `check:${i.id}`, 'aria-label': `Select ${i.id}`,
          onclick: only(() => api.dispatch({ type: 'check', key: i.id })) }, checked.has(i.id) ? '✓' : '')),
        h('div.tk-td.tk-c-key', null, i.id),
        h('div.tk-td.tk-c-type', null, typeIcon(i.type), TYPE_LABEL[i.type]),
        h('div.tk-td.tk-c-title', null, i.title, i.labels.length ? h('span.tk-labels', null, i.labels.map((l) => h('span.tk-label', null, l))) : null),
        h('div.tk-td.tk-c-status', null, statusChip(i.status)),
        h('div.tk-td.tk-c-prio', null, prioIcon(i.priority), PRIORITY_LABEL[i.priority]),
        h('div.tk-td.tk-c-who', null, i.assignee ? userName(api.world, i.assignee) : h('span.muted', null, 'Unassigned')),
        h('div.tk-td.tk-c-pts', null, i.points === null || i.points === undefined ? '–' : String(i.points)),
        h('div.tk-td.tk-c-sprint', null, sprintName(data, i.sprint))))
          : h('div.tk-empty', null, 'No issues match these filters.')),
      h('div.tk-tfoot', { 'data-gym': 'backlog-count' }, `${rows.length} ${rows.length === 1 ? 'issue' : 'issues'} · ${rows.reduce((s, i) => s + (Number(i.points) || 0), 0)} points`)));
}
