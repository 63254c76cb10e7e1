// Cairn: an issue tracker. Projects with sprints (closed / active / planned, dated relative to the
// virtual clock), issues (bug/story/task, epics and subtasks) with a workflow graph, a board derived
// from status, a filterable and sortable backlog with bulk edits, inline-editable issue details,
// "blocks" links, comments and a history log. Rules (illegal transitions, blockers, open subtasks,
// the story-point scale, sprint membership) refuse actions with a notice and leave data unchanged.
// Constants, selectors and helpers live in lib/; the issue, sprint and backlog cases of the reducer
// are lib/issues.js and lib/planning.js. This file is init and the navigation cases.

import { dateAfter, splitKey, findIssue } from './lib/select.js';
import { clearTransient, go, boardCard } from './lib/edit.js';
import { reduceIssues } from './lib/issues.js';
import { reducePlanning } from './lib/planning.js';
import { parseStamp } from '../../runtime/core/clock.js';

export * from './lib/constants.js';
export * from './lib/select.js';
export { validateNewIssue } from './lib/edit.js';

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
    comments: (world.comments || []).map((c) => ({ ...c, ts: parseStamp(c.ts) })),
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

// ------------------------------------------------------------------ reducer

/** The reducer parts in lib/, tried in order for the actions this file does not handle (undefined: not theirs). */
const PARTS = [reduceIssues, reducePlanning];

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
      const issue = boardCard(state, action.key);
      if (!issue) return state;
      ui.selected = ui.selected === issue.id ? null : issue.id;
      ui.menu = null;
      return state;
    }
    case 'close_dialog':
      Object.assign(ui, { dialog: null, newIssue: null, errors: {}, menu: null });
      return state;
    case 'menu':
      ui.menu = ui.menu === action.id ? null : String(action.id || '') || null;
      return state;
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
      for (const part of PARTS) {
        const next = part(state, action, ctx);
        if (next !== undefined) return next;
      }
      return null;
  }
}
