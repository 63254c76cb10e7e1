// Email view: folder lists with a drawer, the reading pane with invite card and
// attachments, compose (reply / forward / drafts) with a contact picker, search,
// the labels and move sheets, and dialogs.

import { h, icon } from '../../runtime/ui/h.js';
import { GLYPHS, avatar, button, dialog, empty, fab, field, section } from '../../runtime/ui/kit.js';
import {
  FOLDER_NAMES, account, contactsFrom, findEmail, full, fullStamp, isMine, listStamp, moveTargets, nameFor,
  pickable, searchEmails, snippet, unreadCount, viewEmails, viewTitle,
} from './logic.js';

/** Glyphs of this app on a 24×24 grid (drawn for it). */
const G = {
  ...GLYPHS,
  menu: 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z',
  inbox: 'M4 4h16l1 9v7H3v-7zm1.8 2l-.7 7H9a3 3 0 006 0h3.9l-.7-7z',
  sent: 'M3 20l18-8L3 4v6l12 2-12 2z',
  drafts: 'M5 3h10l4 4v14H5zm2 2v14h10V8h-3V5zm1.5 9.5l5-5 1.5 1.5-5 5H8.5z',
  archive: 'M3 4h18v5H3zm1 6h16v10H4zm5 2v2h6v-2z',
  starLine: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9zm0 4.5l-1.4 2.9-3.2.5 2.3 2.2-.5 3.2 2.8-1.5 2.8 1.5-.5-3.2 2.3-2.2-3.2-.5z',
  label: 'M3 5h12l6 7-6 7H3zm3 5.5a1.5 1.5 0 100 3 1.5 1.5 0 000-3z',
  move: 'M3 5h7l2 2h9v12H3zm9 4v3H8v2h4v3l4-4z',
  unread: 'M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 2.9V17h14V9.9l-7 4.5z',
  reply: 'M10 6V3L3 10l7 7v-3.1c5 0 8.5 1.6 11 5.1-1-5-4-10-11-11z',
  forward: 'M14 6V3l7 7-7 7v-3.1c-5 0-8.5 1.6-11 5.1 1-5 4-10 11-11z',
  clip: 'M16.5 6v11.5a4.5 4.5 0 01-9 0V5a3 3 0 016 0v11.5a1.5 1.5 0 01-3 0V6H9v10.5a3 3 0 006 0V5a4.5 4.5 0 00-9 0v12.5a6 6 0 0012 0V6z',
  calendar: 'M7 2h2v2h6V2h2v2h3v17H4V4h3zm-1 7v10h12V9zm2 2h3v3H8z',
  personAdd: 'M10 4a4 4 0 110 8 4 4 0 010-8zM3 20c0-4 3.1-6.5 7-6.5s7 2.5 7 6.5zM18 7h2v3h3v2h-3v3h-2v-3h-3v-2h3z',
  save: 'M4 3h13l4 4v14H4zm3 2v5h9V5zm5 8a3 3 0 100 6 3 3 0 000-6z',
  restore: 'M13 3a9 9 0 11-8.5 12h2.1A7 7 0 1013 5a7 7 0 00-5 2.1L10 9H4V3l2.6 2.6A9 9 0 0113 3z',
  pin: 'M12 2a7 7 0 017 7c0 5-7 13-7 13S5 14 5 9a7 7 0 017-7zm0 4a3 3 0 100 6 3 3 0 000-6z',
};
const FOLDER_ICONS = { inbox: 'inbox', starred: 'star', sent: 'sent', drafts: 'drafts', archive: 'archive', trash: 'trash' };

const glyph = (name, opts) => icon(G[name] || G.more, opts);

/** Render the current screen of the Email app. */
export function render(api) {
  const { ui } = api.state;
  const contacts = contactsFrom(api.peek);
  const screens = { list: listScreen, read: readScreen, compose: composeScreen, search: searchScreen, picker: pickerScreen };
  return h('div.app.em-app', null,
    (screens[ui.screen] || listScreen)(api, contacts),
    ui.drawer ? drawer(api) : null,
    ui.sheet ? sheet(api) : null,
    ui.dialog ? dialogFor(api) : null,
    ui.notice ? h('div.em-toast', { 'data-gym': 'notice', role: 'status' }, ui.notice) : null);
}

// ------------------------------------------------------------------ building blocks

