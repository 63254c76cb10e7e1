// Vendors, low stock and purchase orders, and the inventory log filter: their reducer cases.

import { REASON_LABEL, EMAIL_MAX } from './constants.js';
import { dateAfter, parseInt10, isEmail } from './format.js';
import { findProduct, findVendor, findPo, vendorName, isLow, suggestedQty } from './select.js';
import { deny, clearTransient, go, moveStock, nextNumber, onPage, shownLow } from './helpers.js';

/** Actions of the vendor pages, low stock, purchase orders and the inventory log; undefined for any other action. */
export function stockActions(state, action, ctx) {
  const { data, ui } = state;
  switch (action.type) {
    // ---------------------------------------------------------------- vendors
    case 'open_vendor': {
      const v = findVendor(data, action.id);
      if (!v) return state;
      go(ui, { screen: 'vendor', vendor: v.id });
      ui.drafts['v-email'] = v.email;
      ui.drafts['v-lead'] = String(v.lead_days);
      return state;
    }
    case 'save_vendor': {
      const v = onPage(state, 'vendor', undefined, findVendor);
      if (!v) return state;
      const errors = {};
      const email = String(ui.drafts['v-email'] ?? '').trim();
      if (!isEmail(email)) errors.email = 'Enter a valid email address';
      else if (email.length > EMAIL_MAX) errors.email = `Emails can have at most ${EMAIL_MAX} characters`;
      const lead = parseInt10(ui.drafts['v-lead'], { min: 1, max: 90, label: 'Lead time' });
      if (lead.error) errors.lead = lead.error;
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      v.email = email;
      v.lead_days = lead.value;
      ui.errors = {};
      ui.notice = `Saved ${v.name}`;
      return state;
    }
    // ---------------------------------------------------------------- low stock and purchase orders
    case 'low_vendor':
      if (action.vendor !== 'all' && !findVendor(data, action.vendor)) return state;
      ui.lvendor = action.vendor;
      return state;
    case 'lcheck': {
      const p = shownLow(state).find((x) => x === findProduct(data, action.id));
      if (!p) return state;
      ui.lchecked = ui.lchecked.includes(p.id) ? ui.lchecked.filter((k) => k !== p.id) : [...ui.lchecked, p.id];
      return state;
    }
    case 'start_po': {
      // Checked low-stock items (all from one vendor), or every low item of action.vendor.
      // On the low-stock page: the selection it counts ("N selected"), or a vendor's button, shown with its rows.
      if (ui.screen !== 'lowstock' || ui.dialog) return state;
      let ids = ui.lchecked.filter((id) => findProduct(data, id) && isLow(findProduct(data, id)));
      if (action.vendor) {
        const rows = shownLow(state).filter((p) => p.vendor === action.vendor).map((p) => p.id);
        if (!rows.length) return state;
        const mine = ids.filter((id) => findProduct(data, id).vendor === action.vendor);
        ids = mine.length ? mine : rows;
      }
      if (!ids.length) return deny(state, 'Select low-stock items first');
      const vendors = [...new Set(ids.map((id) => findProduct(data, id).vendor))];
      if (vendors.length > 1) {
        return deny(state, `A purchase order goes to one vendor. The selected items come from ${vendors.map((v) => vendorName(data, v)).join(' and ')}.`);
      }
      clearTransient(ui);
      ui.dialog = 'po';
      ui.poDraft = { vendor: vendors[0], lines: ids };
      for (const id of ids) ui.drafts[`po-qty:${id}`] = String(suggestedQty(findProduct(data, id)));
      return state;
    }
    case 'po_remove_line': {
      if (ui.dialog !== 'po' || !ui.poDraft) return state;
      ui.poDraft.lines = ui.poDraft.lines.filter((id) => id !== action.id);
      if (!ui.poDraft.lines.length) Object.assign(ui, { dialog: null, poDraft: null });
      return state;
    }
    case 'confirm_po': {
      if (ui.dialog !== 'po' || !ui.poDraft) return state;
      const errors = {};
      const lines = [];
      for (const id of ui.poDraft.lines) {
        const p = findProduct(data, id);
        const q = parseInt10(ui.drafts[`po-qty:${id}`], { min: 1, max: 999, label: `Quantity for ${p.sku}` });
        if (q.error) errors[`po-qty:${id}`] = q.error;
        else lines.push({ product: id, qty: q.value, cost: p.cost });
      }
      if (Object.keys(errors).length) return (ui.errors = errors), state;
      const vendor = findVendor(data, ui.poDraft.vendor);
      const id = `PO-${nextNumber(data, 'po', 'PO-')}`;
      data.pos.push({ id, vendor: vendor.id, lines, status: 'sent', created: dateAfter(ctx.now, 0), expected: dateAfter(ctx.now, vendor.lead_days) });
      for (const l of ui.poDraft.lines) delete ui.drafts[`po-qty:${l}`];
      ui.lchecked = ui.lchecked.filter((k) => !ui.poDraft.lines.includes(k));
      Object.assign(ui, { dialog: null, poDraft: null, errors: {} });
      ui.notice = `${id} sent to ${vendor.name}`;
      return state;
    }
    case 'open_po': {
      const po = findPo(data, action.id);
      if (!po) return state;
      go(ui, { screen: 'po', po: po.id });
      return state;
    }
    case 'receive_po': {
      const po = onPage(state, 'po', action.id, findPo);
      if (!po) return state;
      if (po.status !== 'sent') return deny(state, `${po.id} is ${po.status}; only sent orders can be received`);
      for (const l of po.lines) {
        const p = findProduct(data, l.product);
        if (p) moveStock(data, ctx, p, l.qty, 'received', po.id);
      }
      po.status = 'received';
      po.received = dateAfter(ctx.now, 0);
      ui.notice = `${po.id} received; stock updated`;
      return state;
    }
    case 'cancel_po': {
      const po = onPage(state, 'po', action.id, findPo);
      if (!po) return state;
      if (po.status !== 'sent') return deny(state, `${po.id} is ${po.status}; only sent orders can be cancelled`);
      po.status = 'cancelled';
      ui.notice = `${po.id} cancelled`;
      return state;
    }
    case 'adj_filter':
      if (action.reason !== 'all' && !REASON_LABEL[action.reason]) return state;
      ui.areason = action.reason;
      return state;
    default:
      return undefined;
  }
}
