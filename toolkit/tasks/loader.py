"""Load task specs from ``task_bank/<suite>/*.yaml`` and sample instances from them.

Every error names the file and the field (``ValueError`` subclass :class:`SpecError`).
"""

from __future__ import annotations

import difflib
import hashlib
import importlib
import numbers
import random
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterable

import yaml
from pydantic import ValidationError

from toolkit.paths import TASK_BANK
from toolkit.strict_yaml import load_strict
from toolkit.tasks.lint import device_apps, json_problems, spec_problems
from toolkit.tasks.params import TemplateError, render, sample_params
from toolkit.tasks.setup_patch import setup_problems
from toolkit.tasks.spec import TaskInstance, TaskSpec
from toolkit.tasks.verifier_source import verifier_problems


class SpecError(ValueError):
    """A task file that cannot be loaded; the message names the file and the field."""


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err["loc"]) or "(task)"
        # a value of the wrong type is shown: "Input should be a valid integer" alone hid that it was the text "7"
        got = f" (got {type(err['input']).__name__} {err['input']!r})" if err["type"].endswith("_type") and isinstance(
            err.get("input"), (str, int, float, bool)) else ""
        parts.append(f"field '{where}': {err['msg']}{got}")
    return "; ".join(parts)


def _read(path: Path) -> Any:
    try:
        return load_strict(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise SpecError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise SpecError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except yaml.YAMLError as exc:
        raise SpecError(f"{path}: not valid YAML: {exc}") from None


def _stamp(path: Path) -> bytes | None:
    """Return a digest of a file's bytes, or None when it cannot be read (by content: a file rewritten within the
    file system's timestamp granularity, with the same size, would keep its mtime and size)."""
    try:
        return hashlib.blake2b(path.read_bytes(), digest_size=16).digest()
    except OSError:
        return None


#: load_file's parsed specs per (file, suite): the stamps of the file and of its verifier files when parsed, and the
#: specs. Parsing the bundled bank takes ~1 s (YAML and the lint); a lookup by bare id, a page of MCP list_tasks and
#: the CLI load it again and again in one process.
_PARSED: dict[tuple[str, str], tuple[dict[Path, bytes | None], list[TaskSpec]]] = {}


def load_file(path: Path, suite: str | None = None) -> list[TaskSpec]:
    """Return the task specs of one YAML file (``tasks:`` list with optional ``defaults:``): fresh copies, parsed again
    only when the file or one of its verifier files changed since.

    Raises:
        SpecError: naming the file, and the task and field when known, for anything that would fail later.
    """
    path = Path(path)
    suite = suite if suite is not None else path.parent.name
    key = (str(path.absolute()), suite)
    cached = _PARSED.get(key)
    if cached and all(_stamp(dep) == stamp for dep, stamp in cached[0].items()):
        return [spec.model_copy(deep=True) for spec in cached[1]]
    stamp = _stamp(path)  # before parsing: an edit made meanwhile is seen at the next load
    specs = _parse_file(path, suite)
    verifiers = {s.folder / s.verifier.split(":")[0] for s in specs} - {path}
    _PARSED[key] = ({path: stamp, **{v: _stamp(v) for v in verifiers}}, specs)
    return [spec.model_copy(deep=True) for spec in specs]


def _parse_file(path: Path, suite: str) -> list[TaskSpec]:
    """Return the task specs of one YAML file, parsed and checked (see :func:`load_file`)."""
    doc = _read(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("tasks"), list):
        raise SpecError(f"{path}: field 'tasks': expected a list of tasks at the top level")
    unknown = set(doc) - {"tasks", "defaults"}
    if unknown:
        raise SpecError(f"{path}: unknown top-level field(s) {sorted(map(str, unknown))}; "
                        f"expected 'tasks' and 'defaults'")
    defaults = {} if doc.get("defaults") is None else doc["defaults"]
    if not isinstance(defaults, dict):  # false, 0, '' or [] were read as "no defaults", without a word
        raise SpecError(f"{path}: field 'defaults': expected a mapping")
    specs = []
    first: dict[str, int] = {}  # task id -> index of the task that has it
    for index, raw in enumerate(doc["tasks"]):
        if not isinstance(raw, dict):
            raise SpecError(f"{path}: field 'tasks[{index}]': expected a mapping")
        name = raw.get("id", f"tasks[{index}]")
        merged = {**defaults, **raw}  # shallow: a key the task gives replaces the default's value entirely
        given = sorted({"suite", "source"} & set(merged))
        if given:  # the loader sets them (from the folder and the file): a value here would be dropped without a word
            raise SpecError(f"{path}: task '{name}': field '{given[0]}': set by the loader (the suite is the folder, "
                            "the source this file); leave it out")
        problems = json_problems(merged, "")
        if problems:
            raise SpecError(f"{path}: task '{name}': {'; '.join(problems[:5])}")
        try:
            spec = TaskSpec.model_validate({**merged, "suite": suite, "source": str(path)})
        except ValidationError as exc:
            raise SpecError(f"{path}: task '{name}': {_describe(exc)}") from None
        verifier_file, function = spec.verifier.split(":")
        verifier_file = spec.folder / verifier_file
        if not verifier_file.is_file():
            raise SpecError(f"{path}: task '{name}': field 'verifier': no file {verifier_file}")
        problems = verifier_problems(verifier_file, function) or spec_problems(spec)
        if problems:
            raise SpecError(f"{path}: task '{name}': {'; '.join(problems[:5])}")
        if spec.id in first:  # load_suite would say only that the file defines it "also" in itself
            raise SpecError(f"{path}: task '{name}': field 'tasks[{index}].id': {spec.id!r} is also the id of "
                            f"tasks[{first[spec.id]}] of this file")
        first[spec.id] = index
        specs.append(spec)
    return specs


_CODE_SUITES: dict[str, Callable[[], list[TaskSpec]]] = {}
_SEED_CHECKS: dict[str, Callable[[int], None]] = {}
# The modules that register the built-in code suites (miniwob, osworld), imported the first time the registry is read,
# so that loading a file suite (or `import toolkit`) does not import the external benchmarks' adapters.
_BUILTIN_SUITES = "toolkit.envs.adapters"


def _code_suites() -> dict[str, Callable[[], list[TaskSpec]]]:
    """Return the registered code suites, the built-in ones included."""
    importlib.import_module(_BUILTIN_SUITES)  # registers on its first import only
    return _CODE_SUITES


def register_suite(name: str, build: Callable[[], list[TaskSpec]],
                   check_seed: Callable[[int], None] | None = None) -> None:
    """Register a suite whose specs are built in code (external benchmarks such as MiniWoB++).

    ``check_seed`` refuses (SpecError) an instance seed the suite cannot use; :func:`sample` calls it first.
    """
    _CODE_SUITES[name] = build
    if check_seed is not None:
        _SEED_CHECKS[name] = check_seed


def _yaml_files(folder: Path, recursive: bool = True) -> list[Path]:
    """Return the task files under ``folder``: ``*.yaml`` files (not folders so named), no drafts or dot-files."""
    found = folder.rglob("*.yaml") if recursive else folder.glob("*.yaml")
    return sorted(p for p in found if p.is_file() and not p.name.startswith(".") and not p.name.endswith(".tmp.yaml"))


def _nested(folder: Path) -> list[Path]:
    """Return the sub-suites of a folder that holds no YAML itself but folders of YAML (``synth/<world>/``)."""
    if not folder.is_dir() or _yaml_files(folder, recursive=False):
        return []
    return sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".") and _yaml_files(p))


