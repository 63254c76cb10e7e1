"""A DOM-reading oracle agent for MiniWoB++ (tests only).

It reads the hosted page's DOM to choose its actions (where a button is, what the utterance asks),
then acts only through the env manager's normal ``step`` API, with page CSS-pixel coordinates
(the adapter is built with ``coords="page"``). It never calls the page's reward functions.
"""

from __future__ import annotations

import re
from typing import Any, Awaitable, Callable

from toolkit.envs.base import Lease
from toolkit.envs.manager import EnvManager

#: Centre of the first visible element matching a selector (and an exact / regex text, if given).
_CENTER = """([sel, text, mode]) => {
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const t = norm(el.textContent);
    if (text !== null && mode === 'exact' && t !== text) continue;
    if (text !== null && mode === 'contains' && !t.includes(text)) continue;
    return [r.left + r.width / 2, r.top + r.height / 2];
  }
  return null;
}"""


class Oracle:
    """One episode: read the DOM, step through the manager."""

    def __init__(self, manager: EnvManager, lease: Lease, utterance: str):
        self.manager = manager
        self.lease = lease
        self.utterance = utterance
        _, self.instance = manager.hosted(lease)
        self.page = self.instance.page
        self.steps = 0
        self.last = None

    def quoted(self, index: int = 0) -> str:
        """Return the index-th double-quoted string of the utterance."""
        return re.findall(r'"([^"]*)"', self.utterance)[index]

    async def js(self, script: str, arg: Any = None) -> Any:
        """Read the page (the oracle's only use of the page: looking)."""
        return await self.page.evaluate(script, arg)

    async def center(self, selector: str, text: str | None = None, mode: str = "exact") -> tuple[float, float]:
        point = await self.js(_CENTER, [selector, text, mode])
        assert point is not None, f"oracle: nothing matches {selector!r} {text!r} ({self.utterance})"
        return point[0], point[1]

    async def step(self, action: dict[str, Any]) -> None:
        self.steps += 1
        result = await self.manager.step(self.lease, [action], action_id=f"oracle:{self.steps}")
        assert all(r.ok for r in result.results), result.results
        self.last = result.observation

    async def click(self, selector: str, text: str | None = None, mode: str = "exact") -> None:
        x, y = await self.center(selector, text, mode)
        await self.step({"type": "click", "x": x, "y": y})

    async def type(self, text: str) -> None:
        await self.step({"type": "type", "text": text})


async def _click_button(o: Oracle) -> None:
    await o.click("#area button", o.quoted())


async def _click_checkboxes(o: Oracle) -> None:
    m = re.match(r"Select (.*) and click Submit\.", o.utterance)
    names = [] if m.group(1) == "nothing" else m.group(1).split(", ")
    for name in names:
        await o.click("#boxes label", name)
    await o.click("#subbtn")


async def _click_option(o: Oracle) -> None:
    name = re.match(r"Select (.*) and click Submit\.", o.utterance).group(1)
    await o.click("#boxes label", name)
    await o.click("#subbtn")


async def _enter(o: Oracle, field: str, text: str) -> None:
    await o.click(field)
    await o.type(text)


async def _enter_text(o: Oracle) -> None:
    await _enter(o, "#tt", o.quoted())
    await o.click("#subbtn")


async def _enter_text_2(o: Oracle) -> None:
    word = o.quoted()
    await _enter(o, "#tt", word.upper() if "upper case" in o.utterance else word.lower())
    await o.click("#subbtn")


async def _enter_password(o: Oracle) -> None:
    await _enter(o, "#password", o.quoted())
    await _enter(o, "#verify", o.quoted())
    await o.click("#subbtn")


async def _login_user(o: Oracle) -> None:
    await _enter(o, "#username", o.quoted(0))
    await _enter(o, "#password", o.quoted(1))
    await o.click("#subbtn")


