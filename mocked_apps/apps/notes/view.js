// Notes view: the list (search, folder chips, pinned first), the editor (title, body,
// checklist, folder sheet), the trash, and the folder / delete dialogs.

import { h, icon } from '../../runtime/ui/h.js';
import { button, empty, fab, field, section } from '../../runtime/ui/kit.js';
import { editedLabel, findFolder, findNote, notesIn, progress, searchNotes, trashed } from './logic.js';

/** Icons drawn for this app on a 24×24 grid. */
const ICONS = {
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  clear: 'M12 3a9 9 0 110 18 9 9 0 010-18zM8.5 7.1L7.1 8.5 10.6 12l-3.5 3.5 1.4 1.4 3.5-3.5 3.5 3.5 1.4-1.4-3.5-3.5 3.5-3.5-1.4-1.4-3.5 3.5z',
  trash: 'M6 7h12l-1 13H7zm3-3h6l1 2H8z',
  pin: 'M8 3h8v2l-1.5 1v5l3.5 3v2h-5v6l-1 1-1-1v-6H6v-2l3.5-3V6L8 5z',
  pinOff: 'M8 3h8v2l-1.5 1v5l3.5 3v2h-5v6l-1 1-1-1v-6H6v-2l3.5-3V6L8 5zm2.5 3v5.8L8.7 14h6.6l-1.8-2.2V6z',
  share: 'M12 3l5 5-1.4 1.4L13 6.8V15h-2V6.8L8.4 9.4 7 8zM5 13h2v6h10v-6h2v8H5z',
  check: 'M9 16l-4-4-1.5 1.5L9 19 21 7l-1.5-1.5z',
  folder: 'M3 5h7l2 2h9v12H3zm2 4v8h14V9z',
  restore: 'M12 4a8 8 0 11-7.4 11h2.2A6 6 0 1012 6a6 6 0 00-4.2 1.8L10 10H4V4l2.4 2.4A8 8 0 0112 4z',
  close: 'M6.4 5L12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  box: 'M5 4h14a1 1 0 011 1v14a1 1 0 01-1 1H5a1 1 0 01-1-1V5a1 1 0 011-1zm1 2v12h12V6z',
  boxOn: 'M5 4h14a1 1 0 011 1v14a1 1 0 01-1 1H5a1 1 0 01-1-1V5a1 1 0 011-1zm5 11.2l-3.3-3.3-1.4 1.4 4.7 4.7 8.7-8.7-1.4-1.4z',
  list: 'M4 5h3v3H4zm5 .5h11v2H9zM4 10.5h3v3H4zm5 .5h11v2H9zM4 16h3v3H4zm5 .5h11v2H9z',
};
const EVENODD = new Set(['folder', 'box', 'pinOff']);

function svg(name, { size = 22, color } = {}) { return icon(ICONS[name], { size, color, evenodd: EVENODD.has(name) }); }