def load_suite(suite: str, root: Path = TASK_BANK) -> list[TaskSpec]:
    """Return every task of ``root/<suite>/`` (recursively), or of a registered code suite, sorted by id.

    A folder of suites (``synth/`` holding ``synth/<world>/``) loads as its sub-suites, each named ``synth/<world>``.
    """
    plain = str(PurePosixPath(suite)) if isinstance(suite, str) else ""
    if not suite or plain != suite or plain.startswith("/") or "\\" in suite or ".." in PurePosixPath(suite).parts:
        # a name, never a path: "" read as the task bank itself, "/" or "../x" walked folders outside it (an MCP
        # list_tasks could make the server scan the whole disk and report the YAML files it found there), and
        # "mobile-core/" or "./mobile-core" loaded tasks with ids like mobile-core//contacts.edit_phone
        known = known_suites(root)
        hint = f"; did you mean {plain!r}?" if plain in known else ""
        raise SpecError(f"no suite {suite!r}: a suite is a name under {root}, not a path{hint} "
                        f"(known: {', '.join(known) or 'none'})")
    folder = root / suite
    if not folder.is_dir() and suite in _code_suites():
        return sorted(_CODE_SUITES[suite](), key=lambda s: s.id)
    if not folder.is_dir():
        known = ", ".join(known_suites(root)) or "none"
        raise SpecError(f"no suite {suite!r}: no folder under {root} and no registered suite (known: {known})")
    if _nested(folder):
        return [s for sub in _nested(folder) for s in load_suite(f"{suite}/{sub.name}", root)]
    files = _yaml_files(folder)  # drafts being written (*.tmp.yaml) are not part of the suite
    if not files:  # else a run would say only that the suite holds no task
        yml = sorted(p.name for p in folder.rglob("*.yml"))[:3]
        hint = f"; {', '.join(yml)}: task files end in .yaml, not .yml" if yml else ""
        raise SpecError(f"suite {suite!r}: {folder} holds no task file (*.yaml){hint}")
    specs: list[TaskSpec] = []
    for path in files:
        specs.extend(load_file(path, suite=suite))
    seen: dict[str, str] = {}
    for spec in specs:
        if spec.id in seen:
            raise SpecError(f"{spec.source}: field 'id': {spec.id!r} is also defined in {seen[spec.id]}")
        seen[spec.id] = spec.source
    return sorted(specs, key=lambda s: s.id)


