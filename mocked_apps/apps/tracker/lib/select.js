// Cairn's selectors (issues, sprints, points, links, backlog rows) and parsing helpers; pure.

import { STATUSES, STATUS_LABEL, PRIORITIES, TYPE_LABEL, POINT_SCALE, TRANSITIONS } from './constants.js';
import { compareText, matchesQuery } from '../../../runtime/core/text.js';

const DAY_MS = 86400000;

/** Return "YYYY-MM-DD" `days` after the UTC date of `ms`. */
export function dateAfter(ms, days) {
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  return new Date(midnight + days * DAY_MS).toISOString().slice(0, 10);
}

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

/** Does an issue pass the backlog filters and the text query (key or title; accents and case ignored)? */
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
  return matchesQuery(text, [issue.id, issue.title]);
}

/** Sort issues by a backlog column; ties by key. */
export function sortIssues(list, sort, world = {}, data = null) {
  const col = (sort && sort.col) || 'key';
  const dir = sort && sort.dir === 'desc' ? -1 : 1;
  const value = (i) => {
    switch (col) {
      case 'title': return i.title;
      case 'type': return TYPE_LABEL[i.type] || i.type;
      case 'status': return STATUSES.indexOf(i.status);
      case 'priority': return PRIORITIES.indexOf(i.priority);
      case 'assignee': return i.assignee ? userName(world, i.assignee) : null; // unassigned last
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
      if (x !== y) {
        if (x === null || y === null) return (x === null ? 1 : -1) * dir;
        // Text columns in the one text order (compareText), numbers and dates as they are.
        const c = typeof x === 'string' && (col === 'title' || col === 'assignee') ? compareText(x, y) : (x < y ? -1 : 1);
        if (c) return c * dir;
      }
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
