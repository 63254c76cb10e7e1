// Tidewell CRM's desktop view: a left sidebar (sections), a top bar with global search, list screens
// (leads, accounts, contacts, opportunities), the pipeline board, record pages with owner menus and an
// activity timeline, and the four-step lead conversion wizard. Every actionable element has a data-gym id.
// Entry point: render picks the screen; the parts live in ui/ (widgets, chrome, lists, records, wizard, dialogs).

import { h } from '../../runtime/ui/h.js';
import { sidebar } from './ui/chrome.js';
import { leadsPage, accountsPage, contactsPage, oppsPage, pipelinePage, searchPage } from './ui/lists.js';
import { leadPage, accountPage, contactPage, oppPage } from './ui/records.js';
import { convertPage } from './ui/wizard.js';
import { dialogs } from './ui/dialogs.js';

// ------------------------------------------------------------------ root

/** Render the CRM. */
export function render(api) {
  const { ui } = api.state;
  const pages = {
    leads: leadsPage, accounts: accountsPage, contacts: contactsPage, opps: oppsPage, pipeline: pipelinePage, search: searchPage,
    lead: leadPage, account: accountPage, contact: contactPage, opp: oppPage, convert: convertPage,
  };
  const page = (pages[ui.screen] || leadsPage)(api);
  return h('div.app.crm', null, sidebar(api), page, dialogs(api));
}
