// The screens of Pinboard: home feed with tag chips, search, post detail, author,
// tag, the user's page (posts / collections / liked), a collection, and the post form.

import { h, icon } from '../../../runtime/ui/h.js';
import { avatar, button, empty, section } from '../../../runtime/ui/kit.js';
import {
  ME, MAX_TAGS, ago, authorOf, authorPosts, collectionById, collectionPosts, commentsOf, count, feedPosts, followerCount,
  likeCount, parseTags, postById, saveCount, search, topTags, isSaved, allPosts,
} from '../lib/select.js';
import { ICONS, bar, bottomNav, cover, masonry, mosaic, scroll } from './parts.js';

/** Home: tag chips over a masonry feed, newest first. */
export function home(api) {
  const { data, ui } = api.state;
  const chips = [['all', 'All'], ...topTags(data, api.world).slice(0, 10).map(([t]) => [t, `#${t}`])];
  if (ui.filter !== 'all' && !chips.some(([t]) => t === ui.filter)) chips.splice(1, 0, [ui.filter, `#${ui.filter}`]);
  const posts = feedPosts(data, api.world, ui.filter);
  return h('div.app.pb-app', null,
    h('header.pb-home-head', null, h('span.pb-logo', null, icon(ICONS.board, { size: 22, color: '#e0533d' }), 'Pinboard'),
      h('button.icon-btn', { 'data-gym': 'btn:search', 'aria-label': 'Search', onclick: () => api.dispatch({ type: 'tab', tab: 'search' }) }, icon(ICONS.search))),
    h('div.pb-chips', { 'data-gym': 'scroll:chips', 'data-scroll-key': 'pinboard:chips' }, chips.map(([t, label]) =>
      h('button.pb-chip' + (ui.filter === t ? '.on' : ''), { 'data-gym': `chip:${t}`, onclick: () => api.dispatch({ type: 'filter', tag: t }) }, label))),
    scroll(`home:${ui.filter}`, posts.length ? masonry(api, posts) : empty('No posts with this tag yet.'), h('div.pb-end')),
    bottomNav(api));
}

function tagRow(api, tag, n) {
  return h('div.row.pb-row', { 'data-gym': `tagrow:${tag}`, role: 'button', onclick: () => api.dispatch({ type: 'tag', tag }) },
    h('span.pb-hash', null, '#'), h('div.row-text', null, h('div.row-title', null, `#${tag}`), h('div.row-sub', null, `${n} ${n === 1 ? 'post' : 'posts'}`)));
}

function authorRow(api, a) {
  return h('div.row.pb-row', { 'data-gym': `author:${a.id}`, role: 'button', onclick: () => api.dispatch({ type: 'author', id: a.id }) },
    avatar(a.name, 40), h('div.row-text', null, h('div.row-title', null, a.name), h('div.row-sub', null, `${count(followerCount(api.state.data, api.world, a.id))} followers · ${a.bio}`)));
}

/** Search: tags, authors and posts matching the query; popular tags when empty. */
export function searchScreen(api) {
  const { data } = api.state;
  const query = api.draft('search');
  let content;
  if (query.trim()) {
    const r = search(data, api.world, query);
    content = r.tags.length + r.authors.length + r.posts.length === 0 ? empty(`Nothing found for “${query.trim()}”`) : [
      r.tags.length ? [section('Tags'), r.tags.slice(0, 5).map(([t, n]) => tagRow(api, t, n))] : null,
      r.authors.length ? [section('People'), r.authors.map((a) => authorRow(api, a))] : null,
      r.posts.length ? [section(`Posts (${r.posts.length})`), masonry(api, r.posts)] : null,
    ];
  } else {
    content = [
      section('Popular tags'),
      h('div.pb-tagcloud', null, topTags(data, api.world).slice(0, 14).map(([t, n]) =>
        h('button.pb-chip', { 'data-gym': `tagrow:${t}`, onclick: () => api.dispatch({ type: 'tag', tag: t }) }, `#${t} · ${n}`))),
      section('People to follow'), (api.world.authors || []).map((a) => authorRow(api, a)),
    ];
  }
  return h('div.app.pb-app', null,
    h('div.pb-searchbar', null, h('div.pb-search', null, icon(ICONS.search, { size: 20, color: '#6b7185' }),
      h('input.pb-search-input', {
        'data-gym': 'field:search', type: 'text', placeholder: 'Search posts, #tags, people', value: query,
        oninput: (e) => api.dispatch({ type: '@draft', key: 'search', value: e.target.value }),
      }),
      query ? h('button.pb-search-clear', { 'data-gym': 'btn:clear-search', 'aria-label': 'Clear search', onclick: () => api.dispatch({ type: 'clear_search' }) },
        icon('M6 5l6 6 6-6 1 1-6 6 6 6-1 1-6-6-6 6-1-1 6-6-6-6z', { size: 18, color: '#6b7185' })) : null)),
    scroll('search', content, h('div.pb-end')),
    bottomNav(api));
}

