// Gallery view: Photos (grid by day) and Albums tabs, album grids, the photo viewer
// with info, search, trash, selection mode, bottom sheets and dialogs.

import { h, icon } from '../../runtime/ui/h.js';
import { GLYPHS, button, field, dialog, empty } from '../../runtime/ui/kit.js';
import {
  albumPhotos, albumsOf, dayHeading, daysLeft, favoritePhotos, fileName, findAlbum, findPhoto, formatSize, groupByDay,
  libraryPhotos, longDate, places, resolution, searchPhotos, trashPhotos, viewerOrder, worldPhoto,
} from './lib/select.js';
import { sceneSvg } from './ui/scene.js';

/** Glyphs of this app on a 24×24 grid (drawn for it). */
const G = {
  ...GLYPHS,
  heart: 'M12 20.5l-1.4-1.3C5.4 14.5 2 11.4 2 7.6 2 4.5 4.4 2 7.5 2c1.7 0 3.4.8 4.5 2.1C13.1 2.8 14.8 2 16.5 2 19.6 2 22 4.5 22 7.6c0 3.8-3.4 6.9-8.6 11.6z',
  heartLine: 'M12 20.5l-1.4-1.3C5.4 14.5 2 11.4 2 7.6 2 4.5 4.4 2 7.5 2c1.7 0 3.4.8 4.5 2.1C13.1 2.8 14.8 2 16.5 2 19.6 2 22 4.5 22 7.6c0 3.8-3.4 6.9-8.6 11.6zm0-2.7c4.6-4.2 8-7 8-10.2C20 5.6 18.5 4 16.5 4c-1.5 0-3 1-3.6 2.4h-1.8C10.5 5 9 4 7.5 4 5.5 4 4 5.6 4 7.6c0 3.2 3.4 6 8 10.2z',
  share: 'M18 2a3 3 0 110 6 3 3 0 01-2.2-1L8.9 11a3 3 0 010 2l6.9 4a3 3 0 11-.9 1.8L8 14.7a3 3 0 110-5.4l6.9-4A3 3 0 0118 2z',
  albumAdd: 'M4 4h12v2H6v12H4zm4 4h12v12H8zm5 2v3h-3v2h3v3h2v-3h3v-2h-3v-3z',
  info: 'M12 2a10 10 0 110 20 10 10 0 010-20zm-1 8v7h2v-7zm0-4v2h2V6z',
  selectAll: 'M3 3h14v2H5v12H3zm4 4h14v14H7zm11.3 3.3l-5.3 5.3-2.3-2.3-1.4 1.4 3.7 3.7 6.7-6.7z',
  select: 'M12 2a10 10 0 110 20 10 10 0 010-20zm0 2a8 8 0 100 16 8 8 0 000-16zm4.3 4.3l1.4 1.4-7.2 7.2-3.9-3.9 1.4-1.4 2.5 2.5z',
  restore: 'M13 3a9 9 0 11-8.5 12h2.1A7 7 0 1013 5a7 7 0 00-5 2.1L10 9H4V3l2.6 2.6A9 9 0 0113 3zm-1 5h2v4.4l3 1.8-1 1.7-4-2.4z',
  remove: 'M4 4h12v2H6v12H4zm4 4h12v12H8zm3 5v2h6v-2z',
  chevL: 'M15.4 5.4L14 4l-8 8 8 8 1.4-1.4L8.8 12z',
  chevR: 'M8.6 5.4L10 4l8 8-8 8-1.4-1.4 6.6-6.6z',
  pin: 'M12 2a7 7 0 017 7c0 5-7 13-7 13S5 14 5 9a7 7 0 017-7zm0 4a3 3 0 100 6 3 3 0 000-6z',
  image: 'M3 4h18v16H3zm2 2v9l4-4 4 4 3-3 3 3V6zm10 1.5a1.5 1.5 0 110 3 1.5 1.5 0 010-3z',
  mail: 'M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 2.9V17h14V9.9l-7 4.5z',
};

