// Murmur's main-pane screens: a conversation (header, list, composer), search results, mentions, channel browser.

import { h } from '../../../runtime/ui/h.js';
import { avatar, only } from '../../../runtime/ui/kit.js';
import {
  userById, userName, findChannel, dmId, dmPartner, isMember, browsableChannels, channelLabel, pinnedMessages,
  mentionsOf, searchMessages,
} from '../lib/select.js';
import { messageList } from './messages.js';
import { ICONS, svg, stamp, richText } from './common.js';

function channelHeader(api, channel, partner) {
  const { data, ui } = api.state;
  if (!channel || channel.kind === 'dm') {
    const u = userById(api.world, partner);
    return h('div.tc-head', null, h('div.tc-title', null, avatar(u ? u.name : '?', 24), h('span', { 'data-gym': 'channel-title' }, u ? u.name : '?')),
      h('div.tc-topic.muted', null, u ? `${u.title} · @${u.handle}` : ''),
      h('div.tc-head-spacer'),
      channel ? h('button.tc-head-btn', { 'data-gym': 'btn:pins', onclick: () => api.dispatch({ type: 'open_pins' }) },
        svg(ICONS.pin, { size: 15 }), String(pinnedMessages(data, channel.id).length)) : null);
  }
  const member = isMember(channel, data.me);
  const topic = ui.editingTopic
    ? h('div.tc-topic-edit', null,
      h('input.tc-input', { 'data-gym': 'field:topic', type: 'text', value: api.draft('topic'), placeholder: 'Add a topic',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'topic', value: e.target.value }),
        onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'save_topic' }); } } }),
      h('button.tc-btn', { 'data-gym': 'btn:save-topic', onclick: () => api.dispatch({ type: 'save_topic' }) }, 'Save'),
      h('button.tc-btn.secondary', { 'data-gym': 'btn:cancel-topic', onclick: () => api.dispatch({ type: 'cancel_topic' }) }, 'Cancel'),
      ui.errors.topic ? h('span.tc-error', null, ui.errors.topic) : null)
    : h('button.tc-topic' + (channel.topic ? '' : '.muted'), { 'data-gym': 'btn:edit-topic', title: member ? 'Edit topic' : '',
      onclick: () => api.dispatch({ type: 'edit_topic' }) }, channel.topic || 'Add a topic');
  return h('div.tc-head', null,
    h('div.tc-title', null, svg(channel.private ? ICONS.lock : ICONS.hash, { size: 18 }), h('span', { 'data-gym': 'channel-title' }, channel.name)),
    topic,
    h('div.tc-head-spacer'),
    h('button.tc-head-btn' + (ui.pane === 'pins' ? '.on' : ''), { 'data-gym': 'btn:pins', 'aria-label': 'Pinned messages', onclick: () => api.dispatch({ type: 'open_pins' }) },
      svg(ICONS.pin, { size: 15 }), String(pinnedMessages(data, channel.id).length)),
    h('button.tc-head-btn' + (ui.pane === 'details' ? '.on' : ''), { 'data-gym': 'btn:members', 'aria-label': 'Channel details and members',
      onclick: () => api.dispatch({ type: 'open_details' }) }, svg(ICONS.people, { size: 16 }), String(channel.members.length)));
}

function composer(api, channel, label) {
  const me = api.state.data.me;
  if (channel && channel.kind === 'channel' && !isMember(channel, me)) {
    return h('div.tc-joinbar', null,
      h('span', null, `You are viewing #${channel.name}. Join it to post, react and pin.`),
      h('button.tc-btn', { 'data-gym': 'btn:join', onclick: () => api.dispatch({ type: 'join', id: channel.id }) }, 'Join channel'));
  }
  return h('div.tc-composer', null,
    h('input.tc-compose-input', { 'data-gym': 'field:compose', type: 'text', value: api.draft('compose'), placeholder: `Message ${label}`,
      oninput: (e) => api.dispatch({ type: '@draft', key: 'compose', value: e.target.value }),
      onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'send' }); } } }),
    h('button.tc-send', { 'data-gym': 'btn:send', 'aria-label': 'Send', onclick: () => api.dispatch({ type: 'send' }) }, svg(ICONS.send, { size: 18, color: '#fff' })));
}

