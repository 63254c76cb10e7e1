// Calendar acts only on what is on screen: the event screen's buttons (edit, delete, move, message, save to notes,
// attendee links) on the event shown with no dialog over it, and open on a row of the list shown (the month view's
// day, the upcoming list, the search hits).

import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';

async function open() {
  const dev = await loadDevice({ apps: ['contacts', 'messages', 'notes', 'calendar'], reset: { seed: 2 } });
  dev.system({ type: 'open', app: 'calendar' });
  return dev;
}
const ui = (dev) => dev.getState().apps.calendar.ui;
const act = (dev, action) => dev.dispatch('calendar', action);
const snap = (dev) => JSON.stringify(dev.getState().apps.calendar.data);

test('event-screen buttons act on the event shown only', async () => {
  const dev = await open();
  const before = snap(dev);
  const offScreen = [{ type: 'edit', id: 'e12' }, { type: 'delete', id: 'e12' }, { type: 'move', id: 'e12' },
    { type: 'message_attendees', id: 'e12' }, { type: 'save_note', id: 'e12' }];
  for (const a of offScreen) act(dev, a);
  assert.deepEqual([ui(dev).screen, ui(dev).dialog, dev.getState().os.foreground], ['month', null, 'calendar'], 'from the month view');
  act(dev, { type: 'select_day', date: '2026-03-18' });
  act(dev, { type: 'open', id: 'e15' });
  for (const a of offScreen) act(dev, a);
  assert.deepEqual([ui(dev).screen, ui(dev).event, ui(dev).dialog], ['event', 'e15', null], 'from e15\'s screen');
  assert.equal(snap(dev), before);
  act(dev, { type: 'delete', id: 'e15' });
  assert.deepEqual(ui(dev).dialog, { kind: 'delete', event: 'e15' });
});

test('open takes a row of the list shown', async () => {
  const dev = await open();
  act(dev, { type: 'select_day', date: '2026-03-18' });
  act(dev, { type: 'open', id: 'e12' });
  assert.equal(ui(dev).screen, 'month', 'e12 is on the 17th, not the day shown');
  act(dev, { type: 'search' });
  act(dev, { type: '@draft', key: 'search', value: 'lunch' });
  act(dev, { type: 'open', id: 'e12' });
  assert.equal(ui(dev).screen, 'search', 'not a hit for "lunch"');
  act(dev, { type: 'open', id: 'e15' });
  assert.deepEqual([ui(dev).screen, ui(dev).event], ['event', 'e15']);
});
