// Phone (dialer): keypad, calls, call log, favorites and speed dial, voicemail.
// data holds the call log, the voicemails, the speed-dial slots and the call in
// progress; every time is virtual (ctx.now). A call's duration is the virtual time
// between its start and the tap on End, so a `wait` action makes a call longer.
// Names come from the contacts app (ctx.peek('contacts')), never copied.
// Constants and selectors live in lib/select.js; this file is init and the reducer.

import {
  TABS, SLOTS, isDialable, sameNumber, contactsFrom, contactOf, isWith, callsWith, lastDialed, speedDialContact,
} from './lib/select.js';

export * from './lib/select.js';

const KINDS = ['incoming', 'outgoing', 'missed'];
const MAX_DIAL = 24;

// ------------------------------------------------------------------- state

function baseUi(screen = 'recents') {
  return { screen, tab: screen, stack: [], person: null, vm: null, slot: null, filter: 'all', dialog: null,
    error: null, notice: null, call_keypad: false, dtmf: '', playing: null, drafts: {} };
}

/** Return the initial state: the world's call log and voicemails dated relative to ctx.now. */
export function init(world, ctx) {
  const now = ctx && typeof ctx.now === 'number' ? ctx.now : 0;
  const at = (r) => now - Math.max(0, Number(r.ago_min) || 0) * 60000;
  const call_log = (world.call_log || []).map((e) => ({
    id: e.id, contact_id: e.contact_id ?? null, number: String(e.number ?? ''),
    kind: KINDS.includes(e.kind) ? e.kind : 'incoming', time: at(e), duration: Math.max(0, Number(e.duration) || 0),
  }));
  const voicemails = (world.voicemails || []).map((v) => ({
    id: v.id, contact_id: v.contact_id ?? null, number: String(v.number ?? ''), time: at(v),
    duration: Math.max(0, Number(v.duration) || 0), transcript: String(v.transcript ?? ''), read: Boolean(v.read),
  }));
  return { data: { call_log, voicemails, speed_dial: { ...(world.speed_dial || {}) }, call: null }, ui: baseUi() };
}

function ensureUi(state) {
  state.ui = { ...baseUi(), ...(state.ui || {}) };
  const ui = state.ui;
  if (!Array.isArray(ui.stack)) ui.stack = [];
  if (!ui.drafts || typeof ui.drafts !== 'object') ui.drafts = {};
  if (!TABS.includes(ui.tab)) ui.tab = 'recents';
  state.data.call_log = Array.isArray(state.data.call_log) ? state.data.call_log : [];
  state.data.voicemails = Array.isArray(state.data.voicemails) ? state.data.voicemails : [];
  state.data.speed_dial = state.data.speed_dial && typeof state.data.speed_dial === 'object' ? state.data.speed_dial : {};
  if (state.data.call === undefined) state.data.call = null;
  return ui;
}

function push(ui, screen, extra = {}) {
  ui.stack.push({ screen: ui.screen, person: ui.person, vm: ui.vm, slot: ui.slot });
  Object.assign(ui, { screen, dialog: null, error: null, playing: null }, extra);
}

function pop(state) {
  const ui = state.ui;
  const prev = ui.stack.pop();
  if (!prev) return false;
  Object.assign(ui, { screen: prev.screen, person: prev.person ?? null, vm: prev.vm ?? null, slot: prev.slot ?? null,
    dialog: null, error: null, playing: null });
  if (ui.screen === 'vm' && !state.data.voicemails.some((v) => v.id === ui.vm)) return pop(state) || (goTab(ui, ui.tab), true);
  return true;
}

function goTab(ui, tab) {
  Object.assign(ui, { screen: tab, tab, stack: [], person: null, vm: null, slot: null, dialog: null, error: null, playing: null });
}

function personOf(rec, contacts) {
  const c = contactOf(rec, contacts);
  return c ? { contact_id: c.id, number: c.phone } : { contact_id: null, number: String(rec.number ?? '') };
}

/** Start a call to a number (contact resolved by id or number). Returns false when it cannot. */
function startCall(state, { number, contact_id = null }, ctx) {
  const contacts = contactsFrom(ctx.peek);
  const byId = contact_id ? contacts.find((c) => c.id === contact_id) : null;
  const target = byId ? byId.phone : String(number ?? '').trim();
  if (state.data.call || !isDialable(target)) return false;
  const c = byId || contacts.find((x) => sameNumber(x.phone, target)) || null;
  state.data.call = { number: target, contact_id: c ? c.id : null, start: ctx.now, muted: false, speaker: false };
  Object.assign(state.ui, { call_keypad: false, dtmf: '', dialog: null, error: null, playing: null });
  return true;
}

