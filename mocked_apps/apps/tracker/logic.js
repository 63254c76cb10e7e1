// Cairn: an issue tracker. Projects with sprints (closed / active / planned, dated relative to the
// virtual clock), issues (bug/story/task, epics and subtasks) with a workflow graph, a board derived
// from status, a filterable and sortable backlog with bulk edits, inline-editable issue details,
// "blocks" links, comments and a history log. Rules (illegal transitions, blockers, open subtasks,
// the story-point scale, sprint membership) refuse actions with a notice and leave data unchanged.

export const STATUSES = ['todo', 'in_progress', 'in_review', 'done'];
export const STATUS_LABEL = { todo: 'To do', in_progress: 'In progress', in_review: 'In review', done: 'Done' };
export const PRIORITIES = ['urgent', 'high', 'medium', 'low'];
export const PRIORITY_LABEL = { urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low' };
export const TYPE_LABEL = { story: 'Story', bug: 'Bug', task: 'Task', epic: 'Epic', subtask: 'Subtask' };
/** Types an issue can be switched between (epics and subtasks keep their type). */
export const WORK_TYPES = ['story', 'bug', 'task'];
/** Story points must be one of these. */
export const POINT_SCALE = [0, 1, 2, 3, 5, 8, 13, 21];
/** The workflow graph: status -> statuses it may move to. */
export const TRANSITIONS = {
  todo: ['in_progress'],
  in_progress: ['todo', 'in_review'],
  in_review: ['in_progress', 'done'],
  done: ['in_progress'],
};
export const TITLE_MAX = 120;
export const FILTER_FIELDS = ['type', 'status', 'assignee', 'priority', 'sprint', 'label'];
export const SORT_COLUMNS = ['key', 'title', 'type', 'status', 'priority', 'assignee', 'points', 'sprint'];

const DAY_MS = 86400000;

/** Return "YYYY-MM-DD" `days` after the UTC date of `ms`. */
export function dateAfter(ms, days) {
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  return new Date(midnight + days * DAY_MS).toISOString().slice(0, 10);
}

// ------------------------------------------------------------------ init

/** Return the initial state: the world's issues, sprints (dates relative to ctx.now), links and comments. */
export function init(world, ctx) {
  const now = ctx && typeof ctx.now === 'number' ? ctx.now : Date.UTC(2026, 2, 14, 9, 30);
  const issues = (world.issues || []).map((i) => ({ ...i, labels: [...(i.labels || [])] }));
  const counters = {};
  for (const p of world.projects || []) counters[p.key] = 1;
  for (const i of issues) {
    const [proj, n] = splitKey(i.id);
    if (counters[proj] !== undefined) counters[proj] = Math.max(counters[proj], n + 1);
  }
  const data = {
    me: world.me,
    sprints: (world.sprints || []).map((s) => ({ ...s, start: dateAfter(now, s.start), end: dateAfter(now, s.end) })),
    issues,
    links: (world.links || []).map((l) => ({ ...l })),
    comments: (world.comments || []).map((c) => ({ ...c, ts: Date.parse(c.ts) })),
    history: [],
    counters,
  };
  return { data, ui: freshUi((world.projects || [])[0] ? world.projects[0].key : null) };
}

function freshUi(project) {
  return {
    screen: 'board', project, issue: null, selected: null, editField: null, menu: null, dialog: null, dest: 'next',
    filters: {}, sort: { col: 'key', dir: 'asc' }, checked: [], linking: false, linkKind: 'blocks', addingSubtask: false,
    newIssue: null, target: null, notice: null, errors: {}, stack: [], drafts: {},
  };
}

// ------------------------------------------------------------- selectors

/** Split "TRK-12" into ["TRK", 12]. */
export function splitKey(key) {
  const m = /^([A-Z]+)-(\d+)$/.exec(String(key || ''));
  return m ? [m[1], Number(m[2])] : [null, NaN];
}

/** Compare issue keys by project, then number. */
export function compareKeys(a, b) {
  const [pa, na] = splitKey(a);
  const [pb, nb] = splitKey(b);
  if (pa !== pb) return pa < pb ? -1 : 1;
  return na - nb;
}

export function findIssue(data, key) {
  const k = String(key || '').trim().toUpperCase();
  return (data.issues || []).find((i) => i.id === k);
}

export function findSprint(data, id) {
  return (data.sprints || []).find((s) => s.id === id);
}

export function userName(world, id) {
  const u = (world.users || []).find((x) => x.id === id);
  return u ? u.name : 'Unassigned';
}

export function projectIssues(data, project) {
  return data.issues.filter((i) => i.project === project).sort((a, b) => compareKeys(a.id, b.id));
}

/** Return a project's sprints: active first, then planned by start date, then closed (newest first). */
export function projectSprints(data, project) {
  const rank = { active: 0, planned: 1, closed: 2 };
  return data.sprints.filter((s) => s.project === project).sort((a, b) => {
    if (rank[a.state] !== rank[b.state]) return rank[a.state] - rank[b.state];
    if (a.state === 'closed') return a.start < b.start ? 1 : -1;
    return a.start < b.start ? -1 : a.start > b.start ? 1 : 0;
  });
}

export function activeSprint(data, project) {
  return data.sprints.find((s) => s.project === project && s.state === 'active');
}

/** The earliest planned sprint of a project (where unfinished work goes next), or undefined. */
export function nextSprint(data, project) {
  return projectSprints(data, project).find((s) => s.state === 'planned');
}

export function sprintIssues(data, sprintId) {
  return data.issues.filter((i) => i.sprint === sprintId).sort((a, b) => compareKeys(a.id, b.id));
}

/** Total story points of a sprint: the sum over its issues (unestimated count 0). */
export function sprintPoints(data, sprintId) {
  return sprintIssues(data, sprintId).reduce((sum, i) => sum + (Number(i.points) || 0), 0);
}

/** Story points of a sprint's Done issues. */
export function sprintDonePoints(data, sprintId) {
  return sprintIssues(data, sprintId).filter((i) => i.status === 'done').reduce((sum, i) => sum + (Number(i.points) || 0), 0);
}

export function subtasksOf(data, key) {
  return data.issues.filter((i) => i.parent === key).sort((a, b) => compareKeys(a.id, b.id));
}

export function epicChildren(data, key) {
  return data.issues.filter((i) => i.epic === key).sort((a, b) => compareKeys(a.id, b.id));
}

/** Issues that block `key` (links whose target is `key`), with the link ids. */
export function blockersOf(data, key) {
  return data.links.filter((l) => l.to === key).map((l) => ({ link: l, issue: findIssue(data, l.from) })).filter((x) => x.issue);
}

/** Issues that `key` blocks. */
export function blockingOf(data, key) {
  return data.links.filter((l) => l.from === key).map((l) => ({ link: l, issue: findIssue(data, l.to) })).filter((x) => x.issue);
}

/**
 * May `issue` move to status `to`? Returns {ok: true} or {ok: false, reason}.
 * Rules: the workflow graph; In progress needs an assignee; Done needs every subtask (and, for
 * epics, every issue of the epic) Done and no blocker that is not Done.
 */
export function checkTransition(data, issue, to) {
  if (!STATUSES.includes(to)) return { ok: false, reason: `Unknown status '${to}'` };
  if (issue.status === to) return { ok: false, reason: `${issue.id} is already ${STATUS_LABEL[to]}` };
  if (!TRANSITIONS[issue.status].includes(to)) {
    const allowed = TRANSITIONS[issue.status].map((s) => STATUS_LABEL[s]).join(' or ');
    return { ok: false, reason: `${issue.id} can't move from ${STATUS_LABEL[issue.status]} to ${STATUS_LABEL[to]}. Next allowed: ${allowed}.` };
  }
  if (issue.parent && issue.status === 'done' && (findIssue(data, issue.parent) || {}).status === 'done') {
    return { ok: false, reason: `Its parent ${issue.parent} is Done. Reopen the parent first.` };
  }
  if (to === 'in_progress' && !issue.assignee) {
    return { ok: false, reason: `Assign ${issue.id} to someone before moving it to In progress.` };
  }
  if (to === 'done') {
    const open = subtasksOf(data, issue.id).filter((s) => s.status !== 'done');
    if (open.length) return { ok: false, reason: `${issue.id} has open subtasks: ${open.map((s) => s.id).join(', ')}. Finish them first.` };
    if (issue.type === 'epic') {
      const rest = epicChildren(data, issue.id).filter((s) => s.status !== 'done');
      if (rest.length) return { ok: false, reason: `Epic ${issue.id} still has open issues: ${rest.map((s) => s.id).join(', ')}.` };
    }
    const blockers = blockersOf(data, issue.id).filter((b) => b.issue.status !== 'done');
    if (blockers.length) {
      return { ok: false, reason: `${issue.id} is blocked by ${blockers.map((b) => `${b.issue.id} (${STATUS_LABEL[b.issue.status]})`).join(', ')}. Finish the blockers first.` };
    }
  }
  return { ok: true };
}

/** Parse a story-point estimate: '' -> null; a value on the scale -> number; else {error}. */
export function parsePoints(text) {
  const t = String(text ?? '').trim();
  if (!t) return { value: null };
  if (!/^\d+$/.test(t) || !POINT_SCALE.includes(Number(t))) {
    return { error: `Story points must be one of ${POINT_SCALE.join(', ')}` };
  }
  return { value: Number(t) };
}

/** Normalize a label: trimmed, lowercase, spaces to hyphens; '' when invalid. */
export function normalizeLabel(text) {
  const t = String(text ?? '').trim().toLowerCase().replace(/\s+/g, '-');
  return /^[a-z0-9][a-z0-9-]{0,29}$/.test(t) ? t : '';
}

/** Does an issue pass the backlog filters and the text query? */
export function matchesFilters(issue, filters = {}, text = '') {
  const f = filters || {};
  if (f.type && issue.type !== f.type) return false;
  if (f.status) {
    if (f.status === 'open' ? issue.status === 'done' : issue.status !== f.status) return false;
  }
  if (f.assignee && (f.assignee === 'none' ? issue.assignee : issue.assignee !== f.assignee)) return false;
  if (f.priority && issue.priority !== f.priority) return false;
  if (f.sprint && (f.sprint === 'none' ? issue.sprint : issue.sprint !== f.sprint)) return false;
  if (f.label && !(issue.labels || []).includes(f.label)) return false;
  const q = String(text || '').trim().toLowerCase();
  if (q && !issue.id.toLowerCase().includes(q) && !issue.title.toLowerCase().includes(q)) return false;
  return true;
}

/** Sort issues by a backlog column; ties by key. */
export function sortIssues(list, sort, world = {}, data = null) {
  const col = (sort && sort.col) || 'key';
  const dir = sort && sort.dir === 'desc' ? -1 : 1;
  const value = (i) => {
    switch (col) {
      case 'title': return i.title.toLowerCase();
      case 'type': return TYPE_LABEL[i.type] || i.type;
      case 'status': return STATUSES.indexOf(i.status);
      case 'priority': return PRIORITIES.indexOf(i.priority);
      case 'assignee': return i.assignee ? userName(world, i.assignee) : '\uffff';
      case 'points': return i.points === null || i.points === undefined ? -1 : i.points;
      case 'sprint': {
        const s = data && i.sprint ? findSprint(data, i.sprint) : null;
        return s ? s.start : '9999';
      }
      default: return null;
    }
  };
  return [...list].sort((a, b) => {
    if (col !== 'key') {
      const x = value(a);
      const y = value(b);
      if (x !== y) return (x < y ? -1 : 1) * dir;
      return compareKeys(a.id, b.id);
    }
    return compareKeys(a.id, b.id) * dir;
  });
}

/** The backlog rows for the current UI state (project, filters, text, sort). */
export function backlogRows(data, ui, world = {}) {
  const text = (ui.drafts || {})['filter-text'] || '';
  return sortIssues(projectIssues(data, ui.project).filter((i) => matchesFilters(i, ui.filters, text)), ui.sort, world, data);
}

// --------------------------------------------------------------- helpers

function record(data, ctx, issue, field, from, to) {
  data.history.push({ id: ctx.uid('h'), issue: issue.id, ts: ctx.now, by: data.me, field, from: from ?? null, to: to ?? null });
}

function deny(state, text) {
  state.ui.notice = text;
  return state;
}

function clearTransient(ui) {
  Object.assign(ui, { editField: null, menu: null, linking: false, addingSubtask: false, errors: {} });
}

function go(ui, patch) {
  ui.stack.push({ screen: ui.screen, project: ui.project, issue: ui.issue });
  if (ui.stack.length > 30) ui.stack.shift();
  clearTransient(ui);
  Object.assign(ui, patch);
}

/** The issue an action targets: action.key, else the open issue. */
function target(state, action) {
  return findIssue(state.data, action.key ?? state.ui.issue);
}

/** Apply a status transition if the rules allow it; return the refusal reason or null. */
function transition(state, ctx, issue, to) {
  const check = checkTransition(state.data, issue, to);
  if (!check.ok) return check.reason;
  record(state.data, ctx, issue, 'status', issue.status, to);
  issue.status = to;
  return null;
}

/** Put an issue (and its subtasks) into a sprint; return a refusal reason or null. */
function assignSprint(state, ctx, issue, sprintId, { direct = true } = {}) {
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
function setField(state, ctx, issue, field, value, world) {
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

function addLabel(data, ctx, issue, text) {
  const label = normalizeLabel(text);
  if (!label) return 'Labels use letters, digits and hyphens (up to 30)';
  if (issue.labels.includes(label)) return null;
  record(data, ctx, issue, 'labels', issue.labels.join(', '), [...issue.labels, label].join(', '));
  issue.labels = [...issue.labels, label];
  return null;
}

function newKey(data, project) {
  const n = data.counters[project] || 1;
  data.counters[project] = n + 1;
  return `${project}-${n}`;
}

function createIssue(state, ctx, fields) {
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

// ------------------------------------------------------------------ reducer

/** Apply an action (see README.md). Rule refusals set ui.notice; invalid forms set ui.errors. */
export function reduce(state, action, ctx) {
  const { data, ui } = state;
  const world = ctx.world;
  ui.stack = ui.stack || [];
  ui.drafts = ui.drafts || {};
  ui.errors = ui.errors || {};
  ui.filters = ui.filters || {};
  ui.checked = ui.checked || [];
  if (action.type !== 'intent' && action.type !== 'back') ui.notice = null;
  switch (action.type) {
    case 'intent': {
      const issue = findIssue(data, action.issue);
      if (issue) go(ui, { screen: 'issue', issue: issue.id, project: issue.project });
      else if (action.project && (world.projects || []).some((p) => p.key === action.project)) go(ui, { screen: 'board', project: action.project });
      return state;
    }
    case 'select_project': {
      if (!(world.projects || []).some((p) => p.key === action.key)) return state;
      go(ui, { project: action.key, screen: ui.screen === 'issue' ? 'board' : ui.screen, issue: null, selected: null,
        filters: {}, checked: [] });
      ui.drafts['filter-text'] = '';
      return state;
    }
    case 'view': {
      if (!['board', 'backlog', 'sprints'].includes(action.screen)) return state;
      go(ui, { screen: action.screen, issue: null, selected: null });
      return state;
    }
    case 'open_issue': {
      const issue = findIssue(data, action.key);
      if (!issue) return state;
      go(ui, { screen: 'issue', issue: issue.id, project: issue.project, selected: null });
      return state;
    }
    case 'close_issue': {
      if (ui.screen !== 'issue') return state;
      const prev = [...ui.stack].reverse().find((e) => e.screen !== 'issue');
      clearTransient(ui);
      Object.assign(ui, { screen: prev ? prev.screen : 'board', issue: null });
      return state;
    }
    case 'select_card': {
      const issue = findIssue(data, action.key);
      if (!issue) return state;
      ui.selected = ui.selected === issue.id ? null : issue.id;
      ui.menu = null;
      return state;
    }
    case 'move': {
      const issue = findIssue(data, action.key ?? ui.selected ?? ui.issue);
      if (!issue) return state;
      const reason = transition(state, ctx, issue, action.to);
      if (reason) return deny(state, reason);
      if (ui.screen === 'board') ui.selected = null;
      return state;
    }
    case 'edit_field': {
      const issue = target(state, action);
      if (!issue || ui.screen !== 'issue') return state;
      const field = action.field;
      clearTransient(ui);
      if (['title', 'description', 'points'].includes(field)) {
        ui.editField = field;
        ui.drafts[field] = issue[field] === null || issue[field] === undefined ? '' : String(issue[field]);
      } else if (['assignee', 'priority', 'type', 'sprint', 'epic'].includes(field)) {
        ui.editField = ui.editField === field ? null : field;
      }
      return state;
    }
    case 'cancel_field':
      clearTransient(ui);
      return state;
    case 'set_field': {
      const issue = target(state, action);
      if (!issue) return state;
      const reason = setField(state, ctx, issue, action.field, action.value, world);
      ui.editField = null;
      if (reason) return deny(state, reason);
      return state;
    }
    case 'save_field': {
      const issue = target(state, action);
      const field = action.field ?? ui.editField;
      if (!issue || !['title', 'description', 'points'].includes(field)) return state;
      const raw = action.value ?? ui.drafts[field];
      let value;
      if (field === 'title') {
        value = String(raw ?? '').trim();
        if (!value) return (ui.errors = { title: 'Enter a title' }), state;
        if (value.length > TITLE_MAX) return (ui.errors = { title: `Titles can have at most ${TITLE_MAX} characters` }), state;
      } else if (field === 'description') {
        value = String(raw ?? '').trim();
      } else {
        if (!WORK_TYPES.includes(issue.type)) {
          ui.editField = null;
          return deny(state, `${TYPE_LABEL[issue.type]}s are not estimated; estimate the ${issue.type === 'epic' ? 'issues in the epic' : 'parent issue'}`);
        }
        const parsed = parsePoints(raw);
        if (parsed.error) return (ui.errors = { points: parsed.error }), state;
        value = parsed.value;
      }
      const current = issue[field] ?? (field === 'description' ? '' : null);
      if (current !== value) {
        record(data, ctx, issue, field, current, value);
        if (field === 'description' && !value) delete issue.description;
        else issue[field] = value;
      }
      ui.editField = null;
      ui.errors = {};
      delete ui.drafts[field];
      return state;
    }
    case 'add_label': {
      const issue = target(state, action);
      if (!issue) return state;
      const text = action.label ?? ui.drafts.label;
      if (!String(text ?? '').trim()) return state;
      const reason = addLabel(data, ctx, issue, text);
      if (reason) return (ui.errors = { label: reason }), state;
      ui.drafts.label = '';
      ui.errors = {};
      return state;
    }
    case 'remove_label': {
      const issue = target(state, action);
      if (!issue || !issue.labels.includes(action.label)) return state;
      const next = issue.labels.filter((l) => l !== action.label);
      record(data, ctx, issue, 'labels', issue.labels.join(', '), next.join(', '));
      issue.labels = next;
      return state;
    }
    case 'add_comment': {
      const issue = target(state, action);
      const text = String(action.text ?? ui.drafts.comment ?? '').trim();
      if (!issue || !text) return state;
      if (text.length > 2000) return deny(state, 'Comments can have at most 2000 characters');
      let id = ctx.uid('c');
      while (data.comments.some((c) => c.id === id)) id = ctx.uid('c');
      data.comments.push({ id, issue: issue.id, author: data.me, ts: ctx.now, text });
      ui.drafts.comment = '';
      return state;
    }
    case 'delete_comment': {
      const c = data.comments.find((x) => x.id === action.id);
      if (!c) return state;
      if (c.author !== data.me) return deny(state, 'You can only delete your own comments');
      data.comments = data.comments.filter((x) => x.id !== c.id);
      return state;
    }
    case 'start_link':
      if (!target(state, action)) return state;
      clearTransient(ui);
      Object.assign(ui, { linking: true, linkKind: 'blocks' });
      ui.drafts['link-key'] = '';
      return state;
    case 'link_kind':
      if (!['blocks', 'blocked_by'].includes(action.kind)) return state;
      ui.linkKind = action.kind;
      return state;
    case 'cancel_link':
      ui.linking = false;
      ui.errors = {};
      return state;
    case 'save_link': {
      const issue = target(state, action);
      if (!issue) return state;
      const kind = action.kind ?? ui.linkKind;
      const other = findIssue(data, action.other ?? ui.drafts['link-key']);
      if (!other) return (ui.errors = { link: `No issue ${String(action.other ?? ui.drafts['link-key'] ?? '').trim().toUpperCase() || 'given'}` }), state;
      if (other.id === issue.id) return (ui.errors = { link: "An issue can't block itself" }), state;
      const from = kind === 'blocks' ? issue.id : other.id;
      const to = kind === 'blocks' ? other.id : issue.id;
      if (data.links.some((l) => l.from === from && l.to === to)) return (ui.errors = { link: `${from} already blocks ${to}` }), state;
      if (data.links.some((l) => l.from === to && l.to === from)) return (ui.errors = { link: `${to} already blocks ${from}; links can't go both ways` }), state;
      let id = ctx.uid('l');
      while (data.links.some((l) => l.id === id)) id = ctx.uid('l');
      data.links.push({ id, from, to });
      record(data, ctx, issue, 'link', null, kind === 'blocks' ? `blocks ${to}` : `blocked by ${from}`);
      ui.linking = false;
      ui.errors = {};
      ui.drafts['link-key'] = '';
      return state;
    }
    case 'unlink': {
      const link = data.links.find((l) => l.id === action.id);
      if (!link) return state;
      data.links = data.links.filter((l) => l.id !== link.id);
      const issue = findIssue(data, ui.issue) || findIssue(data, link.to);
      if (issue) record(data, ctx, issue, 'link', `${link.from} blocks ${link.to}`, null);
      return state;
    }
    case 'start_subtask': {
      const issue = target(state, action);
      if (!issue) return state;
      if (!WORK_TYPES.includes(issue.type)) return deny(state, `${TYPE_LABEL[issue.type]}s can't have subtasks`);
      clearTransient(ui);
      ui.addingSubtask = true;
      ui.drafts['subtask-title'] = '';
      return state;
    }
    case 'cancel_subtask':
      ui.addingSubtask = false;
      ui.errors = {};
      return state;
    case 'save_subtask': {
      const parent = target(state, action);
      if (!parent || !WORK_TYPES.includes(parent.type)) return state;
      const title = String(action.title ?? ui.drafts['subtask-title'] ?? '').trim();
      if (!title) return (ui.errors = { subtask: 'Enter a title' }), state;
      if (title.length > TITLE_MAX) return (ui.errors = { subtask: `Titles can have at most ${TITLE_MAX} characters` }), state;
      createIssue(state, ctx, { project: parent.project, type: 'subtask', title, priority: parent.priority, sprint: parent.sprint, parent: parent.id });
      ui.addingSubtask = false;
      ui.errors = {};
      ui.drafts['subtask-title'] = '';
      return state;
    }
    case 'new_issue': {
      clearTransient(ui);
      const active = activeSprint(data, ui.project);
      ui.dialog = 'create';
      ui.newIssue = { type: 'task', priority: 'medium', assignee: null, sprint: active ? active.id : null };
      for (const k of ['new-title', 'new-description', 'new-points', 'new-labels']) ui.drafts[k] = '';
      return state;
    }
    case 'new_set': {
      if (ui.dialog !== 'create' || !ui.newIssue) return state;
      if (!['type', 'priority', 'assignee', 'sprint'].includes(action.field)) return state;
      ui.newIssue[action.field] = action.value === 'none' ? null : action.value;
      ui.menu = null;
      return state;
    }
    case 'create_issue': {
      if (ui.dialog !== 'create') return state;
      const { values, errors } = validateNewIssue(data, ui.project, ui.drafts, ui.newIssue);
      if (values.assignee && !(world.users || []).some((u) => u.id === values.assignee)) errors.assignee = 'Unknown person';
      if (Object.keys(errors).length) {
        ui.errors = errors;
        return state;
      }
      const issue = createIssue(state, ctx, values);
      for (const k of ['new-title', 'new-description', 'new-points', 'new-labels']) delete ui.drafts[k];
      Object.assign(ui, { dialog: null, newIssue: null, errors: {} });
      ui.notice = `Created ${issue.id}`;
      return state;
    }
    case 'delete_issue': {
      const issue = target(state, action);
      if (!issue) return state;
      if (subtasksOf(data, issue.id).length) return deny(state, `${issue.id} has subtasks. Delete them first.`);
      ui.dialog = 'delete';
      ui.issue = issue.id;
      return state;
    }
    case 'confirm_delete': {
      const issue = findIssue(data, ui.issue);
      ui.dialog = null;
      if (!issue || subtasksOf(data, issue.id).length) return state;
      data.issues = data.issues.filter((i) => i.id !== issue.id);
      for (const child of epicChildren(data, issue.id)) {
        record(data, ctx, child, 'epic', issue.id, null);
        child.epic = null;
      }
      data.links = data.links.filter((l) => l.from !== issue.id && l.to !== issue.id);
      data.comments = data.comments.filter((c) => c.issue !== issue.id);
      clearTransient(ui);
      ui.stack = ui.stack.filter((e) => e.issue !== issue.id);
      Object.assign(ui, { screen: 'backlog', issue: null, selected: null, checked: ui.checked.filter((k) => k !== issue.id) });
      ui.notice = `Deleted ${issue.id}`;
      return state;
    }
    case 'complete_sprint': {
      const sprint = action.id ? findSprint(data, action.id) : activeSprint(data, ui.project);
      if (!sprint || sprint.state !== 'active') return deny(state, 'Only the active sprint can be completed');
      clearTransient(ui);
      Object.assign(ui, { dialog: 'complete', target: sprint.id, dest: nextSprint(data, sprint.project) ? 'next' : 'backlog' });
      return state;
    }
    case 'complete_dest':
      if (ui.dialog !== 'complete' || !['next', 'backlog'].includes(action.dest)) return state;
      if (action.dest === 'next' && !nextSprint(data, (findSprint(data, ui.target) || {}).project)) return state;
      ui.dest = action.dest;
      return state;
    case 'confirm_complete': {
      const sprint = findSprint(data, ui.target);
      ui.dialog = null;
      if (!sprint || sprint.state !== 'active') return state;
      const next = nextSprint(data, sprint.project);
      const dest = ui.dest === 'next' && next ? next.id : null;
      // Unfinished top-level issues move; their subtasks (done or not) go with them.
      const open = sprintIssues(data, sprint.id).filter((i) => i.status !== 'done' && !i.parent);
      for (const issue of open) assignSprint(state, ctx, issue, dest, { direct: false });
      sprint.state = 'closed';
      sprint.completed = dateAfter(ctx.now, 0);
      sprint.done_points = sprintPoints(data, sprint.id);
      ui.target = null;
      ui.notice = `${sprint.name} completed. ${open.length} open ${open.length === 1 ? 'issue' : 'issues'} moved to ${dest ? findSprint(data, dest).name : 'the backlog'}.`;
      return state;
    }
    case 'start_sprint': {
      const sprint = findSprint(data, action.id);
      if (!sprint || sprint.state !== 'planned') return state;
      const active = activeSprint(data, sprint.project);
      if (active) return deny(state, `Complete ${active.name} before starting another sprint`);
      if (!sprintIssues(data, sprint.id).length) return deny(state, `${sprint.name} has no issues yet`);
      sprint.state = 'active';
      sprint.committed = sprintPoints(data, sprint.id);
      return state;
    }
    case 'close_dialog':
      Object.assign(ui, { dialog: null, newIssue: null, errors: {}, menu: null });
      return state;
    case 'menu':
      ui.menu = ui.menu === action.id ? null : String(action.id || '') || null;
      return state;
    case 'set_filter': {
      if (!FILTER_FIELDS.includes(action.field)) return state;
      const filters = { ...ui.filters };
      if (action.value === 'any' || action.value === null || action.value === undefined) delete filters[action.field];
      else filters[action.field] = action.value;
      ui.filters = filters;
      ui.menu = null;
      ui.checked = [];
      return state;
    }
    case 'clear_filters':
      ui.filters = {};
      ui.drafts['filter-text'] = '';
      ui.checked = [];
      ui.menu = null;
      return state;
    case 'sort': {
      if (!SORT_COLUMNS.includes(action.col)) return state;
      ui.sort = ui.sort.col === action.col ? { col: action.col, dir: ui.sort.dir === 'asc' ? 'desc' : 'asc' } : { col: action.col, dir: 'asc' };
      return state;
    }
    case 'check': {
      const issue = findIssue(data, action.key);
      if (!issue) return state;
      ui.checked = ui.checked.includes(issue.id) ? ui.checked.filter((k) => k !== issue.id) : [...ui.checked, issue.id];
      return state;
    }
    case 'check_all': {
      const rows = backlogRows(data, ui, world).map((i) => i.id);
      ui.checked = rows.length && rows.every((k) => ui.checked.includes(k)) ? [] : rows;
      return state;
    }
    case 'clear_checks':
      ui.checked = [];
      ui.menu = null;
      return state;
    case 'bulk_set':
    case 'bulk_label': {
      const issues = ui.checked.map((k) => findIssue(data, k)).filter(Boolean);
      if (!issues.length) return state;
      if (action.type === 'bulk_set' && !['assignee', 'priority', 'sprint'].includes(action.field)) return state;
      const text = action.label ?? ui.drafts['bulk-label'];
      if (action.type === 'bulk_label' && !normalizeLabel(text)) {
        ui.errors = { bulk: 'Labels use letters, digits and hyphens (up to 30)' };
        return state;
      }
      const skipped = [];
      for (const issue of issues) {
        const reason = action.type === 'bulk_set' ? setField(state, ctx, issue, action.field, action.value, world) : addLabel(data, ctx, issue, text);
        if (reason) skipped.push(`${issue.id} (${reason})`);
      }
      ui.menu = null;
      ui.errors = {};
      if (action.type === 'bulk_label') ui.drafts['bulk-label'] = '';
      ui.notice = skipped.length ? `Updated ${issues.length - skipped.length} of ${issues.length}. Skipped: ${skipped.join('; ')}` : `Updated ${issues.length} ${issues.length === 1 ? 'issue' : 'issues'}`;
      return state;
    }
    case 'dismiss':
      ui.notice = null;
      return state;
    case 'back': {
      if (ui.dialog) {
        Object.assign(ui, { dialog: null, newIssue: null, errors: {} });
        return state;
      }
      if (ui.menu || ui.editField || ui.linking || ui.addingSubtask) {
        clearTransient(ui);
        return state;
      }
      if (ui.selected) {
        ui.selected = null;
        return state;
      }
      let prev = ui.stack.pop();
      while (prev && prev.screen === 'issue' && !findIssue(data, prev.issue)) prev = ui.stack.pop();
      if (!prev) return null;
      clearTransient(ui);
      Object.assign(ui, { screen: prev.screen, project: prev.project, issue: prev.issue ?? null });
      return state;
    }
    default:
      return null;
  }
}
