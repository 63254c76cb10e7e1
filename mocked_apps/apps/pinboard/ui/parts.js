// Shared pieces of the Pinboard screens: icons, bottom navigation, app bar,
// masonry cards, sheets, dialogs and the toast.

import { h, icon } from '../../../runtime/ui/h.js';
import { avatar, dialog } from '../../../runtime/ui/kit.js';
import { coverSvg, coverRatio } from './cover.js';
import { authorOf, collectionPosts, count, likeCount, NAME_MAX } from '../lib/select.js';

/** Glyphs drawn for Pinboard on a 24×24 grid. */
export const ICONS = {
  home: 'M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  me: 'M12 4a4 4 0 110 8 4 4 0 010-8zm0 10c4.4 0 8 2 8 4.5V20H4v-1.5C4 16 7.6 14 12 14z',
  plus: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z',
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  heart: 'M12 20.5l-1.3-1.2C5.6 14.7 2.5 11.9 2.5 8.4A4.9 4.9 0 017.4 3.5c1.8 0 3.5.8 4.6 2.1a6 6 0 014.6-2.1 4.9 4.9 0 014.9 4.9c0 3.5-3.1 6.3-8.2 10.9z',
  heartLine: 'M12 20.5l-1.3-1.2C5.6 14.7 2.5 11.9 2.5 8.4A4.9 4.9 0 017.4 3.5c1.8 0 3.5.8 4.6 2.1a6 6 0 014.6-2.1 4.9 4.9 0 014.9 4.9c0 3.5-3.1 6.3-8.2 10.9zm0-2.7c4.6-4.2 7.5-6.8 7.5-9.4a2.9 2.9 0 00-2.9-2.9c-1.4 0-2.8.9-3.3 2.2h-2.6c-.5-1.3-1.9-2.2-3.3-2.2a2.9 2.9 0 00-2.9 2.9c0 2.6 2.9 5.2 7.5 9.4z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  starLine: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9zm0 4.5l-1.4 2.9-3.2.5 2.3 2.2-.5 3.2 2.8-1.5 2.8 1.5-.5-3.2 2.3-2.2-3.2-.5z',
  share: 'M13 4l8 7-8 7v-4c-5 0-8 1.5-10 5 .5-5.5 3.5-9.5 10-10.5z',
  edit: 'M4 17v3h3l10-10-3-3zM15 6l3 3 2-2-3-3z',
  trash: 'M6 7h12l-1 13H7zm3-3h6l1 2H8z',
  move: 'M4 6h7l2 2h7v11H4zm9 5v2H8v2h5v2l4-3z',
  remove: 'M6 11h12v2H6z',
  chat: 'M4 4h16v12H8l-4 4z',
  note: 'M5 3h10l4 4v14H5zm2 2v14h10V8h-3V5zm2 6h6v2H9zm0 4h6v2H9z',
  check: 'M9 16l-4-4-1.5 1.5L9 19 21 7l-1.5-1.5z',
  send: 'M3 20l18-8L3 4v6l12 2-12 2z',
  board: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
};

/** A cover node filling its box. */
export function cover(api, c, key, cls = '') {
  return h('div.pb-cover' + cls, { html: coverSvg(api.world, c, String(key).replace(/[^A-Za-z0-9_-]/g, '')) });
}

/** The bottom navigation of the root screens. */
export function bottomNav(api) {
  const cur = api.state.ui.screen;
  const item = (id, label, glyph) => h('button.pb-nav-btn' + (cur === id ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) },
    icon(glyph, { size: 24 }), h('span', null, label));
  return h('nav.pb-nav', null,
    item('home', 'Home', ICONS.home),
    item('search', 'Search', ICONS.search),
    h('button.pb-create', { 'data-gym': 'btn:create', 'aria-label': 'New post', onclick: () => api.dispatch({ type: 'create' }) }, icon(ICONS.plus, { size: 26, color: '#fff' })),
    item('me', 'Me', ICONS.me));
}

/** An app bar: back button, title (and subtitle), trailing buttons [{id, glyph, label, onclick}]. */
export function bar(api, title, { back = true, sub, actions = [], lead } = {}) {
  return h('header.appbar.pb-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, icon(ICONS.back)) : null,
    lead || h('div.pb-bar-text', null, h('h1.appbar-title', null, title), sub ? h('div.pb-bar-sub', null, sub) : null),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, onclick: a.onclick }, icon(a.glyph)))));
}

