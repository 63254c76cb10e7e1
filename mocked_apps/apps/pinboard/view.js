// Pinboard view: routes ui.screen to its screen and lays the sheets, dialogs and
// toast over it.

import { home, searchScreen, postScreen, authorScreen, tagScreen, meScreen, collectionScreen, formScreen } from './ui/screens.js';
import { dialogs, notice, sheet } from './ui/parts.js';

const SCREENS = { home, search: searchScreen, post: postScreen, author: authorScreen, tag: tagScreen, me: meScreen, collection: collectionScreen, form: formScreen };

/** Render the current Pinboard screen. */
export function render(api) {
  const screen = (SCREENS[api.state.ui.screen] || home)(api) || home(api);
  screen.append(...[sheet(api), dialogs(api), notice(api)].filter(Boolean));
  return screen;
}
