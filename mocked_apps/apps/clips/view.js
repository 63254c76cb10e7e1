// Clips view: routes ui.screen to its screen and lays the sheets, dialogs and
// toast over it.

import { h } from '../../runtime/ui/h.js';
import { feed, single, comments } from './ui/watch.js';
import { discover, tagScreen, profile, inbox, me, followingList, create } from './ui/browse.js';
import { confirmDialog, notice, sheet } from './ui/parts.js';

const SCREENS = { feed, clip: single, comments, discover, tag: tagScreen, profile, inbox, me, following: followingList, create };

/** Render the current Clips screen. */
export function render(api) {
  const screen = (SCREENS[api.state.ui.screen] || feed)(api) || feed(api);
  screen.append(...[sheet(api), confirmDialog(api), notice(api)].filter(Boolean));
  return screen;
}
