// Alembic (potionlab): a brewing lab. Ingredients carry an element (heat, cold, calm,
// spark) and a potency 1–3; two catalysts change the ingredient in the slot before
// them. Brewing the cauldron's slots follows fixed rules (brewResult) that decide the
// potion's family and grade. Potions go to the shelf; customers' orders ask for a
// family, a minimum grade and sometimes a clear or layered potion; the market sells
// ingredients for coins. Everything is deterministic: no clock, no randomness.

/** The four elements, in display order, and each one's opposite. */
export const ELEMENTS = ['heat', 'cold', 'calm', 'spark'];
export const OPPOSITE = { heat: 'cold', cold: 'heat', calm: 'spark', spark: 'calm' };

/** Potion families: the dominant element decides it; "murk" is a failed brew. */
export const FAMILIES = {
  ember: { element: 'heat', name: 'Ember Tonic' },
  rime: { element: 'cold', name: 'Rime Draught' },
  hush: { element: 'calm', name: 'Hush Elixir' },
  zest: { element: 'spark', name: 'Zest Philter' },
  murk: { element: null, name: 'Murky Sludge' },
};
export const FAMILY_OF = { heat: 'ember', cold: 'rime', calm: 'hush', spark: 'zest' };
export const GRADE_WORD = ['', 'Faint', 'Sturdy', 'Grand'];
export const ROMAN = ['0', 'I', 'II', 'III'];

/** Cauldron size, and the tip paid per grade above an order's minimum. */
export const SLOTS = 4;
export const MIN_INGREDIENTS = 2;
export const TIP_PER_GRADE = 4;
export const TABS = ['brew', 'pantry', 'shelf', 'orders', 'book'];

// ---------------------------------------------------------------- selectors

/** Return the world ingredient with `id`, or undefined. */
export function ingredient(world, id) {
  return (world.ingredients || []).find((i) => i.id === id);
}

/** Return the world order with `id` (static fields), or undefined. */
export function orderInfo(world, id) {
  return (world.orders || []).find((o) => o.id === id);
}

/** Return the grade a dominant tally earns: 1–2 → 1, 3–5 → 2, 6+ → 3. */
export function gradeFor(tally) {
  if (tally >= 6) return 3;
  if (tally >= 3) return 2;
  return tally >= 1 ? 1 : 0;
}

/**
 * Apply the brewing rules to the ingredient ids in slot order. Returns
 * {ok, error?, family, grade, cloudy, layered, tallies, steps}: `steps` explains each rule applied.
 * Rules: (1) a catalyst acts on the ingredient in the slot right before it (Mirrorcap doubles its
 * potency, Turnwort turns its element into the opposite); after a catalyst or in slot 1 it fizzles.
 * (2) potencies add up per element; (3) opposites cancel (the smaller tally is subtracted from the
 * larger, equal ones both vanish); (4) the largest remaining tally is dominant and names the family;
 * a tie for the top or nothing left is Murky Sludge (grade 0); (5) grade from the dominant tally;
 * (6) any other element left over makes the potion Cloudy: −1 grade (not below 1); (7) Layered:
 * 3+ ingredients, no catalyst, each potency higher than the slot before: +1 grade (max 3).
 */
