"""OSWorld task files that cannot be loaded: each is an error naming the file and the field, never a traceback or a
task quietly left out. Real task JSON files are written to a temporary folder (no Docker, no VM: loading reads files
only); one case also goes through ``guigym tasks list --suite osworld`` as a user meets it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.envs.osworld import load_osworld_folder, load_osworld_task
from toolkit.tasks import SpecError

FIXTURES = Path(__file__).parent / "osworld_fixtures"
GOOD = FIXTURES / "os" / "5ea617a3-0e86-4ba6-aab2-dac9aa2e8d57.json"


def _task(**evaluator) -> dict:
    task = json.loads(GOOD.read_text())
    task["evaluator"] = {"func": "exact_match", "result": {"type": "vm_command_line", "command": "echo"},
                         "expected": {"type": "rule", "rules": {"expected": ""}}, **evaluator}
    return task


def _write(folder: Path, name: str, task: dict) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(task), encoding="utf-8")
    return path


def test_a_file_that_is_not_utf8_names_the_file(tmp_path):
    path = tmp_path / "chrome" / "latin1.json"
    path.parent.mkdir()
    path.write_bytes(json.dumps({**_task(), "instruction": "Open the caf\u00e9 menu."}, ensure_ascii=False).encode("latin-1"))
    with pytest.raises(SpecError, match=r"latin1\.json: not UTF-8 text \(invalid continuation byte at byte \d+\)"):
        load_osworld_task(path)
    with pytest.raises(SpecError, match=r"latin1\.json: not UTF-8"):
        load_osworld_folder(tmp_path)


def test_a_utf8_file_with_a_byte_order_mark_loads(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_task()).encode("utf-8"))
    assert load_osworld_task(path).evaluator.func == "exact_match"


def test_a_folder_named_like_a_task_file_is_named_not_skipped(tmp_path):
    _write(tmp_path / "os", "good.json", _task())
    (tmp_path / "os" / "x.json").mkdir()
    with pytest.raises(SpecError, match=r"os/x\.json: a folder, not an OSWorld task file"):
        load_osworld_folder(tmp_path)
    with pytest.raises(SpecError, match=r"x\.json: a folder"):
        load_osworld_task(tmp_path / "os" / "x.json")


@pytest.mark.parametrize("evaluator, field, words", [
    ({"result": {"command": "echo"}}, "evaluator.result.type", "is missing"),
    ({"expected": {"type": "", "rules": {}}}, "evaluator.expected.type", "must be a getter name, not ''"),
    ({"func": ["exact_match", "exact_match"],
      "result": [{"type": "vm_command_line", "command": "a"}, {"command": "b"}],
      "expected": [{"type": "rule", "rules": {}}, {"type": "rule", "rules": {}}]}, "evaluator.result[1].type", "is missing"),
    ({"func": ""}, "evaluator.func", "an empty metric name"),
    ({"func": ["exact_match", " "], "result": [{"type": "rule", "rules": {}}] * 2,
      "expected": [{"type": "rule", "rules": {}}] * 2}, "evaluator.func[1]", "an empty metric name"),
    ({"func": "compare_tabel"}, "evaluator.func", "unknown metric 'compare_tabel' (did you mean 'compare_table'?)"),
    ({"func": ["exact_match", "no_such_metric"], "result": [{"type": "rule", "rules": {}}] * 2,
      "expected": [{"type": "rule", "rules": {}}] * 2}, "evaluator.func[1]", "unknown metric 'no_such_metric'"),
    ({"func": ["infeasible", "exact_match"], "result": [{"type": "rule", "rules": {}}] * 2},
     "evaluator.func[0]", '"infeasible" stands alone'),
    ({"options": [{}]}, "evaluator.options", "func names one metric, so options is one object, not a list"),
    ({"expected": [{"type": "rule", "rules": {}}]}, "evaluator.expected", "so expected is one object"),
])
def test_a_bad_evaluator_names_the_file_and_the_field(tmp_path, evaluator, field, words):
    path = _write(tmp_path, "domain/bad-task.json", _task(**evaluator))
    with pytest.raises(SpecError) as err:
        load_osworld_task(path)
    assert str(err.value).startswith(f"{path}: field '{field}': "), str(err.value)
    assert words in str(err.value)
    with pytest.raises(SpecError, match="bad-task.json"):  # the folder loader stops on it too
        load_osworld_folder(tmp_path)


@pytest.mark.parametrize("change, field, words", [
    # keys OSWorld does not read were kept quietly: the setup steps of "configs", the options of "option" never used
    ({"configs": [{"type": "sleep", "parameters": {"seconds": 1}}]}, "configs", "did you mean 'config'?"),
    ({"relatedapps": ["os"]}, "relatedapps", "did you mean 'related_apps'?"),
    ({"evaluator": {**_task()["evaluator"], "option": {"ignore_case": True}}}, "evaluator.option",
     "did you mean 'options'? it has conj, expected, func, options, postconfig, result"),
    ({"evaluator": {**_task()["evaluator"], "postconfg": []}}, "evaluator.postconfg", "did you mean 'postconfig'?"),
    ({"config": [{"type": "sleep", "params": {"seconds": 1}}]}, "config[0].params", "did you mean 'parameters'?"),
    # pydantic's lax bool took "yes", "false" and 1 as booleans ("false" as false, "no"... as the string said)
    ({"proxy": "yes"}, "proxy", "valid boolean, got 'yes'"),
    ({"fixed_ip": 1}, "fixed_ip", "valid boolean, got 1"),
    # blank text passed min_length: an instruction of spaces, an id slugged to "x"
    ({"instruction": "   "}, "instruction", "must not be blank"),
    ({"id": " "}, "id", "must not be blank"),
    ({"snapshot": ""}, "snapshot", "must not be blank"),
    # the error named a branch of pydantic's union: "evaluator.options.dict[str,any]: Input should be a valid dictionary"
    ({"evaluator": {**_task()["evaluator"], "options": "x"}}, "evaluator.options",
     "must be an object, or a list of objects when func is a list, not 'x'"),
    ({"evaluator": {**_task()["evaluator"], "func": 3}}, "evaluator.func", "must be a metric name or a list of them, not 3"),
])
def test_a_field_outside_osworlds_format_or_of_the_wrong_kind_names_the_file_and_field(tmp_path, change, field, words):
    path = _write(tmp_path, "domain/bad-task.json", {**_task(), **change})
    with pytest.raises(SpecError) as err:
        load_osworld_task(path)
    assert str(err.value).startswith(f"{path}: field '{field}': "), str(err.value)
    assert words in str(err.value), str(err.value)


def test_every_fixture_is_in_osworlds_format():
    """The hand-written fixtures (one per domain the adapter covers) load under the strict model."""
    assert len(load_osworld_folder(FIXTURES)) == len(list(FIXTURES.rglob("*.json")))


def test_metric_names_known_to_the_adapter_or_passed_by_the_caller_load(tmp_path):
    path = _write(tmp_path, "t.json", _task(func="compare_table"))
    assert load_osworld_task(path).evaluator.func == "compare_table"  # OSWorld's, though desktop_env is not installed
    path = _write(tmp_path, "t.json", _task(func="my_metric"))
    with pytest.raises(SpecError, match="unknown metric 'my_metric'"):
        load_osworld_task(path)
    assert load_osworld_task(path, metrics=["my_metric"]).evaluator.func == "my_metric"
    assert load_osworld_task(path, metrics="my_metric").evaluator.func == "my_metric"  # one name, not its letters
    assert [s.id for s in load_osworld_folder(tmp_path, metrics=["my_metric"])] == [json.loads(GOOD.read_text())["id"]]


def test_a_json_file_that_is_no_task_says_where_task_files_are(tmp_path):
    """Pointing at evaluation_examples/ instead of its examples/ reaches OSWorld's test_all.json and settings files."""
    _write(tmp_path / "examples" / "os", "ok.json", _task())
    _write(tmp_path, "test_all.json", {"os": ["5ea617a3"], "chrome": []})
    _write(tmp_path / "settings" / "google", "settings.json", {"email": "x", "password": "y"})
    with pytest.raises(SpecError, match=r"settings\.json: not an OSWorld task .*evaluation_examples/examples/<domain>"):
        load_osworld_folder(tmp_path)
    with pytest.raises(SpecError, match=r"test_all\.json: not an OSWorld task"):
        load_osworld_task(tmp_path / "test_all.json")
    path = _write(tmp_path, "list.json", [1, 2])
    with pytest.raises(SpecError, match=r"list\.json: not an OSWorld task"):
        load_osworld_task(path)
    assert len(load_osworld_folder(tmp_path / "examples")) == 1


def test_two_files_with_one_task_id_are_named(tmp_path):
    _write(tmp_path, "a/one.json", _task())
    _write(tmp_path, "b/two.json", _task())
    with pytest.raises(SpecError, match=r"b/two\.json: field 'id': task '.*' is also .*a/one\.json's"):
        load_osworld_folder(tmp_path)


def test_the_cli_says_which_file_and_field_without_a_traceback(tmp_path):
    _write(tmp_path, "os/ok.json", _task())
    _write(tmp_path, "os/typo.json", {**_task(func="exact_mach"), "id": "typo"})
    res = subprocess.run([sys.executable, "-m", "toolkit.cli.main", "tasks", "list", "--suite", "osworld"],
                         capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "GUIGYM_OSWORLD_TASKS": str(tmp_path)})
    assert res.returncode == 1, res.stderr[-2000:]
    assert "Traceback" not in res.stderr
    assert "typo.json: field 'evaluator.func': unknown metric 'exact_mach' (did you mean 'exact_match'?)" in res.stderr
