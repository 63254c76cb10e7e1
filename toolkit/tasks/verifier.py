"""Run verifiers out of process, each call with a deadline, a memory limit and a CPU limit.

Workers are long-lived Python processes (``verifier_worker.py``) that run each call in a fresh child of
their own, so no call can change a later one. Every way a call can fail (a timeout, a crash, a memory or
CPU limit, an exception, a refusal by the sandbox, a context or answer that is not JSON, an answer that is
too long or is not the answer to this request) raises :class:`VerifierFailure`, which the judge records as a
``verifier_error``. A worker that broke is replaced; when a replacement cannot start, the next call tries
again, so the pool keeps its size.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import resource
import secrets
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.sync import within
from toolkit.tasks.verifier_worker import MAX_REPLY

log = logging.getLogger(__name__)

_LAUNCHER = str(Path(__file__).with_name("verifier_launch.py"))
# -S -s: no site-packages; -B: no .pyc writes; -P: the launcher's folder is not on sys.path. The environment
# is replaced, not inherited: a fixed hash seed (set and dict-of-str order is the same in every worker) and UTC.
_ARGS = ("-S", "-s", "-B", "-P", _LAUNCHER)
_ENV = {"PYTHONHASHSEED": "0", "PYTHONUTF8": "1", "TZ": "UTC"}
_PASSED_ON = ("LD_LIBRARY_PATH",)  # some Python installs need it to find libpython
_START_S = 30.0
_warned: set[str] = set()


@dataclass(frozen=True)
class VerifierLimits:
    """Deadline per call (s), address-space limit of a worker (MB), and CPU-seconds limit per call."""

    timeout_s: float = 5.0
    memory_mb: int = 1024
    cpu_s: int = 600


class VerifierFailure(Exception):
    """The verifier did not produce a result (timeout, crash, exception, memory, sandbox refusal, bad answer)."""


#: How the message of a call that missed its deadline starts (a verdict keeps only the message). A verifier's own
#: exception cannot forge it: the worker reports those as "<ExceptionType>: ...".
TIMED_OUT = "verifier timed out after"


def timed_out(error: str | None) -> bool:
    """Return True when ``error`` (a verdict's ``error``) says the verifier missed its deadline: it hangs, and a
    caller that would judge more states with it waits out the deadline again for each."""
    return bool(error) and error.startswith(TIMED_OUT)


def _limit(limits: VerifierLimits):
    def apply() -> None:
        mem = limits.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
        # No file writes (pipes are not files): a verifier only reads its inputs. No core files either.
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        os.setsid()
    return apply


def _warn_once(key: str, message: str) -> None:
    if key not in _warned:
        _warned.add(key)
        log.warning(message)


def _check_isolation(ready: dict) -> None:
    """Warn (once per process) when a worker could not isolate the network or filter syscalls."""
    seccomp = (" and the seccomp filter" if ready.get("seccomp")
               else f"; the seccomp filter is off too ({ready.get('seccomp_error') or 'unknown reason'})")
    if not ready.get("network_namespace"):
        _warn_once("network", "verifier workers run without network isolation: "
                   f"{ready.get('network_error') or 'unknown reason'}; network calls are refused only by the "
                   f"audit hook{seccomp}")
    elif not ready.get("seccomp"):
        _warn_once("seccomp", "verifier workers run without the seccomp filter "
                   f"({ready.get('seccomp_error') or 'unknown reason'}); processes and file changes are refused "
                   "only by the audit hook and the resource limits")


class _Worker:
    def __init__(self, proc: asyncio.subprocess.Process):
        self.proc = proc

    @classmethod
    async def start(cls, limits: VerifierLimits) -> "_Worker":
        """Start a worker and wait for its ready line.

        Raises:
            VerifierFailure: the worker did not come up.
        """
        env = {**{k: os.environ[k] for k in _PASSED_ON if k in os.environ}, **_ENV}
        try:
            proc = await asyncio.create_subprocess_exec(
                sys.executable, *_ARGS, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL, env=env, preexec_fn=_limit(limits), limit=MAX_REPLY + 4096)
        except (OSError, subprocess.SubprocessError) as exc:
            raise VerifierFailure(f"verifier worker failed to start ({exc})") from None
        worker = cls(proc)
        try:
            ready = json.loads(await within(_START_S, proc.stdout.readline()))
        except (asyncio.TimeoutError, ValueError):
            ready = None
        if not isinstance(ready, dict) or ready.get("ready") is not True:
            worker.kill()
            raise VerifierFailure("verifier worker failed to start")
        _check_isolation(ready)
        return worker

    def kill(self) -> None:
        if self.proc.returncode is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def _answer(line: bytes, nonce: str) -> dict:
    """Return the answer object of reply ``line`` to request ``nonce``.

    Raises:
        VerifierFailure: the line is not such a reply (the worker is then out of step and must go).
    """
    try:
        reply = json.loads(line)
    except ValueError:
        raise VerifierFailure("verifier worker wrote a line that is not JSON") from None
    if not isinstance(reply, dict) or reply.get("id") != nonce:
        raise VerifierFailure("verifier worker answered out of turn (the reply is not to this request)")
    answer = reply.get("answer")
    if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool) or (
            "result" not in answer if answer["ok"] else not isinstance(answer.get("error"), str)):
        raise VerifierFailure("verifier worker answered without ok/result/error")
    return answer


class VerifierPool:
    """A fixed-size pool of verifier workers shared by all attempts of a process."""

    def __init__(self, size: int = 1, limits: VerifierLimits = VerifierLimits()):
        self.size = size
        self.limits = limits
        # Idle workers; None stands for a worker that could not start (the next call that takes it retries).
        self._idle: asyncio.Queue[_Worker | None] | None = None
        self.respawns = 0

    async def _ensure(self) -> asyncio.Queue:
        """Return the queue of idle workers, starting them on first use."""
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.size):
                try:
                    self._idle.put_nowait(await _Worker.start(self.limits))
                except VerifierFailure:
                    self._idle.put_nowait(None)
        return self._idle

    async def _replace(self, worker: _Worker) -> _Worker | None:
        """Kill ``worker`` and return a new one (None when it cannot start: the next call tries again)."""
        worker.kill()
        self.respawns += 1
        try:
            return await _Worker.start(self.limits)
        except VerifierFailure:
            return None

    @staticmethod
    async def _exchange(worker: _Worker, request: bytes) -> bytes:
        """Send ``request`` to ``worker`` and return its reply line (b"" when it died)."""
        worker.proc.stdin.write(request)
        await worker.proc.stdin.drain()
        return await worker.proc.stdout.readline()

    async def run(self, file: str, function: str, context: dict[str, Any]) -> Any:
        """Call ``function`` of verifier ``file`` on ``context`` and return its result.

        Raises:
            VerifierFailure: with a message saying what went wrong.
        """
        context = dict(context)
        nonce = secrets.token_hex(16)
        try:
            header = json.dumps({"id": nonce, "file": file, "function": function, "cpu_s": self.limits.cpu_s,
                                 "world_root": context.pop("world_root", None)})
            body = json.dumps(context)
        except (TypeError, ValueError, RecursionError) as exc:
            raise VerifierFailure(f"verifier context is not JSON: {exc}") from None
        idle = await self._ensure()
        worker = await idle.get()
        healthy = False
        try:
            if worker is None:  # a replacement that failed to start earlier: try again now
                worker = await _Worker.start(self.limits)
            line = await within(self.limits.timeout_s, self._exchange(worker, f"{header}\n{body}\n".encode()))
            if not line:
                raise VerifierFailure("verifier process died (crash or memory limit)")
            answer = _answer(line, nonce)
            healthy = True
            if not answer["ok"]:
                raise VerifierFailure(answer["error"])
            return answer["result"]
        except asyncio.TimeoutError:
            raise VerifierFailure(f"{TIMED_OUT} {self.limits.timeout_s:g} s") from None
        except (BrokenPipeError, ConnectionResetError):
            raise VerifierFailure("verifier process died (crash or memory limit)") from None
        except ValueError:  # asyncio's readline: the line is over the stream limit
            raise VerifierFailure(f"verifier answer is over {MAX_REPLY // 2**20} MiB") from None
        finally:
            if not healthy and worker is not None:
                worker = await self._replace(worker)
            idle.put_nowait(worker)

    async def close(self) -> None:
        """Stop every idle worker."""
        if self._idle is None:
            return
        while not self._idle.empty():
            worker = self._idle.get_nowait()
            if worker is not None:
                worker.kill()
                await worker.proc.wait()
        self._idle = None
