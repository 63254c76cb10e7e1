// Tests of Cairn's sprints and backlog: the sprint field, completing a sprint, filters, sort and bulk edits.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as tk from './logic.js';
import { world, open, data, ui, issue, sprint, act, type, assertSprintInvariant } from './testkit.mjs';

const { sprintPoints, backlogRows } = tk;

test('sprint field: same project, not closed, epics excluded, subtasks follow their parent', async () => {
  const dev = await open();
  act(dev, { type: 'open_issue', key: 'TRK-3' });
  act(dev, { type: 'set_field', key: 'TRK-3', field: 'sprint', value: 'trk-s8' });
  assert.equal(issue(dev, 'TRK-3').sprint, 'trk-s8');
  assert.equal(issue(dev, 'TRK-4').sprint, 'trk-s8');
  assert.equal(issue(dev, 'TRK-5').sprint, 'trk-s8');
  assertSprintInvariant(dev);
  act(dev, { type: 'open_issue', key: 'TRK-5' });
  act(dev, { type: 'set_field', key: 'TRK-5', field: 'sprint', value: 'trk-s7' });
  assert.match(ui(dev).notice, /Subtasks follow their parent/);
  act(dev, { type: 'open_issue', key: 'TRK-3' });
  act(dev, { type: 'set_field', key: 'TRK-3', field: 'sprint', value: 'trk-s6' });
  assert.match(ui(dev).notice, /closed/);
  act(dev, { type: 'open_issue', key: 'TRK-3' });
  act(dev, { type: 'set_field', key: 'TRK-3', field: 'sprint', value: 'mob-s4' });
  assert.match(ui(dev).notice, /same project/);
  act(dev, { type: 'open_issue', key: 'TRK-1' });
  act(dev, { type: 'set_field', key: 'TRK-1', field: 'sprint', value: 'trk-s7' });
  assert.match(ui(dev).notice, /Epics/);
  act(dev, { type: 'open_issue', key: 'TRK-3' });
  act(dev, { type: 'set_field', key: 'TRK-3', field: 'sprint', value: 'none' });
  assert.equal(issue(dev, 'TRK-5').sprint, null);
  assertSprintInvariant(dev);
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
  // Start the next one (from the sprint list): committed points are snapshot.
  act(dev, { type: 'start_sprint', id: 'trk-s8' });
  assert.equal(sprint(dev, 'trk-s8').state, 'planned', 'the board shows no Start button');
  act(dev, { type: 'view', screen: 'sprints' });
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

test('the backlog filter text ignores accents and case', async () => {
  const dev = await open();
  const d = data(dev);
  const target = d.issues.find((i) => i.project === 'TRK');
  dev.setState({ apps: { tracker: { data: { issues: d.issues.map((i) => (i.id === target.id ? { ...i, title: 'Résumé upload fails for Zoë' } : i)) } } } });
  for (const q of ['resume upload', 'ZOE', '  RÉSUMÉ  upload ']) {
    type(dev, 'filter-text', q);
    assert.deepEqual(backlogRows(data(dev), ui(dev), world).map((i) => i.id), [target.id], q);
  }
});
