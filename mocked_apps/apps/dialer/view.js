// Phone view: five tabs (favorites, recents, contacts, keypad, voicemail), the person
// screen of a caller, a voicemail, the speed-dial picker, and the call screen that
// takes over while a call is in progress.

import { h, icon } from '../../runtime/ui/h.js';
import { avatar, dialog, empty, section } from '../../runtime/ui/kit.js';
import {
  KEYS, SLOTS, callsWith, clockText, contactOf, contactsFrom, displayName, favoriteContacts, formatDuration,
  searchContacts, sortedLog, sortedVoicemails, speedDialContact, unreadCount,
} from './logic.js';

const DAY = 86400000;

/** Icons drawn for this app on a 24×24 grid. */
const ICONS = {
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  phone: 'M6.6 2.5h3.2l1.4 4.9-2.3 1.6a12 12 0 006.1 6.1l1.6-2.3 4.9 1.4v3.2A2.6 2.6 0 0118.9 20 17 17 0 014 5.1a2.6 2.6 0 012.6-2.6z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  recent: 'M12 2a10 10 0 110 20 10 10 0 010-20zm0 2a8 8 0 100 16 8 8 0 000-16zm-1 3h2v5.2l3.6 2.1-1 1.7L11 13.4z',
  person: 'M12 3a4.5 4.5 0 110 9 4.5 4.5 0 010-9zM3.5 21c0-4.4 3.8-7.5 8.5-7.5s8.5 3.1 8.5 7.5z',
  keypad: 'M5 3.5h3v3H5zm5.5 0h3v3h-3zm5.5 0h3v3h-3zM5 9h3v3H5zm5.5 0h3v3h-3zM16 9h3v3h-3zM5 14.5h3v3H5zm5.5 0h3v3h-3zm5.5 0h3v3h-3zM10.5 20h3v3h-3z',
  voicemail: 'M6.5 8a4.5 4.5 0 013.6 7.2h3.8a4.5 4.5 0 113.6 1.8h-11a4.5 4.5 0 010-9zm0 2a2.5 2.5 0 100 5 2.5 2.5 0 000-5zm11 0a2.5 2.5 0 100 5 2.5 2.5 0 000-5z',
  incoming: 'M17 5.6L18.4 7l-9 9H15v2H6V9h2v5.6z',
  outgoing: 'M7 18.4L5.6 17l9-9H9V6h9v9h-2V9.4z',
  missed: 'M3.6 7.4L5 6l7 7 5.6-5.6H14V5.4h7v7h-2V8.8L12 15.8z',
  end: 'M12 8.5c-3.9 0-7.5 1.3-9.6 3.4a1.3 1.3 0 000 1.8l2 2a1.3 1.3 0 001.7.1l2.4-1.7a1 1 0 00.4-.9l-.2-2.2a14 14 0 016.6 0l-.2 2.2a1 1 0 00.4.9l2.4 1.7a1.3 1.3 0 001.7-.1l2-2a1.3 1.3 0 000-1.8C19.5 9.8 15.9 8.5 12 8.5z',
  mic: 'M12 3a3 3 0 013 3v5a3 3 0 01-6 0V6a3 3 0 013-3zM6 11h2a4 4 0 008 0h2a6 6 0 01-5 5.9V20h-2v-3.1A6 6 0 016 11z',
  speaker: 'M4 9h4l5-4v14l-5-4H4zm12.5-1.5a6 6 0 010 9l-1.4-1.4a4 4 0 000-6.2zM15 10a2.5 2.5 0 010 4z',
  backspace: 'M8 5h12a1 1 0 011 1v12a1 1 0 01-1 1H8l-6-7zm3.4 3.6L10 10l2 2-2 2 1.4 1.4 2-2 2 2 1.4-1.4-2-2 2-2-1.4-1.4-2 2z',
  message: 'M4 4h16v12H8l-4 4zm4 4v2h8V8zm0 3v2h5v-2z',
  personAdd: 'M9 4a4 4 0 110 8 4 4 0 010-8zM1.5 20c0-3.3 3.4-6 7.5-6s7.5 2.7 7.5 6zM18.5 7h2v3h3v2h-3v3h-2v-3h-3v-2h3z',
  play: 'M8 5v14l11-7z',
  stop: 'M7 5h4v14H7zm6 0h4v14h-4z',
  trash: 'M6 7h12l-1 13H7zm3-3h6l1 2H8z',
  close: 'M6 5l6 6 6-6 1 1-6 6 6 6-1 1-6-6-6 6-1-1 6-6-6-6z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  unread: 'M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 2.9V17h14V9.9l-7 4.5z',
};

function svg(path, { size = 22, color } = {}) { return icon(path, { size, color, evenodd: true }); }

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "09:18" today, "Yesterday", "Thu" this week, else "Mar 9". */
function whenShort(api, ms) {
  const day = Math.floor(ms / DAY);
  const today = Math.floor(api.now / DAY);
  if (day === today) return api.clock.hhmm(ms);
  if (day === today - 1) return 'Yesterday';
  if (today - day < 7) return WEEKDAYS[new Date(ms).getUTCDay()];
  return api.clock.relativeLabel(ms, api.now);
}

