// Phone view parts shared by the screens: icons, day labels, the scroll body, the app bar, round actions, call kinds, the search bar.

import { h, icon } from '../../../runtime/ui/h.js';
import { formatDuration } from '../lib/select.js';

export const DAY = 86400000;

/** Icons drawn for this app on a 24×24 grid. */
export const ICONS = {
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

export function svg(path, { size = 22, color } = {}) { return icon(path, { size, color, evenodd: true }); }

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "09:18" today, "Yesterday", "Thu" this week, else "Mar 9". */
export function whenShort(api, ms) {
  const day = Math.floor(ms / DAY);
  const today = Math.floor(api.now / DAY);
  if (day === today) return api.clock.hhmm(ms);
  if (day === today - 1) return 'Yesterday';
  if (today - day < 7) return WEEKDAYS[new Date(ms).getUTCDay()];
  return api.clock.relativeLabel(ms, api.now);
}

export function dayHeader(api, ms) {
  const day = Math.floor(ms / DAY);
  const today = Math.floor(api.now / DAY);
  if (day === today) return 'Today';
  if (day === today - 1) return 'Yesterday';
  return api.clock.shortDate(ms);
}

export function scrollBody(name, ...children) {
  return h('main.body.dl-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `dialer:${name}` }, ...children);
}

export function header(api, title, { back = false, actions = [] } = {}) {
  return h('header.appbar.dl-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg(ICONS.back)) : null,
    h('h1.appbar-title', null, title),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, onclick: a.onclick }, svg(a.glyph)))));
}

export function roundAction(id, glyph, label, onclick, kind = '') {
  return h('button.dl-quick' + (kind ? '.' + kind : ''), { 'data-gym': id, 'aria-label': label, onclick },
    h('span.dl-quick-icon', null, svg(glyph, { size: 22 })), h('span.dl-quick-label', null, label));
}

export function kindIcon(kind) {
  const color = kind === 'missed' ? '#d03b3b' : kind === 'outgoing' ? '#2f7d4f' : '#3656d8';
  return h('span.dl-kind', { 'aria-label': kind }, svg(ICONS[kind] || ICONS.incoming, { size: 15, color }));
}

export function kindText(e) {
  if (e.kind === 'missed') return 'Missed call';
  return `${e.kind === 'outgoing' ? 'Outgoing' : 'Incoming'} · ${formatDuration(e.duration)}`;
}

export function searchBar(api, key, placeholder) {
  const query = api.draft(key);
  return h('div.dl-searchbar', null,
    h('div.dl-search', null, svg(ICONS.search, { size: 20, color: '#6b7185' }),
      h('input.dl-search-input', {
        'data-gym': `field:${key}`, type: 'text', placeholder, value: query,
        oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }),
      })));
}
