"""Run verifiers out of process, each call with a deadline and a memory limit.

Workers are long-lived Python processes (one import of each verifier file, then
reused). A call that times out, crashes the worker, or exceeds memory yields a
``verifier_error`` verdict and the worker is replaced; the pool keeps its size.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_WORKER = str(Path(__file__).with_name("verifier_worker.py"))


@dataclass(frozen=True)
class VerifierLimits:
    """Deadline per call (s), address-space limit (MB) and CPU-seconds limit of a worker."""

    timeout_s: float = 5.0
    memory_mb: int = 1024
    cpu_s: int = 600


class VerifierFailure(Exception):
    """The verifier did not produce a result (timeout, crash, exception, memory)."""


def _limit(limits: VerifierLimits):
    def apply() -> None:
        mem = limits.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
        resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_s, limits.cpu_s + 5))
        # No file writes (pipes are not files): a verifier only reads its inputs.
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        os.setsid()
    return apply


class _Worker:
    def __init__(self, proc: asyncio.subprocess.Process):
        self.proc = proc

    @classmethod
    async def start(cls, limits: VerifierLimits) -> "_Worker":
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-I", "-B", _WORKER,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
            preexec_fn=_limit(limits), limit=2**24,
        )
        worker = cls(proc)
        try:
            ready = await asyncio.wait_for(proc.stdout.readline(), 30)
        except asyncio.TimeoutError:
            ready = b""
        if not ready:
            worker.kill()
            raise VerifierFailure("verifier worker failed to start")
        return worker

    def kill(self) -> None:
        if self.proc.returncode is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


class VerifierPool:
    """A fixed-size pool of verifier workers shared by all attempts of a process."""

    def __init__(self, size: int = 1, limits: VerifierLimits = VerifierLimits()):
        self.size = size
        self.limits = limits
        self._idle: asyncio.Queue[_Worker] | None = None
        self.respawns = 0

    async def _ensure(self) -> asyncio.Queue:
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.size):
                self._idle.put_nowait(await _Worker.start(self.limits))
        return self._idle

    async def run(self, file: str, function: str, context: dict[str, Any]) -> Any:
        """Call ``function`` of verifier ``file`` on ``context`` and return its result.

        Raises:
            VerifierFailure: with a message saying what went wrong.
        """
        idle = await self._ensure()
        worker = await idle.get()
        healthy = False
        try:
            request = json.dumps({"file": file, "function": function, "context": context}) + "\n"
            worker.proc.stdin.write(request.encode())
            await worker.proc.stdin.drain()
            line = await asyncio.wait_for(worker.proc.stdout.readline(), self.limits.timeout_s)
            if not line:
                raise VerifierFailure("verifier process died (crash or memory limit)")
            answer = json.loads(line)
            healthy = True
            if not answer["ok"]:
                raise VerifierFailure(answer["error"])
            return answer["result"]
        except asyncio.TimeoutError:
            raise VerifierFailure(f"verifier timed out after {self.limits.timeout_s:g} s") from None
        except (BrokenPipeError, ConnectionResetError):
            raise VerifierFailure("verifier process died (crash or memory limit)") from None
        finally:
            if not healthy:
                worker.kill()
                self.respawns += 1
                worker = await _Worker.start(self.limits)
            idle.put_nowait(worker)

    async def close(self) -> None:
        """Stop every worker."""
        if self._idle is None:
            return
        while not self._idle.empty():
            worker = self._idle.get_nowait()
            worker.kill()
            await worker.proc.wait()
        self._idle = None
