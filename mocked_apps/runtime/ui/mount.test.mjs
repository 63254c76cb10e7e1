// The redraw helper of both shells, tested in Node with stand-ins for the DOM: the focused field and its caret
// survive a redraw, and a control without a text selection (a range slider) never makes a redraw throw.
import test from 'node:test';
import assert from 'node:assert/strict';
import { caretOf, restoreCaret, viewKeeper } from './mount.js';

/** A stand-in for an <input>: `text` ones have a selection; others report null and throw as Chromium does. */
function input(type, value, gym) {
  const textLike = type === 'text' || type === 'search' || type === 'textarea' || type === 'password';
  const el = {
    type, value, focused: false, attrs: { 'data-gym': gym }, _sel: [value.length, value.length, 'none'],
    getAttribute: (k) => el.attrs[k] ?? null,
    focus() { el.focused = true; globalThis.document.activeElement = el; },
    setSelectionRange(start, end, direction = 'none') {
      if (!textLike) throw new Error(`InvalidStateError: The input element's type ('${type}') does not support selection.`);
      el._sel = [start, end, direction];
    },
  };
  Object.defineProperty(el, 'selectionStart', { get() { return textLike ? el._sel[0] : null; } });
  Object.defineProperty(el, 'selectionEnd', { get() { return textLike ? el._sel[1] : null; } });
  Object.defineProperty(el, 'selectionDirection', { get() { return textLike ? el._sel[2] : null; } });
  return el;
}

/** A stand-in root: `replaceChildren(next)` makes `next` (a data-gym -> element map) what it holds. */
function fakeRoot() {
  let held = {};
  return {
    replaceChildren(next) { held = next; },
    querySelectorAll: () => [],
    querySelector: (sel) => held[/data-gym="(.*)"/.exec(sel)[1]] || null,
  };
}

test('caretOf reads text fields only; restoreCaret never throws', () => {
  const text = input('text', 'abcdef', 'field:q');
  text.setSelectionRange(2, 4, 'forward');
  assert.deepEqual(caretOf(text), { start: 2, end: 4, direction: 'forward', value: 'abcdef' });
  const slider = input('range', '82', 'slider:brightness');
  assert.equal(caretOf(slider), null);
  assert.equal(caretOf(null), null);
  assert.equal(caretOf({ getAttribute: () => null }), null, 'a div has no value');
  assert.equal(restoreCaret(slider, { start: 1, end: 1, direction: 'none', value: '82' }), false);
  assert.equal(restoreCaret(text, null), false);
});

test('a redraw keeps the focus and the caret of the field typed in, mid-text too', () => {
  globalThis.CSS = { escape: (s) => s };
  globalThis.document = { activeElement: null };
  const root = fakeRoot();
  const keeper = viewKeeper(root);
  const old = input('text', 'abcXYdef', 'field:q');
  old.focus();
  old.setSelectionRange(5, 5); // typed "XY" after "abc": the caret sits after the Y
  const next = input('text', 'abcXYdef', 'field:q');
  keeper.replace({ 'field:q': next });
  assert.ok(next.focused);
  assert.deepEqual([next.selectionStart, next.selectionEnd], [5, 5]);
  // a selection (and its direction) survives too
  next.setSelectionRange(1, 3, 'backward');
  const third = input('text', 'abcXYdef', 'field:q');
  keeper.replace({ 'field:q': third });
  assert.deepEqual([third.selectionStart, third.selectionEnd, third.selectionDirection], [1, 3, 'backward']);
  // the app rewrote the text (sent and cleared, or completed it): the caret goes to the end of the new text
  const cleared = input('text', 'abc Done', 'field:q');
  keeper.replace({ 'field:q': cleared });
  assert.deepEqual([cleared.selectionStart, cleared.selectionEnd], [8, 8]);
});

test('a focused range slider is re-focused and the redraw does not throw', () => {
  globalThis.CSS = { escape: (s) => s };
  globalThis.document = { activeElement: null };
  const root = fakeRoot();
  const keeper = viewKeeper(root);
  input('range', '50', 'slider:brightness').focus();
  const next = input('range', '82', 'slider:brightness');
  assert.doesNotThrow(() => keeper.replace({ 'slider:brightness': next }));
  assert.ok(next.focused);
  for (const type of ['checkbox', 'number', 'email', 'date']) {
    input(type, '1', 'field:x').focus();
    const again = input(type, '2', 'field:x');
    assert.doesNotThrow(() => keeper.replace({ 'field:x': again }), type);
    assert.ok(again.focused, type);
  }
});
