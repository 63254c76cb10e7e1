// Fernvale Bank view: one render function per screen (ui.screen); the screens live in ui/.

import { home, activity, account, txDetail, statements, statementDetail } from './ui/accounts.js';
import { transfer, pickTo, reviewScreen, done } from './ui/transfer.js';
import { payments, payee, payeeForm, pickContact, scheduled } from './ui/payments.js';
import { settings, limitScreen, unlock } from './ui/settings.js';

const SCREENS = {
  home, activity, account, tx: txDetail, statements, statement: statementDetail,
  transfer, pick_to: pickTo, review: reviewScreen, done,
  payments, payee, payee_form: payeeForm, pick_contact: pickContact, scheduled,
  settings, limit: limitScreen, unlock,
};

/** Render the current screen of the app. */
export function render(api) {
  return (SCREENS[api.state.ui.screen] || home)(api);
}
