// Tidewell CRM for Saltmarsh Analytics: leads (statuses, disqualification, bulk owner reassignment),
// a four-step lead conversion wizard (contact → account new or existing → opportunity → review) with
// per-step validation and drafts kept across Back/Next, accounts, contacts, opportunities (stages with
// default probabilities, close dates relative to the virtual clock, lost reasons), a pipeline board with
// stage totals, activities logged on any record, owner reassignment and search.
// Rules refuse with ui.notice (or field errors in ui.errors) and leave data unchanged.

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'disqualified', 'converted'];
export const OPEN_LEAD = ['new', 'contacted', 'qualified'];
export const LEAD_LABEL = { new: 'New', contacted: 'Contacted', qualified: 'Qualified', disqualified: 'Disqualified', converted: 'Converted' };
export const SOURCE_LABEL = { 'web': 'Web form', 'referral': 'Referral', 'event': 'Event', 'partner': 'Partner', 'cold-call': 'Cold call' };
export const DQ_REASONS = ['no-budget', 'no-need', 'competitor', 'unresponsive', 'duplicate'];
export const DQ_LABEL = { 'no-budget': 'No budget', 'no-need': 'No need', 'competitor': 'Chose a competitor', 'unresponsive': 'Unresponsive', 'duplicate': 'Duplicate' };
export const STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'];
export const OPEN_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation'];
export const STAGE_LABEL = {
  prospecting: 'Prospecting', qualification: 'Qualification', proposal: 'Proposal', negotiation: 'Negotiation',
  closed_won: 'Closed won', closed_lost: 'Closed lost',
};
export const STAGE_PROB = { prospecting: 10, qualification: 25, proposal: 50, negotiation: 75, closed_won: 100, closed_lost: 0 };
export const OPP_TYPES = ['new', 'upsell', 'renewal'];
export const TYPE_LABEL = { new: 'New business', upsell: 'Upsell', renewal: 'Renewal' };
export const LOST_REASONS = ['price', 'competitor', 'timing', 'no-decision', 'features'];
export const LOST_LABEL = { 'price': 'Price', 'competitor': 'Competitor', 'timing': 'Timing', 'no-decision': 'No decision', 'features': 'Missing features' };
export const ACT_KINDS = ['call', 'meeting', 'email', 'note'];
export const ACT_LABEL = { call: 'Call', meeting: 'Meeting', email: 'Email', note: 'Note' };
export const LIST_SCREENS = ['leads', 'accounts', 'contacts', 'opps', 'pipeline'];
export const LEAD_SORT = ['name', 'company', 'source', 'status', 'owner', 'created'];
export const OPP_SORT = ['name', 'account', 'stage', 'amount', 'close', 'probability', 'owner'];
/** Conversion wizard steps. */
export const STEPS = ['contact', 'account', 'opportunity', 'review'];

const DAY_MS = 86400000;

/** Return "YYYY-MM-DD" `days` after the UTC date of `ms`. */
export function dateAfter(ms, days) {
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  return new Date(midnight + days * DAY_MS).toISOString().slice(0, 10);
}

/** Format whole dollars as "$48,000". */
export function dollars(n) {
  return `$${String(Math.round(Number(n) || 0)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** Parse whole dollars ("48000", "48,000", "$48,000"); {error} when not a positive whole amount. */
export function parseAmount(text) {
  const t = String(text ?? '').trim().replace(/^\$/, '');
  if (!t) return { error: 'Enter an amount' };
  if (!/^(\d{1,3}(,\d{3})+|\d+)$/.test(t)) return { error: 'Enter a whole dollar amount, e.g. 25000' };
  const v = Number(t.replace(/,/g, ''));
  if (v <= 0) return { error: 'Amount must be more than 0' };
  if (v > 100000000) return { error: 'Amount is too large' };
  return { value: v };
}

/** Parse "YYYY-MM-DD" (a real calendar date); {error} otherwise. */
export function parseDate(text) {
  const t = String(text ?? '').trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) return { error: 'Use the format YYYY-MM-DD' };
  const ms = Date.parse(`${t}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== t) return { error: 'Not a real date' };
  return { value: t };
}

/** Parse a probability 0–100 (whole percent). */
export function parseProbability(text) {
  const t = String(text ?? '').trim().replace(/%$/, '');
  if (!/^\d{1,3}$/.test(t) || Number(t) > 100) return { error: 'Probability must be a whole number from 0 to 100' };
  return { value: Number(t) };
}

export function isEmail(text) {
  return /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(String(text ?? '').trim());
}

export function isPhone(text) {
  return /^\+?[\d][\d\s().-]{5,}$/.test(String(text ?? '').trim());
}