def list_suites(root: Path = TASK_BANK, include_code: bool = False) -> list[str]:
    """Return the suite names (folders with YAML files; ``synth/<world>`` for a folder of suites) under ``root``, plus
    registered code suites if asked."""
    found = sorted(p.name for p in root.iterdir() if p.is_dir() and _yaml_files(p)) if root.is_dir() else []
    found = sorted(n for name in found for n in ([f"{name}/{p.name}" for p in _nested(root / name)] or [name]))
    return sorted(set(found) | set(_code_suites())) if include_code else found


def known_suites(root: Path = TASK_BANK) -> list[str]:
    """Return every name :func:`load_suite` accepts, sorted: the file suites, the folders of suites (``synth``, which
    loads all its ``synth/<world>`` suites) and the suites registered in code (``miniwob``, ``osworld``).

    For error messages; :func:`list_suites` leaves the folders of suites out, as their tasks are already counted under
    their sub-suites.
    """
    parents = [p.name for p in root.iterdir() if p.is_dir() and _nested(p)] if root.is_dir() else []
    return sorted(set(list_suites(root, include_code=True)) | set(parents))


def find_task(task_id: str, root: Path = TASK_BANK) -> TaskSpec:
    """Return the spec of ``task_id``: ``<suite>/<id>``, or a bare ``<id>`` that one suite alone holds (looked up in
    mobile-core first, the common case, then in every other suite that loads here).

    Raises:
        SpecError: for an empty id, an unknown one (naming the suites searched, and the first error of a task-bank
            suite that failed to load: the task may be one of it), or a bare id several suites hold (listing their
            full ids).
    """
    if not isinstance(task_id, str) or not task_id:  # 3 failed as "argument of type 'int' is not iterable"
        shown = repr(task_id) if isinstance(task_id, str) or task_id is None else f"{type(task_id).__name__} {task_id!r}"
        raise SpecError(f"expected '<suite>/<id>' or a task id, got {shown}")
    if "/" in task_id:
        return load_tasks([task_id.split("/")[0]], [task_id], root)[0]
    suites = list_suites(root, include_code=True)
    found, broken, every = [], [], []
    for suite in sorted(suites, key=lambda name: name != "mobile-core"):
        try:
            every += load_suite(suite, root)
            found += [s for s in every if s.suite == suite and s.id == task_id]
        except SpecError as exc:  # a suite that cannot load here (osworld without its task folder) holds nothing
            if (root / suite).is_dir():  # but a task file of the bank that fails to load may hold the task
                broken.append(str(exc))
    if len(found) > 1:
        raise SpecError(f"{task_id!r} is a task of several suites; give one of "
                        f"{', '.join(sorted(s.full_id for s in found))}")
    if not found:
        why = (f"; {len(broken)} suite(s) failed to load, so their tasks were not searched: {broken[0]}"
               if broken else "")
        raise SpecError(f"no task {task_id!r} in any suite ({', '.join(suites)}); give '<suite>/<id>'"
                        f"{_near_ids([task_id], every)}{why}")
    return found[0]


