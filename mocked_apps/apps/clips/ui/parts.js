// Shared pieces of the Clips screens: icons, bottom navigation, poster and
// thumbnail nodes, sheets, dialogs and the toast.

import { h, icon } from '../../../runtime/ui/h.js';
import { avatar, dialog } from '../../../runtime/ui/kit.js';
import { posterSvg } from './poster.js';
import { count, likeCount, unreadCount, PRIVACY, PRIVACY_LABEL } from '../lib/select.js';

/** Glyphs drawn for Clips on a 24×24 grid. */
export const ICONS = {
  home: 'M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3z',
  discover: 'M12 2a10 10 0 110 20 10 10 0 010-20zm0 2a8 8 0 100 16 8 8 0 000-16zm4.5 3.5l-2.8 6.2-6.2 2.8 2.8-6.2zM12 10.8a1.2 1.2 0 100 2.4 1.2 1.2 0 000-2.4z',
  inbox: 'M12 3a6 6 0 016 6v4l2 3v1H4v-1l2-3V9a6 6 0 016-6zm-2.5 15h5a2.5 2.5 0 01-5 0z',
  me: 'M12 4a4 4 0 110 8 4 4 0 010-8zm0 10c4.4 0 8 2 8 4.5V20H4v-1.5C4 16 7.6 14 12 14z',
  plus: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z',
  heart: 'M12 20.5l-1.3-1.2C5.6 14.7 2.5 11.9 2.5 8.4A4.9 4.9 0 017.4 3.5c1.8 0 3.5.8 4.6 2.1a6 6 0 014.6-2.1 4.9 4.9 0 014.9 4.9c0 3.5-3.1 6.3-8.2 10.9z',
  comment: 'M4 4h16a1 1 0 011 1v11a1 1 0 01-1 1H9l-5 4v-4H4a1 1 0 01-1-1V5a1 1 0 011-1zm3 5v2h10V9zm0 3v2h7v-2z',
  share: 'M13 4l8 7-8 7v-4c-5 0-8 1.5-10 5 .5-5.5 3.5-9.5 10-10.5z',
  play: 'M8 5v14l11-7z',
  pause: 'M7 5h4v14H7zm6 0h4v14h-4z',
  search: 'M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z',
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  more: 'M5 10a2 2 0 110 4 2 2 0 010-4zm7 0a2 2 0 110 4 2 2 0 010-4zm7 0a2 2 0 110 4 2 2 0 010-4z',
  lock: 'M12 2a5 5 0 015 5v3h1a1 1 0 011 1v10a1 1 0 01-1 1H6a1 1 0 01-1-1V11a1 1 0 011-1h1V7a5 5 0 015-5zm0 2a3 3 0 00-3 3v3h6V7a3 3 0 00-3-3z',
  friends: 'M8 5a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm8 1a3 3 0 110 6 3 3 0 010-6zM8 13c3.6 0 6 1.7 6 4v2H2v-2c0-2.3 2.4-4 6-4zm8 .5c2.9 0 6 1.3 6 3.5v2h-6v-2c0-1.4-.5-2.6-1.5-3.4.5-.1 1-.1 1.5-.1z',
  globe: 'M12 2a10 10 0 110 20 10 10 0 010-20zm-1.5 2.2A8 8 0 004.1 11h3.4c.2-2.6.9-5 3-6.8zm3 0c2.1 1.8 2.8 4.2 3 6.8h3.4a8 8 0 00-6.4-6.8zM9.5 11h5c-.2-2.4-1-4.4-2.5-5.9-1.5 1.5-2.3 3.5-2.5 5.9zm-5.4 2a8 8 0 006.4 6.8c-2.1-1.8-2.8-4.2-3-6.8zm5.4 0c.2 2.4 1 4.4 2.5 5.9 1.5-1.5 2.3-3.5 2.5-5.9zm7 0c-.2 2.6-.9 5-3 6.8a8 8 0 006.4-6.8z',
  trash: 'M6 7h12l-1 13H7zm3-3h6l1 2H8z',
  link: 'M10.6 13.4a1 1 0 001.4 0l4.2-4.2a1 1 0 00-1.4-1.4L10.6 12a1 1 0 000 1.4zM8.5 18.5a3.5 3.5 0 01-2.5-6l2-2 1.4 1.4-2 2a1.5 1.5 0 002.1 2.1l2-2 1.4 1.4-2 2a3.5 3.5 0 01-2.4 1.1zm7-5.1l-1.4-1.4 2-2a1.5 1.5 0 00-2.1-2.1l-2 2-1.4-1.4 2-2a3.5 3.5 0 015 5z',
  chat: 'M4 4h16v12H8l-4 4z',
  check: 'M9 16l-4-4-1.5 1.5L9 19 21 7l-1.5-1.5z',
  draft: 'M5 3h10l4 4v14H5zm2 2v14h10V8h-3V5zm2 6h6v2H9zm0 4h4v2H9z',
};

export const PRIVACY_ICON = { public: ICONS.globe, friends: ICONS.friends, private: ICONS.lock };

/** A poster node filling its box. */
export function poster(scene, key, cls = '') {
  return h('div.cl-art' + cls, { html: posterSvg(scene, key) });
}

