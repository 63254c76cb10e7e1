// Email: folders (inbox, sent, drafts, archive, trash), starred and labels, read /
// unread, search, compose with validation, reply and forward, contact picker, and
// hand-offs (an invite's "Add to calendar"). data.emails keeps, per world email, what
// changes (folder, time, read, starred, labels) and whole records for emails written here.

import { FOLDERS, account, atMs, contactsFrom, findEmail, full, isEmail, isMine, labelError } from './lib/select.js';
import { baseUi, ensureUi, leaveIfOpen, listedEmail, pop, push, target, toRoot, validView } from './lib/nav.js';
import { dirty, forward, openCompose, pick, reply, saveDraft, send } from './lib/compose.js';
import { moveTargets, moveTo, restoreFolder } from './lib/folders.js';

export * from './lib/select.js';
export { moveTargets } from './lib/folders.js';

/** Return the initial state: per-email records (times as virtual ms from the relative world times) and the labels. */
export function init(world, ctx) {
  const now = ctx && typeof ctx.now === 'number' ? ctx.now : 0;
  const emails = ((world && world.emails) || []).map((e) => ({
    id: e.id,
    folder: FOLDERS.includes(e.folder) && e.folder !== 'starred' ? e.folder : 'inbox',
    time: atMs(e.at, now) ?? now,
    read: Boolean(e.read),
    starred: Boolean(e.starred),
    labels: Array.isArray(e.labels) ? [...e.labels] : [],
  }));
  return { data: { emails, labels: [...((world && world.labels) || [])] }, ui: baseUi() };
}

// ------------------------------------------------------------------ reducer

function handleIntent(state, action, ctx) {
  const ui = state.ui;
  const contacts = contactsFrom(ctx.peek);
  if (action.compose && typeof action.compose === 'object') {
    const c = action.compose;
    toRoot(ui, 'inbox');
    openCompose(state, { to: c.to ?? '', subject: c.subject ?? '', body: c.body ?? '', attachments: c.attachments || [] });
  } else if (typeof action.to === 'string') {
    const contact = contacts.find((c) => c.id === action.to);
    const address = contact ? contact.email : action.to;
    if (!isEmail(address)) return state;
    toRoot(ui, 'inbox');
    openCompose(state, { to: address });
  } else if (findEmail(state.data, action.email)) {
    const rec = findEmail(state.data, action.email);
    toRoot(ui, rec.folder === 'drafts' ? 'drafts' : 'inbox');
    push(ui, 'read', { email: rec.id });
    rec.read = true;
  }
  return state;
}

function receive(state, action, ctx) {
  const from = typeof action.from === 'object' && action.from ? action.from : { name: '', email: action.from };
  const subject = String(action.subject ?? '').trim();
  const body = String(action.body ?? '').trim();
  if (!isEmail(from.email) || (!subject && !body)) return state;
  const rec = {
    id: ctx.uid('m'), own: true, folder: 'inbox', time: ctx.now, read: false, starred: false, labels: [],
    from: { name: String(from.name || from.email), email: String(from.email).trim() }, to: [account(ctx.world).email], cc: [],
    subject, body, attachments: [], in_reply_to: null, forward_of: null,
  };
  state.data.emails.push(rec);
  const open = state.ui.screen === 'read' && state.ui.email === rec.id;
  if (!open) ctx.notify({ title: rec.from.name, body: subject || body, intent: { email: rec.id } });
  return state;
}