function bar(api, title, { back = true, actions = [] } = {}) {
  return h('header.appbar.nt-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg('back')) : null,
    h('h1.appbar-title', null, title),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn' + (a.on ? '.on' : ''), { 'data-gym': a.id, 'aria-label': a.label, title: a.label, onclick: a.onclick }, svg(a.icon)))));
}

function scrollBody(name, ...children) {
  return h('main.body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `notes:${name}` }, ...children);
}

function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.nt-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

function preview(n) {
  const line = String(n.body || '').split('\n').map((l) => l.trim()).filter(Boolean).join(' · ');
  if (line) return line;
  if (n.items.length) return n.items.map((i) => i.text).join(', ');
  return 'No text';
}

function noteRow(api, n, { id = `note:${n.id}`, onclick, trailing = null } = {}) {
  const { data } = api.state;
  const folder = findFolder(data, n.folder);
  const [done, total] = progress(n);
  return h('div.nt-row', { 'data-gym': id, role: 'button', onclick },
    h('div.nt-row-main', null,
      h('div.nt-row-top', null,
        n.pinned ? h('span.nt-pin', { 'aria-label': 'Pinned' }, svg('pin', { size: 14 })) : null,
        h('span.nt-row-title', null, n.title.trim() || 'Untitled')),
      h('div.nt-row-preview', null, preview(n)),
      h('div.nt-row-meta', null,
        h('span', null, editedLabel(n.updated, api.now)),
        folder ? h('span.nt-tag', null, folder.name) : null,
        total ? h('span.nt-tag.check', null, svg('list', { size: 12 }), `${done}/${total}`) : null)),
    trailing);
}

// ------------------------------------------------------------------- list

function listScreen(api) {
  const { data, ui } = api.state;
  const query = api.draft('search');
  const searching = Boolean(query.trim());
  const list = searching ? searchNotes(data, query) : notesIn(data, ui.folder);
  const inTrash = data.notes.filter((n) => n.trashed).length;
  const chip = (id, label, on, onclick) => h('button.nt-chip' + (on ? '.on' : ''), { 'data-gym': id, onclick }, label);
  return [
    bar(api, 'Notes', { back: false, actions: [
      { id: 'btn:trash', icon: 'trash', label: `Trash (${inTrash})`, onclick: () => api.dispatch({ type: 'trash_view' }) },
    ] }),
    h('div.nt-searchbar', null, h('div.nt-search', null,
      svg('search', { size: 20, color: '#6b7185' }),
      h('input.nt-search-input', {
        'data-gym': 'field:search', type: 'text', placeholder: 'Search notes', value: query,
        oninput: (e) => api.dispatch({ type: '@draft', key: 'search', value: e.target.value }),
      }),
      query ? h('button.nt-icon-sm', { 'data-gym': 'btn:clear-search', 'aria-label': 'Clear search', onclick: () => api.dispatch({ type: 'clear_search' }) },
        svg('clear', { size: 20, color: '#8a90a3' })) : null)),
    searching ? null : h('div.nt-chips', null,
      chip('folder:all', 'All', ui.folder === 'all', () => api.dispatch({ type: 'folder', folder: 'all' })),
      data.folders.map((f) => chip(`folder:${f.id}`, f.name, ui.folder === f.id, () => api.dispatch({ type: 'folder', folder: f.id }))),
      h('button.nt-chip.add', { 'data-gym': 'btn:new-folder', onclick: () => api.dispatch({ type: 'new_folder' }) }, svg('plus', { size: 14 }), 'Folder')),
    scrollBody('notes',
      searching ? section(`${list.length} ${list.length === 1 ? 'result' : 'results'}`) : null,
      list.length ? list.map((n) => noteRow(api, n, { onclick: () => api.dispatch({ type: 'open', id: n.id }) }))
        : empty(searching ? `No notes match “${query.trim()}”` : 'No notes here yet. Tap + to write one.'),
      h('div.nt-list-end')),
    fab('btn:new', 'plus', () => api.dispatch({ type: 'new' }), 'New note'),
  ];
}

// ----------------------------------------------------------------- editor

function editorScreen(api, n) {
  const { data, ui } = api.state;
  const folder = findFolder(data, n.folder);
  const [done, total] = progress(n);
  const body = api.draft('body');
  const titleField = field(api, 'title', 'Title', { placeholder: 'Title' });
  titleField.classList.add('nt-title-field');
  return [
    bar(api, '', { actions: [
      { id: 'btn:pin', icon: n.pinned ? 'pin' : 'pinOff', label: n.pinned ? 'Unpin' : 'Pin', on: n.pinned, onclick: () => api.dispatch({ type: 'pin' }) },
      { id: 'btn:share', icon: 'share', label: 'Share to Messages', onclick: () => api.dispatch({ type: 'share' }) },
      { id: 'btn:delete', icon: 'trash', label: 'Move to trash', onclick: () => api.dispatch({ type: 'delete' }) },
      { id: 'btn:done', icon: 'check', label: 'Done', onclick: () => api.dispatch({ type: 'done' }) },
    ] }),
    scrollBody('editor',
      titleField,
      h('div.nt-meta', null,
        h('span', null, `Edited ${editedLabel(n.updated, api.now)}`),
        h('button.nt-folder-btn', { 'data-gym': 'btn:folder', onclick: () => api.dispatch({ type: 'folder_sheet' }) },
          svg('folder', { size: 16 }), folder ? folder.name : 'No folder')),
      h('label.field.nt-body-field', null,
        h('span.field-label', null, 'Note'),
        h('textarea.field-input.nt-body', {
          'data-gym': 'field:body', placeholder: 'Start writing', rows: Math.max(4, body.split('\n').length + 1), value: body,
          oninput: (e) => api.dispatch({ type: '@draft', key: 'body', value: e.target.value }),
        })),
      h('div.nt-checklist', null,
        h('div.nt-check-head', null, h('span', null, 'Checklist'), total ? h('span.nt-check-count', { 'data-gym': 'checklist-progress' }, `${done} of ${total} done`) : null),
        n.items.map((i) => h('div.nt-item' + (i.done ? '.done' : ''), null,
          h('button.nt-item-toggle', { 'data-gym': `item:${i.id}`, role: 'checkbox', 'aria-checked': String(i.done),
            onclick: () => api.dispatch({ type: 'toggle_item', item: i.id }) },
          svg(i.done ? 'boxOn' : 'box', { size: 22, color: i.done ? '#2e8a57' : '#8a90a3' }), h('span.nt-item-text', null, i.text)),
          h('button.nt-icon-sm', { 'data-gym': `remove-item:${i.id}`, 'aria-label': `Remove ${i.text}`,
            onclick: () => api.dispatch({ type: 'remove_item', item: i.id }) }, svg('close', { size: 16, color: '#8a90a3' })))),
        h('div.nt-add-item', null,
          h('input.field-input.nt-add-input', {
            'data-gym': 'field:new_item', type: 'text', placeholder: 'Add an item', value: api.draft('new_item'),
            oninput: (e) => api.dispatch({ type: '@draft', key: 'new_item', value: e.target.value }),
            onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch({ type: 'add_item' }); } },
          }),
          h('button.nt-add-btn', { 'data-gym': 'btn:add-item', 'aria-label': 'Add item', onclick: () => api.dispatch({ type: 'add_item' }) },
            svg('plus', { size: 20, color: '#fff' })))),
      h('div.nt-list-end')),
    ui.sheet === 'folder' ? folderSheet(api, n) : null,
  ];
}

