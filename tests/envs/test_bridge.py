"""The bridge's visible-element scan (runtime/ui/bridge.js) in real Chromium."""

from __future__ import annotations

from tests.conftest import requires_chromium
from toolkit.envs.local import LocalBackend, Viewport
from toolkit.envs.server import shared_server

pytestmark = requires_chromium

LAYOUT = """() => {
  document.body.innerHTML = `
    <div id=app style="position:fixed;inset:0;background:#fff">
      <div id=list style="height:100px;overflow:auto">
        <button data-gym="row:1" style="display:block;height:60px;width:100%">one</button>
        <button data-gym="row:2" style="display:block;height:60px;width:100%">two</button>
        <button data-gym="row:3" style="display:block;height:60px;width:100%">three</button>
      </div>
      <div data-gym="through" style="pointer-events:none;height:40px;margin-top:150px">label</div>
      <button data-gym="covered" style="height:40px">under</button>
      <div style="position:relative;top:-40px;height:40px;background:#000">sheet</div>
    </div>`;
}"""


async def test_visible_elements_skip_scrolled_out_and_covered_ones():
    backend = LocalBackend(shards=1)
    try:
        page = (await backend.new_instance(Viewport(200, 400, 1))).page
        await page.goto(f"{shared_server().url}phone/index.html?apps=answersheet")
        await page.evaluate(LAYOUT)
        ids = await page.evaluate("""async () => {
          const { visibleElements } = await import('/runtime/ui/bridge.js');
          return visibleElements(document.body).map((e) => e.id);
        }""")
        # row:2 is half in the list's box (its centre at y=90 is inside); row:3 (centre y=150) is scrolled out
        # of sight though inside the viewport, over its ancestor #app; a pass-through label counts (the hit is
        # its ancestor); a covered button does not.
        assert ids == ["row:1", "row:2", "through"]
    finally:
        await backend.close()
