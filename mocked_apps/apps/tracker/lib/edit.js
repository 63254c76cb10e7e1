// Cairn's reducer helpers: history, refusals, navigation, transitions, field edits, issue creation, the create form.

import { PRIORITIES, TYPE_LABEL, WORK_TYPES, TITLE_MAX, TEXT_MAX } from './constants.js';
import {
  dateAfter, findIssue, findSprint, subtasksOf, checkTransition, parsePoints, normalizeLabel, activeSprint, sprintIssues,
  backlogRows,
} from './select.js';

export function record(data, ctx, issue, field, from, to) {
  data.history.push({ id: ctx.uid('h'), issue: issue.id, ts: ctx.now, by: data.me, field, from: from ?? null, to: to ?? null });
}

export function deny(state, text) {
  state.ui.notice = text;
  return state;
}

export function clearTransient(ui) {
  Object.assign(ui, { editField: null, menu: null, linking: false, addingSubtask: false, errors: {} });
}

export function go(ui, patch) {
  ui.stack.push({ screen: ui.screen, project: ui.project, issue: ui.issue });
  if (ui.stack.length > 30) ui.stack.shift();
  clearTransient(ui);
  Object.assign(ui, patch);
}

/**
 * Return the issue an action targets: the issue open on the issue screen, with no dialog over it, when action.key is
 * absent or names it; else null. An issue's buttons are only on its own screen: a key of another issue does nothing.
 */
export function target(state, action) {
  const { data, ui } = state;
  if (ui.screen !== 'issue' || ui.dialog) return null;
  const issue = findIssue(data, ui.issue);
  return issue && (action.key === undefined || findIssue(data, action.key) === issue) ? issue : null;
}

/** Return issue `key` when the board shows its card (the project's active sprint, no epics, no dialog); else null. */
export function boardCard(state, key) {
  const { data, ui } = state;
  const sprint = ui.screen === 'board' && !ui.dialog ? activeSprint(data, ui.project) : null;
  const issue = sprint ? findIssue(data, key) : null;
  return issue && issue.type !== 'epic' && sprintIssues(data, sprint.id).includes(issue) ? issue : null;
}

/** Return the backlog rows on screen (the project's issues through the filters and the filter text), [] elsewhere. */
export function shownRows(state, world) {
  const { data, ui } = state;
  return ui.screen === 'backlog' && !ui.dialog ? backlogRows(data, ui, world) : [];
}

/** Apply a status transition if the rules allow it; return the refusal reason or null. */
export function transition(state, ctx, issue, to) {
  const check = checkTransition(state.data, issue, to);
  if (!check.ok) return check.reason;
  record(state.data, ctx, issue, 'status', issue.status, to);
  issue.status = to;
  return null;
}

/** Put an issue (and its subtasks) into a sprint; return a refusal reason or null. */
export function assignSprint(state, ctx, issue, sprintId, { direct = true } = {}) {
  const { data } = state;
  if (issue.type === 'epic') return 'Epics are not planned into sprints';
  if (issue.parent && direct) return `Subtasks follow their parent's sprint (${issue.parent})`;
  if (sprintId) {
    const sprint = findSprint(data, sprintId);
    if (!sprint || sprint.project !== issue.project) return 'Pick a sprint of the same project';
    if (sprint.state === 'closed') return `${sprint.name} is closed`;
  }
  const to = sprintId || null;
  if (issue.sprint !== to) {
    record(data, ctx, issue, 'sprint', issue.sprint, to);
    issue.sprint = to;
  }
  for (const sub of subtasksOf(data, issue.id)) {
    if (sub.sprint !== to) {
      record(data, ctx, sub, 'sprint', sub.sprint, to);
      sub.sprint = to;
    }
  }
  return null;
}