const glyph = (name, opts) => icon(G[name] || G.more, opts);

/** Render the current screen of the Gallery app. */
export function render(api) {
  const { ui } = api.state;
  const screens = { photos: photosTab, albums: albumsTab, album: albumScreen, viewer, search: searchScreen, trash: trashScreen };
  const content = (screens[ui.screen] || photosTab)(api);
  return h('div.app.gl-app' + (ui.screen === 'viewer' ? '.gl-dark' : ''), null,
    content,
    ui.sheet ? sheet(api) : null,
    ui.dialog ? dialogFor(api) : null,
    ui.notice ? h('div.gl-toast', { 'data-gym': 'notice', role: 'status' }, ui.notice) : null);
}

// ------------------------------------------------------------------ building blocks

function bar(api, title, { back = true, sub = null, actions = [], dark = false } = {}) {
  return h('header.appbar.gl-bar' + (dark ? '.dark' : ''), null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, glyph('back')) : null,
    h('div.gl-bar-title', null, h('h1.appbar-title', null, title), sub ? h('div.gl-bar-sub', null, sub) : null),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, title: a.label, onclick: a.onclick }, glyph(a.glyph)))));
}

function selectionBar(api, extra = []) {
  const n = api.state.ui.selected.length;
  const act = (id, g, label, action) => h('button.icon-btn', {
    'data-gym': id, 'aria-label': label, title: label, disabled: n === 0, onclick: () => api.dispatch(action),
  }, glyph(g));
  return h('header.appbar.gl-bar.gl-selbar', null,
    h('button.icon-btn', { 'data-gym': 'btn:select-cancel', 'aria-label': 'Cancel selection', onclick: () => api.dispatch({ type: 'select_cancel' }) }, glyph('close')),
    h('div.gl-bar-title', null, h('h1.appbar-title', null, n ? `${n} selected` : 'Select photos')),
    h('div.appbar-actions', null,
      h('button.icon-btn', { 'data-gym': 'btn:select-all', 'aria-label': 'Select all', title: 'Select all', onclick: () => api.dispatch({ type: 'select_all' }) }, glyph('selectAll')),
      act('btn:sel-favorite', 'heart', 'Add to favorites', { type: 'favorite' }),
      act('btn:sel-album', 'albumAdd', 'Add to album', { type: 'sheet', kind: 'album' }),
      extra,
      act('btn:sel-trash', 'trash', 'Move to trash', { type: 'ask_trash' })));
}

function thumb(api, photo, { trash = false } = {}) {
  const ui = api.state.ui;
  const w = worldPhoto(api.world, photo.id);
  const selected = ui.selecting && ui.selected.includes(photo.id);
  return h('div.gl-tile' + (selected ? '.selected' : ''), {
    'data-gym': `photo:${photo.id}`, role: 'button', 'aria-label': w ? w.label : photo.id,
    onclick: () => api.dispatch(ui.selecting ? { type: 'toggle_select', photo: photo.id } : { type: 'open', photo: photo.id }),
  },
  h('div.gl-thumb', { html: sceneSvg(w, { slice: true }) }),
  photo.favorite && !trash ? h('span.gl-fav', null, glyph('heart', { size: 14, color: '#fff' })) : null,
  trash ? h('span.gl-left', null, `${daysLeft(photo.trashed, api.now, api.world.retention_days || 30)} days`) : null,
  ui.selecting ? h('span.gl-check' + (selected ? '.on' : ''), null, selected ? glyph('check', { size: 16, color: '#fff' }) : null) : null);
}

function grid(api, photos, opts) {
  return h('div.gl-grid', null, photos.map((p) => thumb(api, p, opts)));
}

function dayGrid(api, photos) {
  return groupByDay(photos, api.now).map(([heading, list]) => [
    h('div.gl-day', null, h('span', null, heading), h('span.gl-day-n', null, `${list.length}`)),
    grid(api, list),
  ]);
}

