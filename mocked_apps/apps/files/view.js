// Files view: folder browser with breadcrumb and sort, search, trash, storage summary,
// the move/copy folder picker, and the action / info / sort sheets and dialogs.

import { h, icon } from '../../runtime/ui/h.js';
import { button, empty, field, section } from '../../runtime/ui/kit.js';
import {
  ROOT, children, dateLabel, descendants, findEntry, isFolder, pathLabel, pathTo, searchEntries, sizeLabel, sizeOf,
  sortEntries, storage, trashedEntries,
} from './logic.js';

/** Icons drawn for this app on a 24×24 grid. */
const ICONS = {
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  sort: 'M4 6h16v2H4zm0 5h11v2H4zm0 5h6v2H4zm13-3h2v4h2l-3 4-3-4h2z',
  more: 'M12 5a2 2 0 110 4 2 2 0 010-4zm0 5a2 2 0 110 4 2 2 0 010-4zm0 5a2 2 0 110 4 2 2 0 010-4z',
  folder: 'M3 5h7l2 2h9v12H3z',
  folderPlus: 'M3 5h7l2 2h9v12H3zm8 4v2.5H8.5v2H11V16h2v-2.5h2.5v-2H13V9z',
  file: 'M6 2h8l5 5v15H6zm7 1.5V8h4.5z',
  image: 'M4 4h16v16H4zm2 2v9.5l3.5-4 3 3.5 2-2L18 16V6zm9 1.5a1.8 1.8 0 110 3.6 1.8 1.8 0 010-3.6z',
  audio: 'M10 3h9v3h-7v10.5A3.5 3.5 0 118.5 13c.6 0 1.1.1 1.5.4z',
  video: 'M4 5h12v14H4zm13 4l4-2.5v11L17 15z',
  archive: 'M5 3h14v18H5zm5 2v2h2V5zm2 2v2h2V7zm-2 2v2h2V9zm2 2v2h2v-2zm-2 3v4h4v-4zm1 1h2v2h-2z',
  sheet: 'M5 3h14v18H5zm2 4v3h4V7zm6 0v3h4V7zm-6 5v3h4v-3zm6 0v3h4v-3z',
  trash: 'M6 7h12l-1 13H7zm3-3h6l1 2H8z',
  restore: 'M12 4a8 8 0 11-7.4 11h2.2A6 6 0 1012 6a6 6 0 00-4.2 1.8L10 10H4V4l2.4 2.4A8 8 0 0112 4z',
  info: 'M12 3a9 9 0 110 18 9 9 0 010-18zm-1 7v7h2v-7zm0-3v2h2V7z',
  edit: 'M4 17v3h3l10-10-3-3zM15 6l3 3 2-2-3-3z',
  move: 'M3 5h7l2 2h9v12H3zm9 4v2.5H7v2h5V16l4-3.5z',
  copy: 'M8 3h11v13H8zm2 2v9h7V5zM5 7h2v12h9v2H5z',
  share: 'M12 3l5 5-1.4 1.4L13 6.8V15h-2V6.8L8.4 9.4 7 8zM5 13h2v6h10v-6h2v8H5z',
  storage: 'M4 5h16v5H4zm2 1.5v2h2v-2zM4 13h16v5H4zm2 1.5v2h2v-2z',
  up: 'M12 5l7 7-1.4 1.4-4.6-4.6V20h-2V8.8l-4.6 4.6L5 12z',
  check: 'M9 16l-4-4-1.5 1.5L9 19 21 7l-1.5-1.5z',
  chevron: 'M9.5 5L8 6.5l5.5 5.5L8 17.5 9.5 19l7-7z',
  select: 'M4 4h7v7H4zm2 2v3h3V6zm7 .5h7v2h-7zM4 13h7v7H4zm1.5 3.3l1.4-1.4 1.1 1.1 2.6-2.6 1.4 1.4-4 4zM13 15.5h7v2h-7z',
  close: 'M6.4 5L12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
  box: 'M5 4h14a1 1 0 011 1v14a1 1 0 01-1 1H5a1 1 0 01-1-1V5a1 1 0 011-1zm1 2v12h12V6z',
  boxOn: 'M5 4h14a1 1 0 011 1v14a1 1 0 01-1 1H5a1 1 0 01-1-1V5a1 1 0 011-1zm5 11.2l-3.3-3.3-1.4 1.4 4.7 4.7 8.7-8.7-1.4-1.4z',
};
const EVENODD = new Set(['box', 'select', 'folderPlus', 'image', 'archive', 'sheet', 'video', 'move', 'copy', 'info', 'storage']);
const TYPE_STYLE = {
  folder: ['folder', '#d9a21b'], pdf: ['file', '#d0453b'], document: ['file', '#3b6fd4'], text: ['file', '#6b7185'],
  spreadsheet: ['sheet', '#2e9b5a'], presentation: ['file', '#d9742b'], image: ['image', '#8a55c9'], audio: ['audio', '#c23f7d'],
  video: ['video', '#2b8ea3'], archive: ['archive', '#7b6a4d'], file: ['file', '#8a90a3'],
};
const TYPE_NAMES = { folder: 'Folder', pdf: 'PDF document', document: 'Document', text: 'Text file', spreadsheet: 'Spreadsheet',
  presentation: 'Presentation', image: 'Image', audio: 'Audio', video: 'Video', archive: 'Archive', file: 'File' };
