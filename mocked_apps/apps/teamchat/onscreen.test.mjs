// Murmur opens only what a row on screen opens: `show` a search result, a mention or a pin of the pins pane;
// `open_channel` a sidebar channel or a row of the channel browser; `open_dm` another user's sidebar row; none of
// them under a dialog.

import test from 'node:test';
import assert from 'node:assert/strict';
import { open, ui, act } from './testkit.mjs';

const where = (dev) => [ui(dev).screen, ui(dev).channel, ui(dev).thread];

test('show opens only a message of the list on screen', async () => {
  const dev = await open();
  const start = where(dev);
  act(dev, { type: 'show', id: 'mr1c' });
  assert.deepEqual(where(dev), start, 'a message no list on screen shows');
  act(dev, { type: 'search', query: 'dumplings' });
  act(dev, { type: 'show', id: 'ms5' });
  assert.equal(ui(dev).screen, 'search', 'a mention is not a result of this search');
  act(dev, { type: 'open_mentions' });
  act(dev, { type: 'show', id: 'mr1c' });
  assert.equal(ui(dev).screen, 'mentions', 'a search result is not a mention');
  act(dev, { type: 'show', id: 'ms5' });
  assert.deepEqual(where(dev), ['channel', 'c-support', 'ms5']);
  act(dev, { type: 'open_pins' });
  act(dev, { type: 'show', id: 'md1' });
  assert.equal(ui(dev).channel, 'c-support', 'a pin of another channel');
  act(dev, { type: 'show', id: 'ms1' });
  assert.deepEqual(where(dev), ['channel', 'c-support', 'ms1']);
});

test('open_channel / open_dm / open_mentions / open_browse: rows on screen, never under a dialog', async () => {
  const dev = await open();
  act(dev, { type: 'open_channel', id: 'c-data' });
  assert.equal(ui(dev).channel, 'c-general', 'c-data is not joined: no sidebar row, and the browser is closed');
  act(dev, { type: 'open_dm', user: 'u-ada' });
  assert.equal(ui(dev).dm, null, 'no row for a DM with oneself');
  act(dev, { type: 'new_channel' });
  assert.equal(ui(dev).dialog, 'create');
  for (const a of [{ type: 'open_channel', id: 'c-random' }, { type: 'open_dm', user: 'u-bram' }, { type: 'open_mentions' },
    { type: 'open_browse' }]) act(dev, a);
  assert.deepEqual([ui(dev).screen, ui(dev).channel, ui(dev).dm, ui(dev).dialog], ['channel', 'c-general', null, 'create']);
  act(dev, { type: 'close_dialog' });
  act(dev, { type: 'open_browse' });
  act(dev, { type: 'open_channel', id: 'c-data' });
  assert.deepEqual([ui(dev).screen, ui(dev).channel], ['channel', 'c-data']);
  act(dev, { type: 'open_dm', user: 'u-bram' });
  assert.equal(ui(dev).dm, 'u-bram');
});
