// Cairn's desktop view: a left rail (projects and views), a top bar (breadcrumb, create), and the
// board, backlog table, sprints list or an issue's detail page. Every actionable element has a data-gym id.

import { h } from '../../runtime/ui/h.js';
import { avatar, svg } from '../../runtime/ui/kit.js';
import { findIssue, userName } from './lib/select.js';
import { board, sprints } from './ui/board.js';
import { backlog } from './ui/backlog.js';
import { issuePage } from './ui/issue.js';
import { dialogs } from './ui/dialogs.js';
import { ICONS, projectOf } from './ui/common.js';

// ------------------------------------------------------------------ chrome

function rail(api) {
  const { ui } = api.state;
  const projects = api.world.projects || [];
  const views = [['board', 'Board', ICONS.board], ['backlog', 'Backlog', ICONS.backlog], ['sprints', 'Sprints', ICONS.sprint]];
  return h('aside.tk-rail', null,
    h('div.tk-brand', null, svg('M12 3l9 16H3zm0 5l-4.5 8h9z', { size: 22, color: '#f0c36b' }), h('span', null, 'Cairn')),
    h('div.tk-rail-head', null, 'Projects'),
    projects.map((p) => h('div.tk-rail-item' + (p.key === ui.project ? '.active' : ''), {
      'data-gym': `project:${p.key}`, role: 'button', onclick: () => api.dispatch({ type: 'select_project', key: p.key }),
    }, h('span.tk-proj-dot', { style: { background: p.color } }, p.key[0]), h('span.tk-rail-label', null, p.name))),
    h('div.tk-rail-head', null, 'Views'),
    views.map(([id, label, glyph]) => h('div.tk-rail-item' + (ui.screen === id ? '.active' : ''), {
      'data-gym': `view:${id}`, role: 'button', onclick: () => api.dispatch({ type: 'view', screen: id }),
    }, svg(glyph, { size: 16 }), h('span.tk-rail-label', null, label))),
    h('div.tk-rail-foot', null, avatar(userName(api.world, api.state.data.me), 24), h('span', null, userName(api.world, api.state.data.me))));
}

function topBar(api, crumbs) {
  return h('div.tk-top', null,
    h('div.tk-crumbs', null, crumbs.map((c, i) => [i ? h('span.tk-crumb-sep', null, '/') : null, h('span.tk-crumb', null, c)])),
    h('div.tk-spacer'),
    h('button.tk-btn', { 'data-gym': 'btn:create-issue', onclick: () => api.dispatch({ type: 'new_issue' }) }, svg(ICONS.plus, { size: 16, color: '#fff' }), 'Create issue'));
}

function noticeBar(api) {
  const text = api.state.ui.notice;
  if (!text) return null;
  return h('div.tk-notice', { 'data-gym': 'notice', role: 'status' }, h('span', null, text),
    h('button.tk-x', { 'data-gym': 'btn:dismiss', 'aria-label': 'Dismiss', onclick: () => api.dispatch({ type: 'dismiss' }) }, svg(ICONS.close, { size: 14 })));
}

// ------------------------------------------------------------------ root

/** Render Cairn. */
export function render(api) {
  const { data, ui } = api.state;
  const project = projectOf(api);
  let content;
  let crumbs;
  if (ui.screen === 'issue') {
    const issue = findIssue(data, ui.issue);
    crumbs = [project.name, issue ? issue.id : 'Issue'];
    content = issuePage(api);
  } else if (ui.screen === 'backlog') {
    crumbs = [project.name, 'Backlog'];
    content = backlog(api);
  } else if (ui.screen === 'sprints') {
    crumbs = [project.name, 'Sprints'];
    content = sprints(api);
  } else {
    crumbs = [project.name, 'Board'];
    content = board(api);
  }
  return h('div.app.tracker', null,
    rail(api),
    h('section.tk-main', null, topBar(api, crumbs), noticeBar(api), content),
    dialogs(api));
}
