// Roster view: Board (status, staff picker, week grid, shift card, live checks), Staff (list and
// person page with availability), Requests (swap requests), Cost (weekly pay), and the Rules screen.

import { h, icon } from '../../runtime/ui/h.js';
import { avatar, button, dialog, empty, section } from '../../runtime/ui/kit.js';
import {
  dayIds, slotIds, parseShift, findStaff, slotInfo, dayInfo, shiftLabel, staffName, shiftsOf, hoursOf,
  unavailableOf, violations, shiftStatus, costSummary, findRequest, requestStatus, requestApplies, shortDate,
} from './logic.js';

/** Glyphs drawn for this app on a 24×24 grid. */
const G = {
  back: 'M15 4l2 2-6 6 6 6-2 2-8-8z',
  rules: 'M5 3h11l3 3v15H5zm2 2v14h10V7h-2V5zm2 4h6v2H9zm0 4h6v2H9zm0 4h4v2H9z',
  board: 'M3 4h18v16H3zm2 2v3h4V6zm6 0v3h4V6zm6 0v3h2V6zM5 11v3h4v-3zm6 0v3h4v-3zm6 0v3h2v-3zM5 16v2h4v-2zm6 0v2h4v-2zm6 0v2h2v-2z',
  staff: 'M9 4a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm7.5 1.5a3 3 0 110 6 3 3 0 010-6zM2.5 19c0-3.3 2.9-5.8 6.5-5.8s6.5 2.5 6.5 5.8zm14.5 0c0-1.9-.6-3.5-1.7-4.7 3.4-.5 6.2 1.5 6.2 4.7z',
  swap: 'M7 3l1.4 1.4L6.8 6H19v2H6.8l1.6 1.6L7 11 3 7zm10 10l4 4-4 4-1.4-1.4 1.6-1.6H5v-2h12.2l-1.6-1.6z',
  cost: 'M12 3a9 9 0 110 18 9 9 0 010-18zm0 2a7 7 0 100 14 7 7 0 000-14zm-1 2h2v1.2c1.4.3 2.4 1.2 2.5 2.5h-2c-.1-.5-.6-.8-1.5-.8-.9 0-1.4.3-1.4.8 0 .5.5.7 1.9 1 2 .4 3.1 1.1 3.1 2.7 0 1.3-1 2.2-2.6 2.5V17h-2v-1.2c-1.6-.3-2.6-1.2-2.7-2.6h2c.1.6.7 1 1.7 1s1.6-.4 1.6-.9c0-.5-.5-.8-2-1.1-1.9-.4-3-1-3-2.6 0-1.2 1-2.1 2.4-2.4z',
  warn: 'M12 2l10 18H2zm-1 6v6h2V8zm0 8v2h2v-2z',
  ok: 'M12 2a10 10 0 110 20 10 10 0 010-20zm4.3 6.3L10.5 14l-2.8-2.8-1.4 1.4 4.2 4.2 7.2-7.1z',
  x: 'M6.4 5l5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
  message: 'M4 4h16v12H8l-4 4zm4 4v2h8V8zm0 3v2h5v-2z',
  person: 'M12 3a4.5 4.5 0 110 9 4.5 4.5 0 010-9zM3.5 21c0-4.4 3.8-7.5 8.5-7.5s8.5 3.1 8.5 7.5z',
  sun: 'M11 1h2v3h-2zm0 19h2v3h-2zM1 11h3v2H1zm19 0h3v2h-3zM12 6a6 6 0 110 12 6 6 0 010-12z',
  dusk: 'M2 17h20v2H2zm10-9a6 6 0 016 6H6a6 6 0 016-6zm-1-5h2v3h-2z',
  moon: 'M14.5 3A9 9 0 1021 14.5 7 7 0 0114.5 3z',
};
const SLOT_GLYPH = { morning: G.sun, afternoon: G.dusk, night: G.moon };
const TAB_ITEMS = [['board', 'Board', 'board'], ['staff', 'Staff', 'staff'], ['requests', 'Requests', 'swap'], ['cost', 'Cost', 'cost']];