function bar(api, title, { back = true, lead = null, actions = [], sub = null } = {}) {
  return h('header.appbar.em-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, glyph('back')) : null,
    lead,
    h('div.em-bar-title', null, title ? h('h1.appbar-title', null, title) : null, sub ? h('div.em-bar-sub', null, sub) : null),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn' + (a.primary ? '.em-primary' : ''), { 'data-gym': a.id, 'aria-label': a.label, title: a.label, onclick: a.onclick }, glyph(a.glyph)))));
}

function scroller(name, ...children) {
  return h('main.body.em-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `email:${name}` }, ...children);
}

function chips(labels, { small = false } = {}) {
  return (labels || []).length ? h('div.em-chips' + (small ? '.small' : ''), null, labels.map((l) => h('span.em-chip', null, l))) : null;
}

function who(api, e, contacts) {
  if (e.folder === 'sent' || e.folder === 'drafts' || isMine(api.world, e)) {
    const names = (e.to || []).map((a) => nameFor(contacts, a, a));
    return names.length ? `To: ${names.join(', ')}` : '(no recipient)';
  }
  return nameFor(contacts, e.from.email, e.from.name);
}

function emailRow(api, e, contacts, { showFolder = false, showLabels = true } = {}) {
  const name = who(api, e, contacts);
  return h('div.em-row' + (e.read ? '' : '.unread'), {
    'data-gym': `email:${e.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', id: e.id }),
  },
  avatar(isMine(api.world, e) ? (nameFor(contacts, (e.to || [])[0] || '', (e.to || [])[0] || '?') || '?') : name, 40),
  h('div.em-row-main', null,
    h('div.em-row-top', null,
      e.folder === 'drafts' ? h('span.em-draft-tag', null, 'Draft') : null,
      h('span.em-from', null, name),
      e.attachments.length ? h('span.em-clip', { title: 'Has attachments' }, glyph('clip', { size: 14 })) : null,
      h('span.em-time', null, listStamp(e.time, api.now))),
    h('div.em-subject', null, e.subject || '(no subject)'),
    h('div.em-row-bottom', null,
      h('span.em-snippet', null, snippet(e.body)),
      h('button.em-star' + (e.starred ? '.on' : ''), {
        'data-gym': `star:${e.id}`, 'aria-label': e.starred ? 'Unstar' : 'Star',
        onclick: (ev) => { ev.stopPropagation(); api.dispatch({ type: 'star', id: e.id }); },
      }, glyph(e.starred ? 'star' : 'starLine', { size: 20 }))),
    h('div.em-row-meta', null,
      showFolder ? h('span.em-chip.folder', null, FOLDER_NAMES[e.folder] || e.folder) : null,
      showLabels ? (e.labels || []).map((l) => h('span.em-chip', null, l)) : null)));
}

// ------------------------------------------------------------------ screens

function listScreen(api, contacts) {
  const { ui, data } = api.state;
  const emails = viewEmails(data, api.world, ui.view);
  const unread = ui.view === 'inbox' ? unreadCount(data, api.world, 'inbox') : 0;
  const actions = [{ id: 'btn:search', glyph: 'search', label: 'Search mail', onclick: () => api.dispatch({ type: 'search' }) }];
  if (ui.view === 'trash' && emails.length) actions.push({ id: 'btn:empty-trash', glyph: 'trash', label: 'Empty trash', onclick: () => api.dispatch({ type: 'ask_empty_trash' }) });
  return [
    bar(api, viewTitle(ui.view), {
      back: false,
      lead: h('button.icon-btn', { 'data-gym': 'btn:menu', 'aria-label': 'Folders and labels', onclick: () => api.dispatch({ type: 'drawer' }) }, glyph('menu')),
      sub: ui.view === 'inbox' ? `${unread} unread` : `${emails.length} email${emails.length === 1 ? '' : 's'}`,
      actions,
    }),
    scroller('list',
      ui.view === 'trash' && emails.length ? h('div.em-hint', null, 'Emails in the trash can be restored or deleted forever.') : null,
      emails.length
        ? emails.map((e) => emailRow(api, e, contacts, { showLabels: !String(ui.view).startsWith('label:') }))
        : empty(`No emails in ${viewTitle(ui.view)}`),
      h('div.em-end')),
    fab('btn:compose', 'edit', () => api.dispatch({ type: 'compose' }), 'Compose'),
  ];
}

function readScreen(api, contacts) {
  const { ui, data } = api.state;
  const rec = findEmail(data, ui.email);
  if (!rec) return [bar(api, ''), empty('This email is no longer available')];
  const e = full(api.world, rec);
  const mine = isMine(api.world, e);
  const actions = [];
  if (rec.folder === 'trash') {
    actions.push({ id: 'btn:restore', glyph: 'restore', label: 'Restore', onclick: () => api.dispatch({ type: 'restore' }) });
    actions.push({ id: 'btn:delete-forever', glyph: 'trash', label: 'Delete forever', onclick: () => api.dispatch({ type: 'ask_delete_forever' }) });
  } else {
    if (!mine) {
      actions.push({
        id: 'btn:archive', glyph: rec.folder === 'archive' ? 'inbox' : 'archive', label: rec.folder === 'archive' ? 'Move to Inbox' : 'Archive',
        onclick: () => api.dispatch({ type: 'archive' }),
      });
    }
    actions.push({ id: 'btn:delete', glyph: 'trash', label: 'Delete', onclick: () => api.dispatch({ type: 'trash' }) });
  }
  actions.push({ id: 'btn:unread', glyph: 'unread', label: 'Mark as unread', onclick: () => api.dispatch({ type: 'read', value: false }) });
  actions.push({ id: 'btn:labels', glyph: 'label', label: 'Labels', onclick: () => api.dispatch({ type: 'sheet', kind: 'labels' }) });
  actions.push({ id: 'btn:move', glyph: 'move', label: 'Move to', onclick: () => api.dispatch({ type: 'sheet', kind: 'move' }) });
  const fromName = nameFor(contacts, e.from.email, e.from.name);
  const toNames = (e.to || []).map((a) => (a.toLowerCase() === account(api.world).email.toLowerCase() ? 'me' : nameFor(contacts, a, a)));
  const ccNames = (e.cc || []).map((a) => nameFor(contacts, a, a));
  return [
    bar(api, '', { actions, sub: null }),
    scroller('read',
      h('div.em-read-head', null,
        h('div.em-read-subject-row', null,
          h('h2.em-read-subject', { 'data-gym': 'email-subject' }, e.subject || '(no subject)'),
          h('button.em-star.big' + (e.starred ? '.on' : ''), {
            'data-gym': 'btn:star', 'aria-label': e.starred ? 'Unstar' : 'Star', onclick: () => api.dispatch({ type: 'star' }),
          }, glyph(e.starred ? 'star' : 'starLine', { size: 24 }))),
        h('div.em-read-chips', null, h('span.em-chip.folder', null, FOLDER_NAMES[rec.folder] || rec.folder), (e.labels || []).map((l) => h('span.em-chip', null, l)))),
      h('div.em-sender', null,
        avatar(fromName, 40),
        h('div.em-sender-text', null,
          h('div.em-sender-name', null, fromName, h('span.em-sender-addr', null, ` <${e.from.email}>`)),
          h('div.em-sender-to', null, `to ${toNames.join(', ')}${ccNames.length ? ` · cc ${ccNames.join(', ')}` : ''}`),
          h('div.em-sender-time', null, fullStamp(e.time)))),
      e.invite ? inviteCard(api, e) : null,
      h('div.em-read-body', { 'data-gym': 'email-body' }, e.body),
      e.attachments.length ? [section(`${e.attachments.length} attachment${e.attachments.length === 1 ? '' : 's'}`), h('div.em-attachments', null,
        e.attachments.map((n) => h('button.em-attachment', { 'data-gym': `attachment:${n}`, onclick: () => api.dispatch({ type: 'attachment', name: n }) },
          glyph('clip', { size: 18 }), h('span', null, n))))] : null,
      h('div.em-end')),
    h('div.actions-bar.em-reply-bar', null,
      button('Reply', { id: 'btn:reply', kind: 'secondary', onclick: () => api.dispatch({ type: 'reply' }) }),
      button('Forward', { id: 'btn:forward', kind: 'secondary', onclick: () => api.dispatch({ type: 'forward' }) })),
  ];
}

function inviteCard(api, e) {
  const inv = e.invite;
  const d = new Date(`${inv.date}T00:00:00Z`).getTime();
  return h('div.em-invite', { 'data-gym': 'invite' },
    h('div.em-invite-icon', null, glyph('calendar', { size: 22, color: '#fff' })),
    h('div.em-invite-text', null,
      h('div.em-invite-title', null, inv.title),
      h('div.em-invite-when', null, `${api.clock.shortDate(d)} · ${inv.start}–${inv.end}`),
      inv.location ? h('div.em-invite-where', null, inv.location) : null,
      h('button.em-invite-btn', { 'data-gym': 'btn:add-calendar', onclick: () => api.dispatch({ type: 'add_to_calendar' }) }, 'Add to calendar')));
}

function composeScreen(api) {
  const { ui } = api.state;
  const c = ui.compose || { mode: 'new', attachments: [], quote: null };
  const titles = { new: 'New email', reply: 'Reply', forward: 'Forward', draft: 'Draft' };
  const err = ui.errors || {};
  return [
    bar(api, titles[c.mode] || 'New email', {
      actions: [
        { id: 'btn:save-draft', glyph: 'save', label: 'Save draft', onclick: () => api.dispatch({ type: 'save_draft' }) },
        { id: 'btn:send', glyph: 'send', label: 'Send', primary: true, onclick: () => api.dispatch({ type: 'send' }) },
      ],
    }),
    scroller('compose',
      h('div.em-from-row', null, h('span.em-from-label', null, 'From'), h('span', null, account(api.world).email)),
      h('div.em-to-row', null,
        field(api, 'to', 'To', { placeholder: 'name@example.com, …' }),
        h('button.icon-btn.em-pick', { 'data-gym': 'btn:pick-contact', 'aria-label': 'Add from contacts', title: 'Add from contacts', onclick: () => api.dispatch({ type: 'pick_contact' }) }, glyph('personAdd'))),
      err.to ? h('div.em-error', { 'data-gym': 'error:to', role: 'alert' }, err.to) : null,
      field(api, 'subject', 'Subject'),
      h('label.field', null,
        h('span.field-label', null, 'Message'),
        h('textarea.field-input.em-textarea', {
          'data-gym': 'field:body', rows: 7, placeholder: 'Write your message', value: api.draft('body'),
          oninput: (ev) => api.dispatch({ type: '@draft', key: 'body', value: ev.target.value }),
        })),
      err.body ? h('div.em-error', { 'data-gym': 'error:body', role: 'alert' }, err.body) : null,
      c.attachments.length ? h('div.em-attachments.compose', null, c.attachments.map((n) => h('span.em-attachment', { 'data-gym': `attachment:${n}` },
        glyph('clip', { size: 16 }), h('span', null, n),
        h('button.em-remove', { 'data-gym': `remove:${n}`, 'aria-label': `Remove ${n}`, onclick: () => api.dispatch({ type: 'remove_attachment', name: n }) }, glyph('close', { size: 14 }))))) : null,
      c.quote ? h('div.em-quote', { 'data-gym': 'quote' }, c.quote) : null,
      h('div.em-end')),
  ];
}

function pickerScreen(api, contacts) {
  const query = api.draft('pick');
  const list = pickable(contacts, query);
  return [
    h('header.appbar.em-bar', null,
      h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, glyph('back')),
      h('input.em-search-input', {
        'data-gym': 'field:pick', type: 'text', placeholder: 'Search contacts', value: query, 'aria-label': 'Search contacts',
        oninput: (ev) => api.dispatch({ type: '@draft', key: 'pick', value: ev.target.value }),
      })),
    scroller('picker',
      contacts.length ? section(query.trim() ? 'Matching contacts' : 'Contacts with an email') : null,
      list.map((c) => h('div.em-pick-row', { 'data-gym': `pick:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'pick', contact: c.id }) },
        avatar(c.name, 38), h('div.em-pick-text', null, h('div.em-pick-name', null, c.name), h('div.em-pick-mail', null, c.email)))),
      !contacts.length ? empty('No contacts on this phone. Type the address instead.') : !list.length ? empty('No matching contacts') : null),
  ];
}

