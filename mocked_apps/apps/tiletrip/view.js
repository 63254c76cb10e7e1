// TileTrip view: tabs Plan (day grid of hour tiles), Places (the palette), Check
// (validation panel and cost summary) and Rules; a place detail screen; the tile
// action sheet and the swap / clear / share dialogs.

import { h, icon } from '../../runtime/ui/h.js';
import { GLYPHS, tabs, button, section, field, empty } from '../../runtime/ui/kit.js';
import * as P from './lib/plan.js';

const ROW = 34; // px per one-hour tile

const G = {
  ...GLYPHS,
  logo: 'M3 3h8v8H3zm10 0h8v8h-8zM3 13h8v8H3zm10 0h8v8h-8z',
  share: 'M17 3a3 3 0 11-2.8 4.1L9.9 9.6a3 3 0 010 1.8l4.3 2.5A3 3 0 1113.5 16L9.2 13.4a3 3 0 110-4.8l4.3-2.5A3 3 0 0117 3z',
  swap: 'M7 3l4 4H8v9H6V7H3zm10 18l-4-4h3V8h2v9h3z',
  pin: 'M8 3h8v2l-1.5 1v5l3.5 3v2h-5v6l-1 1-1-1v-6H6v-2l3.5-3V6L8 5z',
  info: 'M12 3a9 9 0 110 18 9 9 0 010-18zm-1 7v7h2v-7zm0-4v2h2V6z',
  walk: 'M13 3a2 2 0 110 4 2 2 0 010-4zm-2 5h3l2 4 3 1-1 2-4-1.5-1 3 3 3V22h-2v-2.5l-3-3L9 22H7l2.5-8L8 15v3H6v-4.5z',
};
const ic = (name, opts) => icon(G[name] || G.more, opts);

/** Render the current screen of TileTrip. */
export function render(api) {
  const { ui } = api.state;
  if (ui.screen === 'place') return h('div.app.tt-app', null, placeScreen(api), overlays(api));
  const bodies = { plan: planTab, places: placesTab, check: checkTab, rules: rulesTab };
  return h('div.app.tt-app', null,
    h('header.appbar.tt-bar', null,
      h('span.tt-logo', null, ic('logo', { size: 20, color: '#fff' })),
      h('div.tt-bar-title', null, h('h1.appbar-title', null, 'TileTrip'), h('div.tt-bar-sub', null, `${api.world.trip.name} · ${P.dayCount(api.world)} days`)),
      h('div.appbar-actions', null,
        h('button.icon-btn', { 'data-gym': 'btn:swap', 'aria-label': `Swap Day ${ui.day} with another day`, title: 'Swap days', onclick: () => api.dispatch({ type: 'ask_swap' }) }, ic('swap')),
        h('button.icon-btn', { 'data-gym': 'btn:share', 'aria-label': `Share Day ${ui.day} to Messages`, title: 'Share day', onclick: () => api.dispatch({ type: 'ask_share' }) }, ic('share')))),
    tabs([['plan', 'Plan'], ['places', 'Places'], ['check', `Check${issueBadge(api)}`], ['rules', 'Rules']], ui.tab, (tab) => api.dispatch({ type: 'tab', tab })),
    notice(api),
    (bodies[ui.tab] || planTab)(api),
    overlays(api));
}

function issueBadge(api) {
  const n = P.tripIssues(api.world, api.state.data).length;
  return n ? ` (${n})` : '';
}

function notice(api) {
  const n = api.state.ui.notice;
  if (!n) return null;
  return h('div.tt-notice.' + (n.kind === 'error' ? 'err' : 'ok'), { 'data-gym': 'notice', role: 'alert' },
    h('span', null, n.text),
    h('button.tt-x', { 'data-gym': 'btn:dismiss', 'aria-label': 'Dismiss', onclick: () => api.dispatch({ type: 'dismiss' }) }, ic('close', { size: 16 })));
}

function areaDot(api, areaId) {
  return h('span.tt-dot', { style: { background: P.area(api.world, areaId).color } });
}

function dayStrip(api) {
  const { ui, data } = api.state;
  return h('div.tt-days', null, Array.from({ length: P.dayCount(api.world) }, (_, i) => {
    const n = i + 1;
    const issues = P.dayIssues(api.world, data, n).length;
    return h('button.tt-day' + (ui.day === n ? '.active' : ''), { 'data-gym': `day:${n}`, onclick: () => api.dispatch({ type: 'day', day: n }) },
      h('b', null, `Day ${n}`), h('span', null, P.dayLabel(api.world, n)),
      issues ? h('i.tt-day-issues', null, String(issues)) : null);
  }));
}

