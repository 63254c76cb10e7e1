// Cairn's dialogs: create issue, complete sprint, delete issue.

import { h } from '../../../runtime/ui/h.js';
import { dialog, field, svg } from '../../../runtime/ui/kit.js';
import { PRIORITIES, PRIORITY_LABEL, TYPE_LABEL, WORK_TYPES } from '../lib/constants.js';
import { findIssue, findSprint, userName, projectSprints, nextSprint, sprintIssues } from '../lib/select.js';
import { ICONS, projectOf, dropdown } from './common.js';

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
    field(api, 'new-description', 'Description'), err('description'),
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

export function dialogs(api) {
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