/** A scrolling body addressable as `scroll:<name>`. */
export function scroll(name, ...children) {
  return h('main.body.pb-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `pinboard:${name}` }, ...children);
}

/** One masonry card: cover, title, author and like count. */
export function card(api, p) {
  const a = authorOf(api.world, p.author) || { name: '?' };
  const liked = api.state.data.liked.includes(p.id);
  return h('div.pb-card', { 'data-gym': `post:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', post: p.id }) },
    h('div.pb-card-cover', { style: { paddingTop: `${Math.round(coverRatio(p.cover) * 1000) / 10}%` } }, cover(api, p.cover, `c-${p.id}`)),
    h('div.pb-card-title', null, p.title),
    h('div.pb-card-foot', null,
      avatar(a.name, 20), h('span.pb-card-author', null, p.own ? 'You' : a.name),
      h('span.pb-card-likes' + (liked ? '.on' : ''), null, icon(liked ? ICONS.heart : ICONS.heartLine, { size: 14 }), count(likeCount(api.state.data, p)))));
}

/** A two-column masonry of cards: each card goes to the shorter column. */
export function masonry(api, posts) {
  const cols = [[], []];
  const heights = [0, 0];
  for (const p of posts) {
    const i = heights[0] <= heights[1] ? 0 : 1;
    cols[i].push(card(api, p));
    heights[i] += coverRatio(p.cover) + 0.45;
  }
  return h('div.pb-masonry', null, h('div.pb-col', null, cols[0]), h('div.pb-col', null, cols[1]));
}

/** A 2×2 mosaic of a collection's first covers. */
export function mosaic(api, collection) {
  const posts = collectionPosts(api.state.data, api.world, collection.id).slice(0, 4);
  return h('div.pb-mosaic', null, [0, 1, 2, 3].map((i) => (posts[i]
    ? h('div.pb-mosaic-cell', null, cover(api, { t: posts[i].cover.t, h: 1 }, `m-${collection.id}-${i}`))
    : h('div.pb-mosaic-cell.empty'))));
}

/** The toast of ui.notice. */
export function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.pb-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

function nameField(api) {
  const err = api.state.ui.errors.collection_name;
  return [
    h('input.field-input.pb-name-input', {
      'data-gym': 'field:collection_name', type: 'text', placeholder: 'New collection name', value: api.draft('collection_name'), maxlength: NAME_MAX + 20,
      oninput: (e) => api.dispatch({ type: '@draft', key: 'collection_name', value: e.target.value }),
      onkeydown: (e) => { if (e.key === 'Enter') api.dispatch({ type: 'create_collection' }); },
    }),
    err ? h('div.pb-error', { 'data-gym': 'error:collection_name', role: 'alert' }, err) : null,
  ];
}

/** The save / move / share bottom sheets of ui.sheet. */
export function sheet(api) {
  const s = api.state.ui.sheet;
  if (!s) return null;
  const { data } = api.state;
  const close = () => api.dispatch({ type: 'close_sheet' });
  let content;
  if (s.kind === 'save') {
    content = [
      h('div.pb-sheet-title', null, 'Save to collection'),
      h('div.pb-sheet-list', null, data.collections.map((c) => {
        const on = c.posts.includes(s.post);
        return h('div.pb-sheet-row' + (on ? '.on' : ''), { 'data-gym': `pick:${c.id}`, role: 'checkbox', 'aria-checked': String(on),
          onclick: () => api.dispatch({ type: 'toggle_collection', collection: c.id }) },
        mosaic(api, c), h('div.row-text', null, h('div.row-title', null, c.name), h('div.row-sub', null, `${c.posts.length} posts`)),
        h('span.pb-check' + (on ? '.on' : ''), null, on ? icon(ICONS.check, { size: 18, color: '#fff' }) : null));
      })),
      h('div.pb-new-row', null, nameField(api),
        h('button.btn.btn-secondary.pb-new-btn', { 'data-gym': 'btn:create-collection', onclick: () => api.dispatch({ type: 'create_collection' }) }, 'Create')),
      h('button.btn.btn-primary.pb-done', { 'data-gym': 'btn:done', onclick: close }, 'Done'),
    ];
  } else if (s.kind === 'move') {
    const others = data.collections.filter((c) => c.id !== s.from);
    content = [
      h('div.pb-sheet-title', null, 'Move to…'),
      h('div.pb-sheet-list', null, others.map((c) => h('div.pb-sheet-row', { 'data-gym': `to:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'move_to', collection: c.id }) },
        mosaic(api, c), h('div.row-text', null, h('div.row-title', null, c.name), h('div.row-sub', null, `${c.posts.length} posts`))))),
      h('button.pb-sheet-cancel', { 'data-gym': 'sheet:close', onclick: close }, 'Cancel'),
    ];
  } else {
    const opt = (id, glyph, label, onclick) => h('button.pb-share-opt', { 'data-gym': id, onclick },
      h('span.pb-share-ic', null, icon(glyph, { size: 22 })), h('span', null, label));
    content = [
      h('div.pb-sheet-title', null, 'Share post'),
      h('div.pb-share-row', null,
        opt('btn:share-messages', ICONS.chat, 'Messages', () => api.dispatch({ type: 'share_messages' })),
        api.peek('notes') ? opt('btn:save-note', ICONS.note, 'Save to Notes', () => api.dispatch({ type: 'save_note' })) : null),
      h('button.pb-sheet-cancel', { 'data-gym': 'sheet:close', onclick: close }, 'Cancel'),
    ];
  }
  return h('div.pb-scrim', { 'data-gym': 'sheet:scrim', onclick: (e) => { if (e.target === e.currentTarget) close(); } },
    h('div.pb-sheet', { role: 'dialog' }, content));
}

/** The dialogs of ui.dialog: delete confirmations and the new-collection form. */
export function dialogs(api) {
  const d = api.state.ui.dialog;
  if (!d) return null;
  if (d.kind === 'new_collection') {
    return h('div.scrim', null, h('div.dialog', { role: 'dialog' },
      h('div.dialog-title', null, 'New collection'),
      nameField(api),
      h('div.dialog-actions', null,
        h('button.btn.btn-secondary', { 'data-gym': 'btn:cancel', onclick: () => api.dispatch({ type: 'cancel' }) }, 'Cancel'),
        h('button.btn.btn-primary', { 'data-gym': 'btn:create-collection', onclick: () => api.dispatch({ type: 'create_collection' }) }, 'Create'))));
  }
  const text = d.kind === 'delete_post'
    ? ['Delete this post?', 'It will be removed from Pinboard and from your collections. This can\'t be undone.']
    : ['Delete comment?', 'Your comment will be removed.'];
  return dialog(text[0], text[1], [
    { id: 'btn:cancel-delete', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) },
    { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm' }) },
  ]);
}