function planTab(api) {
  const { ui, data } = api.state;
  const w = api.world;
  const n = ui.day;
  const cost = P.dayCost(w, data, n);
  const { entries, legs } = P.timeline(w, data, n);
  const issues = P.dayIssues(w, data, n);
  const sel = ui.selected && P.activity(w, ui.selected.id);
  const start = P.dayStart(w);
  const hours = Array.from({ length: P.dayEnd(w) - start }, (_, i) => start + i);
  return [
    dayStrip(api),
    h('div.tt-sum', { 'data-gym': 'day-summary' },
      h('span.' + (cost.total > data.budget ? 'tt-red' : 'tt-okc'), null, `${cost.total}/${data.budget} cr`),
      h('span', null, `${cost.travel} travel tile${cost.travel === 1 ? '' : 's'}`),
      h('span.' + (issues.length ? 'tt-red' : 'tt-okc'), null, issues.length ? `${issues.length} issue${issues.length === 1 ? '' : 's'}` : 'no issues'),
      h('button.tt-link', { 'data-gym': 'btn:clear-day', onclick: () => api.dispatch({ type: 'ask_clear' }) }, 'Clear day')),
    sel ? h('div.tt-banner', { 'data-gym': 'selection' },
      h('span', null, h('b', null, ui.selected.mode === 'move' ? `Moving ${sel.name}` : `Placing ${sel.name}`),
        ` · ${sel.dur} tile${sel.dur === 1 ? '' : 's'} · open ${P.hh(sel.open)}–${P.hh(sel.close)} — tap a start time${ui.selected.mode === 'move' ? ' (any day)' : ''}`),
      h('button.tt-banner-x', { 'data-gym': 'btn:cancel-select', onclick: () => api.dispatch({ type: 'cancel_select' }) }, 'Cancel')) : null,
    h('main.body.tt-gridwrap', { 'data-scroll-key': `tiletrip:day:${n}`, 'data-gym': 'scroll:day' },
      h('div.tt-grid' + (sel ? '.armed' : ''), { style: { height: `${hours.length * ROW}px` } },
        hours.map((hr) => h('div.tt-slot' + (sel ? '.armed' : ''), {
          'data-gym': `slot:${hr}`, role: 'button', style: { top: `${(hr - start) * ROW}px`, height: `${ROW}px` },
          onclick: () => api.dispatch({ type: 'slot', start: hr }),
        }, h('span.tt-time', null, P.hh(hr)), sel ? h('span.tt-plus', null, '+') : null)),
        legs.map((l) => {
          // A short leg only gets the free hours before the activity (maybe none).
          const top = l.short ? l.free : l.start;
          const len = l.start + l.tiles - top;
          if (len <= 0) return null;
          return h('div.tt-travel' + (l.short ? '.short' : ''), { style: { top: `${(top - start) * ROW}px`, height: `${len * ROW}px` } },
            ic('walk', { size: 14, color: l.short ? '#a3261f' : '#5a6178' }),
            `${P.area(w, l.from).name} → ${P.area(w, l.to).name} · ${l.tiles} tile${l.tiles === 1 ? '' : 's'}${l.short ? ' · too short!' : ''}`);
        }),
        entries.map((e) => {
          const bad = issues.some((i) => i.id === e.id);
          const short = legs.find((l) => l.before === e.id && l.short);
          return h('div.tt-tile' + (e.pinned ? '.pinned' : '') + (bad ? '.bad' : '') + (ui.selected && ui.selected.id === e.id ? '.moving' : ''), {
            'data-gym': `tile:${e.id}`, role: 'button',
            style: { top: `${(e.start - start) * ROW + 1}px`, height: `${e.act.dur * ROW - 2}px`, borderLeftColor: P.area(w, e.act.area).color },
            onclick: () => api.dispatch({ type: 'tile', id: e.id }),
          },
          h('div.tt-tile-name', null, e.pinned ? ic('pin', { size: 12, color: '#5a6178' }) : null, e.act.name),
          h('div.tt-tile-sub', null, `${P.hh(e.start)}–${P.hh(e.start + e.act.dur)} · ${P.area(w, e.act.area).name} · ${e.act.cost} cr`),
          short ? h('div.tt-tile-warn', null, `Needs ${short.tiles} travel tile${short.tiles === 1 ? '' : 's'} before it`) : null);
        }))),
  ];
}