function svg(path, { size = 22, color } = {}) { return icon(path, { size, color, evenodd: true }); }

function scroll(name, ...children) {
  return h('main.body.rs-body', { 'data-gym': `scroll:${name}`, 'data-scroll-key': `roster:${name}` }, ...children);
}

const money = (n) => `$${Number(n).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
const initials = (name) => name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0].toUpperCase()).join('');
const first = (name) => name.split(/\s+/)[0];

function topBar(api, { back = false, title } = {}) {
  const w = api.world;
  const range = `${shortDate(w.days[0].date)}–${shortDate(w.days[w.days.length - 1].date)}`;
  return h('header.appbar.rs-bar', null,
    back ? h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, svg(G.back))
      : h('span.rs-logo', null, svg(G.board, { size: 20, color: '#fff' })),
    h('div.rs-bar-title', null, h('h1.appbar-title', null, title || 'Roster'), h('div.rs-bar-sub', null, `${w.clinic} · ${range}`)),
    api.state.ui.screen !== 'rules'
      ? h('button.icon-btn', { 'data-gym': 'btn:rules', 'aria-label': 'Rules', onclick: () => api.dispatch({ type: 'rules' }) }, svg(G.rules))
      : null);
}

function notice(api) {
  const text = api.state.ui.notice;
  return text ? h('div.rs-notice', { 'data-gym': 'notice', role: 'status' }, text) : null;
}

function tabBar(api, pending) {
  const current = api.state.ui.tab;
  return h('nav.rs-tabs', null, TAB_ITEMS.map(([id, label, glyph]) =>
    h('button.rs-tab' + (id === current ? '.active' : ''), { 'data-gym': `tab:${id}`, onclick: () => api.dispatch({ type: 'tab', tab: id }) },
      h('span.rs-tab-icon', null, svg(G[glyph], { size: 22 }), id === 'requests' && pending ? h('span.rs-badge', null, String(pending)) : null),
      h('span', null, label))));
}

// ------------------------------------------------------------------ board

function statusCard(api, list) {
  const { data } = api.state;
  const published = data.status === 'published';
  return h('div.card.rs-status', null,
    h('div.rs-status-text', null,
      h('div.rs-status-line', null,
        h('span.chip' + (published ? '.rs-chip-pub' : '.rs-chip-draft'), { 'data-gym': 'roster-status' },
          published ? `Published v${data.version}` : 'Draft'),
        list.length ? h('span.rs-issues', { 'data-gym': 'issue-count' }, `${list.length} ${list.length === 1 ? 'issue' : 'issues'}`)
          : h('span.rs-clear', { 'data-gym': 'issue-count' }, 'No issues')),
      h('div.rs-muted', null, published ? 'Staff can see this roster.' : 'Fix every issue, then publish.')),
    button('Publish', { id: 'btn:publish', onclick: () => api.dispatch({ type: 'publish' }), disabled: published }));
}

function staffPicker(api, contacts) {
  const { data, ui } = api.state;
  return h('div.rs-picker', null,
    h('div.rs-picker-head', null, ui.pick
      ? [h('b', null, staffName(api.world, ui.pick, contacts)), ' picked: tap shifts to add or remove']
      : 'Tap a person, then a shift to assign'),
    h('div.rs-chips', null, api.world.staff.map((p) => {
      const name = staffName(api.world, p.id, contacts);
      const hours = hoursOf(api.world, data, p.id);
      return h('button.rs-pchip' + (ui.pick === p.id ? '.on' : ''), { 'data-gym': `pick:${p.id}`, 'aria-label': `${name}, ${hours} of ${p.max_hours} hours`,
        onclick: () => api.dispatch({ type: 'pick', id: p.id }) },
      h('span.rs-pchip-name', null, first(name)),
      h('span.rs-pchip-hours' + (hours > p.max_hours ? '.over' : ''), null, `${hours}/${p.max_hours}h`));
    })));
}

function grid(api, list, contacts) {
  const { data, ui } = api.state;
  const w = api.world;
  const picked = ui.pick;
  const off = picked ? unavailableOf(w, data, picked) : [];
  return h('div.rs-grid', { 'data-gym': 'week-grid' },
    h('div.rs-gh'),
    dayIds(w).map((d) => {
      const info = dayInfo(w, d);
      return h('div.rs-gh' + (off.includes(d) ? '.off' : ''), null, h('b', null, info.short), h('span', null, String(Number(info.date.slice(8)))));
    }),
    slotIds(w).map((slot) => [
      h('div.rs-rowlabel', { 'aria-label': slotInfo(w, slot).label }, svg(SLOT_GLYPH[slot], { size: 16, color: '#4c5a7a' }),
        h('span', null, slotInfo(w, slot).label.slice(0, 3))),
      dayIds(w).map((d) => {
        const sid = `${d}-${slot}`;
        const who = data.assign[sid] || [];
        const need = w.needs[sid];
        const status = shiftStatus(w, data, sid, list);
        const mine = picked && who.includes(picked);
        return h(`button.rs-cell.${status}` + (ui.cell === sid ? '.sel' : '') + (mine ? '.mine' : '') + (picked && off.includes(d) ? '.off' : ''), {
          'data-gym': `cell:${sid}`, 'aria-label': `${shiftLabel(w, sid)}: ${who.length} of ${need.count}`,
          onclick: () => api.dispatch({ type: 'cell', shift: sid }) },
        h('span.rs-cell-count', null, `${who.length}/${need.count}`),
        h('span.rs-cell-who', null, who.map((id) => h('i', null, initials(staffName(w, id, contacts))))));
      })]));
}

function shiftCard(api, list, contacts) {
  const { data, ui } = api.state;
  const w = api.world;
  const p = parseShift(w, ui.cell);
  if (!p) return h('div.card.rs-shift.rs-muted', { 'data-gym': 'shift-card' }, 'Tap a shift in the grid to see who is on it and what it needs.');
  const sid = ui.cell;
  const slot = slotInfo(w, p.slot);
  const need = w.needs[sid];
  const who = data.assign[sid] || [];
  const issues = list.filter((v) => v.shift === sid);
  return h('div.card.rs-shift', { 'data-gym': 'shift-card' },
    h('div.rs-shift-head', null, svg(SLOT_GLYPH[p.slot], { size: 20, color: '#31456e' }),
      h('div', null, h('div.rs-shift-title', null, `${dayInfo(w, p.day).name} · ${slot.label}`),
        h('div.rs-muted', null, `${slot.start}–${slot.end} · ${slot.hours} h · needs ${need.count}: ${need.skills.map((s) => w.skills[s]).join(', ')}`)),
      h('button.icon-btn', { 'data-gym': 'btn:close-shift', 'aria-label': 'Close', onclick: () => api.dispatch({ type: 'clear_cell' }) }, svg(G.x, { size: 18 }))),
    who.length ? who.map((id) => {
      const staff = findStaff(w, id);
      const name = staffName(w, id, contacts);
      return h('div.rs-assigned', { 'data-gym': `assigned:${sid}:${id}` }, avatar(name, 30),
        h('div.rs-assigned-text', null, h('div', null, name), h('div.rs-muted', null, staff.skills.map((s) => w.skills[s]).join(' · '))),
        h('button.rs-remove', { 'data-gym': `unassign:${sid}:${id}`, 'aria-label': `Remove ${name} from ${shiftLabel(w, sid)}`,
          onclick: () => api.dispatch({ type: 'unassign', shift: sid, staff: id }) }, svg(G.x, { size: 16 })));
    }) : h('div.rs-muted.rs-pad', null, 'Nobody is on this shift yet.'),
    issues.length ? h('div.rs-shift-issues', null, issues.map((v) => h('div', null, '⚠ ', v.text))) : null);
}

function checks(api, list) {
  return h('div.card.rs-checks', { 'data-gym': 'checks' },
    h('div.rs-checks-head', null, svg(list.length ? G.warn : G.ok, { size: 18, color: list.length ? '#c0392b' : '#2e8b57' }),
      h('b', null, list.length ? `Checks · ${list.length} ${list.length === 1 ? 'issue' : 'issues'}` : 'Checks · all clear')),
    list.length ? list.map((v) => h('button.rs-issue', { 'data-gym': `issue:${v.id}`, onclick: () => v.shift && api.dispatch({ type: 'cell', shift: v.shift }) },
      h('span.rs-kind', null, v.kind), h('span', null, v.text)))
      : h('div.rs-muted', null, 'No double shifts, rest breaks kept, hours within limits, every shift covered.'));
}

function board(api, list, contacts) {
  return scroll('board',
    statusCard(api, list),
    staffPicker(api, contacts),
    grid(api, list, contacts),
    shiftCard(api, list, contacts),
    checks(api, list));
}

// ----------------------------------------------------------------- staff

function staffTab(api, contacts) {
  const { data } = api.state;
  const w = api.world;
  return scroll('staff',
    section(`${w.staff.length} staff · ${w.clinic}`),
    w.staff.map((p) => {
      const name = staffName(w, p.id, contacts);
      const hours = hoursOf(w, data, p.id);
      return h('div.row', { 'data-gym': `person:${p.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_person', id: p.id }) },
        avatar(name, 40),
        h('div.row-text', null, h('div.row-title', null, name), h('div.row-sub', null, `${p.role} · ${p.skills.map((s) => w.skills[s]).join(', ')}`)),
        h('div.row-trail' + (hours > p.max_hours ? '.rs-over' : ''), null, `${hours}/${p.max_hours} h`));
    }));
}