const SORT_LABELS = { name: 'Name', size: 'Size', date: 'Date modified' };

function svg(name, { size = 22, color } = {}) { return icon(ICONS[name], { size, color, evenodd: EVENODD.has(name) }); }

function typeIcon(entry, size = 24) {
  const [icon, color] = TYPE_STYLE[entry.type] || TYPE_STYLE.file;
  return h('span.fl-type', { style: { background: `${color}1f` } }, svg(icon, { size, color }));
}

function bar(api, title, { back = true, actions = [] } = {}) {
  return h('header.appbar.fl-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg('back')) : null,
    h('h1.appbar-title', null, title),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, title: a.label, onclick: a.onclick }, svg(a.icon)))));
}

function scrollBody(name, ...children) {
  return h('main.body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `files:${name}` }, ...children);
}

function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.fl-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

function entryRow(api, e, { showPath = false, selecting = null } = {}) {
  const { data } = api.state;
  const n = e.folder ? children(data, e.id).length : 0;
  const sub = [e.folder ? `${n} ${n === 1 ? 'item' : 'items'}` : sizeLabel(e.size), dateLabel(e.modified)];
  if (showPath) sub.push(pathLabel(data, e.parent));
  if (selecting) {
    const on = selecting.includes(e.id);
    return h('div.fl-row' + (on ? '.picked' : ''), null,
      h('div.fl-row-main', { 'data-gym': `select:${e.id}`, role: 'checkbox', 'aria-checked': String(on),
        onclick: () => api.dispatch({ type: 'toggle_select', id: e.id }) },
      svg(on ? 'boxOn' : 'box', { size: 24, color: on ? '#2b7a78' : '#9aa0b0' }), typeIcon(e),
      h('div.fl-row-text', null, h('div.fl-row-name', null, e.name), h('div.fl-row-sub', null, sub.join(' · ')))));
  }
  return h('div.fl-row', null,
    h('div.fl-row-main', { 'data-gym': `entry:${e.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', id: e.id }) },
      typeIcon(e),
      h('div.fl-row-text', null, h('div.fl-row-name', null, e.name), h('div.fl-row-sub', null, sub.join(' · ')))),
    h('button.fl-more', { 'data-gym': `more:${e.id}`, 'aria-label': `More actions for ${e.name}`, onclick: () => api.dispatch({ type: 'sheet', id: e.id }) },
      svg('more', { size: 20 })));
}

function crumbs(api, folder, { pick = false } = {}) {
  const path = pathTo(api.state.data, folder);
  return h('div.fl-crumbs', null, path.map((p, i) => [
    i ? h('span.fl-crumb-sep', null, svg('chevron', { size: 14 })) : null,
    h('button.fl-crumb' + (p.id === folder ? '.on' : ''), { 'data-gym': `${pick ? 'pick-crumb' : 'crumb'}:${p.id}`,
      onclick: () => api.dispatch({ type: 'crumb', id: p.id }) }, p.name)]));
}

// ----------------------------------------------------------------- browse

function storageCard(api) {
  const s = storage(api.state.data, api.world.capacity_kb || 0);
  const pct = s.capacity ? Math.max(1, Math.round((s.total / s.capacity) * 100)) : 0;
  return h('div.fl-storage-card', { 'data-gym': 'btn:storage', role: 'button', onclick: () => api.dispatch({ type: 'storage' }) },
    h('div.fl-storage-top', null, svg('storage', { size: 20, color: '#2b7a78' }), h('span', null, 'Storage'),
      h('span.fl-storage-used', null, `${sizeLabel(s.total)} of ${sizeLabel(s.capacity)} used`)),
    h('div.fl-meter', null, h('div.fl-meter-fill', { style: { width: `${pct}%` } })));
}

function browseScreen(api) {
  const { data, ui } = api.state;
  const atRoot = ui.folder === ROOT;
  const list = sortEntries(children(data, ui.folder), ui.sort, data);
  const inTrash = data.entries.filter((e) => e.trashed).length;
  const folder = findEntry(data, ui.folder);
  const selecting = Array.isArray(ui.select) ? ui.select : null;
  const header = selecting
    ? h('header.appbar.fl-bar.selecting', null,
      h('button.icon-btn', { 'data-gym': 'btn:cancel-select', 'aria-label': 'Stop selecting', onclick: () => api.dispatch({ type: 'cancel_select' }) }, svg('close')),
      h('h1.appbar-title', { 'data-gym': 'select-count' }, `${selecting.length} selected`),
      h('div.appbar-actions', null, h('button.icon-btn', { 'data-gym': 'btn:select-all', 'aria-label': 'Select all',
        onclick: () => api.dispatch({ type: 'select_all' }) }, svg('select'))))
    : bar(api, atRoot ? 'Files' : folder.name, { back: !atRoot, actions: [
      { id: 'btn:search', icon: 'search', label: 'Search files', onclick: () => api.dispatch({ type: 'search' }) },
      { id: 'btn:sort', icon: 'sort', label: `Sort (${SORT_LABELS[ui.sort.key]})`, onclick: () => api.dispatch({ type: 'sort_sheet' }) },
      list.length ? { id: 'btn:select', icon: 'select', label: 'Select items', onclick: () => api.dispatch({ type: 'select_mode' }) } : null,
      { id: 'btn:new-folder', icon: 'folderPlus', label: 'New folder', onclick: () => api.dispatch({ type: 'new_folder' }) },
    ].filter(Boolean) });
  return [
    header,
    atRoot ? null : crumbs(api, ui.folder),
    scrollBody('files',
      atRoot && !selecting ? storageCard(api) : null,
      h('div.fl-listhead', null,
        h('span', null, `${list.length} ${list.length === 1 ? 'item' : 'items'}`),
        h('span', { 'data-gym': 'sort-label' }, `${SORT_LABELS[ui.sort.key]} ${ui.sort.dir === 'asc' ? '↑' : '↓'}`)),
      list.length ? h('div.fl-list', null, list.map((e) => entryRow(api, e, { selecting }))) : empty('This folder is empty'),
      atRoot && !selecting ? h('div.fl-list.fl-trash-link', null, h('div.fl-row', null,
        h('div.fl-row-main', { 'data-gym': 'btn:trash', role: 'button', onclick: () => api.dispatch({ type: 'trash' }) },
          h('span.fl-type', { style: { background: '#c93a3a1f' } }, svg('trash', { size: 24, color: '#c93a3a' })),
          h('div.fl-row-text', null, h('div.fl-row-name', null, 'Trash'), h('div.fl-row-sub', null, `${inTrash} ${inTrash === 1 ? 'item' : 'items'}`))))) : null,
      h('div.fl-list-end')),
    selecting ? h('div.actions-bar.fl-selbar', null,
      button('Move', { id: 'btn:move-selected', kind: 'secondary', disabled: !selecting.length, onclick: () => api.dispatch({ type: 'move' }) }),
      button('Copy', { id: 'btn:copy-selected', kind: 'secondary', disabled: !selecting.length, onclick: () => api.dispatch({ type: 'copy' }) }),
      button('Delete', { id: 'btn:delete-selected', kind: 'danger', disabled: !selecting.length, onclick: () => api.dispatch({ type: 'delete_selected' }) })) : null,
  ];
}

function searchScreen(api) {
  const query = api.draft('search');
  const hits = searchEntries(api.state.data, query);
  return [
    h('header.appbar.fl-bar', null,
      h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg('back')),
      h('input.fl-search-input', {
        'data-gym': 'field:search', type: 'text', placeholder: 'Search all files', value: query,
        oninput: (ev) => api.dispatch({ type: '@draft', key: 'search', value: ev.target.value }),
      })),
    scrollBody('search',
      !query.trim() ? empty('Search file and folder names') : null,
      query.trim() && !hits.length ? empty(`No files match “${query.trim()}”`) : null,
      hits.length ? [section(`${hits.length} ${hits.length === 1 ? 'result' : 'results'}`),
        h('div.fl-list', null, hits.map((e) => entryRow(api, e, { showPath: true })))] : null,
      h('div.fl-list-end')),
  ];
}

function trashScreen(api) {
  const { data } = api.state;
  const list = trashedEntries(data);
  return [
    bar(api, 'Trash'),
    h('div.fl-trash-head', null,
      h('span', null, list.length ? `${list.length} ${list.length === 1 ? 'item' : 'items'} · restore puts them back` : 'The trash is empty'),
      list.length ? h('button.fl-link-danger', { 'data-gym': 'btn:empty-trash', onclick: () => api.dispatch({ type: 'empty_trash' }) }, 'Empty trash') : null),
    scrollBody('trash',
      list.length ? h('div.fl-list', null, list.map((e) => h('div.fl-row', { 'data-gym': `trashed:${e.id}` },
        h('div.fl-row-main', null, typeIcon(e),
          h('div.fl-row-text', null, h('div.fl-row-name', null, e.name),
            h('div.fl-row-sub', null, `${e.folder ? `${descendants(data, e.id).length} items inside` : sizeLabel(e.size)} · from ${pathLabel(data, e.parent)}`))),
        h('button.fl-round', { 'data-gym': `restore:${e.id}`, 'aria-label': `Restore ${e.name}`, onclick: () => api.dispatch({ type: 'restore', id: e.id }) }, svg('restore', { size: 20 })),
        h('button.fl-round.danger', { 'data-gym': `purge:${e.id}`, 'aria-label': `Delete ${e.name} forever`, onclick: () => api.dispatch({ type: 'purge', id: e.id }) }, svg('trash', { size: 20 })))))
        : empty('Deleted files show up here.'),
      h('div.fl-list-end')),
  ];
}

function storageScreen(api) {
  const s = storage(api.state.data, api.world.capacity_kb || 0);
  const max = Math.max(1, ...s.categories.map((c) => c.size));
  return [
    bar(api, 'Storage'),
    scrollBody('storage',
      h('div.card.fl-storage-sum', null,
        h('div.fl-storage-big', { 'data-gym': 'storage-used' }, sizeLabel(s.total)),
        h('div.fl-row-sub', null, `used of ${sizeLabel(s.capacity)} · ${sizeLabel(Math.max(0, s.capacity - s.total))} free`),
        h('div.fl-meter.big', null, h('div.fl-meter-fill', { style: { width: `${s.capacity ? Math.max(1, Math.round((s.total / s.capacity) * 100)) : 0}%` } }))),
      h('div.card.fl-cats', null, s.categories.filter((c) => c.count).map((c) => h('div.fl-cat', { 'data-gym': `category:${c.id}` },
        h('div.fl-cat-top', null, h('span', null, c.label), h('span.fl-cat-size', null, `${sizeLabel(c.size)} · ${c.count} ${c.count === 1 ? 'file' : 'files'}`)),
        h('div.fl-meter', null, h('div.fl-meter-fill', { style: { width: `${Math.max(2, Math.round((c.size / max) * 100))}%` } })))),
      h('div.fl-cat', { 'data-gym': 'category:trash', role: 'button', onclick: () => api.dispatch({ type: 'trash' }) },
        h('div.fl-cat-top', null, h('span', null, 'Trash'), h('span.fl-cat-size', null, sizeLabel(s.trash)))))),
  ];
}

function pickScreen(api) {
  const { data, ui } = api.state;
  const pick = ui.pick;
  const list = pick.ids.map((id) => findEntry(data, id)).filter(Boolean);
  const inside = new Set(list.filter((x) => x.folder).flatMap((x) => [x.id, ...descendants(data, x.id)]));
  const folders = sortEntries(children(data, pick.at).filter((x) => x.folder));
  const same = pick.mode === 'move' && list.every((x) => x.parent === pick.at);
  const blocked = inside.has(pick.at);
  const what = list.length === 1 ? `“${list[0].name}”` : `${list.length} items`;
  return [
    bar(api, `${pick.mode === 'move' ? 'Move' : 'Copy'} ${what}`, { actions: [
      { id: 'btn:pick-new-folder', icon: 'folderPlus', label: 'New folder here', onclick: () => api.dispatch({ type: 'new_folder' }) },
    ] }),
    crumbs(api, pick.at, { pick: true }),
    scrollBody('pick',
      h('div.fl-pick-hint', null, 'Open the folder to put it in (or create one with the folder button), then tap the button below.'),
      pick.at !== ROOT ? h('div.fl-row', null, h('div.fl-row-main', { 'data-gym': 'btn:pick-up', role: 'button', onclick: () => api.dispatch({ type: 'pick_up' }) },
        h('span.fl-type', { style: { background: '#eef0f5' } }, svg('up', { size: 22, color: '#5a6178' })),
        h('div.fl-row-text', null, h('div.fl-row-name', null, 'Up one level')))) : null,
      folders.length ? h('div.fl-list', null, folders.map((f) => h('div.fl-row' + (inside.has(f.id) ? '.disabled' : ''), null,
        h('div.fl-row-main', { 'data-gym': `dest:${f.id}`, role: 'button', onclick: () => api.dispatch({ type: 'pick_open', id: f.id }) },
          typeIcon(f), h('div.fl-row-text', null, h('div.fl-row-name', null, f.name)), svg('chevron', { size: 18, color: '#8a90a3' })))))
        : empty('No folders here')),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel-pick', kind: 'secondary', onclick: () => api.back() }),
      button(pick.mode === 'move' ? 'Move here' : 'Copy here', { id: 'btn:pick-here', disabled: same || blocked,
        onclick: () => api.dispatch({ type: 'pick_here' }) })),
  ];
}

// ----------------------------------------------------------- sheets/dialogs

function sheetFrame(api, title, items) {
  return h('div.scrim.fl-sheet-scrim', { 'data-gym': 'sheet:scrim', 'aria-label': 'Close', onclick: (ev) => { if (ev.target === ev.currentTarget) api.dispatch({ type: 'close_sheet' }); } },
    h('div.fl-sheet', { role: 'menu' }, h('div.fl-sheet-title', null, title), items,
      h('button.fl-sheet-cancel', { 'data-gym': 'btn:close-sheet', onclick: () => api.dispatch({ type: 'close_sheet' }) }, 'Close')));
}

function sheetItem(id, icon, label, onclick, { danger = false, trail = null } = {}) {
  return h('button.fl-sheet-item' + (danger ? '.danger' : ''), { 'data-gym': id, onclick }, svg(icon, { size: 21 }), h('span', null, label), trail);
}

function sheets(api) {
  const { data, ui } = api.state;
  const s = ui.sheet;
  if (!s) return null;
  if (s.kind === 'sort') {
    return sheetFrame(api, 'Sort by', ['name', 'size', 'date'].map((key) => sheetItem(`sort:${key}`, 'sort', SORT_LABELS[key],
      () => api.dispatch({ type: 'sort', key }), { trail: ui.sort.key === key ? h('span.fl-sort-dir', null, ui.sort.dir === 'asc' ? '↑ ascending' : '↓ descending') : null })));
  }
  const e = findEntry(data, s.id);
  if (!e) return null;
  const act = (type) => () => api.dispatch({ type, id: e.id });
  if (s.kind === 'actions') {
    return sheetFrame(api, e.name, [
      sheetItem('act:info', 'info', 'Info', act('info')),
      sheetItem('act:rename', 'edit', 'Rename', act('rename')),
      sheetItem('act:move', 'move', 'Move to…', act('move')),
      sheetItem('act:copy', 'copy', 'Copy to…', act('copy')),
      ui.screen === 'browse' && e.parent === ui.folder ? sheetItem('act:select', 'select', 'Select', act('select_mode')) : null,
      e.folder ? null : sheetItem('act:share', 'share', 'Share to Messages', act('share')),
      sheetItem('act:delete', 'trash', 'Move to trash', act('delete'), { danger: true }),
    ]);
  }
  if (s.kind === 'info') {
    const n = e.folder ? children(data, e.id).length : 0;
    const rows = [
      ['type', 'Type', TYPE_NAMES[e.type] || 'File'],
      ['size', 'Size', e.folder ? `${sizeLabel(sizeOf(data, e))} · ${n} ${n === 1 ? 'item' : 'items'}` : (e.size < 1024 ? sizeLabel(e.size) : `${sizeLabel(e.size)} (${String(e.size).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} KB)`)],
      ['modified', 'Modified', dateLabel(e.modified)],
      ['location', 'Location', pathLabel(data, e.parent)],
    ];
    return h('div.scrim.fl-sheet-scrim', { 'data-gym': 'sheet:scrim', 'aria-label': 'Close', onclick: (ev) => { if (ev.target === ev.currentTarget) api.dispatch({ type: 'close_sheet' }); } },
      h('div.fl-sheet', { role: 'dialog' },
        h('div.fl-info-head', null, typeIcon(e, 30), h('div.fl-info-name', { 'data-gym': 'info:name' }, e.name)),
        rows.map(([key, label, value]) => h('div.fl-info-row', { 'data-gym': `info:${key}` }, h('span.fl-info-label', null, label), h('span.fl-info-value', null, value))),
        h('div.fl-info-actions', null,
          e.folder ? null : button('Share', { id: 'btn:info-share', kind: 'secondary', onclick: act('share') }),
          button('Rename', { id: 'btn:info-rename', kind: 'secondary', onclick: act('rename') }),
          button('Close', { id: 'btn:close-sheet', onclick: () => api.dispatch({ type: 'close_sheet' }) }))));
  }
  return null;
}

function modal(title, message, buttons, extra = null) {
  return h('div.scrim', null, h('div.dialog', { role: 'dialog' },
    h('div.dialog-title', null, title), message ? h('div.dialog-msg', null, message) : null, extra,
    h('div.dialog-actions', null, buttons.map((b) => button(b.label, b)))));
}

function dialogs(api) {
  const { data, ui } = api.state;
  const d = ui.dialog;
  if (!d) return null;
  const close = () => api.dispatch({ type: 'close_dialog' });
  const withField = (key, label, error) => h('div.fl-dialog-field', null, field(api, key, label),
    error ? h('div.fl-error', { 'data-gym': `error:${key}`, role: 'alert' }, error) : null);
  if (d.kind === 'rename') {
    const e = findEntry(data, d.id);
    return modal(`Rename ${e && e.folder ? 'folder' : 'file'}`, null, [
      { id: 'btn:cancel-rename', label: 'Cancel', kind: 'secondary', onclick: close },
      { id: 'btn:confirm-rename', label: 'Rename', onclick: () => api.dispatch({ type: 'confirm_rename' }) },
    ], withField('rename', 'New name', d.error));
  }
  if (d.kind === 'new_folder') {
    return modal('New folder', `In ${pathLabel(data, ui.screen === 'pick' && ui.pick ? ui.pick.at : ui.folder)}`, [
      { id: 'btn:cancel-folder', label: 'Cancel', kind: 'secondary', onclick: close },
      { id: 'btn:create-folder', label: 'Create', onclick: () => api.dispatch({ type: 'create_folder' }) },
    ], withField('folder_name', 'Folder name', d.error));
  }
  if (d.kind === 'purge') {
    const e = findEntry(data, d.id);
    return modal('Delete forever?', `“${e ? e.name : ''}” will be deleted permanently. This can't be undone.`, [
      { id: 'btn:cancel-purge', label: 'Cancel', kind: 'secondary', onclick: close },
      { id: 'btn:confirm-purge', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_purge' }) },
    ]);
  }
  if (d.kind === 'empty') {
    const n = data.entries.filter((e) => e.trashed).length;
    return modal('Empty trash?', `${n} ${n === 1 ? 'item' : 'items'} will be deleted permanently. This can't be undone.`, [
      { id: 'btn:cancel-empty', label: 'Cancel', kind: 'secondary', onclick: close },
      { id: 'btn:confirm-empty', label: 'Empty trash', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_empty' }) },
    ]);
  }
  return null;
}

/** Render the current Files screen. */
export function render(api) {
  const { ui } = api.state;
  let screen;
  if (ui.screen === 'pick' && ui.pick && isFolder(api.state.data, ui.pick.at)) screen = pickScreen(api);
  else if (ui.screen === 'search') screen = searchScreen(api);
  else if (ui.screen === 'trash') screen = trashScreen(api);
  else if (ui.screen === 'storage') screen = storageScreen(api);
  else screen = browseScreen(api);
  return h('div.app.fl-app', null, screen, sheets(api), dialogs(api), notice(api));
}
