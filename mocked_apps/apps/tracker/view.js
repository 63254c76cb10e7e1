// Cairn's desktop view: a left rail (projects and views), a top bar (breadcrumb, create), and the
// board, backlog table, sprints list or an issue's detail page. Every actionable element has a data-gym id.

import { h, icon } from '../../runtime/ui/h.js';
import { avatar, dialog, field } from '../../runtime/ui/kit.js';
import {
  STATUSES, STATUS_LABEL, PRIORITIES, PRIORITY_LABEL, TYPE_LABEL, WORK_TYPES, TRANSITIONS, FILTER_FIELDS,
  findIssue, findSprint, userName, projectSprints, activeSprint, nextSprint, sprintIssues, sprintPoints, sprintDonePoints,
  subtasksOf, epicChildren, blockersOf, blockingOf, backlogRows, projectIssues,
} from './logic.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Icons drawn for Cairn on a 24×24 grid. */
const ICONS = {
  board: 'M3 4h5v16H3zm6.5 0h5v10h-5zM16 4h5v13h-5z',
  backlog: 'M3 5h18v2H3zm0 6h18v2H3zm0 6h12v2H3z',
  sprint: 'M12 3a9 9 0 019 9h-2a7 7 0 10-2 4.9l-2-2H21v6l-2.1-2.1A9 9 0 1112 3z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  close: 'M6 5l6 6 6-6 1 1-6 6 6 6-1 1-6-6-6 6-1-1 6-6-6-6z',
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  chevron: 'M7 9l5 5 5-5 1.4 1.4L12 16.8 5.6 10.4z',
  up: 'M12 6l6 6-1.4 1.4L12 8.8l-4.6 4.6L6 12z',
  down: 'M12 18l-6-6 1.4-1.4 4.6 4.6 4.6-4.6L18 12z',
  trash: 'M6 7h12l-1 13H7zm3-3h6l1 2H8z',
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

function svg(path, { size = 16, color } = {}) { return icon(path, { size, color, evenodd: true }); }

const typeIcon = (type, size = 15) => svg((TYPE_ICON[type] || TYPE_ICON.task).path, { size, color: (TYPE_ICON[type] || TYPE_ICON.task).color });
const prioIcon = (p, size = 15) => svg((PRIORITY_ICON[p] || PRIORITY_ICON.medium).path, { size, color: (PRIORITY_ICON[p] || PRIORITY_ICON.medium).color });

function only(fn) {
  return (e) => {
    e.stopPropagation();
    fn(e);
  };
}

function shortDate(iso) {
  const [, m, d] = String(iso || '').split('-').map(Number);
  return m ? `${MONTHS[m - 1]} ${d}` : '';
}

function stamp(ms) {
  const d = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function daysBetween(fromIso, toIso) {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86400000);
}

function statusChip(status) {
  return h(`span.tk-status.tk-st-${status}`, null, STATUS_LABEL[status] || status);
}

function person(api, id, size = 20) {
  if (!id) return h('span.tk-person.muted', null, h('span.tk-noone', null, '?'), 'Unassigned');
  const name = userName(api.world, id);
  return h('span.tk-person', null, avatar(name, size), name);
}

function sprintName(data, id) {
  if (!id) return 'Backlog';
  const s = findSprint(data, id);
  return s ? s.name : id;
}

// ------------------------------------------------------------------ chrome

function rail(api) {
  const { ui } = api.state;
  const projects = api.world.projects || [];
  const views = [['board', 'Board', ICONS.board], ['backlog', 'Backlog', ICONS.backlog], ['sprints', 'Sprints', ICONS.sprint]];
  return h('aside.tk-rail', null,
    h('div.tk-brand', null, svg('M12 3l9 16H3zm0 5l-4.5 8h9z', { size: 22, color: '#f0c36b' }), h('span', null, 'Cairn')),
    h('div.tk-rail-head', null, 'Projects'),
    projects.map((p) => h('div.tk-rail-item' + (p.key === ui.project ? '.active' : ''), {
      'data-gym': `project:${p.key}`, role: 'button', onclick: () => api.dispatch({ type: 'select_project', key: p.key }),
    }, h('span.tk-proj-dot', { style: { background: p.color } }, p.key[0]), h('span.tk-rail-label', null, p.name))),
    h('div.tk-rail-head', null, 'Views'),
    views.map(([id, label, glyph]) => h('div.tk-rail-item' + (ui.screen === id ? '.active' : ''), {
      'data-gym': `view:${id}`, role: 'button', onclick: () => api.dispatch({ type: 'view', screen: id }),
    }, svg(glyph, { size: 16 }), h('span.tk-rail-label', null, label))),
    h('div.tk-rail-foot', null, avatar(userName(api.world, api.state.data.me), 24), h('span', null, userName(api.world, api.state.data.me))));
}

function topBar(api, crumbs) {
  return h('div.tk-top', null,
    h('div.tk-crumbs', null, crumbs.map((c, i) => [i ? h('span.tk-crumb-sep', null, '/') : null, h('span.tk-crumb', null, c)])),
    h('div.tk-spacer'),
    h('button.tk-btn', { 'data-gym': 'btn:create-issue', onclick: () => api.dispatch({ type: 'new_issue' }) }, svg(ICONS.plus, { size: 16, color: '#fff' }), 'Create issue'));
}

function noticeBar(api) {
  const text = api.state.ui.notice;
  if (!text) return null;
  return h('div.tk-notice', { 'data-gym': 'notice', role: 'status' }, h('span', null, text),
    h('button.tk-x', { 'data-gym': 'btn:dismiss', 'aria-label': 'Dismiss', onclick: () => api.dispatch({ type: 'dismiss' }) }, svg(ICONS.close, { size: 14 })));
}

function projectOf(api) {
  return (api.world.projects || []).find((p) => p.key === api.state.ui.project) || { key: '?', name: '?' };
}

// ------------------------------------------------------------------ board

function card(api, issue) {
  const { ui } = api.state;
  const selected = ui.selected === issue.id;
  const parent = issue.parent ? findIssue(api.state.data, issue.parent) : null;
  return h('div.tk-card' + (selected ? '.selected' : ''), { 'data-gym': `card:${issue.id}`, role: 'button',
    onclick: () => api.dispatch({ type: 'select_card', key: issue.id }) },
  parent ? h('div.tk-card-parent', null, `${parent.id} · ${parent.title}`) : null,
  h('div.tk-card-title', null, issue.title),
  h('div.tk-card-foot', null,
    typeIcon(issue.type), h('span.tk-card-key', null, issue.id), prioIcon(issue.priority),
    issue.points !== null && issue.points !== undefined ? h('span.tk-pts', { title: 'Story points' }, String(issue.points)) : null,
    h('span.tk-spacer'),
    issue.assignee ? avatar(userName(api.world, issue.assignee), 22) : h('span.tk-noone', { title: 'Unassigned' }, '?')),
  selected ? h('div.tk-card-actions', null,
    h('button.tk-mini', { 'data-gym': `open:${issue.id}`, onclick: only(() => api.dispatch({ type: 'open_issue', key: issue.id })) }, 'Open'),
    TRANSITIONS[issue.status].map((to) => h('button.tk-mini.move', { 'data-gym': `move:${issue.id}:${to}`,
      onclick: only(() => api.dispatch({ type: 'move', key: issue.id, to })) }, `→ ${STATUS_LABEL[to]}`))) : null);
}

function board(api) {
  const { data, ui } = api.state;
  const sprint = activeSprint(data, ui.project);
  if (!sprint) {
    return h('div.tk-empty', null, 'No active sprint in this project. Start one from ',
      h('button.tk-link', { 'data-gym': 'link:sprints', onclick: () => api.dispatch({ type: 'view', screen: 'sprints' }) }, 'Sprints'), '.');
  }
  const issues = sprintIssues(data, sprint.id).filter((i) => i.type !== 'epic');
  const total = sprintPoints(data, sprint.id);
  const done = sprintDonePoints(data, sprint.id);
  const left = daysBetween(new Date(api.now).toISOString().slice(0, 10), sprint.end);
  const selected = ui.selected ? findIssue(data, ui.selected) : null;
  return h('div.tk-board-wrap', null,
    h('div.tk-sprint-bar', null,
      h('div', null,
        h('div.tk-sprint-name', { 'data-gym': 'sprint-title' }, sprint.name),
        h('div.tk-sprint-sub', null, `${shortDate(sprint.start)} – ${shortDate(sprint.end)} · ${left >= 0 ? `${left} days left` : 'overdue'}${sprint.goal ? ` · Goal: ${sprint.goal}` : ''}`)),
      h('div.tk-spacer'),
      h('div.tk-sprint-pts', { 'data-gym': 'sprint-points' }, h('b', null, String(total)), ' points · ', h('b', null, String(done)), ' done'),
      h('button.tk-btn.secondary', { 'data-gym': 'btn:complete-sprint', onclick: () => api.dispatch({ type: 'complete_sprint', id: sprint.id }) }, 'Complete sprint')),
    selected ? h('div.tk-hint-bar', null, `${selected.id} selected: click a column to move it there, or use the buttons on the card.`) : null,
    h('div.tk-board', null, STATUSES.map((st) => {
      const list = issues.filter((i) => i.status === st);
      const target = selected && selected.status !== st;
      return h('div.tk-col' + (target ? '.target' : ''), null,
        h('div.tk-col-head', { 'data-gym': `col:${st}`, role: 'button',
          onclick: () => (selected ? api.dispatch({ type: 'move', key: selected.id, to: st }) : null) },
        h('span', null, STATUS_LABEL[st]), h('span.tk-count', null, String(list.length)),
        target ? h('span.tk-drop', null, 'Move here') : null),
        h('div.tk-col-body', { 'data-gym': `scroll:col-${st}`, 'data-scroll-key': `tracker:col:${ui.project}:${st}` },
          list.length ? list.map((i) => card(api, i)) : h('div.tk-col-empty', null, 'Nothing here')));
    })));
}

// ------------------------------------------------------------------ backlog

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

function dropdown(api, menuId, options, label, onpick, optId) {
  return h('div.tk-menu', { role: 'menu' }, options.map((v) => h('button.tk-menu-item', {
    'data-gym': optId(v), onclick: only(() => onpick(v)) }, label(v))));
}

function backlog(api) {
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

// ------------------------------------------------------------------ sprints

function sprints(api) {
  const { data, ui } = api.state;
  const list = projectSprints(data, ui.project);
  const active = activeSprint(data, ui.project);
  const next = nextSprint(data, ui.project);
  return h('div.tk-sprints', { 'data-gym': 'scroll:sprints', 'data-scroll-key': `tracker:sprints:${ui.project}` }, list.map((s) => {
    const issues = sprintIssues(data, s.id);
    const open = issues.filter((i) => i.status !== 'done').length;
    return h('div.tk-sprint-card', { 'data-gym': `sprint:${s.id}` },
      h('div.tk-sprint-card-head', null,
        h('span.tk-sprint-name', null, s.name), h(`span.tk-state.tk-state-${s.state}`, null, s.state === 'active' ? 'Active' : s.state === 'planned' ? 'Planned' : 'Closed'),
        h('span.tk-sprint-sub', null, `${shortDate(s.start)} – ${shortDate(s.end)}`),
        h('span.tk-spacer'),
        s.state === 'active' ? h('button.tk-btn.secondary.small', { 'data-gym': 'btn:complete-sprint', onclick: () => api.dispatch({ type: 'complete_sprint', id: s.id }) }, 'Complete sprint') : null,
        s.state === 'planned' && !active && next && next.id === s.id ? h('button.tk-btn.small', { 'data-gym': `start:${s.id}`, onclick: () => api.dispatch({ type: 'start_sprint', id: s.id }) }, 'Start sprint') : null),
      s.goal ? h('div.tk-sprint-goal', null, `Goal: ${s.goal}`) : null,
      h('div.tk-sprint-stats', null,
        h('span', { 'data-gym': `sprint-total:${s.id}` }, h('b', null, String(sprintPoints(data, s.id))), ' points'),
        h('span', null, h('b', null, String(sprintDonePoints(data, s.id))), ' done'),
        h('span', null, h('b', null, String(issues.length)), ` ${issues.length === 1 ? 'issue' : 'issues'} (${open} open)`),
        s.committed !== undefined ? h('span', null, 'Committed at start: ', h('b', null, String(s.committed))) : null,
        s.completed ? h('span', null, `Completed ${shortDate(s.completed)}`) : null,
        h('button.tk-link', { 'data-gym': `sprint-issues:${s.id}`, onclick: () => {
          api.dispatch({ type: 'view', screen: 'backlog' });
          api.dispatch({ type: 'set_filter', field: 'sprint', value: s.id });
        } }, 'Show issues')));
  }));
}

// ------------------------------------------------------------------ issue detail

function issueLinkRow(api, issue, extra) {
  return h('div.tk-linkrow', { 'data-gym': `issue-link:${issue.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_issue', key: issue.id }) },
    typeIcon(issue.type), h('span.tk-card-key', null, issue.id), h('span.tk-linkrow-title', null, issue.title), statusChip(issue.status), extra || null);
}

function textEditor(api, fieldName, placeholder) {
  const err = api.state.ui.errors[fieldName];
  return h('div.tk-inline-edit', null,
    h('input.tk-input', { 'data-gym': `field:${fieldName}`, type: 'text', value: api.draft(fieldName), placeholder,
      oninput: (e) => api.dispatch({ type: '@draft', key: fieldName, value: e.target.value }),
      onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'save_field', field: fieldName }); } } }),
    h('button.tk-btn.small', { 'data-gym': `btn:save-${fieldName}`, onclick: () => api.dispatch({ type: 'save_field', field: fieldName }) }, 'Save'),
    h('button.tk-btn.secondary.small', { 'data-gym': 'btn:cancel-field', onclick: () => api.dispatch({ type: 'cancel_field' }) }, 'Cancel'),
    err ? h('div.tk-error', { 'data-gym': `error:${fieldName}` }, err) : null);
}

function fieldRow(api, issue, name, label, display, options) {
  const { ui } = api.state;
  const editable = Boolean(options);
  return h('div.tk-field', null,
    h('div.tk-field-label', null, label),
    h('div.tk-field-value' + (editable ? '.editable' : ''), editable ? { 'data-gym': `edit:${name}`, role: 'button',
      onclick: () => api.dispatch({ type: 'edit_field', field: name }) } : null, display),
    editable && ui.editField === name && Array.isArray(options) ? h('div.tk-menu.inline', { role: 'menu' }, options.map(([v, text]) =>
      h('button.tk-menu-item', { 'data-gym': `option:${name}:${v}`, onclick: () => api.dispatch({ type: 'set_field', field: name, value: v }) }, text))) : null,
    editable && ui.editField === name && options === 'text' ? textEditor(api, name, label) : null);
}

function issuePage(api) {
  const { data, ui } = api.state;
  const issue = findIssue(data, ui.issue);
  if (!issue) return h('div.tk-empty', null, 'This issue no longer exists.');
  const users = api.world.users || [];
  const work = WORK_TYPES.includes(issue.type);
  const subs = subtasksOf(data, issue.id);
  const children = issue.type === 'epic' ? epicChildren(data, issue.id) : [];
  const blockers = blockersOf(data, issue.id);
  const blocking = blockingOf(data, issue.id);
  const comments = data.comments.filter((c) => c.issue === issue.id).sort((a, b) => a.ts - b.ts);
  const history = data.history.filter((x) => x.issue === issue.id).slice().reverse();
  const parent = issue.parent ? findIssue(data, issue.parent) : null;
  const epic = issue.epic ? findIssue(data, issue.epic) : null;
  const openSprints = projectSprints(data, issue.project).filter((s) => s.state !== 'closed');
  const epics = data.issues.filter((i) => i.type === 'epic' && i.project === issue.project);
  const left = h('div.tk-issue-main', { 'data-gym': 'scroll:issue', 'data-scroll-key': `tracker:issue:${issue.id}` },
    h('div.tk-issue-crumbs', null,
      h('button.tk-link', { 'data-gym': 'btn:close-issue', onclick: () => api.dispatch({ type: 'close_issue' }) }, svg(ICONS.back, { size: 14 }), 'Back'),
      parent ? [h('span.tk-crumb-sep', null, '/'), h('button.tk-link', { 'data-gym': `issue-link:${parent.id}`, onclick: () => api.dispatch({ type: 'open_issue', key: parent.id }) }, parent.id)] : null,
      h('span.tk-crumb-sep', null, '/'), typeIcon(issue.type), h('b', { 'data-gym': 'issue-key' }, issue.id),
      h('span.tk-spacer'),
      h('button.tk-btn.danger.small', { 'data-gym': 'btn:delete-issue', onclick: () => api.dispatch({ type: 'delete_issue', key: issue.id }) },
        svg(ICONS.trash, { size: 14, color: '#fff' }), 'Delete')),
    ui.editField === 'title' ? textEditor(api, 'title', 'Title')
      : h('h1.tk-issue-title', { 'data-gym': 'edit:title', role: 'button', onclick: () => api.dispatch({ type: 'edit_field', field: 'title' }) }, issue.title),
    h('div.tk-section-head', null, 'Description'),
    ui.editField === 'description' ? textEditor(api, 'description', 'Add a description')
      : h('div.tk-desc' + (issue.description ? '' : '.muted'), { 'data-gym': 'edit:description', role: 'button', onclick: () => api.dispatch({ type: 'edit_field', field: 'description' }) },
        issue.description || 'Add a description…'),
    issue.type === 'epic' ? [h('div.tk-section-head', null, `Issues in this epic (${children.filter((c) => c.status === 'done').length}/${children.length} done)`),
      children.map((c) => issueLinkRow(api, c))] : null,
    work ? [h('div.tk-section-head', null, `Subtasks (${subs.length})`,
      h('button.tk-link', { 'data-gym': 'btn:add-subtask', onclick: () => api.dispatch({ type: 'start_subtask' }) }, '+ Add subtask')),
    subs.map((s) => issueLinkRow(api, s)),
    ui.addingSubtask ? h('div.tk-inline-edit', null,
      h('input.tk-input', { 'data-gym': 'field:subtask-title', type: 'text', value: api.draft('subtask-title'), placeholder: 'Subtask title',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'subtask-title', value: e.target.value }) }),
      h('button.tk-btn.small', { 'data-gym': 'btn:save-subtask', onclick: () => api.dispatch({ type: 'save_subtask' }) }, 'Add'),
      h('button.tk-btn.secondary.small', { 'data-gym': 'btn:cancel-subtask', onclick: () => api.dispatch({ type: 'cancel_subtask' }) }, 'Cancel'),
      ui.errors.subtask ? h('div.tk-error', null, ui.errors.subtask) : null) : null] : null,
    h('div.tk-section-head', null, 'Links',
      h('button.tk-link', { 'data-gym': 'btn:add-link', onclick: () => api.dispatch({ type: 'start_link' }) }, '+ Link issue')),
    blockers.length ? [h('div.tk-link-kind', null, 'Is blocked by'), blockers.map((b) => issueLinkRow(api, b.issue,
      h('button.tk-x', { 'data-gym': `unlink:${b.link.id}`, 'aria-label': 'Remove link', onclick: only(() => api.dispatch({ type: 'unlink', id: b.link.id })) }, svg(ICONS.close, { size: 12 }))))] : null,
    blocking.length ? [h('div.tk-link-kind', null, 'Blocks'), blocking.map((b) => issueLinkRow(api, b.issue,
      h('button.tk-x', { 'data-gym': `unlink:${b.link.id}`, 'aria-label': 'Remove link', onclick: only(() => api.dispatch({ type: 'unlink', id: b.link.id })) }, svg(ICONS.close, { size: 12 }))))] : null,
    !blockers.length && !blocking.length && !ui.linking ? h('div.tk-muted-line', null, 'No links.') : null,
    ui.linking ? h('div.tk-inline-edit', null,
      h('div.tk-seg', null,
        h('button.tk-seg-btn' + (ui.linkKind === 'blocks' ? '.on' : ''), { 'data-gym': 'link-kind:blocks', onclick: () => api.dispatch({ type: 'link_kind', kind: 'blocks' }) }, `${issue.id} blocks…`),
        h('button.tk-seg-btn' + (ui.linkKind === 'blocked_by' ? '.on' : ''), { 'data-gym': 'link-kind:blocked_by', onclick: () => api.dispatch({ type: 'link_kind', kind: 'blocked_by' }) }, `${issue.id} is blocked by…`)),
      h('input.tk-input.small', { 'data-gym': 'field:link-key', type: 'text', value: api.draft('link-key'), placeholder: 'Issue key, e.g. TRK-7',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'link-key', value: e.target.value }) }),
      h('button.tk-btn.small', { 'data-gym': 'btn:save-link', onclick: () => api.dispatch({ type: 'save_link' }) }, 'Link'),
      h('button.tk-btn.secondary.small', { 'data-gym': 'btn:cancel-link', onclick: () => api.dispatch({ type: 'cancel_link' }) }, 'Cancel'),
      ui.errors.link ? h('div.tk-error', { 'data-gym': 'error:link' }, ui.errors.link) : null) : null,
    h('div.tk-section-head', null, `Comments (${comments.length})`),
    comments.map((c) => h('div.tk-comment', { 'data-gym': `comment:${c.id}` },
      avatar(userName(api.world, c.author), 26),
      h('div.tk-comment-body', null,
        h('div.tk-comment-head', null, h('b', null, userName(api.world, c.author)), h('span.muted', null, stamp(c.ts)),
          c.author === data.me ? h('button.tk-link.danger', { 'data-gym': `delete-comment:${c.id}`, onclick: () => api.dispatch({ type: 'delete_comment', id: c.id }) }, 'Delete') : null),
        h('div', null, c.text)))),
    h('div.tk-comment-new', null,
      h('input.tk-input', { 'data-gym': 'field:comment', type: 'text', value: api.draft('comment'), placeholder: 'Add a comment…',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'comment', value: e.target.value }),
        onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'add_comment' }); } } }),
      h('button.tk-btn.small', { 'data-gym': 'btn:add-comment', onclick: () => api.dispatch({ type: 'add_comment' }) }, 'Comment')),
    h('div.tk-section-head', null, 'History'),
    history.map((x) => h('div.tk-history', null, h('span.muted', null, stamp(x.ts)), ' ', h('b', null, userName(api.world, x.by)), ' ',
      x.field === 'created' ? 'created the issue' : `changed ${x.field}: ${x.from ?? '—'} → ${x.to ?? '—'}`)),
    h('div.tk-history', null, h('span.muted', null, issue.created), ' ', h('b', null, userName(api.world, issue.reporter)), ' reported the issue'));
  const right = h('div.tk-issue-side', null,
    h('div.tk-field-label', null, 'Status'),
    h('div.tk-status-seg', null, STATUSES.map((st) => h('button.tk-seg-btn' + (issue.status === st ? '.on' : ''), {
      'data-gym': `status:${st}`, onclick: () => api.dispatch({ type: 'move', key: issue.id, to: st }) }, STATUS_LABEL[st]))),
    fieldRow(api, issue, 'assignee', 'Assignee', person(api, issue.assignee), [['none', 'Unassigned'], ...users.map((u) => [u.id, u.name])]),
    fieldRow(api, issue, 'reporter', 'Reporter', person(api, issue.reporter), null),
    fieldRow(api, issue, 'priority', 'Priority', h('span.tk-person', null, prioIcon(issue.priority), PRIORITY_LABEL[issue.priority]), PRIORITIES.map((p) => [p, PRIORITY_LABEL[p]])),
    fieldRow(api, issue, 'type', 'Type', h('span.tk-person', null, typeIcon(issue.type), TYPE_LABEL[issue.type]), work ? WORK_TYPES.map((t) => [t, TYPE_LABEL[t]]) : null),
    fieldRow(api, issue, 'points', 'Story points', issue.points === null || issue.points === undefined ? h('span.muted', null, work ? 'Not estimated' : '—') : String(issue.points), work ? 'text' : null),
    fieldRow(api, issue, 'sprint', 'Sprint', sprintName(data, issue.sprint), issue.type === 'epic' || issue.parent ? null
      : [['none', 'Backlog (no sprint)'], ...openSprints.map((s) => [s.id, `${s.name}${s.state === 'active' ? ' (active)' : ''}`])]),
    work ? fieldRow(api, issue, 'epic', 'Epic', epic ? `${epic.id} · ${epic.title}` : h('span.muted', null, 'None'), [['none', 'None'], ...epics.map((e) => [e.id, `${e.id} · ${e.title}`])]) : null,
    h('div.tk-field', null, h('div.tk-field-label', null, 'Labels'),
      h('div.tk-labels.wrap', null, issue.labels.length ? issue.labels.map((l) => h('span.tk-label.big', null, l,
        h('button.tk-label-x', { 'data-gym': `label-remove:${l}`, 'aria-label': `Remove label ${l}`, onclick: () => api.dispatch({ type: 'remove_label', label: l }) }, '×')))
        : h('span.muted', null, 'None')),
      h('div.tk-inline-edit.row', null,
        h('input.tk-input.small', { 'data-gym': 'field:label', type: 'text', value: api.draft('label'), placeholder: 'Add label',
          oninput: (e) => api.dispatch({ type: '@draft', key: 'label', value: e.target.value }),
          onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'add_label' }); } } }),
        h('button.tk-btn.small', { 'data-gym': 'btn:add-label', onclick: () => api.dispatch({ type: 'add_label' }) }, 'Add')),
      ui.errors.label ? h('div.tk-error', null, ui.errors.label) : null),
    h('div.tk-field', null, h('div.tk-field-label', null, 'Created'), h('div.tk-field-value', null, issue.created)));
  return h('div.tk-issue', null, left, right);
}

// ------------------------------------------------------------------ dialogs

function seg(api, name, options, current, onpick) {
  return h('div.tk-seg', null, options.map(([v, label]) => h('button.tk-seg-btn' + (current === v ? '.on' : ''), {
    'data-gym': `new-${name}:${v}`, onclick: () => onpick(v) }, label)));
}

function createDialog(api) {
  const { data, ui } = api.state;
  const n = ui.newIssue || {};
  const err = (k) => (ui.errors[k] ? h('div.tk-error', { 'data-gym': `error:${k}` }, ui.errors[k]) : null);
  const set = (f) => (v) => api.dispatch({ type: 'new_set', field: f, value: v });
  const openSprints = projectSprints(data, ui.project).filter((s) => s.state !== 'closed');
  return h('div.tk-scrim', null, h('div.tk-dialog', { role: 'dialog' },
    h('div.tk-dialog-title', null, `Create issue in ${projectOf(api).name}`),
    field(api, 'new-title', 'Title'), err('title'),
    h('div.tk-form-row', null, h('span.tk-form-label', null, 'Type'), seg(api, 'type', WORK_TYPES.map((t) => [t, TYPE_LABEL[t]]), n.type, set('type'))),
    h('div.tk-form-row', null, h('span.tk-form-label', null, 'Priority'), seg(api, 'priority', PRIORITIES.map((p) => [p, PRIORITY_LABEL[p]]), n.priority, set('priority'))),
    h('div.tk-form-row', null, h('span.tk-form-label', null, 'Assignee'),
      h('div.tk-filter-wrap', null,
        h('button.tk-filter', { 'data-gym': 'new-assignee', onclick: () => api.dispatch({ type: 'menu', id: 'new-assignee' }) },
          n.assignee ? userName(api.world, n.assignee) : 'Unassigned', svg(ICONS.chevron, { size: 14 })),
        ui.menu === 'new-assignee' ? dropdown(api, 'assignee', ['none', ...(api.world.users || []).map((u) => u.id)],
          (v) => (v === 'none' ? 'Unassigned' : userName(api.world, v)), set('assignee'), (v) => `new-assignee-opt:${v}`) : null)),
    h('div.tk-form-row', null, h('span.tk-form-label', null, 'Sprint'),
      seg(api, 'sprint', [['none', 'Backlog'], ...openSprints.map((s) => [s.id, s.name])], n.sprint || 'none', set('sprint'))),
    err('sprint'),
    h('div.tk-form-grid', null,
      h('div', null, field(api, 'new-points', 'Story points (0, 1, 2, 3, 5, 8, 13, 21)'), err('points')),
      h('div', null, field(api, 'new-labels', 'Labels (comma separated)'), err('labels'))),
    field(api, 'new-description', 'Description'),
    h('div.tk-dialog-btns', null,
      h('button.tk-btn.secondary', { 'data-gym': 'btn:cancel', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Cancel'),
      h('button.tk-btn', { 'data-gym': 'btn:create', onclick: () => api.dispatch({ type: 'create_issue' }) }, 'Create'))));
}

function completeDialog(api) {
  const { data, ui } = api.state;
  const sprint = findSprint(data, ui.target);
  if (!sprint) return null;
  const issues = sprintIssues(data, sprint.id);
  const open = issues.filter((i) => i.status !== 'done');
  const next = nextSprint(data, sprint.project);
  return h('div.tk-scrim', null, h('div.tk-dialog.narrow', { role: 'dialog' },
    h('div.tk-dialog-title', null, `Complete ${sprint.name}`),
    h('div.tk-dialog-text', null, `${issues.length - open.length} issues are done. ${open.length} ${open.length === 1 ? 'issue is' : 'issues are'} not done (${open.reduce((s, i) => s + (Number(i.points) || 0), 0)} points): ${open.map((i) => i.id).join(', ') || 'none'}.`),
    h('div.tk-dialog-text', null, 'Move the unfinished issues to:'),
    next ? h('div.tk-radio' + (ui.dest === 'next' ? '.on' : ''), { 'data-gym': 'dest:next', role: 'radio', 'aria-checked': String(ui.dest === 'next'),
      onclick: () => api.dispatch({ type: 'complete_dest', dest: 'next' }) }, h('span.tk-dot'), `the next sprint, ${next.name}`) : null,
    h('div.tk-radio' + (ui.dest === 'backlog' ? '.on' : ''), { 'data-gym': 'dest:backlog', role: 'radio', 'aria-checked': String(ui.dest === 'backlog'),
      onclick: () => api.dispatch({ type: 'complete_dest', dest: 'backlog' }) }, h('span.tk-dot'), 'the backlog (no sprint)'),
    h('div.tk-dialog-btns', null,
      h('button.tk-btn.secondary', { 'data-gym': 'btn:cancel-dialog', onclick: () => api.dispatch({ type: 'close_dialog' }) }, 'Cancel'),
      h('button.tk-btn', { 'data-gym': 'btn:confirm-complete', onclick: () => api.dispatch({ type: 'confirm_complete' }) }, 'Complete sprint'))));
}

function dialogs(api) {
  const { data, ui } = api.state;
  if (ui.dialog === 'create') return createDialog(api);
  if (ui.dialog === 'complete') return completeDialog(api);
  if (ui.dialog === 'delete') {
    const issue = findIssue(data, ui.issue);
    return h('div.tk-dialog-wrap', null, dialog(`Delete ${issue ? issue.id : ''}?`,
      `“${issue ? issue.title : ''}” and its comments and links will be deleted. This can't be undone.`, [
        { id: 'btn:cancel-dialog', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
        { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete' }) }]));
  }
  return null;
}

// ------------------------------------------------------------------ root

/** Render Cairn. */
export function render(api) {
  const { data, ui } = api.state;
  const project = projectOf(api);
  let content;
  let crumbs;
  if (ui.screen === 'issue') {
    const issue = findIssue(data, ui.issue);
    crumbs = [project.name, issue ? issue.id : 'Issue'];
    content = issuePage(api);
  } else if (ui.screen === 'backlog') {
    crumbs = [project.name, 'Backlog'];
    content = backlog(api);
  } else if (ui.screen === 'sprints') {
    crumbs = [project.name, 'Sprints'];
    content = sprints(api);
  } else {
    crumbs = [project.name, 'Board'];
    content = board(api);
  }
  return h('div.app.tracker', null,
    rail(api),
    h('section.tk-main', null, topBar(api, crumbs), noticeBar(api), content),
    dialogs(api));
}
