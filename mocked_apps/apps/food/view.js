// Forkful view: one render function per screen (ui.screen); the screens live in ui/.

import { home, restaurantScreen } from './ui/home.js';
import { itemScreen, cartScreen } from './ui/cart.js';
import { ordersScreen, orderScreen } from './ui/orders.js';
import { accountScreen, walletScreen, addressesScreen, addressForm, couponsScreen } from './ui/account.js';
import { restaurant, findItem } from './lib/menu.js';

const SCREENS = {
  home, restaurant: restaurantScreen, item: itemScreen, cart: cartScreen, orders: ordersScreen, order: orderScreen,
  account: accountScreen, wallet: walletScreen, addresses: addressesScreen, address_form: addressForm, coupons: couponsScreen,
};

/** Render the current screen of the app (falls back to home when its record is missing). */
export function render(api) {
  const { ui, data } = api.state;
  let screen = ui.screen;
  if (screen === 'restaurant' && !restaurant(api.world, ui.rest)) screen = 'home';
  if (screen === 'item' && !(ui.item && findItem(api.world, ui.item.id))) screen = 'home';
  if (screen === 'order' && !data.orders.some((o) => o.id === ui.order)) screen = 'orders';
  return (SCREENS[screen] || home)(api);
}