function placesTab(api) {
  const { ui, data } = api.state;
  const w = api.world;
  const list = (w.activities || []).filter((a) => ui.area === 'all' || a.area === ui.area);
  return [
    h('div.tt-areas', null, [{ id: 'all', name: 'All' }, ...(w.areas || [])].map((a) =>
      h('button.tt-area' + (ui.area === a.id ? '.active' : ''), { 'data-gym': `area:${a.id}`, onclick: () => api.dispatch({ type: 'area', area: a.id }) },
        a.id === 'all' ? null : areaDot(api, a.id), a.name))),
    h('div.tt-hint', null, `Tap a place, then tap a start time on Day ${ui.day}.`),
    h('main.body.tt-places', { 'data-scroll-key': `tiletrip:places:${ui.area}`, 'data-gym': 'scroll:places' },
      list.map((a) => {
        const e = data.plan.find((x) => x.id === a.id);
        return h('div.tt-place' + (e ? '.planned' : ''), { style: { borderLeftColor: P.area(w, a.area).color } },
          h('div.tt-place-main', { 'data-gym': `place:${a.id}`, role: 'button', onclick: () => api.dispatch({ type: 'select', id: a.id }) },
            h('div.tt-place-name', null, a.name, a.must ? h('span.tt-badge.must', null, 'must-do') : null, e ? h('span.tt-badge', null, `Day ${e.day} ${P.hh(e.start)}`) : null),
            h('div.tt-place-sub', null, `${a.dur} tile${a.dur === 1 ? '' : 's'} · open ${P.hh(a.open)}–${P.hh(a.close)} · ${a.cost} cr · ${P.area(w, a.area).name} · ${a.kind}`)),
          h('button.icon-btn.tt-info', { 'data-gym': `info:${a.id}`, 'aria-label': `About ${a.name}`, onclick: () => api.dispatch({ type: 'open_place', id: a.id }) }, ic('info', { size: 20, color: '#6b7185' })));
      }),
      list.length ? null : empty('No places in this area.')),
  ];
}

function checkTab(api) {
  const { data } = api.state;
  const w = api.world;
  const issues = P.tripIssues(w, data);
  let total = 0;
  const days = Array.from({ length: P.dayCount(w) }, (_, i) => {
    const n = i + 1;
    const c = P.dayCost(w, data, n);
    total += c.total;
    const k = P.dayIssues(w, data, n).length;
    return h('div.row.tt-check-day', { 'data-gym': `check-day:${n}`, role: 'button', onclick: () => { api.dispatch({ type: 'tab', tab: 'plan' }); api.dispatch({ type: 'day', day: n }); } },
      h('div.row-text', null,
        h('div.row-title', null, `Day ${n} · ${P.dayLabel(w, n)}`),
        h('div.row-sub', null, `${c.count} activit${c.count === 1 ? 'y' : 'ies'} ${c.hours} h, ${c.acts} cr · ${c.travel} travel ${c.travelCost} cr`)),
      h('div.tt-check-cost' + (c.total > data.budget ? '.over' : ''), null, h('b', null, `${c.total} cr`), h('span.' + (k ? 'tt-red' : 'tt-okc'), null, k ? `${k} issue${k === 1 ? '' : 's'}` : 'ok')));
  });
  return h('main.body.tt-check', { 'data-scroll-key': 'tiletrip:check', 'data-gym': 'scroll:check' },
    section(issues.length ? `Rule violations (${issues.length})` : 'Rule violations'),
    issues.length ? h('div.tt-issues', null, issues.map((i, k) => h('div.tt-issue', {
      'data-gym': `issue:${k}`, role: 'button',
      onclick: () => { if (i.day) { api.dispatch({ type: 'tab', tab: 'plan' }); api.dispatch({ type: 'day', day: i.day }); } else api.dispatch({ type: 'tab', tab: 'places' }); },
    }, h('span.tt-issue-tag', null, i.day ? `Day ${i.day}` : 'Trip'), h('span', null, i.text))))
      : h('div.card.tt-allgood', null, 'No rule violations. The plan is valid.'),
    section('Cost and time'),
    h('div.tt-list', null, days),
    h('div.row.tt-total', { 'data-gym': 'trip-total' }, h('div.row-text', null, h('div.row-title', null, 'Trip total')), h('b', null, `${total} cr`)),
    section(`Daily budget: ${data.budget} cr`),
    h('div.tt-budget', null,
      field(api, 'budget', 'New daily budget (cr)', { placeholder: String(data.budget) }),
      button('Save', { id: 'btn:save-budget', onclick: () => api.dispatch({ type: 'save_budget' }) })));
}

