import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import * as tk from './logic.js';

const world = readJson('apps/tracker/world.json');
const {
  checkTransition, parsePoints, normalizeLabel, matchesFilters, sortIssues, sprintPoints, sprintDonePoints, activeSprint,
  nextSprint, projectSprints, blockersOf, subtasksOf, backlogRows, compareKeys, validateNewIssue, dateAfter, findIssue,
} = tk;

async function open(reset = {}) {
  const dev = await loadDevice({ apps: ['tracker'], reset: { seed: 1, ...reset } });
  dev.system({ type: 'open', app: 'tracker' });
  return dev;
}
const app = (dev) => dev.getState().apps.tracker;
const data = (dev) => app(dev).data;
const ui = (dev) => app(dev).ui;
const issue = (dev, key) => data(dev).issues.find((i) => i.id === key);
const sprint = (dev, id) => data(dev).sprints.find((s) => s.id === id);
const act = (dev, action) => dev.dispatch('tracker', action);
const type = (dev, key, value) => act(dev, { type: '@draft', key, value });
const snap = (dev) => JSON.parse(JSON.stringify(data(dev)));

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

test('init: issues copied, sprint dates relative to the virtual clock, counters past the highest key', async () => {
  const dev = await open();
  const d = data(dev);
  assert.equal(d.issues.length, world.issues.length);
  assert.deepEqual(sprint(dev, 'trk-s7'), { ...world.sprints[1], start: '2026-03-10', end: '2026-03-24' });
  assert.deepEqual(d.counters, { TRK: 28, MOB: 18, OPS: 10 });
  assert.equal(ui(dev).screen, 'board');
  assert.equal(ui(dev).project, 'TRK');
  const later = await open({ now: Date.UTC(2026, 5, 1, 12) });
  assert.equal(sprint(later, 'trk-s7').start, '2026-05-28');
  assert.equal(dateAfter(Date.UTC(2026, 2, 14, 23, 59), 1), '2026-03-15');
  assert.ok(JSON.stringify(dev.getState()).length < 18000, 's0 stays small');
  assertSprintInvariant(dev);
});

test('selectors: sprints, points, blockers, subtasks, key order', async () => {
  const dev = await open();
  const d = data(dev);
  assert.equal(activeSprint(d, 'TRK').id, 'trk-s7');
  assert.equal(nextSprint(d, 'TRK').id, 'trk-s8');
  assert.deepEqual(projectSprints(d, 'TRK').map((s) => s.id), ['trk-s7', 'trk-s8', 'trk-s9', 'trk-s6']);
  assert.equal(sprintPoints(d, 'trk-s7'), 28);
  assert.equal(sprintDonePoints(d, 'trk-s7'), 4);
  assert.equal(sprintPoints(d, 'mob-s4'), 24);
  assert.equal(sprintPoints(d, 'ops-s12'), 15);
  assert.deepEqual(blockersOf(d, 'TRK-9').map((b) => b.issue.id), ['TRK-10']);
  assert.deepEqual(subtasksOf(d, 'TRK-3').map((i) => i.id), ['TRK-4', 'TRK-5']);
  assert.deepEqual(['TRK-10', 'MOB-2', 'TRK-9'].sort(compareKeys), ['MOB-2', 'TRK-9', 'TRK-10']);
});

