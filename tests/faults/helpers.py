"""Finding the Chromium processes behind an instance, to kill them like an OOM killer or a crash would."""

from __future__ import annotations

import psutil

from toolkit.bench.util import chromium_processes

#: A fixed amount of JavaScript work (~0.3 s of CPU): the renderer that spends it is the page's.
_SPIN = "() => { let x = 0; for (let i = 0; i < 3e8; i++) { x = (x + i) | 0; } return x; }"


def _cpu(proc: psutil.Process) -> float:
    try:
        t = proc.cpu_times()
        return t.user + t.system
    except psutil.Error:
        return 0.0


async def renderer_of(page) -> psutil.Process:
    """Return the renderer process that runs ``page`` (the one whose CPU time grows while the page spins)."""
    renderers = [p for p, kind in chromium_processes() if kind == "renderer"]
    before = {p.pid: _cpu(p) for p in renderers}
    await page.evaluate(_SPIN)
    return max(renderers, key=lambda p: _cpu(p) - before[p.pid])


def browser_of(proc: psutil.Process) -> psutil.Process:
    """Return the browser process above a Chromium child process (renderer → zygote → browser)."""
    types = {p.pid: kind for p, kind in chromium_processes()}
    node = proc
    while node is not None and types.get(node.pid) != "browser":
        node = node.parent()
    if node is None:
        raise LookupError(f"no browser process above pid {proc.pid}")
    return node


def sigkill(proc: psutil.Process, timeout: float = 10.0) -> None:
    """SIGKILL ``proc`` and wait until it is gone."""
    proc.kill()
    psutil.wait_procs([proc], timeout=timeout)
