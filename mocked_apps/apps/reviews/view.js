// Nooks view: one render function per screen (ui.screen); the screens live in ui/.

import { explore, filters } from './ui/explore.js';
import { placeScreen, writeScreen } from './ui/place.js';
import { savedScreen, listScreen, listForm, meScreen } from './ui/saved.js';
import { place } from './lib/places.js';

const SCREENS = {
  explore, filters, place: placeScreen, write: writeScreen, saved: savedScreen, list: listScreen, list_form: listForm, me: meScreen,
};

/** Render the current screen (falls back to the tab's root when its record is missing). */
export function render(api) {
  const { ui, data } = api.state;
  let screen = ui.screen;
  if ((screen === 'place' || screen === 'write') && !place(api.world, ui.place)) screen = 'explore';
  if (screen === 'list' && !data.lists.some((l) => l.id === ui.list)) screen = 'saved';
  return (SCREENS[screen] || explore)(api);
}