export function brewResult(world, slots) {
  const items = (slots || []).map((id) => ingredient(world, id));
  if (items.some((i) => !i)) return { ok: false, error: 'Unknown ingredient' };
  if (items.length < MIN_INGREDIENTS) return { ok: false, error: `Add at least ${MIN_INGREDIENTS} ingredients` };
  if (items.length > SLOTS) return { ok: false, error: `The cauldron holds ${SLOTS} ingredients` };
  const steps = [];
  const eff = items.map((i) => (i.kind === 'catalyst' ? null : { element: i.element, potency: i.potency, name: i.name }));
  items.forEach((it, idx) => {
    if (it.kind !== 'catalyst') return;
    const prev = idx > 0 ? eff[idx - 1] : null;
    if (!prev) {
      steps.push(`${it.name} fizzles (nothing to act on)`);
      return;
    }
    if (it.effect === 'double') {
      prev.potency *= 2;
      steps.push(`${it.name} doubles ${prev.name} to ${prev.potency}`);
    } else if (it.effect === 'invert') {
      prev.element = OPPOSITE[prev.element];
      steps.push(`${it.name} turns ${prev.name} to ${prev.element}`);
    }
  });
  const tallies = { heat: 0, cold: 0, calm: 0, spark: 0 };
  for (const e of eff) if (e) tallies[e.element] += e.potency;
  const raw = { ...tallies };
  for (const [a, b] of [['heat', 'cold'], ['calm', 'spark']]) {
    const cut = Math.min(tallies[a], tallies[b]);
    if (cut > 0) steps.push(`${a} ${tallies[a]} and ${b} ${tallies[b]} cancel by ${cut}`);
    tallies[a] -= cut;
    tallies[b] -= cut;
  }
  const top = Math.max(...ELEMENTS.map((e) => tallies[e]));
  const leaders = ELEMENTS.filter((e) => tallies[e] === top);
  if (top === 0 || leaders.length > 1) {
    steps.push(top === 0 ? 'nothing is left: murk' : `tie between ${leaders.join(' and ')}: murk`);
    return { ok: true, family: 'murk', grade: 0, cloudy: false, layered: false, tallies, raw, steps };
  }
  const dominant = leaders[0];
  let grade = gradeFor(top);
  steps.push(`${dominant} ${top} is dominant: grade ${grade}`);
  const cloudy = ELEMENTS.some((e) => e !== dominant && tallies[e] > 0);
  if (cloudy) {
    grade = Math.max(1, grade - 1);
    steps.push(`another element is left over: cloudy, grade ${grade}`);
  }
  const layered = items.length >= 3 && items.every((i) => i.kind !== 'catalyst')
    && items.every((i, idx) => idx === 0 || i.potency > items[idx - 1].potency);
  if (layered) {
    grade = Math.min(3, grade + 1);
    steps.push(`rising potencies: layered, grade ${grade}`);
  }
  return { ok: true, family: FAMILY_OF[dominant], grade, cloudy, layered, tallies, raw, steps };
}

/** Return a potion's display name: "Sturdy Hush Elixir" (Murky Sludge has no grade word). */
export function potionName(p) {
  if (!p || p.family === 'murk' || !FAMILIES[p.family]) return FAMILIES.murk.name;
  return `${GRADE_WORD[p.grade] || ''} ${FAMILIES[p.family].name}`.trim();
}

/** Return "Hush Elixir, grade II or better" (+ ", clear" / ", layered") for an order's request. */
export function requestText(info) {
  const extra = [info.clear ? 'clear' : null, info.layered ? 'layered' : null].filter(Boolean);
  return `${FAMILIES[info.family].name}, grade ${ROMAN[info.min_grade]} or better${extra.length ? `, ${extra.join(', ')}` : ''}`;
}

/** Return why `potion` cannot fill the order `info`, or '' when it can. */
export function mismatch(info, potion) {
  if (!potion) return 'No such potion';
  if (potion.family !== info.family) return `It must be a ${FAMILIES[info.family].name}`;
  if (potion.grade < info.min_grade) return `It must be grade ${ROMAN[info.min_grade]} or better`;
  if (info.clear && potion.cloudy) return 'It must be clear, not cloudy';
  if (info.layered && !potion.layered) return 'It must be layered';
  return '';
}

/** Return the coins an order pays for `potion`: the reward plus a tip per grade above the minimum. */
export function payout(info, potion) {
  return info.reward + TIP_PER_GRADE * Math.max(0, potion.grade - info.min_grade);
}

/** Return how many of ingredient `id` are free to add (stock minus those already in the cauldron). */
export function available(data, id) {
  const used = (data.slots || []).filter((s) => s === id).length;
  return Math.max(0, (data.stock[id] || 0) - used);
}

/** Market filter chips: all, one element, or the catalysts. */
export const MARKET_FILTERS = ['all', 'heat', 'cold', 'calm', 'spark', 'catalyst'];