function personScreen(api, id, contacts) {
  const { data } = api.state;
  const w = api.world;
  const p = findStaff(w, id);
  const name = staffName(w, id, contacts);
  const contact = contacts && (contacts.data.contacts || []).find((c) => c.id === id);
  const off = unavailableOf(w, data, id);
  const mine = shiftsOf(w, data, id);
  const pay = costSummary(w, data).rows.find((r) => r.id === id);
  return h('div.app.rs-app', null,
    topBar(api, { back: true, title: name }),
    notice(api),
    scroll('person',
      h('div.card.rs-person', null, avatar(name, 56),
        h('div.rs-person-text', null, h('div.rs-person-name', { 'data-gym': 'person-name' }, name),
          h('div.rs-muted', null, `${p.role}${contact && contact.phone ? ` · ${contact.phone}` : ''}`)),
        h('button.rs-round', { 'data-gym': 'btn:message-shifts', 'aria-label': `Message ${name} their shifts`, onclick: () => api.dispatch({ type: 'message_shifts' }) }, svg(G.message, { size: 20 })),
        h('button.rs-round', { 'data-gym': 'btn:open-contact', 'aria-label': `Open ${name} in Contacts`, onclick: () => api.dispatch({ type: 'open_contact' }) }, svg(G.person, { size: 20 }))),
      h('div.card', null,
        h('div.rs-facts', null,
          h('div', null, h('span.rs-muted', null, 'Skills'), h('b', { 'data-gym': 'person-skills' }, p.skills.map((s) => w.skills[s]).join(', '))),
          h('div', null, h('span.rs-muted', null, 'Hours'), h('b', { 'data-gym': 'person-hours' }, `${hoursOf(w, data, id)} of max ${p.max_hours}`)),
          h('div', null, h('span.rs-muted', null, 'Rate'), h('b', null, `${money(p.rate)}/h · nights ×${w.night_premium}`)),
          h('div', null, h('span.rs-muted', null, 'Pay this week'), h('b', { 'data-gym': 'person-pay' }, money(pay.pay))))),
      section('Availability (tap a day to switch)'),
      h('div.rs-days', null, dayIds(w).map((d) => h('button.rs-day' + (off.includes(d) ? '.off' : '.on'), {
        'data-gym': `avail:${d}`, role: 'switch', 'aria-checked': String(!off.includes(d)),
        'aria-label': `${dayInfo(w, d).name}: ${off.includes(d) ? 'unavailable' : 'available'}`,
        onclick: () => api.dispatch({ type: 'toggle_day', day: d }) },
      h('b', null, dayInfo(w, d).short), h('span', null, off.includes(d) ? 'off' : 'ok')))),
      section(`Shifts this week (${mine.length})`),
      mine.length ? mine.map((sid) => {
        const slot = slotInfo(w, parseShift(w, sid).slot);
        return h('div.row', { 'data-gym': `pshift:${sid}` }, svg(SLOT_GLYPH[slot.id], { size: 20, color: '#4c5a7a' }),
          h('div.row-text', null, h('div.row-title', null, `${dayInfo(w, parseShift(w, sid).day).name} ${slot.label.toLowerCase()}`),
            h('div.row-sub', null, `${slot.start}–${slot.end} · ${slot.hours} h`)));
      }) : empty('No shifts this week')));
}

