"""Contact sheets of the mocked apps: one PNG per app with its main screens side by side.

Screens per app: its home screen, each of its tabs (phone ``tab:``; the desktop web apps' ``nav:`` and ``view:``
sections) that shows something else, and the first list item opened. Phone apps are shot in the phone shell;
the desktop web apps (teamchat, tracker, ...) in the desktop shell, at its 1280×800 size. Used by
``guigym apps gallery`` (to look at every app after a change) and for the README's picture.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image, ImageDraw

from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.local import LocalBackend
from toolkit.envs.manager import EnvManager
from toolkit.paths import MOCKED_APPS, out_folder_problem
from toolkit.tasks import TaskInstance

#: The shells apps are shot in, in the order their sheets are made; an app on both (answersheet) goes on the first.
DEVICES = ("phone", "desktop")
_TABS = ("tab:", "nav:", "view:")  # the sections of an app: phone tab bars, desktop side navigation and views
# Element ids that are controls (the shell's, or an app's sections, filters, sort keys, checkboxes), not list items.
_NOT_ITEMS = ("field:", "tab:", "btn:", "nav-", "sys:", "launcher:", "statusbar", "recent", "shade", "notification:",
              "tab-open:", "tab-close:", "nav:", "view:", "scroll:", "filter:", "sort:", "check:", "lcheck:",
              "lstatus:", "col:", "project:", "switch-user:", "reaction:", "replies:")


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


def device_apps() -> dict[str, list[str]]:
    """Return the built apps of each shell (an app with no manifest yet is on none), each app on one shell only."""
    catalog = json.loads((MOCKED_APPS / "catalog.json").read_text())
    placed: dict[str, list[str]] = {}
    taken: set[str] = set()
    for device in DEVICES:
        built = [a for a in catalog.get(device, {}).get("apps", []) if (MOCKED_APPS / "apps" / a / "manifest.json").is_file()]
        placed[device] = [a for a in built if a not in taken]
        taken.update(built)
    return placed


async def _app_shots(manager: EnvManager, lease, app: str) -> list[tuple[str, bytes]]:
    """Return the screens of ``app``: home, its tabs that show something else (up to 3), the first item opened."""
    await manager.reset(lease, _blank(0))
    home = (await manager.step(lease, [{"type": "open", "app": app}], f"{app}-open")).observation
    shots = [("home", home.image)]
    tabs = [e for e in home.elements if e.id.startswith(_TABS)]
    for tab in tabs[:4]:
        x, y = tab.center
        obs = (await manager.step(lease, [{"type": "click", "x": x, "y": y}], f"{app}-{tab.id}")).observation
        if len(shots) < 4 and all(obs.image != image for _, image in shots):  # the tab home shows adds nothing
            shots.append((tab.id, obs.image))
    item = next((e for e in home.elements if ":" in e.id and not e.id.startswith(_NOT_ITEMS)), None)
    if item is not None:
        await manager.reset(lease, _blank(0))
        await manager.step(lease, [{"type": "open", "app": app}], f"{app}-reopen")
        x, y = item.center
        obs = (await manager.step(lease, [{"type": "click", "x": x, "y": y}], f"{app}-item")).observation
        opener = next((e for e in obs.elements if e.id.startswith("open:")), None)
        if opener is not None:  # a tap selected the item (a board card) and offers its Open control: open it
            x, y = opener.center
            obs = (await manager.step(lease, [{"type": "click", "x": x, "y": y}], f"{app}-item-open")).observation
        shots.append((item.id, obs.image))
    return shots


async def _device_gallery(adapter: MockedAdapter, apps: list[str], out_dir: Path) -> list[Path]:
    """Write the sheets of ``apps`` (all on the adapter's device) and ``<device>.png`` (start screen + first screens)."""
    device = adapter.device
    written = []
    async with EnvManager(backend=LocalBackend(), adapter=adapter) as manager:
        [lease] = await manager.request()
        firsts = [("launcher" if device == "phone" else "start", (await manager.reset(lease, _blank(0))).image)]
        for app in apps:
            shots = await _app_shots(manager, lease, app)
            firsts.append((app, shots[0][1]))
            path = out_dir / f"{app}.png"
            _sheet(shots, f"{app} ({device})").save(path)
            written.append(path)
    path = out_dir / f"{device}.png"
    _sheet(firsts[:5], f"guigym {device}").save(path, optimize=True)
    return [*written, path]


async def app_gallery(out_dir: Path, apps: str | list[str] | None = None, scale: float = 1.0) -> list[Path]:
    """Write ``<out_dir>/<app>.png`` for each app (default: every built app of every shell; one app may be given as
    a string), and ``<device>.png`` (its start screen + first screens) for each shell used; return the paths.

    Raises:
        ValueError: for an app no shell has, listing each shell's apps, or an empty list, a ``scale`` that is not a
            finite number above 0, or an ``out_dir`` that cannot be written (a file, or under one) — before anything
            is written.
        TypeError: ``apps`` is neither a name nor a list of names.
    """
    if isinstance(apps, str):  # one app: "contacts" was read letter by letter ("no app 'c', 'o', ...")
        apps = [apps]
    if apps is not None and (not isinstance(apps, (list, tuple)) or not all(isinstance(a, str) for a in apps)):
        # 3 was "'int' object is not iterable", and a set was shot in no set order
        raise TypeError(f"argument 'apps': an app name, a list of app names or None (every app), got {apps!r}")
    if apps is not None and not list(apps):  # it wrote no sheet and returned [], as if the gallery had been made
        raise ValueError("apps: an empty list names no app; leave it out (None) for every app")
    placed = device_apps()
    unknown = [a for a in apps or [] if not any(a in found for found in placed.values())]
    if unknown:
        have = "; ".join(f"the {d} has {', '.join(found)}" for d, found in placed.items())
        raise ValueError(f"no app {', '.join(map(repr, unknown))}; {have}")
    # the shells' adapters check ``scale`` before the folder is made (a bad one left an empty folder behind)
    adapters = {device: MockedAdapter(device=device, image_format="png", scale=scale) for device in placed}
    problem = out_folder_problem(out_dir, "the gallery")  # a file there was a bare "File exists" (FileExistsError)
    if problem:
        raise ValueError(f"argument 'out_dir': {problem}")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for device, found in placed.items():
        chosen = found if apps is None else [a for a in dict.fromkeys(apps) if a in found]  # in the order asked
        if chosen:
            written += await _device_gallery(adapters[device], chosen, out_dir)
    return written
