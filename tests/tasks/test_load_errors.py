"""Malformed task files: every problem is a SpecError naming the file (and task and field), found at load."""

from __future__ import annotations

import os
import textwrap

import pytest
from click.testing import CliRunner

from tests.conftest import DEMO_YAML, write_suite
from toolkit.tasks import SpecError, find_task, load_file, load_suite, sample
from toolkit.tasks.spec import ParamSpec
from toolkit.tasks.stats import reachable_instances

# One contacts task; each test swaps in the part it breaks.
TASK = """
defaults:
  apps: [contacts]
tasks:
  - id: t.one
    instruction: "{instruction}"
    criteria: [{{id: a, description: "{description}"{criterion}}}]
    verifier: demo.py:right
    reference: {reference}
    params: {params}
{extra}"""


def _bank(tmp_path, instruction="Call {x}", params="{x: {choice: [1, 2]}}", extra="", description="d",
          reference="[{type: terminate, status: success}]", criterion=""):
    text = TASK.format(instruction=instruction, params=params, extra=textwrap.indent(extra, "    "),
                       description=description, reference=reference, criterion=criterion)
    return write_suite(tmp_path, yaml_text=text)


def _error(root) -> str:
    with pytest.raises(SpecError) as err:
        load_suite("demo", root=root)
    return str(err.value)


def test_the_well_formed_task_loads(tmp_path):
    [spec] = load_suite("demo", root=_bank(tmp_path))
    assert sample(spec, 0).params["x"] in (1, 2)


@pytest.mark.parametrize("params, extra, reference, field", [
    ("{day: {choice: [2024-05-01, 2024-05-02]}}", "", None, "params.day.choice.0"),   # unquoted YAML dates
    ("{x: {choice: [1]}}", "setup: {1: {2: 3}}", None, "setup"),                       # non-string keys
    ("{x: {choice: [1]}}", "", "[{type: wait, until: 2024-05-01T10:00:00}]", "reference.0.until"),
    ("{x: {choice: [.nan]}}", "", None, "params.x.choice.0"),
])
def test_non_json_values_are_rejected_naming_the_field(tmp_path, params, extra, reference, field):
    root = _bank(tmp_path, instruction="Do it", params=params, extra=extra,
                 **({"reference": reference} if reference else {}))
    message = _error(root)
    assert "demo.yaml" in message and "t.one" in message and f"field '{field}'" in message


def test_unreadable_files_name_the_file(tmp_path):
    root = _bank(tmp_path)
    path = root / "demo" / "demo.yaml"
    path.write_bytes(path.read_bytes() + b"\n# \xff\xfe\n")
    assert "demo.yaml: not UTF-8" in _error(root)
    path.write_text(DEMO_YAML)
    if os.geteuid() != 0:  # root reads anything
        path.chmod(0)
        assert "demo.yaml: cannot be read" in _error(root)
        path.chmod(0o644)


def test_a_folder_named_yaml_is_not_a_task_file(tmp_path):
    root = write_suite(tmp_path)
    (root / "demo" / "sub.yaml").mkdir()
    (root / "demo" / "dir.yaml" / "x.yaml").mkdir(parents=True)
    assert [s.id for s in load_suite("demo", root=root)] == ["answer.count"]


@pytest.mark.parametrize("source, expect", [
    ("def right(ctx:\n    return {}\n", "does not parse: SyntaxError at line 1"),
    ("def right(ctx):\nreturn {}\n", "does not parse: IndentationError at line 2"),
    ("def wrong(ctx):\n    return {}\n", "defines no function 'right' (it defines: wrong)"),
    ("def _helper():\n    pass\n", "defines no function 'right' (it defines: none)"),
])
def test_a_broken_verifier_is_an_error_naming_the_task_field_and_file(tmp_path, source, expect):
    root = _bank(tmp_path)
    verifier = root / "demo" / "demo.py"
    verifier.write_text(source)
    message = _error(root)
    assert f"{root / 'demo' / 'demo.yaml'}: task 't.one': field 'verifier': {verifier}" in message and expect in message


