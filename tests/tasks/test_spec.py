"""Task specs: loading, validation errors that name the file and field, sampling, templating."""

from __future__ import annotations

import pytest

from tests.conftest import DEMO_YAML, write_suite
from toolkit.tasks import SpecError, find_task, load_suite, load_tasks, sample
from toolkit.tasks.params import TemplateError, render


def test_demo_suite_loads_and_samples_deterministically(demo_bank):
    [spec] = load_suite("demo", root=demo_bank)
    assert spec.full_id == "demo/answer.count"
    a, b, c = sample(spec, 1), sample(spec, 1), sample(spec, 2)
    assert a == b
    assert a.params["n"] == int(a.instruction.split()[1])
    assert a.setup["apps"]["answersheet"]["data"]["fields"][0]["name"] == "count"
    assert a.reference[1] == [{"type": "type", "target": "field:count", "text": a.params["n"]}]
    assert any(sample(spec, s).params != a.params for s in range(2, 10))
    assert c.task_id == a.task_id


@pytest.mark.parametrize("edit, field", [
    (("n: {range: [10, 99]}", "n: {range: [99, 10]}"), "params.n"),
    (("apps: [answersheet]", "apps: []"), "apps"),
    (("objective: query", "objective: guess"), "objective"),
    (("weight: 3", "weight: 0"), "criteria.0.weight"),
    (("verifier: demo.py:right", "verifier: demo.py"), "verifier"),
    (("instruction:", "instructions:"), "instructions"),
    (("weight: 3", "weight: 'inf'"), "criteria.0.weight"),  # read as a float: reward inf/inf was NaN
    (("n: {range: [10, 99]}", "n: {range: [10, 99], where: {kind: a}}"), "params.n"),  # was ignored without a word
    (("n: {range: [10, 99]}", "n: {choice: [1, 2], path: contacts}"), "params.n"),
    # these loaded, and then every attempt's env failed to start
    (("apps: [answersheet]", "apps: [answersheet, contcts]"), "field 'apps': device 'phone' has no app 'contcts'"),
    (("apps: [answersheet]", "apps: [answersheet]\n  device: toaster"), "field 'device': 'toaster' is no device"),
    (("apps: [answersheet]", "apps: [answersheet, answersheet]"), "field 'apps': 'answersheet' listed twice"),
    (("type: number}]", "type: number}, {name: count, label: Again}]"), "answer_sheet field names must be unique"),
])
def test_validation_errors_name_file_and_field(tmp_path, edit, field):
    old, new = edit
    root = write_suite(tmp_path, yaml_text=DEMO_YAML.replace(old, new, 1))
    with pytest.raises(SpecError) as err:
        load_suite("demo", root=root)
    message = str(err.value)
    assert "demo.yaml" in message and field in message and "answer.count" in message


def test_missing_verifier_file_and_bad_yaml_are_named(tmp_path):
    root = write_suite(tmp_path, yaml_text=DEMO_YAML.replace("demo.py:right", "nope.py:right"))
    with pytest.raises(SpecError, match=r"demo\.yaml.*field 'verifier'.*nope\.py"):
        load_suite("demo", root=root)
    root = write_suite(tmp_path / "b", yaml_text="tasks: [ {id: x\n")
    with pytest.raises(SpecError, match=r"demo\.yaml: not valid YAML"):
        load_suite("demo", root=root)
    root = write_suite(tmp_path / "c", yaml_text="task: []\n")
    with pytest.raises(SpecError, match=r"field 'tasks'"):
        load_suite("demo", root=root)


def test_query_task_without_answer_sheet_is_rejected(tmp_path):
    root = write_suite(tmp_path, yaml_text=DEMO_YAML.replace("answer_sheet: [{name: count, label: Count, type: number}]", ""))
    with pytest.raises(SpecError, match="answer_sheet"):
        load_suite("demo", root=root)


def test_duplicate_ids_and_unknown_template_fields(tmp_path):
    root = write_suite(tmp_path)
    (root / "demo" / "again.yaml").write_text(DEMO_YAML)
    with pytest.raises(SpecError, match="also defined"):
        load_suite("demo", root=root)
    root = write_suite(tmp_path / "t", yaml_text=DEMO_YAML.replace("Write {n}", "Write {m}"))
    with pytest.raises(SpecError, match=r"demo\.yaml: task 'answer\.count': field 'instruction': unknown template field"):
        load_suite("demo", root=root)  # caught at load, not when a seed happens to render it


def test_render_keeps_types_and_reaches_into_mappings():
    params = {"n": 5, "who": {"name": "Ada", "id": "c1"}, "xs": [1, 2]}
    assert render("{n}", params) == 5
    assert render("n={n}", params) == "n=5"
    assert render({"k": ["{who.name}", "{xs.1}"]}, params) == {"k": ["Ada", 2]}
    with pytest.raises(TemplateError):
        render("{who.phone}", params)


def test_rendered_mapping_keys_are_text():
    """A key that is exactly one field took the value's type: an int key failed the instance, a list one raised."""
    params = {"n": 5, "xs": [1, 2]}
    assert render({"{n}": "{n}", "{xs}": 1, "k{n}": 2}, params) == {"5": 5, "[1, 2]": 1, "k5": 2}