function endCall(state, ctx) {
  const call = state.data.call;
  if (!call) return state;
  const duration = Math.max(0, Math.floor((ctx.now - call.start) / 1000));
  state.data.call_log.push({ id: ctx.uid('call'), contact_id: call.contact_id ?? null, number: call.number,
    kind: 'outgoing', time: call.start, duration });
  state.data.call = null;
  Object.assign(state.ui, { call_keypad: false, dtmf: '' });
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

function onIntent(state, action, ctx) {
  const ui = state.ui;
  const contacts = contactsFrom(ctx.peek);
  if (typeof action.contact_id === 'string') {
    const c = contacts.find((x) => x.id === action.contact_id);
    if (!c) return state;
    goTab(ui, 'contacts');
    push(ui, 'person', { person: { contact_id: c.id, number: c.phone } });
    return state;
  }
  if (action.number !== undefined && isDialable(action.number)) {
    goTab(ui, 'keypad');
    ui.drafts.number = String(action.number).trim();
  }
  return state;
}

function confirm(state, ctx) {
  const { data, ui } = state;
  const d = ui.dialog;
  ui.dialog = null;
  if (!d) return state;
  if (d.kind === 'delete_history' && ui.screen === 'person' && ui.person) {
    const contacts = contactsFrom(ctx.peek);
    data.call_log = data.call_log.filter((e) => !isWith(e, ui.person, contacts));
    pop(state);
  } else if (d.kind === 'clear_log') {
    data.call_log = [];
  } else if (d.kind === 'delete_vm') {
    const before = data.voicemails.length;
    data.voicemails = data.voicemails.filter((v) => v.id !== d.id);
    if (data.voicemails.length !== before && ui.screen === 'vm' && ui.vm === d.id) pop(state);
  }
  return state;
}

// ------------------------------------------------------------------ reducer

/** The voicemail on the voicemail screen (no dialog over it) when `id` is absent or names it; else undefined. Its play,
 * delete, call-back and mark-unheard buttons are only there: a voicemail of another screen is not acted on unseen. */
function shownVoicemail(state, id) {
  const { data, ui } = state;
  if (ui.screen !== 'vm' || ui.dialog || (id !== undefined && id !== ui.vm)) return undefined;
  return data.voicemails.find((x) => x.id === ui.vm);
}

/**
 * Apply an action. See README.md for the list; unknown actions return null, and
 * `back` at a main tab returns null (the phone goes home).
 */
export function reduce(state, action, ctx) {
  const ui = ensureUi(state);
  const { data } = state;
  const a = action || {};
  if (a.type !== 'intent' && a.type !== '@draft') ui.notice = null;
  const contacts = contactsFrom(ctx.peek);
  // During a call only the call screen's own actions (and intents) do anything.
  const inCall = Boolean(data.call);
  const callActions = ['end_call', 'toggle_mute', 'toggle_speaker', 'toggle_call_keypad', 'dtmf', 'back', 'intent'];
  if (inCall && !callActions.includes(a.type)) return KNOWN.has(a.type) ? state : null;
  switch (a.type) {
    case 'intent':
      if (inCall) return state;
      return onIntent(state, a, ctx);
    case 'tab':
      if (TABS.includes(a.tab)) goTab(ui, a.tab);
      return state;
    case 'press': {
      const key = String(a.key ?? '');
      if (!/^[0-9*#+]$/.test(key)) return state;
      const cur = String(ui.drafts.number ?? '');
      if (cur.length < MAX_DIAL) ui.drafts.number = cur + key;
      ui.error = null;
      return state;
    }
    case 'backspace':
      ui.drafts.number = String(ui.drafts.number ?? '').slice(0, -1);
      ui.error = null;
      return state;
    case 'clear_number':
      ui.drafts.number = '';
      ui.error = null;
      return state;
    case 'call': {
      if (a.contact_id !== undefined || a.number !== undefined) {
        // A contact saved without a number (or an odd one) cannot be called: say so rather than do nothing.
        if (!startCall(state, { number: a.number, contact_id: typeof a.contact_id === 'string' ? a.contact_id : null }, ctx)) {
          ui.notice = 'No phone number to call';
        }
        return state;
      }
      // From the keypad: an empty display recalls the last number dialled; a bad one shows an error.
      const typed = String(ui.drafts.number ?? '').trim();
      if (!typed) {
        const last = lastDialed(data.call_log);
        if (last) ui.drafts.number = last;
        else ui.error = 'Enter a phone number';
        return state;
      }
      if (!isDialable(typed)) {
        ui.error = 'Enter a valid phone number';
        return state;
      }
      if (startCall(state, { number: typed }, ctx)) ui.drafts.number = '';
      return state;
    }
    case 'speed_call': {
      const slot = String(a.slot ?? '');
      if (slot === '1') {
        goTab(ui, 'voicemail');
        return state;
      }
      const c = speedDialContact(data, slot, contacts);
      if (c) startCall(state, { contact_id: c.id }, ctx);
      else if (SLOTS.includes(slot)) ui.notice = `No contact on speed dial ${slot}`;
      return state;
    }
    case 'end_call':
      return endCall(state, ctx);
    case 'toggle_mute':
    case 'toggle_speaker': {
      if (!data.call) return state;
      const key = a.type === 'toggle_mute' ? 'muted' : 'speaker';
      data.call[key] = !data.call[key];
      return state;
    }
    case 'toggle_call_keypad':
      if (data.call) ui.call_keypad = !ui.call_keypad;
      return state;
    case 'dtmf':
      if (data.call && /^[0-9*#]$/.test(String(a.key ?? ''))) ui.dtmf = (String(ui.dtmf || '') + a.key).slice(-16);
      return state;
    case 'filter':
      if (a.filter === 'all' || a.filter === 'missed') ui.filter = a.filter;
      return state;
    case 'open_entry': {
      const e = data.call_log.find((x) => x.id === a.id);
      if (e) push(ui, 'person', { person: personOf(e, contacts) });
      return state;
    }
    case 'open_person': {
      const c = typeof a.contact_id === 'string' ? contacts.find((x) => x.id === a.contact_id) : null;
      if (c) push(ui, 'person', { person: { contact_id: c.id, number: c.phone } });
      else if (!a.contact_id && isDialable(a.number)) push(ui, 'person', { person: personOf({ number: a.number }, contacts) });
      return state;
    }
    case 'message': {
      const p = a.number !== undefined || a.contact_id !== undefined ? { contact_id: a.contact_id ?? null, number: a.number ?? '' } : ui.person;
      if (!p) return state;
      const c = contactOf(p, contacts);
      if (!c && !isDialable(p.number)) return state;
      return handOff(state, ctx, 'messages', c ? { to: c.id } : { number: String(p.number).trim() }, 'Messages is not available');
    }
    case 'add_contact': {
      const p = ui.person;
      if (!p || contactOf(p, contacts) || !isDialable(p.number)) return state;
      return handOff(state, ctx, 'contacts', { create: { name: '', phone: String(p.number).trim() } }, 'Contacts is not available');
    }
    case 'delete_entry': {
      const before = data.call_log.length;
      data.call_log = data.call_log.filter((e) => e.id !== a.id);
      if (data.call_log.length !== before && ui.screen === 'person' && !callsWith(data.call_log, ui.person, contacts).length) pop(state);
      return state;
    }
    case 'ask_delete_history':
      if (ui.screen === 'person' && ui.person && callsWith(data.call_log, ui.person, contacts).length) {
        ui.dialog = { kind: 'delete_history' };
      }
      return state;
    case 'ask_clear_log':
      if (data.call_log.length) ui.dialog = { kind: 'clear_log' };
      return state;
    case 'open_vm': {
      const v = data.voicemails.find((x) => x.id === a.id);
      if (!v) return state;
      push(ui, 'vm', { vm: v.id });
      v.read = true;
      return state;
    }
    case 'mark_unread': {
      const v = shownVoicemail(state, a.id);
      if (v) v.read = false;
      return state;
    }
    case 'play_vm': {
      const v = shownVoicemail(state, a.id);
      if (v) {
        ui.playing = { id: v.id, start: ctx.now };
        v.read = true;
      }
      return state;
    }
    case 'stop_vm':
      ui.playing = null;
      return state;
    case 'ask_delete_vm': {
      const v = shownVoicemail(state, a.id);
      if (v) ui.dialog = { kind: 'delete_vm', id: v.id };
      return state;
    }
    case 'call_back': {
      const v = shownVoicemail(state, a.id);
      if (v) startCall(state, { contact_id: contactOf(v, contacts) ? contactOf(v, contacts).id : null, number: v.number }, ctx);
      return state;
    }
    case 'confirm':
      return confirm(state, ctx);
    case 'close_dialog':
      ui.dialog = null;
      return state;
    case 'pick_slot': {
      const slot = String(a.slot ?? '');
      if (!SLOTS.includes(slot)) return state;
      push(ui, 'speed_pick', { slot });
      ui.drafts.pick = '';
      return state;
    }
    case 'assign_speed': {
      const c = contacts.find((x) => x.id === a.contact_id);
      const slot = String(a.slot ?? ui.slot ?? '');
      if (!c || !SLOTS.includes(slot)) return state;
      if (a.slot === undefined && ui.screen !== 'speed_pick') return state;
      data.speed_dial[slot] = c.id;
      if (ui.screen === 'speed_pick') pop(state);
      return state;
    }
    case 'clear_speed': {
      const slot = String(a.slot ?? '');
      if (SLOTS.includes(slot)) delete data.speed_dial[slot];
      return state;
    }
    case 'search':
      ui.drafts.search = String(a.query ?? '');
      return state;
    case 'back':
      if (ui.dialog) { ui.dialog = null; return state; }
      if (inCall) { ui.call_keypad = false; return state; }
      if (ui.playing) ui.playing = null;
      if (pop(state)) return state;
      return null;
    default:
      return null;
  }
}

const KNOWN = new Set(['intent', 'tab', 'press', 'backspace', 'clear_number', 'call', 'speed_call', 'end_call', 'toggle_mute',
  'toggle_speaker', 'toggle_call_keypad', 'dtmf', 'filter', 'open_entry', 'open_person', 'message', 'add_contact',
  'delete_entry', 'ask_delete_history', 'ask_clear_log', 'open_vm', 'mark_unread', 'play_vm', 'stop_vm', 'ask_delete_vm',
  'call_back', 'confirm', 'close_dialog', 'pick_slot', 'assign_speed', 'clear_speed', 'search', 'back']);