function scroller(name, ...children) {
  return h('main.body.gl-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `gallery:${name}` }, ...children, h('div.gl-end'));
}

function tabBar(api) {
  const cur = api.state.ui.screen;
  return h('nav.tabs.gl-tabs', null, [['photos', 'Photos', 'image'], ['albums', 'Albums', 'albumAdd']].map(([id, label]) =>
    h('button.tab' + (id === cur ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) }, label)));
}

// ------------------------------------------------------------------ screens

function photosTab(api) {
  const { ui, data } = api.state;
  const photos = libraryPhotos(data);
  return [
    ui.selecting ? selectionBar(api) : bar(api, 'Gallery', {
      back: false,
      actions: [
        { id: 'btn:search', glyph: 'search', label: 'Search photos', onclick: () => api.dispatch({ type: 'search' }) },
        { id: 'btn:select', glyph: 'select', label: 'Select photos', onclick: () => api.dispatch({ type: 'select' }) },
      ],
    }),
    ui.selecting ? null : tabBar(api),
    scroller('photos', photos.length ? dayGrid(api, photos) : empty('No photos')),
  ];
}

function albumCard(api, id, name, photos, { system = false } = {}) {
  const cover = photos[0] ? worldPhoto(api.world, photos[0].id) : null;
  return h('div.gl-album', { 'data-gym': `album:${id}`, role: 'button', onclick: () => api.dispatch({ type: 'album', album: id }) },
    h('div.gl-album-cover' + (cover ? '' : '.blank'), cover ? { html: sceneSvg(cover, { slice: true }) } : null,
      cover ? null : glyph('image', { size: 36, color: '#aab0c2' }),
      system ? h('span.gl-album-badge', null, glyph('heart', { size: 16, color: '#fff' })) : null),
    h('div.gl-album-name', null, name),
    h('div.gl-album-n', null, `${photos.length} photo${photos.length === 1 ? '' : 's'}`));
}

function albumsTab(api) {
  const { data } = api.state;
  const trashed = trashPhotos(data).length;
  return [
    bar(api, 'Gallery', {
      back: false,
      actions: [
        { id: 'btn:search', glyph: 'search', label: 'Search photos', onclick: () => api.dispatch({ type: 'search' }) },
        { id: 'btn:new-album', glyph: 'plus', label: 'New album', onclick: () => api.dispatch({ type: 'new_album' }) },
      ],
    }),
    tabBar(api),
    scroller('albums',
      h('div.gl-albums', null,
        albumCard(api, 'favorites', 'Favorites', favoritePhotos(data), { system: true }),
        data.albums.map((a) => albumCard(api, a.id, a.name, albumPhotos(data, a.id)))),
      h('div.gl-rows', null,
        h('div.row.gl-row', { 'data-gym': 'btn:trash', role: 'button', onclick: () => api.dispatch({ type: 'show_trash' }) },
          h('span.gl-row-icon', null, glyph('trash', { size: 22 })),
          h('div.row-text', null, h('div.row-title', null, 'Trash'), h('div.row-sub', null, `${trashed} photo${trashed === 1 ? '' : 's'} · removed after ${api.world.retention_days || 30} days`))))),
  ];
}

