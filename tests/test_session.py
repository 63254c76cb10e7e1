"""make_env and evaluate from synchronous code inside a running event loop (what Jupyter does), and with await."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.conftest import requires_chromium
from toolkit import evaluate, make_env
from toolkit.envs.manager import EnvManager
from toolkit.tasks import load_suite

pytestmark = requires_chromium


async def test_sync_calls_work_inside_a_running_loop_and_await_works_too():
    asyncio.get_running_loop()  # we are inside a loop, as in a notebook cell
    spec = next(s for s in load_suite("mobile-core") if s.apps == ["contacts"])
    env = make_env(spec.full_id, seed=2)
    try:
        obs = env.reset()
        assert obs.screen == "launcher" and env.instance.instruction
        r = env.step({"type": "open", "app": "contacts"})
        assert r.observation.screen == "app:contacts"
        verdict = env.evaluate()
        assert not verdict.success and verdict.ok
        obs2 = await env.areset(seed=2)
        assert obs2.state == obs.state
        r2 = await env.astep([{"type": "open", "app": "contacts"}])
        assert r2.observation.state_hash == r.observation.state_hash
    finally:
        await env.aclose()


async def test_evaluate_inside_a_running_loop(tmp_path):
    task = load_suite("mobile-core")[0].id
    result = evaluate(["mobile-core"], "reference", tasks=[task], out=tmp_path)
    assert list(result.summary["SR"]) == [1.0] and len(result.attempts) == 1


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"task": 123}, r"make_env: task must be a task id .* got int 123"),
    ({"task": ["mobile-core/contacts.block"]}, r"make_env: task must be .* got list"),
    ({"task": "mobile-core/contacts.block", "seed": "3"}, r"make_env: seed must be an int, got str '3'"),
    ({"task": "mobile-core/contacts.block", "seed": 1.5}, r"make_env: seed must be an int, got float"),
])
def test_a_task_or_seed_of_the_wrong_type_is_refused_by_make_env_naming_it(kwargs, message):
    """make_env(123) returned a session whose reset() failed with "'int' object has no attribute 'suite'", and a
    string seed was a pydantic error about TaskInstance at reset."""
    with pytest.raises(TypeError, match=message):
        make_env(**kwargs)


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"apps": "contacts"}, TypeError, r"make_env: apps must be a list of app ids, got str 'contacts'"),
    ({"apps": ["contacts", 3]}, TypeError, r"make_env: apps must be a list of app ids"),
    ({"apps": ["nope"]}, ValueError, r"make_env: device 'phone' has no app\(s\) \['nope'\]"),
    ({"isolation": "tabs"}, ValueError, r"make_env: isolation must be pages, contexts or browsers, got 'tabs'"),
])
def test_apps_or_isolation_the_phone_lacks_are_refused_by_make_env(kwargs, error, message):
    """``make_env(apps="contacts")`` failed at the first reset with "no app(s) ['a', 'c', 'n', ...]" (the string read
    letter by letter); a wrong isolation also waited for the reset."""
    with pytest.raises(error, match=message):
        make_env(None, **kwargs)


def test_a_negative_seed_is_refused_by_make_env_and_reset():
    """make_env(seed=-1) returned a session whose reset failed in ``sample``; reset(seed=-1) got that far too."""
    with pytest.raises(ValueError, match=r"make_env: seed must be >= 0, got -1"):
        make_env("mobile-core/contacts.block", seed=-1)
    env = make_env("mobile-core/contacts.block")
    try:
        with pytest.raises(ValueError, match=r"reset: seed must be >= 0, got -3"):
            env.reset(seed=-3)
        assert env.manager is None
    finally:
        env.close()


def test_reset_refuses_a_seed_that_is_not_an_int_and_step_an_empty_batch():
    """``env.reset(seed="x")`` was a pydantic error about TaskInstance, and ``env.step([])`` counted as a step that
    did nothing; both are refused before the session leases a phone, as is an evaluate() before any reset."""
    env = make_env("mobile-core/contacts.block")
    try:
        with pytest.raises(TypeError, match=r"reset: seed must be an int, got str 'x'"):
            env.reset(seed="x")
        with pytest.raises(ValueError, match=r"step: give one action or a batch of at least one"):
            env.step([])
        # a session on a task, not yet reset, was told "evaluate needs a task"
        with pytest.raises(RuntimeError, match=r"^evaluate: nothing to judge yet: call reset\(\)"):
            env.evaluate()
        assert env.manager is None  # nothing was started for any of them
    finally:
        env.close()


async def test_a_state_edited_by_the_caller_is_not_what_the_next_observation_shows():
    """The env shares one parsed state among observations of an unchanged state; a session hands out its own copy,
    so editing a returned state does not reach the next observation."""
    env = make_env("mobile-core/contacts.block")
    try:
        obs = await env.areset()
        pristine = obs.state_hash
        obs.state["apps"]["contacts"]["data"] = "edited"
        idle = await env.astep({"type": "type", "text": "x"})  # no field has focus: nothing changes
        assert idle.observation.state_hash == pristine and idle.observation.state["apps"]["contacts"]["data"] != "edited"
        again = await env.aobserve()
        assert again.state == idle.observation.state and again.state is not idle.observation.state
    finally:
        await env.aclose()


def test_a_session_dropped_without_close_closes_its_browser():
    """A session collected without close() (a notebook cell run again rebinds ``env``) kept its Chromium until the
    process ended; the garbage collector now closes its manager."""
    env = make_env(None, apps=["answersheet"])
    env.reset()
    manager = env.manager
    _, hosted = manager.hosted(env.lease)
    browser = hosted.browser
    assert browser.is_connected()
    del env, hosted
    gc.collect()
    for _ in range(600):  # the close runs on the background loop; a hang guard, not a timing assertion
        if manager.backend._pw is None:
            break
        time.sleep(0.05)
    assert manager.backend._pw is None and not browser.is_connected() and not manager._slots


def test_calls_on_a_closed_session_name_the_call():
    env = make_env(None, apps=["answersheet"])
    env.close()
    env.close()  # closing twice is harmless
    for name, call in (("reset", env.reset), ("step", lambda: env.step({"type": "wait"})), ("observe", env.observe),
                       ("observe", env.state), ("evaluate", env.evaluate)):
        with pytest.raises(RuntimeError, match=rf"^{name}: session closed .*make_env\(\)"):
            call()


async def test_two_resets_at_once_share_the_sessions_one_lease():
    """``gather(env.areset(), env.areset())`` (or a reset from a second thread) each requested a lease of its own:
    two phones booted and one stayed leased, unused, until its TTL. The session runs one operation at a time."""
    env = make_env(None, apps=["answersheet"])
    try:
        first, second = await asyncio.gather(env.areset(), env.areset())
        assert first.state == second.state
        status = env.manager.status()
        assert (status["instances"], status["leased"]) == (1, 1)
    finally:
        await env.aclose()


def _interrupt_once_waiting(entered: threading.Event, delivery: str = "process") -> None:
    """Send SIGINT once the operation has started and the main thread waits for its answer (not before: a signal
    that lands while the call is still being submitted interrupts nothing in flight).

    ``delivery="thread"`` has this thread take the signal, as one that lands in the instant before the main thread's
    wait begins is taken: its handler is left pending for the main thread, which is not woken by it (an untimed wait
    then slept on, the test hanging until its timeout)."""
    entered.wait(60)
    main = threading.main_thread().ident
    for _ in range(6000):  # a hang guard
        frame, names = sys._current_frames().get(main), set()
        while frame is not None:
            names.add(frame.f_code.co_name)
            frame = frame.f_back
        if names & {"wait_interruptibly", "result"}:  # toolkit.sync's wait (a future's result() before it)
            break
        time.sleep(0.01)
    if delivery == "thread":
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)
    else:
        os.kill(os.getpid(), signal.SIGINT)


async def _wait_until_cancelled(entered: threading.Event, stopped: threading.Event) -> None:
    """Stand in for a long operation: say it started, wait, and say it was cancelled."""
    entered.set()
    try:
        await asyncio.Event().wait()
    except asyncio.CancelledError:
        stopped.set()
        raise


@pytest.mark.parametrize("delivery", ["process", "thread"])
def test_an_interrupted_call_stops_its_operation_and_the_session_goes_on(monkeypatch, delivery):
    """Ctrl-C (SIGINT, as Jupyter's interrupt sends) during ``env.reset()`` left the reset running on the background
    loop, behind the next call; it is now cancelled, and the next reset works on one lease."""
    entered, stopped = threading.Event(), threading.Event()
    real = EnvManager.request

    async def stuck(self, *args, **kwargs):
        await _wait_until_cancelled(entered, stopped)

    env = make_env(None, apps=["answersheet"])
    try:
        monkeypatch.setattr(EnvManager, "request", stuck)
        threading.Thread(target=_interrupt_once_waiting, args=(entered, delivery), daemon=True).start()
        with pytest.raises(KeyboardInterrupt):
            env.reset()
        assert stopped.wait(60), "the interrupted reset kept running"
        monkeypatch.setattr(EnvManager, "request", real)
        assert env.reset().screen == "launcher" and env.manager.status()["leased"] == 1
    finally:
        env.close()


@pytest.mark.parametrize("delivery", ["process", "thread"])
def test_an_interrupted_run_sync_in_a_running_loop_cancels_its_coroutine(delivery):
    """In Jupyter (a loop runs in the kernel's thread) Ctrl-C during ``toolkit.evaluate`` left the evaluation running
    on the background loop: it kept its browsers and went on writing its run. The coroutine is now cancelled, as
    ``asyncio.run`` cancels it in a script. (A coroutine that waits stands in for the evaluation: the mechanism is
    run_sync's, and an evaluation cannot be made to wait at a known point without one. The loop is run with
    run_until_complete, as a kernel runs it: asyncio.run's SIGINT handler would cancel its own task instead.)"""
    from toolkit.sync import run_sync

    entered, stopped = threading.Event(), threading.Event()

    async def cell():  # a notebook cell: synchronous toolkit calls inside the running loop
        threading.Thread(target=_interrupt_once_waiting, args=(entered, delivery), daemon=True).start()
        with pytest.raises(KeyboardInterrupt):
            run_sync(_wait_until_cancelled(entered, stopped))
        assert stopped.wait(60), "the interrupted coroutine kept running on the background loop"

        async def answer():
            return 42

        assert run_sync(answer()) == 42  # the background loop goes on serving

    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(cell())
    finally:
        loop.close()


async def test_gather_or_cancel_stops_the_others_when_one_fails():
    """The scheduler's workers and a training step's attempts run through it: when one raises, the others are
    cancelled and have ended before the error reaches the caller (asyncio.gather left them running on)."""
    from toolkit.sync import gather_or_cancel

    started, ended = asyncio.Event(), []

    async def waits(name):
        started.set()
        try:
            await asyncio.Event().wait()
        finally:
            ended.append(name)

    async def fails():
        await started.wait()
        raise RuntimeError("attempt failed")

    with pytest.raises(RuntimeError, match="attempt failed"):
        await gather_or_cancel(waits("a"), fails(), waits("b"))
    assert sorted(ended) == ["a", "b"]

    async def value(v):
        return v

    assert await gather_or_cancel(value(1), value(2)) == [1, 2]


async def test_within_never_swallows_a_cancellation_and_times_out():
    """Python 3.11's ``asyncio.wait_for`` drops a cancellation that arrives as the awaited operation finishes (half
    of the cases below), so a Ctrl-C'd evaluation's worker carried on through the remaining attempts. ``within``
    (every deadline of the toolkit) lets each one through, and still times out."""
    from toolkit.sync import within

    async def quick():
        await asyncio.sleep(0)
        return 1

    async def op():
        await within(5, quick())
        await asyncio.sleep(0)
        return "went on"

    for delay in range(200):
        task = asyncio.ensure_future(op())
        for _ in range(delay % 4):
            await asyncio.sleep(0)
        if task.cancel():
            with pytest.raises(asyncio.CancelledError):
                await task
    with pytest.raises(TimeoutError):
        await within(0.01, asyncio.Event().wait())
    toolkit_dirs = [Path(__file__).parent.parent / d for d in ("toolkit", "mcp_server")]
    users = [str(p) for d in toolkit_dirs for p in d.rglob("*.py") if "asyncio.wait_for(" in p.read_text()]
    assert users == [], "use toolkit.sync.within for deadlines"


@pytest.mark.parametrize("delivery", ["process", "thread"])
def test_an_interrupted_background_call_cancels_its_coroutine(delivery):
    """``validate_task`` and the GRPO trainer's rollouts run their coroutine on the background loop from a plain
    thread; they waited with an untimed ``result()`` (a Ctrl-C could sleep unseen) and left the coroutine running
    when interrupted. Both go through ``run_in_background`` now: the wait is interrupted and the coroutine cancelled."""
    from toolkit.sync import run_in_background
    from toolkit.training.rollouts import RolloutMixin

    entered, stopped = threading.Event(), threading.Event()
    threading.Thread(target=_interrupt_once_waiting, args=(entered, delivery), daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        RolloutMixin()._run(_wait_until_cancelled(entered, stopped))
    assert stopped.wait(60), "the interrupted coroutine kept running on the background loop"

    async def answer():
        return 42

    assert run_in_background(answer()) == 42