def test_an_instance_owns_its_params_and_setup(tmp_path):
    """A mapping parameter (a choice, a world item) was the spec's own object, or the process-wide world.json cache's:
    editing an instance's params or setup changed every later sample, and the world other tasks read."""
    from toolkit.tasks.params import world_of

    yaml_text = """
    tasks:
      - id: t.one
        apps: [contacts]
        instruction: "Call {c.name}"
        params: {c: {choice: [{name: A, tags: [x]}]}, w: {world: contacts, path: contacts}}
        setup: {apps: {contacts: {data: {note: "{c}", who: "{w}"}}}}
        criteria: [{id: a, description: d}]
        verifier: demo.py:right
        reference: [{type: terminate, status: success}]
    """
    [spec] = load_suite("demo", root=write_suite(tmp_path, yaml_text=yaml_text))
    first = sample(spec, 0)
    world = [dict(c) for c in world_of("contacts")["contacts"]]
    first.params["c"]["name"] = "Z"
    first.setup["apps"]["contacts"]["data"]["note"]["tags"].append("y")
    first.params["w"]["name"] = first.setup["apps"]["contacts"]["data"]["who"]["id"] = "edited"
    again = sample(spec, 0)
    assert again.params["c"] == {"name": "A", "tags": ["x"]} and again.instruction == "Call A"
    assert again.setup["apps"]["contacts"]["data"]["note"] == {"name": "A", "tags": ["x"]}
    assert world_of("contacts")["contacts"] == world and again.params["w"] in world


def test_unknown_suite_lists_known_ones(demo_bank):
    """The error lists the file suites and the suites registered in code, which load under any root."""
    with pytest.raises(SpecError, match="known: demo, miniwob, osworld"):
        load_suite("nope", root=demo_bank)


def test_a_suite_named_twice_loads_each_task_once(tmp_path):
    root = write_suite(tmp_path)
    write_suite(root / "synth", name="w1")  # a folder of suites: `synth` loads synth/w1
    both = load_tasks(["demo", "synth", "demo", "synth/w1"], root=root)
    assert [s.full_id for s in both] == ["demo/answer.count", "synth/w1/answer.count"]
    assert load_tasks(iter(["demo", "demo"]), root=root) == load_suite("demo", root=root)
    assert load_tasks("demo", root=root) == load_suite("demo", root=root)  # one name, not its letters
    with pytest.raises(SpecError, match=r"unknown task id\(s\) \['nope'\] in suite\(s\) \['demo'\]"):
        load_tasks(iter(["demo", "demo"]), ["nope"], root=root)  # the suites named, once each, even from an iterator
    # one id as a string too: it was read as its letters ("unknown task id(s) ['.', 'a', 'c', ...]")
    assert [s.full_id for s in load_tasks("demo", "answer.count", root=root)] == ["demo/answer.count"]


def test_an_empty_list_of_ids_is_refused_and_none_means_every_task(tmp_path):
    """ids=[] named no task but loaded them all: a caller whose selection came out empty ran the whole suite."""
    root = write_suite(tmp_path)
    with pytest.raises(SpecError, match=r"an empty list of task ids names no task of suite\(s\) \['demo'\]"):
        load_tasks("demo", [], root=root)
    with pytest.raises(SpecError, match="empty list of task ids"):
        load_tasks("demo", iter([]), root=root)  # an exhausted iterator too
    assert load_tasks("demo", None, root=root) == load_suite("demo", root=root)
    assert [s.full_id for s in load_tasks("demo", iter(["answer.count"]), root=root)] == ["demo/answer.count"]


def test_find_task_takes_a_full_id_or_an_id_one_suite_alone_holds(tmp_path):
    root = write_suite(tmp_path)
    assert find_task("demo/answer.count", root=root).full_id == "demo/answer.count"
    assert find_task("answer.count", root=root).full_id == "demo/answer.count"
    write_suite(root, name="other")  # now two suites hold answer.count
    with pytest.raises(SpecError, match="several suites; give one of demo/answer.count, other/answer.count"):
        find_task("answer.count", root=root)
    with pytest.raises(SpecError, match=r"no task 'nope' in any suite \(demo, miniwob, osworld, other\)"):
        find_task("nope", root=root)
    with pytest.raises(SpecError, match=r"give '<suite>/<id>'; did you mean 'answer.count'\?$"):
        find_task("answer.cuont", root=root)  # a typo of a bare id got no hint, one of a full id did
    with pytest.raises(SpecError, match="expected '<suite>/<id>'"):
        find_task("", root=root)
    # the bundled bank: a mobile-core id as make_env takes it, and an id of another suite
    assert find_task("contacts.edit_phone").full_id == "mobile-core/contacts.edit_phone"
    web = load_suite("web")[0]
    assert find_task(web.id).full_id == web.full_id


def test_bundled_suite_loads():
    specs = load_suite("mobile-core")
    assert len(specs) >= 20
    for spec in specs:
        for seed in range(3):
            inst = sample(spec, seed)
            assert inst.reference and inst.instruction


def test_sample_takes_a_task_id_as_make_env_does_and_names_another_type():
    """sample("mobile-core/contacts.edit_phone", 3) failed as "'str' object has no attribute 'suite'"."""
    spec = find_task("mobile-core/contacts.edit_phone")
    assert sample("mobile-core/contacts.edit_phone", 3) == sample(spec, 3)
    with pytest.raises(SpecError, match="no task 'nope'"):
        sample("nope", 3)
    with pytest.raises(TypeError, match=r"sample: spec must be a TaskSpec or a task id \('suite/id'\), got int 7"):
        sample(7, 3)
