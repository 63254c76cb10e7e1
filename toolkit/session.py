"""``make_env``: one leased environment for interactive use (notebooks, scripts, MCP sessions).

Every operation runs on the toolkit's background event loop (which owns the browser), so the
same object works synchronously — also inside Jupyter's running loop — and with ``await``
through the ``a``-prefixed methods.

A failed operation raises a typed :class:`~toolkit.envs.base.EnvError` (a crashed page, a timeout, an expired
lease, a failed boot) whose message ends with what to do: ``call reset()``. The episode is lost with its instance:
until ``reset()``, a ``step``, ``observe`` or ``evaluate`` raises an EnvError that says so (never a silent new
episode). The next ``reset()`` recovers: it gives the broken lease back and requests a fresh one.
A session runs one operation at a time (calls made together wait their turn), an interrupted synchronous call
(Ctrl-C) cancels its operation, and a session collected without ``close()`` closes its browser.
"""

from __future__ import annotations

import asyncio
import copy
import numbers
import weakref
from typing import Any, Coroutine, Sequence, TypeVar

from toolkit.actions import Action
from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.base import EnvError, Lease, Observation, StepResult
from toolkit.envs.local import LocalBackend
from toolkit.envs.manager import EnvManager
from toolkit.sync import background_loop, wait_interruptibly
from toolkit.tasks import TaskInstance, TaskSpec, Verdict, find_task, sample

T = TypeVar("T")

#: what an EnvError's message ends with: what the caller does next (the MCP server words it as its env_reset tool)
AFTER_FAILURE = "the episode is lost with its instance: call reset() to start again on a fresh one"
AFTER_FAILED_RESET = "call reset() again to retry on a fresh instance"


def _advise(exc: EnvError, advice: str) -> EnvError:
    """Add ``advice`` to the message of ``exc`` (once: an error passes through nested operations) and return it.

    Only ``str(exc)`` changes; ``kind``, ``op`` and ``message`` stay the manager's.
    """
    if getattr(exc, "advice", None) is None:
        exc.advice = advice
        exc.args = (f"{exc.args[0] if exc.args else exc}; {advice}", *exc.args[1:])
    return exc


def _own(obs: Observation) -> Observation:
    """Return ``obs`` with a state of its own: the env shares one parsed state among the observations of a state that
    did not change, and a caller here may edit what it is given."""
    return obs.model_copy(update={"state": copy.deepcopy(obs.state)})


