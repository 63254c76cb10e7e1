// Clips: a short-video social app. Clips are drawn posters (inline SVG scenes);
// "playing" is a flag whose progress advances with the virtual clock. The user
// swipes a vertical feed, likes, comments, follows creators, searches hashtags,
// posts clips (template + caption + privacy), keeps drafts, reads notifications
// and shares clips to Messages.
// Navigation lives in lib/nav.js, the reducer's writes in lib/edit.js, selectors in lib/select.js.

import { PRIVACY, ME, clipById, creatorOf, shareText, templateOf, toMs } from './lib/select.js';
import { baseUi, ensureUi, push, pop, goRoot, openForm, syncIndex } from './lib/nav.js';
import { ownPost, toggleIn, play, addComment, submitForm, confirm } from './lib/edit.js';

export * from './lib/select.js';

const TAB_SCREEN = { home: 'feed', discover: 'discover', inbox: 'inbox', me: 'me' };
const ME_TABS = ['clips', 'drafts', 'liked'];

/** Return the initial state: the user's follows, likes, comments, clips and drafts from the world; the For You feed. */
export function init(world) {
  const me = world.me || {};
  const data = {
    following: [...(me.following || [])],
    liked: [...(me.liked || [])],
    comments: (me.comments || []).map((c) => ({ id: c.id, clip: c.clip, text: c.text, time: toMs(c.time) })),
    posts: (world.mine || []).map((p) => ({ id: p.id, template: p.template, caption: p.caption, privacy: p.privacy, time: toMs(p.time), likes: p.likes, dur: p.dur })),
    drafts: (me.drafts || []).map((d) => ({ id: d.id, template: d.template, caption: d.caption, privacy: d.privacy, time: toMs(d.time) })),
    read: [...(me.read || [])],
  };
  return { data, ui: baseUi() };
}

function handOff(state, ctx, intent) {
  if (!ctx.peek('messages')) {
    state.ui.notice = 'Messages is not available';
    return state;
  }
  ctx.open('messages', intent);
  return state;
}

function onIntent(state, action, world) {
  const ui = state.ui;
  if (typeof action.clip === 'string' && clipById(state.data, world, action.clip)) {
    const own = Boolean(ownPost(state.data, action.clip));
    goRoot(ui, own ? 'me' : 'feed');
    push(ui, 'clip', { clip: action.clip });
  } else if (typeof action.creator === 'string' && creatorOf(world, action.creator) && action.creator !== ME) {
    goRoot(ui, 'feed');
    push(ui, 'profile', { creator: action.creator });
  }
  return state;
}

/** The own clip whose More sheet is open (its privacy and delete rows are only there), when `id` is absent or names
 * it; else null. A clip of another screen is not made private or deleted unseen. */
function moreSheetPost(state, id) {
  const s = state.ui.sheet;
  if (!s || s.kind !== 'more' || state.ui.dialog || (id !== undefined && id !== s.clip)) return null;
  return ownPost(state.data, s.clip);
}

/**
 * Apply an action. See README.md for the list; unknown actions return null, bad ids
 * leave the state unchanged.
 */