/** Apply an action; null for actions this app does not handle (and `back` at the inbox). */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state);
  const a = action || {};
  const data = state.data;
  ui.notice = null;
  switch (a.type) {
    case 'back':
      if (ui.dialog) { ui.dialog = null; return state; }
      if (ui.sheet) { ui.sheet = null; ui.errors = {}; return state; }
      if (ui.drawer) { ui.drawer = false; return state; }
      if (ui.screen === 'compose' && dirty(ui)) { ui.dialog = { kind: 'discard' }; return state; }
      if (pop(state)) return state;
      if (ui.view !== 'inbox') { toRoot(ui, 'inbox'); return state; }
      return null;
    case 'intent':
      return handleIntent(state, a, ctx);
    case 'drawer':
      ui.drawer = typeof a.open === 'boolean' ? a.open : !ui.drawer;
      return state;
    case 'view':
      if (validView(data, a.view)) toRoot(ui, a.view);
      return state;
    case 'open': {
      const rec = listedEmail(state, ctx.world, a.id);
      if (!rec) return state;
      if (rec.folder === 'drafts') {
        const e = full(ctx.world, rec);
        openCompose(state, {
          mode: 'draft', draft: rec.id, to: e.to, subject: e.subject, body: e.body, attachments: e.attachments,
          in_reply_to: e.in_reply_to, forward_of: e.forward_of,
        });
        return state;
      }
      push(ui, 'read', { email: rec.id });
      rec.read = true;
      return state;
    }
    case 'search':
      push(ui, 'search');
      ui.drafts.search = '';
      return state;
    case 'star': {
      // The reading screen's star, or a row's star in the list on screen.
      const rec = target(state, a) || listedEmail(state, ctx.world, a.id);
      if (rec) rec.starred = typeof a.value === 'boolean' ? a.value : !rec.starred;
      return state;
    }
    case 'read': {
      const rec = target(state, a);
      if (!rec) return state;
      rec.read = typeof a.value === 'boolean' ? a.value : !rec.read;
      if (!rec.read && ui.screen === 'read' && ui.email === rec.id) { pop(state); ui.notice = 'Marked as unread'; }
      return state;
    }
    case 'archive': {
      const rec = target(state, a);
      if (!rec || rec.folder === 'drafts' || isMine(ctx.world, full(ctx.world, rec))) return state;
      if (moveTo(state, rec, rec.folder === 'archive' ? 'inbox' : 'archive')) {
        ui.notice = rec.folder === 'archive' ? 'Archived' : 'Moved to Inbox';
        leaveIfOpen(state, rec.id);
      }
      return state;
    }
    case 'trash': {
      const rec = target(state, a);
      if (rec && moveTo(state, rec, 'trash')) { ui.notice = 'Moved to Trash'; leaveIfOpen(state, rec.id); }
      return state;
    }
    case 'restore': {
      const rec = target(state, a);
      if (rec && rec.folder === 'trash') {
        const to = restoreFolder(ctx.world, rec);
        moveTo(state, rec, to);
        ui.notice = `Moved to ${to[0].toUpperCase()}${to.slice(1)}`;
        leaveIfOpen(state, rec.id);
      }
      return state;
    }
    case 'move': {
      const rec = target(state, a);
      if (!rec || !moveTargets(ctx.world, rec).includes(a.folder)) return state;
      moveTo(state, rec, a.folder);
      ui.sheet = null;
      ui.notice = `Moved to ${a.folder[0].toUpperCase()}${a.folder.slice(1)}`;
      leaveIfOpen(state, rec.id);
      return state;
    }
    case 'ask_delete_forever': {
      const rec = target(state, a);
      if (rec && rec.folder === 'trash') ui.dialog = { kind: 'delete_forever', id: rec.id };
      return state;
    }
    case 'confirm_delete_forever': {
      const id = ui.dialog && ui.dialog.kind === 'delete_forever' ? ui.dialog.id : null;
      ui.dialog = null;
      if (!findEmail(data, id)) return state;
      data.emails = data.emails.filter((e) => e.id !== id);
      ui.notice = 'Deleted forever';
      leaveIfOpen(state, id);
      return state;
    }
    case 'ask_empty_trash':
      if (data.emails.some((e) => e.folder === 'trash')) ui.dialog = { kind: 'empty_trash' };
      return state;
    case 'confirm_empty_trash': {
      if (!ui.dialog || ui.dialog.kind !== 'empty_trash') return state;
      const n = data.emails.filter((e) => e.folder === 'trash').length;
      data.emails = data.emails.filter((e) => e.folder !== 'trash');
      ui.dialog = null;
      ui.notice = `${n} email${n === 1 ? '' : 's'} deleted forever`;
      return state;
    }
    case 'sheet':
      if (['labels', 'move'].includes(a.kind) && ui.screen === 'read' && findEmail(data, ui.email)) {
        ui.sheet = a.kind;
        ui.drafts.label_name = '';
        ui.errors = {};
      }
      return state;
    case 'close_sheet':
      ui.sheet = null;
      ui.errors = {};
      return state;
    case 'toggle_label': {
      const rec = target(state, a);
      if (!rec || !data.labels.includes(a.name)) return state;
      rec.labels = rec.labels.includes(a.name) ? rec.labels.filter((l) => l !== a.name) : [...rec.labels, a.name];
      return state;
    }
    case 'create_label': {
      const name = String(a.name ?? ui.drafts.label_name ?? '').trim();
      const error = labelError(data.labels, name);
      if (error) { ui.errors = { label: error }; return state; }
      data.labels.push(name);
      const rec = target(state, a);
      if (rec && !rec.labels.includes(name)) rec.labels.push(name);
      ui.drafts.label_name = '';
      ui.errors = {};
      return state;
    }
    case 'compose':
      // as reply and forward: a second compose over an open one would replace its typed text and stack two
      if (ui.screen === 'compose') return state;
      openCompose(state, { to: typeof a.to === 'string' && isEmail(a.to) ? a.to : '' });
      return state;
    case 'reply':
      return reply(state, a, ctx);
    case 'forward':
      return forward(state, a, ctx);
    case 'remove_attachment':
      if (ui.screen === 'compose' && ui.compose) ui.compose.attachments = ui.compose.attachments.filter((n) => n !== a.name);
      return state;
    case 'send':
      return send(state, ctx);
    case 'save_draft':
      return saveDraft(state, ctx);
    case 'discard':
      if (ui.screen === 'compose') { ui.dialog = null; pop(state); ui.notice = 'Draft discarded'; }
      return state;
    case 'cancel':
      ui.dialog = null;
      return state;
    case 'pick_contact':
      if (ui.screen === 'compose') { push(ui, 'picker', { compose: ui.compose }); ui.drafts.pick = ''; }
      return state;
    case 'pick':
      return pick(state, a, ctx);
    case 'add_to_calendar': {
      const rec = target(state, a);
      const e = rec && full(ctx.world, rec);
      if (!e || !e.invite) return state;
      if (!ctx.peek('calendar')) { ui.notice = 'The Calendar app is not installed'; return state; }
      const { title, date, start, end, location } = e.invite;
      ctx.open('calendar', { create: { title, date, start, end, location } });
      return state;
    }
    case 'attachment':
      if (typeof a.name === 'string' && a.name) ui.notice = `"${a.name}" can't be previewed on this phone`;
      return state;
    case 'receive':
      return receive(state, a, ctx);
    case 'dismiss':
      return state;
    default:
      return null;
  }
}