// Phone view: five tabs (favorites, recents, contacts, keypad, voicemail), the person
// screen of a caller, a voicemail, the speed-dial picker, and the call screen that
// takes over while a call is in progress.
// The screens live in ui/ (tabs, detail, call; shared parts in ui/parts.js).

import { h } from '../../runtime/ui/h.js';
import { dialog } from '../../runtime/ui/kit.js';
import { contactsFrom, displayName, unreadCount } from './logic.js';
import { ICONS, svg } from './ui/parts.js';
import { favoritesScreen, recentsScreen, contactsScreen, keypadScreen, voicemailScreen } from './ui/tabs.js';
import { vmScreen, personScreen, speedPickScreen } from './ui/detail.js';
import { callScreen } from './ui/call.js';

function tabBar(api) {
  const { ui, data } = api.state;
  const unread = unreadCount(data.voicemails);
  const items = [['favorites', 'Favorites', ICONS.star], ['recents', 'Recents', ICONS.recent], ['contacts', 'Contacts', ICONS.person],
    ['keypad', 'Keypad', ICONS.keypad], ['voicemail', 'Voicemail', ICONS.voicemail]];
  return h('nav.dl-tabs', null, items.map(([id, label, glyph]) =>
    h('button.dl-tab' + (ui.tab === id ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) },
      h('span.dl-tab-icon', null, svg(glyph, { size: 22 }), id === 'voicemail' && unread ? h('span.dl-badge', null, String(unread)) : null),
      h('span', null, label))));
}

function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.dl-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

// ------------------------------------------------------------------ render

function dialogs(api, contacts) {
  const { ui, data } = api.state;
  const d = ui.dialog;
  if (!d) return null;
  const buttons = (label) => [
    { id: 'btn:cancel-delete', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
    { id: 'btn:confirm-delete', label, kind: 'danger', onclick: () => api.dispatch({ type: 'confirm' }) },
  ];
  if (d.kind === 'clear_log') return dialog('Clear call history?', 'Every call in Recents will be removed. This can’t be undone.', buttons('Clear'));
  if (d.kind === 'delete_history') {
    const name = ui.person ? displayName(ui.person, contacts) : '';
    return dialog('Delete call history?', `All calls with ${name} will be removed from Recents.`, buttons('Delete'));
  }
  if (d.kind === 'delete_vm') {
    const v = data.voicemails.find((x) => x.id === d.id);
    return dialog('Delete voicemail?', `The message from ${v ? displayName(v, contacts) : 'this caller'} will be deleted.`, buttons('Delete'));
  }
  return null;
}

/** Render the current Phone screen. */
export function render(api) {
  const { ui, data } = api.state;
  const contacts = contactsFrom(api.peek);
  if (data.call) return callScreen(api, contacts);
  const screens = { favorites: favoritesScreen, recents: recentsScreen, contacts: contactsScreen, keypad: keypadScreen,
    voicemail: voicemailScreen, person: personScreen, vm: vmScreen, speed_pick: speedPickScreen };
  const main = ['favorites', 'recents', 'contacts', 'keypad', 'voicemail'].includes(ui.screen);
  const content = (screens[ui.screen] || recentsScreen)(api, contacts);
  return h('div.app.dl-app', null, content, main ? tabBar(api) : null, dialogs(api, contacts), notice(api));
}