def load_tasks(suites: str | Iterable[str], ids: Iterable[str] | None = None, root: Path = TASK_BANK) -> list[TaskSpec]:
    """Return the tasks of the named suites, optionally only the given ids (short or full).

    Each task comes once, in the order the suites are named: a suite named twice, or a folder of suites named with
    one of its own (``synth`` and ``synth/<world>``), does not repeat its tasks. A single name or id may be given as
    a string (``load_tasks("mobile-core", "contacts.block")`` is that suite and that task, not their letters).
    ``ids=None`` means every task of the suites.

    Raises:
        SpecError: an unknown suite or id, an id that is not a non-empty string, or an empty ``ids`` (a filter that
            names nothing is not "all": callers that built it from an empty selection ran every task).
    """
    names = list(dict.fromkeys([suites] if isinstance(suites, str) else suites))
    seen: set[str] = set()
    specs = [s for suite in names for s in load_suite(suite, root) if not (s.full_id in seen or seen.add(s.full_id))]
    ids = [ids] if isinstance(ids, str) else (None if ids is None else list(ids))  # "x" was read letter by letter
    if ids is not None:
        if not ids:
            raise SpecError(f"an empty list of task ids names no task of suite(s) {names}; give None for all of them")
        wanted = set(ids)
        bad = [i for i in wanted if not isinstance(i, str) or not i]
        if bad:  # None or 3 failed as "argument of type 'int' is not iterable"
            raise SpecError(f"task ids are '<suite>/<id>' or an id, as strings; got {', '.join(map(repr, bad))}")
        chosen = [s for s in specs if s.id in wanted or s.full_id in wanted]
        missing = wanted - {s.id for s in chosen} - {s.full_id for s in chosen}
        if missing:
            raise SpecError(f"unknown task id(s) {sorted(missing)} in suite(s) {names}{_near_ids(sorted(missing), specs)}")
        specs = chosen
    return specs


def _near_ids(missing: list[str], specs: list[TaskSpec]) -> str:
    """Return "; did you mean 'click-button'?" for the missing ids a known one is close to (a typo), else ""."""
    near = []
    for task_id in missing:
        pool = sorted({s.full_id if "/" in task_id else s.id for s in specs})
        close = difflib.get_close_matches(task_id, pool, n=1, cutoff=0.75)
        if close:
            near.append(f"{close[0]!r}" + (f" (for {task_id!r})" if len(missing) > 1 else ""))
    return f"; did you mean {', '.join(near)}?" if near else ""


