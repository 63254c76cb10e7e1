// The lead conversion wizard: who may convert, step validation, Back/Next drafts and both conversion paths.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as cr from './logic.js';
import { world, open, data, ui, act, type, lead, opp } from './testkit.mjs';

const { accountPipeline, canConvert, validateStep } = cr;

/** Walk the wizard for a qualified lead with a new account; returns after step 3 is filled. */
function fillWizard(dev, id, { industry = 'Retail', amount = '42000', close = '2026-04-30', prob = '55', stage = 'proposal' } = {}) {
  act(dev, { type: 'open', id });
  act(dev, { type: 'start_convert' });
  act(dev, { type: 'conv_next' });
  act(dev, { type: 'conv_set', field: 'industry', value: industry });
  act(dev, { type: 'conv_next' });
  act(dev, { type: 'conv_set', field: 'stage', value: stage });
  type(dev, 'cv-opp-amount', amount);
  type(dev, 'cv-opp-close', close);
  type(dev, 'cv-opp-prob', prob);
}

test('conversion needs a qualified lead', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'L-106' });
  act(dev, { type: 'start_convert' });
  assert.match(ui(dev).notice, /Only qualified leads can be converted/);
  assert.equal(ui(dev).screen, 'lead');
  assert.equal(canConvert(data(dev), lead(dev, 'L-101')).ok, true);
  assert.equal(canConvert(data(dev), undefined).ok, false);
});

test('wizard step validation: required fields, email, duplicates, amount, future date, probability', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'L-101' });
  act(dev, { type: 'start_convert' });
  assert.equal(ui(dev).screen, 'convert');
  assert.equal(ui(dev).drafts['cv-acct-name'], 'Nettlefield Cooperative');
  type(dev, 'cv-first', '');
  type(dev, 'cv-email', 'beatrix@');
  type(dev, 'cv-phone', 'x');
  act(dev, { type: 'conv_next' });
  assert.equal(ui(dev).conv.step, 1);
  assert.deepEqual(Object.keys(ui(dev).errors).sort(), ['cv-email', 'cv-first', 'cv-phone']);
  type(dev, 'cv-email', 'della.okonkwo@corvidhealth.test');
  act(dev, { type: 'conv_next' });
  assert.match(ui(dev).errors['cv-email'], /already exists \(C-302/);
  type(dev, 'cv-first', 'Beatrix');
  type(dev, 'cv-email', 'b.calloway@nettlefield.test');
  type(dev, 'cv-phone', '+1 555 0301');
  act(dev, { type: 'conv_next' });
  assert.equal(ui(dev).conv.step, 2);
  // Step 2: an existing name is refused for a new account; industry required; bad employees.
  type(dev, 'cv-acct-name', 'gallowmere bank');
  type(dev, 'cv-acct-employees', 'many');
  type(dev, 'cv-acct-website', 'http://x');
  act(dev, { type: 'conv_next' });
  assert.match(ui(dev).errors['cv-acct-name'], /Gallowmere Bank already exists/);
  assert.ok(ui(dev).errors.industry && ui(dev).errors['cv-acct-employees'] && ui(dev).errors['cv-acct-website']);
  act(dev, { type: 'conv_set', field: 'mode', value: 'existing' });
  act(dev, { type: 'conv_next' });
  assert.equal(ui(dev).errors.account, 'Pick the account to link');
  act(dev, { type: 'conv_set', field: 'mode', value: 'sideways' });
  act(dev, { type: 'conv_set', field: 'mode', value: 'new' });
  type(dev, 'cv-acct-name', 'Nettlefield Cooperative');
  type(dev, 'cv-acct-employees', '120');
  type(dev, 'cv-acct-website', 'nettlefield.test');
  act(dev, { type: 'conv_set', field: 'industry', value: 'Basket weaving' });
  act(dev, { type: 'conv_set', field: 'industry', value: 'Food & Beverage' });
  act(dev, { type: 'conv_next' });
  assert.equal(ui(dev).conv.step, 3);
  // Step 3.
  type(dev, 'cv-opp-name', '');
  type(dev, 'cv-opp-amount', '0');
  type(dev, 'cv-opp-close', '2026-03-14');
  type(dev, 'cv-opp-prob', '120');
  act(dev, { type: 'conv_next' });
  assert.deepEqual(Object.keys(ui(dev).errors).sort(), ['cv-opp-amount', 'cv-opp-close', 'cv-opp-name', 'cv-opp-prob']);
  assert.match(ui(dev).errors['cv-opp-close'], /in the future/);
  act(dev, { type: 'conv_set', field: 'stage', value: 'closed_won' });
  assert.equal(ui(dev).conv.stage, 'qualification', 'closed stages are not offered');
  act(dev, { type: 'conv_set', field: 'stage', value: 'negotiation' });
  assert.equal(ui(dev).drafts['cv-opp-prob'], '75', 'the stage sets its default probability');
  act(dev, { type: 'conv_set', field: 'type', value: 'upsell' });
  act(dev, { type: 'conv_set', field: 'type', value: 'gift' });
  act(dev, { type: 'conv_set', field: 'nonsense', value: 1 });
  assert.equal(ui(dev).conv.type, 'upsell');
  assert.equal(validateStep(data(dev), 3, { 'cv-opp-name': 'x', 'cv-opp-amount': '5', 'cv-opp-close': '2026-03-15', 'cv-opp-prob': '0' },
    { stage: 'proposal', type: 'new' }, world, '2026-03-14').values.close, '2026-03-15');
  assert.equal(data(dev).counters.contact, 315, 'nothing created while walking the wizard');
});

