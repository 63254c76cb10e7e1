"""Side effects on existing records: "[new]" patterns, the load-time lint of "[id=prefix*]", a bundled task's case."""

from __future__ import annotations

import copy
import shutil

import pytest

from tests.conftest import write_suite
from toolkit.tasks import SpecError, VerifierPool, judge, load_suite, load_tasks, sample
from toolkit.validation import node_replay

TASK = """
defaults:
  apps: [messages]
tasks:
  - id: t.text
    instruction: "Text someone"
    criteria: [{id: a, description: d}]
    verifier: demo.py:right
    reference: [{type: terminate, status: success}]
    expected_changes: [PATTERN]
EXTRA"""


def _load(tmp_path, pattern, extra=""):
    text = TASK.replace("PATTERN", pattern).replace("EXTRA", extra)
    return load_suite("demo", root=write_suite(tmp_path, yaml_text=text))


def test_prefix_glob_matching_world_ids_is_a_load_error(tmp_path):
    with pytest.raises(SpecError) as err:
        _load(tmp_path, '"apps.messages.data.threads[id=t*]"')
    message = str(err.value)
    assert "demo.yaml: task 't.text': field 'expected_changes.0'" in message
    assert "'apps.messages.data.threads[id=t*]' also matches existing records ['t01'" in message and "[new]" in message


def test_new_records_any_record_and_marked_wildcards_load(tmp_path):
    assert _load(tmp_path / "a", '"apps.messages.data.threads[new]"')
    assert _load(tmp_path / "b", '"apps.messages.data.threads[id=*].unread"')  # "any record" says so itself
    assert _load(tmp_path / "c", '"apps.messages.data.threads[id=zz*]"')  # no world id starts with zz
    marked = '    intended_wildcards: ["apps.messages.data.threads[id=t*]"]\n'
    assert _load(tmp_path / "d", '"apps.messages.data.threads[id=t*]"', marked)
    with pytest.raises(SpecError, match="intended_wildcards must repeat patterns of expected_changes"):
        _load(tmp_path / "e", '"apps.messages.data.threads[new]"', marked)


def test_templated_prefix_globs_are_checked_for_every_value(tmp_path):
    extra = "    params: {th: {choice: [t, zz]}}\n"
    with pytest.raises(SpecError, match=r"threads\[id=\{th\}\*\]' also matches existing records"):
        _load(tmp_path, '"apps.messages.data.threads[id={th}*]"', extra)


async def _judge(spec, inst, initial, final):
    pool = VerifierPool(size=1)  # one worker per verdict: the two verdicts cannot influence each other
    try:
        return await judge(pool, spec, inst, initial, final)
    finally:
        await pool.close()


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
async def test_share_contact_reports_changes_to_existing_conversations():
    """Review case: the right card is sent, but t02 is deleted and t01 muted and archived (was clean before)."""
    [spec] = load_tasks(["mobile-core"], ["contacts.share_contact"])
    inst = sample(spec, 0)
    [initial] = node_replay([{"apps": spec.apps, "reset": {"seed": 0, "patch": inst.setup, "start_app": inst.start_app},
                              "log": []}])
    pair = inst.params["pair"]
    golden = copy.deepcopy(initial)
    threads = golden["apps"]["messages"]["data"]["threads"]
    assert {"t01", "t02"} <= {t["id"] for t in threads} and all(t.get("contact_id") != pair["b"] for t in threads[:2])
    threads.append({"id": "t99", "contact_id": pair["b"], "number": "", "messages": [
        {"id": "m99", "from": "me", "text": f"{pair['a_name']} {pair['a_phone']}", "time": 0}],
        "unread": 0, "pinned": False, "muted": False, "archived": False})
    hacked = copy.deepcopy(golden)
    hacked_threads = hacked["apps"]["messages"]["data"]["threads"]
    hacked_threads[:] = [t for t in hacked_threads if t["id"] != "t02"]
    hacked_threads[0].update(muted=True, archived=True)
    good, bad = [await _judge(spec, inst, initial, final) for final in (golden, hacked)]
    assert good.success and good.reward == 1.0 and good.clean, good
    assert bad.success and not bad.clean
    assert {"apps.messages.data.threads[id=t02]", "apps.messages.data.threads[id=t01].muted",
            "apps.messages.data.threads[id=t01].archived"} <= set(bad.side_effects)
