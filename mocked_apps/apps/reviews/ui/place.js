// Nooks place screen (facts, actions, rating breakdown, your review, reviews, questions),
// its sheets (save to lists, plan a visit, delete review) and the write-review screen.

import { h, icon, ICONS, header, scroller, stars, errorBanner, notice, badge } from './common.js';
import { button, dialog } from '../../../runtime/ui/kit.js';
import { place, ratingOf, reviewsOf, hoursLabel, hoursLines, isOpenAt, categoryName, areaName, priceText, nextDays, at } from '../lib/places.js';
import { myReview } from '../logic.js';

function action(id, glyph, label, onclick, active = false) {
  return h('button.nk-action' + (active ? '.active' : ''), { 'data-gym': id, onclick },
    h('span.nk-action-icon', null, icon(glyph, { size: 20 })), h('span', null, label));
}

function breakdown(r) {
  const max = Math.max(1, ...r.stars);
  return h('div.nk-breakdown', { 'data-gym': 'rating-summary' },
    h('div.nk-big', null, h('div.nk-big-num', { 'data-gym': 'rating' }, r.count ? r.rating.toFixed(1) : '–'), stars(r.rating, 16),
      h('div.nk-muted', null, `${r.count} ${r.count === 1 ? 'review' : 'reviews'}`)),
    h('div.nk-bars', null, [5, 4, 3, 2, 1].map((s) => h('div.nk-bar-row', null, h('span', null, String(s)),
      h('span.nk-bar', null, h('span.nk-bar-fill', { style: { width: `${(r.stars[s - 1] / max) * 100}%` } })),
      h('span.nk-bar-n', null, String(r.stars[s - 1]))))));
}

function reviewCard(api, r) {
  const date = api.clock.shortDate(r.time);
  return h('div.nk-review' + (r.mine ? '.mine' : ''), { 'data-gym': r.mine ? 'my-review' : `review:${r.id}` },
    h('div.nk-review-top', null, h('span.nk-review-user', null, r.mine ? 'Your review' : r.user), stars(r.stars, 13),
      h('span.nk-muted', null, r.edited ? `${date} · edited` : date)),
    h('div.nk-review-text', null, r.text),
    r.mine ? h('div.nk-review-actions', null,
      h('button.link', { 'data-gym': 'btn:edit-review', onclick: () => api.dispatch({ type: 'write_review' }) }, 'Edit'),
      h('button.link.nk-danger', { 'data-gym': 'btn:delete-review', onclick: () => api.dispatch({ type: 'ask_delete_review' }) }, 'Delete')) : null);
}

function questions(api, p) {
  const world = (api.world.questions || []).filter((q) => q.place === p.id);
  const mine = (api.state.data.questions || []).filter((q) => q.place === p.id);
  return [
    h('div.section', null, 'Questions & answers'),
    h('div.nk-block', null,
      mine.map((q) => h('div.nk-q', { 'data-gym': `myq:${q.id}` }, h('div.nk-q-text', null, q.text),
        h('div.nk-muted', null, `You asked · ${api.clock.shortDate(q.time)} · no answers yet`))),
      world.map((q) => h('div.nk-q', { 'data-gym': `question:${q.id}` }, h('div.nk-q-text', null, q.text),
        h('div.nk-muted', null, `${q.user} · ${q.answers.length} ${q.answers.length === 1 ? 'answer' : 'answers'}`),
        q.answers.map((a) => h('div.nk-a', null, h('b', null, `${a.user}: `), a.text)))),
      !world.length && !mine.length ? h('div.nk-muted.nk-pad', null, 'No questions yet.') : null,
      h('div.nk-ask', null,
        h('input.field-input', { 'data-gym': 'field:question', type: 'text', placeholder: 'Ask the community…', value: api.draft('question'),
          oninput: (e) => api.dispatch({ type: '@draft', key: 'question', value: e.target.value }) }),
        button('Ask', { id: 'btn:ask', kind: 'secondary', onclick: () => api.dispatch({ type: 'ask_question' }) }))),
  ];
}