export function conversationPane(api) {
  const { data, ui } = api.state;
  const channel = findChannel(data, ui.channel);
  const partner = channel ? (channel.kind === 'dm' ? dmPartner(channel, data.me) : null) : ui.dm;
  const label = channel ? channelLabel(data, api.world, channel, data.me) : userName(api.world, ui.dm);
  return [channelHeader(api, channel, partner), messageList(api, channel ? channel.id : dmId(data.me, ui.dm || data.me)), composer(api, channel, label)];
}

function resultRow(api, m, prefix) {
  const { data } = api.state;
  const channel = findChannel(data, m.channel);
  const author = userById(api.world, m.author);
  return h('div.tc-result', { 'data-gym': `${prefix}:${m.id}`, role: 'button', onclick: () => api.dispatch({ type: 'show', id: m.id }) },
    avatar(author ? author.name : '?', 30),
    h('div.tc-msg-body', null,
      h('div.tc-msg-head', null,
        h('span.tc-author', null, author ? author.name : 'Unknown'),
        h('span.tc-result-where', null, `${channelLabel(data, api.world, channel, data.me)}${m.parent ? ' · in a thread' : ''}`),
        h('span.tc-time', null, stamp(m.ts, api.now))),
      h('div.tc-msg-text', null, richText(api, m.text))));
}

export function searchPane(api) {
  const { data, ui } = api.state;
  const hits = searchMessages(data, api.world, data.me, ui.query);
  return [h('div.tc-head', null, h('div.tc-title', null, svg(ICONS.search, { size: 18 }), h('span', null, 'Search')),
    h('div.tc-topic.muted', { 'data-gym': 'search-summary' }, `${hits.length} ${hits.length === 1 ? 'result' : 'results'} for “${ui.query}”`)),
  h('div.tc-list', { 'data-gym': 'scroll:results', 'data-scroll-key': `teamchat:search:${ui.query}` },
    hits.length ? hits.map((m) => resultRow(api, m, 'result')) : h('div.tc-empty', null, 'No messages match. Check the spelling or remove a filter.'))];
}

export function mentionsPane(api) {
  const { data } = api.state;
  const hits = mentionsOf(data, api.world, data.me);
  return [h('div.tc-head', null, h('div.tc-title', null, svg(ICONS.at, { size: 18 }), h('span', null, 'Mentions')),
    h('div.tc-topic.muted', null, `Messages that mention @${(userById(api.world, data.me) || {}).handle}`)),
  h('div.tc-list', { 'data-gym': 'scroll:mentions', 'data-scroll-key': 'teamchat:mentions' },
    hits.length ? hits.map((m) => resultRow(api, m, 'mention')) : h('div.tc-empty', null, 'Nobody mentioned you yet.'))];
}

export function browsePane(api) {
  const { data } = api.state;
  const list = browsableChannels(data, data.me);
  return [h('div.tc-head', null, h('div.tc-title', null, svg(ICONS.compass, { size: 18 }), h('span', null, 'Browse channels')),
    h('div.tc-topic.muted', null, `${list.length} channels`), h('div.tc-head-spacer'),
    h('button.tc-btn', { 'data-gym': 'btn:new-channel-main', onclick: () => api.dispatch({ type: 'new_channel' }) }, 'Create channel')),
  h('div.tc-list', { 'data-gym': 'scroll:browse', 'data-scroll-key': 'teamchat:browse' },
    list.map((c) => {
      const joined = isMember(c, data.me);
      return h('div.tc-browse', { 'data-gym': `browse:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_channel', id: c.id }) },
        h('div.tc-browse-name', null, svg(c.private ? ICONS.lock : ICONS.hash, { size: 15 }), c.name),
        h('div.tc-browse-sub', null, `${c.members.length} ${c.members.length === 1 ? 'member' : 'members'}${c.topic ? ` · ${c.topic}` : ''}`),
        joined ? h('span.tc-chip', null, 'Joined')
          : h('button.tc-btn.small', { 'data-gym': `join:${c.id}`, onclick: only(() => api.dispatch({ type: 'join', id: c.id })) }, 'Join'));
    }))];
}