function searchScreen(api, contacts) {
  const query = api.draft('search');
  const results = searchEmails(api.state.data, api.world, query);
  return [
    h('header.appbar.em-bar', null,
      h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, glyph('back')),
      h('input.em-search-input', {
        'data-gym': 'field:search', type: 'text', placeholder: 'Search mail', value: query, 'aria-label': 'Search mail',
        oninput: (ev) => api.dispatch({ type: '@draft', key: 'search', value: ev.target.value }),
      })),
    scroller('search',
      !query.trim() ? empty('Search senders, subjects and messages in every folder') : null,
      query.trim() && results.length ? [h('div.em-hint', null, `${results.length} result${results.length === 1 ? '' : 's'}`), results.map((e) => emailRow(api, e, contacts, { showFolder: true }))] : null,
      query.trim() && !results.length ? empty(`No emails match "${query.trim()}"`) : null,
      h('div.em-end')),
  ];
}

// ------------------------------------------------------------------ overlays

function drawer(api) {
  const { ui, data } = api.state;
  const acct = account(api.world);
  const item = (id, g, label, view, count) => h('button.em-drawer-item' + (ui.view === view ? '.active' : ''), { 'data-gym': id, onclick: () => api.dispatch({ type: 'view', view }) },
    glyph(g, { size: 22 }), h('span', null, label), count ? h('span.em-drawer-count', null, String(count)) : null);
  return h('div.scrim.em-drawer-scrim', { 'data-gym': 'drawer:close', onclick: (ev) => { if (ev.target === ev.currentTarget) api.dispatch({ type: 'drawer', open: false }); } },
    h('nav.em-drawer', { 'data-gym': 'scroll:drawer' },
      h('div.em-drawer-head', null, h('div.em-drawer-app', null, 'Mail'), h('div.em-drawer-acct', null, acct.name), h('div.em-drawer-mail', null, acct.email)),
      ['inbox', 'starred', 'sent', 'drafts', 'archive', 'trash'].map((f) => item(`folder:${f}`, FOLDER_ICONS[f], FOLDER_NAMES[f], f,
        f === 'inbox' ? unreadCount(data, api.world, 'inbox') : f === 'drafts' ? viewEmails(data, api.world, 'drafts').length : 0)),
      h('div.em-drawer-section', null, 'Labels'),
      data.labels.map((l) => item(`label:${l}`, 'label', l, `label:${l}`, unreadCount(data, api.world, `label:${l}`)))));
}

