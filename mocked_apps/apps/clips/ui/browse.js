// The browsing screens of Clips: discover (search), hashtag, creator profile,
// inbox, the user's own profile (clips / drafts / liked), following list, and the
// new-clip form.

import { h, icon } from '../../../runtime/ui/h.js';
import { button, empty, section } from '../../../runtime/ui/kit.js';
import {
  ago, count, creatorClips, creatorOf, followerCount, hashtags, notifications, search, tagClips, totalLikes, trendingTags,
  clipById, draftsOf, templateOf, PRIVACY, PRIVACY_LABEL, CAPTION_MAX, ME,
} from '../lib/select.js';
import { ICONS, PRIVACY_ICON, bar, bottomNav, face, grid, poster } from './parts.js';

function scroll(name, ...children) {
  return h('main.body.cl-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `clips:${name}` }, ...children);
}

function creatorRow(api, c, { id, extra } = {}) {
  const following = api.state.data.following.includes(c.id);
  return h('div.row.cl-row', { 'data-gym': id || `creator:${c.id}`, role: 'button', onclick: () => api.dispatch({ type: 'profile', creator: c.id }) },
    face(c.name, 44),
    h('div.row-text', null, h('div.row-title', null, c.name), h('div.row-sub', null, `@${c.handle} · ${count(followerCount(api.state.data, api.world, c.id))} followers`),
      extra ? h('div.row-sub.cl-row-extra', null, extra) : null),
    h('button.cl-pill' + (following ? '.muted' : ''), {
      'data-gym': `${following ? 'unfollow' : 'follow-creator'}:${c.id}`,
      onclick: (e) => { e.stopPropagation(); api.dispatch({ type: 'follow', creator: c.id, value: !following }); },
    }, following ? 'Following' : 'Follow'));
}

function tagRow(api, tag, n) {
  return h('div.row.cl-row', { 'data-gym': `tagrow:${tag}`, role: 'button', onclick: () => api.dispatch({ type: 'tag', tag }) },
    h('span.cl-hash', null, '#'),
    h('div.row-text', null, h('div.row-title', null, `#${tag}`), h('div.row-sub', null, `${n} ${n === 1 ? 'clip' : 'clips'}`)));
}

/** Discover: a search box; trending hashtags and creators, or the results of the query. */
export function discover(api) {
  const { data } = api.state;
  const query = api.draft('search');
  let content;
  if (query.trim()) {
    const r = search(data, api.world, query);
    content = (r.creators.length + r.tags.length + r.clips.length) === 0
      ? empty(`No results for “${query.trim()}”`)
      : [
        r.creators.length ? [section('Creators'), r.creators.map((c) => creatorRow(api, c))] : null,
        r.tags.length ? [section('Hashtags'), r.tags.map(([t, n]) => tagRow(api, t, n))] : null,
        r.clips.length ? [section(`Clips (${r.clips.length})`), grid(api, r.clips)] : null,
      ];
  } else {
    content = [
      section('Trending hashtags'), trendingTags(api.world).slice(0, 8).map(([t, n]) => tagRow(api, t, n)),
      section('Creators'), (api.world.creators || []).map((c) => creatorRow(api, c)),
    ];
  }
  return h('div.app.cl-app', null,
    h('div.cl-searchbar', null,
      h('div.cl-search', null,
        icon(ICONS.search, { size: 20, color: '#6b7185' }),
        h('input.cl-search-input', {
          'data-gym': 'field:search', type: 'text', placeholder: 'Search creators, #hashtags, captions', value: query,
          oninput: (e) => api.dispatch({ type: '@draft', key: 'search', value: e.target.value }),
        }),
        query ? h('button.cl-search-clear', { 'data-gym': 'btn:clear-search', 'aria-label': 'Clear search', onclick: () => api.dispatch({ type: 'clear_search' }) },
          icon('M6 5l6 6 6-6 1 1-6 6 6 6-1 1-6-6-6 6-1-1 6-6-6-6z', { size: 18, color: '#6b7185' })) : null)),
    scroll('discover', content, h('div.cl-end')),
    bottomNav(api));
}

/** A hashtag's clips, most liked first. */
export function tagScreen(api) {
  const tag = api.state.ui.tag;
  const clips = tagClips(api.state.data, api.world, tag);
  return h('div.app.cl-app', null,
    bar(api, `#${tag}`, { sub: `${clips.length} ${clips.length === 1 ? 'clip' : 'clips'} · most liked first` }),
    scroll(`tag:${tag}`, clips.length ? grid(api, clips) : empty('No clips with this hashtag yet.'), h('div.cl-end')));
}

function stats(items) {
  return h('div.cl-stats', null, items.map(([id, n, label, onclick]) =>
    h(onclick ? 'button.cl-stat' : 'div.cl-stat', { 'data-gym': `stat:${id}`, onclick }, h('b', null, count(n)), h('span', null, label))));
}

/** A creator's profile: counts, follow / message, their clips newest first. */
export function profile(api) {
  const { data, ui } = api.state;
  const c = creatorOf(api.world, ui.creator);
  if (!c) return null;
  const following = data.following.includes(c.id);
  const clips = creatorClips(data, api.world, c.id);
  const contacts = ((api.peek('contacts') || {}).data || {}).contacts || [];
  const contact = c.contact_id ? contacts.find((x) => x.id === c.contact_id) : null;
  return h('div.app.cl-app', null,
    bar(api, c.name),
    scroll(`profile:${c.id}`,
      h('div.cl-profile', null,
        face(c.name, 84),
        h('div.cl-profile-handle', { 'data-gym': 'profile-handle' }, `@${c.handle}`),
        contact ? h('div.cl-contact-chip', null, `In your contacts as ${contact.name}`) : null,
        stats([['following', c.following, 'Following'], ['followers', followerCount(data, api.world, c.id), 'Followers'], ['likes', totalLikes(data, api.world, c.id), 'Likes']]),
        h('div.cl-profile-actions', null,
          button(following ? 'Following' : 'Follow', { id: 'btn:follow', kind: following ? 'secondary' : 'primary', onclick: () => api.dispatch({ type: 'follow', creator: c.id }) }),
          contact ? button('Message', { id: 'btn:message', kind: 'secondary', onclick: () => api.dispatch({ type: 'message', creator: c.id }) }) : null),
        h('p.cl-bio', null, c.bio)),
      h('div.cl-grid-head', null, icon(ICONS.play, { size: 16 }), `${clips.length} clips · newest first`),
      grid(api, clips), h('div.cl-end')));
}

/** Notifications: likes, comments and follows. */
export function inbox(api) {
  const { data } = api.state;
  const list = notifications(data, api.world);
  const verb = { like: 'liked your clip', follow: 'started following you', comment: 'commented:' };
  return h('div.app.cl-app', null,
    bar(api, 'Inbox', { back: false, actions: [{ id: 'btn:read-all', glyph: ICONS.check, label: 'Mark all as read', onclick: () => api.dispatch({ type: 'read_all' }) }] }),
    scroll('inbox', section('Activity'), list.map((n) => {
      const who = creatorOf(api.world, n.from) || { handle: '?', name: '?' };
      const clip = n.clip ? clipById(data, api.world, n.clip) : null;
      return h('div.row.cl-note' + (n.read ? '' : '.unread'), { 'data-gym': `note:${n.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_note', id: n.id }) },
        face(who.name, 44),
        h('div.row-text', null,
          h('div.cl-note-title', null, h('b', null, `@${who.handle}`), ` ${verb[n.kind] || ''}`, n.text ? ` “${n.text}”` : ''),
          h('div.row-sub', null, ago(n.time, api.now))),
        clip ? h('div.cl-note-thumb', null, poster(clip.scene, `n-${n.id}`)) : null,
        n.read ? null : h('span.cl-dot', { 'aria-label': 'Unread' }));
    }), h('div.cl-end')),
    bottomNav(api));
}

/** The user's own profile: clips (with privacy), drafts, liked clips. */
export function me(api) {
  const { data, ui } = api.state;
  const meRec = creatorOf(api.world, ME);
  const own = creatorClips(data, api.world, ME);
  const tab = (id, label, n) => h('button.cl-metab' + (ui.me_tab === id ? '.active' : ''), { 'data-gym': `metab:${id}`, onclick: () => api.dispatch({ type: 'me_tab', tab: id }) }, `${label} (${n})`);
  let content;
  if (ui.me_tab === 'drafts') {
    content = data.drafts.length ? draftsOf(data).map((d) => {
      const t = templateOf(api.world, d.template);
      return h('div.row.cl-row', { 'data-gym': `draft:${d.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_draft', id: d.id }) },
        h('div.cl-draft-thumb', null, poster({ t: d.template, c: t ? t.c : null }, `d-${d.id}`)),
        h('div.row-text', null, h('div.row-title', null, d.caption || 'No caption'),
          h('div.row-sub', null, `${PRIVACY_LABEL[d.privacy] || d.privacy} · saved ${ago(d.time, api.now)}`)));
    }) : empty('No drafts. Save a clip as a draft to finish it later.');
  } else if (ui.me_tab === 'liked') {
    const liked = data.liked.map((id) => clipById(data, api.world, id)).filter(Boolean);
    content = liked.length ? grid(api, liked, { id: undefined }) : empty('Clips you like show up here.');
  } else {
    content = own.length ? grid(api, own, { showPrivacy: true }) : empty('Tap + to post your first clip.');
  }
  return h('div.app.cl-app', null,
    bar(api, meRec.name, { back: false }),
    scroll('me',
      h('div.cl-profile', null,
        face(meRec.name, 76),
        h('div.cl-profile-handle', null, `@${meRec.handle}`),
        stats([['following', data.following.length, 'Following', () => api.dispatch({ type: 'following' })],
          ['followers', meRec.followers, 'Followers'], ['likes', totalLikes(data, api.world, ME), 'Likes']]),
        h('p.cl-bio', null, meRec.bio)),
      h('div.cl-metabs', null, tab('clips', 'Clips', own.length), tab('drafts', 'Drafts', data.drafts.length), tab('liked', 'Liked', data.liked.length)),
      content, h('div.cl-end')),
    bottomNav(api));
}

/** The creators the user follows, with unfollow buttons. */
export function followingList(api) {
  const list = api.state.data.following.map((id) => creatorOf(api.world, id)).filter(Boolean);
  return h('div.app.cl-app', null,
    bar(api, 'Following', { sub: `${list.length} creators` }),
    scroll('following', list.length ? list.map((c) => {
      const newest = creatorClips(api.state.data, api.world, c.id)[0];
      return creatorRow(api, c, { extra: newest ? `Last clip: ${api.clock.shortDate(newest.time)}` : 'No clips yet' });
    }) : empty('You are not following anyone yet.'), h('div.cl-end')));
}

/** The new-clip form: poster template, caption with hashtags, privacy; post or save as a draft. */
export function create(api) {
  const { ui } = api.state;
  const form = ui.form || { template: null, privacy: 'public', draft: null };
  const caption = api.draft('caption');
  const t = templateOf(api.world, form.template);
  const tags = hashtags(caption);
  const len = caption.trim().length;
  return h('div.app.cl-app', null,
    bar(api, form.draft ? 'Edit draft' : 'New clip', {
      actions: form.draft ? [{ id: 'btn:delete-draft', glyph: ICONS.trash, label: 'Delete draft', onclick: () => api.dispatch({ type: 'delete_draft' }) }] : [],
    }),
    scroll('create',
      h('div.cl-compose-top', null,
        h('div.cl-preview', { 'data-gym': 'preview' }, t ? poster({ t: t.id, c: t.c }, 'preview') : null),
        h('div.cl-compose-side', null,
          h('label.field.cl-caption-field' + (ui.errors.caption ? '.cl-has-error' : ''), null,
            h('span.field-label', null, 'Caption'),
            h('textarea.field-input.cl-textarea', {
              'data-gym': 'field:caption', rows: 5, placeholder: 'Describe your clip… add #hashtags', value: caption,
              oninput: (e) => api.dispatch({ type: '@draft', key: 'caption', value: e.target.value }),
            })),
          h('div.cl-counter' + (len > CAPTION_MAX ? '.over' : ''), null, `${len}/${CAPTION_MAX}`),
          ui.errors.caption ? h('div.cl-error', { 'data-gym': 'error:caption', role: 'alert' }, ui.errors.caption) : null,
          tags.length ? h('div.cl-tagline', null, tags.map((x) => h('span.chip', null, `#${x}`))) : null)),
      section('Poster'),
      h('div.cl-templates', null, (api.world.templates || []).map((x) => h('button.cl-template' + (x.id === form.template ? '.on' : ''), {
        'data-gym': `template:${x.id}`, 'aria-label': x.name, 'aria-pressed': String(x.id === form.template),
        onclick: () => api.dispatch({ type: 'pick_template', template: x.id }),
      }, poster({ t: x.id, c: x.c }, `tpl-${x.id}`), h('span.cl-template-name', null, x.name)))),
      ui.errors.template ? h('div.cl-error', { 'data-gym': 'error:template', role: 'alert' }, ui.errors.template) : null,
      section('Who can watch'),
      h('div.cl-segment', { role: 'radiogroup' }, PRIVACY.map((p) => h('button.cl-seg' + (form.privacy === p ? '.on' : ''), {
        'data-gym': `privacy:${p}`, role: 'radio', 'aria-checked': String(form.privacy === p), onclick: () => api.dispatch({ type: 'form_privacy', privacy: p }),
      }, icon(PRIVACY_ICON[p], { size: 18 }), PRIVACY_LABEL[p]))),
      h('div.cl-end.small')),
    h('div.actions-bar', null,
      button('Save draft', { id: 'btn:save-draft', kind: 'secondary', onclick: () => api.dispatch({ type: 'save_draft' }) }),
      button('Post', { id: 'btn:post', onclick: () => api.dispatch({ type: 'post' }) })));
}