function norm(text) {
  return String(text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

// ------------------------------------------------------------------ init

/** Return the initial state: the world's records, dates relative to ctx.now. */
export function init(world, ctx) {
  const now = ctx && typeof ctx.now === 'number' ? ctx.now : Date.UTC(2026, 2, 14, 9, 30);
  const day0 = Math.floor(now / DAY_MS) * DAY_MS;
  const data = {
    me: world.me,
    leads: (world.leads || []).map((l) => {
      const lead = { ...l, created: dateAfter(now, l.created) };
      if (l.converted) lead.converted = { ...l.converted, date: dateAfter(now, l.converted.date) };
      return lead;
    }),
    accounts: (world.accounts || []).map((a) => ({ ...a })),
    contacts: (world.contacts || []).map((c) => ({ ...c })),
    opps: (world.opportunities || []).map((o) => ({ ...o, close: dateAfter(now, o.close) })),
    activities: (world.activities || []).map((a, i) => ({
      id: `T-${i + 1}`, kind: a.kind, subject: a.subject, notes: '', ref: a.ref, by: a.by, ts: day0 - a.days * DAY_MS + a.hour * 3600000,
    })),
    counters: { lead: 119, account: 211, contact: 315, opp: 417, activity: (world.activities || []).length + 1 },
  };
  return { data, ui: freshUi() };
}

function freshUi() {
  return {
    screen: 'leads', record: null, stack: [], drafts: {}, errors: {}, notice: null, menu: null, dialog: null,
    conv: null, lstatus: 'open', lfilters: {}, lsort: { col: 'created', dir: 'desc' }, lchecked: [],
    ostage: 'open', ofilters: {}, osort: { col: 'close', dir: 'asc' }, powner: 'all', actKind: 'call', dq: null, lost: null,
    bulkOwner: null, newLead: null, query: '',
  };
}

// ------------------------------------------------------------- selectors

export function kindOf(id) {
  return { L: 'lead', A: 'account', C: 'contact', O: 'opp' }[String(id || '')[0]] || null;
}

export function findRecord(data, id) {
  const list = { lead: data.leads, account: data.accounts, contact: data.contacts, opp: data.opps }[kindOf(id)];
  return list ? list.find((r) => r.id === id) : undefined;
}

export const findLead = (data, id) => data.leads.find((l) => l.id === id);
export const findAccount = (data, id) => data.accounts.find((a) => a.id === id);
export const findContact = (data, id) => data.contacts.find((c) => c.id === id);
export const findOpp = (data, id) => data.opps.find((o) => o.id === id);

export function userName(world, id) {
  const u = (world.users || []).find((x) => x.id === id);
  return u ? u.name : 'Unassigned';
}

export function personName(r) {
  return `${r.first} ${r.last}`;
}

export function recordTitle(data, id) {
  const r = findRecord(data, id);
  if (!r) return id;
  return kindOf(id) === 'lead' || kindOf(id) === 'contact' ? personName(r) : r.name;
}

export function isOpen(o) {
  return OPEN_STAGES.includes(o.stage);
}

/** Account whose name equals `name` (case and spacing ignored). */
export function accountByName(data, name) {
  const n = norm(name);
  return n ? data.accounts.find((a) => norm(a.name) === n) : undefined;
}

/** Open pipeline of an account: sum of its open opportunities' amounts. */
export function accountPipeline(data, accountId) {
  return data.opps.filter((o) => o.account === accountId && isOpen(o)).reduce((s, o) => s + o.amount, 0);
}

/** Pipeline columns: per stage {stage, opps, count, total}; opportunities filtered by owner. */
export function pipeline(data, owner = 'all') {
  const mine = data.opps.filter((o) => owner === 'all' || o.owner === owner);
  return STAGES.map((stage) => {
    const opps = mine.filter((o) => o.stage === stage).sort((a, b) => (a.close < b.close ? -1 : a.close > b.close ? 1 : 0));
    return { stage, opps, count: opps.length, total: opps.reduce((s, o) => s + o.amount, 0) };
  });
}

/** Open pipeline total and probability-weighted total (rounded to dollars). */
export function pipelineTotals(data, owner = 'all') {
  const open = data.opps.filter((o) => isOpen(o) && (owner === 'all' || o.owner === owner));
  return {
    total: open.reduce((s, o) => s + o.amount, 0),
    weighted: Math.round(open.reduce((s, o) => s + (o.amount * o.probability) / 100, 0)),
    count: open.length,
  };
}

export function matchesLead(l, ui, world) {
  const st = ui.lstatus || 'open';
  if (st === 'open' ? !OPEN_LEAD.includes(l.status) : st !== 'all' && l.status !== st) return false;
  const f = ui.lfilters || {};
  if (f.source && l.source !== f.source) return false;
  if (f.owner && l.owner !== f.owner) return false;
  const q = norm((ui.drafts || {})['lead-search']);
  if (q && ![personName(l), l.company, l.email, l.id].some((x) => norm(x).includes(q))) return false;
  return true;
}

export function leadRows(data, ui, world = {}) {
  const col = (ui.lsort && ui.lsort.col) || 'created';
  const dir = ui.lsort && ui.lsort.dir === 'desc' ? -1 : 1;
  const value = (l) => {
    switch (col) {
      case 'name': return norm(personName(l));
      case 'company': return norm(l.company);
      case 'source': return l.source;
      case 'status': return LEAD_STATUSES.indexOf(l.status);
      case 'owner': return userName(world, l.owner);
      default: return l.created;
    }
  };
  return data.leads.filter((l) => matchesLead(l, ui, world)).sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) return (x < y ? -1 : 1) * dir;
    return a.id < b.id ? -1 : 1;
  });
}