function sheet(api) {
  const { ui, data } = api.state;
  const rec = findEmail(data, ui.email);
  if (!rec) return null;
  const close = { 'data-gym': 'sheet:close', onclick: (ev) => { if (ev.target === ev.currentTarget) api.dispatch({ type: 'close_sheet' }); } };
  if (ui.sheet === 'move') {
    return h('div.scrim.em-sheet-scrim', close, h('div.em-sheet', { role: 'menu' },
      h('div.em-sheet-title', null, 'Move to'),
      moveTargets(api.world, rec).map((f) => h('button.em-sheet-item', { 'data-gym': `move:${f}`, onclick: () => api.dispatch({ type: 'move', folder: f }) },
        glyph(FOLDER_ICONS[f] || 'move', { size: 22 }), h('span', null, FOLDER_NAMES[f] || f)))));
  }
  const error = ui.errors && ui.errors.label;
  return h('div.scrim.em-sheet-scrim', close, h('div.em-sheet', { role: 'menu' },
    h('div.em-sheet-title', null, 'Labels'),
    h('div.em-sheet-list', null, data.labels.map((l) => {
      const on = rec.labels.includes(l);
      return h('button.em-sheet-item', { 'data-gym': `labelopt:${l}`, role: 'checkbox', 'aria-checked': String(on), onclick: () => api.dispatch({ type: 'toggle_label', name: l }) },
        h('span.em-check' + (on ? '.on' : ''), null, on ? glyph('check', { size: 16, color: '#fff' }) : null), h('span', null, l));
    })),
    h('div.em-new-label', null,
      field(api, 'label_name', 'New label', { placeholder: 'e.g. Holidays' }),
      button('Add', { id: 'btn:add-label', kind: 'secondary', onclick: () => api.dispatch({ type: 'create_label' }) })),
    error ? h('div.em-error', { 'data-gym': 'error:label', role: 'alert' }, error) : null,
    h('div.em-sheet-done', null, button('Done', { id: 'btn:close-sheet', onclick: () => api.dispatch({ type: 'close_sheet' }) }))));
}