@pytest.mark.parametrize("source", [
    "import json\nif True:\n    def right(ctx):\n        return {}\n",  # defined in a block
    "def _impl(ctx):\n    return {}\nright = _impl\n",                  # bound by assignment
    "match 1:\n    case _:\n        def right(ctx):\n            return {}\n",  # in a match block
])
def test_a_verifier_function_bound_other_ways_loads(tmp_path, source):
    root = _bank(tmp_path)
    (root / "demo" / "demo.py").write_text(source)
    assert [s.id for s in load_suite("demo", root=root)] == ["t.one"]


def test_duplicate_keys_are_an_error(tmp_path):
    root = _bank(tmp_path, extra='instruction: "second"')
    assert "duplicate key 'instruction'" in _error(root)


@pytest.mark.parametrize("params, expect", [
    ("{x: {world: nosuchapp, path: contacts}}", "field 'params.x': app 'nosuchapp' has no world.json"),
    ("{x: {world: contacts, path: people}}", "field 'params.x': world 'contacts' has no path 'people'"),
    ("{x: {world: contacts, path: contacts, where: {favorite: maybe}}}",
     "field 'params.x': world 'contacts' path 'contacts' has no item matching"),
])
def test_world_parameters_are_checked_at_load(tmp_path, params, expect):
    message = _error(_bank(tmp_path, params=params))
    assert "demo.yaml: task 't.one'" in message and expect in message


def test_parameter_sources_failing_after_load_are_spec_errors(tmp_path):
    [spec] = load_suite("demo", root=_bank(tmp_path))
    broken = spec.model_copy(update={"params": {"x": ParamSpec(world="nosuchapp", path="contacts")}})
    with pytest.raises(SpecError, match=r"demo\.yaml: task 't\.one': field 'params\.x': app 'nosuchapp'"):
        sample(broken, 0)
    with pytest.raises(SpecError, match=r"demo\.yaml: task 't\.one': field 'params\.x': app 'nosuchapp'"):
        reachable_instances(broken)
    where = spec.model_copy(update={"params": {"x": ParamSpec(world="contacts", path="contacts", where={"id": "zz"})}})
    with pytest.raises(SpecError, match=r"field 'params\.x': .*no item matching"):
        reachable_instances(where)


@pytest.mark.parametrize("kwargs, field", [
    ({"instruction": "Call {y}"}, "instruction"),
    ({"extra": 'instruction_variants: ["Ring {x}", "Phone {x.name}"]'}, "instruction_variants.1"),
    ({"description": "got {z}"}, "criteria.0.description"),
    ({"extra": 'setup: {apps: {contacts: {data: {note: "{w}"}}}}'}, "setup.apps.contacts.data.note"),
    ({"reference": '[{type: type, text: "{v}"}]'}, "reference.0.text"),
    ({"extra": 'expected_changes: ["apps.contacts.data.contacts[id={u.id}]"]'}, "expected_changes.0"),
])
def test_every_template_field_names_a_declared_parameter(tmp_path, kwargs, field):
    message = _error(_bank(tmp_path, **kwargs))
    assert f"field '{field}'" in message and "template field" in message


def test_template_keys_must_exist_in_every_value_of_the_parameter(tmp_path):
    # Seeds that draw a contact render fine; a typo in one variant fails for every value, so at load.
    root = _bank(tmp_path, params="{c: {world: contacts, path: contacts}}", instruction="Call {c.name}",
                 extra='instruction_variants: ["Ring {c.nmae} now"]')
    assert "field 'instruction_variants.0': unknown template field '{c.nmae}' (no 'nmae')" in _error(root)
    ok = _bank(tmp_path / "ok", params="{c: {choice: [{name: A, n: 1}, {name: B, n: 2}]}}",
               instruction="{c.name} {c.n}")
    assert load_suite("demo", root=ok)
    partial = _bank(tmp_path / "p", params="{c: {choice: [{name: A, n: 1}, {name: B}]}}", instruction="{c.name} {c.n}")
    assert '{c.n}' in _error(partial) and '"name": "B"' in _error(partial)


