import { h, icon } from '../../runtime/ui/h.js';
import { appBar, avatar, button, dialog, field, fab, section, empty } from '../../runtime/ui/kit.js';
import { FIELDS, findContact, groupByLetter, favorites, searchContacts, formatBirthday } from './logic.js';

/** Icons drawn for this app on a 24×24 grid. */
const ICONS = {
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  clear: 'M12 3a9 9 0 110 18 9 9 0 010-18zM8.5 7.1L7.1 8.5 10.6 12l-3.5 3.5 1.4 1.4 3.5-3.5 3.5 3.5 1.4-1.4-3.5-3.5 3.5-3.5-1.4-1.4-3.5 3.5z',
  message: 'M4 4h16v12H8l-4 4zm4 4v2h8V8zm0 3v2h5v-2z',
  share: 'M12 3l5 5-1.4 1.4L13 6.8V15h-2V6.8L8.4 9.4 7 8zM5 13h2v6h10v-6h2v8H5z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  phone: 'M6 3h4l1 5-2.5 1.5a11 11 0 006 6L16 13l5 1v4a2 2 0 01-2 2A16 16 0 014 5a2 2 0 012-2z',
  mail: 'M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 2.9V17h14V9.9l-7 4.5z',
  work: 'M9 3h6l1 3h5v14H3V6h5zm1.4 2l-.3 1h5.8l-.3-1zM5 8v3h14V8zm0 5v5h14v-5h-6v2h-2v-2z',
  cake: 'M12 2c1 1.5 1.5 2.5 1.5 3.3a1.5 1.5 0 01-3 0C10.5 4.5 11 3.5 12 2zm-1 5h2v3h6a2 2 0 012 2v9H3v-9a2 2 0 012-2h6zm-6 5v3c1.5 0 2-1 3.5-1s2 1 3.5 1 2-1 3.5-1 2 1 3.5 1v-3zm0 5v2h14v-2c-1.5 0-2-1-3.5-1s-2 1-3.5 1-2-1-3.5-1-2 1-3.5 1z',
  note: 'M5 3h10l4 4v14H5zm2 2v14h10V8h-3V5zm2 6h6v2H9zm0 4h6v2H9z',
  block: 'M12 3a9 9 0 110 18 9 9 0 010-18zm0 2a7 7 0 00-5.6 11.2l9.8-9.8A7 7 0 0012 5zm5.6 2.8l-9.8 9.8A7 7 0 0017.6 7.8z',
};

function svg(path, { size = 22, color, outline } = {}) { return icon(path, { size, color, evenodd: true, outline, strokeWidth: 1.7 }); }

