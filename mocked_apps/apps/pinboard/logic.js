// Pinboard: a notes-sharing social app. Posts have a title, text, tags and a drawn
// cover; the user browses a masonry feed with tag chips, likes, comments, follows
// authors, saves posts into collections (and moves them between collections),
// writes / edits / deletes their own posts, and shares posts to Messages or Notes.
// Navigation lives in lib/nav.js, the reducer's writes in lib/edit.js, selectors in lib/select.js.

import { ME, authorOf, coverOf, noteOf, postById, collectionById, shareText, toMs } from './lib/select.js';
import { ROOTS, baseUi, ensureUi, push, pop, goRoot, openForm, shownPost } from './lib/nav.js';
import { ownPost, toggleIn, createCollection, submit, confirm, addComment } from './lib/edit.js';

export * from './lib/select.js';

const ME_TABS = ['posts', 'collections', 'liked'];

/** Return the initial state: the user's posts, collections, likes, follows and comments from the world; the home feed. */
export function init(world) {
  const me = world.me || {};
  const data = {
    posts: (world.mine || []).map((p) => ({ id: p.id, title: p.title, body: p.body, tags: [...p.tags], cover: { ...p.cover }, time: toMs(p.time), likes: p.likes, saves: p.saves })),
    collections: (me.collections || []).map((c) => ({ id: c.id, name: c.name, posts: [...c.posts] })),
    liked: [...(me.liked || [])],
    following: [...(me.following || [])],
    comments: (me.comments || []).map((c) => ({ id: c.id, post: c.post, text: c.text, time: toMs(c.time) })),
  };
  return { data, ui: baseUi() };
}

function onIntent(state, action, world) {
  const ui = state.ui;
  if (typeof action.post === 'string' && postById(state.data, world, action.post)) {
    goRoot(ui, 'home');
    push(ui, 'post', { post: action.post });
  } else if (typeof action.author === 'string' && action.author !== ME && authorOf(world, action.author)) {
    goRoot(ui, 'home');
    push(ui, 'author', { author: action.author });
  }
  return state;
}