/** Return a whole quantity 1–20 from typed text or a number, else null. */
export function parseQty(raw) {
  const text = String(raw ?? '').trim();
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 20 ? n : null;
}

/** Return the book key of a brew result: "<family>-<grade>" ("murk" for sludge). */
export function bookKey(p) {
  return p.family === 'murk' ? 'murk' : `${p.family}-${p.grade}`;
}

/** Return every possible book entry key in display order (4 families × 3 grades, then murk). */
export function allBookKeys() {
  const keys = [];
  for (const fam of ['ember', 'rime', 'hush', 'zest']) for (const g of [1, 2, 3]) keys.push(`${fam}-${g}`);
  keys.push('murk');
  return keys;
}

/** Split a book key into {family, grade}. */
export function parseKey(key) {
  if (key === 'murk') return { family: 'murk', grade: 0 };
  const [family, g] = String(key).split('-');
  return { family, grade: Number(g) };
}

/** Return the customer's display name: from Contacts when present, else the world's copy. */
export function customerName(info, contacts) {
  const c = contacts && (contacts.data.contacts || []).find((x) => x.id === info.customer);
  return c ? c.name : info.name;
}

/** Return the text of the "Message customer" hand-off. */
export function readyText(info, order, contacts) {
  const first = customerName(info, contacts).split(/\s+/)[0];
  if (order && order.status === 'done' && order.potion) {
    return `Hi ${first}, your ${potionName(order.potion)} is ready for pickup at Alembic.`;
  }
  return `Hi ${first}, about your order for a ${requestText(info)}: `;
}

// ------------------------------------------------------------------ init

/** Return the initial state: the world's pantry, coins, shelf, orders and recipe book. */
export function init(world) {
  const stock = {};
  for (const i of world.ingredients || []) stock[i.id] = (world.stock || {})[i.id] || 0;
  return {
    data: {
      coins: world.coins || 0,
      stock,
      slots: [],
      potions: (world.potions || []).map((p) => ({ ...p, recipe: [...(p.recipe || [])] })),
      orders: (world.orders || []).map((o) => ({ id: o.id, status: o.status || 'open', potion: o.delivered || null, paid: o.paid || 0 })),
      book: (world.book || []).map((b) => ({ ...b, recipe: [...b.recipe] })),
      brews: 0,
    },
    ui: freshUi(),
  };
}

function freshUi() {
  return { screen: 'tabs', tab: 'brew', stack: [], order: null, potion: null, recipe: null, result: null, dialog: null, notice: null,
    market: 'all', buying: null, drafts: {} };
}

// ------------------------------------------------------------------ helpers

function push(ui) {
  ui.stack.push({ screen: ui.screen, tab: ui.tab, order: ui.order, potion: ui.potion, recipe: ui.recipe });
}

function pop(state) {
  const { ui, data } = state;
  const entry = ui.stack.pop() || { screen: 'tabs', tab: ui.tab };
  Object.assign(ui, { screen: entry.screen, tab: entry.tab || ui.tab, order: entry.order ?? null, potion: entry.potion ?? null,
    recipe: entry.recipe ?? null, dialog: null });
  if (ui.screen === 'potion' && !data.potions.some((p) => p.id === ui.potion)) Object.assign(ui, { screen: 'tabs', stack: [] });
}

function goTo(ui, screen, fields) {
  push(ui);
  Object.assign(ui, { screen, dialog: null }, fields);
}

function newPotionId(data, ctx) {
  let id = ctx.uid('pt');
  while (data.potions.some((p) => p.id === id)) id = ctx.uid('pt');
  return id;
}

function brew(state, ctx) {
  const { data, ui } = state;
  const res = brewResult(ctx.world, data.slots);
  if (!res.ok) {
    ui.notice = res.error;
    return state;
  }
  const need = {};
  for (const id of data.slots) need[id] = (need[id] || 0) + 1;
  if (Object.keys(need).some((id) => (data.stock[id] || 0) < need[id])) {
    ui.notice = 'Not enough in the pantry';
    return state;
  }
  for (const id of data.slots) data.stock[id] -= 1;
  const potion = { id: newPotionId(data, ctx), family: res.family, grade: res.grade, cloudy: res.cloudy, layered: res.layered,
    recipe: [...data.slots] };
  data.potions.push(potion);
  data.brews = (data.brews || 0) + 1;
  const key = bookKey(potion);
  const entry = data.book.find((b) => b.id === key);
  if (entry) entry.brewed += 1;
  else data.book.push({ id: key, recipe: [...data.slots], brewed: 1 });
  ui.result = { potion: potion.id, discovered: !entry, steps: res.steps };
  data.slots = [];
  return state;
}