@pytest.mark.parametrize("params, what", [
    ("{x: {choice: [1, 2]}, y: {choice: [1, 2], distinct_from: [z]}}", "'z' is no parameter"),
    ("{x: {choice: [1, 2], distinct_from: [y]}, y: {choice: [1, 2]}}", "'y' is a later parameter"),
    ("{x: {choice: [1, 2], distinct_from: [x]}}", "'x' is itself"),
])
def test_distinct_from_names_an_earlier_parameter(tmp_path, params, what):
    message = _error(_bank(tmp_path, instruction="Do it", params=params))
    assert "distinct_from" in message and what in message


def test_cli_prints_spec_errors_without_a_traceback(tmp_path, monkeypatch):
    from toolkit.cli.tasks_cmd import tasks

    root = _bank(tmp_path, params="{x: {world: contacts, path: contacts, where: {favorite: maybe}}}")
    monkeypatch.setattr("toolkit.cli.tasks_cmd.list_suites", lambda: ["demo"])
    monkeypatch.setattr("toolkit.cli.tasks_cmd.load_tasks",
                        lambda suites, ids=None: [s for x in suites for s in load_suite(x, root=root)])
    for command in ("list", "stats", "validate"):
        result = CliRunner().invoke(tasks, [command, "--suite", "demo"])
        assert result.exit_code == 1, (command, result.output)
        assert "demo.yaml: task 't.one': field 'params.x'" in result.output and "Traceback" not in result.output


def test_a_file_loaded_again_is_parsed_again_only_when_it_or_its_verifier_changed(tmp_path):
    """load_file keeps the parsed specs of a file for the process; an edit of the YAML or of its verifier file (even
    one of the same size, within the file system's timestamp granularity) is seen at the next load, and each load
    gets its own copies."""
    root = write_suite(tmp_path)
    [first] = load_suite("demo", root=root)
    first.instruction = "changed by a caller"
    [again] = load_suite("demo", root=root)
    assert again.instruction == "Write {n} in the Answers app." and again is not first
    yaml_file = root / "demo" / "demo.yaml"
    yaml_file.write_text(yaml_file.read_text().replace("Write {n}", "Type {n}"))  # same size, at once
    [edited] = load_suite("demo", root=root)
    assert edited.instruction == "Type {n} in the Answers app."
    verifier = root / "demo" / "demo.py"
    verifier.write_text(verifier.read_text().replace("def right(", "def wrong("))
    assert "demo.py" in _error(root) and "right" in _error(root)


@pytest.mark.parametrize("seed", [-1, True, 1.0, "3", None])
def test_a_seed_that_is_no_whole_number_from_zero_up_is_a_spec_error(tmp_path, seed):
    """random.Random(-1) draws what random.Random(1) does: task@-1 and task@1 would be one instance under two keys."""
    [spec] = load_suite("demo", root=_bank(tmp_path))
    with pytest.raises(SpecError, match=rf"demo\.yaml: task 't\.one': seed {seed!r} is not a whole number >= 0"):
        sample(spec, seed)
    assert sample(spec, 2**32 - 1).seed == 2**32 - 1  # the largest a mocked device tells apart (see below)


def test_a_suite_folder_without_task_files_is_an_error_naming_it(tmp_path):
    """It loaded as no task: an evaluation said only that the suite holds no task (tasks written as .yml, say)."""
    (tmp_path / "empty").mkdir()
    with pytest.raises(SpecError, match=rf"suite 'empty': {tmp_path / 'empty'} holds no task file \(\*\.yaml\)$"):
        load_suite("empty", root=tmp_path)
    (tmp_path / "empty" / "tasks.yml").write_text(DEMO_YAML)
    with pytest.raises(SpecError, match=r"holds no task file \(\*\.yaml\); tasks\.yml: task files end in \.yaml"):
        load_suite("empty", root=tmp_path)


@pytest.mark.parametrize("extra, field", [("suite: other", "suite"), ("source: x.yaml", "source")])
def test_fields_the_loader_sets_are_refused_in_a_task_file(tmp_path, extra, field):
    """They were replaced without a word: a task that said 'suite: other' was still in the folder's suite."""
    message = _error(_bank(tmp_path, extra=extra))
    assert f"demo.yaml: task 't.one': field '{field}': set by the loader" in message


