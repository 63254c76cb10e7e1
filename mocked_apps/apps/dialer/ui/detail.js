// Phone pushed screens: a voicemail, a person with their call history, and the speed-dial picker.

import { h } from '../../../runtime/ui/h.js';
import { avatar, empty, section } from '../../../runtime/ui/kit.js';
import { callsWith, clockText, contactOf, displayName, searchContacts } from '../lib/select.js';
import { ICONS, svg, scrollBody, header, roundAction, kindIcon, kindText, searchBar } from './parts.js';

// --------------------------------------------------------------- voicemail

export function vmScreen(api, contacts) {
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

export function personScreen(api, contacts) {
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

export function speedPickScreen(api, contacts) {
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
