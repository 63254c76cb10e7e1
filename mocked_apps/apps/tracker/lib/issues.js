// Cairn's reducer cases for issues: moves, field edits, labels, comments, links, subtasks, create and delete.

import { TYPE_LABEL, WORK_TYPES, TITLE_MAX, TEXT_MAX } from './constants.js';
import { findIssue, activeSprint, subtasksOf, epicChildren, parsePoints } from './select.js';
import {
  record, deny, clearTransient, target, boardCard, transition, setField, addLabel, createIssue, validateNewIssue,
} from './edit.js';

/** Apply an issue action (see README.md); undefined for actions of other parts. */
export function reduceIssues(state, action, ctx) {
  const { data, ui } = state;
  const world = ctx.world;
  switch (action.type) {
    case 'move': {
      // A card of the board (its buttons, or the selected card onto a column) or the open issue's status buttons.
      const issue = ui.screen === 'board' ? boardCard(state, action.key ?? ui.selected) : target(state, action);
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
        if (value.length > TEXT_MAX) return (ui.errors = { description: `Descriptions can have at most ${TEXT_MAX} characters` }), state;
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
      if (text.length > TEXT_MAX) return deny(state, `Comments can have at most ${TEXT_MAX} characters`);
      let id = ctx.uid('c');
      while (data.comments.some((c) => c.id === id)) id = ctx.uid('c');
      data.comments.push({ id, issue: issue.id, author: data.me, ts: ctx.now, text });
      ui.drafts.comment = '';
      return state;
    }
    case 'delete_comment': {
      const open = target(state, {});
      const c = data.comments.find((x) => x.id === action.id && open && x.issue === open.id);
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
      const open = target(state, {});
      const link = data.links.find((l) => l.id === action.id && open && (l.from === open.id || l.to === open.id));
      if (!link) return state;
      data.links = data.links.filter((l) => l.id !== link.id);
      record(data, ctx, open, 'link', `${link.from} blocks ${link.to}`, null); // on the open issue, one end of the link
      return state;
    }
    case 'start_subtask': {
      const issue = target(state, action);
      if (!issue) return state;
      if (!WORK_TYPES.includes(issue.type)) return deny(state, `${TYPE_LABEL[issue.type]}s can't have subtasks`);
      if (issue.status === 'done') return deny(state, `${issue.id} is Done. Reopen it before adding subtasks.`);
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
      // A Done issue has every subtask Done: an open one under it would break that (and stay behind in a completed sprint).
      if (parent.status === 'done') return deny(state, `${parent.id} is Done. Reopen it before adding subtasks.`);
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
        delete child.epic; // like clearing the field (setField): no empty epic key
      }
      data.links = data.links.filter((l) => l.from !== issue.id && l.to !== issue.id);
      data.comments = data.comments.filter((c) => c.issue !== issue.id);
      clearTransient(ui);
      ui.stack = ui.stack.filter((e) => e.issue !== issue.id);
      Object.assign(ui, { screen: 'backlog', issue: null, selected: null, checked: ui.checked.filter((k) => k !== issue.id) });
      ui.notice = `Deleted ${issue.id}`;
      return state;
    }
    default:
      return undefined;
  }
}
