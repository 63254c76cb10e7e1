// Alembic (potionlab): a brewing lab. Ingredients carry an element (heat, cold, calm,
// spark) and a potency 1–3; two catalysts change the ingredient in the slot before
// them. Brewing the cauldron's slots follows fixed rules (brewResult) that decide the
// potion's family and grade. Potions go to the shelf; customers' orders ask for a
// family, a minimum grade and sometimes a clear or layered potion; the market sells
// ingredients for coins. Everything is deterministic: no clock, no randomness.
// The rules and selectors live in lib/ (rules, orders, market); this file is init and the reducer.

import { SLOTS, TABS, ingredient, brewResult, potionName, bookKey, allBookKeys } from './lib/rules.js';
import { orderInfo, mismatch, payout, readyText } from './lib/orders.js';
import { available, MARKET_FILTERS, marketRows, parseQty } from './lib/market.js';

export * from './lib/rules.js';
export * from './lib/orders.js';
export * from './lib/market.js';

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

/** True when the tab `tab` is on screen with nothing over it (no result dialog, no buy sheet): its tiles, slots,
 * filter chips and Buy buttons are only there. An action of another tab is not acted on unseen. */
function onTab(ui, tab) {
  return ui.screen === 'tabs' && (ui.tab || 'brew') === tab && !ui.dialog && !ui.result && !ui.buying;
}

/** The order on the order screen (no dialog over it) when `id` is undefined or names it; else null. Its Deliver,
 * Message and Contact buttons are only there: an order of another screen is not acted on unseen. */
function shownOrder(state, id) {
  const { data, ui } = state;
  if (ui.screen !== 'order' || ui.dialog || (id !== undefined && id !== ui.order)) return null;
  return data.orders.find((o) => o.id === ui.order) || null;
}

function deliver(state, action, ctx) {
  const { data, ui } = state;
  const order = shownOrder(state, action.order);
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
      if (!ing || !onTab(ui, 'brew')) return state;
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
      // A slot index: a whole number or its digits ("", null, true and [] are not slot 0 or 1, as Number() reads them).
      const i = typeof action.slot === 'number' || /^\d+$/.test(String(action.slot)) ? Number(action.slot) : NaN;
      if (!Number.isInteger(i) || i < 0 || i >= data.slots.length || !onTab(ui, 'brew')) return state;
      data.slots.splice(i, 1);
      return state;
    }
    case 'empty':
      if (onTab(ui, 'brew')) data.slots = [];
      return state;
    case 'brew':
      return onTab(ui, 'brew') ? brew(state, ctx) : state;
    case 'dismiss_result':
      ui.result = null;
      return state;
    case 'market':
      if (!MARKET_FILTERS.includes(action.filter) || !onTab(ui, 'pantry')) return state;
      ui.market = action.filter;
      return state;
    case 'buy_sheet': {
      // A Buy button of a row the market's filter lists.
      const ing = ingredient(world, action.ing);
      if (!ing || !onTab(ui, 'pantry') || !marketRows(world, ui.market).includes(ing)) return state;
      ui.buying = ing.id;
      ui.drafts.qty = '1';
      return state;
    }
    case 'close_sheet':
      ui.buying = null;
      return state;
    case 'buy': {
      // The buy sheet's Buy button: the ingredient the sheet shows, the quantity typed in it unless given.
      if (ui.screen !== 'tabs' || ui.tab !== 'pantry' || !ui.buying || (action.ing !== undefined && action.ing !== ui.buying)) return state;
      const ing = ingredient(world, ui.buying);
      const qty = parseQty(action.qty ?? ui.drafts.qty);
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
      if (!onTab(ui, 'shelf') || !data.potions.some((p) => p.id === action.id)) return state;
      goTo(ui, 'potion', { potion: action.id });
      return state;
    case 'discard': {
      // Only the potion on screen: from another screen the dialog would pour away a potion not shown and then
      // go back one screen from where the agent stood.
      const id = action.id ?? ui.potion;
      if (ui.screen !== 'potion' || id !== ui.potion || !data.potions.some((p) => p.id === id)) return state;
      ui.dialog = 'discard';
      return state;
    }
    case 'confirm_discard': {
      const p = data.potions.find((x) => x.id === ui.potion);
      if (ui.dialog !== 'discard' || ui.screen !== 'potion' || !p) {
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
      // A row of the orders tab (it lists the orders the world describes).
      if (!onTab(ui, 'orders') || !data.orders.some((o) => o.id === action.id) || !orderInfo(world, action.id)) return state;
      goTo(ui, 'order', { order: action.id });
      return state;
    case 'deliver':
      return deliver(state, action, ctx);
    case 'message':
    case 'open_contact': {
      const order = shownOrder(state, action.order);
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
      if (!onTab(ui, 'book') || !allBookKeys().includes(action.key)) return state;
      goTo(ui, 'recipe', { recipe: action.key });
      return state;
    case 'load': {
      // The recipe screen's Load button: the recipe shown only.
      if (ui.screen !== 'recipe' || ui.dialog || (action.key !== undefined && action.key !== ui.recipe)) return state;
      const entry = data.book.find((b) => b.id === ui.recipe);
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
