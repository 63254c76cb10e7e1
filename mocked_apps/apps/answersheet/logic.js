// AnswerSheet: the task declares typed fields; the agent fills and submits them.
// Query tasks are then judged from state like any other task.

/** Return the initial state: the world's default single "answer" field, nothing submitted. */
export function init(world) {
  return { data: { fields: world.default_fields || [], values: {}, submitted: false, submissions: 0 }, ui: { screen: 'form', drafts: {} } };
}

// A plain decimal ("12", "-3.5", ".5", "1e3"); not Number()'s hex, binary or octal ("0x10" is not 16).
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
// Thousands grouped by commas, three digits a group: "1,204", "-12,000.50".
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;
// One decimal comma: "1,5", "0,25" (a comma before exactly three digits after 1-3 digits is grouping, above).
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

/** Read a typed number: plain decimals, comma-grouped thousands, a decimal comma; NaN for anything else. */
export function parseNumber(text) {
  let body = null;
  if (GROUPED.test(text)) body = text.replace(/,/g, '');
  else if (DECIMAL_COMMA.test(text)) body = text.replace(',', '.');
  else if (DECIMAL.test(text)) body = text;
  const n = body === null ? NaN : Number(body);
  return Object.is(n, -0) ? 0 : n;
}

/** Coerce a typed answer to the field's type ("number" | "text" | "date"); text is trimmed. A number answer
 * that does not read as one ("many", "1,,2", "0x10") is kept as the trimmed text. */
export function coerce(type, raw) {
  const text = String(raw ?? '').trim();
  if (type === 'number') {
    const n = parseNumber(text);
    return Number.isFinite(n) ? n : text;
  }
  return text;
}

/** Apply an action: submit (from drafts or explicit values), edit. */
export function reduce(state, action) {
  switch (action.type) {
    case 'submit': {
      const source = action.values || state.ui.drafts || {};
      state.data.values = {};
      for (const f of state.data.fields) state.data.values[f.name] = coerce(f.type, source[f.name]);
      state.data.submitted = true;
      state.data.submissions += 1;
      state.ui.screen = 'done';
      return state;
    }
    case 'edit':
      state.ui.screen = 'form';
      return state;
    case 'intent':
      return state;
    default:
      return null;
  }
}