function rulesTab(api) {
  const w = api.world;
  const p = (t) => h('p.tt-rule', null, t);
  const lunch = w.lunch || { from: 11, to: 14 };
  return h('main.body.tt-rules', { 'data-scroll-key': 'tiletrip:rules', 'data-gym': 'scroll:rules' },
    section('How planning works'),
    h('div.card', null,
      p(`Each day runs ${P.hh(P.dayStart(w))}–${P.hh(P.dayEnd(w))} in one-hour tiles. Open Places, tap a place, then tap the start time on the day grid.`),
      p('While a tile is selected the other tiles turn see-through: tap the start hour you want, or Cancel.'),
      p('Tap a placed tile to move it (then tap a new start time, on any day) or remove it. The swap button exchanges two days\' tiles; the share button texts a day\'s plan.')),
    section('Hard rules (refused)'),
    h('div.card', null,
      p('Tiles cannot overlap, and an activity must fit inside the day.'),
      p('Each place can be planned once in the trip.'),
      p('Pinned tiles (booked tickets) cannot be moved or removed; swapping days leaves them in place and is refused if a moved tile would overlap one.')),
    section('Checked rules (listed in Check)'),
    h('div.card', null,
      p('Opening hours: an activity must start and end within its place\'s opening hours.'),
      p(`Travel: moving to another area takes travel tiles right before the next activity — 1 tile between neighbouring areas, 2 for far pairs. Each day starts at ${w.trip.lodging.name} in ${P.area(w, P.lodgingArea(w)).name}. The free time before an activity must cover its travel.`),
      p(`Lunch: every day with plans needs a food tile starting between ${P.hh(lunch.from)} and ${P.hh(lunch.to)}.`),
      p(`Budget: a day's activities plus ${P.tileCost(w)} cr per travel tile must stay within the daily budget.`),
      p('Must-do places have to be somewhere in the trip.')),
    section('Travel tiles between areas'),
    h('div.card', null, h('table.tt-table', null,
      h('tr', null, h('th', null, ''), (w.areas || []).map((a) => h('th', null, a.name.split(' ')[0]))),
      (w.areas || []).map((a) => h('tr', null, h('th', null, a.name), (w.areas || []).map((b) => h('td', null, String(P.travelTiles(w, a.id, b.id)))))))));
}

function placeScreen(api) {
  const { ui, data } = api.state;
  const w = api.world;
  const a = P.activity(w, ui.place);
  if (!a) return [h('header.appbar', null, h('button.icon-btn', { 'data-gym': 'nav-back', onclick: () => api.back() }, ic('back'))), h('main.body')];
  const e = data.plan.find((x) => x.id === a.id);
  const contacts = api.peek('contacts');
  const saved = a.guide && contacts && (contacts.data.contacts || []).some((c) => String(c.phone).replace(/\D/g, '') === a.guide.phone.replace(/\D/g, ''));
  return [
    h('header.appbar.tt-bar', null,
      h('button.icon-btn', { 'data-gym': 'nav-back', 'aria-label': 'Back', onclick: () => api.back() }, ic('back')),
      h('div.tt-bar-title', null, h('h1.appbar-title', null, a.name), h('div.tt-bar-sub', null, `${P.area(w, a.area).name} · ${a.kind}`))),
    notice(api),
    h('main.body', { 'data-scroll-key': `tiletrip:place:${a.id}`, 'data-gym': 'scroll:place' },
      h('div.card.tt-detail', { style: { borderTop: `5px solid ${P.area(w, a.area).color}` } },
        h('div.tt-blurb', null, a.blurb || ''),
        h('table.tt-table', null,
          h('tr', null, h('th', null, 'Area'), h('td', null, P.area(w, a.area).name)),
          h('tr', null, h('th', null, 'Duration'), h('td', null, `${a.dur} tile${a.dur === 1 ? '' : 's'} (${a.dur} h)`)),
          h('tr', null, h('th', null, 'Open'), h('td', null, `${P.hh(a.open)}–${P.hh(a.close)}`)),
          h('tr', null, h('th', null, 'Cost'), h('td', null, `${a.cost} cr`)),
          h('tr', null, h('th', null, 'Kind'), h('td', null, a.kind + (a.must ? ' · must-do' : ''))),
          h('tr', null, h('th', null, 'In plan'), h('td', { 'data-gym': 'info:planned' }, e ? `Day ${e.day}, ${P.hh(e.start)}–${P.hh(e.start + a.dur)}${e.pinned ? ' (pinned)' : ''}` : 'Not planned')))),
      a.guide ? h('div.card.tt-guide', null,
        h('div', null, h('div.tt-guide-name', { 'data-gym': 'info:guide' }, `Guide: ${a.guide.name}`), h('div.gh-muted', null, a.guide.phone)),
        button(saved ? 'In Contacts' : 'Save to Contacts', { id: 'btn:save-guide', kind: 'secondary', disabled: Boolean(saved), onclick: () => api.dispatch({ type: 'save_guide', id: a.id }) })) : null),
    h('div.actions-bar', null, e
      ? button('Show in plan', { id: 'btn:show-in-plan', kind: 'secondary', onclick: () => { api.dispatch({ type: 'tab', tab: 'plan' }); api.dispatch({ type: 'day', day: e.day }); } })
      : button('Place in plan', { id: 'btn:select', onclick: () => api.dispatch({ type: 'select', id: a.id }) })),
  ];
}

