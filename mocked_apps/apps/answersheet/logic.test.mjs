import test from 'node:test';
import assert from 'node:assert/strict';
import { loadDevice } from '../../runtime/node/load.js';

const fields = [{ name: 'count', label: 'How many', type: 'number' }, { name: 'who', label: 'Who', type: 'text' }];

test('submit coerces typed drafts and records the submission', async () => {
  const dev = await loadDevice({ apps: ['answersheet'], reset: { patch: { apps: { answersheet: { data: { fields } } } } } });
  dev.system({ type: 'open', app: 'answersheet' });
  dev.dispatch('answersheet', { type: '@draft', key: 'count', value: ' 1,204 ' });
  dev.dispatch('answersheet', { type: '@draft', key: 'who', value: '  Mara Quill ' });
  dev.dispatch('answersheet', { type: 'submit' });
  const s = dev.getState().apps.answersheet;
  assert.deepEqual(s.data.values, { count: 1204, who: 'Mara Quill' });
  assert.equal(s.data.submitted, true);
  assert.equal(s.ui.screen, 'done');
});

test('a non-numeric number answer is kept as text; back at the root goes home', async () => {
  const dev = await loadDevice({ apps: ['answersheet'], reset: { patch: { apps: { answersheet: { data: { fields } } } } } });
  dev.system({ type: 'open', app: 'answersheet' });
  dev.dispatch('answersheet', { type: 'submit', values: { count: 'many' } });
  assert.equal(dev.getState().apps.answersheet.data.values.count, 'many');
  dev.system({ type: 'back' });
  assert.equal(dev.getState().os.screen, 'launcher');
});

test('reset is deterministic and restores s0', async () => {
  const dev = await loadDevice({ apps: ['answersheet'], reset: { seed: 4 } });
  const s0 = JSON.stringify(dev.getState());
  dev.system({ type: 'open', app: 'answersheet' });
  dev.dispatch('answersheet', { type: 'submit' });
  dev.reset({ seed: 4 });
  assert.equal(JSON.stringify(dev.getState()), s0);
});

test('number answers: grouping commas, a decimal comma, no hex, no merged commas, -0 is 0', async () => {
  const { coerce } = await import('./logic.js');
  assert.equal(coerce('number', '1,204'), 1204);
  assert.equal(coerce('number', '-12,000.50'), -12000.5);
  assert.equal(coerce('number', '1,5'), 1.5);
  assert.equal(coerce('number', '0,25'), 0.25);
  assert.equal(coerce('number', '1,,2'), '1,,2');
  assert.equal(coerce('number', '1,2,3'), '1,2,3');
  assert.equal(coerce('number', '0x10'), '0x10');
  assert.equal(coerce('number', '0b11'), '0b11');
  assert.ok(Object.is(coerce('number', '-0'), 0));
  assert.equal(coerce('number', ' .5 '), 0.5);
  assert.equal(coerce('number', '   '), '');
  assert.equal(coerce('number', 'Infinity'), 'Infinity');
});
