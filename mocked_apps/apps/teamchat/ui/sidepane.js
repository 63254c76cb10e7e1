// Murmur's side pane: a thread, channel details and members, pinned messages.

import { h } from '../../../runtime/ui/h.js';
import { avatar, only } from '../../../runtime/ui/kit.js';
import {
  userName, findChannel, findMessage, isMember, channelLabel, threadReplies, pinnedMessages,
} from '../lib/select.js';
import { messageRow } from './messages.js';
import { ICONS, svg, stamp, richText } from './common.js';

function paneHead(api, title) {
  return h('div.tc-pane-head', null, h('span.tc-pane-title', null, title),
    h('button.tc-pane-x', { 'data-gym': 'btn:close-pane', 'aria-label': 'Close', onclick: () => api.dispatch({ type: 'close_pane' }) },
      svg(ICONS.close, { size: 16 })));
}

export function threadPane(api) {
  const { data, ui } = api.state;
  const root = findMessage(data, ui.thread);
  if (!root) return null;
  const channel = findChannel(data, root.channel);
  const replies = threadReplies(data, root.id);
  const member = isMember(channel, data.me);
  return h('aside.tc-pane', null,
    paneHead(api, `Thread · ${channelLabel(data, api.world, channel, data.me)}`),
    h('div.tc-pane-body', { 'data-gym': 'scroll:thread', 'data-scroll-key': `teamchat:thread:${root.id}` },
      messageRow(api, root, { where: 'thread' }),
      h('div.tc-thread-count', { 'data-gym': 'thread-count' }, replies.length ? `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}` : 'No replies yet'),
      replies.map((m) => messageRow(api, m, { where: 'thread' }))),
    member && !root.deleted ? h('div.tc-composer.pane', null,
      h('input.tc-compose-input', { 'data-gym': 'field:reply', type: 'text', value: api.draft('reply'), placeholder: 'Reply…',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'reply', value: e.target.value }),
        onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'reply' }); } } }),
      h('button.tc-send', { 'data-gym': 'btn:send-reply', 'aria-label': 'Send reply', onclick: () => api.dispatch({ type: 'reply' }) },
        svg(ICONS.send, { size: 18, color: '#fff' }))) : null);
}

export function detailsPane(api) {
  const { data, ui } = api.state;
  const channel = findChannel(data, ui.channel);
  if (!channel || channel.kind !== 'channel') return null;
  const me = data.me;
  const users = api.world.users || [];
  const members = users.filter((u) => channel.members.includes(u.id));
  const others = users.filter((u) => !channel.members.includes(u.id));
  return h('aside.tc-pane', null,
    paneHead(api, `About #${channel.name}`),
    h('div.tc-pane-body', { 'data-gym': 'scroll:details', 'data-scroll-key': `teamchat:details:${channel.id}` },
      h('div.tc-about', null,
        h('div.tc-about-row', null, h('b', null, 'Topic: '), channel.topic || 'No topic'),
        h('div.tc-about-row', { 'data-gym': 'info:creator' }, h('b', null, 'Created by: '), `${userName(api.world, channel.creator)} on ${channel.created}`),
        h('div.tc-about-row', null, h('b', null, 'Visibility: '), channel.private ? 'Private (invite only)' : 'Public')),
      h('div.tc-pane-sub', null, h('span', null, `Members (${members.length})`),
        isMember(channel, me) ? h('button.tc-btn.small', { 'data-gym': 'btn:add-people', onclick: () => api.dispatch({ type: 'add_people' }) },
          ui.adding ? 'Done' : 'Add people') : null),
      ui.adding ? h('div.tc-add-list', null,
        others.length ? others.map((u) => h('div.tc-member', { 'data-gym': `add:${u.id}`, role: 'button',
          onclick: () => api.dispatch({ type: 'add_member', user: u.id }) },
        avatar(u.name, 26), h('span.tc-member-name', null, u.name), h('span.tc-add-plus', null, svg(ICONS.plus, { size: 16 }))))
          : h('div.tc-empty.small', null, 'Everyone is already here.')) : null,
      members.map((u) => h('div.tc-member', { 'data-gym': `member:${u.id}` },
        avatar(u.name, 26),
        h('span.tc-member-name', null, u.name, u.id === me ? h('span.tc-muted', null, ' (you)') : null),
        u.id === channel.creator ? h('span.tc-chip', null, 'Creator') : null,
        u.id !== me ? h('button.tc-remove', { 'data-gym': `remove:${u.id}`, 'aria-label': `Remove ${u.name}`, title: `Remove ${u.name}`,
          onclick: () => api.dispatch({ type: 'remove_member', user: u.id }) }, svg(ICONS.close, { size: 14 })) : null)),
      isMember(channel, me) && !channel.general && channel.creator !== me ? h('button.tc-btn.secondary.tc-leave', { 'data-gym': 'btn:leave',
        onclick: () => api.dispatch({ type: 'leave', id: channel.id }) }, 'Leave channel') : null));
}

export function pinsPane(api) {
  const { data, ui } = api.state;
  const channel = findChannel(data, ui.channel);
  if (!channel) return null;
  const pins = pinnedMessages(data, channel.id);
  return h('aside.tc-pane', null,
    paneHead(api, `Pinned in ${channelLabel(data, api.world, channel, data.me)}`),
    h('div.tc-pane-body', { 'data-gym': 'scroll:pins', 'data-scroll-key': `teamchat:pins:${channel.id}` },
      pins.length ? pins.map((m) => h('div.tc-pin', { 'data-gym': `pinned:${m.id}`, role: 'button', onclick: () => api.dispatch({ type: 'show', id: m.id }) },
        h('div.tc-msg-head', null, h('span.tc-author', null, userName(api.world, m.author)), h('span.tc-time', null, stamp(m.ts, api.now))),
        h('div.tc-msg-text', null, richText(api, m.text)),
        h('div.tc-pin-foot', null, `Pinned by ${userName(api.world, m.pinned)}`,
          h('button.tc-link', { 'data-gym': `unpin:${m.id}`, onclick: only(() => api.dispatch({ type: 'pin', id: m.id, value: false })) }, 'Unpin'))))
        : h('div.tc-empty', null, 'Nothing is pinned here yet.')));
}