function albumScreen(api) {
  const { ui, data } = api.state;
  const fav = ui.album === 'favorites';
  const album = fav ? null : findAlbum(data, ui.album);
  const photos = albumPhotos(data, ui.album);
  const title = fav ? 'Favorites' : album ? album.name : 'Album';
  const actions = [{ id: 'btn:select', glyph: 'select', label: 'Select photos', onclick: () => api.dispatch({ type: 'select' }) }];
  if (album) {
    actions.push({ id: 'btn:rename-album', glyph: 'edit', label: 'Rename album', onclick: () => api.dispatch({ type: 'rename_album', album: album.id }) });
    actions.push({ id: 'btn:delete-album', glyph: 'trash', label: 'Delete album', onclick: () => api.dispatch({ type: 'ask_delete_album', album: album.id }) });
  }
  const removeBtn = album ? h('button.icon-btn', {
    'data-gym': 'btn:sel-remove', 'aria-label': 'Remove from album', title: 'Remove from album', disabled: !ui.selected.length,
    onclick: () => api.dispatch({ type: 'remove_from_album', album: album.id }),
  }, glyph('remove')) : null;
  return [
    ui.selecting ? selectionBar(api, removeBtn) : bar(api, title, { sub: `${photos.length} photo${photos.length === 1 ? '' : 's'}`, actions }),
    scroller('album', photos.length ? dayGrid(api, photos) : empty(fav ? 'Tap the heart on a photo to add it here' : 'This album is empty. Add photos from the viewer or by selecting them.')),
  ];
}

function searchScreen(api) {
  const { ui, data } = api.state;
  const query = api.draft('search');
  const results = searchPhotos(data, api.world, query);
  return [
    ui.selecting ? selectionBar(api) : h('header.appbar.gl-bar', null,
      h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, glyph('back')),
      h('input.gl-search-input', {
        'data-gym': 'field:search', type: 'text', placeholder: 'Search places and labels', value: query, 'aria-label': 'Search photos',
        oninput: (e) => api.dispatch({ type: '@draft', key: 'search', value: e.target.value }),
      }),
      results.length ? h('button.icon-btn', { 'data-gym': 'btn:select', 'aria-label': 'Select photos', onclick: () => api.dispatch({ type: 'select' }) }, glyph('select')) : null),
    scroller('search',
      !query.trim()
        ? [h('div.gl-day', null, 'Places'), h('div.gl-chips', null, places(data, api.world).map((p) =>
          h('button.gl-chip', { 'data-gym': `place:${p}`, onclick: () => api.dispatch({ type: 'set_query', query: p }) }, glyph('pin', { size: 14 }), p)))]
        : results.length
          ? [h('div.gl-day', null, h('span', null, `${results.length} photo${results.length === 1 ? '' : 's'}`)), dayGrid(api, results)]
          : empty(`No photos match "${query.trim()}"`)),
  ];
}

function trashScreen(api) {
  const { data } = api.state;
  const photos = trashPhotos(data);
  return [
    bar(api, 'Trash', {
      actions: photos.length ? [{ id: 'btn:empty-trash', glyph: 'trash', label: 'Empty trash', onclick: () => api.dispatch({ type: 'ask_empty_trash' }) }] : [],
    }),
    scroller('trash',
      h('div.gl-hint', null, `Photos in the trash are deleted forever after ${api.world.retention_days || 30} days.`),
      photos.length ? grid(api, photos, { trash: true }) : empty('The trash is empty')),
  ];
}

function infoRow(id, glyphName, title, value) {
  return h('div.gl-info-row', { 'data-gym': `info:${id}` },
    h('span.gl-info-icon', null, glyph(glyphName, { size: 20 })),
    h('div.gl-info-text', null, h('div.gl-info-label', null, title), h('div.gl-info-value', null, value)));
}

