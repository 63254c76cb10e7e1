// Fernhill Goods back office: a left sidebar (sections), a top bar, and the products table (filters,
// search, sortable columns, check boxes with a bulk bar), product pages (edit + stock adjustments),
// orders (list and detail with pay/ship/deliver, cancel, refund), low stock with purchase orders,
// vendors and the inventory log. Every actionable element has a data-gym id.
// Entry point: render picks the screen and dialog; the parts live in ui/ (widgets, chrome, products, orders, stock).

import { h } from '../../runtime/ui/h.js';
import { sidebar } from './ui/chrome.js';
import { products, bulkDialog, productPage, newProductDialog } from './ui/products.js';
import { orders, orderPage, refundDialog, cancelDialog } from './ui/orders.js';
import { lowStockPage, poDialog, posPage, poPage, vendorsPage, vendorPage, adjustmentsPage } from './ui/stock.js';

// ------------------------------------------------------------------ root

/** Render the back office. */
export function render(api) {
  const { ui } = api.state;
  let page;
  switch (ui.screen) {
    case 'product': page = productPage(api); break;
    case 'orders': page = orders(api); break;
    case 'order': page = orderPage(api); break;
    case 'lowstock': page = lowStockPage(api); break;
    case 'pos': page = posPage(api); break;
    case 'po': page = poPage(api); break;
    case 'vendors': page = vendorsPage(api); break;
    case 'vendor': page = vendorPage(api); break;
    case 'adjustments': page = adjustmentsPage(api); break;
    default: page = products(api);
  }
  const dialog = ui.dialog === 'bulk' ? bulkDialog(api) : ui.dialog === 'refund' ? refundDialog(api) : ui.dialog === 'cancel' ? cancelDialog(api)
    : ui.dialog === 'po' ? poDialog(api) : ui.dialog === 'new-product' ? newProductDialog(api) : null;
  return h('div.app.shopadmin', null, sidebar(api), page, dialog);
}
