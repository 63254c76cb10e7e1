"""guigym's Python package: evaluate, replay, diagnose, synthesize and train GUI agents through one rollout path.

The short API:

>>> import toolkit
>>> result = toolkit.evaluate(["mobile-core"], agent="reference")   # .summary, .attempts DataFrames
>>> env = toolkit.make_env("mobile-core/contacts.edit_phone"); obs = env.reset(); env.step({"type": "click", "x": 500, "y": 300})
"""

from toolkit.actions import Action, ActionError, parse_action
from toolkit.envs.fleet import FleetStatus, fleet_status
from toolkit.evaluation import EvalResult, evaluate, evaluate_async, load_result, summarize
from toolkit.export import export_sft
from toolkit.session import EnvSession, make_env
from toolkit.store import RunStore, list_runs
from toolkit.tasks import TaskInstance, TaskSpec, Verdict, list_suites, load_suite, load_tasks, sample

__all__ = [
    "Action", "ActionError", "EnvSession", "EvalResult", "FleetStatus", "RunStore", "TaskInstance", "TaskSpec", "Verdict",
    "evaluate", "evaluate_async", "export_sft", "fleet_status", "list_runs", "list_suites", "load_result", "load_suite", "load_tasks", "make_env",
    "parse_action", "sample", "summarize",
]