/** A 9:16 thumbnail with its like count (and the privacy icon of own clips). */
export function thumb(api, clip, { id, showPrivacy = false } = {}) {
  const data = api.state.data;
  return h('button.cl-thumb', { 'data-gym': id || `grid:${clip.id}`, 'aria-label': clip.caption, onclick: () => api.dispatch({ type: 'open_clip', clip: clip.id }) },
    poster(clip.scene, `t-${clip.id}`),
    showPrivacy && clip.privacy !== 'public' ? h('span.cl-thumb-lock', { 'aria-label': PRIVACY_LABEL[clip.privacy] }, icon(PRIVACY_ICON[clip.privacy], { size: 14, color: '#fff' })) : null,
    h('span.cl-thumb-likes', null, icon(ICONS.heart, { size: 12, color: '#fff' }), count(likeCount(data, clip))));
}

/** A grid of thumbnails. */
export function grid(api, clips, opts = {}) {
  return h('div.cl-grid', null, clips.map((c) => thumb(api, c, opts)));
}

/** The bottom navigation of the root screens. */
export function bottomNav(api, { dark = false } = {}) {
  const { ui, data } = api.state;
  const unread = unreadCount(data, api.world);
  const cur = { feed: 'home', discover: 'discover', inbox: 'inbox', me: 'me' }[ui.screen];
  const item = (id, label, glyph, badge) => h('button.cl-nav-btn' + (cur === id ? '.active' : ''), {
    'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }),
  }, h('span.cl-nav-icon', null, icon(glyph, { size: 24 }), badge ? h('span.cl-badge', null, String(badge)) : null), h('span', null, label));
  return h('nav.cl-nav' + (dark ? '.dark' : ''), null,
    item('home', 'Home', ICONS.home),
    item('discover', 'Discover', ICONS.discover),
    h('button.cl-create', { 'data-gym': 'btn:create', 'aria-label': 'New clip', onclick: () => api.dispatch({ type: 'create' }) }, icon(ICONS.plus, { size: 22, color: '#111' })),
    item('inbox', 'Inbox', ICONS.inbox, unread),
    item('me', 'Me', ICONS.me));
}

/** A light app bar with a back button, title and trailing buttons [{id, glyph, label, onclick}]. */
export function bar(api, title, { back = true, actions = [], sub } = {}) {
  return h('header.appbar.cl-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, icon(ICONS.back)) : null,
    h('div.cl-bar-text', null, h('h1.appbar-title', null, title), sub ? h('div.cl-bar-sub', null, sub) : null),
    h('div.appbar-actions', null, actions.map((a) =>
      h('button.icon-btn', { 'data-gym': a.id, 'aria-label': a.label, onclick: a.onclick }, icon(a.glyph)))));
}

/** A round avatar for a handle or name. */
export function face(name, size) {
  return avatar(String(name).replace(/[._]/g, ' '), size);
}

/** The toast of ui.notice. */
export function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.cl-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

/** The share / more bottom sheets of ui.sheet. */
export function sheet(api) {
  const s = api.state.ui.sheet;
  if (!s) return null;
  const close = () => api.dispatch({ type: 'close_sheet' });
  const opt = (id, glyph, label, onclick, cls = '') => h('button.cl-sheet-opt' + cls, { 'data-gym': id, onclick },
    h('span.cl-sheet-ic', null, icon(glyph, { size: 22 })), h('span', null, label));
  let body;
  if (s.kind === 'share') {
    body = [h('div.cl-sheet-title', null, 'Share to'),
      h('div.cl-sheet-row', null,
        opt('btn:share-messages', ICONS.chat, 'Messages', () => api.dispatch({ type: 'share_messages' })),
        opt('btn:copy-link', ICONS.link, 'Copy link', () => api.dispatch({ type: 'copy_link' })))];
  } else {
    const post = api.state.data.posts.find((p) => p.id === s.clip);
    body = [h('div.cl-sheet-title', null, 'Who can watch this clip'),
      PRIVACY.map((p) => h('button.cl-sheet-line' + (post && post.privacy === p ? '.on' : ''), {
        'data-gym': `set-privacy:${p}`, role: 'radio', 'aria-checked': String(Boolean(post && post.privacy === p)),
        onclick: () => api.dispatch({ type: 'set_privacy', privacy: p }),
      }, icon(PRIVACY_ICON[p], { size: 20 }), h('span', null, PRIVACY_LABEL[p]), post && post.privacy === p ? icon(ICONS.check, { size: 20, color: '#fe2c55' }) : null)),
      h('button.cl-sheet-line.danger', { 'data-gym': 'btn:delete-clip', onclick: () => api.dispatch({ type: 'delete_clip' }) },
        icon(ICONS.trash, { size: 20 }), h('span', null, 'Delete clip'))];
  }
  return h('div.cl-scrim', { 'data-gym': 'sheet:scrim', onclick: (e) => { if (e.target === e.currentTarget) close(); } },
    h('div.cl-sheet', { role: 'dialog' }, body,
      h('button.cl-sheet-cancel', { 'data-gym': 'sheet:close', onclick: close }, 'Cancel')));
}

/** The confirmation dialog of ui.dialog. */
export function confirmDialog(api) {
  const d = api.state.ui.dialog;
  if (!d) return null;
  const text = {
    delete_clip: ['Delete this clip?', 'It will be removed from your profile along with its likes and comments. This can\'t be undone.'],
    delete_comment: ['Delete comment?', 'Your comment will be removed.'],
    delete_draft: ['Delete draft?', 'This draft will be discarded.'],
  }[d.kind] || ['Are you sure?', ''];
  return dialog(text[0], text[1], [
    { id: 'btn:cancel-delete', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) },
    { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm' }) },
  ]);
}