function deliver(state, action, ctx) {
  const { data, ui } = state;
  const order = data.orders.find((o) => o.id === (action.order ?? ui.order));
  const info = order && orderInfo(ctx.world, order.id);
  const potion = data.potions.find((p) => p.id === action.potion);
  if (!order || !info || !potion) return state;
  if (order.status !== 'open') {
    ui.notice = 'This order is already delivered';
    return state;
  }
  const why = mismatch(info, potion);
  if (why) {
    ui.notice = `Not accepted: ${why}`;
    return state;
  }
  const paid = payout(info, potion);
  data.potions = data.potions.filter((p) => p.id !== potion.id);
  order.status = 'done';
  order.potion = { family: potion.family, grade: potion.grade, cloudy: potion.cloudy, layered: potion.layered, from: potion.id,
    recipe: [...(potion.recipe || [])] };
  order.paid = paid;
  data.coins += paid;
  ui.notice = `Delivered ${potionName(potion)}: +${paid} coins`;
  return state;
}

function onIntent(state, action, ctx) {
  const { ui, data } = state;
  if (action.order !== undefined && data.orders.some((o) => o.id === action.order)) {
    Object.assign(ui, { screen: 'order', order: action.order, tab: 'orders', dialog: null, result: null,
      stack: [{ screen: 'tabs', tab: 'orders' }] });
  } else if (action.tab !== undefined && TABS.includes(action.tab)) {
    Object.assign(ui, { screen: 'tabs', tab: action.tab, stack: [], dialog: null });
  }
  void ctx;
  return state;
}

// ------------------------------------------------------------------ reducer

/**
 * Apply an action. Actions: intent {order | tab}, tab {tab}, rules, add {ing}, remove {slot},
 * empty, brew, dismiss_result, market {filter}, buy_sheet {ing}, close_sheet, buy {ing?, qty?}, open_potion {id}, discard {id?}, confirm_discard,
 * open_order {id}, deliver {order?, potion}, message {order?}, open_contact {order?},
 * open_recipe {key}, load {key?}, close_dialog, back.
 */
