// Messages: SMS-style conversations with contacts and unknown numbers.
// data.threads holds every conversation; ui holds the screen stack, the open
// thread (or a pending recipient not yet written to), the action sheet, the
// delete dialog and the text drafts (compose, recipient, search).

import { blockedFrom, contactsFrom, findThread, looksLikeNumber, toMs, contactOf, textable } from './lib/select.js';

export * from './lib/select.js';

const SCREENS = ['list', 'thread', 'new', 'archived', 'search'];

function baseUi() {
  return { screen: 'list', stack: [], thread: null, to: null, menu: null, dialog: null, highlight: null, drafts: {} };
}

/** Return the initial state: a copy of the world's threads (times as virtual ms), the inbox open. */
export function init(world) {
  const threads = (world.threads || []).map((t) => ({
    id: t.id,
    contact_id: t.contact_id ?? null,
    number: String(t.number ?? ''),
    messages: (t.messages || []).map((m) => ({ id: m.id, from: m.from === 'me' ? 'me' : 'them', text: String(m.text ?? ''), time: toMs(m.time) })),
    unread: Math.max(0, Number(t.unread) || 0),
    pinned: Boolean(t.pinned),
    muted: Boolean(t.muted),
    archived: Boolean(t.archived),
  }));
  return { data: { threads }, ui: baseUi() };
}

const byId = (state, id) => (typeof id === 'string' ? state.data.threads.find((t) => t.id === id) : undefined) || null;

function ensureUi(state) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  if (!Array.isArray(state.ui.stack)) state.ui.stack = [];
  if (!state.ui.drafts || typeof state.ui.drafts !== 'object') state.ui.drafts = {};
  if (!SCREENS.includes(state.ui.screen)) state.ui.screen = 'list';
  return state.ui;
}

/** Push the current screen and show `screen` with the given thread / pending recipient. */
function push(ui, screen, { thread = null, to = null } = {}) {
  ui.stack.push({ screen: ui.screen, thread: ui.thread, to: ui.to });
  show(ui, screen, { thread, to });
}

function show(ui, screen, { thread = null, to = null } = {}) {
  ui.screen = screen;
  ui.thread = thread;
  ui.to = to;
  ui.menu = null;
  ui.dialog = null;
  ui.highlight = null;
}

function markRead(thread) {
  thread.unread = 0;
}

/** Open an existing thread on top of the current screen (or in place of it with `replace`). */
function openThread(state, thread, { replace = false, highlight = null } = {}) {
  const ui = state.ui;
  if (replace) show(ui, 'thread', { thread: thread.id });
  else push(ui, 'thread', { thread: thread.id });
  ui.highlight = highlight;
  markRead(thread);
}

/** Open the conversation with a contact / number: the existing thread, else a pending one. */
function openRecipient(state, { contact = null, number = null }, { replace = false } = {}) {
  const existing = findThread(state.data.threads, { contact_id: contact ? contact.id : null, number: contact ? contact.phone : number });
  if (existing) return openThread(state, existing, { replace });
  const to = { contact_id: contact ? contact.id : null, number: String(contact ? contact.phone : number).trim() };
  if (replace) show(state.ui, 'thread', { to });
  else push(state.ui, 'thread', { to });
}

/** Go back one screen; false at the root. */
function pop(state) {
  const ui = state.ui;
  if (ui.screen === 'thread' || ui.screen === 'new') ui.drafts.compose = '';
  const prev = ui.stack.pop();
  if (!prev) return false;
  show(ui, prev.screen, { thread: prev.thread, to: prev.to });
  if (ui.screen === 'thread' && !byId(state, ui.thread) && !ui.to) return pop(state) || (show(ui, 'list'), true);
  return true;
}

function handleIntent(state, action, ctx) {
  const ui = state.ui;
  const contacts = contactsFrom(ctx.peek);
  const text = typeof action.text === 'string' ? action.text : null;
  ui.stack = [];
  show(ui, 'list');
  if (action.thread && byId(state, action.thread)) {
    openThread(state, byId(state, action.thread));
  } else if (action.to || action.number) {
    const contact = action.to ? contacts.find((c) => c.id === action.to) || null : null;
    const known = action.to ? findThread(state.data.threads, { contact_id: action.to }) : null;
    // A contact without a number (and no conversation yet) cannot be texted: no pending thread whose Send does nothing.
    if (textable(state.data.threads, contact)) openRecipient(state, { contact });
    else if (known) openThread(state, known);
    else if (looksLikeNumber(action.number)) openRecipient(state, { number: action.number });
    else if (text !== null) push(ui, 'new');
  } else if (text !== null) {
    push(ui, 'new');
    ui.drafts.recipient = '';
  }
  if (text !== null) ui.drafts.compose = text;
  return state;
}

function send(state, action, ctx) {
  const ui = state.ui;
  const text = String(action.text ?? ui.drafts.compose ?? '').trim();
  if (!text) return state;
  let thread = action.thread ? byId(state, action.thread) : (ui.screen === 'thread' ? byId(state, ui.thread) : null);
  if (!thread && !action.thread && ui.screen === 'thread' && ui.to && looksLikeNumber(ui.to.number)) {
    thread = findThread(state.data.threads, ui.to);
    if (!thread) {
      thread = { id: ctx.uid('t'), contact_id: ui.to.contact_id || null, number: ui.to.number, messages: [], unread: 0, pinned: false, muted: false, archived: false };
      state.data.threads.push(thread);
    }
    ui.thread = thread.id;
    ui.to = null;
  }
  if (!thread) return state;
  thread.messages.push({ id: ctx.uid('m'), from: 'me', text, time: ctx.now });
  if (action.text === undefined) ui.drafts.compose = '';
  return state;
}