class EnvSession:
    """A leased phone with an optional task: reset, step, observe, evaluate, close."""

    def __init__(self, spec: TaskSpec | None, seed: int, isolation: str = "pages", apps: list[str] | None = None):
        self.spec = spec
        self.seed = seed
        self.instance: TaskInstance | None = None
        self.isolation = isolation
        self.apps = apps
        self.manager: EnvManager | None = None
        self.lease: Lease | None = None
        self.last: Observation | None = None
        self.failed: EnvError | None = None  # the failure that lost the episode, until the next reset
        self._steps = 0
        self._closed = False
        self._finalizer: weakref.finalize | None = None
        self._serial: asyncio.Lock | None = None  # made on the background loop, which runs every operation

    @property
    def closed(self) -> bool:
        """Whether ``close()`` was called (every later call raises RuntimeError)."""
        return self._closed

    # -- plumbing ------------------------------------------------------------------------------------

    def _submit(self, coro: Coroutine[Any, Any, T]) -> "asyncio.Future[T]":
        return asyncio.run_coroutine_threadsafe(self._one_at_a_time(coro), background_loop())

    async def _one_at_a_time(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` once the session's previous operations are done: two at once (``gather`` of two ``areset``,
        a call from a second thread) each leased an instance of their own and left one leased until its TTL."""
        if self._serial is None:
            self._serial = asyncio.Lock()
        try:
            async with self._serial:
                return await coro
        finally:
            coro.close()  # a no-op once it ran; cancelled while waiting, it never started (no "never awaited")

    def _sync(self, coro: Coroutine[Any, Any, T]) -> T:
        # Ctrl-C in a notebook stops the operation (wait_interruptibly cancels it)
        return wait_interruptibly(self._submit(coro))

    async def _await(self, coro: Coroutine[Any, Any, T]) -> T:
        return await asyncio.wrap_future(self._submit(coro))

    def _new_manager(self) -> EnvManager:
        """Return the env manager this session leases from (made on first use)."""
        return EnvManager(backend=LocalBackend(isolation=self.isolation), adapter=MockedAdapter(apps=self.apps))

    def _check_open(self, where: str) -> None:
        if self._closed:
            raise RuntimeError(f"{where}: session closed (close() was called): make a new one with make_env()")

    def _check_episode(self, where: str) -> None:
        """Raise an EnvError naming the earlier failure when it lost the episode (a step on the crashed instance would
        fail on its own, as an unhelpful "page has crashed", or worse act on an instance in an unknown state)."""
        if self.failed is not None:
            f = self.failed
            raise _advise(EnvError(f.kind, where, f"an earlier {f.op} failed ({f.message})"), AFTER_FAILURE)

    async def _guarded(self, where: str, coro: Coroutine[Any, Any, T]) -> T:
        """Await an operation of the current episode; an EnvError loses the episode and says to reset."""
        try:
            return await coro
        except EnvError as exc:
            if where == "evaluate" and exc.kind == "timeout":  # the verifier was slow; the instance is as it was
                raise _advise(exc, "call evaluate() again, or reset() to start over") from None
            self.failed = self.failed or exc
            raise _advise(exc, AFTER_FAILURE) from None

    async def _lease(self) -> Lease:
        """Return the session's lease, requesting one when it has none (first use, or after a failure)."""
        self._check_open("reset")
        if self.manager is None:
            self.manager = self._new_manager()
            # A session dropped without close() (a notebook cell run again) would keep its Chromium until the
            # process ends: closing the manager is left to the garbage collector then. Not at exit: the loop's
            # thread is gone by then, and Playwright's driver takes its browsers down with it.
            self._finalizer = weakref.finalize(self, _close_abandoned, self.manager)
            self._finalizer.atexit = False
        if self.lease is None:
            [self.lease] = await self.manager.request(self.spec)
        return self.lease

    async def _drop_lease(self) -> None:
        """Give the lease back (a crashed instance behind it is replaced at the next request)."""
        lease, self.lease = self.lease, None
        if lease is not None and self.manager is not None:
            await self.manager.release(lease)  # a no-op for an expired or replaced lease

    def _instance(self, seed: int | None) -> TaskInstance:
        if seed is not None:
            _check_seed("reset", seed)
        seed = self.seed if seed is None else int(seed)
        if self.spec is None:
            return TaskInstance(task_id="free", seed=seed, instruction="(no task)", params={}, setup={}, reference=[],
                                expected_changes=[], max_steps=10_000)
        return sample(self.spec, seed)

    async def _reset(self, seed: int | None) -> Observation:
        self._check_open("reset")
        instance = self._instance(seed)
        self.instance = None  # until this reset succeeds: a step then resets first
        self.failed = None
        try:
            obs = await self._reset_on_lease(instance)
        except EnvError:
            # A crashed or hung instance, an expired lease or a failed request: a fresh lease, and one more try.
            await self._drop_lease()
            try:
                obs = await self._reset_on_lease(instance)
            except EnvError as exc:
                # until the next reset, a step or observe says so: it reset on its own, to the session's seed and
                # not the one asked for here, and went on as if this reset had worked
                self.failed = exc
                raise _advise(exc, AFTER_FAILED_RESET) from None
        obs = _own(obs)
        self.instance, self._steps, self.last = instance, 0, obs
        return obs

    async def _reset_on_lease(self, instance: TaskInstance) -> Observation:
        """Reset the session's instance (leasing one first if needed) to ``instance``'s s0."""
        lease = await self._lease()
        return await self.manager.reset(lease, instance)

    async def _step(self, actions: Sequence[Action | dict] | Action | dict) -> StepResult:
        self._check_open("step")
        batch = list(actions) if isinstance(actions, (list, tuple)) else [actions]
        if not batch:
            raise ValueError("step: give one action or a batch of at least one (an empty batch would count as a step "
                             "that did nothing)")
        self._check_episode("step")
        if self.instance is None:
            await self._reset(None)
        self._steps += 1
        result = await self._guarded("step", self.manager.step(self.lease, batch,
                                                                action_id=f"session:{self.instance.key}:{self._steps}"))
        result = result.model_copy(update={"observation": _own(result.observation)})
        self.last = result.observation
        return result

    async def _evaluate(self) -> Verdict:
        self._check_open("evaluate")
        self._check_episode("evaluate")
        if self.spec is None:
            raise RuntimeError("evaluate: a free phone has no task to judge: make_env('<task id>') for one")
        if self.instance is None:  # a session on a task was told it had none
            raise RuntimeError("evaluate: nothing to judge yet: call reset() (or step()) first")
        return await self._guarded("evaluate", self.manager.evaluate(self.lease, self.instance, self.spec))

    async def _close(self) -> None:
        self._closed = True
        self.lease = self.instance = self.failed = None
        if self._finalizer is not None:
            self._finalizer.detach()
        if self.manager is not None:
            manager, self.manager = self.manager, None
            await asyncio.shield(manager.close())  # an interrupted close still closes the browser

    # -- synchronous API -----------------------------------------------------------------------------

    def reset(self, seed: int | None = None) -> Observation:
        """Reset to the task's s0 (a fresh instance sampled with ``seed``) and return the observation."""
        return self._sync(self._reset(seed))

    def step(self, actions: Sequence[Action | dict] | Action | dict) -> StepResult:
        """Apply one action or an ordered batch; return the per-action results and new observation."""
        return self._sync(self._step(actions))

    def observe(self) -> Observation:
        """Return the current observation."""
        return self._sync(self._observe())

    async def _observe(self) -> Observation:
        self._check_open("observe")
        self._check_episode("observe")
        if self.instance is None:
            return await self._reset(None)
        self.last = _own(await self._guarded("observe", self.manager.observe(self.lease)))
        return self.last

    def state(self) -> dict[str, Any]:
        """Return the device state."""
        return self.observe().state

    def evaluate(self) -> Verdict:
        """Judge the current state with the task's verifier."""
        return self._sync(self._evaluate())

    def close(self) -> None:
        """Release the browser; later calls raise RuntimeError."""
        self._sync(self._close())

    # -- awaitable API -------------------------------------------------------------------------------

    async def areset(self, seed: int | None = None) -> Observation:
        """``await`` form of :meth:`reset`."""
        return await self._await(self._reset(seed))

    async def astep(self, actions: Sequence[Action | dict] | Action | dict) -> StepResult:
        """``await`` form of :meth:`step`."""
        return await self._await(self._step(actions))

    async def aobserve(self) -> Observation:
        """``await`` form of :meth:`observe`."""
        return await self._await(self._observe())

    async def aevaluate(self) -> Verdict:
        """``await`` form of :meth:`evaluate`."""
        return await self._await(self._evaluate())

    async def aclose(self) -> None:
        """``await`` form of :meth:`close`."""
        await self._await(self._close())

    def __enter__(self) -> "EnvSession":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _close_abandoned(manager: EnvManager) -> None:
    """Close the manager of a session collected without close() (on the background loop; nobody waits for it)."""
    loop = background_loop()
    if not loop.is_closed():
        asyncio.run_coroutine_threadsafe(manager.close(), loop)


def _check_seed(where: str, seed: Any) -> None:
    """Raise TypeError naming ``where`` unless ``seed`` is an integer (numpy's integers are Integral too; bool is not),
    and ValueError when it is negative (``sample`` refuses it: Random(-n) draws what Random(n) does)."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"{where}: seed must be an int, got {type(seed).__name__} {seed!r}")
    if seed < 0:
        raise ValueError(f"{where}: seed must be >= 0, got {seed}")


def check_isolation(where: str, isolation: Any) -> None:
    """Raise ValueError naming ``where`` unless ``isolation`` is one the local backend runs (else it fails at reset)."""
    if isolation not in ("pages", "contexts", "browsers"):
        raise ValueError(f"{where}: isolation must be pages, contexts or browsers, got {isolation!r}")


def make_env(task: str | TaskSpec | None = None, seed: int = 0, isolation: str = "pages",
             apps: list[str] | None = None) -> EnvSession:
    """Return an environment session for a task id (``suite/id``, or an id one suite alone holds), a spec, or None
    for a free phone. An unknown or ambiguous id is a :class:`~toolkit.tasks.SpecError` naming the suites; a ``task``
    or ``seed`` of another type is a TypeError naming it (it would otherwise fail later, in ``reset``), and so are
    ``apps`` that are not a list of app ids; apps the phone lacks or an unknown ``isolation`` are a ValueError."""
    if task is not None and not isinstance(task, (str, TaskSpec)):
        raise TypeError(f"make_env: task must be a task id ('suite/id'), a TaskSpec or None, got {type(task).__name__} {task!r}")
    _check_seed("make_env", seed)
    # Checked here, not at the first reset: apps="contacts" was read letter by letter there.
    check_isolation("make_env", isolation)
    if apps is not None:
        if not isinstance(apps, (list, tuple)) or not all(isinstance(a, str) for a in apps):
            raise TypeError(f"make_env: apps must be a list of app ids, got {type(apps).__name__} {apps!r}")
        try:
            MockedAdapter(apps=list(apps))
        except ValueError as exc:
            raise ValueError(f"make_env: {exc}") from None
    spec = find_task(task) if isinstance(task, str) else task
    return EnvSession(spec, int(seed), isolation=isolation, apps=list(apps) if apps is not None else None)
