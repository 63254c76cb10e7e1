// Verdant view: one render function per screen (ui.screen); the screens live in view/.

import { h } from '../../runtime/ui/h.js';
import { home } from './ui/home.js';
import { zoneScreen, plantScreen, lightsScreen } from './ui/zone.js';

const SCREENS = { home, zone: zoneScreen, plant: plantScreen, lights: lightsScreen };

/** Render the current screen of the app. */
export function render(api) {
  return h('div.app.gh-app', null, (SCREENS[api.state.ui.screen] || home)(api));
}
