// The lead conversion wizard: each step's validation and the reducer cases from starting to converting.

import { OPEN_STAGES, STAGE_PROB, OPP_TYPES, MAX_LEN } from './constants.js';
import { parseAmount, parseDate, parseProbability, isEmail, isPhone, norm } from './format.js';
import { findLead, findAccount, findOpp, personName, accountByName, canConvert } from './select.js';
import { deny, clearTransient, go, loadOppDrafts, nextId, shownRecord } from './helpers.js';

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
    else if (values.first.length > MAX_LEN.person) errors['cv-first'] = `At most ${MAX_LEN.person} characters`;
    if (!values.last) errors['cv-last'] = 'Last name is required';
    else if (values.last.length > MAX_LEN.person) errors['cv-last'] = `At most ${MAX_LEN.person} characters`;
    if (!values.email) errors['cv-email'] = 'Email is required';
    else if (!isEmail(values.email)) errors['cv-email'] = 'Enter a valid email address';
    else {
      const dup = data.contacts.find((x) => norm(x.email) === norm(values.email));
      if (dup) errors['cv-email'] = `A contact with this email already exists (${dup.id}, ${personName(dup)})`;
    }
    if (values.phone && !isPhone(values.phone)) errors['cv-phone'] = 'Enter a valid phone number';
    if (values.title.length > MAX_LEN.name) errors['cv-title'] = `At most ${MAX_LEN.name} characters`;
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
      else if (values.name.length > MAX_LEN.name) errors['cv-acct-name'] = `At most ${MAX_LEN.name} characters`;
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
    else if (values.name.length > MAX_LEN.name) errors['cv-opp-name'] = `At most ${MAX_LEN.name} characters`;
    if (values.next_step.length > MAX_LEN.next) errors['cv-opp-next'] = `At most ${MAX_LEN.next} characters`;
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

const CONV_KEYS = ['cv-first', 'cv-last', 'cv-email', 'cv-phone', 'cv-title', 'cv-dept', 'cv-city', 'cv-acct-name', 'cv-acct-website',
  'cv-acct-phone', 'cv-acct-city', 'cv-acct-employees', 'cv-acct-search', 'cv-opp-name', 'cv-opp-amount', 'cv-opp-close', 'cv-opp-prob',
  'cv-opp-next', 'cv-opp-desc', 'cv-note'];

/** Actions of the conversion wizard; undefined for any other action. */
export function convertActions(state, action, ctx, world, today) {
  const { data, ui } = state;
  switch (action.type) {
    // ---------------------------------------------------------------- conversion wizard
    case 'start_convert': {
      const l = shownRecord(state, action.id, 'lead');
      if (!l) return state;
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
    default:
      return undefined;
  }
}