function dayHeader(api, ms) {
  const day = Math.floor(ms / DAY);
  const today = Math.floor(api.now / DAY);
  if (day === today) return 'Today';
  if (day === today - 1) return 'Yesterday';
  return api.clock.shortDate(ms);
}

function scrollBody(name, ...children) {
  return h('main.body.dl-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `dialer:${name}` }, ...children);
}

function header(api, title, { back = false, actions = [] } = {}) {
  return h('header.appbar.dl-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg(ICONS.back)) : null,
    h('h1.appbar-title', null, title),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, onclick: a.onclick }, svg(a.glyph)))));
}

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

function roundAction(id, glyph, label, onclick, kind = '') {
  return h('button.dl-quick' + (kind ? '.' + kind : ''), { 'data-gym': id, 'aria-label': label, onclick },
    h('span.dl-quick-icon', null, svg(glyph, { size: 22 })), h('span.dl-quick-label', null, label));
}

function kindIcon(kind) {
  const color = kind === 'missed' ? '#d03b3b' : kind === 'outgoing' ? '#2f7d4f' : '#3656d8';
  return h('span.dl-kind', { 'aria-label': kind }, svg(ICONS[kind] || ICONS.incoming, { size: 15, color }));
}

function kindText(e) {
  if (e.kind === 'missed') return 'Missed call';
  return `${e.kind === 'outgoing' ? 'Outgoing' : 'Incoming'} · ${formatDuration(e.duration)}`;
}

// --------------------------------------------------------------- favorites

function favoritesScreen(api, contacts) {
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

function recentsScreen(api, contacts) {
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

function searchBar(api, key, placeholder) {
  const query = api.draft(key);
  return h('div.dl-searchbar', null,
    h('div.dl-search', null, svg(ICONS.search, { size: 20, color: '#6b7185' }),
      h('input.dl-search-input', {
        'data-gym': `field:${key}`, type: 'text', placeholder, value: query,
        oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }),
      })));
}

