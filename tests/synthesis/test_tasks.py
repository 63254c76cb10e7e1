"""Task synthesis: grounded requirements (before any verifier), review, failure-driven selection, and golden
solutions and verifiers made by separate calls that pass the verifier audit."""

from __future__ import annotations

import asyncio
import inspect
from collections import Counter

import pytest

from toolkit.diagnosis.report import DiagnosisReport
from toolkit.synthesis import OfflineBackend, build_world, review, synthesize_bank, synthesize_tasks, validate_synth
from toolkit.synthesis.audit import audit_verifier
from toolkit.synthesis.offline.templates import candidates
from toolkit.synthesis.offline.verifier import offline_verifier
from toolkit.synthesis.review import normalize, ungrounded
from toolkit.synthesis.synthesize import WeakTagError
from toolkit.synthesis.world import apply_patch, initial_states
from toolkit.synthesis.writer import write_world_suite
from toolkit.tasks import VerifierPool, sample
from toolkit.tasks.loader import load_file


def test_every_expected_value_appears_in_the_world(three_worlds):
    for world in three_worlds:
        reqs = candidates(world)
        assert len(reqs) >= 45, world.id
        for req in reqs:
            assert ungrounded(req, world) == [], (req.id, req.expected)
            for ev in req.evidence:
                assert world.record(ev.ref) is not None, (req.id, ev)
            for check in req.checks:
                if check.kind == "answer":
                    assert any(str(a) in str(req.expected) or str(a) in world.model_dump_json() for a in check.accept)


def test_batches_are_distinct_and_mostly_cross_app(three_worlds):
    seen: dict[str, str] = {}
    tasks = [t.requirements for w in three_worlds for t in synthesize_tasks(w, seen=seen).tasks]
    assert len(tasks) >= 100
    assert len({normalize(r.instruction) for r in tasks}) == len(tasks)
    assert sum(r.cross_app for r in tasks) / len(tasks) >= 0.3
    cross = [r for r in tasks if r.cross_app]
    assert all(len({e.ref.app for e in r.evidence} | {a for a in r.apps if a != "answersheet"}) >= 2 for r in cross)


def test_only_selected_tasks_block_a_later_world_s_instruction(three_worlds):
    """Small batches leave most reviewed requirements unselected; those must not block later worlds' instructions."""
    seen: dict[str, str] = {}
    selected: set[str] = set()
    blockers = []
    for w in three_worlds:
        before = dict(seen)
        batch = synthesize_tasks(w, n=10, seen=seen)
        ids = {t.requirements.full_id for t in batch.tasks}
        assert seen == {**before, **{normalize(t.requirements.instruction): t.requirements.full_id for t in batch.tasks}}
        blockers += [reason.removeprefix("same instruction as ") for r in batch.rejections for reason in r.reasons
                     if reason.startswith("same instruction as ")]
        assert set(blockers) <= selected, (w.id, blockers)
        selected |= ids
    assert blockers  # the third world does repeat a selected instruction (same template, same wording)
    untouched: dict[str, str] = {}
    kept, _ = review(candidates(three_worlds[0]), three_worlds[0], untouched)
    assert kept and untouched == {}  # review only reads `seen`


def test_review_drops_near_duplicates_and_ambiguous_instructions(world):
    reqs = candidates(world)
    twin = reqs[0].model_copy(update={"id": "twin", "instruction": reqs[0].instruction + " Please."})
    kept, dropped = review([*reqs, twin], world)
    assert "twin" not in {r.id for r in kept}
    assert any(r.task_id == f"synth/{world.id}/twin" and "near-duplicate" in r.reasons[0] for r in dropped)
    # Two people sharing a first name make an instruction that uses it alone ambiguous.
    crowded = world.model_copy(deep=True)
    target = next(r for r in reqs if r.template == "bring_tick")
    first = world.person(target.key_facts[1]).first
    other = next(p for p in crowded.people if p.first != first)
    other.name = f"{first} Someone"
    kept, dropped = review([target.model_copy(update={"instruction": f"Tick what {first} will bring."})], crowded)
    assert not kept and "ambiguous" in dropped[0].reasons[0]