function saveSheet(api, p) {
  const lists = api.state.data.lists;
  return h('div.scrim.nk-sheet-scrim', { 'data-gym': 'sheet:save' }, h('div.nk-sheet', { role: 'dialog' },
    h('div.nk-sheet-title', null, `Save ${p.name}`),
    lists.map((l) => {
      const on = l.places.includes(p.id);
      return h('div.nk-list-opt', { 'data-gym': `list-toggle:${l.id}`, role: 'checkbox', 'aria-checked': String(on),
        onclick: () => api.dispatch({ type: 'toggle_in_list', list: l.id }) },
        h('span.nk-box' + (on ? '.on' : ''), null, on ? icon(ICONS.check, { size: 14, color: '#fff' }) : null),
        h('span.nk-list-opt-name', null, l.name), h('span.nk-muted', null, `${l.places.length}`));
    }),
    h('div.nk-new-list', null,
      h('input.field-input', { 'data-gym': 'field:new_list', type: 'text', placeholder: 'New list name', value: api.draft('new_list'),
        oninput: (e) => api.dispatch({ type: '@draft', key: 'new_list', value: e.target.value }) }),
      button('Create', { id: 'btn:create-list', kind: 'secondary', onclick: () => api.dispatch({ type: 'create_list' }) })),
    api.state.ui.error ? h('div.nk-sheet-error', { 'data-gym': 'error', role: 'alert' }, api.state.ui.error) : null,
    button('Done', { id: 'btn:done', onclick: () => api.dispatch({ type: 'close_dialog' }) })));
}

function visitSheet(api, p) {
  const v = api.state.ui.visit || {};
  const days = nextDays(api.now);
  const times = api.world.visit_times || [];
  return h('div.scrim.nk-sheet-scrim', { 'data-gym': 'sheet:visit' }, h('div.nk-sheet', { role: 'dialog' },
    h('div.nk-sheet-title', null, `Plan a visit to ${p.name}`),
    h('div.nk-sheet-label', null, 'Day'),
    h('div.nk-days', null, days.map((d, i) => {
      const ms = at(d, '12:00');
      return h('button.nk-day' + (v.date === d ? '.active' : ''), { 'data-gym': `day:${d}`, onclick: () => api.dispatch({ type: 'set_visit', date: d }) },
        h('span.nk-day-wd', null, i === 0 ? 'Today' : api.clock.shortDate(ms).slice(0, 3)), h('span.nk-day-num', null, String(Number(d.slice(8)))));
    })),
    h('div.nk-sheet-label', null, 'Time'),
    h('div.nk-times', null, times.map((t) => {
      const ok = v.date && isOpenAt(p, at(v.date, t)) && at(v.date, t) > api.now;
      return h('button.nk-time' + (v.time === t ? '.active' : '') + (ok ? '' : '.off'), { 'data-gym': `time:${t}`, onclick: () => api.dispatch({ type: 'set_visit', time: t }) }, t);
    })),
    api.state.ui.error ? h('div.nk-sheet-error', { 'data-gym': 'error', role: 'alert' }, api.state.ui.error) : null,
    h('div.nk-sheet-actions', null,
      button('Cancel', { id: 'btn:cancel-visit', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) }),
      button('Add visit', { id: 'btn:add-visit', disabled: !v.time, onclick: () => api.dispatch({ type: 'add_visit' }) }))));
}