#: the largest instance seed of a task on a mocked device: its random generator (mocked_apps/runtime/core/rng.js)
#: reads the seed as a 32-bit word (``seed | 0``), so seeds k and k + 2**32 drew one device state
MAX_DEVICE_SEED = 2**32 - 1


def derive_seed(*parts: Any) -> int:
    """Return a stable 31-bit seed from any parts (run seed, task id, trial...)."""
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def sample(spec: TaskSpec | str, seed: int) -> TaskInstance:
    """Sample the instance of ``spec`` (a spec, or a task id :func:`find_task` takes) for ``seed``: parameters,
    instruction, s0 patch, reference.

    Raises:
        TypeError: when ``spec`` is neither a TaskSpec nor a task id.
        SpecError: when a template names an unknown parameter or a parameter's source fails (naming the field),
            or the spec's suite refuses the seed (MiniWoB++: a seed its page cannot tell apart from another), or the
            seed is not a whole number >= 0 (at most :data:`MAX_DEVICE_SEED` on a mocked device), or the rendered
            setup is no patch the device can take (a parameter filled a structural key with another type).
    """
    if isinstance(spec, str):  # as make_env takes it: sample("mobile-core/contacts.edit_phone", 3)
        spec = find_task(spec)
    elif not isinstance(spec, TaskSpec):  # it failed later, as "'int' object has no attribute 'suite'"
        raise TypeError(f"sample: spec must be a TaskSpec or a task id ('suite/id'), got {type(spec).__name__} {spec!r}")
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        # random.Random(-n) draws what random.Random(n) does: two instance keys would name one instance
        raise SpecError(f"{spec.source}: task '{spec.id}': seed {seed!r} is not a whole number >= 0")
    seed = int(seed)  # numpy's integers too
    if spec.suite in _SEED_CHECKS:
        _SEED_CHECKS[spec.suite](seed)
    apps = device_apps(spec.device)
    if apps is not None and seed > MAX_DEVICE_SEED:
        raise SpecError(f"{spec.source}: task '{spec.id}': seed {seed} is out of range: a mocked device's seeds are "
                        f"0 to 2**32 - 1 = {MAX_DEVICE_SEED} (its random generator takes the seed as a 32-bit word, so "
                        f"seed {seed} would give seed {seed % 2**32}'s device state)")
    rng = random.Random(seed)
    field = "params"
    try:
        params = sample_params(spec.params, rng)
        templates = [spec.instruction, *spec.instruction_variants]
        pick = rng.randrange(len(templates))
        field = "instruction" if pick == 0 else f"instruction_variants.{pick - 1}"
        instruction = render(templates[pick], params)
        field = "setup"
        setup = render(spec.setup, params)
        if spec.answer_sheet:
            fields = [f.model_dump() for f in spec.answer_sheet]
            setup.setdefault("apps", {}).setdefault("answersheet", {}).setdefault("data", {})["fields"] = fields
        field = "reference"
        reference = [[render(a, params) for a in (step if isinstance(step, list) else [step])] for step in spec.reference]
        field = "expected_changes"
        expected = render(spec.expected_changes, params)
    except (TemplateError, OSError, ValueError) as exc:  # a world file gone or broken since load included
        where = "" if str(exc).startswith("field '") else f"field '{field}': "
        raise SpecError(f"{spec.source}: task '{spec.id}': {where}{exc}") from None
    problems = setup_problems(setup, apps) if apps is not None else []  # the load checked all but filled-in values
    if problems:
        raise SpecError(f"{spec.source}: task '{spec.id}': seed {seed}: {'; '.join(problems[:5])}")
    return TaskInstance(task_id=spec.full_id, seed=seed, instruction=instruction, params=params, setup=setup,
                        start_app=spec.start_app, reference=reference, expected_changes=expected,
                        max_steps=spec.max_steps)
