// Money in integer cents: parsing what a user types, formatting what the app shows.
// Every amount in the state is an integer number of cents (no floating-point sums).

/** The currency sign shown before amounts (an invented currency). */
export const CURRENCY = '¤';

/**
 * Return the cents of a typed amount, or null when it is not a valid positive amount.
 * Accepts "45", "45.5", "45.50", "1,500", "1,500.25", "¤ 12.30"; rejects negatives,
 * more than two decimals, zero, empty text and anything else.
 */
export function parseAmount(text) {
  let t = String(text ?? '').trim().replace(/^¤\s*/, '').replace(/\s+/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(t)) t = t.replace(/,/g, '');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  if (m[1].length > 9) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] || '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** Return "1,234.56" for 123456 cents (no sign, no currency). */
export function plain(cents) {
  const abs = Math.abs(Math.round(cents));
  const units = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${rest}`;
}

/** Return "¤1,234.56"; negatives as "−¤12.30"; with `sign: true` positives as "+¤12.30". */
export function money(cents, { sign = false } = {}) {
  const body = `${CURRENCY}${plain(cents)}`;
  if (cents < 0) return `−${body}`;
  return sign && cents > 0 ? `+${body}` : body;
}

/** Return "¤1,500" for whole amounts and "¤12.30" otherwise (for limits and round figures). */
export function short(cents) {
  return cents % 100 === 0 ? `${CURRENCY}${plain(cents).slice(0, -3)}` : money(cents);
}