/** A scrolling body that agents can address (`scroll:<name>`) and whose offset the shell keeps. */
function scrollBody(name, ...children) {
  return h('main.body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `contacts:${name}` }, ...children);
}

function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.ct-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

// ------------------------------------------------------------------ list

function contactRow(api, c, blocked) {
  const sub = c.company || c.phone || c.email || '';
  return h('div.row.ct-row', { 'data-gym': `contact:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', id: c.id }) },
    avatar(c.name, 40),
    h('div.row-text', null, h('div.row-title', null, c.name), sub ? h('div.row-sub', null, sub) : null),
    blocked ? h('span.chip.ct-chip-blocked', null, 'Blocked') : null,
    c.favorite ? h('span.ct-row-star', { 'aria-label': 'Favorite' }, svg(ICONS.star, { size: 16, color: '#e0a800' })) : null);
}

function searchBar(api, query) {
  return h('div.ct-searchbar', null,
    h('div.ct-search', null,
      svg(ICONS.search, { size: 20, color: '#6b7185' }),
      h('input.ct-search-input', {
        'data-gym': 'field:search', type: 'text', placeholder: 'Search name, number or company', value: query,
        oninput: (e) => api.dispatch({ type: '@draft', key: 'search', value: e.target.value }),
      }),
      query ? h('button.ct-search-clear', { 'data-gym': 'btn:clear-search', 'aria-label': 'Clear search',
        onclick: () => api.dispatch({ type: 'clear_search' }) }, svg(ICONS.clear, { size: 20, color: '#8a90a3' })) : null));
}

function renderList(api) {
  const { data } = api.state;
  const query = api.draft('search');
  const blocked = new Set(data.blocked || []);
  let content;
  if (query.trim()) {
    const hits = searchContacts(data.contacts, query);
    content = hits.length
      ? [section(`${hits.length} ${hits.length === 1 ? 'result' : 'results'}`), hits.map((c) => contactRow(api, c, blocked.has(c.id)))]
      : empty(`No contacts match “${query.trim()}”`);
  } else if (!data.contacts.length) {
    content = empty('No contacts yet. Tap + to add one.');
  } else {
    const favs = favorites(data.contacts);
    content = [
      favs.length ? [section('Favorites'), h('div.ct-favs', null, favs.map((c) =>
        h('button.ct-fav', { 'data-gym': `fav:${c.id}`, 'aria-label': c.name, onclick: () => api.dispatch({ type: 'open', id: c.id }) },
          avatar(c.name, 48), h('span.ct-fav-name', null, c.name.split(/\s+/)[0]))))] : null,
      groupByLetter(data.contacts).map(([letter, list]) => [
        h('div.section.ct-letter', null, letter),
        list.map((c) => contactRow(api, c, blocked.has(c.id)))]),
      h('div.ct-count', null, `${data.contacts.length} ${data.contacts.length === 1 ? 'contact' : 'contacts'}`),
    ];
  }
  return h('div.app', null,
    appBar(api, 'Contacts', { back: false }),
    searchBar(api, query),
    scrollBody('contacts', content),
    fab('btn:new', 'plus', () => api.dispatch({ type: 'new' }), 'New contact'),
    notice(api));
}

// ---------------------------------------------------------------- detail

function infoRow(key, glyph, label, value, { muted = false, multiline = false } = {}) {
  return h('div.ct-info', { 'data-gym': `info:${key}` },
    h('span.ct-info-icon', null, svg(glyph, { size: 20, color: '#5a6178' })),
    h('div.ct-info-text', null,
      h('div.ct-info-value' + (muted ? '.muted' : '') + (multiline ? '.multi' : ''), null, value),
      h('div.ct-info-label', null, label)));
}

function quickAction(id, glyph, label, onclick, { active = false, aria } = {}) {
  return h('button.ct-quick-btn' + (active ? '.active' : ''), { 'data-gym': id, 'aria-label': aria || label, onclick },
    h('span.ct-quick-icon', null, glyph),
    h('span.ct-quick-label', null, label));
}

function renderDetail(api, c) {
  const { data, ui } = api.state;
  const isBlocked = (data.blocked || []).includes(c.id);
  const dispatch = (type) => () => api.dispatch({ type, id: c.id });
  const info = [
    infoRow('phone', ICONS.phone, 'Mobile', c.phone || 'No phone number', { muted: !c.phone }),
    infoRow('email', ICONS.mail, 'Email', c.email || 'No email', { muted: !c.email }),
    c.company ? infoRow('company', ICONS.work, 'Company', c.company) : null,
    c.birthday ? infoRow('birthday', ICONS.cake, 'Birthday', formatBirthday(c.birthday)) : null,
    c.notes ? infoRow('notes', ICONS.note, 'Notes', c.notes, { multiline: true }) : null,
  ];
  return h('div.app', null,
    appBar(api, '', { actions: [{ id: 'btn:edit', glyph: 'edit', label: 'Edit contact', onclick: dispatch('edit') }] }),
    scrollBody('detail',
      h('div.ct-hero', null,
        avatar(c.name, 88),
        h('h2.ct-name', { 'data-gym': 'contact-name' }, c.name),
        c.company ? h('div.ct-company', null, c.company) : null,
        isBlocked ? h('span.chip.ct-chip-blocked', null, 'Blocked') : null),
      h('div.ct-quick', null,
        quickAction('btn:message', svg(ICONS.message), 'Message', dispatch('message')),
        quickAction('btn:share', svg(ICONS.share), 'Share', dispatch('share')),
        quickAction('btn:favorite', c.favorite ? svg(ICONS.star, { color: '#e0a800' }) : svg(ICONS.star, { outline: true }),
          c.favorite ? 'Favorite' : 'Favorite', dispatch('toggle_favorite'),
          { active: c.favorite, aria: c.favorite ? 'Remove from favorites' : 'Add to favorites' })),
      h('div.card.ct-card', null, info),
      h('div.card.ct-card', null,
        h('div.ct-block-row', { 'data-gym': 'toggle:block', role: 'switch', 'aria-checked': String(isBlocked),
          'aria-label': isBlocked ? 'Unblock this number' : 'Block this number', onclick: dispatch('toggle_block') },
          h('span.ct-info-icon', null, svg(ICONS.block, { size: 20, color: '#c93a3a' })),
          h('div.ct-block-text', null, h('div', null, 'Block this number'),
            h('div.ct-info-label', null, isBlocked ? 'Calls and messages are blocked' : 'Stop calls and messages')),
          h('div.switch' + (isBlocked ? '.on' : ''), null, h('div.knob')))),
      h('div.ct-delete-wrap', null, button('Delete contact', { id: 'btn:delete', kind: 'danger', onclick: dispatch('delete') }))),
    ui.dialog === 'delete' ? dialog('Delete contact?', `${c.name} will be removed from your contacts. This can't be undone.`, [
      { id: 'btn:cancel-delete', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete' }) },
    ]) : null,
    notice(api));
}

// ------------------------------------------------------------------ form

const LABELS = { name: 'Name', phone: 'Phone', email: 'Email', company: 'Company', birthday: 'Birthday (MM-DD)', notes: 'Notes' };
const PLACEHOLDERS = { name: 'Full name', phone: 'Phone number', email: 'Email address', company: 'Company', birthday: 'e.g. 04-17', notes: 'Add a note' };

function renderForm(api) {
  const { ui } = api.state;
  const creating = ui.screen === 'create';
  const fields = FIELDS.map((key) => {
    const el = field(api, key, LABELS[key], { type: key === 'phone' ? 'tel' : 'text', placeholder: PLACEHOLDERS[key] });
    const error = ui.errors && ui.errors[key];
    if (!error) return el;
    el.classList.add('ct-has-error');
    return [el, h('div.ct-error', { 'data-gym': `error:${key}`, role: 'alert' }, error)];
  });
  const name = api.draft('name').trim();
  return h('div.app', null,
    appBar(api, creating ? 'New contact' : 'Edit contact'),
    scrollBody(creating ? 'create' : 'edit',
      h('div.ct-form-head', null, avatar(name || '?', 64)),
      fields),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) }),
      button('Save', { id: 'btn:save', onclick: () => api.dispatch({ type: 'save' }) })),
    notice(api));
}

/** Render the current Contacts screen. */
export function render(api) {
  const { ui, data } = api.state;
  if (ui.screen === 'create' || ui.screen === 'edit') return renderForm(api);
  if (ui.screen === 'detail') {
    const c = findContact(data, ui.selected);
    if (c) return renderDetail(api, c);
  }
  return renderList(api);
}
