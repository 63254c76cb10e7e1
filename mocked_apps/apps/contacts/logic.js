// Contacts: the user's address book. A list with a favorites strip and letter
// sections, search, a detail screen, a create/edit form with inline validation,
// delete behind a confirm dialog, favorites, blocking, and hand-offs to Messages.

import { compareText, fold } from '../../runtime/core/text.js';

export { fold };

/** The editable text fields of a contact, in form order. */
export const FIELDS = ['name', 'phone', 'email', 'company', 'birthday', 'notes'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const PHONE = /^\+?[0-9\s().-]+$/;
/** The form's error for a phone that is no number. */
export const PHONE_ERROR = 'Use digits, spaces, dashes, ( ) or a leading +';

/** Return the initial state: the world's contacts (copied), nobody blocked, the list screen. */
export function init(world) {
  const contacts = (world.contacts || []).map((c) => ({ birthday: '', ...c }));
  return { data: { contacts, blocked: [] }, ui: freshUi() };
}

function freshUi() {
  return { screen: 'list', stack: [], selected: null, dialog: null, errors: {}, notice: null, drafts: {} };
}

// ---------------------------------------------------------------- selectors

/** Return the contact with `id`, or undefined. */
export function findContact(data, id) {
  return (data.contacts || []).find((c) => c.id === id);
}

/** Compare two contacts by name (compareText: case and accents after letters, "Émile" among the E's), then id. */
export function compareContacts(a, b) {
  return compareText(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Return the contacts sorted by name. */
export function sortContacts(contacts) {
  return [...contacts].sort(compareContacts);
}

/** Return the section letter of a name: its first letter upper-cased without its accent ("Émile" -> E), '#' for anything else. */
export function sectionLetter(name) {
  const first = fold(String(name || '').trim().charAt(0)).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

/** Return [[letter, contacts], ...] in name order ('#' first), one group per letter. */
export function groupByLetter(contacts) {
  const groups = new Map();
  for (const c of sortContacts(contacts)) {
    const letter = sectionLetter(c.name);
    if (!groups.has(letter)) groups.set(letter, []);
    groups.get(letter).push(c);
  }
  const all = [...groups];
  return [...all.filter((g) => g[0] === '#'), ...all.filter((g) => g[0] !== '#')];
}

/** Return the favorite contacts in name order. */
export function favorites(contacts) {
  return sortContacts(contacts.filter((c) => c.favorite));
}

/**
 * Return the contacts whose name, phone or company contains `query` (case-insensitive),
 * sorted by name; accents and case are ignored. A query of digits (with spaces, dashes, brackets, "+" or ".")
 * also matches phone numbers by their digits.
 */
export function searchContacts(contacts, query) {
  const q = fold(query).trim().replace(/\s+/g, ' ');
  if (!q) return sortContacts(contacts);
  const digits = q.replace(/[\s\-().+]/g, '');
  const numeric = /^[0-9]+$/.test(digits);
  return sortContacts(contacts.filter((c) => {
    if (fold(c.name).includes(q) || fold(c.company).includes(q)) return true;
    if ((c.phone || '').toLowerCase().includes(q)) return true;
    return numeric && String(c.phone ?? '').replace(/\D/g, '').includes(digits);
  }));
}

/** Return "MM-DD" for a birthday typed as "M-D" / "MM-DD" (also "/" or "."), '' for blank, null if invalid. */
export function normalizeBirthday(text) {
  const t = String(text ?? '').trim();
  if (!t) return '';
  const m = /^(\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]) return null;
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Return "Apr 17" for "04-17" ('' for blank). */
export function formatBirthday(mmdd) {
  const n = normalizeBirthday(mmdd);
  if (!n) return '';
  const [m, d] = n.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}`;
}

/** Return the text the Share button sends: "<name>: <phone>". */
export function shareText(contact) {
  return `${contact.name}: ${contact.phone}`;
}

/**
 * Validate form drafts. Returns {values, errors}: values are trimmed (birthday normalized),
 * errors maps a field to its message (empty when the form is valid).
 */
export function validate(drafts) {
  const values = {};
  for (const f of FIELDS) values[f] = String((drafts || {})[f] ?? '').trim();
  // A name or company typed with a double space ("Ada  Marlow") is saved with one, so searches ("ada marlow") find it.
  for (const f of ['name', 'company']) values[f] = values[f].replace(/\s+/g, ' ');
  const errors = {};
  if (!values.name) errors.name = 'Name is required';
  else if (values.name.length > 60) errors.name = 'Name is too long';
  // A number as the dialer and Messages take it ("+1 (555) 0144", "555 0144"), so one they hand over can be saved.
  if (values.phone && !(PHONE.test(values.phone) && /[0-9]/.test(values.phone))) errors.phone = PHONE_ERROR;
  if (values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) errors.email = 'Enter a valid email address';
  const birthday = normalizeBirthday(values.birthday);
  if (birthday === null) errors.birthday = 'Use month-day, e.g. 04-17';
  else values.birthday = birthday;
  return { values, errors };
}

// ------------------------------------------------------------------ helpers

function push(ui) {
  ui.stack.push({ screen: ui.screen, selected: ui.selected });
}

function pop(state) {
  const { ui } = state;
  const entry = ui.stack.pop();
  ui.screen = entry.screen;
  ui.selected = entry.selected ?? null;
  ui.errors = {};
  ui.dialog = null;
  if (ui.screen !== 'list' && !findContact(state.data, ui.selected)) {
    ui.screen = 'list';
    ui.selected = null;
    ui.stack = [];
  }
}

function setForm(ui, source) {
  for (const f of FIELDS) ui.drafts[f] = source && source[f] !== undefined && source[f] !== null ? String(source[f]) : '';
  ui.errors = {};
}

function clearForm(ui) {
  for (const f of FIELDS) delete ui.drafts[f];
  ui.errors = {};
}

function newId(data, ctx) {
  let id = ctx.uid('cn');
  while (findContact(data, id)) id = ctx.uid('cn');
  return id;
}

/** The contact a detail-screen button acts on: the one shown, when `action.id` is absent or names it and no dialog is
 * over it; else undefined. Edit, favorite, block, delete, message and share are only there, not acted on unseen. */
function target(state, action) {
  const { ui } = state;
  if (ui.screen !== 'detail' || ui.dialog || (action.id !== undefined && action.id !== ui.selected)) return undefined;
  return findContact(state.data, ui.selected);
}

/** The contact `id` when a row of the list on screen shows it (the search's hits while a query is typed, else every
 * contact), nothing over it; else undefined. */
function listedContact(state, id) {
  const { data, ui } = state;
  if (ui.screen !== 'list' || ui.dialog) return undefined;
  const query = String(ui.drafts.search ?? '');
  return (query.trim() ? searchContacts(data.contacts, query) : data.contacts).find((c) => c.id === id);
}

function onIntent(state, action) {
  const { data, ui } = state;
  if (action.contact_id !== undefined) {
    if (!findContact(data, action.contact_id)) return state;
    Object.assign(ui, { screen: 'detail', selected: action.contact_id, dialog: null, errors: {}, notice: null,
      stack: [{ screen: 'list', selected: null }] });
    return state;
  }
  if (action.create && typeof action.create === 'object') {
    Object.assign(ui, { screen: 'create', selected: null, dialog: null, notice: null, stack: [{ screen: 'list', selected: null }] });
    setForm(ui, { name: action.create.name ?? '', phone: action.create.phone ?? '', email: action.create.email ?? '',
      company: action.create.company ?? '' });
    return state;
  }
  return state;
}

function handOff(state, ctx, intent) {
  if (!ctx.peek('messages')) {
    state.ui.notice = 'Messages is not available';
    return state;
  }
  ctx.open('messages', intent);
  return state;
}

// ------------------------------------------------------------------ reducer

/**
 * Apply an action. Actions: intent, open {id}, new, edit {id?}, save, cancel, toggle_favorite {id?},
 * toggle_block {id?}, delete {id?} (asks), confirm_delete, close_dialog, message {id?}, share {id?},
 * search {query}, clear_search, back.
 */
export function reduce(state, action, ctx) {
  const { data, ui } = state;
  ui.stack = ui.stack || [];
  ui.drafts = ui.drafts || {};
  ui.errors = ui.errors || {};
  if (action.type !== 'intent') ui.notice = null;
  switch (action.type) {
    case 'intent':
      return onIntent(state, action);
    case 'open': {
      const c = listedContact(state, action.id);
      if (!c) return state;
      push(ui);
      Object.assign(ui, { screen: 'detail', selected: c.id, dialog: null });
      return state;
    }
    case 'new':
      if (ui.screen !== 'list') return state;
      push(ui);
      Object.assign(ui, { screen: 'create', selected: null, dialog: null });
      setForm(ui, null);
      return state;
    case 'edit': {
      const c = target(state, action);
      if (!c || ui.screen === 'create' || ui.screen === 'edit') return state;
      push(ui);
      Object.assign(ui, { screen: 'edit', selected: c.id, dialog: null });
      setForm(ui, c);
      return state;
    }
    case 'save': {
      if (ui.screen !== 'create' && ui.screen !== 'edit') return state;
      const { values, errors } = validate(ui.drafts);
      if (Object.keys(errors).length) {
        ui.errors = errors;
        return state;
      }
      if (ui.screen === 'create') {
        const id = newId(data, ctx);
        data.contacts.push({ id, name: values.name, phone: values.phone, email: values.email, company: values.company,
          favorite: false, notes: values.notes, birthday: values.birthday });
        clearForm(ui);
        Object.assign(ui, { screen: 'detail', selected: id });
        return state;
      }
      const c = findContact(data, ui.selected);
      if (!c) {
        clearForm(ui);
        Object.assign(ui, freshUi(), { drafts: ui.drafts });
        return state;
      }
      for (const f of FIELDS) c[f] = values[f];
      clearForm(ui);
      pop(state);
      return state;
    }
    case 'cancel':
      if (ui.screen !== 'create' && ui.screen !== 'edit') return state;
      clearForm(ui);
      if (ui.stack.length) pop(state);
      else Object.assign(ui, { screen: 'list', selected: null });
      return state;
    case 'toggle_favorite': {
      const c = target(state, action);
      if (!c) return state;
      c.favorite = typeof action.value === 'boolean' ? action.value : !c.favorite;
      return state;
    }
    case 'toggle_block': {
      const c = target(state, action);
      if (!c) return state;
      data.blocked = data.blocked || [];
      const on = typeof action.value === 'boolean' ? action.value : !data.blocked.includes(c.id);
      data.blocked = data.blocked.filter((id) => id !== c.id);
      if (on) data.blocked.push(c.id);
      return state;
    }
    case 'delete': {
      // Asked on the contact's detail screen only (from a form, moving ui.selected under an open edit form made its
      // Save overwrite the other contact; from the list it acted on a contact not shown).
      const c = target(state, action);
      if (!c) return state;
      ui.dialog = 'delete';
      return state;
    }
    case 'confirm_delete': {
      const c = findContact(data, ui.selected);
      if (ui.dialog !== 'delete' || !c) {
        ui.dialog = null;
        return state;
      }
      data.contacts = data.contacts.filter((x) => x.id !== c.id);
      data.blocked = (data.blocked || []).filter((id) => id !== c.id);
      Object.assign(ui, { screen: 'list', stack: [], selected: null, dialog: null, errors: {} });
      return state;
    }
    case 'close_dialog':
      ui.dialog = null;
      return state;
    case 'message': {
      const c = target(state, action);
      if (!c) return state;
      if (!/[0-9]/.test(c.phone || '')) {
        ui.notice = 'Add a phone number to send a message';
        return state;
      }
      return handOff(state, ctx, { to: c.id });
    }
    case 'share': {
      const c = target(state, action);
      if (!c) return state;
      return handOff(state, ctx, { text: shareText(c) });
    }
    case 'search':
      ui.drafts.search = String(action.query ?? '');
      return state;
    case 'clear_search':
      ui.drafts.search = '';
      return state;
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        return state;
      }
      if (!ui.stack.length) {
        if (ui.screen === 'list') return null;
        clearForm(ui);
        Object.assign(ui, { screen: 'list', selected: null });
        return state;
      }
      if (ui.screen === 'create' || ui.screen === 'edit') clearForm(ui);
      pop(state);
      return state;
    default:
      return null;
  }
}
