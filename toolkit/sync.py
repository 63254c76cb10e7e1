"""Run toolkit coroutines from synchronous code, including inside Jupyter's running event loop.

A single background thread owns an event loop (and therefore every Playwright object made
through it); synchronous callers submit coroutines to it and wait.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from typing import Any, Awaitable, Coroutine, TypeVar

T = TypeVar("T")

_loop: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()


def background_loop() -> asyncio.AbstractEventLoop:
    """Return the toolkit's background event loop, starting its thread on first use."""
    global _loop
    with _lock:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="guigym-loop", daemon=True).start()
        return _loop


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to completion and return its result, whether or not a loop runs in this thread.

    Interrupted (Ctrl-C, Jupyter's interrupt) while it runs on the background loop, ``coro`` is cancelled, as
    ``asyncio.run`` cancels it outside a loop: it ran on unseen (an evaluation kept its browsers and went on
    writing its run) and held up the toolkit's next call.
    """
    try:
        loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None:  # run outside the except block: every error of coro began "RuntimeError: no running event loop"
        return asyncio.run(coro)
    return run_in_background(coro)


def run_in_background(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` on the toolkit's background loop (where env managers and their browsers live); return its result.

    The wait is interruptible, and an interrupt (Ctrl-C) cancels ``coro`` before it goes on, so nothing keeps running
    on the background loop after the caller has given up on it.
    """
    return wait_interruptibly(asyncio.run_coroutine_threadsafe(coro, background_loop()))


#: the longest a waiting thread sleeps before it looks at pending signals (Ctrl-C) again
_SIGNAL_CHECK_S = 0.1


def wait_interruptibly(future: "concurrent.futures.Future[T]") -> T:
    """Return ``future``'s result (raising its error), waiting so that a Ctrl-C always interrupts the wait; an
    interrupted wait cancels ``future`` (its coroutine would otherwise run on and hold up the next call).

    One untimed wait could sleep through a SIGINT for good: Python runs a signal's handler only in the main thread,
    and a blocked wait wakes only when the signal lands on that thread while it already sleeps. A signal taken by
    another thread, or in the instant before the wait began, left the handler pending and the caller asleep (a
    Ctrl-C that did nothing; a test that hung until its timeout). Timed waits return to Python often enough to run it.
    """
    try:
        while not concurrent.futures.wait([future], timeout=_SIGNAL_CHECK_S).done:
            pass
        return future.result()
    except BaseException:
        future.cancel()  # a no-op once it is done
        raise


async def gather_or_cancel(*aws: Awaitable[T]) -> list[T]:
    """Await ``aws`` concurrently; return their results in order.

    When one raises, or the caller is cancelled, the others are cancelled and awaited before the error goes on:
    ``asyncio.gather`` leaves them running, and a run's workers then went on after its env manager had closed
    (booting browsers, writing rows after the run had returned).
    """
    tasks = [asyncio.ensure_future(a) for a in aws]
    try:
        return await asyncio.gather(*tasks)
    except BaseException:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise


async def within(seconds: float, aw: Awaitable[T]) -> T:
    """Return what ``aw`` gives, raising ``TimeoutError`` (and cancelling it) after ``seconds``.

    Used instead of ``asyncio.wait_for``: on Python 3.11 that swallows a cancellation which arrives as the awaited
    operation finishes, so a Ctrl-C'd evaluation's worker carried on through every remaining attempt.
    """
    async with asyncio.timeout(seconds):
        return await aw