export function oppRows(data, ui, world = {}) {
  const st = ui.ostage || 'open';
  const f = ui.ofilters || {};
  const col = (ui.osort && ui.osort.col) || 'close';
  const dir = ui.osort && ui.osort.dir === 'desc' ? -1 : 1;
  const value = (o) => {
    switch (col) {
      case 'name': return norm(o.name);
      case 'account': return norm((findAccount(data, o.account) || {}).name);
      case 'stage': return STAGES.indexOf(o.stage);
      case 'amount': return o.amount;
      case 'probability': return o.probability;
      case 'owner': return userName(world, o.owner);
      default: return o.close;
    }
  };
  return data.opps
    .filter((o) => (st === 'open' ? isOpen(o) : st === 'all' ? true : o.stage === st))
    .filter((o) => !f.owner || o.owner === f.owner)
    .sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x !== y) return (x < y ? -1 : 1) * dir;
      return a.id < b.id ? -1 : 1;
    });
}

/** Search every record type by name, company, email or id. */
export function search(data, text) {
  const q = norm(text);
  if (!q) return [];
  const hit = (...xs) => xs.some((x) => norm(x).includes(q));
  return [
    ...data.leads.filter((l) => hit(personName(l), l.company, l.email, l.id)).map((l) => ({ id: l.id, kind: 'lead' })),
    ...data.contacts.filter((c) => hit(personName(c), c.email, c.id)).map((c) => ({ id: c.id, kind: 'contact' })),
    ...data.accounts.filter((a) => hit(a.name, a.website, a.id)).map((a) => ({ id: a.id, kind: 'account' })),
    ...data.opps.filter((o) => hit(o.name, o.id)).map((o) => ({ id: o.id, kind: 'opp' })),
  ];
}

export function activitiesOf(data, id) {
  let refs = [id];
  if (kindOf(id) === 'account') {
    refs = [id, ...data.contacts.filter((c) => c.account === id).map((c) => c.id), ...data.opps.filter((o) => o.account === id).map((o) => o.id)];
  }
  return data.activities.filter((a) => refs.includes(a.ref)).sort((a, b) => b.ts - a.ts);
}

/** May this lead be converted? {ok} or {ok: false, reason}. */
export function canConvert(data, lead) {
  if (!lead) return { ok: false, reason: 'No such lead' };
  if (lead.status === 'converted') {
    const c = lead.converted || {};
    return { ok: false, reason: `${personName(lead)} was already converted${c.contact ? ` (contact ${c.contact}, opportunity ${c.opportunity})` : ''}. A lead can only be converted once.` };
  }
  if (lead.status === 'disqualified') return { ok: false, reason: `${personName(lead)} is disqualified. Re-open the lead before converting it.` };
  if (lead.status !== 'qualified') return { ok: false, reason: `Only qualified leads can be converted. ${personName(lead)} is ${LEAD_LABEL[lead.status]}; mark the lead Qualified first.` };
  return { ok: true };
}

/**
 * Validate one step of the conversion wizard (1..4) from the drafts and wizard choices.
 * Returns {errors, values}: values holds the parsed fields of that step.
 */
