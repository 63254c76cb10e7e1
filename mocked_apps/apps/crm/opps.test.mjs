// Opportunities: stages, probabilities, lost reasons, reopening and deal edits.

import test from 'node:test';
import assert from 'node:assert/strict';
import { open, data, ui, act, type, opp, snap } from './testkit.mjs';

test('opportunity stages: default probabilities, lost needs a reason, closed deals locked, reopen', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'O-403' });
  act(dev, { type: 'opp_stage', stage: 'proposal' });
  assert.deepEqual([opp(dev, 'O-403').stage, opp(dev, 'O-403').probability], ['proposal', 50]);
  assert.equal(ui(dev).drafts['o-prob'], '50');
  act(dev, { type: 'opp_stage', stage: 'nowhere' });
  assert.equal(opp(dev, 'O-403').stage, 'proposal');
  act(dev, { type: 'opp_stage', stage: 'closed_lost' });
  assert.equal(ui(dev).dialog, 'lost');
  assert.equal(opp(dev, 'O-403').stage, 'proposal');
  act(dev, { type: 'confirm_lost' });
  assert.equal(ui(dev).errors.lost, 'Pick a reason');
  act(dev, { type: 'lost_reason', reason: 'aliens' });
  act(dev, { type: 'lost_reason', reason: 'timing' });
  act(dev, { type: 'confirm_lost' });
  assert.deepEqual([opp(dev, 'O-403').stage, opp(dev, 'O-403').probability, opp(dev, 'O-403').lost_reason], ['closed_lost', 0, 'timing']);
  act(dev, { type: 'opp_stage', stage: 'negotiation' });
  assert.match(ui(dev).notice, /locked/);
  type(dev, 'o-amount', '5');
  act(dev, { type: 'save_opp' });
  assert.match(ui(dev).notice, /locked/);
  act(dev, { type: 'reopen' });
  assert.deepEqual([opp(dev, 'O-403').stage, opp(dev, 'O-403').probability, opp(dev, 'O-403').lost_reason], ['negotiation', 75, undefined]);
  act(dev, { type: 'reopen' });
  act(dev, { type: 'opp_stage', stage: 'closed_won' });
  assert.deepEqual([opp(dev, 'O-403').stage, opp(dev, 'O-403').probability], ['closed_won', 100]);
  act(dev, { type: 'open', id: 'O-414' });
  act(dev, { type: 'reopen' });
  assert.equal(opp(dev, 'O-414').close, '2026-03-28', 'a reopened deal gets a future close date');
});

test('opportunity edits: amount, close date in the future, probability', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'O-402' });
  const before = snap(dev);
  type(dev, 'o-amount', 'lots');
  type(dev, 'o-close', '2026-03-01');
  type(dev, 'o-prob', '150');
  type(dev, 'o-name', ' ');
  act(dev, { type: 'save_opp' });
  assert.deepEqual(Object.keys(ui(dev).errors).sort(), ['o-amount', 'o-close', 'o-name', 'o-prob']);
  assert.deepEqual(data(dev), before);
  type(dev, 'o-name', 'Corvid patient-flow dashboards');
  type(dev, 'o-amount', '118,000');
  type(dev, 'o-close', '2026-04-17');
  type(dev, 'o-prob', '70');
  type(dev, 'o-next', 'Redline MSA');
  act(dev, { type: 'save_opp' });
  assert.deepEqual([opp(dev, 'O-402').amount, opp(dev, 'O-402').close, opp(dev, 'O-402').probability, opp(dev, 'O-402').next_step], [118000, '2026-04-17', 70, 'Redline MSA']);
  act(dev, { type: 'opp_filter', field: 'stage', value: 'proposal' });
  assert.equal(ui(dev).ostage, 'proposal');
  act(dev, { type: 'opp_filter', field: 'stage', value: 'maybe' });
  act(dev, { type: 'opp_filter', field: 'owner', value: 'u-teo' });
  act(dev, { type: 'opp_filter', field: 'owner', value: 'u-who' });
  assert.deepEqual(ui(dev).ofilters, { owner: 'u-teo' });
  act(dev, { type: 'opp_filter', field: 'owner', value: 'any' });
  assert.deepEqual(ui(dev).ofilters, {});
  act(dev, { type: 'opp_sort', col: 'amount' });
  act(dev, { type: 'opp_sort', col: 'amount' });
  assert.deepEqual(ui(dev).osort, { col: 'amount', dir: 'desc' });
  act(dev, { type: 'opp_sort', col: 'vibes' });
  act(dev, { type: 'pipeline_owner', owner: 'u-wren' });
  assert.equal(ui(dev).powner, 'u-wren');
  act(dev, { type: 'pipeline_owner', owner: 'u-zed' });
  assert.equal(ui(dev).powner, 'u-wren');
});

test('overlong texts are refused with a field error, nothing saved: new lead names, deal name and next step', async () => {
  const dev = await open();
  act(dev, { type: 'new_lead' });
  for (const [k, v] of Object.entries({ 'nl-first': 'A'.repeat(41), 'nl-last': 'Bell', 'nl-company': 'C'.repeat(81), 'nl-email': 'a@b.test', 'nl-title': 'T'.repeat(81) })) type(dev, k, v);
  const before = snap(dev);
  act(dev, { type: 'create_lead' });
  assert.deepEqual(Object.keys(ui(dev).errors).sort(), ['nl-company', 'nl-first', 'nl-title']);
  assert.deepEqual(snap(dev), before);
  type(dev, 'nl-first', 'A'.repeat(40));
  type(dev, 'nl-company', 'C'.repeat(80));
  type(dev, 'nl-title', 'T'.repeat(80));
  act(dev, { type: 'create_lead' });
  assert.equal(data(dev).leads.length, before.leads.length + 1, 'the limits themselves are fine');
  act(dev, { type: 'open', id: 'O-401' });
  type(dev, 'o-name', 'N'.repeat(81));
  type(dev, 'o-next', 'x'.repeat(121));
  const mid = snap(dev);
  act(dev, { type: 'save_opp' });
  assert.deepEqual(Object.keys(ui(dev).errors).sort(), ['o-name', 'o-next']);
  assert.deepEqual(snap(dev), mid);
});

test('activity notes past 2000 characters are refused, nothing logged', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'O-401' });
  const before = snap(dev);
  act(dev, { type: 'log_activity', subject: 'Call', notes: 'n'.repeat(2001) });
  assert.match(ui(dev).errors.act, /at most 2000/);
  assert.deepEqual(snap(dev), before);
});
