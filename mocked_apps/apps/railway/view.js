// RailGo view: one render function per screen (ui.screen); the screens live in ui/.

import { searchHome, stations, dates, results } from './ui/search.js';
import { trainDetail, passengers, review, done } from './ui/booking.js';
import { orders, orderDetail, travellers, travellerForm } from './ui/account.js';

const SCREENS = {
  search: searchHome, stations, dates, results,
  train: trainDetail, passengers, review, done,
  orders, order: orderDetail, travellers, traveller: travellerForm,
};

/** Render the current screen of the app. */
export function render(api) {
  return (SCREENS[api.state.ui.screen] || searchHome)(api);
}