test('checkTransition: graph, assignee, subtasks, blockers, epics', async () => {
  const dev = await open();
  const d = data(dev);
  const check = (key, to) => checkTransition(d, findIssue(d, key), to);
  assert.match(check('TRK-8', 'done').reason, /can't move from To do to Done/);
  assert.match(check('TRK-8', 'in_review').reason, /Next allowed: In progress/);
  assert.match(check('TRK-8', 'in_progress').reason, /Assign TRK-8/);
  assert.equal(check('TRK-23', 'in_progress').ok, true);
  assert.match(check('TRK-10', 'done').reason, /can't move from In progress to Done/);
  assert.equal(check('TRK-10', 'in_review').ok, true);
  assert.equal(check('TRK-10', 'todo').ok, true);
  assert.match(check('TRK-9', 'done').reason, /blocked by TRK-10 \(In progress\)/);
  assert.match(check('TRK-6', 'done').reason, /open subtasks: TRK-23/);
  assert.equal(check('TRK-9', 'in_progress').ok, true);
  assert.equal(check('TRK-11', 'in_progress').ok, true, 'Done issues can be reopened');
  assert.match(check('TRK-11', 'todo').reason, /Next allowed: In progress/);
  assert.match(check('TRK-11', 'done').reason, /already Done/);
  assert.match(check('TRK-11', 'nope').reason, /Unknown status/);
  d.issues.find((i) => i.id === 'TRK-1').status = 'in_review';
  assert.match(check('TRK-1', 'done').reason, /Epic TRK-1 still has open issues/);
});

test('parsePoints, normalizeLabel, filters and sort', async () => {
  assert.deepEqual(parsePoints(''), { value: null });
  assert.deepEqual(parsePoints(' 8 '), { value: 8 });
  for (const bad of ['4', '-1', '2.5', 'x', '34']) assert.match(parsePoints(bad).error, /one of 0, 1, 2, 3, 5, 8, 13, 21/, bad);
  assert.equal(normalizeLabel(' Needs QA '), 'needs-qa');
  assert.equal(normalizeLabel('bad!'), '');
  assert.equal(normalizeLabel(''), '');
  const dev = await open();
  const d = data(dev);
  const trk = d.issues.filter((i) => i.project === 'TRK');
  assert.deepEqual(trk.filter((i) => matchesFilters(i, { type: 'bug', status: 'open' })).map((i) => i.id),
    ['TRK-6', 'TRK-8', 'TRK-13', 'TRK-17', 'TRK-21', 'TRK-26']);
  assert.deepEqual(trk.filter((i) => matchesFilters(i, { sprint: 'none', assignee: 'none' })).map((i) => i.id),
    ['TRK-17', 'TRK-18', 'TRK-21', 'TRK-25', 'TRK-26', 'TRK-27']);
  assert.deepEqual(trk.filter((i) => matchesFilters(i, { label: 'search' })).map((i) => i.id), ['TRK-13', 'TRK-24']);
  assert.deepEqual(trk.filter((i) => matchesFilters(i, {}, 'coupon')).map((i) => i.id), ['TRK-6', 'TRK-23', 'TRK-26']);
  const byPoints = sortIssues(trk.filter((i) => matchesFilters(i, { sprint: 'none', assignee: 'none' })), { col: 'points', dir: 'desc' });
  assert.equal(byPoints[0].id, 'TRK-25');
  assert.deepEqual(sortIssues(trk, { col: 'priority', dir: 'asc' })[0].id, 'TRK-17');
  assert.deepEqual(sortIssues(trk, { col: 'key', dir: 'desc' })[0].id, 'TRK-27');
  assert.equal(sortIssues(trk, { col: 'assignee', dir: 'asc' }, world)[0].assignee, 'u-bram');
  assert.equal(sortIssues(trk, { col: 'sprint', dir: 'asc' }, world, d)[0].sprint, 'trk-s6');
  assert.equal(sortIssues(trk, { col: 'title', dir: 'asc' })[0].id, 'TRK-2');
  assert.equal(sortIssues(trk, { col: 'status', dir: 'desc' })[0].status, 'done');
  assert.equal(sortIssues(trk, { col: 'type', dir: 'asc' })[0].type, 'bug');
});

test('board: select a card, move it by column; refused moves leave data unchanged', async () => {
  const dev = await open();
  act(dev, { type: 'select_card', key: 'TRK-10' });
  assert.equal(ui(dev).selected, 'TRK-10');
  act(dev, { type: 'move', to: 'in_review' });
  assert.equal(issue(dev, 'TRK-10').status, 'in_review');
  assert.equal(ui(dev).selected, null);
  const h = data(dev).history.at(-1);
  assert.deepEqual({ ...h, id: 'x' }, { id: 'x', issue: 'TRK-10', ts: dev.getState().os.clock.now, by: 'u-ada', field: 'status', from: 'in_progress', to: 'in_review' });
  act(dev, { type: 'select_card', key: 'TRK-8' });
  const before = snap(dev);
  act(dev, { type: 'move', to: 'done' });
  assert.deepEqual(snap(dev), before);
  assert.match(ui(dev).notice, /can't move from To do to Done/);
  assert.equal(ui(dev).selected, 'TRK-8', 'the card stays selected after a refusal');
  act(dev, { type: 'select_card', key: 'TRK-8' });
  assert.equal(ui(dev).selected, null);
  act(dev, { type: 'move', key: 'TRK-8', to: 'in_progress' });
  assert.match(ui(dev).notice, /Assign TRK-8/);
  act(dev, { type: 'select_card', key: 'NOPE-1' });
  act(dev, { type: 'move', key: 'NOPE-1', to: 'done' });
});

test('finishing a blocked issue: the blocker has to be Done first', async () => {
  const dev = await open();
  act(dev, { type: 'move', key: 'TRK-9', to: 'done' });
  assert.equal(issue(dev, 'TRK-9').status, 'in_review');
  act(dev, { type: 'move', key: 'TRK-10', to: 'in_review' });
  act(dev, { type: 'move', key: 'TRK-10', to: 'done' });
  act(dev, { type: 'move', key: 'TRK-9', to: 'done' });
  assert.equal(issue(dev, 'TRK-9').status, 'done');
  // A parent with an open subtask.
  act(dev, { type: 'move', key: 'TRK-6', to: 'done' });
  assert.match(ui(dev).notice, /open subtasks/);
  for (const to of ['in_progress', 'in_review', 'done']) act(dev, { type: 'move', key: 'TRK-23', to });
  act(dev, { type: 'move', key: 'TRK-6', to: 'done' });
  assert.equal(issue(dev, 'TRK-6').status, 'done');
  act(dev, { type: 'move', key: 'TRK-23', to: 'in_progress' });
  assert.match(ui(dev).notice, /parent TRK-6 is Done/);
  assert.equal(issue(dev, 'TRK-23').status, 'done');
});

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

test('sprint field: same project, not closed, epics excluded, subtasks follow their parent', async () => {
  const dev = await open();
  act(dev, { type: 'set_field', key: 'TRK-3', field: 'sprint', value: 'trk-s8' });
  assert.equal(issue(dev, 'TRK-3').sprint, 'trk-s8');
  assert.equal(issue(dev, 'TRK-4').sprint, 'trk-s8');
  assert.equal(issue(dev, 'TRK-5').sprint, 'trk-s8');
  assertSprintInvariant(dev);
  act(dev, { type: 'set_field', key: 'TRK-5', field: 'sprint', value: 'trk-s7' });
  assert.match(ui(dev).notice, /Subtasks follow their parent/);
  act(dev, { type: 'set_field', key: 'TRK-3', field: 'sprint', value: 'trk-s6' });
  assert.match(ui(dev).notice, /closed/);
  act(dev, { type: 'set_field', key: 'TRK-3', field: 'sprint', value: 'mob-s4' });
  assert.match(ui(dev).notice, /same project/);
  act(dev, { type: 'set_field', key: 'TRK-1', field: 'sprint', value: 'trk-s7' });
  assert.match(ui(dev).notice, /Epics/);
  act(dev, { type: 'set_field', key: 'TRK-3', field: 'sprint', value: 'none' });
  assert.equal(issue(dev, 'TRK-5').sprint, null);
  assertSprintInvariant(dev);
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

test('complete sprint: dialog, unfinished issues to the next sprint or the backlog, totals follow', async () => {
  const dev = await open();
  const open7 = data(dev).issues.filter((i) => i.sprint === 'trk-s7' && i.status !== 'done').map((i) => i.id);
  act(dev, { type: 'complete_sprint' });
  assert.equal(ui(dev).dialog, 'complete');
  assert.equal(ui(dev).dest, 'next');
  act(dev, { type: 'complete_dest', dest: 'backlog' });
  act(dev, { type: 'complete_dest', dest: 'mars' });
  assert.equal(ui(dev).dest, 'backlog');
  act(dev, { type: 'close_dialog' });
  assert.equal(sprint(dev, 'trk-s7').state, 'active');
  act(dev, { type: 'complete_sprint', id: 'trk-s7' });
  act(dev, { type: 'confirm_complete' });
  assert.equal(sprint(dev, 'trk-s7').state, 'closed');
  assert.equal(sprint(dev, 'trk-s7').completed, '2026-03-14');
  for (const k of open7) assert.equal(issue(dev, k).sprint, 'trk-s8', k);
  assert.deepEqual(data(dev).issues.filter((i) => i.sprint === 'trk-s7').map((i) => i.id), ['TRK-11', 'TRK-12']);
  assert.equal(issue(dev, 'TRK-4').sprint, 'trk-s8', 'a done subtask goes along with its unfinished parent');
  assert.equal(sprintPoints(data(dev), 'trk-s8'), 16 + 24);
  assert.equal(sprint(dev, 'trk-s7').done_points, 4);
  assertSprintInvariant(dev);
  act(dev, { type: 'complete_sprint', id: 'trk-s7' });
  assert.match(ui(dev).notice, /Only the active sprint/);
  // Start the next one: committed points are snapshot.
  act(dev, { type: 'start_sprint', id: 'trk-s9' });
  assert.match(ui(dev).notice, /no issues/);
  act(dev, { type: 'start_sprint', id: 'trk-s8' });
  assert.equal(sprint(dev, 'trk-s8').state, 'active');
  assert.equal(sprint(dev, 'trk-s8').committed, 40);
  act(dev, { type: 'start_sprint', id: 'trk-s9' });
  assert.match(ui(dev).notice, /Complete TRK Sprint 8/);
  // MOB to the backlog.
  act(dev, { type: 'select_project', key: 'MOB' });
  act(dev, { type: 'complete_sprint' });
  act(dev, { type: 'complete_dest', dest: 'backlog' });
  act(dev, { type: 'confirm_complete' });
  assert.equal(issue(dev, 'MOB-2').sprint, null);
  assert.equal(issue(dev, 'MOB-12').sprint, null, 'subtasks go along');
  assertSprintInvariant(dev);
});

test('backlog: filters, text, sort, check all, bulk edits with per-issue rules', async () => {
  const dev = await open();
  act(dev, { type: 'view', screen: 'backlog' });
  act(dev, { type: 'menu', id: 'filter:type' });
  assert.equal(ui(dev).menu, 'filter:type');
  act(dev, { type: 'set_filter', field: 'type', value: 'bug' });
  act(dev, { type: 'set_filter', field: 'status', value: 'open' });
  act(dev, { type: 'set_filter', field: 'colour', value: 'red' });
  assert.deepEqual(ui(dev).filters, { type: 'bug', status: 'open' });
  act(dev, { type: 'check_all' });
  assert.deepEqual(ui(dev).checked, ['TRK-6', 'TRK-8', 'TRK-13', 'TRK-17', 'TRK-21', 'TRK-26']);
  type(dev, 'bulk-label', 'Regression');
  act(dev, { type: 'bulk_label' });
  for (const k of ui(dev).checked) assert.ok(issue(dev, k).labels.includes('regression'), k);
  assert.ok(!issue(dev, 'TRK-11').labels.includes('regression'));
  act(dev, { type: 'bulk_label', label: '???' });
  assert.match(ui(dev).errors.bulk, /Labels use/);
  act(dev, { type: 'check_all' });
  assert.deepEqual(ui(dev).checked, [], 'check all again clears');
  act(dev, { type: 'set_filter', field: 'status', value: 'any' });
  act(dev, { type: 'set_filter', field: 'type', value: 'any' });
  type(dev, 'filter-text', 'coupon');
  assert.deepEqual(backlogRows(data(dev), ui(dev), world).map((i) => i.id), ['TRK-6', 'TRK-23', 'TRK-26']);
  act(dev, { type: 'check', key: 'TRK-23' });
  act(dev, { type: 'check', key: 'TRK-26' });
  act(dev, { type: 'bulk_set', field: 'sprint', value: 'trk-s8' });
  assert.equal(issue(dev, 'TRK-26').sprint, 'trk-s8');
  assert.equal(issue(dev, 'TRK-23').sprint, 'trk-s7');
  assert.match(ui(dev).notice, /Updated 1 of 2. Skipped: TRK-23 \(Subtasks follow/);
  act(dev, { type: 'bulk_set', field: 'assignee', value: 'u-celia' });
  assert.equal(issue(dev, 'TRK-23').assignee, 'u-celia');
  act(dev, { type: 'bulk_set', field: 'priority', value: 'low' });
  assert.equal(issue(dev, 'TRK-26').priority, 'low');
  act(dev, { type: 'bulk_set', field: 'status', value: 'done' });
  assert.equal(issue(dev, 'TRK-26').status, 'todo', 'bulk status is not offered');
  act(dev, { type: 'check', key: 'TRK-23' });
  assert.deepEqual(ui(dev).checked, ['TRK-26']);
  act(dev, { type: 'clear_checks' });
  assert.deepEqual(ui(dev).checked, []);
  act(dev, { type: 'bulk_set', field: 'priority', value: 'high' });
  assert.equal(issue(dev, 'TRK-26').priority, 'low', 'nothing checked, nothing changes');
  act(dev, { type: 'sort', col: 'points' });
  assert.deepEqual(ui(dev).sort, { col: 'points', dir: 'asc' });
  act(dev, { type: 'sort', col: 'points' });
  assert.deepEqual(ui(dev).sort, { col: 'points', dir: 'desc' });
  act(dev, { type: 'sort', col: 'nope' });
  assert.deepEqual(ui(dev).sort, { col: 'points', dir: 'desc' });
  act(dev, { type: 'clear_filters' });
  assert.deepEqual(ui(dev).filters, {});
  assert.equal(ui(dev).drafts['filter-text'], '');
  assertSprintInvariant(dev);
});

test('navigation: projects, views, issue pages, back, intents', async () => {
  const dev = await open();
  act(dev, { type: 'select_project', key: 'OPS' });
  assert.equal(ui(dev).project, 'OPS');
  act(dev, { type: 'select_project', key: 'ZZZ' });
  assert.equal(ui(dev).project, 'OPS');
  act(dev, { type: 'view', screen: 'sprints' });
  act(dev, { type: 'view', screen: 'nowhere' });
  assert.equal(ui(dev).screen, 'sprints');
  act(dev, { type: 'open_issue', key: 'OPS-3' });
  act(dev, { type: 'open_issue', key: 'OPS-1' });
  act(dev, { type: 'close_issue' });
  assert.equal(ui(dev).screen, 'sprints');
  dev.system({ type: 'back' });
  assert.equal(ui(dev).screen, 'issue');
  act(dev, { type: 'edit_field', field: 'priority' });
  dev.system({ type: 'back' });
  assert.equal(ui(dev).editField, null);
  while (ui(dev).stack.length) dev.system({ type: 'back' });
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
  dev.system({ type: 'open', app: 'tracker', intent: { issue: 'MOB-7' } });
  assert.equal(ui(dev).screen, 'issue');
  assert.equal(ui(dev).project, 'MOB');
  dev.system({ type: 'open', app: 'tracker', intent: { project: 'OPS' } });
  assert.equal(ui(dev).screen, 'board');
  act(dev, { type: 'dismiss' });
  assert.equal(act(dev, { type: 'warp' }), false);
});

test('bad input never changes data', async () => {
  const dev = await open();
  const before = snap(dev);
  for (const a of [
    { type: 'move', key: 'NOPE-1', to: 'done' }, { type: 'move', key: 'TRK-8', to: 'sideways' }, { type: 'set_field', key: 'NOPE', field: 'assignee', value: 'u-bram' },
    { type: 'save_field', key: 'TRK-8', field: 'status', value: 'done' }, { type: 'add_label', key: 'NOPE', label: 'x' }, { type: 'remove_label', key: 'TRK-8', label: 'nope' },
    { type: 'add_comment', key: 'NOPE', text: 'x' }, { type: 'delete_comment', id: 'nope' }, { type: 'save_link', key: 'TRK-8', other: 'TRK-8' },
    { type: 'unlink', id: 'nope' }, { type: 'save_subtask', key: 'TRK-1', title: 'x' }, { type: 'create_issue' }, { type: 'confirm_delete' },
    { type: 'confirm_complete' }, { type: 'start_sprint', id: 'trk-s7' }, { type: 'start_sprint', id: 'nope' }, { type: 'bulk_label' },
  ]) act(dev, a);
  assert.deepEqual(snap(dev), before);
});