async def _click_dialog_2(o: Oracle) -> None:
    label = o.quoted()
    if label == "x":
        await o.click(".ui-dialog-titlebar button.ui-button")
    else:
        await o.click(".ui-dialog-buttonpane button", label)


async def _focus_text_2(o: Oracle) -> None:
    index = ["1st", "2nd", "3rd"].index(re.search(r"(\d\w\w) input", o.utterance).group(1))
    await o.click(f"#tt{index + 1}")


async def _click_collapsible(o: Oracle) -> None:
    await o.click("#area h3")
    await o.page.wait_for_function("() => !$('#area').is(':animated') && !$('.ui-accordion-content').is(':animated')")
    await o.click("#subbtn")


async def _click_widget(o: Oracle) -> None:
    kind = o.quoted()
    x, y = await o.js("""(kind) => {
      for (const w of document.querySelectorAll('#area .widget')) {
        if (w.querySelector('input, textarea, button').getAttribute('data-type') !== kind) continue;
        const r = w.querySelector('input, textarea, button').getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2];
      }
    }""", kind)
    await o.step({"type": "click", "x": x, "y": y})


async def _simple_arithmetic(o: Oracle) -> None:
    a, op, b = (await o.js("() => document.getElementById('math-problem').textContent")).split()[:3]
    a, b = int(a), int(b)
    answer = a + b if op == "+" else a - b if op == "-" else a * b
    await _enter(o, "#math-answer", str(answer))
    await o.click("#subbtn")


async def _click_tab(o: Oracle) -> None:
    await o.click("#area ul a", re.search(r"(Tab #\d)", o.utterance).group(1))


async def _click_button_sequence(o: Oracle) -> None:
    await o.click("#subbtn")
    await o.click("#subbtn2")


async def _click_color(o: Oracle) -> None:
    color = re.search(r"Click on the (.*) colored box", o.utterance).group(1)
    x, y = await o.js("""(color) => {
      for (const el of document.querySelectorAll('#area .color')) {
        if (el.dataset.color !== color) continue;
        const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];
      }
    }""", color)
    await o.step({"type": "click", "x": x, "y": y})


async def _find_word(o: Oracle) -> None:
    match = re.search(r"Find the (\d+)\w\w word", o.utterance)
    n = int(match.group(1))
    words = (await o.js("() => document.querySelector('#area p').textContent")).split()
    await _enter(o, "#answer-input", re.sub(r"[^a-zA-Z0-9]", "", words[n - 1]))
    await o.click("#subbtn")


#: task → solver (20+ tasks with distinct mechanics: buttons, links, dialogs, forms, typing, tabs, widgets).
SOLVERS: dict[str, Callable[[Oracle], Awaitable[None]]] = {
    "click-test": lambda o: o.click("#subbtn"),
    "click-test-2": lambda o: o.click("#area button", re.search(r"button (\w+)", o.utterance).group(1)),
    "click-test-transfer": lambda o: o.click("#area button", re.search(r"button (\w+)", o.utterance).group(1)),
    "click-button": _click_button,
    "unicode-test": _click_button,
    "click-link": lambda o: o.click("#area span.alink", o.quoted()),
    "click-dialog": lambda o: o.click(".ui-dialog-titlebar button.ui-button"),
    "click-dialog-2": _click_dialog_2,
    "focus-text": lambda o: o.click("#tt"),
    "focus-text-2": _focus_text_2,
    "enter-text": _enter_text,
    "enter-text-dynamic": _enter_text,
    "enter-text-2": _enter_text_2,
    "enter-password": _enter_password,
    "login-user": _login_user,
    "click-checkboxes": _click_checkboxes,
    "click-option": _click_option,
    "click-button-sequence": _click_button_sequence,
    "click-collapsible": _click_collapsible,
    "click-tab": _click_tab,
    "click-widget": _click_widget,
    "simple-arithmetic": _simple_arithmetic,
    "click-color": _click_color,
    "find-word": _find_word,
}

