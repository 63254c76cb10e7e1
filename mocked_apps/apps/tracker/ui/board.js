// Cairn's board (the active sprint's status columns and cards) and the sprint list.

import { h } from '../../../runtime/ui/h.js';
import { avatar, only } from '../../../runtime/ui/kit.js';
import { STATUSES, STATUS_LABEL, TRANSITIONS } from '../lib/constants.js';
import {
  findIssue, userName, projectSprints, activeSprint, nextSprint, sprintIssues, sprintPoints, sprintDonePoints,
} from '../lib/select.js';
import { typeIcon, prioIcon, shortDate, daysBetween } from './common.js';

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

export function board(api) {
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

// ------------------------------------------------------------------ sprints

export function sprints(api) {
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