def test_review_drops_checks_naming_records_the_world_lacks(world):
    """A backend's check naming an event, note item, folder or answer field the world lacks was built into a task whose
    golden solution failed with an empty 'StopIteration: ' (or reached acceptance and failed in the browser); a number
    answer accepting '$12.50' made a verifier that raised float('$12.50') on every state."""
    reqs = candidates(world)

    def broken(kind: str, **change):
        req = next(r for r in reqs if r.checks[0].kind == kind)
        check = req.checks[0].model_copy(update=change)
        return req.model_copy(update={"checks": [check, *req.checks[1:]]})

    bad = [broken("update_event", event="ce99"), broken("tick_items", items=["zz"]),
           broken("move_file", folder="f99"), broken("answer", field="nofield"), broken("set_flag", criterion="done"),
           broken("answer", type="number", accept=["$12.50"])]
    kept, dropped = review(bad, world)
    assert kept == [] and [r.task_id for r in dropped] == [r.full_id for r in bad]
    reasons = [r.reasons[-1] for r in dropped]
    assert "checks[0] (update_event).event names calendar.events[ce99], which is not in the world" in reasons[0]
    assert "checks[0] (tick_items).items names item 'zz'" in reasons[1]
    assert "checks[0] (move_file).folder names files.entries[f99]" in reasons[2]
    assert "checks[0] (answer).field names answer field 'nofield'" in reasons[3]
    assert "checks[0] (set_flag).criterion names criterion 'done', which the task's criteria lack" in reasons[4]
    assert "checks[0] (answer).accept: '$12.50' is not a plain number (the answer's type is number)" in reasons[5]
    assert review(reqs, world)[1] == []  # the offline templates' own checks all name existing records


def test_failure_driven_batches_favour_the_weakest_capability(world):
    for weakest in ("messaging", "scheduling", "query"):
        report = DiagnosisReport(run_id="r", attempts=10, success_rate=0.2, weak_capabilities=[weakest, "search"])
        batch = synthesize_tasks(world, weak=report, n=14)
        counts = Counter(t for task in batch.tasks for t in task.requirements.tags)
        top, n_top = counts.most_common(1)[0]
        assert top == weakest and all(n < n_top for tag, n in counts.items() if tag != weakest), counts
        assert len(batch.tasks) >= 6
    plain = Counter(t for task in synthesize_tasks(world, n=14).tasks for t in task.requirements.tags)
    assert plain.most_common(1)[0][0] != "messaging"


def test_weak_tags_no_task_carries_are_skipped_and_tags_are_trimmed(world):
    batch = synthesize_tasks(world, weak=[" nosuch-skill ", " messaging", ""], n=14)
    assert batch.weak == ["messaging"] and batch.weak_skipped == ["nosuch-skill"]
    assert batch.tasks and next(iter(batch.tag_counts())) == "messaging", batch.tag_counts()
    assert synthesize_tasks(world, weak=" messaging , search", n=14).weak == ["messaging", "search"]


def test_weak_tags_none_of_which_can_be_made_fail_before_anything_is_written(tmp_path, world):
    with pytest.raises(WeakTagError, match=r"world moving-11: no task it can make carries a weak tag "
                                           r"\(nosuch, other\); its tasks carry: .*messaging"):
        synthesize_tasks(world, weak="nosuch, other")
    out = tmp_path / "synth"
    with pytest.raises(WeakTagError, match="nosuch"):
        synthesize_bank([world], out=out, weak=["nosuch"], random_rollouts=0, instances=1)
    assert not out.exists()
    for bad, shown in (([world, "x"], "got str 'x'"), ("3", "got str '3'"), ([{"id": "w"}], "got dict {'id': 'w'}")):
        with pytest.raises(ValueError, match=f"^argument 'worlds': must be a count or a list of World .*{shown}$"):
            synthesize_bank(worlds=bad, out=out)  # was AttributeError: 'str' object has no attribute 'id'
    for kwargs, name in (({"weak": 3}, "weak"), ({"weak": ["messaging", 3]}, "weak"), ({"world": world.model_dump()}, "world")):
        with pytest.raises(ValueError, match=f"^argument '{name}': must be "):  # were TypeError / AttributeError
            synthesize_tasks(**{"world": world, **kwargs})
    for blank in ("", "  "):  # Path("") is the working folder: the worlds were written (and validated) there
        with pytest.raises(ValueError, match="^argument 'out': name a folder"):
            synthesize_bank(worlds=[world], out=blank)
        with pytest.raises(ValueError, match="^argument 'out': name a folder"):
            validate_synth(blank)


