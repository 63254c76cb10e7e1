// Nooks saved lists (lists, one list, new list form) and the "You" tab (your reviews,
// questions and planned visits).

import { h, icon, ICONS, header, scroller, bottomTabs, stars, errorBanner, notice, badge } from './common.js';
import { button, dialog, field } from '../../../runtime/ui/kit.js';
import { place, ratingOf, isOpenAt, at, myReviewsNewest } from '../lib/places.js';
import { placeRow } from './explore.js';

/** The saved tab: every list with its size and first places. */
export function savedScreen(api) {
  const { data } = api.state;
  return h('div.app.nk-app', null,
    header(api, 'Saved', { back: false, trailing: h('button.icon-btn', { 'data-gym': 'btn:new-list', 'aria-label': 'New list',
      onclick: () => api.dispatch({ type: 'new_list' }) }, icon(ICONS.plus)) }),
    scroller(api, 'lists', null,
      data.lists.length ? data.lists.map((l) => h('div.nk-listrow', { 'data-gym': `list:${l.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_list', id: l.id }) },
        h('span.nk-list-icon', null, icon(ICONS.bookmark, { size: 20, color: '#7048e8' })),
        h('div.nk-place-text', null, h('div.nk-place-name', null, l.name),
          h('div.nk-place-sub', null, l.places.length ? l.places.map((id) => (place(api.world, id) || { name: id }).name).join(', ') : 'Empty')),
        h('span.nk-count-pill', null, String(l.places.length)))) : h('div.empty', null, 'No lists yet. Tap + to make one.'),
      h('div.nk-spacer')),
    bottomTabs(api),
    notice(api));
}

/** One saved list: its places (tap to open, remove), delete the list. */
export function listScreen(api) {
  const { data, ui } = api.state;
  const list = data.lists.find((l) => l.id === ui.list);
  return h('div.app.nk-app', null,
    header(api, list.name, { sub: `${list.places.length} ${list.places.length === 1 ? 'place' : 'places'}`,
      trailing: h('button.icon-btn', { 'data-gym': 'btn:delete-list', 'aria-label': 'Delete list', onclick: () => api.dispatch({ type: 'ask_delete_list', id: list.id }) }, icon(ICONS.trash)) }),
    scroller(api, 'list', list.id,
      list.places.length ? list.places.map((id) => place(api.world, id)).filter(Boolean).map((p) => {
        const r = ratingOf(api.world, data, p.id);
        return placeRow(api, { place: p, rating: r.rating, count: r.count, open: isOpenAt(p, api.now) }, {
          trailing: h('button.icon-btn.nk-remove', { 'data-gym': `remove:${p.id}`, 'aria-label': `Remove ${p.name}`,
            onclick: (e) => { e.stopPropagation(); api.dispatch({ type: 'remove_from_list', list: list.id, place: p.id }); } }, icon(ICONS.clear, { size: 20, color: '#adb5bd' })),
        });
      }) : h('div.empty', null, 'Nothing saved here yet'),
      h('div.nk-spacer')),
    ui.dialog && ui.dialog.kind === 'delete_list' ? dialog('Delete this list?', `“${list.name}” will be deleted. The places stay in Nooks.`, [
      { id: 'btn:cancel-delete', label: 'Keep', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete_list' }) },
    ]) : null,
    notice(api));
}

/** The new-list form. */
export function listForm(api) {
  return h('div.app.nk-app', null,
    header(api, 'New list'),
    errorBanner(api),
    scroller(api, 'list-form', null, field(api, 'list_name', 'List name', { placeholder: 'e.g. Date night' })),
    h('div.actions-bar', null, button('Create list', { id: 'btn:save-list', onclick: () => api.dispatch({ type: 'create_list' }) })),
    notice(api));
}

/** The "You" tab: your reviews, your questions, planned visits. */
export function meScreen(api) {
  const { data } = api.state;
  const reviews = myReviewsNewest(data);
  const visits = [...data.visits].sort((a, b) => at(a.date, a.time) - at(b.date, b.time));
  return h('div.app.nk-app', null,
    header(api, 'You', { back: false }),
    scroller(api, 'me', null,
      h('div.nk-me-stats', null,
        h('div', null, h('b', null, String(data.reviews.length)), h('span', null, 'reviews')),
        h('div', null, h('b', null, String(data.questions.length)), h('span', null, 'questions')),
        h('div', null, h('b', null, String(data.visits.length)), h('span', null, 'visits'))),
      h('div.section', null, 'Planned visits'),
      h('div.nk-block', null, visits.length ? visits.map((v) => {
        const p = place(api.world, v.place);
        return h('div.nk-visit', { 'data-gym': `visit:${v.id}` },
          icon(ICONS.calendar, { size: 18, color: '#7048e8' }),
          h('div.nk-place-text', null, h('div.nk-place-name', null, p ? p.name : v.place),
            h('div.nk-place-sub', null, `${api.clock.shortDate(at(v.date, v.time))} · ${v.time}`)),
          h('button.link.nk-danger', { 'data-gym': `btn:cancel-visit:${v.id}`, onclick: () => api.dispatch({ type: 'cancel_visit', id: v.id }) }, 'Remove'));
      }) : h('div.nk-muted.nk-pad', null, 'No visits planned')),
      h('div.section', null, 'Your reviews'),
      h('div.nk-block', null, reviews.length ? reviews.map((r) => {
        const p = place(api.world, r.place);
        return h('div.nk-myreview', { 'data-gym': `myreview:${r.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_place', id: r.place }) },
          h('div.nk-review-top', null, h('span.nk-review-user', null, p ? p.name : r.place), stars(r.stars, 13)),
          h('div.nk-review-text', null, r.text));
      }) : h('div.nk-muted.nk-pad', null, 'No reviews yet')),
      h('div.section', null, 'Your questions'),
      h('div.nk-block', null, data.questions.length ? data.questions.map((q) => {
        const p = place(api.world, q.place);
        return h('div.nk-q', { 'data-gym': `myquestion:${q.id}`, role: 'button', onclick: () => api.dispatch({ type: 'open_place', id: q.place }) },
          h('div.nk-q-text', null, q.text), h('div.nk-muted', null, p ? p.name : q.place));
      }) : h('div.nk-muted.nk-pad', null, 'No questions yet')),
      h('div.nk-spacer')),
    bottomTabs(api),
    notice(api));
}