function receive(state, action, ctx) {
  const text = String(action.text ?? '').trim();
  const contacts = contactsFrom(ctx.peek);
  const contact = action.contact_id ? contacts.find((c) => c.id === action.contact_id) || null : null;
  const number = contact ? contact.phone : action.number;
  if (!text || !(contact || looksLikeNumber(number) || findThread(state.data.threads, { contact_id: action.contact_id }))) return state;
  // Contacts promises "Calls and messages are blocked": a text from a blocked contact (by id or number) never arrives.
  const sender = contact || contactOf({ contact_id: action.contact_id, number }, contacts);
  if (sender && blockedFrom(ctx.peek).includes(sender.id)) return state;
  let thread = findThread(state.data.threads, { contact_id: action.contact_id || null, number });
  if (!thread) {
    thread = { id: ctx.uid('t'), contact_id: contact ? contact.id : null, number: String(number).trim(), messages: [], unread: 0, pinned: false, muted: false, archived: false };
    state.data.threads.push(thread);
  }
  thread.messages.push({ id: ctx.uid('m'), from: 'them', text, time: ctx.now });
  const open = state.ui.screen === 'thread' && state.ui.thread === thread.id;
  if (!open) thread.unread += 1;
  if (!thread.muted && !open) {
    const who = contactOf(thread, contacts);
    ctx.notify({ title: who ? who.name : thread.number, body: text, intent: { thread: thread.id } });
  }
  return state;
}

function setFlag(state, action, key) {
  const thread = byId(state, action.thread ?? state.ui.menu ?? state.ui.thread);
  if (!thread) return state;
  thread[key] = typeof action.value === 'boolean' ? action.value : !thread[key];
  state.ui.menu = null;
  if (key === 'archived' && thread.archived && state.ui.screen === 'thread' && state.ui.thread === thread.id) pop(state);
  return state;
}

function remove(state, id) {
  const ui = state.ui;
  if (!byId(state, id)) return state;
  state.data.threads = state.data.threads.filter((t) => t.id !== id);
  ui.dialog = null;
  ui.menu = null;
  ui.stack = ui.stack.filter((s) => !(s.screen === 'thread' && s.thread === id));
  if (ui.screen === 'thread' && ui.thread === id && !pop(state)) show(ui, 'list');
  return state;
}

/** Apply an action; null for actions this app does not handle (and `back` at the inbox). */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state);
  const a = action || {};
  switch (a.type) {
    case 'back':
      if (ui.dialog) { ui.dialog = null; return state; }
      if (ui.menu) { ui.menu = null; return state; }
      return pop(state) ? state : null;
    case 'intent':
      return handleIntent(state, a, ctx);
    case 'open': {
      const thread = byId(state, a.thread);
      if (thread) openThread(state, thread, { highlight: typeof a.highlight === 'string' ? a.highlight : null });
      return state;
    }
    case 'new':
      push(ui, 'new');
      ui.drafts.recipient = '';
      return state;
    case 'pick': {
      if (ui.screen !== 'new') return state;
      const contact = a.contact ? contactsFrom(ctx.peek).find((c) => c.id === a.contact) || null : null;
      if (textable(state.data.threads, contact)) openRecipient(state, { contact }, { replace: true });
      else if (!a.contact && looksLikeNumber(a.number)) openRecipient(state, { number: a.number }, { replace: true });
      return state;
    }
    case 'archived':
      push(ui, 'archived');
      return state;
    case 'search':
      push(ui, 'search');
      ui.drafts.search = '';
      return state;
    case 'send':
      return send(state, a, ctx);
    case 'receive':
      return receive(state, a, ctx);
    case 'menu':
      if (byId(state, a.thread)) { ui.menu = a.thread; ui.dialog = null; }
      return state;
    case 'close_menu':
      ui.menu = null;
      return state;
    case 'pin':
      return setFlag(state, a, 'pinned');
    case 'mute':
      return setFlag(state, a, 'muted');
    case 'archive':
      return setFlag(state, a, 'archived');
    case 'ask_delete': {
      const thread = byId(state, a.thread ?? ui.menu ?? ui.thread);
      if (thread) { ui.dialog = { kind: 'delete', thread: thread.id }; ui.menu = null; }
      return state;
    }
    case 'cancel':
      ui.dialog = null;
      return state;
    case 'delete':
      return remove(state, a.thread ?? (ui.dialog && ui.dialog.thread));
    case 'add_contact': {
      const thread = byId(state, a.thread ?? ui.thread);
      const contacts = contactsFrom(ctx.peek);
      if (!thread || !ctx.peek('contacts') || contactOf(thread, contacts)) return state;
      ui.menu = null;
      ctx.open('contacts', { create: { name: '', phone: thread.number } });
      return state;
    }
    default:
      return null;
  }
}
