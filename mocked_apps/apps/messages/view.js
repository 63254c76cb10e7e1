// Messages view: inbox, conversation, new-message recipient picker, archive and search.

import { h } from '../../runtime/ui/h.js';
import { avatar, empty, fab, section } from '../../runtime/ui/kit.js';
import { matchSpan } from '../../runtime/core/text.js';
import { contactsFrom, contactOf, displayName, filterContacts, looksLikeNumber, search, sortedThreads } from './lib/select.js';
import { actionSheet, bar, deleteDialog, glyph, threadAvatar, threadRow } from './ui/parts.js';

const DAY = 86400000;

/** Render the current screen of the Messages app. */
export function render(api) {
  const { data, ui } = api.state;
  const contacts = contactsFrom(api.peek);
  const screens = { list: inbox, thread: conversation, new: picker, archived: archive, search: searchScreen };
  const screen = (screens[ui.screen] || inbox)(api, contacts);
  const menuThread = ui.menu && data.threads.find((t) => t.id === ui.menu);
  const dialogThread = ui.dialog && data.threads.find((t) => t.id === ui.dialog.thread);
  return h('div.app.msg-app', null, screen,
    menuThread ? actionSheet(api, menuThread, contacts) : null,
    dialogThread ? deleteDialog(api, dialogThread, contacts) : null);
}

function inbox(api, contacts) {
  const threads = sortedThreads(api.state.data.threads);
  const archivedCount = api.state.data.threads.filter((t) => t.archived).length;
  return [
    bar(api, 'Messages', {
      back: false,
      actions: [
        { id: 'btn:search', glyph: 'search', label: 'Search messages', onclick: () => api.dispatch({ type: 'search' }) },
        { id: 'btn:archived', glyph: 'archive', label: `Archived (${archivedCount})`, onclick: () => api.dispatch({ type: 'archived' }) },
      ],
    }),
    h('main.body.msg-list', { 'data-scroll-key': 'messages:list', 'data-gym': 'list:threads' },
      threads.length ? threads.map((t) => threadRow(api, t, contacts)) : empty('No conversations'),
      h('div.msg-list-end')),
    fab('btn:new', 'chat', () => api.dispatch({ type: 'new' }), 'New message'),
  ];
}

function archive(api, contacts) {
  const threads = sortedThreads(api.state.data.threads, { archived: true });
  return [
    bar(api, 'Archived'),
    h('main.body.msg-list', { 'data-scroll-key': 'messages:archived', 'data-gym': 'list:archived' },
      threads.length ? threads.map((t) => threadRow(api, t, contacts)) : empty('No archived conversations')),
  ];
}

function dayLabel(ms, now, clock) {
  const d = Math.floor(ms / DAY);
  const today = Math.floor(now / DAY);
  if (d === today) return 'Today';
  if (d === today - 1) return 'Yesterday';
  return clock.shortDate(ms);
}

function conversation(api, contacts) {
  const { data, ui } = api.state;
  const thread = ui.thread ? data.threads.find((t) => t.id === ui.thread) : null;
  const target = thread || { id: null, contact_id: ui.to ? ui.to.contact_id : null, number: ui.to ? ui.to.number : '', messages: [] };
  const contact = contactOf(target, contacts);
  const name = displayName(target, contacts);
  const flags = thread ? [thread.pinned ? 'Pinned' : null, thread.muted ? 'Muted' : null, thread.archived ? 'Archived' : null].filter(Boolean) : [];
  const sub = [contact ? target.number : null, ...flags].filter(Boolean).join(' · ') || null;
  const items = [];
  let lastDay = null;
  for (const m of target.messages) {
    const day = Math.floor(m.time / DAY);
    if (day !== lastDay) items.push(h('div.msg-day', null, dayLabel(m.time, api.now, api.clock)));
    lastDay = day;
    items.push(h('div.msg-bubble-wrap.' + m.from, null,
      h('div.msg-bubble.' + m.from + (ui.highlight === m.id ? '.hl' : ''), { 'data-gym': `msg:${m.id}` }, m.text),
      h('div.msg-time', null, api.clock.hhmm(m.time))));
  }
  const draft = api.draft('compose');
  const sendNow = () => api.dispatch({ type: 'send' });
  return [
    bar(api, name, {
      sub,
      lead: threadAvatar(target, contacts, 34),
      actions: thread ? [{ id: 'btn:menu', glyph: 'more', label: 'Conversation options', onclick: () => api.dispatch({ type: 'menu', thread: thread.id }) }] : [],
    }),
    thread && !contact && api.peek('contacts') && looksLikeNumber(thread.number)
      ? h('div.msg-banner', null,
        h('span', null, `${thread.number} is not in your contacts`),
        h('button.msg-banner-btn', { 'data-gym': 'btn:add-contact', onclick: () => api.dispatch({ type: 'add_contact', thread: thread.id }) },
          glyph('personAdd', { size: 18 }), 'Add contact'))
      : null,
    h('main.body.msg-chat', { 'data-scroll-key': `messages:chat:${thread ? thread.id : 'new'}`, 'data-gym': 'list:messages' },
      h('div.msg-chat-inner', null,
        items.length ? items : h('div.msg-chat-empty', null, `Start your conversation with ${name}`))),
    h('div.msg-composer', null,
      h('input.msg-input', {
        'data-gym': 'field:compose', type: 'text', placeholder: 'Text message', value: draft, 'aria-label': 'Message text',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'compose', value: e.target.value }),
        onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); sendNow(); } },
      }),
      h('button.msg-send' + (draft.trim() ? '.ready' : ''), { 'data-gym': 'btn:send', 'aria-label': 'Send', onclick: sendNow },
        glyph('send', { size: 22, color: '#fff' }))),
  ];
}

