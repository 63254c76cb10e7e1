// Email: folders (inbox, sent, drafts, archive, trash), starred and labels, read /
// unread, search, compose with validation, reply and forward, contact picker, and
// hand-offs (an invite's "Add to calendar"). data.emails keeps, per world email, what
// changes (folder, time, read, starred, labels) and whole records for emails written here.

import {
  FOLDERS, account, atMs, contactsFrom, findEmail, forwardQuote, forwardSubject, full, isEmail, isMine,
  labelError, parseAddresses, replyQuote, replySubject, worldEmail,
} from './lib/select.js';

export * from './lib/select.js';

const SCREENS = ['list', 'read', 'compose', 'search', 'picker'];

function baseUi() {
  return {
    screen: 'list', view: 'inbox', stack: [], email: null, drawer: false, sheet: null, dialog: null,
    compose: null, errors: {}, notice: null, drafts: {},
  };
}

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

function ensureUi(state) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!ui.errors || typeof ui.errors !== 'object') ui.errors = {};
  if (!SCREENS.includes(ui.screen)) ui.screen = 'list';
  if (!validView(state.data, ui.view)) ui.view = 'inbox';
  return ui;
}

function validView(data, view) {
  const v = String(view ?? '');
  return FOLDERS.includes(v) || (v.startsWith('label:') && data.labels.includes(v.slice(6)));
}

function push(ui, screen, fields = {}) {
  ui.stack.push({ screen: ui.screen, email: ui.email, compose: ui.compose });
  ui.sheet = null;
  ui.dialog = null;
  ui.drawer = false;
  ui.errors = {};
  Object.assign(ui, { email: null }, fields, { screen });
}

/** Go back one screen; false at the root. Skips read screens whose email is gone. */
function pop(state) {
  const ui = state.ui;
  if (ui.screen === 'compose') {
    ui.drafts.to = '';
    ui.drafts.subject = '';
    ui.drafts.body = '';
  }
  const prev = ui.stack.pop();
  if (!prev) return false;
  Object.assign(ui, prev, { sheet: null, dialog: null, drawer: false, errors: {} });
  if (ui.screen === 'read' && !findEmail(state.data, ui.email)) return pop(state) || (ui.screen = 'list', true);
  return true;
}

function toRoot(ui, view = ui.view) {
  Object.assign(ui, { screen: 'list', view, stack: [], email: null, drawer: false, sheet: null, dialog: null, compose: null, errors: {} });
}

/** The email an action applies to: `action.id`, else the one open. */
function target(state, action) {
  return findEmail(state.data, typeof action.id === 'string' ? action.id : state.ui.screen === 'read' ? state.ui.email : null);
}

function leaveIfOpen(state, id) {
  if (state.ui.screen === 'read' && state.ui.email === id) pop(state);
}

// ------------------------------------------------------------------ compose

function openCompose(state, { mode = 'new', draft = null, to = '', subject = '', body = '', quote = null, attachments = [], in_reply_to = null, forward_of = null }) {
  const ui = state.ui;
  const toText = Array.isArray(to) ? to.join(', ') : String(to ?? '');
  push(ui, 'compose', {
    compose: {
      mode, draft, quote, in_reply_to, forward_of,
      attachments: (Array.isArray(attachments) ? attachments : []).map(String).filter(Boolean),
      initial: { to: toText, subject: String(subject ?? ''), body: String(body ?? '') },
    },
  });
  ui.drafts.to = toText;
  ui.drafts.subject = String(subject ?? '');
  ui.drafts.body = String(body ?? '');
}

function dirty(ui) {
  const c = ui.compose;
  if (!c) return false;
  const d = ui.drafts;
  return (d.to ?? '') !== c.initial.to || (d.subject ?? '') !== c.initial.subject || (d.body ?? '') !== c.initial.body;
}

