"""Gymnasium environments over the env manager: ``gymnasium.make("guigym/<suite>.<task id>")``.

>>> import gymnasium, toolkit.gym
>>> env = gymnasium.make("guigym/miniwob.click-button", coords="page")
>>> obs, info = env.reset(seed=0); info["instruction"]
>>> obs, reward, terminated, truncated, info = env.step({"type": "click", "x": 80, "y": 105})

Importing this module registers ``guigym/<suite>.<id>`` for every bundled task (``mobile-core.contacts.block``,
``web.crm.close_lost``, ...) and ``guigym/miniwob.<task>`` for the 125 MiniWoB++ tasks (when the ``miniwob``
package is installed). Each env is one :class:`toolkit.session.EnvSession` (the sync facade on the
toolkit's background loop, driving the same env manager as evaluation), not a second rollout path.

- observation: the screenshot as ``uint8`` H×W×3 (``observation_space`` is a Box of that shape);
- action: an action model or a dict (``{"type": "click", "x": 80, "y": 105}``, ``{"type": "type", "text": "hi"}``);
  MiniWoB++ points are in page CSS pixels with ``coords="page"``, else 0–1000 over the screen;
- reward: 1.0 on success, else 0.0 (MiniWoB++: its binary reward, raw reward 1; see
  :func:`toolkit.envs.adapters.miniwob_tasks.page_success`). MiniWoB++ judges after every step (``terminated`` when the page ends the
  episode); bundled tasks are judged by their verifier when the agent sends ``terminate`` (``terminated``);
- ``reset(options=...)`` takes no option yet: any key is a ValueError naming it (see :data:`RESET_OPTIONS`);
- ``truncated`` after ``max_steps`` steps (default: the task's); after ``terminated`` or ``truncated``, ``step``
  raises :class:`ResetNeeded` (gymnasium's, also a RuntimeError) until ``reset``; after ``close``, ``reset`` and
  ``step`` raise :class:`EnvClosed` (gymnasium's ClosedEnvironmentError, also a RuntimeError);
- an infrastructure failure (a crashed page, a timeout) raises a typed :class:`toolkit.envs.base.EnvError` whose
  message says to call ``reset()``: the episode is lost, and a ``step`` before that ``reset`` raises an EnvError saying
  so; the ``reset`` recovers on a fresh instance. A malformed action raises :class:`toolkit.actions.ActionError`
  (a ``ValueError``; ``action_space.contains`` says False for it); one the device cannot do (``open`` of an app
  it lacks, ``type`` with no field focused) is an error in ``info["errors"]``.
"""

from __future__ import annotations

import io
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from toolkit.actions import Action, ActionError, action_dict, parse_action
from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.local import LocalBackend
from toolkit.envs.manager import EnvManager
from toolkit.session import EnvSession, check_isolation
from toolkit.tasks import SpecError, TaskSpec, find_task, list_suites, load_tasks
from toolkit.tasks.loader import known_suites

NAMESPACE = "guigym"


class ResetNeeded(gymnasium.error.ResetNeeded, RuntimeError):
    """``step`` before ``reset``, or after the episode ended (terminated or truncated)."""


class EnvClosed(gymnasium.error.ClosedEnvironmentError, RuntimeError):
    """``reset`` or ``step`` after ``close`` (the browser is gone: ``gymnasium.make`` a new env)."""


def gym_id(spec: TaskSpec) -> str:
    """Return the gymnasium id of a task: ``guigym/<suite>.<id>``."""
    return f"{NAMESPACE}/{spec.full_id.replace('/', '.')}"


class ActionSpace(spaces.Space):
    """The toolkit's action vocabulary as a gymnasium space; ``sample()`` draws a click on the screen."""

    def __init__(self, width: float, height: float, seed: int | None = None):
        super().__init__(shape=None, dtype=None, seed=seed)
        self.width, self.height = width, height

    def sample(self, mask: Any = None, probability: Any = None) -> dict[str, Any]:
        return {"type": "click", "x": int(self.np_random.integers(0, self.width)), "y": int(self.np_random.integers(0, self.height))}

    def contains(self, x: Any) -> bool:
        try:
            parse_action(x)
        except ActionError:
            return False
        return True

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"ActionSpace(click/type/... x<{self.width:g}, y<{self.height:g})"

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, ActionSpace) and (other.width, other.height) == (self.width, self.height)


