"""Planted failure cases are diagnosed right: false complete, side effects with their path, no-effect taps."""

from __future__ import annotations

import pytest

from tests.conftest import requires_chromium
from toolkit.diagnosis import compare, diagnose, first_divergence, summary, task_results
from toolkit.harness import Harness, PolicyRequest, PolicyResponse
from toolkit.rollout import Scheduler, WorkItem
from toolkit.store import RunStore
from toolkit.tasks import load_suite

pytestmark = requires_chromium


class Planted:
    """A test policy with a fixed plan, resolving element ids on the screen like the reference policy does."""

    name = "planted"

    def __init__(self, plan):
        self.plan = plan
        self.i = 0

    def for_episode(self, instance, seed):
        return Planted(self.plan)

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        step = self.plan[min(self.i, len(self.plan) - 1)]
        self.i += 1
        action = dict(step)
        if "target" in action:
            prefix = action.pop("target")
            element = next((e for e in request.observation.elements if e.id.startswith(prefix)), None)
            if element is None:
                return PolicyResponse(text=request.render([{"type": "terminate", "status": "failed"}]))
            action.update(x=round(element.center[0]), y=round(element.center[1]))
        return PolicyResponse(text=request.render([action], "planted"))


async def _run(manager, tmp_path, plan, tasks, trials=1):
    store = RunStore.create({"agent": "planted"}, root=tmp_path)
    items = [WorkItem(spec, t, 0) for spec in tasks for t in range(trials)]
    await Scheduler(manager, Harness(Planted(plan)), store, "planted", parallel=2).run(items)
    return store


@pytest.fixture
def contacts_tasks():
    return [s for s in load_suite("mobile-core") if s.apps == ["contacts"]][:3]


async def test_always_claiming_success_is_false_complete_on_every_failure(phone_manager, tmp_path, contacts_tasks):
    store = await _run(phone_manager, tmp_path, [{"type": "terminate", "status": "success"}], contacts_tasks)
    report = diagnose(store)
    failed = {r["attempt_id"] for r in store.attempt_rows() if r["outcome"] != "success"}
    assert failed and {f.attempt_id for f in report.trajectories["false_complete"]} == failed


async def test_a_side_flip_is_an_unexpected_side_effect_with_its_path(phone_manager, tmp_path, contacts_tasks):
    plan = [{"type": "open", "app": "messages"}, {"type": "long_press", "target": "thread:"},
            {"type": "click", "target": "btn:pin"}, {"type": "terminate", "status": "success"}]
    store = await _run(phone_manager, tmp_path, plan, contacts_tasks[:1])
    report = diagnose(store)
    [finding] = report.trajectories["side_effects"]
    assert "apps.messages.data.threads[id=" in finding.detail and ".pinned" in finding.detail
    [row] = store.attempt_rows()
    assert not row["clean"] and any(p.endswith(".pinned") for p in row["side_effects"])


async def test_a_wrong_answer_is_one_that_was_given(phone_manager, tmp_path):
    """A query attempt that never submitted an answer was listed as a wrong answer (the agent failed to find or
    give it: a different failure); one that submitted a wrong code is, with the answer it gave."""
    query = [s for s in load_suite("mobile-core") if s.id == "messages.query_code"]
    wrong = await _run(phone_manager, tmp_path / "wrong", [{"type": "answer", "fields": {"code": "111111"}},
                                                           {"type": "terminate", "status": "success"}], query)
    [finding] = diagnose(wrong).trajectories["wrong_answers"]
    assert finding.detail.startswith('answered {"code": "111111"}; failed [\'correct\']')
    silent = await _run(phone_manager, tmp_path / "silent", [{"type": "terminate", "status": "success"}], query)
    report = diagnose(silent)
    assert report.trajectories["wrong_answers"] == [] and len(report.trajectories["false_complete"]) == 1


async def test_tapping_empty_space_is_no_effect(phone_manager, tmp_path, contacts_tasks):
    plan = [{"type": "click", "x": 500, "y": 90}, {"type": "click", "x": 300, "y": 95}, {"type": "click", "x": 700, "y": 85},
            {"type": "terminate", "status": "failed"}]
    store = await _run(phone_manager, tmp_path, plan, contacts_tasks[:1])
    report = diagnose(store)
    assert report.action_counts["no_effect"] == 3
    assert {f.step for f in report.actions["no_effect"]} == {0, 1, 2}
    md = report.to_markdown()
    assert "no_effect" in md and "Weakest capabilities" in md


def test_a_first_step_that_changed_the_screen_but_no_state_is_not_no_effect(tmp_path):
    """A page whose state the env does not track (a MiniWoB++ task) changes only its screen: the first step used to be
    no_effect whenever the state hash stayed, as no earlier screen was compared. Steps now record the screen before."""
    from tests.diagnosis.fake_run import add_attempt, step

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    click = [{"type": "click", "x": 5, "y": 5}]
    moved, still, old = (step(0, click), step(0, click), step(0, click))
    for rec in (moved, still, old):
        rec["state_hash_after"] = rec["state_hash_before"]  # the state did not change
    moved["image_hash_before"], still["image_hash_before"] = "img-start", "img0"  # img0: the screen after
    for i, rec in enumerate((moved, still, old)):
        add_attempt(store, f"t{i}", 0, "failure", [rec])
    flagged = {f.task_id for f in diagnose(store).actions["no_effect"]}
    assert flagged == {"s/t1", "s/t2"}  # the screen stayed; a run stored without the field: the state decides