export function validateStep(data, step, drafts, conv, world, today) {
  const d = drafts || {};
  const c = conv || {};
  const errors = {};
  const values = {};
  const text = (k) => String(d[k] ?? '').trim();
  if (step === 1) {
    values.first = text('cv-first');
    values.last = text('cv-last');
    values.email = text('cv-email');
    values.phone = text('cv-phone');
    values.title = text('cv-title');
    values.dept = text('cv-dept');
    values.city = text('cv-city');
    values.owner = c.owner;
    if (!values.first) errors['cv-first'] = 'First name is required';
    else if (values.first.length > 40) errors['cv-first'] = 'At most 40 characters';
    if (!values.last) errors['cv-last'] = 'Last name is required';
    else if (values.last.length > 40) errors['cv-last'] = 'At most 40 characters';
    if (!values.email) errors['cv-email'] = 'Email is required';
    else if (!isEmail(values.email)) errors['cv-email'] = 'Enter a valid email address';
    else {
      const dup = data.contacts.find((x) => norm(x.email) === norm(values.email));
      if (dup) errors['cv-email'] = `A contact with this email already exists (${dup.id}, ${personName(dup)})`;
    }
    if (values.phone && !isPhone(values.phone)) errors['cv-phone'] = 'Enter a valid phone number';
    if (!(world.users || []).some((u) => u.id === values.owner)) errors.owner = 'Pick an owner';
  } else if (step === 2) {
    values.mode = c.mode;
    if (c.mode === 'existing') {
      values.account = c.account;
      if (!c.account || !findAccount(data, c.account)) errors.account = 'Pick the account to link';
    } else {
      values.name = text('cv-acct-name');
      values.industry = c.industry;
      values.website = text('cv-acct-website');
      values.phone = text('cv-acct-phone');
      values.city = text('cv-acct-city');
      const emp = text('cv-acct-employees');
      if (!values.name) errors['cv-acct-name'] = 'Account name is required';
      else if (accountByName(data, values.name)) {
        errors['cv-acct-name'] = `An account named ${accountByName(data, values.name).name} already exists. Link the existing account instead.`;
      }
      if (!values.industry || !(world.industries || []).includes(values.industry)) errors.industry = 'Pick an industry';
      if (values.website && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(values.website)) errors['cv-acct-website'] = 'Enter a domain like example.test';
      if (values.phone && !isPhone(values.phone)) errors['cv-acct-phone'] = 'Enter a valid phone number';
      if (emp) {
        if (!/^\d+$/.test(emp) || Number(emp) > 1000000) errors['cv-acct-employees'] = 'Employees must be a whole number';
        else values.employees = Number(emp);
      } else values.employees = null;
    }
  } else if (step === 3) {
    values.name = text('cv-opp-name');
    values.stage = c.stage;
    values.type = c.type;
    values.next_step = text('cv-opp-next');
    values.description = text('cv-opp-desc');
    if (!values.name) errors['cv-opp-name'] = 'Opportunity name is required';
    else if (values.name.length > 80) errors['cv-opp-name'] = 'At most 80 characters';
    if (!OPEN_STAGES.includes(values.stage)) errors.stage = 'Pick an open stage';
    if (!OPP_TYPES.includes(values.type)) errors.type = 'Pick a type';
    const amount = parseAmount(d['cv-opp-amount']);
    if (amount.error) errors['cv-opp-amount'] = amount.error;
    else values.amount = amount.value;
    const close = parseDate(d['cv-opp-close']);
    if (close.error) errors['cv-opp-close'] = close.error;
    else if (close.value <= today) errors['cv-opp-close'] = `The close date must be in the future (after ${today})`;
    else values.close = close.value;
    const prob = parseProbability(d['cv-opp-prob']);
    if (prob.error) errors['cv-opp-prob'] = prob.error;
    else values.probability = prob.value;
  } else if (step === 4) {
    values.note = text('cv-note');
    if (values.note.length > 500) errors['cv-note'] = 'At most 500 characters';
  }
  return { errors, values };
}

// --------------------------------------------------------------- helpers

function deny(state, text) {
  state.ui.notice = text;
  return state;
}

function clearTransient(ui) {
  Object.assign(ui, { menu: null, dialog: null, errors: {}, dq: null, lost: null, bulkOwner: null, newLead: null });
}

function go(ui, patch) {
  ui.stack.push({ screen: ui.screen, record: ui.record });
  if (ui.stack.length > 30) ui.stack.shift();
  clearTransient(ui);
  Object.assign(ui, patch);
}

function loadOppDrafts(ui, o) {
  ui.drafts['o-name'] = o.name;
  ui.drafts['o-amount'] = String(o.amount);
  ui.drafts['o-close'] = o.close;
  ui.drafts['o-prob'] = String(o.probability);
  ui.drafts['o-next'] = o.next_step || '';
}

function openRecord(ui, data, id) {
  const kind = kindOf(id);
  const r = findRecord(data, id);
  if (!r) return false;
  go(ui, { screen: kind, record: id });
  if (kind === 'opp') loadOppDrafts(ui, r);
  ui.drafts['act-subject'] = '';
  ui.drafts['act-notes'] = '';
  return true;
}

function nextId(data, key, prefix) {
  const id = `${prefix}-${data.counters[key]}`;
  data.counters[key] += 1;
  return id;
}

const CONV_KEYS = ['cv-first', 'cv-last', 'cv-email', 'cv-phone', 'cv-title', 'cv-dept', 'cv-city', 'cv-acct-name', 'cv-acct-website',
  'cv-acct-phone', 'cv-acct-city', 'cv-acct-employees', 'cv-acct-search', 'cv-opp-name', 'cv-opp-amount', 'cv-opp-close', 'cv-opp-prob',
  'cv-opp-next', 'cv-opp-desc', 'cv-note'];

const NEW_LEAD_KEYS = ['nl-first', 'nl-last', 'nl-company', 'nl-email', 'nl-phone', 'nl-title'];

// ------------------------------------------------------------------ reducer

