// Phone main tabs: favorites with speed dial, recents, contacts, the keypad and the voicemail list.

import { h } from '../../../runtime/ui/h.js';
import { avatar, empty, section } from '../../../runtime/ui/kit.js';
import {
  KEYS, SLOTS, clockText, contactOf, displayName, favoriteContacts, searchContacts, sortedLog, sortedVoicemails, speedDialContact,
  unreadCount,
} from '../lib/select.js';
import { DAY, ICONS, svg, whenShort, dayHeader, scrollBody, header, kindIcon, kindText, searchBar } from './parts.js';

// --------------------------------------------------------------- favorites

export function favoritesScreen(api, contacts) {
  const { data } = api.state;
  const favs = favoriteContacts(contacts);
  return [
    header(api, 'Favorites'),
    scrollBody('favorites',
      section('Favorites'),
      favs.length ? h('div.dl-favs', null, favs.map((c) =>
        h('button.dl-fav', { 'data-gym': `fav:${c.id}`, 'aria-label': `Call ${c.name}`, onclick: () => api.dispatch({ type: 'call', contact_id: c.id }) },
          avatar(c.name, 56), h('span.dl-fav-name', null, c.name.split(/\s+/)[0]),
          h('span.dl-fav-sub', null, svg(ICONS.phone, { size: 12 }), 'Mobile'))))
        : empty('No favorites. Star people in Contacts to see them here.'),
      section('Speed dial'),
      h('div.dl-card', null,
        h('div.row.dl-speed', { 'data-gym': 'speed:1' },
          h('span.dl-key-badge', null, '1'),
          h('div.row-text', null, h('div.row-title', null, 'Voicemail'), h('div.row-sub', null, 'Hold 1 on the keypad'))),
        SLOTS.map((slot) => {
          const c = speedDialContact(data, slot, contacts);
          return h('div.row.dl-speed', { 'data-gym': `speed:${slot}`, role: 'button', onclick: () => api.dispatch({ type: 'pick_slot', slot }) },
            h('span.dl-key-badge' + (c ? '.set' : ''), null, slot),
            h('div.row-text', null,
              h('div.row-title' + (c ? '' : '.dl-muted'), null, c ? c.name : 'Not assigned'),
              h('div.row-sub', null, c ? c.phone : 'Tap to choose a contact')),
            c ? h('button.icon-btn.dl-clear', { 'data-gym': `btn:speed-clear:${slot}`, 'aria-label': `Clear speed dial ${slot}`,
              onclick: (e) => { e.stopPropagation(); api.dispatch({ type: 'clear_speed', slot }); } }, svg(ICONS.close, { size: 18 })) : null);
        })),
      h('div.dl-end')),
  ];
}

// ----------------------------------------------------------------- recents

export function recentsScreen(api, contacts) {
  const { data, ui } = api.state;
  const list = sortedLog(data.call_log, ui.filter);
  const rows = [];
  let lastDay = null;
  for (const e of list) {
    const day = Math.floor(e.time / DAY);
    if (day !== lastDay) rows.push(h('div.section.dl-day', null, dayHeader(api, e.time)));
    lastDay = day;
    const name = displayName(e, contacts);
    const c = contactOf(e, contacts);
    rows.push(h('div.row.dl-entry', { 'data-gym': `entry:${e.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_entry', id: e.id }) },
      c ? avatar(c.name, 40) : h('div.avatar.dl-anon', { style: { width: '40px', height: '40px' } }, svg(ICONS.person, { size: 22, color: '#fff' })),
      h('div.row-text', null,
        h('div.row-title' + (e.kind === 'missed' ? '.dl-missed' : ''), null, name),
        h('div.row-sub.dl-entry-sub', null, kindIcon(e.kind), kindText(e))),
      h('div.dl-entry-end', null,
        h('span.row-trail', null, api.clock.hhmm(e.time)),
        h('button.icon-btn.dl-call-mini', { 'data-gym': `call-entry:${e.id}`, 'aria-label': `Call ${name}`,
          onclick: (ev) => { ev.stopPropagation(); api.dispatch({ type: 'call', number: e.number, contact_id: c ? c.id : undefined }); } },
        svg(ICONS.phone, { size: 20, color: '#2f7d4f' })))));
  }
  return [
    header(api, 'Recents', { actions: data.call_log.length ? [{ id: 'btn:clear-log', glyph: ICONS.trash, label: 'Clear call history',
      onclick: () => api.dispatch({ type: 'ask_clear_log' }) }] : [] }),
    h('div.dl-chips', null,
      [['all', 'All'], ['missed', 'Missed']].map(([id, label]) =>
        h('button.dl-chip' + (ui.filter === id ? '.active' : ''), { 'data-gym': `filter:${id}`, onclick: () => api.dispatch({ type: 'filter', filter: id }) }, label))),
    scrollBody('recents', rows.length ? rows : empty(ui.filter === 'missed' ? 'No missed calls' : 'No recent calls'), h('div.dl-end')),
  ];
}

// ---------------------------------------------------------------- contacts

export function contactsScreen(api, contacts) {
  const query = api.draft('search');
  const hits = searchContacts(contacts, query);
  return [
    header(api, 'Contacts'),
    searchBar(api, 'search', 'Search contacts'),
    scrollBody('contacts',
      !contacts.length ? empty('No contacts on this phone') : hits.length ? hits.map((c) =>
        h('div.row.dl-contact', { 'data-gym': `contact:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_person', contact_id: c.id }) },
          avatar(c.name, 40),
          h('div.row-text', null, h('div.row-title', null, c.name), h('div.row-sub', null, c.phone || 'No number')),
          c.phone ? h('button.icon-btn.dl-call-mini', { 'data-gym': `call-contact:${c.id}`, 'aria-label': `Call ${c.name}`,
            onclick: (ev) => { ev.stopPropagation(); api.dispatch({ type: 'call', contact_id: c.id }); } }, svg(ICONS.phone, { size: 20, color: '#2f7d4f' })) : null))
        : empty(`No contacts match “${query.trim()}”`),
      h('div.dl-end')),
  ];
}

