// Tests of Cairn's issue page: inline edits, labels, comments, links, subtasks, creating and deleting issues.

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import * as tk from './logic.js';

const world = readJson('apps/tracker/world.json');
const { sprintPoints, validateNewIssue, findIssue } = tk;

async function open(reset = {}) {
  const dev = await loadDevice({ apps: ['tracker'], reset: { seed: 1, ...reset } });
  dev.system({ type: 'open', app: 'tracker' });
  return dev;
}

const app = (dev) => dev.getState().apps.tracker;
const data = (dev) => app(dev).data;
const ui = (dev) => app(dev).ui;
const issue = (dev, key) => data(dev).issues.find((i) => i.id === key);
const act = (dev, action) => dev.dispatch('tracker', action);
const type = (dev, key, value) => act(dev, { type: '@draft', key, value });

/** Sprint totals always equal the sum over their issues (the invariant the board and Sprints view show). */
function assertSprintInvariant(dev) {
  const d = data(dev);
  for (const s of d.sprints) {
    const sum = d.issues.filter((i) => i.sprint === s.id).reduce((a, i) => a + (i.points || 0), 0);
    assert.equal(sprintPoints(d, s.id), sum, s.id);
  }
  for (const i of d.issues) {
    if (i.parent) assert.equal(i.sprint, findIssue(d, i.parent).sprint, `${i.id} follows its parent's sprint`);
    if (i.sprint) assert.equal(d.sprints.find((s) => s.id === i.sprint).project, i.project);
  }
}

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
  assert.match(ui(dev).notice, /own comments/);
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
  act(dev, { type: 'delete_issue', key: 'TRK-2' });
  act(dev, { type: 'confirm_delete' });
  assert.ok(!data(dev).issues.some((i) => i.epic === 'TRK-2'), 'issues leave a deleted epic');
  act(dev, { type: 'confirm_delete' });
});
