"""OSWorld task files (``evaluation_examples/examples/<domain>/<id>.json``) as guigym task specs.

The format (xlang-ai/OSWorld): ``id``, ``snapshot``, ``instruction``, ``source``, ``config`` (setup steps
``{"type", "parameters"}`` run by OSWorld's SetupController), ``related_apps``, optional ``proxy`` /
``fixed_ip`` / ``possibility_of_env_change`` / ``trajectory``, and ``evaluator``: ``func`` (a metric name or
a list of them), ``result`` / ``expected`` (getter configs ``{"type": ...}``, lists when ``func`` is a list),
``options`` (metric kwargs), ``conj`` ("and" | "or") and ``postconfig`` (setup steps run before judging).
``"func": "infeasible"`` marks a task the agent must refuse (it succeeds only by ending with FAIL).
Any other key (a misspelt ``configs``, ``option``), a non-boolean ``proxy`` / ``fixed_ip`` or a blank ``id`` /
``instruction`` / ``snapshot`` is an error naming the file and the field.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path, PurePosixPath
from typing import Any, Iterable, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError, field_validator, model_validator

from toolkit.envs.osworld.metric_names import known_metrics
from toolkit.tasks import Criterion, SpecError, TaskSpec

#: Setup step types of OSWorld's SetupController (``_<type>_setup``).
SETUP_TYPES = frozenset({
    "download", "upload_file", "change_wallpaper", "tidy_desktop", "open", "launch", "execute",
    "execute_with_verification", "command", "sleep", "act", "replay", "activate_window", "close_window", "proxy",
    "chrome_open_tabs", "chrome_close_tabs", "googledrive", "login", "update_browse_history",
})


class SetupStep(BaseModel):
    """One setup / postconfig step."""

    model_config = ConfigDict(extra="forbid")
    type: str
    parameters: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known(self) -> "SetupStep":
        if self.type not in SETUP_TYPES:
            raise ValueError(f"unknown setup step type {self.type!r}; OSWorld has {', '.join(sorted(SETUP_TYPES))}")
        return self


class Evaluator(BaseModel):
    """How OSWorld judges a task: metric(s) over getter results. Only the keys OSWorld's ``evaluate`` reads: another
    (``option``, ``postconfg``) would be ignored there, judging with no options or no postconfig."""

    model_config = ConfigDict(extra="forbid")
    func: str | list[str]
    result: dict[str, Any] | list[dict[str, Any]] | None = None
    expected: dict[str, Any] | list[dict[str, Any]] | None = None
    options: dict[str, Any] | list[dict[str, Any]] | None = None
    conj: Literal["and", "or"] = "and"
    postconfig: list[SetupStep] = Field(default_factory=list)

    @field_validator("func", mode="before")
    @classmethod
    def _func_shape(cls, value: Any) -> Any:
        if not isinstance(value, str) and not (isinstance(value, list) and all(isinstance(f, str) for f in value)):
            raise ValueError(f"must be a metric name or a list of them, not {value!r:.80}")
        return value

    @field_validator("result", "expected", "options", mode="before")
    @classmethod
    def _object_or_list(cls, value: Any) -> Any:
        # said here: pydantic's own error names a branch of the union ("options.dict[str,any]") and only its first
        if value is not None and not isinstance(value, dict) and not (
                isinstance(value, list) and all(isinstance(v, dict) for v in value)):
            raise ValueError(f"must be an object, or a list of objects when func is a list, not {value!r:.80}")
        return value

    @model_validator(mode="after")
    def _lists_agree(self) -> "Evaluator":
        for i, name in enumerate(self.func if isinstance(self.func, list) else [self.func]):
            where = f"func[{i}]" if isinstance(self.func, list) else "func"
            if not name.strip():
                raise ValueError(f"{where}: an empty metric name (OSWorld's metric function, e.g. \"exact_match\")")
            if name == "infeasible" and isinstance(self.func, list):
                raise ValueError(f"{where}: \"infeasible\" stands alone (\"func\": \"infeasible\"), not in a list")
        for name in ("result", "expected"):
            value = getattr(self, name)
            for i, getter in enumerate(value if isinstance(value, list) else [value] if value is not None else []):
                kind = getter.get("type")
                if not isinstance(kind, str) or not kind.strip():
                    where = f"{name}[{i}].type" if isinstance(value, list) else f"{name}.type"
                    got = "is missing" if kind is None else f"must be a getter name, not {kind!r:.60}"
                    raise ValueError(f"{where}: {got} (OSWorld's get_<type>, e.g. \"vm_file\", \"rule\")")
        if isinstance(self.func, list):
            n = len(self.func)
            if n == 0:
                raise ValueError("func: an empty list")
            for name in ("result", "expected", "options"):
                value = getattr(self, name)
                if value is not None and (not isinstance(value, list) or len(value) != n):
                    raise ValueError(f"{name}: func lists {n} metrics, so {name} must be a list of {n}")
        else:
            for name in ("result", "expected", "options"):
                if isinstance(getattr(self, name), list):
                    raise ValueError(f"{name}: func names one metric, so {name} is one object, not a list "
                                     "(lists go with a list of metrics)")
            if self.func != "infeasible" and self.result is None:
                raise ValueError("result: a metric needs a result getter")
        for name in ("result", "expected"):  # a vm_file getter's lists are checked here, not at evaluation
            value = getattr(self, name)
            for i, getter in enumerate(value if isinstance(value, list) else [value]):
                if isinstance(getter, dict) and getter.get("type") == "vm_file":
                    try:
                        vm_file_plan(getter)
                    except ValueError as exc:
                        where = f"{name}[{i}]" if isinstance(value, list) else name
                        raise ValueError(f"{where}: {exc}") from None
        return self

    def metrics(self) -> list[dict[str, Any]]:
        """Return one ``{func, result, expected, options}`` per metric."""
        funcs = self.func if isinstance(self.func, list) else [self.func]

        def nth(value: Any, i: int) -> Any:
            return value[i] if isinstance(self.func, list) and isinstance(value, list) else value

        return [{"func": f, "result": nth(self.result, i), "expected": nth(self.expected, i),
                 "options": nth(self.options, i) or {}} for i, f in enumerate(funcs)]


class OSWorldTask(BaseModel):
    """One OSWorld task file: the fields of OSWorld's task format, no other (a misspelt ``configs`` would have left
    the setup steps unrun); ``proxy`` / ``fixed_ip`` are JSON booleans (``"no"`` read as true)."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1)
    snapshot: str = "init_state"
    instruction: str = Field(min_length=1)
    source: str = ""
    config: list[SetupStep] = Field(default_factory=list)
    evaluator: Evaluator
    related_apps: list[str] = Field(default_factory=list)
    trajectory: str | None = None
    proxy: StrictBool = False
    fixed_ip: StrictBool = False
    possibility_of_env_change: str | None = None

    @field_validator("id", "snapshot", "instruction")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():  # a blank id became task "x"; a blank instruction asks the agent for nothing
            raise ValueError(f"must not be blank, got {value!r}")
        return value

    @property
    def infeasible(self) -> bool:
        """Return True for a task the agent must refuse (``"func": "infeasible"``)."""
        return self.evaluator.func == "infeasible"


