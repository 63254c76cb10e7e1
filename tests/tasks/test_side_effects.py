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


def test_prefix_globs_see_ids_an_app_moves_out_of_place_in_its_world(tmp_path):
    """The reviews app's init makes world.json's my_reviews (rv1...) its data.reviews, while world.json's own
    "reviews" are other records (w...): "[id=rv*]", meant for the review the task writes (rv<n> from ctx.uid),
    also covers the user's existing reviews. Every id of the world counts, wherever it is."""
    with pytest.raises(SpecError, match=r"'apps.reviews.data.reviews\[id=rv\*\]' also matches existing records "
                                        r"\['rv1', 'rv2', 'rv3'\]; write '\[new\]'"):
        _load(tmp_path / "a", '"apps.reviews.data.reviews[id=rv*]"')
    with pytest.raises(SpecError, match=r"also matches existing records \['t01'"):  # the "*" runs on across "]"
        _load(tmp_path / "b", '"apps.messages.data.threads[id=t*"')
    assert _load(tmp_path / "c", '"apps.reviews.data.reviews[id=rvz*]"')  # no id, and no code, makes rvz...


@pytest.mark.parametrize("pattern, built", [
    ("apps.shopadmin.data.adjustments[id=ADJ-*]", r"ADJ-\.\.\. \(shopadmin/logic.js:\d+\)"),
    ("apps.crm.data.activities[id=T-*", r"a computed start \(crm/lib/helpers.js:\d+\), T-\.\.\. \(crm/logic.js:\d+\)"),
])
def test_prefix_globs_on_ids_built_in_code_are_refused_saying_so(tmp_path, pattern, built):
    """Ids the app's init builds (ADJ-1..., T-1...) are in no file the lint reads: it says it cannot list them."""
    with pytest.raises(SpecError, match=r"may match records the task starts with: the app builds ids in code \("
                                        + built + r"\), which the lint cannot list"):
        _load(tmp_path, f'"{pattern}"')
    assert _load(tmp_path / "marked", f'"{pattern}"', f'    intended_wildcards: ["{pattern}"]\n')


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_lint_sees_every_id_each_app_starts_with():
    """Each app's s0 (its init on world.json) holds only ids the lint reads in world.json or whose start it reads
    in the app's code: an app that makes records at reset some other way needs the lint taught about it."""
    from toolkit.paths import MOCKED_APPS
    from toolkit.tasks.lint import _all_ids, built_id_starts
    from toolkit.tasks.params import world_of

    apps = sorted(p.parent.name for p in (MOCKED_APPS / "apps").glob("*/logic.js"))
    states = node_replay([{"apps": [app], "reset": {"seed": 0, "patch": {}, "start_app": None}, "log": []}
                          for app in apps])
    unseen = {}
    for app, state in zip(apps, states):
        world = _all_ids(world_of(app), set()) if (MOCKED_APPS / "apps" / app / "world.json").is_file() else set()
        starts = [start for start, _ in built_id_starts(app)]
        ids = _all_ids(state["apps"][app].get("data"), set())
        missed = sorted(i for i in ids - world if not any(i.startswith(start) for start in starts))
        if missed:
            unseen[app] = missed[:5]
    assert len(apps) >= 20 and not unseen, unseen


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
    # the verifier refuses it too now (only_recipient keeps every conversation intact); the diff still names each change
    assert not bad.success and not bad.clean
    assert {"apps.messages.data.threads[id=t02]", "apps.messages.data.threads[id=t01].muted",
            "apps.messages.data.threads[id=t01].archived"} <= set(bad.side_effects)
