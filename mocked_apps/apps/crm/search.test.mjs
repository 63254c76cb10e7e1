// Acre CRM's searches (leads, accounts, contacts, the wizard's account picker, the global search) ignore accents
// and case through the shared fold: a name typed without accents finds the accented record, and the other way.

import test from 'node:test';
import assert from 'node:assert/strict';
import * as crm from './logic.js';
import { open, data, ui, type } from './testkit.mjs';

test('searches ignore accents and case', async () => {
  const dev = await open();
  const d = data(dev);
  const accounts = d.accounts.map((a, i) => (i === 0 ? { ...a, name: 'Café Lumière', city: 'São Tomé' } : a));
  const contacts = d.contacts.map((c, i) => (i === 0 ? { ...c, first: 'Zoë', last: 'Ångström' } : c));
  const leads = d.leads.map((l, i) => (i === 0 ? { ...l, first: 'José', last: 'Núñez', status: 'new' } : l));
  dev.setState({ apps: { crm: { data: { accounts, contacts, leads } } } });
  const [acct, person, lead] = [accounts[0], contacts[0], leads[0]];
  const ids = (rows) => rows.map((r) => r.id);
  assert.deepEqual(ids(crm.accountRows(data(dev), 'cafe lumiere')), [acct.id]);
  assert.deepEqual(ids(crm.accountRows(data(dev), 'SAO TOME')), [acct.id], 'by city');
  assert.deepEqual(ids(crm.accountChoices(data(dev), 'lumiere')), [acct.id]);
  assert.deepEqual(ids(crm.contactRows(data(dev), 'zoe angstrom')), [person.id]);
  assert.ok(ids(crm.contactRows(data(dev), 'Café')).includes(person.id), 'by the account name');
  type(dev, 'lead-search', 'jose nunez');
  assert.deepEqual(ids(crm.leadRows(data(dev), { ...ui(dev), lstatus: 'all' })), [lead.id]);
  assert.deepEqual(crm.search(data(dev), 'NUÑEZ').map((r) => r.id), [lead.id]);
  assert.deepEqual(crm.search(data(dev), 'lumière').map((r) => r.id), [acct.id]);
  assert.deepEqual(crm.search(data(dev), '   '), []);
});