class _Session(EnvSession):
    """An EnvSession whose manager uses a given adapter (MiniWoB++ coords and scale, the mocked device's scale)."""

    def __init__(self, spec: TaskSpec, seed: int, adapter: Any, isolation: str = "pages"):
        super().__init__(spec, seed, isolation=isolation)
        self._adapter = adapter

    def _new_manager(self) -> EnvManager:
        return EnvManager(backend=LocalBackend(isolation=self.isolation), adapter=self._adapter)


class GuigymEnv(gymnasium.Env):
    """One guigym task as a Gymnasium env (see the module docstring).

    Args:
        task: ``suite/id`` (or ``suite.id``) of a bundled or MiniWoB++ task, or a bare id one suite alone holds
            (``contacts.block``).
        coords: MiniWoB++ only: ``page`` (CSS pixels) or ``norm1000``.
        scale: screenshot pixels per CSS pixel (MiniWoB++ default 1: 160×210; the phone's default 3: 1080×2400).
        max_steps: truncate after this many steps (default: the task's max_steps).
        render_mode: ``rgb_array`` or None.
    """

    metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(self, task: str, coords: str = "norm1000", scale: float | None = None, max_steps: int | None = None,
                 render_mode: str | None = None, isolation: str = "pages"):
        self.spec_task = _find(task)
        check_isolation("GuigymEnv", isolation)  # else accepted here and refused at the first reset
        if render_mode not in (None, *self.metadata["render_modes"]):  # "human" rendered nothing, in silence
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r} "
                             "(gymnasium.make(..., render_mode='human') wraps the env in HumanRendering)")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps must be a positive integer or None (the task's), got {max_steps!r}")
        if self.spec_task.device == "miniwob":
            from toolkit.envs.adapters.miniwob import MiniwobAdapter

            adapter = MiniwobAdapter(coords=coords, scale=1.0 if scale is None else scale)  # scale=0 is refused there
            width, height = 160, 210
            extent = (160, 210) if coords == "page" else (1001, 1001)
        else:
            if coords != "norm1000":
                raise ValueError(f"coords={coords!r}: bundled tasks take 0–1000 coordinates (coords='norm1000')")
            adapter = MockedAdapter(device=self.spec_task.device, image_format="png", scale=scale)
            width, height = adapter.viewport.width, adapter.viewport.height
            extent = (1001, 1001)
        s = adapter.viewport.scale
        self.observation_space = spaces.Box(0, 255, (round(height * s), round(width * s), 3), np.uint8)
        self.action_space = ActionSpace(*extent)
        self.render_mode = render_mode
        self.max_steps = max_steps or self.spec_task.max_steps
        self._session = _Session(self.spec_task, 0, adapter, isolation=isolation)
        self._frame: np.ndarray | None = None
        self._steps = 0
        self._done = False
        self._closed = False

    # -- gymnasium API -------------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        self._check_open()
        _check_options(options)
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**31 - 1))
        self.action_space.seed(seed)
        obs = self._session.reset(seed)
        self._steps, self._done = 0, False
        self._frame = self._array(obs.image)
        return self._frame, self._info(obs, None)

    def step(self, action: Action | dict[str, Any]) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        self._check_open()
        if self._session.instance is None:
            raise ResetNeeded("call reset() before step()")
        if self._done:
            raise ResetNeeded("the episode has ended (terminated or truncated): call reset() before step()")
        parsed = parse_action(action)
        result = self._session.step(parsed)
        obs = result.observation
        self._steps += 1
        reward, terminated = 0.0, False
        verdict = None
        if self.spec_task.device == "miniwob":
            from toolkit.envs.adapters.miniwob_tasks import page_success

            terminated = bool(obs.state.get("done"))
            reward = 1.0 if page_success(self.spec_task.id, obs.state) else 0.0
        elif parsed.type == "terminate":
            verdict = self._session.evaluate()
            terminated, reward = True, 1.0 if verdict.success else 0.0
        truncated = not terminated and self._steps >= self.max_steps
        self._done = terminated or truncated
        self._frame = self._array(obs.image)
        info = self._info(obs, result)
        if verdict is not None:
            info["verdict"] = verdict.model_dump(include={"success", "reward", "progress", "clean", "error"})
        return self._frame, reward, terminated, truncated, info

    def render(self) -> np.ndarray | None:
        return self._frame if self.render_mode == "rgb_array" else None

    def close(self) -> None:
        self._closed = True
        self._session.close()
        super().close()

    # -- helpers -------------------------------------------------------------------------------------

    def _check_open(self) -> None:
        # without it, step after close said "call reset() first", and reset then named make_env()
        if self._closed:
            raise EnvClosed(f"{gym_id(self.spec_task)} is closed: gymnasium.make a new env")

    def _array(self, image: bytes) -> np.ndarray:
        from PIL import Image

        frame = np.asarray(Image.open(io.BytesIO(image)).convert("RGB"), dtype=np.uint8)
        if frame.shape != self.observation_space.shape:  # never expected; keep the space's promise
            frame = np.asarray(Image.fromarray(frame).resize(self.observation_space.shape[1::-1]), dtype=np.uint8)
        return frame

    def _info(self, obs: Any, result: Any) -> dict[str, Any]:
        inst = self._session.instance
        info: dict[str, Any] = {"instruction": inst.instruction, "task_id": inst.task_id, "seed": inst.seed,
                                "screen": obs.screen}
        if self.spec_task.device == "miniwob":
            # the page's time-scaled reward varies with wall time; the env's obs.state keeps it
            info["raw_reward"] = obs.state.get("raw_reward")
            info["reason"] = obs.state.get("reason")
            if "fields" in inst.params:
                info["fields"] = inst.params["fields"]
        if result is not None:
            info["errors"] = [r.error for r in result.results if r.error]
            info["action"] = [action_dict(parse_action(r.action)) if r.ok else r.action for r in result.results]
        return info


