// Reducer steps of the Bank's payees and hand-offs: saving a payee, the Contacts list, sharing to Messages
// and intents.

import * as L from './ledger.js';
import { push, pop, goTab, fail } from './nav.js';
import { startTransfer } from './transfer.js';

// ------------------------------------------------------------------ payees

export function savePayee(state, ctx) {
  const { ui, data } = state;
  if (ui.screen !== 'payee_form') return state;
  const name = String(ui.drafts.payee_name ?? '').trim().replace(/\s+/g, ' ');
  const errors = {};
  if (!name) errors.payee_name = 'Enter the payee name';
  else if (name.length > 40) errors.payee_name = 'At most 40 characters';
  const acct = L.checkAccountNumber(ctx.world, data, ui.drafts.payee_account);
  if (acct.error) errors.payee_account = acct.error;
  const contacts = contactsOf(ctx);
  const link = ui.link && contacts.some((c) => c.id === ui.link) ? ui.link : null;
  if (ui.link && !link) errors.link = 'That contact is no longer available';
  if (link && data.payees.some((p) => p.contact_id === link)) errors.link = 'This contact is already linked to a payee';
  if (Object.keys(errors).length) {
    ui.errors = errors;
    return state;
  }
  let id = ctx.uid('py');
  while (L.findPayee(data, id)) id = ctx.uid('py');
  data.payees.push({ id, name, account_number: acct.digits, contact_id: link });
  ui.drafts.payee_name = '';
  ui.drafts.payee_account = '';
  ui.link = null;
  pop(state);
  push(ui, 'payee', { payee: id });
  ui.notice = `${name} added to your payees`;
  return state;
}

/** Return the contacts of the Contacts app ([] when it is not on the device). */
export function contactsOf(ctx) {
  const app = ctx.peek('contacts');
  const list = app && app.data && Array.isArray(app.data.contacts) ? app.data.contacts : [];
  return list.filter((c) => c && typeof c.id === 'string' && typeof c.name === 'string');
}

// ------------------------------------------------------------------ hand-offs

export function handOff(state, ctx, intent) {
  if (!ctx.peek('messages')) return fail(state, 'Messages is not available on this phone');
  ctx.open('messages', intent);
  return state;
}

export function onIntent(state, action, ctx) {
  const { ui, data } = state;
  if (action.screen === 'unlock') {
    goTab(ui, 'settings');
    push(ui, 'unlock');
    // Tapping the code notification fills the code in (like one-time-code autofill).
    ui.drafts.code = typeof action.code === 'string' && data.security.locked ? action.code : '';
    return state;
  }
  if (typeof action.tx === 'string' && L.findTx(data, action.tx)) {
    goTab(ui, 'activity');
    push(ui, 'tx', { tx: action.tx });
    return state;
  }
  if (typeof action.pay_contact === 'string') {
    goTab(ui, 'payments');
    const payee = data.payees.find((p) => p.contact_id === action.pay_contact);
    if (payee) return startTransfer(state, ctx, { to: { kind: 'payee', id: payee.id } });
    const contact = contactsOf(ctx).find((c) => c.id === action.pay_contact);
    push(ui, 'payee_form');
    ui.drafts.payee_name = contact ? contact.name : '';
    ui.drafts.payee_account = '';
    ui.link = contact ? contact.id : null;
    return state;
  }
  return state;
}