function folderSheet(api, n) {
  const { data } = api.state;
  const option = (id, label, on, folder) => h('button.nt-sheet-item' + (on ? '.on' : ''), { 'data-gym': id,
    onclick: () => api.dispatch({ type: 'move_to', folder }) }, svg('folder', { size: 20 }), h('span', null, label), on ? svg('check', { size: 18 }) : null);
  return h('div.scrim.nt-sheet-scrim', { 'data-gym': 'sheet:scrim', 'aria-label': 'Close', onclick: (e) => { if (e.target === e.currentTarget) api.dispatch({ type: 'close_sheet' }); } },
    h('div.nt-sheet', { role: 'menu' },
      h('div.nt-sheet-title', null, 'Move to folder'),
      option('move-to:none', 'No folder', !n.folder, null),
      data.folders.map((f) => option(`move-to:${f.id}`, f.name, n.folder === f.id, f.id)),
      h('button.nt-sheet-item.add', { 'data-gym': 'btn:new-folder', onclick: () => api.dispatch({ type: 'new_folder' }) }, svg('plus', { size: 20 }), h('span', null, 'New folder…')),
      h('button.nt-sheet-cancel', { 'data-gym': 'btn:close-sheet', onclick: () => api.dispatch({ type: 'close_sheet' }) }, 'Cancel')));
}