function viewer(api) {
  const { ui, data } = api.state;
  const photo = findPhoto(data, ui.photo);
  const w = photo ? worldPhoto(api.world, photo.id) : null;
  if (!photo || !w) return [bar(api, 'Photo', { dark: true }), empty('This photo is no longer available')];
  const trashed = photo.trashed != null;
  const order = viewerOrder(data, api.world, ui.source, photo.id);
  const i = order.indexOf(photo.id);
  const albums = albumsOf(data, photo.id);
  const inAlbum = ui.source && ui.source.kind === 'album' ? findAlbum(data, ui.source.album) : null;
  const action = (id, g, label, a, on = false) => h('button.gl-action' + (on ? '.on' : ''), { 'data-gym': id, 'aria-label': label, onclick: () => api.dispatch(a) },
    glyph(g, { size: 22 }), h('span', null, label));
  return [
    bar(api, w.label, {
      dark: true,
      sub: `${dayHeading(photo.taken, api.now)} · ${api.clock.hhmm(photo.taken)}`,
      actions: [{ id: 'btn:info', glyph: 'info', label: ui.info ? 'Hide info' : 'Show info', onclick: () => api.dispatch({ type: 'info' }) }],
    }),
    h('main.body.gl-viewer', { 'data-gym': 'scroll:viewer', 'data-scroll-key': `gallery:viewer:${ui.info ? 'info' : 'plain'}` },
      h('div.gl-stage' + (w.portrait ? '.portrait' : ''), null,
        h('div.gl-photo', { 'data-gym': 'photo-view', role: 'img', 'aria-label': w.label, html: sceneSvg(w) }),
        i > 0 ? h('button.gl-nav.prev', { 'data-gym': 'btn:prev', 'aria-label': 'Previous photo', onclick: () => api.dispatch({ type: 'prev' }) }, glyph('chevL', { color: '#fff' })) : null,
        i >= 0 && i < order.length - 1 ? h('button.gl-nav.next', { 'data-gym': 'btn:next', 'aria-label': 'Next photo', onclick: () => api.dispatch({ type: 'next' }) }, glyph('chevR', { color: '#fff' })) : null),
      h('div.gl-caption', null, h('div.gl-caption-title', null, w.label), h('div.gl-caption-sub', null, w.place)),
      trashed ? h('div.gl-caption-warn', null, `In the trash · deleted forever in ${daysLeft(photo.trashed, api.now, api.world.retention_days || 30)} days`) : null,
      ui.info ? h('div.gl-info', { 'data-gym': 'panel:info' },
        infoRow('label', 'image', 'Label', w.label),
        infoRow('date', 'restore', 'Taken', longDate(photo.taken)),
        infoRow('place', 'pin', 'Place', w.place),
        infoRow('file', 'info', 'File', `${fileName(photo.taken)}`),
        infoRow('size', 'albumAdd', 'Size', `${formatSize(w.kb)} · ${resolution(w)}`),
        infoRow('albums', 'albumAdd', 'Albums', albums.length ? albums.map((a) => a.name).join(', ') : 'None')) : null),
    h('nav.gl-actions', null, trashed
      ? [action('btn:restore', 'restore', 'Restore', { type: 'restore' }), action('btn:delete-forever', 'trash', 'Delete forever', { type: 'ask_delete_forever' })]
      : [
        action('btn:favorite', photo.favorite ? 'heart' : 'heartLine', photo.favorite ? 'Favorited' : 'Favorite', { type: 'favorite' }, photo.favorite),
        action('btn:share', 'share', 'Share', { type: 'sheet', kind: 'share' }),
        action('btn:add-album', 'albumAdd', 'Add to album', { type: 'sheet', kind: 'album' }),
        inAlbum ? action('btn:remove-album', 'remove', 'Remove', { type: 'remove_from_album' }) : null,
        action('btn:delete', 'trash', 'Delete', { type: 'ask_trash' }),
      ]),
  ];
}

// ------------------------------------------------------------------ sheets and dialogs