@pytest.mark.parametrize("setup, field, why", [
    ("{os: 5}", "setup.os", "expected an object, got an integer 5"),
    ("{os: null}", "setup.os", "null would delete it"),
    ("{apps: [contacts]}", "setup.apps", "expected an object, got a list"),
    ("{apps: {contacts: {data: 3}}}", "setup.apps.contacts.data", "expected an object, got an integer"),
    ("{apps: {contacts: {people: []}}}", "setup.apps.contacts.people", "an app's state has only 'data' and 'ui'"),
    ("{apps: {nosuchapp: {data: {}}}}", "setup.apps.nosuchapp", "not an app of the task's device"),
    ("{os: {clock: {now: soon}}}", "setup.os.clock.now", "expected a number"),
    ("{os: {screen: home}}", "setup.os.screen", "'home' is no screen"),
    ("{contacts: {data: {}}}", "setup", "the device state has only 'os' and 'apps'"),
])
def test_a_setup_patch_that_would_break_the_device_state_is_refused_at_load(tmp_path, setup, field, why):
    # Each of these loaded, and every attempt's reset then failed in the page as env_error[infra] (rerun).
    message = _error(_bank(tmp_path, extra=f"setup: {setup}"))
    assert "demo.yaml: task 't.one'" in message and f"field '{field}'" in message and why in message


def test_a_parameter_that_fills_a_structural_setup_key_with_another_type_is_refused_at_sampling(tmp_path):
    root = _bank(tmp_path, extra='setup: {os: {next_id: 5}, apps: {contacts: {data: "{x}"}}}',
                 params="{x: {choice: [{note: a}, 7]}}", instruction="Do it")
    [spec] = load_suite("demo", root=root)  # a template's values are the parameter's: checked per sampled instance
    refused = []
    for seed in range(10):
        try:
            assert sample(spec, seed).setup["apps"]["contacts"]["data"] == {"note": "a"}
        except SpecError as exc:
            refused.append(seed)
            assert f"demo.yaml: task 't.one': seed {seed}: field 'setup.apps.contacts.data': expected an object, " \
                   "got an integer 7" in str(exc)
    assert 0 < len(refused) < 10


@pytest.mark.parametrize("source, expect", [
    ("async def right(ctx):\n    return {}\n", "'right' is an 'async def' (line 1)"),
    ("def right(ctx, state):\n    return {}\n", "'right' cannot be called with one argument (line 1: right(ctx, state))"),
    ("def right():\n    return {}\n", "'right' cannot be called with one argument (line 1: right())"),
    ("def right(*, ctx):\n    return {}\n", "'right' cannot be called with one argument (line 1: right(*, ctx))"),
])
def test_a_verifier_function_that_cannot_be_called_with_the_context_is_refused_at_load(tmp_path, source, expect):
    # each loaded, and every verdict was then a verifier_error (a coroutine is no JSON; a TypeError at the call)
    root = _bank(tmp_path)
    (root / "demo" / "demo.py").write_text(source)
    message = _error(root)
    assert f"demo.yaml: task 't.one': field 'verifier': {root / 'demo' / 'demo.py'}: {expect}" in message


@pytest.mark.parametrize("value", ["false", "0", "''", "[]"])
def test_defaults_that_are_no_mapping_are_refused_even_when_empty(tmp_path, value):
    # they were read as "no defaults" without a word (a mapping-shaped list was refused, an empty one was not)
    text = TASK.format(instruction="Do it", params="{}", extra="    apps: [contacts]",
                       description="d", reference="[{type: terminate, status: success}]", criterion="")
    root = write_suite(tmp_path, yaml_text=text.replace("defaults:\n  apps: [contacts]", f"defaults: {value}"))
    assert "demo.yaml: field 'defaults': expected a mapping" in _error(root)


