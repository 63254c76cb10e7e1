// Tests of Cairn's issue page: inline edits, labels, comments, links, subtasks, creating and deleting issues.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as tk from './logic.js';
import { world, open, data, ui, issue, act, type, assertSprintInvariant } from './testkit.mjs';

const { validateNewIssue } = tk;

test('issue detail: inline edits of menus and text fields, with history', async () => {
  const dev = await open();
  act(dev, { type: 'open_issue', key: 'trk-17' });
  assert.equal(ui(dev).screen, 'issue');
  assert.equal(ui(dev).issue, 'TRK-17');
  act(dev, { type: 'edit_field', field: 'assignee' });
  assert.equal(ui(dev).editField, 'assignee');
  act(dev, { type: 'set_field', field: 'assignee', value: 'u-hana' });
  assert.equal(issue(dev, 'TRK-17').assignee, 'u-hana');
  assert.equal(ui(dev).editField, null);
  act(dev, { type: 'set_field', field: 'assignee', value: 'none' });
  assert.equal(issue(dev, 'TRK-17').assignee, null);
  act(dev, { type: 'set_field', field: 'assignee', value: 'u-ghost' });
  assert.equal(issue(dev, 'TRK-17').assignee, null);
  act(dev, { type: 'set_field', field: 'priority', value: 'low' });
  act(dev, { type: 'set_field', field: 'priority', value: 'whenever' });
  assert.equal(issue(dev, 'TRK-17').priority, 'low');
  act(dev, { type: 'set_field', field: 'type', value: 'story' });
  assert.equal(issue(dev, 'TRK-17').type, 'story');
  act(dev, { type: 'set_field', field: 'type', value: 'epic' });
  assert.equal(issue(dev, 'TRK-17').type, 'story');
  act(dev, { type: 'set_field', field: 'epic', value: 'TRK-2' });
  assert.equal(issue(dev, 'TRK-17').epic, 'TRK-2');
  act(dev, { type: 'set_field', field: 'epic', value: 'MOB-1' });
  assert.equal(issue(dev, 'TRK-17').epic, 'TRK-2', 'epics of other projects are refused');
  act(dev, { type: 'set_field', field: 'epic', value: 'TRK-3' });
  assert.equal(issue(dev, 'TRK-17').epic, 'TRK-2', 'only epics');
  act(dev, { type: 'set_field', field: 'reporter', value: 'u-bram' });
  assert.match(ui(dev).notice, /not editable/);
  act(dev, { type: 'edit_field', field: 'title' });
  assert.equal(ui(dev).drafts.title, 'Session expires during checkout');
  type(dev, 'title', '   ');
  act(dev, { type: 'save_field' });
  assert.match(ui(dev).errors.title, /Enter a title/);
  type(dev, 'title', 'x'.repeat(121));
  act(dev, { type: 'save_field' });
  assert.match(ui(dev).errors.title, /at most/);
  type(dev, 'title', ' Session expires on the payment step ');
  act(dev, { type: 'save_field' });
  assert.equal(issue(dev, 'TRK-17').title, 'Session expires on the payment step');
  act(dev, { type: 'edit_field', field: 'description' });
  type(dev, 'description', 'Happens after 10 minutes.');
  act(dev, { type: 'save_field' });
  assert.equal(issue(dev, 'TRK-17').description, 'Happens after 10 minutes.');
  act(dev, { type: 'edit_field', field: 'points' });
  type(dev, 'points', '4');
  act(dev, { type: 'save_field' });
  assert.match(ui(dev).errors.points, /one of/);
  assert.equal(issue(dev, 'TRK-17').points, 3);
  type(dev, 'points', '5');
  act(dev, { type: 'save_field' });
  assert.equal(issue(dev, 'TRK-17').points, 5);
  act(dev, { type: 'edit_field', field: 'points' });
  act(dev, { type: 'cancel_field' });
  assert.equal(ui(dev).editField, null);
  const fields = data(dev).history.filter((x) => x.issue === 'TRK-17').map((x) => x.field);
  assert.deepEqual(fields, ['assignee', 'assignee', 'priority', 'type', 'epic', 'title', 'description', 'points']);
  act(dev, { type: 'open_issue', key: 'TRK-4' });
  act(dev, { type: 'save_field', field: 'points', value: '2' });
  assert.equal(issue(dev, 'TRK-4').points, null);
  assert.match(ui(dev).notice, /not estimated/);
});