// ------------------------------------------------------------------ trash

function trashScreen(api) {
  const list = trashed(api.state.data);
  return [
    bar(api, 'Trash'),
    h('div.nt-trash-head', null,
      h('span', null, list.length ? `${list.length} ${list.length === 1 ? 'note' : 'notes'} in the trash` : 'The trash is empty'),
      list.length ? h('button.nt-link-danger', { 'data-gym': 'btn:empty-trash', onclick: () => api.dispatch({ type: 'empty_trash' }) }, 'Empty trash') : null),
    scrollBody('trash',
      list.length ? list.map((n) => noteRow(api, n, { id: `trashed:${n.id}`, trailing: h('div.nt-trash-actions', null,
        h('button.nt-round', { 'data-gym': `restore:${n.id}`, 'aria-label': `Restore ${n.title || 'Untitled'}`, onclick: () => api.dispatch({ type: 'restore', id: n.id }) }, svg('restore', { size: 20 })),
        h('button.nt-round.danger', { 'data-gym': `purge:${n.id}`, 'aria-label': `Delete ${n.title || 'Untitled'} forever`, onclick: () => api.dispatch({ type: 'purge', id: n.id }) }, svg('trash', { size: 20 }))) }))
        : empty('Notes you delete show up here.'),
      h('div.nt-list-end')),
  ];
}

// ---------------------------------------------------------------- dialogs

function modal(title, message, buttons, extra = null) {
  return h('div.scrim', null, h('div.dialog', { role: 'dialog' },
    h('div.dialog-title', null, title),
    message ? h('div.dialog-msg', null, message) : null,
    extra,
    h('div.dialog-actions', null, buttons.map((b) => button(b.label, b)))));
}

function dialogs(api) {
  const { data, ui } = api.state;
  const d = ui.dialog;
  if (!d) return null;
  const close = () => api.dispatch({ type: 'close_dialog' });
  if (d.kind === 'purge') {
    const n = findNote(data, d.note);
    return modal('Delete forever?', `“${(n && n.title) || 'Untitled'}” will be deleted permanently. This can't be undone.`, [
      { id: 'btn:cancel-purge', label: 'Cancel', kind: 'secondary', onclick: close },
      { id: 'btn:confirm-purge', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_purge' }) },
    ]);
  }
  if (d.kind === 'empty') {
    const n = data.notes.filter((x) => x.trashed).length;
    return modal('Empty trash?', `${n} ${n === 1 ? 'note' : 'notes'} will be deleted permanently. This can't be undone.`, [
      { id: 'btn:cancel-empty', label: 'Cancel', kind: 'secondary', onclick: close },
      { id: 'btn:confirm-empty', label: 'Empty trash', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_empty' }) },
    ]);
  }
  if (d.kind === 'folder') {
    const el = field(api, 'folder_name', 'Folder name', { placeholder: 'e.g. Garden' });
    return modal('New folder', null, [
      { id: 'btn:cancel-folder', label: 'Cancel', kind: 'secondary', onclick: close },
      { id: 'btn:create-folder', label: 'Create', onclick: () => api.dispatch({ type: 'create_folder' }) },
    ], h('div.nt-dialog-field', null, el, d.error ? h('div.nt-error', { 'data-gym': 'error:folder_name', role: 'alert' }, d.error) : null));
  }
  return null;
}

/** Render the current Notes screen. */
export function render(api) {
  const { data, ui } = api.state;
  let screen;
  const n = ui.screen === 'editor' ? findNote(data, ui.note) : null;
  if (n && !n.trashed) screen = editorScreen(api, n);
  else if (ui.screen === 'trash') screen = trashScreen(api);
  else screen = listScreen(api);
  return h('div.app.nt-app', null, screen, dialogs(api), notice(api));
}