def test_two_tasks_of_one_file_with_one_id_are_refused_naming_both(tmp_path):
    root = _bank(tmp_path)
    path = root / "demo" / "demo.yaml"
    text = path.read_text()
    path.write_text(text + text[text.index("  - id: t.one"):])
    expect = f"{path}: task 't.one': field 'tasks[1].id': 't.one' is also the id of tasks[0] of this file"
    with pytest.raises(SpecError) as err:
        load_file(path)  # as synthesis loads a world's file: it returned both
    assert str(err.value) == expect
    assert _error(root) == expect  # the suite said the file defined it "also" in itself


def test_a_bare_id_names_the_suite_that_failed_to_load(tmp_path):
    """A bare id of a task whose file fails to load was 'no task in any suite', hiding why."""
    root = _bank(tmp_path, extra="max_steps: many")
    with pytest.raises(SpecError) as err:
        find_task("t.one", root=root)
    assert "no task 't.one' in any suite" in str(err.value)
    assert "1 suite(s) failed to load, so their tasks were not searched: " in str(err.value)
    assert "demo.yaml: task 't.one': field 'max_steps'" in str(err.value)


@pytest.mark.parametrize("kwargs, field, why", [
    ({"reference": "[{type: fly}]"}, "reference.0", "unknown action type 'fly'"),
    ({"reference": "[{type: open, app: contacts, speed: 3}]"}, "reference.0", "open: field 'speed': Extra inputs"),
    ({"reference": "[[], {type: terminate, status: success}]"}, "reference.0", "an empty step"),
    ({"reference": "[[{type: wait}, {type: scroll, direction: sideways, target: x}]]"}, "reference.0.1",
     "scroll: field 'direction'"),
    ({"extra": 'instruction_variants: ["Ring {x}", "  "]'}, "instruction_variants", "variant(s) [1] are blank"),
    ({"instruction": " "}, "instruction", "must not be blank"),
    ({"description": 'd", required: false}, {id: b, required: false, description: "e'}, "criteria",
     "at least one criterion must be required, or every state is a success"),
])
def test_a_reference_no_env_takes_a_blank_instruction_or_no_required_criterion_is_refused_at_load(tmp_path, kwargs,
                                                                                                  field, why):
    # each loaded: a reference the GUI replay alone found broken, an instance with no goal, a task every state won
    message = _error(_bank(tmp_path, **kwargs))
    assert "demo.yaml: task 't.one'" in message and f"field '{field}'" in message and why in message


def test_a_task_id_with_a_slash_is_refused(tmp_path):
    # 'demo/a/b' read as task 'b' of suite 'demo/a' where a full id is split at its last '/' (gym ids), and its
    # attempt id demo__a__b__t0 was also that of a task 'a__b'
    root = write_suite(tmp_path, yaml_text=DEMO_YAML.replace("id: answer.count", "id: answer/count"))
    assert "task 'answer/count': field 'id': String should match pattern" in _error(root)


@pytest.mark.parametrize("extra, params, field, got", [
    ('max_steps: "7"', None, "max_steps", "str '7'"),
    ("max_steps: true", None, "max_steps", "bool True"),
    ("max_steps: 7.0", None, "max_steps", "float 7.0"),
    ("high_risk: 1", None, "high_risk", "int 1"),
    ('high_risk: "yes"', None, "high_risk", "str 'yes'"),
    (None, '{x: {range: ["1", 3]}}', "params.x.range.0", "str '1'"),
    (None, "{x: {range: [1, true]}}", "params.x.range.1", "bool True"),
    (", required: 0", None, "criteria.0.required", "int 0"),
    (', weight: "2"', None, "criteria.0.weight", "str '2'"),
])
def test_a_field_of_another_type_is_refused_not_coerced(tmp_path, extra, params, field, got):
    """``max_steps: "7"`` loaded as 7 and ``max_steps: true`` as 1 (pydantic's lax mode): a YAML typo became a value
    the author never wrote. Each is now an error naming the file, the task and the field, and what was given."""
    criterion = extra if extra and extra.startswith(",") else ""
    root = _bank(tmp_path, instruction="Do it" if params else "Call {x}", extra="" if criterion else extra or "",
                 params=params or "{x: {choice: [1, 2]}}", criterion=criterion)
    message = _error(root)
    assert "demo.yaml: task 't.one': " in message and f"field '{field}': " in message and f"(got {got})" in message


