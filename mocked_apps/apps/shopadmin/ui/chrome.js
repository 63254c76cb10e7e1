// The frame around every screen: the sidebar, the top bar, the notice bar and the back link.

import { h } from '../../../runtime/ui/h.js';
import { svg } from '../../../runtime/ui/kit.js';
import { lowStock } from '../lib/select.js';
import { ICONS } from './widgets.js';

export function sidebar(api) {
  const { data, ui } = api.state;
  const low = lowStock(data).length;
  const pending = data.orders.filter((o) => o.status === 'pending').length;
  const items = [
    ['products', 'Products', ICONS.products, data.products.length],
    ['lowstock', 'Low stock', ICONS.low, low],
    ['orders', 'Orders', ICONS.orders, pending ? `${pending} pending` : null],
    ['pos', 'Purchase orders', ICONS.pos, null],
    ['vendors', 'Vendors', ICONS.vendors, null],
    ['adjustments', 'Inventory log', ICONS.log, null],
  ];
  const section = { product: 'products', order: 'orders', vendor: 'vendors', po: 'pos' }[ui.screen] || ui.screen;
  return h('aside.sa-side', null,
    h('div.sa-brand', null, svg(ICONS.logo, { size: 24, color: '#f3c77a' }), h('div', null, h('div.sa-brand-name', null, 'Fernhill Goods'), h('div.sa-brand-sub', null, 'Back office'))),
    items.map(([id, label, glyph, badge]) => h('div.sa-nav' + (section === id ? '.active' : ''), {
      'data-gym': `nav:${id}`, role: 'button', onclick: () => api.dispatch({ type: 'nav', screen: id }) },
    svg(glyph, { size: 17 }), h('span.sa-nav-label', null, label),
    badge !== null && badge !== undefined ? h('span.sa-badge' + (id === 'lowstock' && low ? '.warn' : ''), null, String(badge)) : null)),
    h('div.sa-side-foot', null, h('span.sa-avatar', null, 'RA'), h('span', null, 'Robin Ashdown')));
}

export function topBar(title, sub, actions) {
  return h('div.sa-top', null,
    h('div', null, h('div.sa-title', null, title), sub ? h('div.sa-sub', null, sub) : null),
    h('div.sa-spacer'), actions || null);
}

export function noticeBar(api) {
  const text = api.state.ui.notice;
  if (!text) return null;
  return h('div.sa-notice', { 'data-gym': 'notice', role: 'status' }, h('span', null, text),
    h('button.sa-x', { 'data-gym': 'btn:dismiss', 'aria-label': 'Dismiss', onclick: () => api.dispatch({ type: 'dismiss' }) }, svg(ICONS.close, { size: 14 })));
}

export function backLink(api, label) {
  return h('button.sa-link', { 'data-gym': 'btn:back', onclick: () => api.back() }, svg(ICONS.back, { size: 14 }), label);
}
