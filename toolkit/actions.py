"""The action vocabulary: one pydantic model per action kind, validated at the boundary.

Coordinates are normalized to 0–1000 on both axes by default; :func:`to_pixels` and
:func:`from_pixels` are the one place where coordinate spaces are converted.
One model step may emit an ordered batch of actions (``list[Action]``).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import (BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, ValidationError, field_validator,
                      model_validator)

CoordSpace = Literal["norm1000", "norm1", "pixels"]
COORD_SPACES: tuple[str, ...] = ("norm1000", "norm1", "pixels")


def check_coord_space(space: Any, what: str = "coords") -> CoordSpace:
    """Return ``space`` when it names a coordinate space; raise ValueError naming ``what`` and the known ones.

    An unknown name ("pixel") was read as 0–1 fractions by the conversions below, so a model answering in pixels had
    every point scaled by 1000 (and refused as out of range) with nothing saying why.
    """
    if space not in COORD_SPACES:
        raise ValueError(f"{what}: unknown coordinate space {space!r}; expected one of {', '.join(COORD_SPACES)}")
    return space


def _not_bool(value: Any) -> Any:
    """Refuse a bool where a number is wanted (pydantic's lax mode reads ``True`` as 1)."""
    if isinstance(value, bool):
        raise ValueError(f"a number is wanted, not the boolean {value}")
    return value


_Number = Annotated[float, BeforeValidator(_not_bool)]
_Coord = Annotated[_Number, Field(ge=0, le=1000)]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Click(_Action):
    """Tap / left-click at (x, y)."""

    type: Literal["click"] = "click"
    x: _Coord
    y: _Coord


class DoubleClick(_Action):
    """Double tap / double click at (x, y)."""

    type: Literal["double_click"] = "double_click"
    x: _Coord
    y: _Coord


class LongPress(_Action):
    """Press and hold at (x, y)."""

    type: Literal["long_press"] = "long_press"
    x: _Coord
    y: _Coord


class Type(_Action):
    """Type text into the focused field; ``clear`` replaces the field's text first."""

    type: Literal["type"] = "type"
    text: str = Field(max_length=2000)
    clear: bool = False


# -- key names (the one place they are normalised) -----------------------------------------------------

#: The key names a device takes: the DOM ``KeyboardEvent.key``/``code`` names of a US keyboard, which Playwright
#: presses (the OSWorld adapter maps them to pyautogui's). Single printable characters are keys too.
KEY_NAMES: tuple[str, ...] = (
    "Control", "Shift", "Alt", "Meta", "ControlLeft", "ControlRight", "ShiftLeft", "ShiftRight", "AltLeft", "AltRight",
    "MetaLeft", "MetaRight", "AltGraph", "Enter", "Escape", "Tab", "Backspace", "Delete", "Insert", "Home", "End",
    "PageUp", "PageDown", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Space", "CapsLock", "NumLock",
    "ScrollLock", "PrintScreen", "Pause", "ContextMenu", "Backquote", "Minus", "Equal", "Backslash", "BracketLeft",
    "BracketRight", "Semicolon", "Quote", "Comma", "Period", "Slash", "NumpadDivide", "NumpadMultiply",
    "NumpadSubtract", "NumpadAdd", "NumpadDecimal", "NumpadEnter", "AudioVolumeMute", "AudioVolumeDown",
    "AudioVolumeUp", "MediaTrackNext", "MediaTrackPrevious", "MediaPlayPause",
    *(f"F{i}" for i in range(1, 13)), *(f"Digit{i}" for i in range(10)), *(f"Numpad{i}" for i in range(10)),
    *(f"Key{c}" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
)
#: Other spellings models write (matched ignoring case, spaces, ``_`` and ``-``).
KEY_ALIASES: dict[str, str] = {
    "ctrl": "Control", "ctl": "Control", "control": "Control", "ctrlleft": "ControlLeft", "ctrlright": "ControlRight",
    "lctrl": "ControlLeft", "rctrl": "ControlRight",
    "cmd": "Meta", "command": "Meta", "win": "Meta", "windows": "Meta", "super": "Meta", "os": "Meta",
    "winleft": "MetaLeft", "winright": "MetaRight",
    "option": "Alt", "opt": "Alt", "lalt": "AltLeft", "ralt": "AltRight", "altgr": "AltGraph",
    "lshift": "ShiftLeft", "rshift": "ShiftRight",
    "esc": "Escape", "return": "Enter", "ret": "Enter", "del": "Delete", "ins": "Insert",
    "bksp": "Backspace", "bs": "Backspace",
    "pgup": "PageUp", "pgdn": "PageDown", "pgdown": "PageDown",
    "up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
    "uparrow": "ArrowUp", "downarrow": "ArrowDown", "leftarrow": "ArrowLeft", "rightarrow": "ArrowRight",
    "spacebar": "Space", "caps": "CapsLock", "prtsc": "PrintScreen", "printscr": "PrintScreen", "menu": "ContextMenu",
    "apps": "ContextMenu", "plus": "+", "minus": "-", "comma": ",", "period": ".", "dot": ".", "slash": "/",
}
_KEY_LOOKUP: dict[str, str] = {**{k.lower(): k for k in KEY_NAMES}, **KEY_ALIASES}
#: The single characters of a US keyboard (with and without Shift); space is ``Space``.
KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789`~!@#$%^&*()-_=+[]{}\\|;:'\",.<>/?")


def normalize_key(name: str) -> str:
    """Return the device's name of a key (``ctrl`` → ``Control``, ``esc`` → ``Escape``, ``pagedown`` → ``PageDown``).

    Raises:
        ValueError: the key has no known name (the message lists the accepted ones).
    """
    if len(name) == 1:
        if name in KEY_CHARS:
            return name
        if name == " ":
            return "Space"
    found = _KEY_LOOKUP.get(re.sub(r"[\s_\-]", "", name).lower()) if len(name) > 1 else None
    if found is None:
        raise ValueError(f"unknown key {name!r}: use names like Control, Shift, Alt, Meta, Enter, Escape, Tab, "
                         "Backspace, Delete, ArrowUp, PageDown, Home, F5, Space, or one character")
    return found


def _one_combo(value: Any) -> Any:
    """Read keys given as one string (``"ctrl+a"``, as models often write them) as a one-combination list."""
    return [value] if isinstance(value, str) else value


class Hotkey(_Action):
    """Press a key combination, e.g. ``["Control", "a"]``; common spellings (``ctrl``, ``esc``) are normalised."""

    type: Literal["hotkey"] = "hotkey"
    keys: Annotated[list[Annotated[str, Field(min_length=1, max_length=20)]], BeforeValidator(_one_combo)] = Field(
        min_length=1, max_length=4)

    @field_validator("keys")
    @classmethod
    def _known_keys(cls, keys: list[str]) -> list[str]:
        out = [normalize_key(k) for combo in keys for k in _split_combo(combo)]
        if len(out) > 4:
            raise ValueError(f"at most 4 keys in one combination, got {len(out)}")
        return out


def _split_combo(combo: str) -> list[str]:
    """Return the keys of ``Control+a`` (as Playwright splits it: ``Control++`` is Control and ``+``)."""
    if len(combo) == 1:
        return [combo]
    parts, building = [], ""
    for char in combo:
        if char == "+" and building:
            parts.append(building)
            building = ""
        else:
            building += char
    return parts + [building]


class Open(_Action):
    """Open an app by its id (like launching it from the home screen)."""

    type: Literal["open"] = "open"
    app: str = Field(min_length=1, max_length=64)


class Drag(_Action):
    """Drag from (x, y) to (x2, y2)."""

    type: Literal["drag"] = "drag"
    x: _Coord
    y: _Coord
    x2: _Coord
    y2: _Coord


class Scroll(_Action):
    """Scroll the content under (x, y) by ``amount`` (of 0–1000 along the motion's axis); ``swipe`` is the same
    gesture named by finger motion, and may be given by its end point (x2, y2) instead of direction and amount."""

    type: Literal["scroll", "swipe"] = "scroll"
    x: _Coord = 500
    y: _Coord = 500
    direction: Literal["up", "down", "left", "right"]
    amount: Annotated[_Number, Field(gt=0, le=1000)] = 400

    @model_validator(mode="before")
    @classmethod
    def _from_end_point(cls, data: Any) -> Any:
        """Return a swipe given by its end point as direction (the longer axis of the motion) and amount (its length
        along that axis). Judged here, in 0–1000, after the points were converted: judged in a format's own units,
        the same gesture went down in pixels of a tall screen and right in 0–1000."""
        if not isinstance(data, dict) or data.get("type") != "swipe" or not {"x2", "y2"} & data.keys():
            return data
        if "direction" in data or "amount" in data:
            raise ValueError("a swipe is given by direction (and amount) or by its end point x2, y2, not both")
        moved = {}
        for name in ("x", "y", "x2", "y2"):
            value = data.get(name, 500 if name in ("x", "y") else None)
            if isinstance(value, bool) or not isinstance(value, (int, float, str)):
                raise ValueError(f"a swipe's '{name}' must be a number, got {value!r}")
            try:
                moved[name] = float(value)
            except ValueError:
                raise ValueError(f"a swipe's '{name}' must be a number, got {value!r}") from None
        dx, dy = moved["x2"] - moved["x"], moved["y2"] - moved["y"]
        if dx == dy == 0:
            raise ValueError("a swipe's end point (x2, y2) must differ from its start (x, y)")
        horizontal = abs(dx) > abs(dy)
        direction = ("right" if dx > 0 else "left") if horizontal else ("down" if dy > 0 else "up")
        rest = {k: v for k, v in data.items() if k not in ("x2", "y2")}
        return {**rest, "direction": direction, "amount": abs(dx) if horizontal else abs(dy)}


class SystemButton(_Action):
    """Press a system button."""

    type: Literal["system_button"] = "system_button"
    button: Literal["back", "home", "menu", "enter", "recents"]


class Wait(_Action):
    """Let virtual time pass."""

    type: Literal["wait"] = "wait"
    seconds: Annotated[_Number, Field(ge=0, le=3600)] = 1.0


class CliCommand(_Action):
    """Run a shell command (desktop environments only)."""

    type: Literal["cli_command"] = "cli_command"
    command: str = Field(min_length=1, max_length=2000)


class ApiCall(_Action):
    """Call an environment API (MCP-style tasks)."""

    type: Literal["api_call"] = "api_call"
    name: str = Field(min_length=1, max_length=128)
    args: dict[str, Any] = Field(default_factory=dict)


class AskUser(_Action):
    """Ask the user a question; the task's scripted replies answer it."""

    type: Literal["ask_user"] = "ask_user"
    question: str = Field(min_length=1, max_length=2000)


class Answer(_Action):
    """Give the answer of a query task: free text and/or AnswerSheet fields."""

    type: Literal["answer"] = "answer"
    text: str | None = Field(default=None, max_length=2000)
    fields: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _says_something(self) -> "Answer":
        # an answer with neither was submitted as an empty sheet: a wrong answer the model never gave (e.g. a format
        # that did not read the fields it wrote)
        if self.text is None and not self.fields:
            raise ValueError("an answer needs text or fields")
        return self


class Terminate(_Action):
    """End the episode, claiming success or failure."""

    type: Literal["terminate"] = "terminate"
    status: Literal["success", "failed"]
    answer: str | None = Field(default=None, max_length=2000)


Action = Annotated[
    Union[Click, DoubleClick, LongPress, Type, Hotkey, Open, Drag, Scroll, SystemButton, Wait,
          CliCommand, ApiCall, AskUser, Answer, Terminate],
    Field(discriminator="type"),
]

ACTION_TYPES: tuple[str, ...] = (
    "click", "double_click", "long_press", "type", "hotkey", "open", "drag", "scroll", "swipe",
    "system_button", "wait", "cli_command", "api_call", "ask_user", "answer", "terminate",
)

_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


class ActionError(ValueError):
    """An action that failed validation; ``message`` says which field and why."""

    def __init__(self, message: str, raw: Any = None):
        super().__init__(message)
        self.message = message
        self.raw = raw


def parse_action(data: dict[str, Any] | Any, strict: bool = False) -> Action:
    """Validate a dict (or an action model) and return the action model.

    ``strict`` refuses values of another JSON type (``"5"`` for a number, ``"true"`` for a flag), which the lax
    default reads (a model's text is parsed leniently; a caller's JSON, as MCP's env_step takes, is not).

    Raises:
        ActionError: naming the action type and the offending field.
    """
    if isinstance(data, _Action):
        return data
    if not isinstance(data, dict):
        raise ActionError(f"an action must be an object, got {type(data).__name__}", data)
    kind = data.get("type")
    if kind not in ACTION_TYPES:
        raise ActionError(f"unknown action type {kind!r}; expected one of {', '.join(ACTION_TYPES)}", data)
    try:
        return _ADAPTER.validate_python(data, strict=strict)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:])
        message = first["msg"].removeprefix("Value error, ")  # a validator's own message needs no pydantic prefix
        raise ActionError(f"{kind}: field '{where}': {message}" if where else f"{kind}: {message}", data) from None


def action_dict(action: Action) -> dict[str, Any]:
    """Return the action as a plain dict (defaults included)."""
    return action.model_dump(mode="json")


def to_pixels(x: float, y: float, width: float, height: float, space: CoordSpace = "norm1000") -> tuple[float, float]:
    """Convert a point from ``space`` to pixels of a ``width`` × ``height`` screen."""
    if space == "pixels":
        return x, y
    scale = 1000.0 if space == "norm1000" else 1.0
    return x / scale * width, y / scale * height


def from_pixels(px: float, py: float, width: float, height: float, space: CoordSpace = "norm1000") -> tuple[float, float]:
    """Convert a pixel point of a ``width`` × ``height`` screen to ``space``."""
    if space == "pixels":
        return px, py
    scale = 1000.0 if space == "norm1000" else 1.0
    return px / width * scale, py / height * scale


_POINT_FIELDS = (("x", "y"), ("x2", "y2"))
#: the axis (0: x, 1: y) a scroll's amount is measured along, by its direction
AMOUNT_AXIS = {"left": 0, "right": 0, "up": 1, "down": 1}


def convert_point(x: float, y: float, src: CoordSpace, dst: CoordSpace, size: tuple[int, int] | None = None) -> tuple[float, float]:
    """Convert a point between coordinate spaces (``size`` = screen pixels, needed when either side is pixels)."""
    check_coord_space(src, "source coordinate space")
    check_coord_space(dst, "target coordinate space")
    if src == dst:
        return x, y
    if "pixels" in (src, dst) and not size:
        raise ActionError(f"converting {src} to {dst} needs the screen size")
    w, h = size or (1, 1)
    px, py = to_pixels(x, y, w, h, src)
    return from_pixels(px, py, w, h, dst)


def convert_action_dict(data: dict[str, Any], src: CoordSpace, dst: CoordSpace, size: tuple[int, int] | None = None,
                        digits: int | None = None) -> dict[str, Any]:
    """Return a copy of an action dict with its points, and a scroll's amount, moved from ``src`` to ``dst`` space
    (rounded to ``digits``)."""
    out = dict(data)

    def move(name: str, axis: int) -> None:
        value = out.get(name)
        if isinstance(value, str):  # "540", as models quote numbers: moved like one (validation reads it so too)
            try:
                value = float(value)
            except ValueError:
                return  # not a number: validation names the field
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return
        moved = convert_point(*((float(value), 0.0) if axis == 0 else (0.0, float(value))), src, dst, size)[axis]
        out[name] = moved if digits is None else int(round(moved)) if digits == 0 else round(moved, digits)

    for fx, fy in _POINT_FIELDS:
        # each axis converts on its own, so a point given by one coordinate (``scroll(direction='down', y=1200)``,
        # the other left at its default) is still moved to ``dst``
        move(fx, 0)
        move(fy, 1)
    if out.get("type") in ("scroll", "swipe") and isinstance(out.get("direction"), str) \
            and out["direction"] in AMOUNT_AXIS:
        # a scroll's amount is a length along its axis, in the space of its points: 400 of 0-1000 is 960 pixels of a
        # 2400-pixel-tall screen, 0.4 in 0-1 (the spaces scale with no offset, so a length converts as a point does)
        move("amount", AMOUNT_AXIS[out["direction"]])
    return out


def resolve_targets(actions: list[dict[str, Any]], centers: dict[str, tuple[float, float]]) -> list[dict[str, Any]]:
    """Return ``actions`` with each ``target`` (an element id on the current screen, the form the task bank's
    reference solutions use) replaced by that element's centre (``centers``: element id -> 0–1000 point): a pointing
    action takes it as its ``x`` and ``y``; a ``type`` is preceded by a tap there, which focuses the field.

    Raises:
        ValueError: ``no element 'x' on screen (visible: ...)`` for a target not on the screen; ``target must be an
            element id`` for one that is no string. The actions are not changed.
    """
    out: list[dict[str, Any]] = []
    for raw in actions:
        if not isinstance(raw, dict) or "target" not in raw:
            out.append(raw)
            continue
        action = dict(raw)
        target = action.pop("target")
        if not isinstance(target, str):
            raise ValueError(f"target must be an element id (a string such as 'btn:save'), got {target!r}")
        if target not in centers:
            visible = ", ".join(sorted(centers)[:40]) + (" …" if len(centers) > 40 else "")
            raise ValueError(f"no element {target!r} on screen (visible: {visible or 'none'})")
        x, y = (round(v) for v in centers[target])
        if action.get("type") == "type":
            out.append({"type": "click", "x": x, "y": y})
        else:
            action.update(x=x, y=y)
        out.append(action)
    return out