// ------------------------------------------------------------------ keypad

function keyButton(api, key, letters) {
  const id = key === '*' ? 'star' : key === '#' ? 'hash' : key;
  return h('button.dl-key', {
    'data-gym': `key:${id}`, 'aria-label': key,
    onclick: () => api.dispatch({ type: 'press', key }),
    onlongpress: () => {
      if (key === '0') api.dispatch({ type: 'press', key: '+' });
      else if (/^[1-9]$/.test(key)) api.dispatch({ type: 'speed_call', slot: key });
    },
  }, h('span.dl-key-digit', null, key), h('span.dl-key-letters', null, key === '1' ? svg(ICONS.voicemail, { size: 14 }) : letters));
}

export function keypadScreen(api, contacts) {
  const { ui } = api.state;
  const number = api.draft('number');
  const match = number.trim() ? contactOf({ number }, contacts) : null;
  return [
    header(api, 'Keypad'),
    h('div.dl-pad', null,
      h('div.dl-display', null,
        h('input.dl-number', {
          'data-gym': 'field:number', type: 'tel', placeholder: 'Enter a number', value: number, 'aria-label': 'Phone number',
          oninput: (e) => api.dispatch({ type: '@draft', key: 'number', value: e.target.value }),
          onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'call' }); } },
        }),
        h('div.dl-match', { 'data-gym': 'number-match' }, match ? match.name : number.trim() ? ' ' : ''),
        ui.error ? h('div.dl-error', { 'data-gym': 'error:number', role: 'alert' }, ui.error) : null),
      h('div.dl-keys', null, KEYS.map(([k, l]) => keyButton(api, k, l))),
      h('div.dl-pad-actions', null,
        h('span.dl-pad-spacer'),
        h('button.dl-callbtn', { 'data-gym': 'btn:call', 'aria-label': 'Call', onclick: () => api.dispatch({ type: 'call' }) },
          svg(ICONS.phone, { size: 30, color: '#fff' })),
        number ? h('button.dl-backspace', { 'data-gym': 'btn:backspace', 'aria-label': 'Delete digit',
          onclick: () => api.dispatch({ type: 'backspace' }), onlongpress: () => api.dispatch({ type: 'clear_number' }) },
        svg(ICONS.backspace, { size: 26, color: '#5a6178' })) : h('span.dl-pad-spacer'))),
  ];
}

// --------------------------------------------------------------- voicemail

export function voicemailScreen(api, contacts) {
  const list = sortedVoicemails(api.state.data.voicemails);
  const unread = unreadCount(list);
  return [
    header(api, 'Voicemail'),
    h('div.dl-vm-summary', null, list.length ? `${list.length} message${list.length === 1 ? '' : 's'} · ${unread} new` : 'No messages'),
    scrollBody('voicemail',
      list.length ? list.map((v) => {
        const name = displayName(v, contacts);
        return h('div.row.dl-vm-row' + (v.read ? '' : '.unread'), { 'data-gym': `vm:${v.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_vm', id: v.id }) },
          h('span.dl-dot' + (v.read ? '.read' : '')),
          h('div.row-text', null,
            h('div.dl-vm-top', null, h('span.row-title', null, name), h('span.row-trail', null, whenShort(api, v.time))),
            h('div.row-sub', null, `${clockText(v.duration * 1000)} · ${v.transcript}`)));
      }) : empty('No voicemail'),
      h('div.dl-end')),
  ];
}