test('wizard Back/Next/goto keep drafts; cancel discards; back steps back', async () => {
  const dev = await open();
  fillWizard(dev, 'L-108', { industry: 'Hospitality' });
  type(dev, 'cv-opp-next', 'Send proposal');
  act(dev, { type: 'conv_back' });
  assert.equal(ui(dev).conv.step, 2);
  act(dev, { type: 'conv_back' });
  type(dev, 'cv-title', 'Head of Revenue');
  act(dev, { type: 'conv_back' });
  assert.equal(ui(dev).conv.step, 1);
  act(dev, { type: 'conv_next' });
  act(dev, { type: 'conv_next' });
  assert.equal(ui(dev).conv.step, 3);
  assert.equal(ui(dev).drafts['cv-opp-next'], 'Send proposal', 'drafts survive Back/Next');
  assert.equal(ui(dev).conv.industry, 'Hospitality');
  act(dev, { type: 'conv_goto', step: 4 });
  assert.equal(ui(dev).conv.step, 3, 'no skipping ahead');
  act(dev, { type: 'conv_goto', step: 1 });
  assert.equal(ui(dev).conv.step, 1);
  act(dev, { type: 'conv_next' });
  act(dev, { type: 'back' });
  assert.equal(ui(dev).conv.step, 1, 'system back steps back inside the wizard');
  act(dev, { type: 'conv_cancel' });
  assert.equal(ui(dev).screen, 'lead');
  assert.equal(ui(dev).conv, null);
  assert.equal(ui(dev).drafts['cv-opp-next'], undefined);
  act(dev, { type: 'convert' });
  assert.equal(lead(dev, 'L-108').status, 'qualified');
});

test('convert with a new account creates contact, account and opportunity and locks the lead', async () => {
  const dev = await open();
  fillWizard(dev, 'L-101', { industry: 'Food & Beverage' });
  type(dev, 'cv-opp-name', 'Nettlefield Cooperative forecasting pilot');
  act(dev, { type: 'convert' });
  assert.equal(data(dev).contacts.length, world.contacts.length, 'convert only from the review step');
  act(dev, { type: 'conv_next' });
  assert.equal(ui(dev).conv.step, 4);
  type(dev, 'cv-note', 'Kick-off booked');
  act(dev, { type: 'convert' });
  const d = data(dev);
  assert.deepEqual(lead(dev, 'L-101').converted, { contact: 'C-315', account: 'A-211', opportunity: 'O-417', date: '2026-03-14' });
  assert.equal(lead(dev, 'L-101').status, 'converted');
  assert.deepEqual(d.accounts.at(-1), { id: 'A-211', name: 'Nettlefield Cooperative', industry: 'Food & Beverage', website: '', city: '', phone: '', employees: null, owner: 'u-june' });
  const c = d.contacts.at(-1);
  assert.deepEqual([c.id, c.first, c.last, c.email, c.account, c.owner, c.lead], ['C-315', 'Beatrix', 'Calloway', 'b.calloway@nettlefield.test', 'A-211', 'u-june', 'L-101']);
  const o = opp(dev, 'O-417');
  assert.deepEqual([o.name, o.account, o.contact, o.stage, o.amount, o.close, o.probability, o.source], ['Nettlefield Cooperative forecasting pilot', 'A-211', 'C-315', 'proposal', 42000, '2026-04-30', 55, 'event']);
  assert.equal(d.activities.at(-1).subject, 'Kick-off booked');
  assert.equal(d.activities.at(-1).ref, 'O-417');
  assert.equal(ui(dev).screen, 'opp');
  assert.match(ui(dev).notice, /Converted L-101: contact C-315, new account A-211, opportunity O-417/);
  act(dev, { type: 'back' });
  assert.notEqual(ui(dev).screen, 'convert', 'back never returns into a finished wizard');
  act(dev, { type: 'open', id: 'L-101' });
  act(dev, { type: 'start_convert' });
  assert.match(ui(dev).notice, /already converted/);
  assert.equal(data(dev).contacts.length, world.contacts.length + 1);
});

test('convert linking an existing account creates no account', async () => {
  const dev = await open();
  act(dev, { type: 'open', id: 'L-104' });
  act(dev, { type: 'start_convert' });
  assert.equal(ui(dev).conv.match, 'A-201');
  act(dev, { type: 'conv_next' });
  act(dev, { type: 'conv_next' });
  assert.ok(ui(dev).errors['cv-acct-name'], 'duplicate name refused');
  act(dev, { type: 'conv_set', field: 'account', value: 'A-999' });
  act(dev, { type: 'conv_set', field: 'account', value: 'A-201' });
  assert.equal(ui(dev).conv.mode, 'existing');
  act(dev, { type: 'conv_next' });
  type(dev, 'cv-opp-amount', '36000');
  type(dev, 'cv-opp-close', '2026-04-28');
  act(dev, { type: 'conv_next' });
  act(dev, { type: 'convert' });
  assert.equal(data(dev).accounts.length, world.accounts.length);
  assert.equal(data(dev).counters.account, 211);
  assert.equal(opp(dev, 'O-417').account, 'A-201');
  assert.equal(opp(dev, 'O-417').probability, 25);
  assert.equal(data(dev).contacts.at(-1).account, 'A-201');
  assert.equal(lead(dev, 'L-104').converted.account, 'A-201');
  assert.equal(accountPipeline(data(dev), 'A-201'), 84000);
});

test('wizard: an overlong job title stops step 1 with a field error', async () => {
  const dev = await open();
  const q = data(dev).leads.find((l) => l.status === 'qualified');
  act(dev, { type: 'open', id: q.id }); // Convert… is on the lead's page
  act(dev, { type: 'start_convert', id: q.id });
  type(dev, 'cv-title', 'T'.repeat(81));
  act(dev, { type: 'conv_next' });
  assert.deepEqual([ui(dev).conv.step, Object.keys(ui(dev).errors)], [1, ['cv-title']]);
});