def test_a_seed_out_of_range_is_named_as_given_not_as_a_world_seed(tmp_path, world):
    """synthesize_bank(seed=-50) said "argument 'seed': ... got -39" (the first world's seed, 11 - 50), 1.5 "got float
    12.5", and seed=True built and wrote world moving-12."""
    out = tmp_path / "synth"
    for seed, shown in ((-50, "got -50"), (1.5, "got float 1.5"), (True, "got bool True"), (2**53, f"got {2**53}")):
        with pytest.raises(ValueError, match=f"^argument 'seed': must be a whole number from 0 to .*, {shown}$"):
            synthesize_bank(worlds=1, per_world=1, out=out, seed=seed)
        with pytest.raises(ValueError, match=f"^argument 'seed': .*{shown}$"):
            synthesize_tasks(world, n=1, seed=seed)
    assert not out.exists()


def test_an_inconsistent_world_object_is_refused_before_the_backend_is_asked(tmp_path, world):
    """A World given as an object (edited, or read from a file) skipped build_world's check: an attendee that is no
    contact ended the offline backend with a bare KeyError, a record that is text with a TypeError."""
    broken = world.model_copy(deep=True)
    broken.records["calendar"]["events"][0]["attendees"].append("p99")
    with pytest.raises(ValueError, match=r"^world moving-11 is inconsistent: calendar.events\[ce01\]: attendee 'p99'"):
        synthesize_tasks(broken)
    good = world.model_copy(update={"id": "moving-12"})
    text = world.model_copy(deep=True)
    text.records["calendar"]["events"].append("lunch with Sam")
    out = tmp_path / "synth"
    with pytest.raises(ValueError, match=r"world moving-11 is inconsistent: calendar.events\[\d+\]: is str"):
        synthesize_bank([good, text], out=out, random_rollouts=0, instances=1)
    assert not out.exists()  # the good world's batch was made, but nothing was written


def test_counts_out_of_range_are_refused_naming_the_argument(tmp_path, world):
    """From Python (the CLI and MCP bound them): n=-3 sliced the last 3 tasks off the batch, worlds=0 or [] made an
    empty report, and parallel=0 hung acceptance on a semaphore nothing passed."""
    with pytest.raises(ValueError, match=r"argument 'n': must be a whole number from 1 to 500, got -3"):
        synthesize_tasks(world, n=-3)
    out = tmp_path / "synth"
    for kwargs, name in (({"worlds": 0}, "worlds"), ({"worlds": []}, "worlds"), ({"per_world": -1}, "per_world"),
                         ({"parallel": 0}, "parallel"), ({"instances": 0}, "instances"),
                         ({"random_rollouts": -1}, "random_rollouts")):
        with pytest.raises(ValueError, match=f"^argument '{name}': "):
            synthesize_bank(**{"worlds": [world], **kwargs}, out=out)
    assert not out.exists()


def test_requirements_naming_another_world_are_named_after_the_world_they_were_made_for(world):
    """A backend's requirements carrying another world id were reported as synth/<that world>/<id> while the suite is
    written as synth/<world>/."""
    class StrayBackend(OfflineBackend):
        def tasks(self, w, seed=0):
            return [r.model_copy(update={"world": "elsewhere-1"}) for r in super().tasks(w, seed)]

    seen: dict[str, str] = {}
    batch = synthesize_tasks(world, n=3, backend=StrayBackend(), seen=seen)
    assert len(batch.tasks) == 3 and {t.requirements.full_id.split("/")[1] for t in batch.tasks} == {world.id}
    assert all(v.startswith(f"synth/{world.id}/") for v in seen.values())