export function reduce(state, action, ctx) {
  const world = ctx.world;
  const ui = ensureUi(state);
  const { data } = state;
  if (action.type !== 'intent') ui.notice = null;
  switch (action.type) {
    case 'intent':
      return onIntent(state, action, world);
    case 'tab': {
      const screen = TAB_SCREEN[action.tab];
      if (!screen) return state;
      goRoot(ui, screen);
      return state;
    }
    case 'feed':
      if (action.feed !== 'foryou' && action.feed !== 'following') return state;
      goRoot(ui, 'feed');
      ui.feed = action.feed;
      ui.index = 0;
      return state;
    case 'play':
      return play(state, action, ctx);
    case 'like': {
      const clip = clipById(data, world, action.clip);
      if (!clip) return state;
      syncIndex(state, world, clip.id);
      toggleIn(data.liked, clip.id, action.value);
      return state;
    }
    case 'follow': {
      const c = creatorOf(world, action.creator);
      if (!c || c.id === ME) return state;
      toggleIn(data.following, c.id, action.value);
      return state;
    }
    case 'open_clip': {
      if (!clipById(data, world, action.clip)) return state;
      push(ui, 'clip', { clip: action.clip });
      return state;
    }
    case 'comments': {
      if (!clipById(data, world, action.clip)) return state;
      syncIndex(state, world, action.clip);
      push(ui, 'comments', { clip: action.clip });
      ui.drafts.comment = '';
      return state;
    }
    case 'add_comment':
      return addComment(state, action, ctx);
    case 'delete_comment': {
      // A comment's delete button on the open clip's comments screen, nothing over it.
      const onComments = ui.screen === 'comments' && !ui.dialog && !ui.sheet;
      const c = onComments ? data.comments.find((x) => x.id === action.id && x.clip === ui.clip) : null;
      if (!c) return state;
      ui.dialog = { kind: 'delete_comment', id: c.id };
      return state;
    }
    case 'profile': {
      const c = creatorOf(world, action.creator);
      if (!c) return state;
      if (c.id === ME) goRoot(ui, 'me');
      else push(ui, 'profile', { creator: c.id });
      return state;
    }
    case 'message': {
      const c = creatorOf(world, action.creator ?? ui.creator);
      const contacts = ((ctx.peek('contacts') || {}).data || {}).contacts || [];
      if (!c || !c.contact_id || !contacts.some((x) => x.id === c.contact_id)) {
        ui.notice = 'Not in your contacts';
        return state;
      }
      return handOff(state, ctx, { to: c.contact_id });
    }
    case 'share': {
      const clip = clipById(data, world, action.clip);
      if (!clip) return state;
      syncIndex(state, world, clip.id);
      ui.sheet = { kind: 'share', clip: clip.id };
      return state;
    }
    case 'share_messages': {
      const clip = ui.sheet && ui.sheet.kind === 'share' ? clipById(data, world, ui.sheet.clip) : null;
      ui.sheet = null;
      if (!clip) return state;
      return handOff(state, ctx, { text: shareText(world, clip) });
    }
    case 'copy_link':
      if (!ui.sheet || ui.sheet.kind !== 'share') return state;
      ui.sheet = null;
      ui.notice = 'Link copied';
      return state;
    case 'more': {
      const post = ownPost(data, action.clip ?? ui.clip);
      if (!post) return state;
      ui.sheet = { kind: 'more', clip: post.id };
      return state;
    }
    case 'close_sheet':
      ui.sheet = null;
      return state;
    case 'set_privacy': {
      const post = moreSheetPost(state, action.clip);
      if (!post || !PRIVACY.includes(action.privacy)) return state;
      post.privacy = action.privacy;
      ui.sheet = null;
      return state;
    }
    case 'delete_clip': {
      const post = moreSheetPost(state, action.clip);
      if (!post) return state;
      ui.sheet = null;
      ui.dialog = { kind: 'delete_clip', clip: post.id };
      return state;
    }
    case 'confirm':
      return confirm(state, ctx);
    case 'cancel':
      ui.dialog = null;
      return state;
    case 'tag': {
      const tag = String(action.tag ?? '').replace(/^#/, '').toLowerCase();
      if (!/^[a-z0-9_]+$/.test(tag)) return state;
      push(ui, 'tag', { tag });
      return state;
    }
    case 'clear_search':
      ui.drafts.search = '';
      return state;
    case 'create':
      if (ui.screen === 'create') return state;
      push(ui, 'create');
      openForm(ui, world, null);
      return state;
    case 'open_draft': {
      const d = data.drafts.find((x) => x.id === action.id);
      if (!d || ui.screen === 'create') return state;
      push(ui, 'create');
      openForm(ui, world, d);
      return state;
    }
    case 'pick_template':
      if (!ui.form || !templateOf(world, action.template)) return state;
      ui.form.template = action.template;
      if (ui.errors.template) ui.errors = {};
      return state;
    case 'form_privacy':
      if (!ui.form || !PRIVACY.includes(action.privacy)) return state;
      ui.form.privacy = action.privacy;
      return state;
    case 'post':
      return submitForm(state, ctx, false);
    case 'save_draft':
      return submitForm(state, ctx, true);
    case 'delete_draft': {
      const id = action.id ?? (ui.form && ui.form.draft);
      if (!data.drafts.some((x) => x.id === id)) return state;
      ui.dialog = { kind: 'delete_draft', id };
      return state;
    }
    case 'me_tab':
      if (!ME_TABS.includes(action.tab)) return state;
      goRoot(ui, 'me');
      ui.me_tab = action.tab;
      return state;
    case 'following':
      push(ui, 'following');
      return state;
    case 'open_note': {
      const n = (world.notifications || []).find((x) => x.id === action.id);
      if (!n) return state;
      if (!data.read.includes(n.id)) data.read.push(n.id);
      if (n.clip && clipById(data, world, n.clip)) push(ui, 'clip', { clip: n.clip });
      else if (n.from && creatorOf(world, n.from)) push(ui, 'profile', { creator: n.from });
      return state;
    }
    case 'read_all':
      for (const n of world.notifications || []) if (!data.read.includes(n.id)) data.read.push(n.id);
      return state;
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        return state;
      }
      if (ui.sheet) {
        ui.sheet = null;
        return state;
      }
      if (pop(state, world)) return state;
      if (ui.screen !== 'feed') {
        goRoot(ui, 'feed');
        return state;
      }
      return null;
    default:
      return null;
  }
}