export function reduce(state, action, ctx) {
  const { data, ui } = state;
  ui.stack = ui.stack || [];
  ui.drafts = ui.drafts || {};
  if (action.type !== 'intent') ui.notice = null;
  const world = ctx.world;
  switch (action.type) {
    case 'intent':
      return onIntent(state, action, ctx);
    case 'tab':
      if (!TABS.includes(action.tab)) return state;
      Object.assign(ui, { screen: 'tabs', tab: action.tab, stack: [], dialog: null, result: null, buying: null });
      return state;
    case 'rules':
      if (ui.screen === 'rules') return state;
      goTo(ui, 'rules', {});
      return state;
    case 'add': {
      const ing = ingredient(world, action.ing);
      if (!ing) return state;
      if (data.slots.length >= SLOTS) {
        ui.notice = `The cauldron is full (${SLOTS} slots)`;
        return state;
      }
      if (available(data, ing.id) <= 0) {
        ui.notice = `No ${ing.name} left in the pantry`;
        return state;
      }
      data.slots.push(ing.id);
      return state;
    }
    case 'remove': {
      const i = Number(action.slot);
      if (!Number.isInteger(i) || i < 0 || i >= data.slots.length) return state;
      data.slots.splice(i, 1);
      return state;
    }
    case 'empty':
      data.slots = [];
      return state;
    case 'brew':
      return brew(state, ctx);
    case 'dismiss_result':
      ui.result = null;
      return state;
    case 'market':
      if (!MARKET_FILTERS.includes(action.filter)) return state;
      ui.market = action.filter;
      return state;
    case 'buy_sheet': {
      const ing = ingredient(world, action.ing);
      if (!ing) return state;
      ui.buying = ing.id;
      ui.drafts.qty = '1';
      return state;
    }
    case 'close_sheet':
      ui.buying = null;
      return state;
    case 'buy': {
      const ing = ingredient(world, action.ing ?? ui.buying);
      const raw = action.qty ?? (action.ing === undefined ? ui.drafts.qty : 1);
      const qty = parseQty(raw);
      if (!ing) return state;
      if (qty === null) {
        ui.notice = 'Enter a quantity from 1 to 20';
        return state;
      }
      const cost = ing.price * qty;
      if (cost > data.coins) {
        ui.notice = `Not enough coins: ${qty} ${ing.name} cost ${cost}, you have ${data.coins}`;
        return state;
      }
      data.coins -= cost;
      data.stock[ing.id] = (data.stock[ing.id] || 0) + qty;
      ui.buying = null;
      ui.notice = `Bought ${qty} ${ing.name} for ${cost} coins`;
      return state;
    }
    case 'open_potion':
      if (!data.potions.some((p) => p.id === action.id)) return state;
      goTo(ui, 'potion', { potion: action.id });
      return state;
    case 'discard': {
      const id = action.id ?? ui.potion;
      if (!data.potions.some((p) => p.id === id)) return state;
      ui.potion = id;
      ui.dialog = 'discard';
      return state;
    }
    case 'confirm_discard': {
      const p = data.potions.find((x) => x.id === ui.potion);
      if (ui.dialog !== 'discard' || !p) {
        ui.dialog = null;
        return state;
      }
      data.potions = data.potions.filter((x) => x.id !== p.id);
      ui.dialog = null;
      pop(state);
      ui.notice = `Poured away ${potionName(p)}`;
      return state;
    }
    case 'open_order':
      if (!data.orders.some((o) => o.id === action.id)) return state;
      goTo(ui, 'order', { order: action.id });
      return state;
    case 'deliver':
      return deliver(state, action, ctx);
    case 'message':
    case 'open_contact': {
      const order = data.orders.find((o) => o.id === (action.order ?? ui.order));
      const info = order && orderInfo(world, order.id);
      if (!info) return state;
      const target = action.type === 'message' ? 'messages' : 'contacts';
      if (!ctx.peek(target)) {
        ui.notice = `${target === 'messages' ? 'Messages' : 'Contacts'} is not available`;
        return state;
      }
      if (target === 'messages') ctx.open('messages', { to: info.customer, text: readyText(info, order, ctx.peek('contacts')) });
      else ctx.open('contacts', { contact_id: info.customer });
      return state;
    }
    case 'open_recipe':
      if (!allBookKeys().includes(action.key)) return state;
      goTo(ui, 'recipe', { recipe: action.key });
      return state;
    case 'load': {
      const entry = data.book.find((b) => b.id === (action.key ?? ui.recipe));
      if (!entry) return state;
      const need = {};
      for (const id of entry.recipe) need[id] = (need[id] || 0) + 1;
      const short = Object.keys(need).filter((id) => (data.stock[id] || 0) < need[id]);
      if (short.length) {
        ui.notice = `Not enough ${short.map((id) => (ingredient(world, id) || { name: id }).name).join(', ')}`;
        return state;
      }
      data.slots = [...entry.recipe];
      Object.assign(ui, { screen: 'tabs', tab: 'brew', stack: [], dialog: null, result: null });
      return state;
    }
    case 'close_dialog':
      ui.dialog = null;
      return state;
    case 'back':
      if (ui.dialog) {
        ui.dialog = null;
        return state;
      }
      if (ui.result || ui.buying) {
        ui.result = null;
        ui.buying = null;
        return state;
      }
      if (!ui.stack.length) {
        if (ui.screen === 'tabs') return null;
        Object.assign(ui, { screen: 'tabs' });
        return state;
      }
      pop(state);
      return state;
    default:
      return null;
  }
}