function dialogFor(api) {
  const { ui, data } = api.state;
  const d = ui.dialog;
  const cancel = { id: 'btn:cancel', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) };
  if (d.kind === 'discard') {
    const existing = ui.compose && ui.compose.draft;
    return dialog(existing ? 'Save changes to this draft?' : 'Save this email as a draft?', 'You have unsent changes.', [
      { id: 'btn:discard', label: existing ? 'Discard changes' : 'Discard', kind: 'secondary', onclick: () => api.dispatch({ type: 'discard' }) },
      { id: 'btn:keep-editing', label: 'Keep editing', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) },
      { id: 'btn:dialog-save-draft', label: 'Save', kind: 'primary', onclick: () => api.dispatch({ type: 'save_draft' }) },
    ]);
  }
  if (d.kind === 'delete_forever') {
    const e = full(api.world, findEmail(data, d.id));
    return dialog('Delete forever?', `"${e ? e.subject : ''}" will be deleted permanently. This can't be undone.`,
      [cancel, { id: 'btn:confirm-delete-forever', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete_forever' }) }]);
  }
  if (d.kind === 'empty_trash') {
    const n = data.emails.filter((e) => e.folder === 'trash').length;
    return dialog('Empty trash?', `${n} email${n === 1 ? '' : 's'} will be deleted permanently. This can't be undone.`,
      [cancel, { id: 'btn:confirm-empty', label: 'Empty trash', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_empty_trash' }) }]);
  }
  return null;
}
