"""guigym's Python package: evaluate, replay, diagnose, synthesize and train GUI agents through one rollout path.

The short API:

>>> import toolkit
>>> result = toolkit.evaluate(["mobile-core"], agent="reference")   # .summary, .attempts DataFrames
>>> env = toolkit.make_env("mobile-core/contacts.edit_phone"); obs = env.reset(); env.step({"type": "click", "x": 500, "y": 300})

The names below are imported on first use, so ``import toolkit`` (and every ``guigym`` command, which imports
it) does not pay for pandas, the env manager and the harness until they are needed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# name -> the module that defines it
_EXPORTS = {
    "Action": "toolkit.actions", "ActionError": "toolkit.actions", "parse_action": "toolkit.actions",
    "FleetStatus": "toolkit.envs.fleet", "fleet_status": "toolkit.envs.fleet",
    "EvalResult": "toolkit.evaluation", "evaluate": "toolkit.evaluation", "evaluate_async": "toolkit.evaluation",
    "load_result": "toolkit.evaluation", "summarize": "toolkit.evaluation",
    "export_sft": "toolkit.export",
    "EnvSession": "toolkit.session", "make_env": "toolkit.session",
    "RunStore": "toolkit.store", "list_runs": "toolkit.store",
    "TaskInstance": "toolkit.tasks", "TaskSpec": "toolkit.tasks", "Verdict": "toolkit.tasks",
    "list_suites": "toolkit.tasks", "load_suite": "toolkit.tasks", "load_tasks": "toolkit.tasks", "sample": "toolkit.tasks",
}

__all__ = sorted(_EXPORTS)

if TYPE_CHECKING:  # what the names are, for type checkers and editors
    from toolkit.actions import Action, ActionError, parse_action  # noqa: F401
    from toolkit.envs.fleet import FleetStatus, fleet_status  # noqa: F401
    from toolkit.evaluation import EvalResult, evaluate, evaluate_async, load_result, summarize  # noqa: F401
    from toolkit.export import export_sft  # noqa: F401
    from toolkit.session import EnvSession, make_env  # noqa: F401
    from toolkit.store import RunStore, list_runs  # noqa: F401
    from toolkit.tasks import TaskInstance, TaskSpec, Verdict, list_suites, load_suite, load_tasks, sample  # noqa: F401


def __getattr__(name: str) -> Any:
    """Return the exported ``name``, importing its module the first time (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'toolkit' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