/** Apply an action (see README.md). */
export function reduce(state, action, ctx) {
  const { data, ui } = state;
  const world = ctx.world || {};
  const today = dateAfter(ctx.now, 0);
  ui.stack = ui.stack || [];
  ui.drafts = ui.drafts || {};
  ui.errors = ui.errors || {};
  ui.lfilters = ui.lfilters || {};
  ui.ofilters = ui.ofilters || {};
  ui.lchecked = ui.lchecked || [];
  if (!['intent', 'back'].includes(action.type)) ui.notice = null;
  const current = () => findRecord(data, action.id ?? ui.record);
  switch (action.type) {
    case 'intent':
      if (action.record && findRecord(data, action.record)) openRecord(ui, data, action.record);
      else if (LIST_SCREENS.includes(action.screen)) go(ui, { screen: action.screen, record: null });
      return state;
    case 'nav':
      if (!LIST_SCREENS.includes(action.screen)) return state;
      go(ui, { screen: action.screen, record: null, conv: null });
      return state;
    case 'open':
      openRecord(ui, data, action.id);
      return state;
    case 'menu':
      ui.menu = ui.menu === action.id ? null : String(action.id || '') || null;
      return state;
    case 'dismiss':
      ui.notice = null;
      return state;
    case 'search': {
      const q = String(action.q ?? ui.drafts.q ?? '').trim();
      if (!q) return state;
      go(ui, { screen: 'search', record: null, query: q });
      return state;
    }
    // ---------------------------------------------------------------- leads list
    case 'lead_filter': {
      if (action.field === 'status') {
        if (!['open', 'all', ...LEAD_STATUSES].includes(action.value)) return state;
        ui.lstatus = action.value;
      } else if (action.field === 'source' || action.field === 'owner') {
        const f = { ...ui.lfilters };
        if (action.value === 'any') delete f[action.field];
        else if (action.field === 'source' ? SOURCE_LABEL[action.value] : (world.users || []).some((u) => u.id === action.value)) f[action.field] = action.value;
        else return state;
        ui.lfilters = f;
      } else return state;
      ui.menu = null;
      return state;
    }
    case 'lead_sort':
      if (!LEAD_SORT.includes(action.col)) return state;
      ui.lsort = ui.lsort.col === action.col ? { col: action.col, dir: ui.lsort.dir === 'asc' ? 'desc' : 'asc' } : { col: action.col, dir: 'asc' };
      return state;
    case 'lcheck': {
      const l = findLead(data, action.id);
      if (!l) return state;
      ui.lchecked = ui.lchecked.includes(l.id) ? ui.lchecked.filter((x) => x !== l.id) : [...ui.lchecked, l.id];
      return state;
    }
    case 'lcheck_all': {
      const rows = leadRows(data, ui, world).map((l) => l.id);
      ui.lchecked = rows.length && rows.every((x) => ui.lchecked.includes(x)) ? ui.lchecked.filter((x) => !rows.includes(x)) : [...new Set([...ui.lchecked, ...rows])];
      return state;
    }
    case 'lclear':
      ui.lchecked = [];
      ui.menu = null;
      return state;
    case 'bulk_owner': {
      if (!(world.users || []).some((u) => u.id === action.owner)) return state;
      ui.menu = null;
      if (!ui.lchecked.length) return deny(state, 'Select leads first');
      ui.bulkOwner = action.owner;
      ui.dialog = 'bulk-owner';
      return state;
    }
    case 'confirm_bulk_owner': {
      const owner = ui.bulkOwner;
      ui.dialog = null;
      ui.bulkOwner = null;
      if (!owner) return state;
      const leads = ui.lchecked.map((id) => findLead(data, id)).filter(Boolean);
      const skipped = leads.filter((l) => l.status === 'converted');
      let changed = 0;
      for (const l of leads) {
        if (l.status === 'converted' || l.owner === owner) continue;
        l.owner = owner;
        changed += 1;
      }
      ui.lchecked = [];
      ui.notice = `Reassigned ${changed} ${changed === 1 ? 'lead' : 'leads'} to ${userName(world, owner)}` +
        (skipped.length ? `. Skipped converted: ${skipped.map((l) => l.id).join(', ')}` : '');
      return state;
    }
    case 'new_lead':
      clearTransient(ui);
      ui.dialog = 'new-lead';
      ui.newLead = { source: 'web', owner: data.me };
      for (const k of NEW_LEAD_KEYS) ui.drafts[k] = '';
      return state;
    case 'new_lead_set':
      if (ui.dialog !== 'new-lead' || !ui.newLead) return state;
      if (action.field === 'source' && SOURCE_LABEL[action.value]) ui.newLead.source = action.value;
      else if (action.field === 'owner' && (world.users || []).some((u) => u.id === action.value)) ui.newLead.owner = action.value;
      ui.menu = null;
      return state;
    case 'create_lead': {
      if (ui.dialog !== 'new-lead' || !ui.newLead) return state;
      const t = (k) => String(ui.drafts[k] ?? '').trim();
      const errors = {};
      if (!t('nl-first')) errors['nl-first'] = 'First name is required';
      if (!t('nl-last')) errors['nl-last'] = 'Last name is required';
      if (!t('nl-company')) errors['nl-company'] = 'Company is required';
      if (!isEmail(t('nl-email'))) errors['nl-email'] = 'Enter a valid email address';
      else if (data.leads.some((l) => norm(l.email) === norm(t('nl-email')))) errors['nl-email'] = 'A lead with this email already exists';
      if (t('nl-phone') && !isPhone(t('nl-phone'))) errors['nl-phone'] = 'Enter a valid phone number';
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      const lead = { id: nextId(data, 'lead', 'L'), first: t('nl-first'), last: t('nl-last'), company: t('nl-company'), title: t('nl-title'),
        email: t('nl-email'), phone: t('nl-phone'), source: ui.newLead.source, status: 'new', owner: ui.newLead.owner, created: today };
      data.leads.push(lead);
      for (const k of NEW_LEAD_KEYS) delete ui.drafts[k];
      Object.assign(ui, { dialog: null, newLead: null, errors: {} });
      ui.notice = `Created lead ${lead.id} (${personName(lead)})`;
      return state;
    }
    // ---------------------------------------------------------------- lead detail
    case 'lead_status': {
      const l = findLead(data, action.id ?? ui.record);
      if (!l || !OPEN_LEAD.includes(action.status)) return state;
      if (l.status === 'converted') return deny(state, `${personName(l)} is converted; its status can't change`);
      if (l.status === action.status) return state;
      l.status = action.status;
      delete l.dq_reason;
      return state;
    }
    case 'disqualify': {
      const l = findLead(data, action.id ?? ui.record);
      if (!l) return state;
      if (l.status === 'converted') return deny(state, `${personName(l)} is converted and can't be disqualified`);
      if (l.status === 'disqualified') return deny(state, `${personName(l)} is already disqualified`);
      clearTransient(ui);
      ui.dialog = 'disqualify';
      ui.dq = { lead: l.id, reason: null };
      return state;
    }
    case 'dq_reason':
      if (ui.dialog !== 'disqualify' || !ui.dq || !DQ_REASONS.includes(action.reason)) return state;
      ui.dq.reason = action.reason;
      return state;
    case 'confirm_disqualify': {
      if (ui.dialog !== 'disqualify' || !ui.dq) return state;
      if (!ui.dq.reason) return (ui.errors = { dq: 'Pick a reason' }), state;
      const l = findLead(data, ui.dq.lead);
      if (!l || !OPEN_LEAD.includes(l.status)) return state;
      l.status = 'disqualified';
      l.dq_reason = ui.dq.reason;
      Object.assign(ui, { dialog: null, dq: null, errors: {} });
      ui.notice = `${personName(l)} disqualified (${DQ_LABEL[l.dq_reason]})`;
      return state;
    }
    // ---------------------------------------------------------------- conversion wizard
    case 'start_convert': {
      const l = findLead(data, action.id ?? ui.record);
      const check = canConvert(data, l);
      if (!check.ok) return deny(state, check.reason);
      go(ui, { screen: 'convert', record: l.id });
      const match = accountByName(data, l.company);
      ui.conv = { lead: l.id, step: 1, owner: l.owner, mode: 'new', account: null, industry: null, stage: 'qualification', type: 'new', match: match ? match.id : null };
      for (const k of CONV_KEYS) ui.drafts[k] = '';
      Object.assign(ui.drafts, {
        'cv-first': l.first, 'cv-last': l.last, 'cv-email': l.email, 'cv-phone': l.phone || '', 'cv-title': l.title || '',
        'cv-acct-name': l.company, 'cv-opp-name': `${l.company} deal`, 'cv-opp-prob': String(STAGE_PROB.qualification),
      });
      return state;
    }
    case 'conv_set': {
      const c = ui.conv;
      if (ui.screen !== 'convert' || !c) return state;
      const v = action.value;
      switch (action.field) {
        case 'owner': if (!(world.users || []).some((u) => u.id === v)) return state; break;
        case 'mode': if (!['new', 'existing'].includes(v)) return state; break;
        case 'account': if (!findAccount(data, v)) return state; c.mode = 'existing'; break;
        case 'industry': if (!(world.industries || []).includes(v)) return state; break;
        case 'stage':
          if (!OPEN_STAGES.includes(v)) return state;
          ui.drafts['cv-opp-prob'] = String(STAGE_PROB[v]);
          break;
        case 'type': if (!OPP_TYPES.includes(v)) return state; break;
        default: return state;
      }
      c[action.field] = v;
      ui.menu = null;
      delete ui.errors[action.field];
      return state;
    }
    case 'conv_next': {
      const c = ui.conv;
      if (ui.screen !== 'convert' || !c || c.step >= 4) return state;
      const { errors } = validateStep(data, c.step, ui.drafts, c, world, today);
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      ui.errors = {};
      c.step += 1;
      return state;
    }
    case 'conv_back': {
      const c = ui.conv;
      if (ui.screen !== 'convert' || !c || c.step <= 1) return state;
      ui.errors = {};
      c.step -= 1;
      return state;
    }
    case 'conv_goto': {
      const c = ui.conv;
      const step = Number(action.step);
      if (ui.screen !== 'convert' || !c || !(step >= 1 && step < c.step)) return state;
      ui.errors = {};
      c.step = step;
      return state;
    }
    case 'conv_cancel': {
      if (ui.screen !== 'convert' || !ui.conv) return state;
      const lead = ui.conv.lead;
      for (const k of CONV_KEYS) delete ui.drafts[k];
      ui.conv = null;
      clearTransient(ui);
      Object.assign(ui, { screen: 'lead', record: lead });
      return state;
    }
    case 'convert': {
      const c = ui.conv;
      if (ui.screen !== 'convert' || !c || c.step !== 4) return state;
      const lead = findLead(data, c.lead);
      const check = canConvert(data, lead);
      if (!check.ok) return deny(state, check.reason);
      const parts = {};
      for (const step of [1, 2, 3, 4]) {
        const { errors, values } = validateStep(data, step, ui.drafts, c, world, today);
        if (Object.keys(errors).length) {
          ui.errors = errors;
          c.step = step;
          return deny(state, `Step ${step} needs attention`);
        }
        parts[step] = values;
      }
      const [who, acct, opp, review] = [parts[1], parts[2], parts[3], parts[4]];
      let accountId = acct.account;
      if (acct.mode !== 'existing') {
        accountId = nextId(data, 'account', 'A');
        data.accounts.push({ id: accountId, name: acct.name, industry: acct.industry, website: acct.website, city: acct.city,
          phone: acct.phone, employees: acct.employees, owner: who.owner });
      }
      const contactId = nextId(data, 'contact', 'C');
      data.contacts.push({ id: contactId, first: who.first, last: who.last, email: who.email, phone: who.phone, title: who.title,
        dept: who.dept, city: who.city, account: accountId, owner: who.owner, lead: lead.id });
      const oppId = nextId(data, 'opp', 'O');
      data.opps.push({ id: oppId, name: opp.name, account: accountId, contact: contactId, stage: opp.stage, amount: opp.amount,
        close: opp.close, probability: opp.probability, owner: who.owner, type: opp.type, next_step: opp.next_step,
        description: opp.description, source: lead.source, lead: lead.id });
      if (review.note) {
        data.activities.push({ id: nextId(data, 'activity', 'T'), kind: 'note', subject: review.note, notes: '', ref: oppId, by: data.me, ts: ctx.now });
      }
      lead.status = 'converted';
      lead.converted = { contact: contactId, account: accountId, opportunity: oppId, date: today };
      for (const k of CONV_KEYS) delete ui.drafts[k];
      ui.conv = null;
      ui.stack = ui.stack.filter((e) => e.screen !== 'convert');
      clearTransient(ui);
      Object.assign(ui, { screen: 'opp', record: oppId });
      loadOppDrafts(ui, findOpp(data, oppId));
      ui.notice = `Converted ${lead.id}: contact ${contactId}, ${acct.mode === 'existing' ? 'linked account' : 'new account'} ${accountId}, opportunity ${oppId}`;
      return state;
    }
    // ---------------------------------------------------------------- opportunities
    case 'opp_filter': {
      if (action.field === 'stage') {
        if (!['open', 'all', ...STAGES].includes(action.value)) return state;
        ui.ostage = action.value;
      } else if (action.field === 'owner') {
        const f = { ...ui.ofilters };
        if (action.value === 'any') delete f.owner;
        else if ((world.users || []).some((u) => u.id === action.value)) f.owner = action.value;
        else return state;
        ui.ofilters = f;
      } else return state;
      ui.menu = null;
      return state;
    }
    case 'opp_sort':
      if (!OPP_SORT.includes(action.col)) return state;
      ui.osort = ui.osort.col === action.col ? { col: action.col, dir: ui.osort.dir === 'asc' ? 'desc' : 'asc' } : { col: action.col, dir: 'asc' };
      return state;
    case 'pipeline_owner':
      if (action.owner !== 'all' && !(world.users || []).some((u) => u.id === action.owner)) return state;
      ui.powner = action.owner;
      return state;
    case 'opp_stage': {
      const o = findOpp(data, action.id ?? ui.record);
      if (!o || !STAGES.includes(action.stage)) return state;
      if (!isOpen(o)) return deny(state, `${o.name} is ${STAGE_LABEL[o.stage]}. Closed opportunities are locked; reopen it first.`);
      if (o.stage === action.stage) return state;
      if (action.stage === 'closed_lost') {
        clearTransient(ui);
        ui.dialog = 'lost';
        ui.lost = { opp: o.id, reason: null };
        return state;
      }
      o.stage = action.stage;
      o.probability = STAGE_PROB[action.stage];
      if (ui.screen === 'opp' && ui.record === o.id) loadOppDrafts(ui, o);
      ui.notice = `${o.name} moved to ${STAGE_LABEL[o.stage]} (${o.probability}%)`;
      return state;
    }
    case 'lost_reason':
      if (ui.dialog !== 'lost' || !ui.lost || !LOST_REASONS.includes(action.reason)) return state;
      ui.lost.reason = action.reason;
      return state;
    case 'confirm_lost': {
      if (ui.dialog !== 'lost' || !ui.lost) return state;
      if (!ui.lost.reason) return (ui.errors = { lost: 'Pick a reason' }), state;
      const o = findOpp(data, ui.lost.opp);
      if (!o || !isOpen(o)) return state;
      o.stage = 'closed_lost';
      o.probability = 0;
      o.lost_reason = ui.lost.reason;
      Object.assign(ui, { dialog: null, lost: null, errors: {} });
      if (ui.screen === 'opp' && ui.record === o.id) loadOppDrafts(ui, o);
      ui.notice = `${o.name} closed as lost (${LOST_LABEL[o.lost_reason]})`;
      return state;
    }
    case 'reopen': {
      const o = findOpp(data, action.id ?? ui.record);
      if (!o || isOpen(o)) return state;
      o.stage = 'negotiation';
      o.probability = STAGE_PROB.negotiation;
      delete o.lost_reason;
      if (o.close <= today) o.close = dateAfter(ctx.now, 14);
      if (ui.screen === 'opp' && ui.record === o.id) loadOppDrafts(ui, o);
      ui.notice = `${o.name} reopened in Negotiation`;
      return state;
    }
    case 'save_opp': {
      const o = findOpp(data, ui.record);
      if (!o || ui.screen !== 'opp') return state;
      if (!isOpen(o)) return deny(state, 'Closed opportunities are locked; reopen it first');
      const errors = {};
      const name = String(ui.drafts['o-name'] ?? '').trim();
      if (!name) errors['o-name'] = 'Name is required';
      const amount = parseAmount(ui.drafts['o-amount']);
      if (amount.error) errors['o-amount'] = amount.error;
      const close = parseDate(ui.drafts['o-close']);
      if (close.error) errors['o-close'] = close.error;
      else if (close.value <= today) errors['o-close'] = `The close date must be in the future (after ${today})`;
      const prob = parseProbability(ui.drafts['o-prob']);
      if (prob.error) errors['o-prob'] = prob.error;
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      Object.assign(o, { name, amount: amount.value, close: close.value, probability: prob.value, next_step: String(ui.drafts['o-next'] ?? '').trim() });
      ui.errors = {};
      ui.notice = `Saved ${o.name}`;
      return state;
    }
    // ---------------------------------------------------------------- any record
    case 'set_owner': {
      const r = current();
      if (!r || !(world.users || []).some((u) => u.id === action.owner)) return state;
      ui.menu = null;
      if (kindOf(r.id) === 'lead' && r.status === 'converted') return deny(state, 'Converted leads keep their owner; reassign the contact or opportunity instead');
      if (r.owner === action.owner) return state;
      r.owner = action.owner;
      ui.notice = `Owner changed to ${userName(world, action.owner)}`;
      return state;
    }
    case 'act_kind':
      if (!ACT_KINDS.includes(action.kind)) return state;
      ui.actKind = action.kind;
      return state;
    case 'log_activity': {
      const r = current();
      if (!r) return state;
      const kind = action.kind ?? ui.actKind;
      const subject = String(action.subject ?? ui.drafts['act-subject'] ?? '').trim();
      const notes = String(action.notes ?? ui.drafts['act-notes'] ?? '').trim();
      if (!ACT_KINDS.includes(kind)) return state;
      if (!subject) return (ui.errors = { act: 'Enter a subject' }), state;
      if (subject.length > 120) return (ui.errors = { act: 'Subjects can have at most 120 characters' }), state;
      data.activities.push({ id: nextId(data, 'activity', 'T'), kind, subject, notes, ref: r.id, by: data.me, ts: ctx.now });
      ui.drafts['act-subject'] = '';
      ui.drafts['act-notes'] = '';
      ui.errors = {};
      ui.notice = `${ACT_LABEL[kind]} logged`;
      return state;
    }
    case 'close_dialog':
      Object.assign(ui, { dialog: null, errors: {}, menu: null, dq: null, lost: null, bulkOwner: null, newLead: null });
      return state;
    case 'back': {
      if (ui.dialog || ui.menu) {
        Object.assign(ui, { dialog: null, errors: {}, menu: null, dq: null, lost: null, bulkOwner: null, newLead: null });
        return state;
      }
      if (ui.screen === 'convert' && ui.conv && ui.conv.step > 1) {
        ui.errors = {};
        ui.conv.step -= 1;
        return state;
      }
      let prev = ui.stack.pop();
      while (prev && ((prev.record && !findRecord(data, prev.record)) || prev.screen === 'convert')) prev = ui.stack.pop();
      if (!prev) return null;
      if (ui.screen === 'convert') ui.conv = null;
      clearTransient(ui);
      Object.assign(ui, prev);
      if (prev.screen === 'opp') loadOppDrafts(ui, findOpp(data, prev.record));
      return state;
    }
    default:
      return null;
  }
}
