"""Draw a step's actions on its screenshot: a ring at each tap, an arrow for drags and scrolls, the typed text.

Shared by the replay widgets and the HTML report, so both show the same picture.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from toolkit.actions import to_pixels

_RED, _BLUE = (230, 57, 70), (38, 99, 235)
_SCROLL = {"down": (0, -1), "up": (0, 1), "left": (1, 0), "right": (-1, 0)}  # finger motion that scrolls that way


def check_width(width: object) -> int:
    """Return ``width`` when it is a whole number of pixels of at least 1; else raise ValueError naming it.

    Shared by :func:`annotate`, the replay widgets and the HTML report: 0 failed to encode a placeholder, a negative
    width failed in PIL, a string in a comparison, and only on a frame that needed them (the report then blamed the
    attempt it was drawing).
    """
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise ValueError(f"argument 'width': width must be a whole number of pixels, at least 1, got {width!r}")
    return width


def _check_args(image: Any, actions: Any, width: Any) -> None:
    """Refuse arguments :func:`annotate` cannot draw, naming the argument: a bad one failed inside PIL or the drawing
    loop ("height and width must be > 0", "'NoneType' object is not iterable", "'str' object has no attribute
    'get'"), and ``width=0`` returned the image at its full size as if no width had been given."""
    if not isinstance(image, (bytes, bytearray, memoryview)):
        hint = " (a file's path: give its bytes, Path(...).read_bytes())" if isinstance(image, (str, Path)) else ""
        raise TypeError(f"argument 'image': the screenshot's encoded bytes (PNG, JPEG, WebP), got "
                        f"{type(image).__name__}{hint}")
    if width is not None:
        check_width(width)
    if not isinstance(actions, (list, tuple)):
        raise TypeError(f"argument 'actions': a list of action dicts (a step's 'actions'; [] for none), "
                        f"got {type(actions).__name__}")
    for i, action in enumerate(actions):
        if not isinstance(action, dict):
            raise TypeError(f"argument 'actions': item {i} is a {type(action).__name__} ({action!r}), not an action "
                            "dict such as {'type': 'click', 'x': 500, 'y': 300}")


def annotate(image: bytes, actions: list[dict[str, Any]], width: int | None = None) -> Image.Image:
    """Return the screenshot with ``actions`` (0–1000 coordinates) drawn on it, resized to ``width`` if given.

    Raises:
        TypeError / ValueError: naming the argument, for an ``image`` that is not bytes, ``actions`` that are not a
            list of dicts, or a ``width`` that is not a whole number of at least 1.
    """
    _check_args(image, actions, width)
    img = Image.open(io.BytesIO(image))
    size = (width, round(img.height * width / img.width)) if width and img.width != width else None
    if size and img.width > width:
        # a JPEG is decoded at 1/2, 1/4 or 1/8 scale where that stays at least ``size``: a phone's 1080 px
        # screenshot shrunk to a 270 px frame decodes ~10x faster (no full-size decode, then resize)
        img.draft("RGB", size)
    img = img.convert("RGB")
    if size and img.size != size:
        img = img.resize(size)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    r = max(6, w // 30)
    line = max(2, w // 180)

    def px(x: float, y: float) -> tuple[float, float]:  # stored actions are canonical (0-1000)
        return to_pixels(x, y, w, h)

    for a in actions:
        kind = a.get("type")
        if kind in ("click", "double_click", "long_press") and "x" in a:
            cx, cy = px(a["x"], a["y"])
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=_RED, width=line)
            draw.ellipse((cx - line, cy - line, cx + line, cy + line), fill=_RED)
            if kind != "click":
                draw.text((cx + r + 2, cy - r), kind.replace("_", " "), fill=_RED)
        elif kind == "drag" and "x" in a:
            _arrow(draw, px(a["x"], a["y"]), px(a["x2"], a["y2"]), _BLUE, line)
        elif kind in ("scroll", "swipe"):
            direction = a.get("direction", "down")
            dx, dy = _SCROLL[direction] if kind == "scroll" else {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[direction]
            cx, cy = px(a.get("x", 500), a.get("y", 500))
            _arrow(draw, (cx, cy), (cx + dx * w * 0.25, cy + dy * h * 0.15), _BLUE, line)
        elif kind == "type":
            text = f"type: {a.get('text', '')}"[:60]
            draw.rectangle((0, h - 3 * r, w, h), fill=(29, 34, 48))
            draw.text((r, h - 2.4 * r), text, fill=(255, 255, 255))
    return img


def placeholder(width: int, text: str, height: int | None = None) -> Image.Image:
    """Return a grey frame of ``width`` (phone-shaped unless ``height`` is given) that says ``text``."""
    img = Image.new("RGB", (width, height or width * 2), (228, 230, 236))
    ImageDraw.Draw(img).text((8, 8), text, fill=(90, 96, 110))
    return img


def screenshot(path: str | Path | None, actions: list[dict[str, Any]], width: int) -> Image.Image:
    """Return the screenshot at ``path`` with ``actions`` drawn on it, or a placeholder saying why there is none.

    A run copied without its screenshots (or one whose files were pruned) still replays: every other field of a
    step is in its trajectory, so one missing image must not take the replay or the report down with it.
    """
    file = Path(path) if path else None
    if file is None or not file.is_file():
        return placeholder(width, f"no screenshot: {file.name if file else 'none recorded'}")
    try:
        return annotate(file.read_bytes(), actions, width)
    except OSError as exc:  # PIL's UnidentifiedImageError is an OSError: a truncated or damaged image file
        return placeholder(width, f"unreadable screenshot: {file.name} ({type(exc).__name__})")


def _arrow(draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float], color, width: int) -> None:
    draw.line((start, end), fill=color, width=width)
    ex, ey = end
    sx, sy = start
    length = max(1.0, ((ex - sx) ** 2 + (ey - sy) ** 2) ** 0.5)
    ux, uy = (ex - sx) / length, (ey - sy) / length
    size = 4 * width + 6
    left = (ex - size * ux + size * 0.5 * uy, ey - size * uy - size * 0.5 * ux)
    right = (ex - size * ux - size * 0.5 * uy, ey - size * uy + size * 0.5 * ux)
    draw.polygon([end, left, right], fill=color)


def to_bytes(img: Image.Image, fmt: str = "JPEG", quality: int = 75) -> bytes:
    """Return the image encoded (JPEG by default; WEBP lossy at ``quality``, a fast method)."""
    buf = io.BytesIO()
    if fmt == "JPEG":
        img.save(buf, format=fmt, quality=quality)
    elif fmt == "WEBP":
        img.save(buf, format=fmt, quality=quality, method=2)  # method 2: within ~4% of the smallest, 2-3x faster
    else:
        img.save(buf, format=fmt)
    return buf.getvalue()
