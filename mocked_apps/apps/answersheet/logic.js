// AnswerSheet: the task declares typed fields; the agent fills and submits them.
// Query tasks are then judged from state like any other task.

/** Return the initial state: the world's default single "answer" field, nothing submitted. */
export function init(world) {
  return { data: { fields: world.default_fields || [], values: {}, submitted: false, submissions: 0 }, ui: { screen: 'form', drafts: {} } };
}

/** Coerce a typed answer to the field's type ("number" | "text" | "date"); text is trimmed. */
export function coerce(type, raw) {
  const text = String(raw ?? '').trim();
  if (type === 'number') {
    const n = Number(text.replace(/,/g, ''));
    return text !== '' && Number.isFinite(n) ? n : text;
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
