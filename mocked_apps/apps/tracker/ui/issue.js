// Cairn's issue page: title, description, subtasks, links, comments, history and the field column.

import { h } from '../../../runtime/ui/h.js';
import { avatar, svg, only, formatStamp } from '../../../runtime/ui/kit.js';
import { STATUSES, STATUS_LABEL, PRIORITIES, PRIORITY_LABEL, TYPE_LABEL, WORK_TYPES } from '../lib/constants.js';
import {
  findIssue, userName, projectSprints, subtasksOf, epicChildren, blockersOf, blockingOf,
} from '../lib/select.js';
import { ICONS, typeIcon, prioIcon, statusChip, person, sprintName } from './common.js';

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

export function issuePage(api) {
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
        h('div.tk-comment-head', null, h('b', null, userName(api.world, c.author)), h('span.muted', null, formatStamp(c.ts)),
          c.author === data.me ? h('button.tk-link.danger', { 'data-gym': `delete-comment:${c.id}`, onclick: () => api.dispatch({ type: 'delete_comment', id: c.id }) }, 'Delete') : null),
        h('div', null, c.text)))),
    h('div.tk-comment-new', null,
      h('input.tk-input', { 'data-gym': 'field:comment', type: 'text', value: api.draft('comment'), placeholder: 'Add a comment…',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'comment', value: e.target.value }),
        onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'add_comment' }); } } }),
      h('button.tk-btn.small', { 'data-gym': 'btn:add-comment', onclick: () => api.dispatch({ type: 'add_comment' }) }, 'Comment')),
    h('div.tk-section-head', null, 'History'),
    history.map((x) => h('div.tk-history', null, h('span.muted', null, formatStamp(x.ts)), ' ', h('b', null, userName(api.world, x.by)), ' ',
      x.field === 'created' ? 'created the issue' : `changed ${x.field}: ${x.from ?? '—'} → ${x.to ?? '—'}`)),
    h('div.tk-history', null, h('span.muted', null, issue.created), ' ', h('b', null, userName(api.world, issue.reporter)), ' reported the issue'));
  const right = h('div.tk-issue-side', { 'data-gym': 'scroll:issue-side', 'data-scroll-key': `tracker:issue-side:${issue.id}` },
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