function sheet(api) {
  const { ui, data } = api.state;
  const close = { 'data-gym': 'sheet:close', onclick: (e) => { if (e.target === e.currentTarget) api.dispatch({ type: 'close_sheet' }); } };
  const item = (id, g, label, onclick, trail = null) => h('button.gl-sheet-item', { 'data-gym': id, onclick }, glyph(g, { size: 22 }), h('span', null, label), trail);
  if (ui.sheet === 'share') {
    const photo = findPhoto(data, ui.photo);
    const w = photo && worldPhoto(api.world, photo.id);
    return h('div.scrim.gl-sheet-scrim', close, h('div.gl-sheet', { role: 'menu' },
      h('div.gl-sheet-title', null, `Share "${w ? w.label : ''}"`),
      item('share:messages', 'chat', 'Messages', () => api.dispatch({ type: 'share', to: 'messages' })),
      api.peek('email') ? item('share:email', 'mail', 'Email', () => api.dispatch({ type: 'share', to: 'email' })) : null));
  }
  const ids = ui.selecting ? ui.selected : [ui.photo];
  return h('div.scrim.gl-sheet-scrim', close, h('div.gl-sheet', { role: 'menu' },
    h('div.gl-sheet-title', null, ids.length > 1 ? `Add ${ids.length} photos to album` : 'Add to album'),
    h('div.gl-sheet-list', { 'data-gym': 'scroll:sheet' },
      data.albums.map((a) => {
        const all = ids.every((id) => a.photos.includes(id));
        return item(`pick-album:${a.id}`, 'albumAdd', a.name, () => api.dispatch({ type: 'add_to_album', album: a.id }),
          all ? h('span.gl-added', null, 'Added') : h('span.gl-count', null, `${albumPhotos(data, a.id).length}`));
      })),
    item('btn:sheet-new-album', 'plus', 'New album…', () => api.dispatch({ type: 'new_album', add: true }))));
}

function nameDialog(api, title, okId, okLabel, okAction) {
  const error = api.state.ui.errors.album_name;
  return h('div.scrim', null, h('div.dialog', { role: 'dialog' },
    h('div.dialog-title', null, title),
    h('div.gl-dialog-field', {
      onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); api.dispatch(okAction); } },
    }, field(api, 'album_name', 'Album name', { placeholder: 'e.g. Summer trip' })),
    error ? h('div.gl-error', { 'data-gym': 'error:album_name', role: 'alert' }, error) : null,
    h('div.dialog-actions', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) }),
      button(okLabel, { id: okId, onclick: () => api.dispatch(okAction) }))));
}

function dialogFor(api) {
  const { ui, data } = api.state;
  const d = ui.dialog;
  const cancel = { id: 'btn:cancel', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) };
  const label = (id) => { const w = worldPhoto(api.world, id); return w ? `"${w.label}"` : 'this photo'; };
  if (d.kind === 'new_album') return nameDialog(api, d.add ? 'New album with this photo' : 'New album', 'btn:create', 'Create', { type: 'create_album' });
  if (d.kind === 'rename') return nameDialog(api, 'Rename album', 'btn:save-name', 'Save', { type: 'save_album_name' });
  if (d.kind === 'trash') {
    const n = d.photos.length;
    return dialog(n === 1 ? 'Move to trash?' : `Move ${n} photos to trash?`,
      `${n === 1 ? label(d.photos[0]) : `${n} photos`} will be deleted forever after ${api.world.retention_days || 30} days. You can restore ${n === 1 ? 'it' : 'them'} from the trash until then.`,
      [cancel, { id: 'btn:confirm-trash', label: 'Move to trash', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_trash' }) }]);
  }
  if (d.kind === 'delete_forever') {
    return dialog('Delete forever?', `${label(d.photos[0])} will be deleted permanently. This can't be undone.`,
      [cancel, { id: 'btn:confirm-delete-forever', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete_forever' }) }]);
  }
  if (d.kind === 'empty_trash') {
    const n = data.photos.filter((p) => p.trashed != null).length;
    return dialog('Empty trash?', `${n} photo${n === 1 ? '' : 's'} will be deleted permanently. This can't be undone.`,
      [cancel, { id: 'btn:confirm-empty', label: 'Empty trash', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_empty_trash' }) }]);
  }
  if (d.kind === 'delete_album') {
    const album = findAlbum(data, d.album);
    return dialog('Delete album?', `The album "${album ? album.name : ''}" will be deleted. Its photos stay in your gallery.`,
      [cancel, { id: 'btn:confirm-delete-album', label: 'Delete album', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete_album' }) }]);
  }
  return null;
}