def load_osworld_task(path: str | Path, metrics: Iterable[str] = ()) -> OSWorldTask:
    """Read one OSWorld task JSON; errors name the file and the field.

    ``metrics``: metric names beyond OSWorld's and the adapter's built-ins (those an ``OSWorldAdapter(metrics=...)``
    adds); any other name in ``evaluator.func`` is an error here, before a VM boots.

    Raises:
        SpecError: naming the file and, for content, the field (``evaluator.func[1]``, ``evaluator.result.type``).
    """
    path = Path(path)
    if path.is_dir():
        raise SpecError(f"{path}: a folder, not an OSWorld task file (a task is one JSON file; rename the folder)")
    try:
        raw = json.loads(path.read_bytes().decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise SpecError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise SpecError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except json.JSONDecodeError as exc:
        raise SpecError(f"{path}: not valid JSON: {exc}") from None
    if not isinstance(raw, dict) or not {"id", "instruction", "evaluator"} & set(raw):
        # e.g. evaluation_examples/test_all.json or settings/*.json, reached by pointing at the folder above examples/
        raise SpecError(f"{path}: not an OSWorld task (a JSON object with 'id', 'instruction' and 'evaluator'); "
                        "task files are OSWorld's evaluation_examples/examples/<domain>/<id>.json")
    try:
        task = OSWorldTask.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where, msg = _field(first["loc"]), first["msg"].removeprefix("Value error, ")
        if first["type"] == "extra_forbidden":
            msg = _unknown_field(first["loc"])
        elif first["type"] not in ("value_error", "missing"):  # pydantic's own wording: say what was there
            msg = f"{msg}, got {first['input']!r:.80}"
        sub = _SUBFIELD.match(msg) if where == "evaluator" else None
        if sub:  # the evaluator's checks say which of its fields: evaluator.result[1].type
            where, msg = f"{where}.{sub.group(1)}", msg[sub.end():]
        raise SpecError(f"{path}: field '{where}': {msg}") from None
    _check_metric_names(path, task.evaluator, known_metrics({metrics} if isinstance(metrics, str) else set(metrics)))
    return task


#: A message of the Evaluator's checks that starts with the field it is about (``result[1].type: ...``).
_SUBFIELD = re.compile(r"^((?:func|result|expected|options|conj|postconfig)(?:\[\d+\])?(?:\.\w+)?): ")


def _field(loc: tuple) -> str:
    """Return a pydantic error location as a field path: ``config.0.type`` -> ``config[0].type``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out or "(task)"


def _unknown_field(loc: tuple) -> str:
    """Return the message for a key OSWorld's format does not have, with the fields it has and a near one."""
    model = {"evaluator": Evaluator, "config": SetupStep}.get(str(loc[0]), OSWorldTask) if len(loc) > 1 else OSWorldTask
    if len(loc) > 1 and loc[0] == "evaluator" and loc[1] == "postconfig":
        model = SetupStep
    known = sorted(model.model_fields)
    close = difflib.get_close_matches(str(loc[-1]), known, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return f"not a field of OSWorld's format ({hint}it has {', '.join(known)})"


def _check_metric_names(path: Path, evaluator: Evaluator, known: frozenset[str]) -> None:
    funcs = evaluator.func if isinstance(evaluator.func, list) else [evaluator.func]
    for i, name in enumerate(funcs):
        if name == "infeasible" or name in known:
            continue
        where = f"evaluator.func[{i}]" if isinstance(evaluator.func, list) else "evaluator.func"
        close = difflib.get_close_matches(name, sorted(known), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise SpecError(f"{path}: field '{where}': unknown metric {name!r}{hint}; OSWorld's metrics, the adapter's and "
                        "those passed as metrics=... are known")


def to_task_spec(task: OSWorldTask, suite: str = "osworld", source: str = "") -> TaskSpec:
    """Return the guigym TaskSpec of an OSWorld task (device ``osworld``; the OSWorld config rides in ``setup``)."""
    criteria = ([Criterion(id="infeasible", description="the agent declares the task infeasible (ends with FAIL)")]
                if task.infeasible else
                [Criterion(id=f"m{i}_{_slug(m['func'])}", description=f"OSWorld metric {m['func']} ({task.evaluator.conj})")
                 for i, m in enumerate(task.evaluator.metrics())])
    apps = task.related_apps or [task.snapshot]
    return TaskSpec(
        id=_slug(task.id, keep="-."), suite=suite, device="osworld", apps=[_slug(a, keep="-") for a in apps],
        instruction=task.instruction,
        setup={"osworld": {"id": task.id, "snapshot": task.snapshot, "config": [s.model_dump() for s in task.config],
                           "evaluator": task.evaluator.model_dump(), "infeasible": task.infeasible}},
        criteria=criteria, verifier="osworld.py:evaluate",
        reference=[{"type": "terminate", "status": "failed"}],
        max_steps=15, tags=["osworld", "external"] + (["infeasible"] if task.infeasible else []),
        source=source or task.source,
    )


def load_osworld_folder(folder: str | Path, suite: str = "osworld", metrics: Iterable[str] = ()) -> list[TaskSpec]:
    """Return the TaskSpecs of every ``*.json`` below ``folder`` (OSWorld's examples/<domain>/ layout).

    Raises:
        SpecError: for the first file that does not load (naming it and the field), or two files giving one task id.
    """
    specs, seen = [], {}
    for p in sorted(Path(folder).rglob("*.json")):
        spec = to_task_spec(load_osworld_task(p, metrics), suite, str(p))
        if spec.id in seen:
            raise SpecError(f"{p}: field 'id': task {spec.id!r} is also {seen[spec.id]}'s")
        seen[spec.id] = p
        specs.append(spec)
    return specs


def _slug(text: str, keep: str = "") -> str:
    out = "".join(c if c.isalnum() or c in keep else "_" for c in text.lower())
    return out.strip("_") or "x"


#: The folder of OSWorld task JSON that suite ``osworld`` loads (OSWorld's ``evaluation_examples/examples``).
TASKS_ENV = "GUIGYM_OSWORLD_TASKS"


def build_suite() -> list[TaskSpec]:
    """Return suite ``osworld``: every task file under ``$GUIGYM_OSWORLD_TASKS``.

    Raises:
        SpecError: naming the variable when it is unset, not a folder, or a folder with no task JSON in it.
    """
    import os

    folder = os.environ.get(TASKS_ENV)
    if not folder:
        raise SpecError(f"suite 'osworld': set {TASKS_ENV} to a folder of OSWorld task JSON "
                        "(OSWorld's evaluation_examples/examples)")
    if not Path(folder).is_dir():
        raise SpecError(f"suite 'osworld': {TASKS_ENV}={folder} is not a folder")
    specs = load_osworld_folder(folder)
    if not specs:  # e.g. a folder not yet filled: an empty suite would list nothing and run an empty evaluation
        raise SpecError(f"suite 'osworld': {TASKS_ENV}={folder} holds no task JSON (*.json); point it at OSWorld's "
                        "evaluation_examples/examples")
    return specs


def vm_file_plan(config: dict[str, Any]) -> tuple[list[str], list[str], list[int]]:
    """Return the VM paths, the cache file names and the indices returned (in file order) of a ``vm_file`` getter.

    OSWorld's ``get_vm_file``: ``path`` / ``dest`` are one file, or lists of the same length with ``multi: true``;
    ``gives`` (default ``[0]``) picks the files returned (a set: in file order, a repeated index once). ``dest`` defaults to
    the VM file's name (OSWorld requires it).

    Raises:
        ValueError: naming the field (``multi``, ``path``, ``dest``, ``gives``) and what is wrong with it.
    """
    multi = config.get("multi", False)
    if not isinstance(multi, bool):
        raise ValueError(f"vm_file: 'multi' must be true or false, not {multi!r}")
    path, dest = config.get("path"), config.get("dest")
    if multi:
        if not isinstance(path, list) or not path or not all(isinstance(p, str) and p for p in path):
            raise ValueError(f"vm_file: with multi, 'path' must be a non-empty list of VM paths, not {path!r:.120}")
        if dest is not None and (not isinstance(dest, list) or not all(isinstance(d, str) and d for d in dest)):
            raise ValueError(f"vm_file: with multi, 'dest' must be a list of file names, not {dest!r:.120}")
        if dest is not None and len(dest) != len(path):
            raise ValueError(f"vm_file: 'path' lists {len(path)} files but 'dest' lists {len(dest)}; "
                             "they pair by index")
        paths = path
    else:
        if not isinstance(path, str) or not path:
            raise ValueError(f"vm_file: 'path' must be a VM path (lists need \"multi\": true), not {path!r:.120}")
        if dest is not None and (not isinstance(dest, str) or not dest):
            raise ValueError(f"vm_file: 'dest' must be a file name (lists need \"multi\": true), not {dest!r:.120}")
        paths, dest = [path], None if dest is None else [dest]
    dests = dest if dest is not None else [PurePosixPath(p).name for p in paths]
    repeated = sorted({d for d in dests if dests.count(d) > 1})
    if repeated:
        raise ValueError(f"vm_file: 'dest' names {repeated[0]!r} more than once (one file would overwrite the other)")
    gives = config.get("gives", [0])
    if (not isinstance(gives, list) or not gives
            or not all(isinstance(g, int) and not isinstance(g, bool) for g in gives)):
        raise ValueError(f"vm_file: 'gives' must be a non-empty list of file indices, not {gives!r:.120}")
    bad = [g for g in gives if not 0 <= g < len(paths)]
    if bad:
        raise ValueError(f"vm_file: 'gives' index {bad[0]} is out of range: 'path' names {len(paths)} file(s), "
                         f"indices 0 to {len(paths) - 1}")
    return paths, dests, sorted(set(gives))
