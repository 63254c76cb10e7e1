// Cairn's reducer cases for sprints (start, complete) and the backlog (filters, sort, checks, bulk edits).

import { FILTER_FIELDS, SORT_COLUMNS } from './constants.js';
import {
  dateAfter, findIssue, findSprint, activeSprint, nextSprint, sprintIssues, sprintPoints, normalizeLabel,
  backlogRows,
} from './select.js';
import { deny, clearTransient, assignSprint, setField, addLabel, shownRows } from './edit.js';

/** Apply a sprint or backlog action (see README.md); undefined for actions of other parts. */
export function reducePlanning(state, action, ctx) {
  const { data, ui } = state;
  const world = ctx.world;
  switch (action.type) {
    case 'complete_sprint': {
      // The board's and the sprint list's button: a sprint of the project shown.
      if (!['board', 'sprints'].includes(ui.screen) || ui.dialog) return state;
      const sprint = action.id ? findSprint(data, action.id) : activeSprint(data, ui.project);
      if (!sprint || sprint.project !== ui.project) return state;
      if (sprint.state !== 'active') return deny(state, 'Only the active sprint can be completed');
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
      if (ui.screen !== 'sprints' || ui.dialog || !sprint || sprint.project !== ui.project || sprint.state !== 'planned') return state;
      const active = activeSprint(data, sprint.project);
      if (active) return deny(state, `Complete ${active.name} before starting another sprint`);
      if (!sprintIssues(data, sprint.id).length) return deny(state, `${sprint.name} has no issues yet`);
      sprint.state = 'active';
      sprint.committed = sprintPoints(data, sprint.id);
      return state;
    }
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
      const issue = shownRows(state, world).find((i) => i === findIssue(data, action.key));
      if (!issue) return state;
      ui.checked = ui.checked.includes(issue.id) ? ui.checked.filter((k) => k !== issue.id) : [...ui.checked, issue.id];
      return state;
    }
    case 'check_all': {
      if (ui.screen !== 'backlog') return state;
      const rows = shownRows(state, world).map((i) => i.id);
      ui.checked = rows.length && rows.every((k) => ui.checked.includes(k)) ? [] : rows;
      return state;
    }
    case 'clear_checks':
      ui.checked = [];
      ui.menu = null;
      return state;
    case 'bulk_set':
    case 'bulk_label': {
      // The selection the bulk bar counts ("N selected"); the bar is on the backlog only.
      if (ui.screen !== 'backlog' || ui.dialog) return state;
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
    default:
      return undefined;
  }
}