/** A post: cover, title, text, tags, counts, comments; like / save / share; edit / delete when it is mine. */
export function postScreen(api) {
  const { data, ui } = api.state;
  const p = postById(data, api.world, ui.post);
  if (!p) return null;
  const a = authorOf(api.world, p.author) || { name: '?' };
  const liked = data.liked.includes(p.id);
  const saved = isSaved(data, p.id);
  const following = data.following.includes(p.author);
  const comments = commentsOf(data, api.world, p.id);
  const draft = api.draft('comment');
  const send = () => api.dispatch({ type: 'add_comment' });
  const lead = h('div.pb-bar-lead', null,
    h('button.pb-bar-author', { 'data-gym': 'btn:author', onclick: () => api.dispatch({ type: 'author', id: p.author }) },
      avatar(a.name, 32), h('span', null, p.own ? 'You' : a.name)),
    !p.own ? h('button.pb-follow' + (following ? '.on' : ''), { 'data-gym': 'btn:follow', onclick: () => api.dispatch({ type: 'follow', author: p.author }) }, following ? 'Following' : 'Follow') : null);
  return h('div.app.pb-app', null,
    bar(api, '', {
      lead,
      actions: p.own ? [
        { id: 'btn:edit', glyph: ICONS.edit, label: 'Edit post', onclick: () => api.dispatch({ type: 'edit' }) },
        { id: 'btn:delete', glyph: ICONS.trash, label: 'Delete post', onclick: () => api.dispatch({ type: 'delete_post' }) },
      ] : [],
    }),
    scroll(`post:${p.id}`,
      h('div.pb-hero', null, cover(api, p.cover, `d-${p.id}`)),
      h('div.pb-detail', null,
        h('h2.pb-title', { 'data-gym': 'post-title' }, p.title),
        h('p.pb-text', null, p.body),
        h('div.pb-tags', null, p.tags.map((t) => h('button.pb-tag', { 'data-gym': `tag:${t}`, onclick: () => api.dispatch({ type: 'tag', tag: t }) }, `#${t}`))),
        h('div.pb-stats', { 'data-gym': 'post-stats' }, `${api.clock.shortDate(p.time)} · ${count(likeCount(data, p))} likes · ${count(saveCount(data, p))} saves`)),
      h('div.pb-comments', null,
        h('div.pb-comments-head', null, `${comments.length} ${comments.length === 1 ? 'comment' : 'comments'}`),
        comments.length ? comments.map((c) => h('div.pb-comment', { 'data-gym': `comment:${c.id}` },
          avatar(c.by, 30),
          h('div.pb-comment-text', null,
            h('div.pb-comment-by', null, c.mine ? 'You' : c.by, h('span', null, ` · ${ago(c.time, api.now)}`)),
            h('div', null, c.text)),
          c.mine ? h('button.icon-btn.pb-comment-del', { 'data-gym': `delete-comment:${c.id}`, 'aria-label': 'Delete comment', onclick: () => api.dispatch({ type: 'delete_comment', id: c.id }) },
            icon(ICONS.trash, { size: 18, color: '#8a90a3' })) : null))
          : h('div.pb-muted', null, 'Be the first to comment.')),
      ui.errors.comment ? h('div.pb-error', { 'data-gym': 'error:comment', role: 'alert' }, ui.errors.comment) : null,
      h('div.pb-end')),
    h('div.pb-actions', null,
      h('input.pb-comment-input', {
        'data-gym': 'field:comment', type: 'text', placeholder: 'Add a comment…', value: draft,
        oninput: (e) => api.dispatch({ type: '@draft', key: 'comment', value: e.target.value }),
        onkeydown: (e) => { if (e.key === 'Enter') send(); },
      }),
      draft.trim() ? h('button.pb-act.pb-send', { 'data-gym': 'btn:send-comment', 'aria-label': 'Post comment', onclick: send }, icon(ICONS.send, { size: 22, color: '#e0533d' })) : [
        h('button.pb-act' + (liked ? '.on' : ''), { 'data-gym': 'btn:like', 'aria-label': liked ? 'Unlike' : 'Like', onclick: () => api.dispatch({ type: 'like' }) },
          icon(liked ? ICONS.heart : ICONS.heartLine, { size: 22 }), h('span', null, count(likeCount(data, p)))),
        h('button.pb-act' + (saved ? '.saved' : ''), { 'data-gym': 'btn:save', 'aria-label': 'Save to collection', onclick: () => api.dispatch({ type: 'save' }) },
          icon(saved ? ICONS.star : ICONS.starLine, { size: 22 }), h('span', null, count(saveCount(data, p)))),
        h('button.pb-act', { 'data-gym': 'btn:share', 'aria-label': 'Share', onclick: () => api.dispatch({ type: 'share' }) }, icon(ICONS.share, { size: 22 })),
      ]));
}

