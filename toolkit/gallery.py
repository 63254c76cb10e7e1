"""Contact sheets of the mocked apps: one PNG per app with its main screens side by side.

Screens per app: its home screen, each of its tabs, and the first list item opened. Used by
``guigym apps gallery`` (to look at every app after a change) and for the README's picture.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw

from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.local import LocalBackend
from toolkit.envs.manager import EnvManager
from toolkit.tasks import TaskInstance

_NOT_ITEMS = ("field:", "tab:", "btn:", "nav-", "sys:", "launcher:", "statusbar", "recent", "shade", "notification:")


def _blank(seed: int) -> TaskInstance:
    return TaskInstance(task_id="gallery", seed=seed, instruction="", params={}, setup={}, reference=[], expected_changes=[],
                        max_steps=100)


def _sheet(shots: list[tuple[str, bytes]], title: str) -> Image.Image:
    images = [Image.open(io.BytesIO(data)).convert("RGB") for _, data in shots]
    w, h = images[0].size
    pad, head = 16, 36
    sheet = Image.new("RGB", (len(images) * (w + pad) + pad, h + head + pad + 20), "#e9ebf1")
    draw = ImageDraw.Draw(sheet)
    draw.text((pad, 10), title, fill="#1d2230")
    for i, (img, (label, _)) in enumerate(zip(images, shots)):
        x = pad + i * (w + pad)
        sheet.paste(img, (x, head))
        draw.text((x, head + h + 4), label, fill="#4a5066")
    return sheet


async def app_gallery(out_dir: Path, apps: list[str] | None = None, scale: float = 1.0) -> list[Path]:
    """Write ``<out_dir>/<app>.png`` for each app (and ``phone.png``: launcher + first screens); return the paths."""
    adapter = MockedAdapter(image_format="png", scale=scale)
    unknown = [a for a in apps or [] if a not in adapter.apps]
    if unknown:
        raise ValueError(f"no app {', '.join(map(repr, unknown))}; the phone has {', '.join(adapter.apps)}")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    firsts: list[tuple[str, bytes]] = []
    async with EnvManager(backend=LocalBackend(), adapter=adapter) as manager:
        [lease] = await manager.request()
        launcher = await manager.reset(lease, _blank(0))
        firsts.append(("launcher", launcher.image))
        for app in apps or adapter.apps:
            await manager.reset(lease, _blank(0))
            home = (await manager.step(lease, [{"type": "open", "app": app}], f"{app}-open")).observation
            shots = [("home", home.image)]
            firsts.append((app, home.image))
            tabs = [e for e in home.elements if e.id.startswith("tab:")]
            for tab in tabs[1:4]:
                x, y = tab.center
                obs = (await manager.step(lease, [{"type": "click", "x": x, "y": y}], f"{app}-{tab.id}")).observation
                shots.append((tab.id, obs.image))
            item = next((e for e in home.elements if ":" in e.id and not e.id.startswith(_NOT_ITEMS)), None)
            if item is not None:
                await manager.reset(lease, _blank(0))
                await manager.step(lease, [{"type": "open", "app": app}], f"{app}-reopen")
                x, y = item.center
                obs = (await manager.step(lease, [{"type": "click", "x": x, "y": y}], f"{app}-item")).observation
                shots.append((item.id, obs.image))
            path = out_dir / f"{app}.png"
            _sheet(shots, f"{app}").save(path)
            written.append(path)
        path = out_dir / "phone.png"
        _sheet(firsts[:5], "guigym phone").save(path, optimize=True)
        written.append(path)
    return written
