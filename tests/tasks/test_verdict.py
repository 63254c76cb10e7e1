"""Reward, success, cleanliness arithmetic and state diffs."""

from __future__ import annotations

import pytest

from toolkit.tasks import Criterion, TaskSpec, score, shaped_reward
from toolkit.tasks.diff import diff_paths, matches, side_effects


def _spec(criteria):
    return TaskSpec(id="t", suite="s", apps=["contacts"], instruction="x", criteria=criteria, verifier="v.py:f",
                    reference=[{"type": "terminate", "status": "success"}])


def test_reward_is_weighted_and_success_needs_every_required():
    spec = _spec([Criterion(id="a", description="", weight=3), Criterion(id="b", description="", weight=1, required=False)])
    v = score(spec, {"a": True, "b": False}, [])
    assert v.reward == pytest.approx(0.75) and v.success and v.clean and v.progress == v.reward
    v = score(spec, {"a": False, "b": True}, ["apps.x.data.y"])
    assert v.reward == pytest.approx(0.25) and not v.success and not v.clean and v.side_effects == ["apps.x.data.y"]


def test_bad_verifier_results_are_verifier_errors_not_scores():
    spec = _spec([Criterion(id="a", description="")])
    for bad in ({}, {"a": 1}, {"a": True, "zz": False}, ["a"], None):
        v = score(spec, bad, [])
        assert v.error_kind == "verifier_error" and not v.ok and v.reward == 0


def test_a_verifier_error_keeps_a_bounded_message():
    spec = _spec([Criterion(id="a", description="")])
    v = score(spec, {"a": True, **{f"k{i}": True for i in range(100_000)}}, [])  # each unknown key was listed
    assert v.error_kind == "verifier_error" and len(v.error) < 4100 and v.error.endswith("more characters)")


def test_shaped_reward_multiplies_penalties():
    spec = _spec([Criterion(id="a", description="", weight=1), Criterion(id="b", description="", weight=1)])
    v = score(spec, {"a": True, "b": False}, ["apps.x.data.z"])
    assert shaped_reward(v, claimed_success=True) == pytest.approx(0.5 * 0.8 * 0.8)
    assert shaped_reward(v, claimed_success=False, overdue=True) == pytest.approx(0.5 * 0.8 * 0.5)


def test_diff_matches_lists_by_id_and_positions_otherwise():
    a = {"apps": {"c": {"data": {"people": [{"id": "c1", "phone": "1"}, {"id": "c2", "phone": "2"}], "tags": ["x", "y"]}}}}
    b = {"apps": {"c": {"data": {"people": [{"id": "c2", "phone": "2"}, {"id": "c1", "phone": "9"}, {"id": "c3"}], "tags": ["x"]}}}}
    assert diff_paths(a, b) == ["apps.c.data.people[id=c1].phone", "apps.c.data.people[id=c3]", "apps.c.data.tags[1]"]


def test_expected_changes_and_always_ignored_paths():
    assert matches("apps.c.data.people[id=c1].phone", "apps.c.data.people[id=c1].*")
    assert matches("apps.c.data.people[id=c1].phone", "apps.c.data.people[id=c1]")
    assert not matches("apps.c.data.people[id=c12].phone", "apps.c.data.people[id=c1].*")
    before = {"os": {"clock": {"now": 1}, "screen": "launcher"}, "apps": {"c": {"data": {"v": 1}, "ui": {"screen": "a"}}}}
    after = {"os": {"clock": {"now": 9}, "screen": "app"}, "apps": {"c": {"data": {"v": 2}, "ui": {"screen": "b"}}}}
    assert side_effects(before, after, []) == ["apps.c.data.v"]
    assert side_effects(before, after, ["apps.c.data.v"]) == []


def test_new_matches_only_records_absent_from_the_initial_state():
    before = {"apps": {"m": {"data": {"threads": [{"id": "t01", "muted": False, "messages": [{"id": "x1"}]},
                                                  {"id": "t02", "messages": []}]}}}}
    after = {"apps": {"m": {"data": {"threads": [{"id": "t01", "muted": True, "messages": [{"id": "x1"}, {"id": "m9"}]},
                                                 {"id": "t7", "messages": [{"id": "m8"}]}]}}}}
    allowed = ["apps.m.data.threads[new]", "apps.m.data.threads[id=*].messages[new]"]
    # t7 is new and m9 is a new message of t01: allowed; t01 muted and t02 deleted: side effects.
    assert side_effects(before, after, allowed) == ["apps.m.data.threads[id=t01].muted", "apps.m.data.threads[id=t02]"]
    # The old idiom covered every existing thread whose id shares the prefix.
    assert side_effects(before, after, ["apps.m.data.threads[id=t*]"]) == []
    assert not matches("apps.m.data.threads[id=t01]", "apps.m.data.threads[new]")  # without the diff, nothing is new
    assert matches("apps.m.data.threads[id=t7]", "apps.m.data.threads[new]", frozenset({"apps.m.data.threads[id=t7]"}))
    # A new record is one path, so "[new]" also covers what is inside it; an id never runs past its "]".
    added = frozenset({"apps.m.data.threads[id=t7]"})
    assert matches("apps.m.data.threads[id=t7].x", "apps.m.data.threads[new]", added)
    assert not matches("apps.m.data.threads[id=t01].messages[id=m9]", "apps.m.data.threads[new]",
                       frozenset({"apps.m.data.threads[id=t01].messages[id=m9]"}))