function overlays(api) {
  const { ui, data } = api.state;
  const w = api.world;
  if (ui.sheet) {
    const e = data.plan.find((x) => x.id === ui.sheet);
    const a = e && P.activity(w, e.id);
    if (!a) return null;
    return h('div.scrim.tt-sheet-scrim', { 'data-gym': 'sheet:scrim', 'aria-label': 'Close', onclick: (ev) => { if (ev.target === ev.currentTarget) api.dispatch({ type: 'close_sheet' }); } },
      h('div.tt-sheet', { role: 'dialog' },
        h('div.tt-sheet-title', null, a.name),
        h('div.tt-sheet-sub', null, `Day ${e.day} · ${P.hh(e.start)}–${P.hh(e.start + a.dur)} · ${P.area(w, a.area).name} · ${a.cost} cr${e.pinned ? ' · pinned (booked)' : ''}`),
        h('div.tt-sheet-actions', null,
          button('Move', { id: 'btn:move', kind: 'secondary', disabled: e.pinned, onclick: () => api.dispatch({ type: 'start_move', id: e.id }) }),
          button('Remove', { id: 'btn:remove', kind: 'danger', disabled: e.pinned, onclick: () => api.dispatch({ type: 'remove', id: e.id }) }),
          button('Details', { id: 'btn:details', kind: 'secondary', onclick: () => api.dispatch({ type: 'open_place', id: e.id }) })),
        button('Close', { id: 'btn:close-sheet', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_sheet' }) })));
  }
  const d = ui.dialog;
  if (!d) return null;
  const cancel = { id: 'btn:cancel', label: 'Cancel', kind: 'secondary', onclick: () => api.dispatch({ type: 'cancel' }) };
  if (d.kind === 'swap') {
    const others = Array.from({ length: P.dayCount(w) }, (_, i) => i + 1).filter((n) => n !== ui.day);
    return dialogBox(`Swap Day ${ui.day} with…`, 'Unpinned tiles change days and keep their times. Pinned tiles stay where they are.',
      others.map((n) => button(`Day ${n} · ${P.dayLabel(w, n)}`, { id: `swap-with:${n}`, kind: 'secondary', onclick: () => api.dispatch({ type: 'swap', a: ui.day, b: n }) })), [cancel]);
  }
  if (d.kind === 'clear') {
    return dialogBox(`Clear Day ${d.day}?`, 'Every tile that is not pinned is removed from this day.', [],
      [cancel, { id: 'btn:confirm-clear', label: 'Clear', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_clear' }) }]);
  }
  if (d.kind === 'share') {
    const contacts = (api.peek('contacts') && api.peek('contacts').data.contacts) || [];
    const people = (w.trip.companions || []).map((id) => contacts.find((c) => c.id === id)).filter(Boolean);
    return dialogBox(`Share Day ${d.day}`, 'Send this day\'s plan as a text message.',
      [...people.map((c) => button(`Text ${c.name}`, { id: `share-to:${c.id}`, kind: 'secondary', onclick: () => api.dispatch({ type: 'share', to: c.id }) })),
        button('Choose someone else…', { id: 'share-to:other', kind: 'secondary', onclick: () => api.dispatch({ type: 'share' }) })], [cancel]);
  }
  return null;
}

function dialogBox(title, message, choices, actions) {
  return h('div.scrim', null, h('div.dialog', { role: 'dialog' },
    h('div.dialog-title', null, title),
    h('div.dialog-msg', null, message),
    choices.length ? h('div.tt-choices', null, choices) : null,
    h('div.dialog-actions', null, actions.map((b) => button(b.label, b)))));
}