/** Set one menu-edited field; return a refusal reason or null. */
export function setField(state, ctx, issue, field, value, world) {
  const { data } = state;
  const v = value === 'none' || value === '' || value === undefined ? null : value;
  switch (field) {
    case 'assignee':
      if (v !== null && !(world.users || []).some((u) => u.id === v)) return 'Unknown person';
      break;
    case 'priority':
      if (!PRIORITIES.includes(v)) return 'Unknown priority';
      break;
    case 'type':
      if (!WORK_TYPES.includes(v)) return 'Pick Story, Bug or Task';
      if (!WORK_TYPES.includes(issue.type)) return `${TYPE_LABEL[issue.type]}s keep their type`;
      break;
    case 'epic': {
      if (!WORK_TYPES.includes(issue.type)) return `${TYPE_LABEL[issue.type]}s can't belong to an epic`;
      if (v !== null) {
        const epic = findIssue(data, v);
        if (!epic || epic.type !== 'epic' || epic.project !== issue.project) return 'Pick an epic of the same project';
        // A Done epic has every issue Done: an open one would break that.
        if (epic.status === 'done' && issue.status !== 'done' && issue.epic !== epic.id) return `Epic ${epic.id} is Done. Reopen it first.`;
      }
      break;
    }
    case 'sprint':
      return assignSprint(state, ctx, issue, v);
    default:
      return 'That field is not editable here';
  }
  const current = issue[field] ?? null;
  if (current !== v) {
    record(data, ctx, issue, field, current, v);
    if (v === null && field === 'epic') delete issue.epic;
    else issue[field] = v;
  }
  return null;
}

export function addLabel(data, ctx, issue, text) {
  const label = normalizeLabel(text);
  if (!label) return 'Labels use letters, digits and hyphens (up to 30)';
  if (issue.labels.includes(label)) return null;
  record(data, ctx, issue, 'labels', issue.labels.join(', '), [...issue.labels, label].join(', '));
  issue.labels = [...issue.labels, label];
  return null;
}

// The next key of a project, skipping keys in use (an issue patched in, or a counter patched back, got a duplicate key).
function newKey(data, project) {
  data.counters = data.counters || {};
  let n = Number.isSafeInteger(data.counters[project]) ? data.counters[project] : 1;
  while (data.issues.some((i) => i.id === `${project}-${n}`)) n += 1;
  data.counters[project] = n + 1;
  return `${project}-${n}`;
}

export function createIssue(state, ctx, fields) {
  const { data } = state;
  const issue = {
    id: newKey(data, fields.project), project: fields.project, type: fields.type, title: fields.title, description: fields.description || '',
    status: 'todo', priority: fields.priority, assignee: fields.assignee || null, reporter: data.me,
    points: fields.points ?? null, sprint: fields.sprint || null, labels: fields.labels || [], epic: fields.epic || null,
    parent: fields.parent || null, created: dateAfter(ctx.now, 0),
  };
  // Like the world's records: no empty description, epic or parent keys.
  for (const k of ['description', 'epic', 'parent']) if (!issue[k]) delete issue[k];
  data.issues.push(issue);
  record(data, ctx, issue, 'created', null, issue.id);
  return issue;
}

/** Validate the create-issue form. Returns {values, errors}. */
export function validateNewIssue(data, project, drafts, choices) {
  const d = drafts || {};
  const c = choices || {};
  const values = {
    project, title: String(d['new-title'] ?? '').trim(), description: String(d['new-description'] ?? '').trim(),
    type: c.type || 'task', priority: c.priority || 'medium', assignee: c.assignee || null, sprint: c.sprint || null,
    labels: [], points: null,
  };
  const errors = {};
  if (!values.title) errors.title = 'Enter a title';
  else if (values.title.length > TITLE_MAX) errors.title = `Titles can have at most ${TITLE_MAX} characters`;
  if (values.description.length > TEXT_MAX) errors.description = `Descriptions can have at most ${TEXT_MAX} characters`;
  if (!WORK_TYPES.includes(values.type)) errors.type = 'Pick Story, Bug or Task';
  if (!PRIORITIES.includes(values.priority)) errors.priority = 'Pick a priority';
  const pts = parsePoints(d['new-points']);
  if (pts.error) errors.points = pts.error;
  else values.points = pts.value;
  for (const raw of String(d['new-labels'] ?? '').split(',')) {
    if (!raw.trim()) continue;
    const label = normalizeLabel(raw);
    if (!label) errors.labels = 'Labels use letters, digits and hyphens, separated by commas';
    else if (!values.labels.includes(label)) values.labels.push(label);
  }
  if (values.sprint) {
    const s = findSprint(data, values.sprint);
    if (!s || s.project !== project || s.state === 'closed') errors.sprint = 'Pick an open sprint of this project';
  }
  return { values, errors };
}
