// The CRM acts only on what is on screen: a record's owner, activity, status, stage, disqualify, convert and reopen
// buttons on its own page (no dialog over it), and the leads table's check boxes on rows it lists now.

import test from 'node:test';
import assert from 'node:assert/strict';
import { open, ui, act, type, snap } from './testkit.mjs';

test('record actions act on the record of the page shown only', async () => {
  const dev = await open();
  const before = snap(dev);
  const offScreen = [{ type: 'set_owner', id: 'L-101', owner: 'u-teo' }, { type: 'lead_status', id: 'L-102', status: 'contacted' },
    { type: 'disqualify', id: 'L-102' }, { type: 'start_convert', id: 'L-101' }, { type: 'opp_stage', id: 'O-403', stage: 'proposal' },
    { type: 'log_activity', id: 'L-101', kind: 'call', subject: 'Called' }];
  for (const a of offScreen) act(dev, a);
  assert.deepEqual(snap(dev), before, 'from the leads table');
  assert.deepEqual([ui(dev).screen, ui(dev).dialog], ['leads', null]);
  act(dev, { type: 'open', id: 'O-401' });
  for (const a of offScreen) act(dev, a);
  assert.deepEqual(snap(dev), before, 'from another record\'s page');
  act(dev, { type: 'opp_stage', stage: 'closed_lost' });
  assert.equal(ui(dev).dialog, 'lost');
  act(dev, { type: 'set_owner', owner: 'u-teo' });
  assert.deepEqual(snap(dev), before, 'under the lost dialog');
  act(dev, { type: 'close_dialog' });
  act(dev, { type: 'opp_stage', id: 'O-401', stage: 'negotiation' });
  assert.equal(snap(dev).opps.find((o) => o.id === 'O-401').stage, 'negotiation');
});

test('lcheck checks only a row the leads table lists', async () => {
  const dev = await open();
  type(dev, 'lead-search', 'L-102');
  act(dev, { type: 'lcheck', id: 'L-105' });
  assert.deepEqual(ui(dev).lchecked, [], 'L-105 is not listed under this search');
  act(dev, { type: 'lcheck', id: 'L-102' });
  act(dev, { type: 'open', id: 'L-102' });
  act(dev, { type: 'lcheck', id: 'L-102' });
  assert.deepEqual(ui(dev).lchecked, ['L-102'], 'no check boxes on a lead page');
});
