// Murmur's shared view parts: icons, reaction glyphs, time formats, text with @mentions.

import { h } from '../../../runtime/ui/h.js';
import { GLYPHS, MONTHS, svg as evenoddIcon } from '../../../runtime/ui/kit.js';
import { textSegments } from '../lib/select.js';

/** Icons drawn for Murmur on a 24×24 grid. */
export const ICONS = {
  hash: 'M9.2 3h2l-.7 5h4l.7-5h2l-.7 5H20v2h-3.8l-.6 4H19v2h-3.7l-.7 5h-2l.7-5h-4l-.7 5h-2l.7-5H4v-2h3.7l.6-4H5V8h3.5zm1.1 7l-.6 4h4l.6-4z',
  lock: 'M7 10V7a5 5 0 0110 0v3h2v11H5V10zm2 0h6V7a3 3 0 00-6 0z',
  people: 'M9 4a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm7.5 1a3 3 0 110 6 3 3 0 010-6zM2 19c0-3.3 3.1-6 7-6s7 2.7 7 6v1H2zm15-5.8c2.9.2 5 2.3 5 5V20h-4.2v-1c0-2.3-.3-4-.8-5.8z',
  pin: 'M9 2h6v2l-1 .5V9l4 4v2h-5v6l-1 1-1-1v-6H6v-2l4-4V4.5L9 4z',
  at: 'M12 2a10 10 0 017.8 16.3l-1.5-1.3A8 8 0 1012 20c1.5 0 2.9-.4 4.1-1.1l1 1.7A10 10 0 1112 2zm0 5a5 5 0 014.9 4H17v3c0 .8.4 1.2 1 1.2s1-.4 1-1.2v-2h2v2c0 2-1.3 3.2-3 3.2-1.1 0-2-.5-2.5-1.3A5 5 0 1112 7zm0 2a3 3 0 100 6 3 3 0 000-6z',
  search: GLYPHS.search,
  compass: 'M12 2a10 10 0 110 20 10 10 0 010-20zm0 2a8 8 0 100 16 8 8 0 000-16zm4.5 3.5L14 14l-6.5 2.5L10 10z',
  plus: GLYPHS.plus, send: GLYPHS.send,
  reply: 'M10 8V4L3 11l7 7v-4.1c5 0 8.5 1.6 11 5.1-1-5-4-10-11-11z',
  react: 'M11 3a8 8 0 017.9 6.7h-2A6 6 0 105 11a6 6 0 006 6v2a8 8 0 010-16zM8 8.5a1.2 1.2 0 110 2.4 1.2 1.2 0 010-2.4zm5 0a1.2 1.2 0 110 2.4 1.2 1.2 0 010-2.4zM7.3 12.5h6.9A3.6 3.6 0 0110.8 15a3.6 3.6 0 01-3.5-2.5zM19 13h2v3h3v2h-3v3h-2v-3h-3v-2h3z',
  edit: GLYPHS.edit, trash: GLYPHS.trash, close: GLYPHS.close, chevron: GLYPHS.chevron, check: GLYPHS.check,
};

/** The reaction glyphs: original drawings, one path each (evenodd for holes). */
const EMOJI = {
  thumbs: { path: 'M2 10h4v11H2zm6 0l4-8c1.7 0 3 1.3 3 3v3h5.5c1.1 0 2 1 1.8 2.1l-1.6 8.4c-.2 1-1 1.5-2 1.5H8z', color: '#e0a200' },
  heart: { path: 'M12 21l-1.5-1.3C5 15 2 12.2 2 8.5 2 5.5 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.5 22 8.5c0 3.7-3 6.5-8.5 11.2z', color: '#d9434f' },
  smile: { path: 'M12 2a10 10 0 110 20 10 10 0 010-20zM8.5 8a1.5 1.5 0 100 3 1.5 1.5 0 000-3zm7 0a1.5 1.5 0 100 3 1.5 1.5 0 000-3zM7 14c1 2.5 3 3.5 5 3.5s4-1 5-3.5z', color: '#f0a81c' },
  tada: { path: 'M3 21l5-14 9 9zm10-14l2-4 1.4.8-2 4zm3 4l4-2 .6 1.4-4 2zM9.5 5.5l.8-3.2 1.5.4-.8 3.2zM18 3h2v2h-2zm1 8h2v2h-2z', color: '#cf4f9c' },
  eyes: { path: 'M7 4c2.5 0 4 3.6 4 8s-1.5 8-4 8-4-3.6-4-8 1.5-8 4-8zm10 0c2.5 0 4 3.6 4 8s-1.5 8-4 8-4-3.6-4-8 1.5-8 4-8zM7.5 11a1.5 2 0 100 4 1.5 2 0 000-4zm10 0a1.5 2 0 100 4 1.5 2 0 000-4z', color: '#4b5470' },
  check: { path: 'M3 3h18v18H3zm4.5 9.5L6 14l4 4 8-8-1.5-1.5-6.5 6.5z', color: '#2f9e5b' },
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The kit's evenodd icon, 18 px unless `size` (Murmur's default). */
export function svg(path, { size = 18, color } = {}) { return evenoddIcon(path, { size, color }); }

export function emojiIcon(code, size = 16) {
  const e = EMOJI[code];
  return svg(e.path, { size, color: e.color });
}

const pad = (n) => String(n).padStart(2, '0');
function hm(ms) {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
export function dayKey(ms) {
  return Math.floor(ms / 86400000);
}
export function dayLabel(ms, now) {
  const d = new Date(ms);
  if (dayKey(ms) === dayKey(now)) return 'Today';
  if (dayKey(ms) === dayKey(now) - 1) return 'Yesterday';
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}
export function stamp(ms, now) {
  const d = new Date(ms);
  return dayKey(ms) === dayKey(now) ? hm(ms) : `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${hm(ms)}`;
}

export function richText(api, text) {
  const me = api.state.data.me;
  return textSegments(api.world, text).map((s) => (s.mention
    ? h('span.tc-mention' + (s.mention === me ? '.me' : ''), null, s.text)
    : s.text));
}