function contactsScreen(api, contacts) {
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

function keypadScreen(api, contacts) {
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

function voicemailScreen(api, contacts) {
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

function vmScreen(api, contacts) {
  const { data, ui } = api.state;
  const v = data.voicemails.find((x) => x.id === ui.vm);
  if (!v) return [header(api, 'Voicemail', { back: true }), scrollBody('vm', empty('This voicemail was deleted'))];
  const name = displayName(v, contacts);
  const c = contactOf(v, contacts);
  const playing = ui.playing && ui.playing.id === v.id;
  const pos = playing ? Math.min(v.duration * 1000, api.now - ui.playing.start) : 0;
  const pct = v.duration ? Math.round((pos / (v.duration * 1000)) * 100) : 0;
  return [
    header(api, name, { back: true, actions: [{ id: 'btn:mark-unread', glyph: ICONS.unread, label: 'Mark as unheard', onclick: () => api.dispatch({ type: 'mark_unread' }) }] }),
    scrollBody('vm',
      h('div.dl-hero.small', null,
        c ? avatar(c.name, 64) : h('div.avatar.dl-anon', { style: { width: '64px', height: '64px' } }, svg(ICONS.person, { size: 34, color: '#fff' })),
        h('div.dl-hero-sub', null, `${c ? v.number + ' · ' : ''}${api.clock.shortDate(v.time)}, ${api.clock.hhmm(v.time)}`)),
      h('div.card.dl-player', null,
        h('button.dl-play', { 'data-gym': playing ? 'btn:stop' : 'btn:play', 'aria-label': playing ? 'Stop' : 'Play',
          onclick: () => api.dispatch({ type: playing ? 'stop_vm' : 'play_vm' }) }, svg(playing ? ICONS.stop : ICONS.play, { size: 24, color: '#fff' })),
        h('div.dl-track', null, h('div.dl-track-fill', { style: { width: `${pct}%` } })),
        h('span.dl-track-time', null, `${clockText(pos)} / ${clockText(v.duration * 1000)}`)),
      section('Transcript'),
      h('div.card.dl-transcript', { 'data-gym': 'vm-transcript' }, v.transcript || 'No transcript available')),
    h('div.actions-bar', null,
      h('button.btn.btn-secondary', { 'data-gym': 'btn:delete-vm', onclick: () => api.dispatch({ type: 'ask_delete_vm' }) }, 'Delete'),
      h('button.btn.btn-primary.dl-green', { 'data-gym': 'btn:call-back', onclick: () => api.dispatch({ type: 'call_back' }) }, 'Call back')),
  ];
}

// ------------------------------------------------------------------ person

function personScreen(api, contacts) {
  const { data, ui } = api.state;
  const p = ui.person || { contact_id: null, number: '' };
  const c = contactOf(p, contacts);
  const name = c ? c.name : p.number;
  const calls = callsWith(data.call_log, p, contacts);
  return [
    header(api, '', { back: true }),
    scrollBody('person',
      h('div.dl-hero', null,
        c ? avatar(c.name, 80) : h('div.avatar.dl-anon', { style: { width: '80px', height: '80px' } }, svg(ICONS.person, { size: 44, color: '#fff' })),
        h('h2.dl-name', { 'data-gym': 'person-name' }, name),
        h('div.dl-hero-sub', null, c ? `Mobile · ${c.phone}` : 'Not in your contacts')),
      h('div.dl-quicks', null,
        roundAction('btn:call', ICONS.phone, 'Call', () => api.dispatch({ type: 'call', number: c ? c.phone : p.number, contact_id: c ? c.id : undefined }), 'green'),
        roundAction('btn:message', ICONS.message, 'Message', () => api.dispatch({ type: 'message' })),
        c ? null : roundAction('btn:add-contact', ICONS.personAdd, 'Add contact', () => api.dispatch({ type: 'add_contact' }))),
      section('Call history'),
      calls.length ? h('div.dl-card', null, calls.map((e) =>
        h('div.row.dl-call-row', { 'data-gym': `call:${e.id}` },
          kindIcon(e.kind),
          h('div.row-text', null,
            h('div.row-title.dl-call-when', null, `${api.clock.shortDate(e.time)}, ${api.clock.hhmm(e.time)}`),
            h('div.row-sub', null, kindText(e))),
          h('button.icon-btn', { 'data-gym': `btn:delete-call:${e.id}`, 'aria-label': 'Delete this call',
            onclick: () => api.dispatch({ type: 'delete_entry', id: e.id }) }, svg(ICONS.trash, { size: 18, color: '#8a90a3' })))))
        : empty('No calls yet'),
      calls.length ? h('div.dl-danger-wrap', null,
        h('button.btn.btn-danger', { 'data-gym': 'btn:delete-history', onclick: () => api.dispatch({ type: 'ask_delete_history' }) }, 'Delete call history')) : null,
      h('div.dl-end')),
  ];
}

// ------------------------------------------------------------- speed pick

function speedPickScreen(api, contacts) {
  const { ui } = api.state;
  const hits = searchContacts(contacts.filter((c) => c.phone), api.draft('pick'));
  return [
    header(api, `Speed dial ${ui.slot}`, { back: true }),
    searchBar(api, 'pick', 'Choose a contact'),
    scrollBody('pick', hits.length ? hits.map((c) =>
      h('div.row', { 'data-gym': `pick:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'assign_speed', contact_id: c.id }) },
        avatar(c.name, 36), h('div.row-text', null, h('div.row-title', null, c.name), h('div.row-sub', null, c.phone))))
      : empty('No matching contacts'), h('div.dl-end')),
  ];
}

// -------------------------------------------------------------------- call

function callScreen(api, contacts) {
  const { data, ui } = api.state;
  const call = data.call;
  const c = contactOf(call, contacts);
  const name = c ? c.name : call.number;
  const toggle = (id, glyph, label, on, type) =>
    h('button.dl-incall' + (on ? '.on' : ''), { 'data-gym': id, 'aria-label': label, 'aria-pressed': String(on), onclick: () => api.dispatch({ type }) },
      h('span.dl-incall-icon', null, svg(glyph, { size: 26 })), h('span', null, label));
  return h('div.app.dl-callscreen', null,
    h('div.dl-call-top', null,
      h('div.dl-call-status', null, 'Phone call'),
      c ? avatar(c.name, 96) : h('div.avatar.dl-anon', { style: { width: '96px', height: '96px' } }, svg(ICONS.person, { size: 52, color: '#fff' })),
      h('div.dl-call-name', { 'data-gym': 'call-name' }, name),
      c ? h('div.dl-call-number', null, call.number) : null,
      h('div.dl-call-timer', { 'data-gym': 'call-timer' }, clockText(api.now - call.start))),
    ui.call_keypad
      ? h('div.dl-call-pad', null,
        h('div.dl-dtmf', null, ui.dtmf || ' '),
        h('div.dl-keys.dark', null, KEYS.map(([k]) => h('button.dl-key', { 'data-gym': `dtmf:${k === '*' ? 'star' : k === '#' ? 'hash' : k}`,
          onclick: () => api.dispatch({ type: 'dtmf', key: k }) }, h('span.dl-key-digit', null, k)))))
      : h('div.dl-incall-grid', null,
        toggle('btn:mute', ICONS.mic, 'Mute', call.muted, 'toggle_mute'),
        toggle('btn:keypad', ICONS.keypad, 'Keypad', false, 'toggle_call_keypad'),
        toggle('btn:speaker', ICONS.speaker, 'Speaker', call.speaker, 'toggle_speaker')),
    h('div.dl-call-bottom', null,
      ui.call_keypad ? h('button.dl-hide-pad', { 'data-gym': 'btn:hide-keypad', onclick: () => api.dispatch({ type: 'toggle_call_keypad' }) }, 'Hide keypad') : null,
      h('button.dl-endbtn', { 'data-gym': 'btn:end-call', 'aria-label': 'End call', onclick: () => api.dispatch({ type: 'end_call' }) },
        svg(ICONS.end, { size: 34, color: '#fff' }))));
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