// -------------------------------------------------------------- requests

function requestsTab(api, contacts) {
  const { data } = api.state;
  const w = api.world;
  // Pending requests first (world order), then the decided or withdrawn ones.
  const reqs = [...(w.requests || [])].sort((a, b) => (requestStatus(data, a.id) === 'pending' ? 0 : 1) - (requestStatus(data, b.id) === 'pending' ? 0 : 1));
  return scroll('requests',
    h('div.rs-hint', null, 'Approving applies the swap to the board at once. Check the rules first: approved swaps stay approved.'),
    reqs.length ? reqs.map((r) => {
      const status = requestStatus(data, r.id);
      const from = staffName(w, r.from, contacts);
      const to = staffName(w, r.to, contacts);
      const applies = requestApplies(w, data, r);
      return h('div.card.rs-req', { 'data-gym': `request:${r.id}` },
        h('div.rs-req-head', null, avatar(from, 34), svg(G.swap, { size: 18, color: '#6b7185' }), avatar(to, 34),
          h('span.chip.rs-req-' + status, null, status)),
        h('div.rs-req-title', null, r.take ? `${first(from)} ⇄ ${first(to)}: swap` : `${first(to)} covers for ${first(from)}`),
        h('div.rs-req-line', null, `${from} gives ${shiftLabel(w, r.give)}`,
          r.take ? ` and takes ${first(to)}'s ${shiftLabel(w, r.take)}` : ` to ${to}`),
        h('div.rs-note', null, `“${r.note}”`),
        status === 'pending' && !applies ? h('div.rs-muted', null, 'No longer matches the board.') : null,
        status === 'pending' ? h('div.rs-req-actions', null,
          button('Decline', { id: `decline:${r.id}`, kind: 'secondary', onclick: () => api.dispatch({ type: 'decline', id: r.id }) }),
          button('Approve', { id: `approve:${r.id}`, onclick: () => api.dispatch({ type: 'approve', id: r.id }) })) : null);
    }) : empty('No swap requests'));
}