/** The place screen. */
export function placeScreen(api) {
  const { data, ui } = api.state;
  const p = place(api.world, ui.place);
  const r = ratingOf(api.world, data, p.id);
  const own = myReview(data, p.id);
  const saved = data.lists.some((l) => l.places.includes(p.id));
  const open = isOpenAt(p, api.now);
  const d = ui.dialog;
  return h('div.app.nk-app', null,
    header(api, p.name, { sub: `${categoryName(api.world, p.category)} · ${areaName(api.world, p.area)}` }),
    d === 'save' || d === 'visit' ? null : errorBanner(api),
    scroller(api, 'place', p.id,
      h('div.nk-place-hero', null,
        badge(p, p.name, 56),
        h('div.nk-place-facts', null,
          h('div.nk-title', { 'data-gym': 'place-name' }, p.name),
          h('div.nk-place-rating', null, h('b', null, r.rating.toFixed(1)), stars(r.rating, 14), h('span.nk-muted', null, `(${r.count}) · ${priceText(p.price)}`)),
          h('div.nk-open' + (open ? '.yes' : ''), { 'data-gym': 'open-state' }, hoursLabel(p, api.now)))),
      h('div.nk-about', null, p.about),
      h('div.nk-actions', null,
        action('btn:save', saved ? ICONS.bookmark : ICONS.bookmarkOff, saved ? 'Saved' : 'Save', () => api.dispatch({ type: 'open_save' }), saved),
        action('btn:share', ICONS.share, 'Share', () => api.dispatch({ type: 'share_place' })),
        action('btn:visit', ICONS.calendar, 'Plan visit', () => api.dispatch({ type: 'open_visit' })),
        action('btn:write-review', ICONS.pen, own ? 'Edit review' : 'Review', () => api.dispatch({ type: 'write_review' }))),
      h('div.nk-block', null,
        h('div.nk-fact', { 'data-gym': 'info:address' }, icon(ICONS.pin, { size: 18, color: '#7048e8' }), `${p.address}, ${areaName(api.world, p.area)}`),
        h('div.nk-fact', { 'data-gym': 'info:phone' }, icon(ICONS.phone, { size: 18, color: '#7048e8' }), p.phone),
        h('div.nk-fact.nk-hours', { 'data-gym': 'info:hours' }, icon(ICONS.clock, { size: 18, color: '#7048e8' }),
          h('div.nk-hours-grid', null, hoursLines(p).map(([day, text]) => [h('span', null, day), h('span', null, text)])))),
      h('div.section', null, 'Ratings'),
      h('div.nk-block', null, breakdown(r)),
      h('div.section', null, `Reviews · ${r.count}`),
      h('div.nk-block', null, reviewsOf(api.world, data, p.id).map((rv) => reviewCard(api, rv))),
      questions(api, p),
      h('div.nk-spacer')),
    d === 'save' ? saveSheet(api, p) : null,
    d === 'visit' ? visitSheet(api, p) : null,
    d && d.kind === 'delete_review' ? dialog('Delete your review?', `Your review of ${p.name} will be removed and its rating recalculated.`, [
      { id: 'btn:cancel-delete', label: 'Keep', kind: 'secondary', onclick: () => api.dispatch({ type: 'close_dialog' }) },
      { id: 'btn:confirm-delete', label: 'Delete', kind: 'danger', onclick: () => api.dispatch({ type: 'confirm_delete_review' }) },
    ]) : null,
    notice(api));
}

/** The write / edit review screen: star picker, text with a character count, post. */
export function writeScreen(api) {
  const { ui } = api.state;
  const p = place(api.world, ui.place);
  const text = api.draft('review_text');
  const errors = ui.errors || {};
  const labels = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
  return h('div.app.nk-app', null,
    header(api, ui.editing ? 'Edit your review' : 'Write a review', { sub: p.name }),
    scroller(api, 'write', p.id,
      h('div.nk-starpick', null,
        h('div.nk-starrow', null, [1, 2, 3, 4, 5].map((s) => h('button.nk-starbtn', { 'data-gym': `star:${s}`, 'aria-label': `${s} stars`,
          onclick: () => api.dispatch({ type: 'set_stars', value: s }) }, icon(ICONS.star, { size: 40, color: s <= ui.stars ? '#f59f00' : '#dee2e6' })))),
        h('div.nk-starlabel', null, ui.stars ? labels[ui.stars] : 'Tap to rate'),
        errors.stars ? h('div.nk-field-error', { 'data-gym': 'error:stars', role: 'alert' }, errors.stars) : null),
      h('label.field', null,
        h('span.field-label', null, 'Your review'),
        h('textarea.field-input.nk-textarea', { 'data-gym': 'field:review_text', rows: 6, placeholder: 'What did you like? What could be better?',
          value: text, oninput: (e) => api.dispatch({ type: '@draft', key: 'review_text', value: e.target.value }) })),
      h('div.nk-counter' + (text.trim().length < 10 ? '.short' : ''), null, `${text.trim().length} / 500 · at least 10 characters`),
      errors.text ? h('div.nk-field-error', { 'data-gym': 'error:text', role: 'alert' }, errors.text) : null),
    h('div.actions-bar', null, button(ui.editing ? 'Save changes' : 'Post review', { id: 'btn:post-review', onclick: () => api.dispatch({ type: 'post_review' }) })),
    notice(api));
}
