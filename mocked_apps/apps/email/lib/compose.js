// Reducer steps of the Email app's compose screen: opening it, sending, saving drafts, reply, forward
// and the contact picker.

import {
  account, contactsFrom, findEmail, forwardQuote, forwardSubject, full, isEmail, isMine, parseAddresses, replyQuote,
  replySubject,
} from './select.js';
import { pop, push, target } from './nav.js';

export function openCompose(state, { mode = 'new', draft = null, to = '', subject = '', body = '', quote = null, attachments = [], in_reply_to = null, forward_of = null }) {
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

export function dirty(ui) {
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

export function send(state, ctx) {
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

export function saveDraft(state, ctx) {
  const ui = state.ui;
  if (ui.screen !== 'compose' || !ui.compose) return state;
  const to = String(ui.drafts.to ?? '').split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  const c = ui.compose;
  const blank = !to.length && !String(ui.drafts.subject ?? '').trim() && !String(ui.drafts.body ?? '').trim();
  if (blank && !c.draft && !c.quote && !c.attachments.length) {
    // nothing written: an empty "(no subject)" draft to "(no recipient)" would be kept for nothing
    pop(state);
    ui.notice = 'Empty draft discarded';
    return state;
  }
  store(state, composeRecord(state, ctx, 'drafts', to));
  pop(state);
  ui.notice = 'Draft saved';
  return state;
}

export function reply(state, action, ctx) {
  const rec = target(state, action);
  if (!rec || state.ui.screen === 'compose') return state;
  const e = full(ctx.world, rec);
  const to = isMine(ctx.world, e) ? e.to : [e.from.email];
  openCompose(state, { mode: 'reply', to, subject: replySubject(e.subject), quote: replyQuote(e), in_reply_to: e.id });
  return state;
}

export function forward(state, action, ctx) {
  const rec = target(state, action);
  if (!rec || state.ui.screen === 'compose') return state;
  const e = full(ctx.world, rec);
  openCompose(state, { mode: 'forward', subject: forwardSubject(e.subject), quote: forwardQuote(e), attachments: e.attachments, forward_of: e.id });
  return state;
}

export function pick(state, action, ctx) {
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