"""The MiniWoB++ task catalogue and its verdicts: the wheel's HTML (found without importing ``miniwob``), its
registered tasks, the loopback server of the pages, the ``miniwob`` suite (registered on import) and the judging
of the page's reward globals. The adapter that drives the pages is :mod:`toolkit.envs.adapters.miniwob`.
"""

from __future__ import annotations

import importlib.util
import re
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from toolkit.tasks import Criterion, CriterionResult, SpecError, TaskSpec, Verdict
from toolkit.tasks.loader import register_suite

#: The largest seed: the page gets it as a JavaScript number (a double), exact only up to 2**53 - 1 (2**53 + 1
#: arrives as 2**53, the same episode).
MAX_SEED = 2**53 - 1
MISSING = "the MiniWoB++ suite needs the 'miniwob' package (pip install miniwob, or pip install -e '.[miniwob]')"


# -- the wheel ---------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def miniwob_root() -> Path | None:
    """Return the wheel's ``html/`` folder (found without importing ``miniwob``), or None when absent."""
    spec = importlib.util.find_spec("miniwob")
    if spec is None or not spec.submodule_search_locations:
        return None
    html = Path(list(spec.submodule_search_locations)[0]) / "html"
    return html if (html / "miniwob").is_dir() and (html / "core" / "core.js").is_file() else None


def require_root() -> Path:
    """Return the HTML folder or raise a SpecError naming the missing package."""
    root = miniwob_root()
    if root is None:
        raise SpecError(MISSING)
    return root


@lru_cache(maxsize=1)
def registered_tasks() -> dict[str, dict[str, Any]]:
    """Return ``{task: {"nondeterministic": bool, "flight": bool}}`` for the gym ids the package registers.

    Read from ``miniwob/registration.py``'s text (importing it would register the gym envs).
    """
    root = require_root()
    text = (root.parent / "registration.py").read_text()
    tasks: dict[str, dict[str, Any]] = {}
    for block in re.findall(r"register\((.*?)\n    \)", text, flags=re.S):
        m = re.search(r'id="miniwob/([\w.\-]+)-v\d+"', block)
        if not m:
            continue
        name = m.group(1)
        tasks[name] = {"nondeterministic": "nondeterministic=True" in block, "flight": name.startswith("flight.")}
    return tasks


def task_names(include_flight: bool = False) -> list[str]:
    """Return the registered MiniWoB++ task names (125 HTML tasks; the 3 FlightWoB tasks if asked)."""
    return sorted(t for t, m in registered_tasks().items() if include_flight or not m["flight"])


def reloads(task: str) -> bool:
    """Return True for the tasks whose state leaks across in-page resets (reloaded before each episode)."""
    return bool(registered_tasks().get(task, {}).get("nondeterministic"))


_server = None
_server_lock = threading.Lock()


def miniwob_server():
    """Return the process-wide loopback server of the wheel's HTML (started on first use)."""
    global _server
    from toolkit.envs.server import StaticServer

    with _server_lock:
        if _server is None:
            _server = StaticServer(root=require_root())
        return _server


def task_url(task: str, base: str | None = None) -> str:
    """Return the URL of a task page (``flight.AA`` → ``flight/AA/wrapper.html``)."""
    base = base or miniwob_server().url
    if task.startswith("flight."):
        return f"{base}{task.replace('.', '/')}/wrapper.html"
    return f"{base}miniwob/{task}.html"


# -- the suite ---------------------------------------------------------------------------------------

def build_suite() -> list[TaskSpec]:
    """Return the 125 MiniWoB++ tasks as TaskSpecs (device ``miniwob``; the page writes the instruction)."""
    specs = []
    for task in task_names():
        tags = ["miniwob", "external"] + (["reload"] if reloads(task) else [])
        specs.append(TaskSpec(
            id=task, suite="miniwob", device="miniwob", apps=[task],
            instruction=f"MiniWoB++ {task}: the page gives the instruction at reset",
            criteria=[Criterion(id="page_reward", description=("the page's raw reward is > 0 (an accuracy score within its "
                                                               "tolerance)" if task in GRADED else
                                                               "the page's raw reward is 1 (MiniWoB++'s binary reward)"))],
            verifier="miniwob.py:page_reward",
            reference=[{"type": "terminate", "status": "failed"}],  # no reference solution: MiniWoB++ generates each episode
            max_steps=15, tags=tags, source=f"miniwob://{task}",
        ))
    return specs


def check_seed(seed: int) -> None:
    """Refuse a seed outside 0 to :data:`MAX_SEED` (SpecError naming the seed and the limit)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SpecError(f"MiniWoB++ seed {seed!r} is out of range: seeds are integers from 0 to 2**53 - 1 = {MAX_SEED} "
                        "(the page gets Math.seedrandom(seed) as a JavaScript number, so a larger seed gives another "
                        "seed's episode; the miniwob package's env refuses a negative one)")


register_suite("miniwob", build_suite, check_seed)


# -- the verdict -------------------------------------------------------------------------------------

# Tasks whose page ends a correct episode with an accuracy score in (0, 1] (how close to the target) rather than 1,
# and ends one outside its tolerance with -1: any positive raw reward is the page's acceptance.
GRADED = frozenset({"bisect-angle", "circle-center", "find-midpoint", "right-angle"})


def page_success(task_id: str, state: dict[str, Any]) -> bool:
    """Return whether MiniWoB++ reward globals are a success: done with raw reward 1 (> 0 for :data:`GRADED` tasks)."""
    raw = float(state.get("raw_reward") or 0.0)
    if not state.get("done"):
        return False
    return raw > 0 if task_of(task_id) in GRADED else raw >= 1.0


def page_verdict(task_id: str, state: dict[str, Any]) -> Verdict:
    """Return the verdict of MiniWoB++ reward globals (reward, raw_reward, reason, done)."""
    raw = float(state.get("raw_reward") or 0.0)
    reward = float(state.get("reward") or 0.0)
    done = bool(state.get("done"))
    success = page_success(task_id, state)
    description = (f"page reward {reward:.4f} (raw {raw:g}, done {str(done).lower()}"
                   + (f", reason {state.get('reason')!r}" if state.get("reason") is not None else "") + ")")
    criteria = [CriterionResult(id="page_reward", description=description, weight=1.0, required=True, passed=success)]
    return Verdict(task_id=task_id, criteria=criteria, reward=reward, success=success, clean=True,
                   progress=max(0.0, min(1.0, raw)) if done else 0.0)


def task_of(task_id: str) -> str:
    """Return the MiniWoB++ task name of a task id (``miniwob/click-button`` → ``click-button``)."""
    return task_id.split("/", 1)[1] if task_id.startswith("miniwob/") else task_id
