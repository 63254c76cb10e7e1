// Wayfin view: one render function per screen (ui.screen); the screens live in ui/.

import { home, pick, options } from './ui/book.js';
import { trip, activity, rideDetail, account } from './ui/trip.js';

const SCREENS = { home, pick, options, trip, activity, ride: rideDetail, account };

/** Render the current screen of the app. */
export function render(api) {
  return (SCREENS[api.state.ui.screen] || home)(api);
}
