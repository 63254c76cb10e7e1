"""Acceptance by execution: wrong golden solutions are rejected with logged reasons; a small offline batch is
accepted, written as a suite ``synth/<world>``, and passes the validation suite again."""

from __future__ import annotations

from tests.conftest import requires_chromium
from toolkit.synthesis import accept_batch, synthesize_tasks
from toolkit.synthesis.pipeline import rejections_of
from toolkit.synthesis.synthesize import SynthBatch
from toolkit.synthesis.writer import write_world_suite
from toolkit.tasks import load_suite
from toolkit.validation import validate_tasks

pytestmark = requires_chromium


def _pick(batch: SynthBatch, *templates: str):
    return [next(t for t in batch.tasks if t.requirements.template == name) for name in templates]


def _wrong_patch(task):
    """The golden end state answers 0000 (the GUI actions still type the right code)."""
    golden = task.golden.model_copy(deep=True)
    golden.patch["apps"]["answersheet"]["data"]["values"] = {"code": "0000"}
    req = task.requirements.model_copy(update={"id": "wrong-patch"})
    return task.model_copy(update={"requirements": req, "golden": golden})


def _wrong_actions(task):
    """The golden actions type the wrong text (the end-state patch is right)."""
    golden = task.golden.model_copy(deep=True)
    for step in golden.actions:
        if step.get("target") == "field:compose":
            step["text"] = "nothing useful"
    req = task.requirements.model_copy(update={"id": "wrong-actions"})
    return task.model_copy(update={"requirements": req, "golden": golden})


async def test_wrong_golden_solutions_are_rejected_and_good_tasks_pass_validation(tmp_path, world):
    full = synthesize_tasks(world, n=None)
    good = _pick(full, "code_query", "signature_known", "location_text")
    code, text = _pick(full, "code_query", "share_phone")
    batch = SynthBatch(world=world, tasks=[*good, _wrong_patch(code), _wrong_actions(text)])
    result = await accept_batch(batch, random_rollouts=2, instances=5, parallel=2)

    assert sorted(t.requirements.id for t in result.accepted) == sorted(t.requirements.id for t in good)
    why = {r.task_id.split("/")[-1]: r for r in result.rejections}
    assert why["wrong-patch"].stage == "audit" and any(x.startswith("fails_on_golden") for x in why["wrong-patch"].reasons)
    assert why["wrong-actions"].stage == "gui" and any(x.startswith("reference:") for x in why["wrong-actions"].reasons)

    folder = tmp_path / "bank" / "synth" / world.id
    write_world_suite(world, result.accepted, folder, rejections=result.rejections)
    assert {r.task_id for r in rejections_of(folder)} == {r.task_id for r in result.rejections}
    specs = load_suite(f"synth/{world.id}", root=tmp_path / "bank")
    assert {s.full_id for s in specs} == {f"synth/{world.id}/{t.requirements.id}" for t in good}
    assert load_suite("synth", root=tmp_path / "bank") == specs  # the folder of worlds loads as its sub-suites
    reports = await validate_tasks(specs, instances=5, random_rollouts=2, parallel=2)
    assert all(r.ok for r in reports), [r.checks for r in reports if not r.ok]


async def test_a_task_entry_the_loader_refuses_is_rejected_alone(world):
    """A backend's requirement naming an app the phone lacks, or an instruction with a {field}: the suite file would not
    load, and the world's good tasks must not go down with it."""
    full = synthesize_tasks(world, n=3)
    first = full.tasks[0]
    bad_app = first.model_copy(update={"requirements": first.requirements.model_copy(
        update={"id": "bad-app", "apps": ["spaceship"]})})
    bad_field = first.model_copy(update={"requirements": first.requirements.model_copy(
        update={"id": "bad-field", "instruction": "Do {something} with the notes, please"})})
    batch = SynthBatch(world=world, tasks=[bad_app, *full.tasks[1:], bad_field])
    result = await accept_batch(batch, random_rollouts=0, instances=1, parallel=2)
    assert sorted(t.requirements.id for t in result.accepted) == sorted(t.requirements.id for t in full.tasks[1:])
    why = {r.task_id.split("/")[-1]: r for r in result.rejections}
    assert why["bad-app"].stage == why["bad-field"].stage == "write"
    assert why["bad-app"].reasons == [why["bad-app"].reasons[0]] and why["bad-app"].reasons[0].startswith(
        "task 'bad-app': field 'apps': device 'phone' has no app 'spaceship'")
    assert "unknown template field '{something}'" in why["bad-field"].reasons[0]


async def test_a_world_the_device_refuses_rejects_its_tasks_naming_why(world):
    """A batch over a world whose patch Node refuses (a '__proto__' key) ended acceptance, and the whole bank, with a
    RuntimeError; now each task of that world is an audit rejection carrying the device's reason."""
    tasks = synthesize_tasks(world, n=2).tasks
    refused = world.model_copy(deep=True)
    refused.records["contacts"]["contacts"][0]["__proto__"] = {"admin": True}
    result = await accept_batch(SynthBatch(world=refused, tasks=tasks), random_rollouts=0, instances=1, parallel=1)
    assert result.accepted == [] and len(result.rejections) == 2
    for r in result.rejections:
        assert r.stage == "audit" and r.reasons == ["the world did not load: world moving-11: the device refused it: "
                                                    "Error: patch.apps.contacts.data.contacts[0]: the key '__proto__' "
                                                    "is not allowed in a state patch"]


async def test_a_verifier_that_fails_on_states_other_than_s0_and_golden_is_rejected(world):
    """A verifier right on s0 and on the golden state but raising on any other changed state passed the audit (errors
    on the perturbed state are forgiven) and the GUI checks (random rollouts only had to not succeed), so it was
    accepted, and every agent attempt that changed something without solving the task would be a verifier error."""
    [task] = [t for t in synthesize_tasks(world, n=None).tasks if t.requirements.template == "share_phone"][:1]
    source = task.verifier.source.replace("def verify(ctx)", "def _checks(ctx)") + (
        "\n\ndef verify(ctx):\n    result = _checks(ctx)\n"
        "    if not all(result.values()) and ctx.final != ctx.initial:\n"
        "        raise ValueError('state not understood')\n    return result\n")
    fragile = task.model_copy(update={"verifier": task.verifier.model_copy(update={"source": source})})
    result = await accept_batch(SynthBatch(world=world, tasks=[fragile]), random_rollouts=3, instances=1, parallel=1)
    assert result.accepted == []
    [why] = result.rejections
    assert why.stage == "gui" and any(r.startswith("random_never_succeeds: random rollout ") and
                                      "the verifier failed on: verifier raised ValueError: state not understood" in r
                                      for r in why.reasons), why.reasons
