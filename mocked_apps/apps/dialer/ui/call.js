// Phone call screen: takes over while a call is in progress (mute, keypad tones, speaker, end).

import { h } from '../../../runtime/ui/h.js';
import { avatar } from '../../../runtime/ui/kit.js';
import { KEYS, clockText, contactOf } from '../lib/select.js';
import { ICONS, svg } from './parts.js';

export function callScreen(api, contacts) {
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
