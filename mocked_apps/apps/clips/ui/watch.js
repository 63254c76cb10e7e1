// The watching screens of Clips: the vertical feed (For You / Following), a
// single clip, and a clip's comments.

import { h, icon } from '../../../runtime/ui/h.js';
import { empty } from '../../../runtime/ui/kit.js';
import {
  ago, captionParts, clipById, commentsOf, count, creatorOf, feedClips, likeCount, mmss, progress, COMMENT_MAX, PRIVACY_LABEL, ME,
} from '../lib/select.js';
import { ICONS, PRIVACY_ICON, bar, bottomNav, face, poster } from './parts.js';

/** One full-height clip card: poster, side rail (creator, like, comments, share), caption and progress. */
export function card(api, clip) {
  const { data, ui } = api.state;
  const creator = creatorOf(api.world, clip.creator) || { handle: '?', name: '?' };
  const liked = data.liked.includes(clip.id);
  const following = data.following.includes(clip.creator);
  const playing = ui.playing && ui.playing.clip === clip.id ? ui.playing : null;
  const running = playing && playing.since !== null;
  const secs = playing ? progress(playing, api.now, clip.dur) : 0;
  const ncomments = commentsOf(data, api.world, clip.id).length;
  const go = (action) => () => api.dispatch(action);
  const railBtn = (id, glyph, label, onclick, { on = false, aria } = {}) => h('button.cl-rail-btn' + (on ? '.on' : ''), { 'data-gym': id, 'aria-label': aria || label, onclick },
    h('span.cl-rail-ic', null, icon(glyph, { size: 30, color: on ? '#fe2c55' : '#fff' })), h('span.cl-rail-n', null, label));
  return h('section.cl-card', { 'data-gym': `clip:${clip.id}` },
    h('div.cl-poster', { 'data-gym': `poster:${clip.id}`, role: 'button', 'aria-label': running ? 'Pause' : 'Play', onclick: go({ type: 'play', clip: clip.id }) },
      poster(clip.scene, clip.id),
      running ? null : h('span.cl-play', null, icon(ICONS.play, { size: 54, color: 'rgba(255,255,255,.85)' }))),
    h('div.cl-shade-top'), h('div.cl-shade-bottom'),
    h('div.cl-rail', null,
      h('div.cl-rail-face', null,
        h('button.cl-face-btn', { 'data-gym': `avatar:${clip.id}`, 'aria-label': `@${creator.handle}`, onclick: go({ type: 'profile', creator: clip.creator }) }, face(creator.name, 46)),
        clip.creator !== ME && !following
          ? h('button.cl-follow-plus', { 'data-gym': `follow:${clip.id}`, 'aria-label': `Follow @${creator.handle}`, onclick: go({ type: 'follow', creator: clip.creator, value: true }) }, icon(ICONS.plus, { size: 14, color: '#fff' }))
          : null),
      railBtn(`like:${clip.id}`, ICONS.heart, count(likeCount(data, clip)), go({ type: 'like', clip: clip.id }), { on: liked, aria: liked ? 'Unlike' : 'Like' }),
      railBtn(`comments:${clip.id}`, ICONS.comment, count(ncomments), go({ type: 'comments', clip: clip.id }), { aria: 'Comments' }),
      railBtn(`share:${clip.id}`, ICONS.share, 'Share', go({ type: 'share', clip: clip.id })),
      clip.own ? railBtn(`more:${clip.id}`, ICONS.more, 'More', go({ type: 'more', clip: clip.id })) : null),
    h('div.cl-meta', null,
      h('button.cl-handle', { 'data-gym': `handle:${clip.id}`, onclick: go({ type: 'profile', creator: clip.creator }) }, `@${creator.handle}`),
      h('span.cl-when', null, ` · ${ago(clip.time, api.now)}`),
      clip.own && clip.privacy !== 'public' ? h('span.cl-priv', null, icon(PRIVACY_ICON[clip.privacy], { size: 13, color: '#fff' }), PRIVACY_LABEL[clip.privacy]) : null,
      h('p.cl-caption', { 'data-gym': `caption:${clip.id}` }, captionParts(clip.caption).map((p) => (p.tag
        ? h('button.cl-hashtag', { 'data-gym': `hashtag:${clip.id}:${p.tag}`, onclick: go({ type: 'tag', tag: p.tag }) }, p.text)
        : p.text)))),
    h('div.cl-progress', { 'aria-label': 'Progress' },
      h('div.cl-progress-bar', null, h('div.cl-progress-fill', { style: { width: `${Math.round((secs / clip.dur) * 1000) / 10}%` } })),
      h('span.cl-progress-t', null, `${mmss(secs)} / ${mmss(clip.dur)}`)));
}

