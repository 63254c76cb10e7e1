// The shared search rule: fold (accents dropped, lower case) and matchesQuery, which every app's search uses.

import test from 'node:test';
import assert from 'node:assert/strict';
import { fold, matchesQuery } from './text.js';

test('fold drops accents and case', () => {
  assert.equal(fold('Émile Zoë São Paulo'), 'emile zoe sao paulo');
  assert.equal(fold(null), '');
});

test('matchesQuery: a blank query matches; accents and case never decide; spaces are squeezed', () => {
  assert.equal(matchesQuery('', ['x']), true);
  assert.equal(matchesQuery('  ', []), true);
  assert.equal(matchesQuery('sao', ['São Paulo']), true);
  assert.equal(matchesQuery('SÃO  paulo', ['Sao Paulo']), true);
  assert.equal(matchesQuery('cafe', ['Tea', 'Café Rouge']), true);
  assert.equal(matchesQuery('Müller', ['mueller']), false);
  assert.equal(matchesQuery('x', [null, undefined]), false);
});
