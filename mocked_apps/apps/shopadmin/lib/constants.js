// Fernhill Admin's fixed vocabularies and limits: statuses and labels, reasons, table columns, screens, the user, time units.

export const STATUSES = ['active', 'draft', 'archived'];
export const STATUS_LABEL = { active: 'Active', draft: 'Draft', archived: 'Archived' };
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'];
export const ORDER_LABEL = { pending: 'Pending', paid: 'Paid', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled', refunded: 'Refunded' };
/** The order workflow: status -> the next one "advance" moves to. */
export const NEXT_STATUS = { pending: 'paid', paid: 'shipped', shipped: 'delivered' };
export const CANCELLABLE = ['pending', 'paid'];
export const REFUNDABLE = ['paid', 'shipped', 'delivered'];
export const ADJ_REASONS = ['received', 'damaged', 'recount', 'lost', 'return', 'other'];
export const REASON_LABEL = {
  received: 'Received', damaged: 'Damaged', recount: 'Recount', lost: 'Lost', return: 'Customer return', other: 'Other',
  refund: 'Refund restock', cancel: 'Order cancelled', order: 'Order edit', initial: 'Initial stock',
};
export const REFUND_REASONS = ['damaged', 'wrong-item', 'not-as-described', 'customer-request', 'other'];
export const REFUND_REASON_LABEL = {
  'damaged': 'Damaged', 'wrong-item': 'Wrong item', 'not-as-described': 'Not as described', 'customer-request': 'Customer request', 'other': 'Other',
  'cancelled': 'Order cancelled',
};
export const SORT_COLUMNS = ['sku', 'title', 'category', 'price', 'cost', 'stock', 'status', 'vendor'];
export const FILTER_FIELDS = ['category', 'status', 'vendor'];
/** The highest price or cost a product may have, in cents ($100,000.00): money stays exact integer cents. */
export const PRICE_MAX = 10000000;
/** Longest stock-adjustment note and vendor email. */
export const NOTE_MAX = 200;
export const EMAIL_MAX = 120;
export const PCT_MIN = -90;
export const PCT_MAX = 200;
export const SCREENS = ['products', 'lowstock', 'orders', 'vendors', 'pos', 'adjustments'];
export const ME = 'Robin Ashdown';

export const DAY_MS = 86400000;
export const MIN_MS = 60000;
