import test from 'node:test';
import assert from 'node:assert/strict';
import * as tk from './logic.js';
import { world, open, data, ui, issue, sprint, act, assertSprintInvariant } from './testkit.mjs';

const {
  checkTransition, parsePoints, normalizeLabel, matchesFilters, sortIssues, sprintPoints, sprintDonePoints,
  activeSprint, nextSprint, projectSprints, blockersOf, subtasksOf, compareKeys, dateAfter, findIssue,
} = tk;

const snap = (dev) => JSON.parse(JSON.stringify(data(dev)));

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

test('comment times without an offset are read as UTC whatever the host time zone', () => {
  const w = JSON.parse(JSON.stringify(world));
  w.comments[0].ts = '2026-03-12T15:10';
  const ctx = { now: Date.UTC(2026, 2, 14, 9, 30) };
  const zone = process.env.TZ;
  const inits = [];
  try {
    for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      process.env.TZ = tz;
      inits.push(tk.init(w, ctx).data);
    }
  } finally {
    if (zone === undefined) delete process.env.TZ; else process.env.TZ = zone;
  }
  assert.equal(inits[0].comments[0].ts, Date.UTC(2026, 2, 12, 15, 10));
  for (const d of inits.slice(1)) assert.deepEqual(d, inits[0]);
});

test('backlog sort by title follows compareText (accented titles sit with their letter); the text filter ignores extra spaces', () => {
  const mk = (id, title, assignee = null) => ({ id, project: 'TRK', type: 'task', title, status: 'todo', priority: 'low', assignee, labels: [] });
  const list = [mk('TRK-1', 'zebra crossing'), mk('TRK-2', 'Éclair menu'), mk('TRK-3', 'apple pay'), mk('TRK-4', 'Basket')];
  assert.deepEqual(sortIssues(list, { col: 'title', dir: 'asc' }).map((i) => i.id), ['TRK-3', 'TRK-4', 'TRK-2', 'TRK-1']);
  assert.deepEqual(sortIssues(list, { col: 'title', dir: 'desc' }).map((i) => i.id), ['TRK-1', 'TRK-2', 'TRK-4', 'TRK-3']);
  const people = { users: [{ id: 'u1', name: 'Émile Roy' }, { id: 'u2', name: 'Zoe Hart' }, { id: 'u3', name: 'adam Lee' }] };
  const owned = [mk('TRK-1', 'a', 'u2'), mk('TRK-2', 'b', null), mk('TRK-3', 'c', 'u1'), mk('TRK-4', 'd', 'u3')];
  assert.deepEqual(sortIssues(owned, { col: 'assignee', dir: 'asc' }, people).map((i) => i.id), ['TRK-4', 'TRK-3', 'TRK-1', 'TRK-2']);
  assert.deepEqual(sortIssues(owned, { col: 'assignee', dir: 'desc' }, people).map((i) => i.id), ['TRK-2', 'TRK-1', 'TRK-3', 'TRK-4']);
  assert.ok(matchesFilters(mk('TRK-5', 'Session expires  during checkout'), {}, '  session   expires during '));
});