/** The feed: For You / Following tabs over a vertical, snapping list of full-height cards. */
export function feed(api) {
  const { data, ui } = api.state;
  const clips = feedClips(data, api.world, ui.feed);
  const tab = (id, label) => h('button.cl-feed-tab' + (ui.feed === id ? '.active' : ''), { 'data-gym': `feed:${id}`, onclick: () => api.dispatch({ type: 'feed', feed: id }) }, label);
  return h('div.app.cl-app.cl-dark', null,
    h('main.cl-feed', { 'data-gym': 'scroll:feed', 'data-scroll-key': `clips:feed:${ui.feed}` },
      clips.length ? clips.map((c) => card(api, c)) : h('div.cl-feed-empty', null, 'Follow creators to see their clips here.')),
    h('div.cl-feed-top', null,
      h('div.cl-feed-tabs', null, tab('following', 'Following'), tab('foryou', 'For You')),
      h('button.cl-feed-search', { 'data-gym': 'btn:search', 'aria-label': 'Search', onclick: () => api.dispatch({ type: 'tab', tab: 'discover' }) }, icon(ICONS.search, { size: 24, color: '#fff' }))),
    bottomNav(api, { dark: true }));
}

/** One clip on its own (from a profile, a grid, a notification). */
export function single(api) {
  const clip = clipById(api.state.data, api.world, api.state.ui.clip);
  if (!clip) return null;
  return h('div.app.cl-app.cl-dark', null,
    h('main.cl-single', { 'data-gym': 'scroll:clip' }, card(api, clip)),
    h('button.cl-float-back', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, icon(ICONS.back, { size: 26, color: '#fff' })));
}

/** The comments of a clip, with the composer. */
export function comments(api) {
  const { data, ui } = api.state;
  const clip = clipById(data, api.world, ui.clip);
  if (!clip) return null;
  const list = commentsOf(data, api.world, clip.id);
  const creator = creatorOf(api.world, clip.creator) || { handle: '?' };
  const draft = api.draft('comment');
  const send = () => api.dispatch({ type: 'add_comment' });
  return h('div.app.cl-app', null,
    bar(api, `${list.length} ${list.length === 1 ? 'comment' : 'comments'}`, { sub: `@${creator.handle} · ${clip.caption}` }),
    h('main.body.cl-comments', { 'data-gym': 'scroll:comments', 'data-scroll-key': `clips:comments:${clip.id}` },
      list.length ? list.map((c) => h('div.cl-comment', { 'data-gym': `comment:${c.id}` },
        face(c.by, 36),
        h('div.cl-comment-text', null,
          h('div.cl-comment-by', null, `@${c.by}`, c.mine ? h('span.cl-you', null, 'You') : null, h('span.cl-comment-when', null, ago(c.time, api.now))),
          h('div.cl-comment-body', null, c.text)),
        c.mine ? h('button.icon-btn.cl-comment-del', { 'data-gym': `delete-comment:${c.id}`, 'aria-label': 'Delete comment', onclick: () => api.dispatch({ type: 'delete_comment', id: c.id }) },
          icon(ICONS.trash, { size: 20, color: '#8a90a3' })) : null))
        : empty('No comments yet. Start the conversation.')),
    ui.errors.comment ? h('div.cl-error', { 'data-gym': 'error:comment', role: 'alert' }, ui.errors.comment) : null,
    h('div.cl-composer', null,
      h('input.cl-composer-input', {
        'data-gym': 'field:comment', type: 'text', placeholder: 'Add a comment…', value: draft, maxlength: COMMENT_MAX + 50,
        oninput: (e) => api.dispatch({ type: '@draft', key: 'comment', value: e.target.value }),
        onkeydown: (e) => { if (e.key === 'Enter') send(); },
      }),
      h('button.cl-composer-send', { 'data-gym': 'btn:post-comment', disabled: !draft.trim(), onclick: send }, 'Post')));
}

export { bottomNav };