function profileHead(api, a, { posts, self = false }) {
  const { data } = api.state;
  const contacts = ((api.peek('contacts') || {}).data || {}).contacts || [];
  const contact = !self && a.contact_id ? contacts.find((c) => c.id === a.contact_id) : null;
  const following = data.following.includes(a.id);
  const totalLikes = posts.reduce((n, p) => n + likeCount(data, p), 0);
  return h('div.pb-profile', null,
    avatar(a.name, 72),
    h('div.pb-profile-name', null, a.name),
    contact ? h('div.pb-contact-chip', null, `In your contacts as ${contact.name}`) : null,
    h('div.pb-profile-bio', null, a.bio),
    h('div.pb-profile-stats', null,
      h('span', { 'data-gym': 'stat:followers' }, h('b', null, count(self ? a.followers : followerCount(data, api.world, a.id))), ' followers'),
      h('span', null, h('b', null, count(self ? data.following.length : a.following)), ' following'),
      h('span', null, h('b', null, count(totalLikes)), ' likes')),
    self ? null : h('div.pb-profile-actions', null,
      button(following ? 'Following' : 'Follow', { id: 'btn:follow', kind: following ? 'secondary' : 'primary', onclick: () => api.dispatch({ type: 'follow', author: a.id }) }),
      contact ? button('Message', { id: 'btn:message', kind: 'secondary', onclick: () => api.dispatch({ type: 'message', author: a.id }) }) : null));
}

/** An author's page: profile, follow / message, their posts. */
export function authorScreen(api) {
  const a = authorOf(api.world, api.state.ui.author);
  if (!a) return null;
  const posts = authorPosts(api.state.data, api.world, a.id);
  return h('div.app.pb-app', null, bar(api, a.name),
    scroll(`author:${a.id}`, profileHead(api, a, { posts }), section(`${posts.length} posts`), masonry(api, posts), h('div.pb-end')));
}

/** A tag's posts, newest first. */
export function tagScreen(api) {
  const tag = api.state.ui.tag;
  const posts = feedPosts(api.state.data, api.world, tag);
  return h('div.app.pb-app', null, bar(api, `#${tag}`, { sub: `${posts.length} ${posts.length === 1 ? 'post' : 'posts'} · newest first` }),
    scroll(`tag:${tag}`, posts.length ? masonry(api, posts) : empty('No posts with this tag yet.'), h('div.pb-end')));
}