function picker(api, contacts) {
  const query = api.draft('recipient');
  const matches = filterContacts(contacts, query);
  const draft = api.draft('compose');
  return [
    bar(api, 'New message'),
    h('div.msg-to', null,
      h('span.msg-to-label', null, 'To'),
      h('input.msg-to-input', {
        'data-gym': 'field:recipient', type: 'text', placeholder: 'Name or number', value: query, 'aria-label': 'Recipient',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'recipient', value: e.target.value }),
      })),
    draft ? h('div.msg-draft-note', null, h('b', null, 'Draft: '), draft) : null,
    h('main.body.msg-picker', { 'data-scroll-key': 'messages:new', 'data-gym': 'list:recipients' },
      looksLikeNumber(query)
        ? h('div.msg-pick', { 'data-gym': 'recipient:number', role: 'button', onclick: () => api.dispatch({ type: 'pick', number: query.trim() }) },
          h('div.avatar.msg-anon', { style: { width: '40px', height: '40px' } }, glyph('person', { size: 24, color: '#fff' })),
          h('div.msg-pick-text', null, h('div.msg-pick-name', null, `Send to ${query.trim()}`), h('div.msg-pick-sub', null, 'Phone number')))
        : null,
      contacts.length ? section(query.trim() ? 'Matching contacts' : 'Contacts') : null,
      matches.map((c) => h('div.msg-pick', { 'data-gym': `recipient:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'pick', contact: c.id }) },
        avatar(c.name || '?', 40),
        h('div.msg-pick-text', null, h('div.msg-pick-name', null, c.name), h('div.msg-pick-sub', null, c.phone)))),
      contacts.length && !matches.length && !looksLikeNumber(query) ? empty('No matching contacts') : null,
      !contacts.length && !looksLikeNumber(query) ? empty('Type a phone number to start a conversation') : null),
  ];
}

function searchScreen(api, contacts) {
  const query = api.draft('search');
  const { threads, messages } = search(api.state.data.threads, contacts, query);
  return [
    h('header.appbar.msg-bar', null,
      h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, glyph('back')),
      h('input.msg-search-input', {
        'data-gym': 'field:search', type: 'text', placeholder: 'Search messages', value: query, 'aria-label': 'Search messages',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'search', value: e.target.value }),
      })),
    h('main.body.msg-list', { 'data-scroll-key': 'messages:search', 'data-gym': 'list:results' },
      !query.trim() ? empty('Search names, numbers and message text') : null,
      threads.length ? [section('Conversations'), threads.map((t) => threadRow(api, t, contacts))] : null,
      messages.length ? [section('Messages'), messages.map(({ thread, message }) =>
        h('div.msg-row', { 'data-gym': `result:${message.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', thread: thread.id, highlight: message.id }) },
          threadAvatar(thread, contacts, 40),
          h('div.msg-row-main', null,
            h('div.msg-row-top', null,
              h('span.msg-row-name', null, displayName(thread, contacts)),
              h('span.msg-row-time', null, api.clock.relativeLabel(message.time, api.now))),
            h('div.msg-row-bottom', null, h('span.msg-row-preview.wrap', null, highlight(message.text, query))))))] : null,
      query.trim() && !threads.length && !messages.length ? empty(`No results for "${query.trim()}"`) : null),
  ];
}

/** Return `text` with the part the search matched (accents, case and spacing aside, as `search` matches) marked. */
function highlight(text, query) {
  const span = matchSpan(query, text);
  if (!span) return text;
  const [i, j] = span;
  return [text.slice(0, i), h('mark', null, text.slice(i, j)), text.slice(j)];
}