function handOff(state, ctx, app, intent, missing) {
  if (!ctx.peek(app)) {
    state.ui.notice = missing;
    return state;
  }
  ctx.open(app, intent);
  return state;
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
  const sheetPost = () => postById(data, world, ui.sheet && ui.sheet.post);
  switch (action.type) {
    case 'intent':
      return onIntent(state, action, world);
    case 'tab':
      if (!ROOTS.includes(action.tab)) return state;
      goRoot(ui, action.tab);
      return state;
    case 'filter': {
      const tag = String(action.tag ?? 'all');
      if (tag !== 'all' && !/^[a-z0-9-]+$/.test(tag)) return state;
      goRoot(ui, 'home');
      ui.filter = tag;
      return state;
    }
    case 'open': {
      if (!postById(data, world, action.post)) return state;
      push(ui, 'post', { post: action.post });
      ui.drafts.comment = '';
      return state;
    }
    case 'author': {
      const a = authorOf(world, action.id);
      if (!a) return state;
      if (a.id === ME) {
        goRoot(ui, 'me');
        ui.me_tab = 'posts';
      } else push(ui, 'author', { author: a.id });
      return state;
    }
    case 'tag': {
      const tag = String(action.tag ?? '').replace(/^#/, '').toLowerCase();
      if (!/^[a-z0-9-]+$/.test(tag)) return state;
      push(ui, 'tag', { tag });
      return state;
    }
    case 'like': {
      const p = shownPost(state, world, action.post);
      if (!p) return state;
      toggleIn(data.liked, p.id, action.value);
      return state;
    }
    case 'follow': {
      const a = authorOf(world, action.author ?? ui.author ?? (postById(data, world, ui.post) || {}).author);
      if (!a || a.id === ME) return state;
      toggleIn(data.following, a.id, action.value);
      return state;
    }
    case 'save': {
      const p = shownPost(state, world, action.post);
      if (!p) return state;
      ui.sheet = { kind: 'save', post: p.id };
      ui.drafts.collection_name = '';
      ui.errors = {};
      return state;
    }
    case 'toggle_collection': {
      const p = postById(data, world, action.post) || sheetPost();
      const c = collectionById(data, action.collection);
      if (!p || !c) return state;
      const on = toggleIn(c.posts, p.id, action.value);
      ui.notice = on ? `Saved to ${c.name}` : `Removed from ${c.name}`;
      return state;
    }
    case 'new_collection':
      ui.dialog = { kind: 'new_collection' };
      ui.drafts.collection_name = '';
      ui.errors = {};
      return state;
    case 'create_collection':
      return createCollection(state, ctx);
    case 'collection': {
      if (!collectionById(data, action.id)) return state;
      push(ui, 'collection', { collection: action.id });
      return state;
    }
    case 'move': {
      const c = collectionById(data, ui.collection);
      if (ui.screen !== 'collection' || !c || !c.posts.includes(action.post)) return state;
      ui.sheet = { kind: 'move', post: action.post, from: c.id };
      return state;
    }
    case 'move_to': {
      const s = ui.sheet;
      const from = s && s.kind === 'move' ? collectionById(data, s.from) : null;
      const to = collectionById(data, action.collection);
      if (!from || !to || to.id === from.id) return state;
      from.posts = from.posts.filter((id) => id !== s.post);
      if (!to.posts.includes(s.post)) to.posts.push(s.post);
      ui.sheet = null;
      ui.notice = `Moved to ${to.name}`;
      return state;
    }
    case 'remove': {
      // A tile's remove button on the collection screen shown.
      const shown = ui.screen === 'collection' && !ui.dialog && !ui.sheet && (action.collection ?? ui.collection) === ui.collection;
      const c = shown ? collectionById(data, ui.collection) : null;
      if (!c || !c.posts.includes(action.post)) return state;
      c.posts = c.posts.filter((id) => id !== action.post);
      ui.notice = `Removed from ${c.name}`;
      return state;
    }
    case 'close_sheet':
      ui.sheet = null;
      ui.errors = {};
      return state;
    case 'share': {
      const p = shownPost(state, world, action.post);
      if (!p) return state;
      ui.sheet = { kind: 'share', post: p.id };
      return state;
    }
    case 'share_messages': {
      const p = ui.sheet && ui.sheet.kind === 'share' ? sheetPost() : null;
      ui.sheet = null;
      if (!p) return state;
      return handOff(state, ctx, 'messages', { text: shareText(world, p) }, 'Messages is not available');
    }
    case 'save_note': {
      const p = ui.sheet && ui.sheet.kind === 'share' ? sheetPost() : null;
      ui.sheet = null;
      if (!p) return state;
      return handOff(state, ctx, 'notes', { create: noteOf(world, p) }, 'Notes is not available');
    }
    case 'message': {
      const a = authorOf(world, action.author ?? ui.author);
      const contacts = ((ctx.peek('contacts') || {}).data || {}).contacts || [];
      if (!a || !a.contact_id || !contacts.some((c) => c.id === a.contact_id)) {
        ui.notice = 'Not in your contacts';
        return state;
      }
      return handOff(state, ctx, 'messages', { to: a.contact_id }, 'Messages is not available');
    }
    case 'add_comment':
      return addComment(state, action, ctx);
    case 'delete_comment': {
      // A comment of the post shown (its delete button), nothing over it.
      const c = shownPost(state, world) && data.comments.find((x) => x.id === action.id && x.post === ui.post);
      if (!c) return state;
      ui.dialog = { kind: 'delete_comment', id: c.id };
      return state;
    }
    case 'create':
      if (ui.screen === 'form') return state;
      push(ui, 'form');
      openForm(ui, world, null);
      return state;
    case 'edit': {
      const p = shownPost(state, world, action.post) && ownPost(data, ui.post);
      if (!p || ui.screen === 'form') return state;
      push(ui, 'form');
      openForm(ui, world, p);
      return state;
    }
    case 'pick_cover':
      if (!ui.form || !coverOf(world, action.cover)) return state;
      ui.form.cover = action.cover;
      delete ui.errors.cover;
      return state;
    case 'submit':
      return submit(state, ctx);
    case 'delete_post': {
      const p = shownPost(state, world, action.post) && ownPost(data, ui.post);
      if (!p) return state;
      ui.dialog = { kind: 'delete_post', post: p.id };
      return state;
    }
    case 'confirm':
      return confirm(state, ctx);
    case 'cancel':
      ui.dialog = null;
      ui.errors = {};
      return state;
    case 'me_tab':
      if (!ME_TABS.includes(action.tab)) return state;
      goRoot(ui, 'me');
      ui.me_tab = action.tab;
      return state;
    case 'clear_search':
      ui.drafts.search = '';
      return state;
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        ui.errors = {};
        return state;
      }
      if (ui.sheet) {
        ui.sheet = null;
        return state;
      }
      if (pop(state, world)) return state;
      if (ui.screen !== 'home') {
        goRoot(ui, 'home');
        return state;
      }
      if (ui.filter !== 'all') {
        ui.filter = 'all';
        return state;
      }
      return null;
    default:
      return null;
  }
}