function composeRecord(state, ctx, folder, to) {
  const ui = state.ui;
  const c = ui.compose;
  const text = String(ui.drafts.body ?? '').replace(/\s+$/, '');
  const body = c.quote ? (text.trim() ? `${text}\n\n${c.quote}` : c.quote) : text;
  const old = c.draft ? findEmail(state.data, c.draft) : null;
  return {
    id: old ? old.id : ctx.uid('m'),
    own: true,
    folder,
    time: ctx.now,
    read: true,
    starred: old ? Boolean(old.starred) : false,
    labels: old ? [...(old.labels || [])] : [],
    from: { ...account(ctx.world) },
    to,
    cc: [],
    subject: String(ui.drafts.subject ?? '').trim(),
    body,
    attachments: [...c.attachments],
    in_reply_to: c.in_reply_to || null,
    forward_of: c.forward_of || null,
  };
}

function store(state, rec) {
  const i = state.data.emails.findIndex((e) => e.id === rec.id);
  if (i >= 0) state.data.emails[i] = rec;
  else state.data.emails.push(rec);
}

function send(state, ctx) {
  const ui = state.ui;
  if (ui.screen !== 'compose' || !ui.compose) return state;
  const { list, error } = parseAddresses(ui.drafts.to);
  const errors = {};
  if (error) errors.to = error;
  if (!String(ui.drafts.subject ?? '').trim() && !String(ui.drafts.body ?? '').trim() && !ui.compose.quote && !ui.compose.attachments.length) {
    errors.body = 'Write a subject or a message';
  }
  if (Object.keys(errors).length) {
    ui.errors = errors;
    return state;
  }
  store(state, composeRecord(state, ctx, 'sent', list));
  pop(state);
  ui.notice = 'Message sent';
  return state;
}

function saveDraft(state, ctx) {
  const ui = state.ui;
  if (ui.screen !== 'compose' || !ui.compose) return state;
  const to = String(ui.drafts.to ?? '').split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  store(state, composeRecord(state, ctx, 'drafts', to));
  pop(state);
  ui.notice = 'Draft saved';
  return state;
}

function reply(state, action, ctx) {
  const rec = target(state, action);
  if (!rec || state.ui.screen === 'compose') return state;
  const e = full(ctx.world, rec);
  const to = isMine(ctx.world, e) ? e.to : [e.from.email];
  openCompose(state, { mode: 'reply', to, subject: replySubject(e.subject), quote: replyQuote(e), in_reply_to: e.id });
  return state;
}

function forward(state, action, ctx) {
  const rec = target(state, action);
  if (!rec || state.ui.screen === 'compose') return state;
  const e = full(ctx.world, rec);
  openCompose(state, { mode: 'forward', subject: forwardSubject(e.subject), quote: forwardQuote(e), attachments: e.attachments, forward_of: e.id });
  return state;
}

function pick(state, action, ctx) {
  const ui = state.ui;
  if (ui.screen !== 'picker') return state;
  const contact = contactsFrom(ctx.peek).find((c) => c.id === action.contact);
  if (!contact || !isEmail(contact.email)) return state;
  const current = String(ui.drafts.to ?? '').replace(/[\s,;]+$/, '');
  const has = current.split(/[,;]/).map((p) => p.trim().toLowerCase()).includes(contact.email.toLowerCase());
  pop(state);
  if (!has) ui.drafts.to = current ? `${current}, ${contact.email}` : contact.email;
  return state;
}

// ------------------------------------------------------------------ folders

function moveTo(state, rec, folder) {
  if (!rec || rec.folder === folder) return false;
  if (folder === 'trash') rec.prev = rec.folder;
  else delete rec.prev;
  rec.folder = folder;
  return true;
}

function restoreFolder(world, rec) {
  if (rec.prev && rec.prev !== 'trash') return rec.prev;
  const w = worldEmail(world, rec.id);
  if (w && w.folder && w.folder !== 'trash' && !rec.own) return w.folder;
  return isMine(world, full(world, rec)) ? 'sent' : 'inbox';
}

/** The folders an email can be moved to from its current one. */
export function moveTargets(world, rec) {
  if (!rec) return [];
  const e = full(world, rec);
  let options;
  if (rec.folder === 'drafts') options = ['trash'];
  else if (isMine(world, e)) options = ['sent', 'trash'];
  else options = ['inbox', 'archive', 'trash'];
  if (rec.folder === 'trash') options = [restoreFolder(world, rec)];
  return options.filter((f) => f !== rec.folder);
}

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
      const rec = findEmail(data, a.id);
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
      const rec = target(state, a);
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