test('labels, comments, links, subtasks', async () => {
  const dev = await open();
  act(dev, { type: 'open_issue', key: 'TRK-21' });
  type(dev, 'label', ' Needs QA ');
  act(dev, { type: 'add_label' });
  assert.deepEqual(issue(dev, 'TRK-21').labels, ['checkout', 'needs-qa']);
  act(dev, { type: 'add_label', label: 'needs-qa' });
  assert.deepEqual(issue(dev, 'TRK-21').labels, ['checkout', 'needs-qa']);
  act(dev, { type: 'add_label', label: '!!' });
  assert.match(ui(dev).errors.label, /Labels use/);
  act(dev, { type: 'remove_label', label: 'checkout' });
  assert.deepEqual(issue(dev, 'TRK-21').labels, ['needs-qa']);
  type(dev, 'comment', '  Seen in the EUR store too.  ');
  act(dev, { type: 'add_comment' });
  const c = data(dev).comments.at(-1);
  assert.deepEqual({ ...c, id: 'x' }, { id: 'x', issue: 'TRK-21', author: 'u-ada', ts: dev.getState().os.clock.now, text: 'Seen in the EUR store too.' });
  act(dev, { type: 'add_comment', text: '   ' });
  assert.equal(data(dev).comments.filter((x) => x.issue === 'TRK-21').length, 1);
  act(dev, { type: 'delete_comment', id: 'C1' });
  assert.ok(data(dev).comments.some((x) => x.id === 'C1'), 'a comment of TRK-6, not on screen');
  act(dev, { type: 'open_issue', key: 'TRK-6' });
  act(dev, { type: 'delete_comment', id: 'C1' });
  assert.match(ui(dev).notice, /own comments/);
  act(dev, { type: 'open_issue', key: 'TRK-21' });
  act(dev, { type: 'delete_comment', id: c.id });
  assert.equal(data(dev).comments.filter((x) => x.issue === 'TRK-21').length, 0);
  // Links
  act(dev, { type: 'start_link' });
  assert.equal(ui(dev).linking, true);
  act(dev, { type: 'link_kind', kind: 'blocked_by' });
  type(dev, 'link-key', 'trk-22');
  act(dev, { type: 'save_link' });
  const l = data(dev).links.at(-1);
  assert.deepEqual([l.from, l.to], ['TRK-22', 'TRK-21']);
  act(dev, { type: 'start_link' });
  type(dev, 'link-key', 'TRK-22');
  act(dev, { type: 'save_link' });
  assert.match(ui(dev).errors.link, /both ways/);
  act(dev, { type: 'link_kind', kind: 'blocked_by' });
  act(dev, { type: 'save_link' });
  assert.match(ui(dev).errors.link, /already blocks/);
  type(dev, 'link-key', 'TRK-21');
  act(dev, { type: 'save_link' });
  assert.match(ui(dev).errors.link, /itself/);
  type(dev, 'link-key', 'TRK-999');
  act(dev, { type: 'save_link' });
  assert.match(ui(dev).errors.link, /No issue TRK-999/);
  act(dev, { type: 'link_kind', kind: 'sideways' });
  assert.equal(ui(dev).linkKind, 'blocked_by');
  act(dev, { type: 'cancel_link' });
  act(dev, { type: 'unlink', id: l.id });
  assert.ok(!data(dev).links.some((x) => x.id === l.id));
  // Subtasks
  act(dev, { type: 'open_issue', key: 'TRK-13' });
  act(dev, { type: 'start_subtask' });
  act(dev, { type: 'save_subtask' });
  assert.match(ui(dev).errors.subtask, /Enter a title/);
  type(dev, 'subtask-title', 'Exclude archived orders from the index');
  act(dev, { type: 'save_subtask' });
  const sub = issue(dev, 'TRK-28');
  assert.equal(sub.parent, 'TRK-13');
  assert.equal(sub.sprint, 'trk-s7');
  assert.equal(sub.type, 'subtask');
  assert.equal(data(dev).counters.TRK, 29);
  act(dev, { type: 'open_issue', key: 'TRK-1' });
  act(dev, { type: 'start_subtask' });
  assert.match(ui(dev).notice, /Epics can't have subtasks/);
  act(dev, { type: 'cancel_subtask' });
  assertSprintInvariant(dev);
});

test('create issue: validation, choices, key from the project counter', async () => {
  const dev = await open();
  act(dev, { type: 'select_project', key: 'MOB' });
  act(dev, { type: 'new_issue' });
  assert.equal(ui(dev).dialog, 'create');
  assert.equal(ui(dev).newIssue.sprint, 'mob-s4', 'the active sprint is preselected');
  act(dev, { type: 'create_issue' });
  assert.match(ui(dev).errors.title, /Enter a title/);
  type(dev, 'new-title', 'Checkout button hidden by keyboard');
  type(dev, 'new-points', '4');
  type(dev, 'new-labels', 'ui, !!');
  act(dev, { type: 'create_issue' });
  assert.match(ui(dev).errors.points, /one of/);
  assert.match(ui(dev).errors.labels, /Labels use/);
  type(dev, 'new-points', '3');
  type(dev, 'new-labels', 'UI, android, ui');
  act(dev, { type: 'new_set', field: 'type', value: 'bug' });
  act(dev, { type: 'new_set', field: 'priority', value: 'high' });
  act(dev, { type: 'menu', id: 'new-assignee' });
  act(dev, { type: 'new_set', field: 'assignee', value: 'u-dario' });
  assert.equal(ui(dev).menu, null);
  act(dev, { type: 'new_set', field: 'color', value: 'red' });
  act(dev, { type: 'create_issue' });
  const i = issue(dev, 'MOB-18');
  assert.deepEqual(i, { id: 'MOB-18', project: 'MOB', type: 'bug', title: 'Checkout button hidden by keyboard',
    status: 'todo', priority: 'high', assignee: 'u-dario', reporter: 'u-ada', points: 3, sprint: 'mob-s4', labels: ['ui', 'android'],
    created: '2026-03-14' });
  assert.equal(ui(dev).dialog, null);
  assert.match(ui(dev).notice, /Created MOB-18/);
  assert.equal(data(dev).counters.MOB, 19);
  act(dev, { type: 'create_issue' });
  assert.equal(data(dev).issues.length, world.issues.length + 1);
  assert.match(validateNewIssue(data(dev), 'MOB', { 'new-title': 'x' }, { sprint: 'trk-s7' }).errors.sprint, /open sprint/);
  act(dev, { type: 'new_issue' });
  act(dev, { type: 'close_dialog' });
  assert.equal(ui(dev).dialog, null);
  assertSprintInvariant(dev);
});

test('delete issue: confirm; subtasks block it; links, comments and epic references go', async () => {
  const dev = await open();
  act(dev, { type: 'delete_issue', key: 'TRK-3' });
  assert.equal(ui(dev).notice, null, 'not from the board');
  act(dev, { type: 'open_issue', key: 'TRK-3' });
  act(dev, { type: 'delete_issue', key: 'TRK-3' });
  assert.match(ui(dev).notice, /has subtasks/);
  assert.equal(ui(dev).dialog, null);
  act(dev, { type: 'open_issue', key: 'TRK-26' });
  act(dev, { type: 'delete_issue' });
  assert.equal(ui(dev).dialog, 'delete');
  act(dev, { type: 'close_dialog' });
  assert.ok(issue(dev, 'TRK-26'));
  act(dev, { type: 'delete_issue' });
  act(dev, { type: 'confirm_delete' });
  assert.equal(issue(dev, 'TRK-26'), undefined);
  assert.ok(!data(dev).comments.some((c) => c.issue === 'TRK-26'));
  assert.equal(ui(dev).screen, 'backlog');
  act(dev, { type: 'open_issue', key: 'TRK-27' });
  act(dev, { type: 'delete_issue' });
  act(dev, { type: 'confirm_delete' });
  assert.ok(!data(dev).links.some((l) => l.to === 'TRK-27'));
  assert.equal(data(dev).counters.TRK, 28, 'keys are never reused');
  act(dev, { type: 'open_issue', key: 'TRK-2' });
  act(dev, { type: 'delete_issue', key: 'TRK-2' });
  act(dev, { type: 'confirm_delete' });
  assert.ok(!data(dev).issues.some((i) => i.epic === 'TRK-2'), 'issues leave a deleted epic');
  assert.ok(!data(dev).issues.some((i) => 'epic' in i && !i.epic), 'with no empty epic key, as clearing the field leaves them');
  act(dev, { type: 'confirm_delete' });
});

test('a Done issue gets no new subtask (Done means every subtask is Done); reopened, it does', async () => {
  const dev = await open();
  const done = data(dev).issues.find((i) => i.status === 'done' && ['story', 'bug', 'task'].includes(i.type));
  act(dev, { type: 'open_issue', key: done.id });
  const before = JSON.stringify(data(dev));
  act(dev, { type: 'start_subtask' });
  assert.match(ui(dev).notice, /Reopen it/);
  assert.equal(ui(dev).addingSubtask, false);
  act(dev, { type: 'save_subtask', title: 'Late follow-up' });
  assert.match(ui(dev).notice, /Reopen it/);
  assert.equal(JSON.stringify(data(dev)), before);
  if (!done.assignee) act(dev, { type: 'set_field', field: 'assignee', value: 'u-ada' });
  act(dev, { type: 'move', to: 'in_progress' });
  act(dev, { type: 'save_subtask', title: 'Late follow-up' });
  assert.ok(data(dev).issues.some((i) => i.parent === done.id && i.title === 'Late follow-up'));
});

test('an open issue cannot join a Done epic (Done means every issue of the epic is Done)', () => {
  const tkl = tk;
  const state = tkl.init(world, { now: Date.UTC(2026, 2, 14, 9, 30) });
  const epic = state.data.issues.find((i) => i.id === 'TRK-2');
  epic.status = 'done';
  let n = 0;
  const ctx = { world, now: 0, uid: (p) => `${p}x${(n += 1)}` };
  const open = state.data.issues.find((i) => i.project === 'TRK' && i.status !== 'done' && ['story', 'bug', 'task'].includes(i.type) && i.epic !== 'TRK-2');
  tkl.reduce(state, { type: 'open_issue', key: open.id }, ctx);
  const before = JSON.stringify(state.data);
  tkl.reduce(state, { type: 'set_field', key: open.id, field: 'epic', value: 'TRK-2' }, ctx);
  assert.match(state.ui.notice, /Epic TRK-2 is Done/);
  assert.equal(JSON.stringify(state.data), before);
  const finished = state.data.issues.find((i) => i.project === 'TRK' && i.status === 'done' && ['story', 'bug', 'task'].includes(i.type) && i.epic !== 'TRK-2');
  tkl.reduce(state, { type: 'open_issue', key: finished.id }, ctx);
  tkl.reduce(state, { type: 'set_field', key: finished.id, field: 'epic', value: 'TRK-2' }, ctx);
  assert.equal(state.data.issues.find((i) => i.id === finished.id).epic, 'TRK-2', 'a Done issue may join');
});

test('unlink: only a link of the open issue, recorded on that issue', async () => {
  const dev = await open();
  const link = data(dev).links[0];
  const other = data(dev).issues.find((i) => i.id !== link.from && i.id !== link.to);
  act(dev, { type: 'open_issue', key: other.id });
  act(dev, { type: 'unlink', id: link.id });
  assert.ok(data(dev).links.some((l) => l.id === link.id), 'the open issue does not show that link');
  assert.deepEqual(data(dev).history, []);
  act(dev, { type: 'open_issue', key: link.to });
  act(dev, { type: 'unlink', id: link.id });
  const h = data(dev).history[data(dev).history.length - 1];
  assert.equal(h.field, 'link');
  assert.equal(h.issue, link.to);
  assert.equal(h.from, `${link.from} blocks ${link.to}`);
});

test('new keys skip keys in use: an issue patched in as MOB-18 gives no duplicate key', async () => {
  const dev = await open();
  const mob = data(dev).issues.find((i) => i.project === 'MOB');
  dev.setState({ apps: { tracker: { data: { issues: [...data(dev).issues, { ...mob, id: 'MOB-18' }] } } } });
  act(dev, { type: 'select_project', key: 'MOB' });
  act(dev, { type: 'new_issue' });
  type(dev, 'new-title', 'Patched scenario');
  act(dev, { type: 'create_issue' });
  const keys = data(dev).issues.map((i) => i.id);
  assert.equal(new Set(keys).size, keys.length);
  assert.equal(keys.at(-1), 'MOB-19');
  assert.equal(data(dev).counters.MOB, 20);
});

test('descriptions stay within 2000 characters, as comments do: the field editor and the create dialog refuse more', async () => {
  const dev = await open();
  act(dev, { type: 'open_issue', key: 'TRK-3' });
  const before = JSON.stringify(data(dev));
  act(dev, { type: 'edit_field', field: 'description' });
  act(dev, { type: 'save_field', field: 'description', value: 'x'.repeat(2001) });
  assert.match(ui(dev).errors.description, /at most 2000/);
  assert.equal(JSON.stringify(data(dev)), before);
  act(dev, { type: 'new_issue' });
  type(dev, 'new-title', 'Long one');
  type(dev, 'new-description', 'y'.repeat(2001));
  act(dev, { type: 'create_issue' });
  assert.match(ui(dev).errors.description, /at most 2000/);
  assert.equal(JSON.stringify(data(dev)), before);
});

test('issue actions act only on what is on screen: the open issue, a board card, a backlog row', async () => {
  const dev = await open();
  const active = data(dev).sprints.find((s) => s.project === 'TRK' && s.state === 'active');
  const offBoard = data(dev).issues.find((i) => i.project === 'TRK' && i.sprint !== active.id && i.type === 'task' && i.status === 'todo');
  const onBoard = data(dev).issues.find((i) => i.sprint === active.id && i.status === 'todo' && i.assignee);
  const before = JSON.stringify(data(dev));
  // on the board: an issue's fields, labels and comments are not shown, nor a card outside the active sprint
  for (const a of [{ type: 'set_field', key: onBoard.id, field: 'priority', value: 'urgent' },
    { type: 'add_label', key: onBoard.id, label: 'ghost' }, { type: 'add_comment', key: onBoard.id, text: 'unseen' },
    { type: 'move', key: offBoard.id, to: 'in_progress' }, { type: 'select_card', key: offBoard.id },
    { type: 'start_sprint', id: 'trk-s8' }, { type: 'delete_issue', key: onBoard.id }]) act(dev, a);
  assert.equal(JSON.stringify(data(dev)), before);
  assert.equal(ui(dev).dialog, null);
  assert.equal(ui(dev).selected, null);
  act(dev, { type: 'move', key: onBoard.id, to: 'in_progress' });
  assert.equal(issue(dev, onBoard.id).status, 'in_progress', 'a card on the board moves');
  // the open issue's screen: a key of another issue does nothing, nor anything under a dialog
  act(dev, { type: 'open_issue', key: offBoard.id });
  const opened = JSON.stringify(data(dev));
  act(dev, { type: 'set_field', key: onBoard.id, field: 'priority', value: 'low' });
  act(dev, { type: 'move', key: onBoard.id, to: 'todo' });
  act(dev, { type: 'delete_issue' });
  assert.equal(ui(dev).dialog, 'delete');
  act(dev, { type: 'add_comment', text: 'under the dialog' });
  act(dev, { type: 'set_field', field: 'priority', value: 'low' });
  assert.equal(JSON.stringify(data(dev)), opened);
  act(dev, { type: 'close_dialog' });
  act(dev, { type: 'set_field', key: offBoard.id.toLowerCase(), field: 'priority', value: 'low' });
  assert.equal(issue(dev, offBoard.id).priority, 'low');
  // the backlog: a row hidden by the filter text is not checked; the bulk bar is on the backlog only
  act(dev, { type: 'view', screen: 'backlog' });
  type(dev, 'filter-text', offBoard.title);
  act(dev, { type: 'check', key: onBoard.id });
  assert.deepEqual(ui(dev).checked, []);
  act(dev, { type: 'check', key: offBoard.id });
  assert.deepEqual(ui(dev).checked, [offBoard.id]);
  act(dev, { type: 'view', screen: 'board' });
  act(dev, { type: 'bulk_set', field: 'priority', value: 'urgent' });
  assert.equal(issue(dev, offBoard.id).priority, 'low', 'not from the board');
  act(dev, { type: 'view', screen: 'backlog' });
  act(dev, { type: 'bulk_set', field: 'priority', value: 'urgent' });
  assert.equal(issue(dev, offBoard.id).priority, 'urgent');
});