class CutShort:
    """A model whose first output hits its token limit mid-action, as a server reports it (finish_reason ``length``)."""

    name = "cut-short"

    def for_episode(self, instance, seed):
        return self

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        if request.step == 0:
            return PolicyResponse(text="Action: click(x=5", usage={"completion_tokens": 6, "finish_reason": "length"})
        return PolicyResponse(text=request.render([{"type": "terminate", "status": "failed"}]),
                              usage={"completion_tokens": 5, "finish_reason": "stop"})


async def test_outputs_cut_at_the_token_limit_are_truncated_findings(phone_manager, tmp_path, contacts_tasks):
    store = RunStore.create({"agent": "planted"}, root=tmp_path)
    await Scheduler(phone_manager, Harness(CutShort()), store, "planted", parallel=1).run([WorkItem(contacts_tasks[0], 0, 0)])
    [row] = store.attempt_rows()
    first, second = store.steps(row["attempt_id"]).to_dict("records")
    assert first["usage"] == {"completion_tokens": 6, "finish_reason": "length"} and second["usage"]["finish_reason"] == "stop"
    report = diagnose(store)
    [finding] = report.actions["truncated"]
    assert report.action_counts["truncated"] == 1 and finding.step == 0
    assert "cut at 6 tokens" in finding.detail and "parse error" in finding.detail
    assert "| truncated | 1 |" in report.to_markdown()


class CrashesOnce:
    """A policy whose code raises at step 1 (an agent bug), then gives up."""

    name = "planted"

    def for_episode(self, instance, seed):
        return self

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        if request.step == 1:
            raise RuntimeError("agent bug: list index out of range")
        done = request.step > 1
        action = {"type": "terminate", "status": "failed"} if done else {"type": "system_button", "button": "home"}
        return PolicyResponse(text=request.render([action]))


async def test_a_policy_that_raised_is_a_policy_error_not_a_parse_error_of_the_model(phone_manager, tmp_path,
                                                                                      contacts_tasks):
    """The empty output of a step whose policy raised got "no 'Action:' line found": the diagnosis counted it as the
    model's parse error (kind no_action) and the crash itself was in no finding."""
    store = RunStore.create({"agent": "planted"}, root=tmp_path)
    await Scheduler(phone_manager, Harness(CrashesOnce()), store, "planted").run([WorkItem(contacts_tasks[0], 0, 0)])
    [row] = store.attempt_rows()
    assert store.steps(row["attempt_id"])["policy_error"].notna().tolist() == [False, True, False]
    report = diagnose(store)
    [finding] = report.actions["policy_errors"]
    assert finding.step == 1 and finding.detail == "policy raised RuntimeError: agent bug: list index out of range"
    assert report.actions["parse_errors"] == [] and report.parse_error_kinds == {}
    assert "| policy_errors | 1 |" in report.to_markdown() and "| parse_errors | 0 |" in report.to_markdown()


async def test_divergence_summary_and_queries(phone_manager, tmp_path, contacts_tasks):
    from toolkit.evaluation import evaluate_async

    good = await evaluate_async(["mobile-core"], "reference", tasks=[contacts_tasks[0].id], out=tmp_path / "good", seed=0)
    bad = await _run(phone_manager, tmp_path / "bad", [{"type": "open", "app": "messages"}, {"type": "terminate", "status": "failed"}],
                     contacts_tasks[:1])
    [a], [b] = good.store.attempt_rows(), bad.attempt_rows()
    diff = compare(good.store, a["attempt_id"], b["attempt_id"], run_b=bad)
    assert diff["same_instance"] is True and diff["first_divergence"] == 0  # same run seed, task and trial
    assert list(task_results(good.store)["SR"]) == [1.0]
    by_app = summary(good.store, "app")
    assert list(by_app["app"]) == ["contacts"]


async def test_two_successful_trials_of_a_parametrised_task_do_not_diverge(tmp_path):
    from toolkit.evaluation import evaluate_async

    # trials sample different instances (here, different contacts to block): other state hashes from step 0 on
    run = await evaluate_async(["mobile-core"], "reference", tasks=["contacts.block"], trials=2, out=tmp_path, seed=0)
    a, b = run.store.attempt_rows()
    assert a["outcome"] == b["outcome"] == "success" and a["params"] != b["params"] and a["seed"] != b["seed"]
    diff = compare(run.store, a["attempt_id"], b["attempt_id"])
    assert diff["same_instance"] is False and diff["first_divergence"] is None
    assert first_divergence(run.store.steps(a["attempt_id"]), run.store.steps(b["attempt_id"])) == 0  # full signature
    assert diagnose(run.store).divergences == diagnose(run).divergences == []


def test_diagnose_does_not_hold_every_attempts_full_steps_in_memory(tmp_path):
    """The divergences kept every complete attempt's whole step records (prompts, elements: ~5 KB a step in a real
    run) until the end; on a large run that is gigabytes. Only the compared fields are kept now."""
    import tracemalloc

    from tests.diagnosis.fake_run import add_attempt, plan

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    for trial in range(40):
        steps = plan(state="p" if trial == 0 else "q")  # one instance (seed 0): the failures differ in state at step 0
        for record in steps:
            record["prompt"] = [{"role": "user", "content": "x" * 100_000}]  # a long history: 100 KB a step
        add_attempt(store, "a", trial, "success" if trial == 0 else "failure", steps)
    tracemalloc.start()
    try:
        report = diagnose(store)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert report.attempts == 40 and len(report.divergences) == 39  # each failure compared with the success
    # one attempt's steps (~300 KB, a few copies) are in memory at a time, not 40 × 300 KB = 12 MB
    assert peak < 6_000_000, peak