#: the keys ``reset(options=...)`` takes (none yet: the instance is chosen by ``seed``)
RESET_OPTIONS: tuple[str, ...] = ()


def _check_options(options: Any) -> None:
    """Refuse ``reset`` options this env does not take, naming them and the accepted ones (they were ignored in
    silence: ``options={"task": ...}`` reset to the env's own task as if it had been heard)."""
    if options is None:
        return
    if not isinstance(options, dict):
        raise TypeError(f"reset: options must be a dict or None, got {type(options).__name__} {options!r}")
    unknown = [k for k in options if k not in RESET_OPTIONS]
    if unknown:
        accepted = ", ".join(RESET_OPTIONS) or "none (pick the instance with reset(seed=...); the task is the env's id)"
        raise ValueError(f"reset: unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} in "
                         f"options; accepted: {accepted}")


def _find(task: str) -> TaskSpec:
    """Return the spec of ``task``: ``suite/id``, ``suite.id`` (the form of the gymnasium ids) or a bare id that one
    suite alone holds, resolved by :func:`toolkit.tasks.find_task` as the CLI and ``make_env`` resolve it.

    Raises:
        ValueError: naming ``task``: an unknown one (with a close id when there is one), or a bare id several suites
            hold (naming their full ids).
    """
    if not isinstance(task, str):  # it failed as "argument of type 'int' is not iterable"
        raise TypeError(f"task must be a task id ('suite/id', 'suite.id' or an id one suite alone holds), got "
                        f"{type(task).__name__} {task!r}")
    task_id = task
    if "/" not in task:  # "suite.id": the longest suite it starts with (synth/<world> is "synth.<world>."); else bare
        dotted = [s for s in known_suites() if task.startswith(s.replace("/", ".") + ".")]
        if dotted:
            suite = max(dotted, key=len)
            task_id = f"{suite}/{task[len(suite) + 1:]}"
    try:
        return find_task(task_id)
    except SpecError as exc:
        raise ValueError(f"no guigym task {task!r}: {exc}") from None


def register_all() -> list[str]:
    """Register ``guigym/<suite>.<id>`` for every bundled task and every MiniWoB++ task; return the ids."""
    ids = []
    for suite in list_suites(include_code=True):
        try:
            specs = load_tasks([suite])
        except SpecError:  # e.g. miniwob without the miniwob package
            continue
        for spec in specs:
            env_id = gym_id(spec)
            if env_id not in gymnasium.registry:  # gymnasium.make's passive env checker stays on
                gymnasium.register(id=env_id, entry_point="toolkit.gym:GuigymEnv", kwargs={"task": spec.full_id})
            ids.append(env_id)
    return ids


REGISTERED = register_all()