/** The user's page: my posts, my collections, posts I liked. */
export function meScreen(api) {
  const { data, ui } = api.state;
  const me = authorOf(api.world, ME);
  const mine = authorPosts(data, api.world, ME);
  const tab = (id, label) => h('button.pb-metab' + (ui.me_tab === id ? '.on' : ''), { 'data-gym': `metab:${id}`, onclick: () => api.dispatch({ type: 'me_tab', tab: id }) }, label);
  let content;
  if (ui.me_tab === 'collections') {
    content = [
      h('div.row.pb-row.pb-newcol', { 'data-gym': 'btn:new-collection', role: 'button', onclick: () => api.dispatch({ type: 'new_collection' }) },
        h('span.pb-plus', null, icon(ICONS.plus, { size: 24, color: '#e0533d' })), h('div.row-text', null, h('div.row-title', null, 'New collection'))),
      data.collections.map((c) => h('div.row.pb-row', { 'data-gym': `collection:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'collection', id: c.id }) },
        mosaic(api, c), h('div.row-text', null, h('div.row-title', null, c.name), h('div.row-sub', null, `${c.posts.length} ${c.posts.length === 1 ? 'post' : 'posts'}`)))),
    ];
  } else if (ui.me_tab === 'liked') {
    const liked = data.liked.map((id) => postById(data, api.world, id)).filter(Boolean);
    content = liked.length ? masonry(api, liked) : empty('Posts you like show up here.');
  } else {
    content = mine.length ? masonry(api, mine) : empty('Tap + to write your first post.');
  }
  return h('div.app.pb-app', null, bar(api, 'My page', { back: false }),
    scroll('me', profileHead(api, me, { posts: mine, self: true }),
      h('div.pb-metabs', null, tab('posts', `Posts (${mine.length})`), tab('collections', `Collections (${data.collections.length})`), tab('liked', `Liked (${data.liked.length})`)),
      content, h('div.pb-end')),
    bottomNav(api));
}

/** A collection: its posts with move / remove buttons. */
export function collectionScreen(api) {
  const { data, ui } = api.state;
  const c = collectionById(data, ui.collection);
  if (!c) return null;
  const posts = collectionPosts(data, api.world, c.id);
  return h('div.app.pb-app', null, bar(api, c.name, { sub: `${posts.length} ${posts.length === 1 ? 'post' : 'posts'}` }),
    scroll(`collection:${c.id}`, posts.length ? posts.map((p) => {
      const a = authorOf(api.world, p.author) || { name: '?' };
      return h('div.row.pb-row.pb-crow', { 'data-gym': `cpost:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open', post: p.id }) },
        h('div.pb-cthumb', null, cover(api, { t: p.cover.t, h: 1 }, `k-${p.id}`)),
        h('div.row-text', null, h('div.row-title', null, p.title), h('div.row-sub', null, p.own ? 'You' : a.name),
          h('div.row-sub.pb-crow-tags', null, p.tags.map((t) => `#${t}`).join(' '))),
        h('button.icon-btn.pb-mini', { 'data-gym': `move:${p.id}`, 'aria-label': 'Move to another collection', onclick: (e) => { e.stopPropagation(); api.dispatch({ type: 'move', post: p.id }); } }, icon(ICONS.move, { size: 20 })),
        h('button.icon-btn.pb-mini', { 'data-gym': `remove:${p.id}`, 'aria-label': 'Remove from collection', onclick: (e) => { e.stopPropagation(); api.dispatch({ type: 'remove', post: p.id }); } }, icon(ICONS.remove, { size: 20 })));
    }) : empty('Nothing saved here yet.'), h('div.pb-end')));
}

/** The post form: cover, title, text, tags (at most 5). */
export function formScreen(api) {
  const { ui } = api.state;
  const form = ui.form || { mode: 'create', cover: null };
  const tags = parseTags(api.draft('tags'));
  const err = (k) => (ui.errors[k] ? h('div.pb-error', { 'data-gym': `error:${k}`, role: 'alert' }, ui.errors[k]) : null);
  const field = (key, label, node) => h('label.field.pb-field' + (ui.errors[key] ? '.pb-has-error' : ''), null, h('span.field-label', null, label), node);
  const input = (key, placeholder) => h('input.field-input', { 'data-gym': `field:${key}`, type: 'text', placeholder, value: api.draft(key),
    oninput: (e) => api.dispatch({ type: '@draft', key, value: e.target.value }) });
  return h('div.app.pb-app', null,
    bar(api, form.mode === 'edit' ? 'Edit post' : 'New post'),
    scroll('form',
      section('Cover'),
      h('div.pb-covers', null, (api.world.covers || []).map((c) => h('button.pb-cover-pick' + (form.cover === c.id ? '.on' : ''), {
        'data-gym': `cover:${c.id}`, 'aria-label': c.name, 'aria-pressed': String(form.cover === c.id), onclick: () => api.dispatch({ type: 'pick_cover', cover: c.id }),
      }, cover(api, { t: c.id, h: 1 }, `f-${c.id}`)))),
      err('cover'),
      field('title', 'Title', input('title', 'What is this about?')), err('title'),
      field('body', 'Text', h('textarea.field-input.pb-textarea', { 'data-gym': 'field:body', rows: 4, placeholder: 'Write your note…', value: api.draft('body'),
        oninput: (e) => api.dispatch({ type: '@draft', key: 'body', value: e.target.value }) })), err('body'),
      field('tags', `Tags (up to ${MAX_TAGS}, separated by commas)`, input('tags', 'e.g. baking, bread')), err('tags'),
      tags.length ? h('div.pb-tags.pb-form-tags', null, tags.map((t) => h('span.pb-tag' + (tags.length > MAX_TAGS ? '.over' : ''), null, `#${t}`)),
        h('span.pb-tagcount' + (tags.length > MAX_TAGS ? '.over' : ''), null, `${tags.length}/${MAX_TAGS}`)) : null,
      h('div.pb-end')),
    h('div.actions-bar', null,
      button('Cancel', { id: 'btn:cancel', kind: 'secondary', onclick: () => api.back() }),
      form.mode === 'edit'
        ? button('Save', { id: 'btn:save-post', onclick: () => api.dispatch({ type: 'submit' }) })
        : button('Publish', { id: 'btn:publish', onclick: () => api.dispatch({ type: 'submit' }) })));
}

export { allPosts };