// ------------------------------------------------------------------ cost

function costTab(api, contacts) {
  const { data } = api.state;
  const w = api.world;
  const { rows, total } = costSummary(w, data);
  return scroll('cost',
    h('div.card.rs-total', null, h('div.rs-muted', null, 'Wage cost this week'), h('div.rs-big', { 'data-gym': 'cost-total' }, money(total)),
      h('div.rs-muted', null, `Hours × hourly rate; night hours × ${w.night_premium}.`)),
    h('div.rs-table', null,
      h('div.rs-trow.rs-thead', null, h('span', null, 'Staff'), h('span', null, 'Hrs'), h('span', null, 'Night'), h('span', null, 'Rate'), h('span', null, 'Pay')),
      rows.map((r) => {
        const p = findStaff(w, r.id);
        return h('div.rs-trow', { 'data-gym': `cost:${r.id}` },
          h('span.rs-tname', null, staffName(w, r.id, contacts)), h('span', null, `${r.hours}`), h('span', null, `${r.night_hours}`),
          h('span', null, money(p.rate)), h('b', null, money(r.pay)));
      })));
}

// ----------------------------------------------------------------- rules

function rulesScreen(api) {
  const w = api.world;
  return h('div.app.rs-app', null,
    topBar(api, { back: true, title: 'Rules' }),
    scroll('rules',
      h('div.card.rs-rules', null,
        h('h3', null, 'Shifts'),
        w.slots.map((s) => h('p', null, h('b', null, `${s.label}: `), `${s.start}–${s.end} (${s.hours} h)`)),
        h('p', null, 'Each shift needs a headcount and a set of skills; one person can cover several skills.')),
      h('div.card.rs-rules', { 'data-gym': 'rules-list' },
        h('h3', null, 'A roster is valid when'),
        h('ol', null,
          h('li', null, h('b', null, 'Headcount. '), 'Every shift has at least its required number of staff.'),
          h('li', null, h('b', null, 'Skills. '), 'Every skill a shift needs is held by at least one person on it.'),
          h('li', null, h('b', null, 'No double shifts. '), 'Nobody works two shifts on the same day.'),
          h('li', null, h('b', null, 'Rest. '), 'After a night shift a person must not work the next morning: at least one shift of rest in between (the afternoon is fine).'),
          h('li', null, h('b', null, 'Hours. '), 'Each person stays within their weekly maximum (morning and afternoon 6 h, night 12 h).'),
          h('li', null, h('b', null, 'Availability. '), 'Nobody works on a day they marked unavailable.')),
        h('p', null, 'The Checks panel on the Board lists every broken rule live. Publish is refused while any issue is left; any change after publishing turns the roster back into a draft.')),
      h('div.card.rs-rules', null,
        h('h3', null, 'Swap requests'),
        h('p', null, 'A cover request moves the giver\'s shift to the other person; a swap also moves the other person\'s named shift to the giver. Approving applies it at once and cannot be undone from the request, so only approve swaps that keep the roster valid.')),
      h('div.card.rs-rules', null,
        h('h3', null, 'Cost'),
        h('p', null, `Pay = hours × hourly rate. Night hours are paid × ${w.night_premium}. A 12-hour night at $30/h costs $540.`))));
}

// ---------------------------------------------------------------- render

/** Render the current Roster screen. */
export function render(api) {
  const { ui, data } = api.state;
  const contacts = api.peek('contacts');
  if (ui.screen === 'rules') return rulesScreen(api);
  if (ui.screen === 'person' && findStaff(api.world, ui.person)) return personScreen(api, ui.person, contacts);
  const list = violations(api.world, data, contacts);
  const pending = (api.world.requests || []).filter((r) => requestStatus(data, r.id) === 'pending').length;
  const tab = ui.tab || 'board';
  const content = tab === 'staff' ? staffTab(api, contacts) : tab === 'requests' ? requestsTab(api, contacts)
    : tab === 'cost' ? costTab(api, contacts) : board(api, list, contacts);
  const blocked = ui.dialog && ui.dialog.kind === 'blocked';
  return h('div.app.rs-app', null,
    topBar(api),
    notice(api),
    content,
    tabBar(api, pending),
    blocked ? dialog('Can\'t publish yet', `${list.length} ${list.length === 1 ? 'issue is' : 'issues are'} left on the board. Fix everything in the Checks panel first.`, [
      { id: 'btn:dialog-ok', label: 'OK', kind: 'primary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
    ]) : null);
}