def test_a_world_over_some_apps_yields_tasks_in_those_apps_only():
    """A world over contacts and email got create_event, text and signature tasks too: each was built and dropped with
    a bare "KeyError: 'calendar'"; review now names the app the world does not span. The offline builder refuses a
    calendar or messages without contacts (it made a world failing its own check: attendees that are no contact)."""
    small = build_world(1, "trip", apps=["contacts", "email"], seed=5, world_id="trip-5")
    batch = synthesize_tasks(small, n=None)
    assert batch.tasks and all({*t.requirements.apps} <= {"contacts", "email", "answersheet"} for t in batch.tasks)
    assert not [r for r in batch.rejections if r.stage != "review"]
    assert any("the task needs app 'calendar', which world trip-5 does not span (contacts, email)" in reason
               for r in batch.rejections for reason in r.reasons)
    with pytest.raises(ValueError, match="calendar records refer to contacts; add 'contacts' to the apps"):
        build_world(1, "trip", apps=["calendar", "notes"], seed=5)


def test_a_criterion_two_checks_decide_needs_both(world):
    """The generated verifier wrote one dict entry per check, so a criterion decided by two checks kept only the
    last: the first check was never run and the verifier accepted a state that met half the criterion."""
    req = next(r for r in candidates(world) if r.checks[0].kind == "send_text")
    other = req.checks[0].model_copy(update={"contains": ["a phrase of the second check"]})
    source = offline_verifier(req.model_copy(update={"checks": [*req.checks, other]})).source
    first = f"send_text(ctx, {req.checks[0].contact!r}, {req.checks[0].thread!r}, {req.checks[0].contains!r})"
    second = first.replace(repr(req.checks[0].contains), "['a phrase of the second check']")
    assert f"{req.checks[0].criterion!r}: {first} and {second}," in source


def test_golden_and_verifier_come_from_separate_calls(world):
    assert list(inspect.signature(offline_verifier).parameters) == ["req"]  # the verifier sees requirements only
    backend = OfflineBackend()
    req = candidates(world)[0]
    golden, verifier = backend.golden(req, world), backend.verifier(req)
    assert golden.task_id == verifier.task_id == req.id
    assert str(golden.patch)[:40] not in verifier.source and "reference" not in verifier.source


def test_a_verifier_the_loader_would_refuse_is_dropped_at_write_not_the_whole_world(world):
    """A backend's verifier with a star import made the world's suite file fail to load, taking every task with it."""
    class StarBackend(OfflineBackend):
        calls = 0

        def verifier(self, req):
            code = super().verifier(req)
            StarBackend.calls += 1
            if StarBackend.calls == 1:
                code = code.model_copy(update={"source": "from verifier_checks import *\n" + code.source})
            return code

    batch = synthesize_tasks(world, n=3, backend=StarBackend())
    [dropped] = [r for r in batch.rejections if r.stage == "write"]
    assert "uses 'from verifier_checks import *'" in dropped.reasons[0] and len(batch.tasks) == 2


def test_every_template_s_verifier_passes_the_audit_on_its_golden_state(tmp_path, world):
    full = synthesize_tasks(world, n=None)
    one_each = list({t.requirements.template: t for t in full.tasks}.values())
    batch = full.model_copy(update={"tasks": one_each})
    path = write_world_suite(world, batch.tasks, tmp_path / world.id)
    specs = {s.id: s for s in load_file(path, suite=f"synth/{world.id}")}
    specs = [specs[t.requirements.id] for t in batch.tasks]
    states = initial_states([(world, sample(s, 0).setup) for s in specs])

    async def audit_all():
        pool = VerifierPool(size=2)
        try:
            return [await audit_verifier(s, sample(s, 0), s0, apply_patch(s0, t.golden.patch), pool)
                    for s, t, s0 in zip(specs, batch.tasks, states)]
        finally:
            await pool.close()

    results = asyncio.run(audit_all())
    assert len(results) >= 30
    assert [r.reasons for r in results if not r.accepted] == []