def test_well_typed_fields_still_load(tmp_path):
    root = _bank(tmp_path, params="{x: {range: [1, 3]}}", extra="max_steps: 7\nhigh_risk: true",
                 criterion=", weight: 2, required: true")
    [spec] = load_suite("demo", root=root)
    assert spec.max_steps == 7 and spec.high_risk is True and spec.params["x"].range == (1, 3)
    assert spec.criteria[0].weight == 2.0 and 1 <= sample(spec, 0).params["x"] <= 3


def test_a_seed_a_mocked_device_cannot_tell_apart_from_another_is_refused(tmp_path):
    """The device's generator reads the seed as a 32-bit word (``seed | 0`` in rng.js): seed 5 + 2**32 drew seed 5's
    device state, and a task without parameters gave the very same instance. The largest 32-bit seed still samples;
    a suite off the mocked devices (MiniWoB++) keeps its own range."""
    from toolkit.tasks import load_tasks
    from toolkit.tasks.loader import MAX_DEVICE_SEED

    [spec] = load_suite("demo", root=_bank(tmp_path))
    assert MAX_DEVICE_SEED == 2**32 - 1 and sample(spec, MAX_DEVICE_SEED).seed == MAX_DEVICE_SEED
    for seed in (2**32, 2**32 + 5, 2**53 - 1):
        with pytest.raises(SpecError, match=rf"demo\.yaml: task 't\.one': seed {seed} is out of range: .* 0 to "
                                            rf"2\*\*32 - 1 = 4294967295 .* give seed {seed % 2**32}'s device state"):
            sample(spec, seed)
    [miniwob] = load_tasks(["miniwob"], ["click-button"])
    assert sample(miniwob, 2**40).seed == 2**40


@pytest.mark.parametrize("params, what", [
    ("{x: {choice: [1]}, y: {choice: [1], distinct_from: [x]}}", "'y' can only be 1, and 'x' can take them all"),
    ("{x: {choice: [1, 2]}, y: {choice: [1, 2], distinct_from: [x]}, z: {choice: [2, 1, 2], distinct_from: [x, y]}}",
     "'z' can only be 2, 1, and 'x', 'y' can take them all"),
    ("{x: {range: [3, 3]}, y: {choice: [3], distinct_from: [x, x]}}", "'y' can only be 3"),
    ("{x: {pattern: '12'}, y: {choice: ['12'], distinct_from: [x]}}", "'y' can only be '12'"),
])
def test_a_distinct_from_some_instances_cannot_meet_is_refused_at_load(tmp_path, params, what):
    """It failed only when a seed drew the covering values (200 redraws, then "no value distinct from ...")."""
    message = _error(_bank(tmp_path, instruction="Do it", params=params))
    assert "demo.yaml: task 't.one': field 'params." in message and ".distinct_from': " in message and what in message


@pytest.mark.parametrize("params", [
    "{x: {choice: [1, 2]}, y: {choice: [1, 2], distinct_from: [x]}}",
    "{x: {choice: [1]}, y: {choice: [2], distinct_from: [x]}}",
    "{x: {choice: [1, 2]}, y: {choice: [1, 2]}, z: {choice: [1, 3], distinct_from: [x, y]}}",  # 3 is always left
    "{x: {choice: ['1']}, y: {range: [1, 1], distinct_from: [x]}}",  # the text '1' is not the number 1
    "{x: {range: [1, 5]}, y: {pattern: '#', distinct_from: [x]}}",
])
def test_a_distinct_from_every_instance_can_meet_loads(tmp_path, params):
    [spec] = load_suite("demo", root=_bank(tmp_path, instruction="Do it", params=params))
    for seed in range(20):
        values = sample(spec, seed).params
        assert all(values[name] != values[other] for name, p in spec.params.items() for other in p.distinct_from)
