"""A replay runs under the agent configuration its outputs were written under: the stored run's, never another one
swapped in part by part."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from tests.cli.test_cli import guigym
from tests.conftest import requires_chromium
from toolkit.evaluation import evaluate_async
from toolkit.harness import HarnessConfig, HistoryConfig

TASK = "contacts.edit_phone"


@requires_chromium
async def test_a_replay_takes_the_stored_configuration_and_refuses_a_different_one(tmp_path):
    """A given config had its format and coordinates swapped for the stored ones without a word (its history, loop
    limit and system prompt kept), and a replay given none ran the default history and loop limit."""
    stored = HarnessConfig(format="json-v1", history=HistoryConfig(mode="last_k", last_k=2), loop_limit=5)
    first = await evaluate_async(["mobile-core"], "reference", tasks=[TASK], out=tmp_path, harness_config=stored)
    again = await evaluate_async(None, "replay", model=first.run_id, out=tmp_path)
    assert HarnessConfig.from_dict(again.store.manifest["harness"]) == stored
    assert list(again.attempts["outcome"]) == ["success"]
    runs = sorted(p.name for p in tmp_path.iterdir())
    for given, said in ((HarnessConfig(format="text-v1"), "format='text-v1' (the run's: 'json-v1')"),
                        (dataclasses.replace(stored, loop_limit=3), "loop_limit=3 (the run's: 5)")):
        with pytest.raises(ValueError, match=rf"replay of run {first.run_id}: .*{re.escape(said)}.*leave harness_config out"):
            await evaluate_async(None, "replay", model=first.run_id, out=tmp_path, harness_config=given)
    assert sorted(p.name for p in tmp_path.iterdir()) == runs  # refused before any run folder was made
    same = await evaluate_async(None, "replay", model=first.run_id, out=tmp_path, harness_config=stored)
    assert list(same.attempts["outcome"]) == ["success"]

    # the CLI: no option is the run's own configuration; a typed one that differs is refused, naming it
    res = guigym("eval", "--agent", "replay", "--model", first.run_id, "--out", str(tmp_path), "--json")
    assert res.returncode == 0, res.stderr[-2000:]
    run_dir = json.loads(res.stdout.strip().splitlines()[-1])["run_dir"]
    assert HarnessConfig.from_dict(json.loads((tmp_path / run_dir / "manifest.json").read_text())["harness"]) == stored
    res = guigym("eval", "--agent", "replay", "--model", first.run_id, "--out", str(tmp_path), "--history", "window")
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert "history.mode='window' (the run's: 'last_k')" in " ".join(res.stderr.split()), res.stderr[-2000:]


@requires_chromium
async def test_a_replay_reports_what_the_policy_reported_with_each_output(tmp_path):
    """A replay answered the stored outputs alone: a step whose output was cut off at the token limit, or whose policy
    reported an error, got no note under the next screen, so the replay's prompts differed from the run's."""
    first = await evaluate_async(["mobile-core"], "reference", tasks=[TASK], out=tmp_path)
    [attempt] = list(first.attempts["attempt_id"])
    steps = first.store.trajectory(attempt)
    # as a run against a model stores them: step 0 cut off at the token limit (unreadable), and a policy error
    step0 = next(r for r in steps if r.get("kind") == "step" and r["index"] == 0)
    step0.update(output=step0["output"][:12], usage={"finish_reason": "length", "completion_tokens": 7},
                 policy_error="the server said: slow down")
    first.store.write_trajectory(attempt, steps)
    again = await evaluate_async(None, "replay", model=first.run_id, out=tmp_path)
    replayed = again.store.steps(again.attempts.iloc[0]["attempt_id"]).to_dict("records")
    assert replayed[0]["policy_error"] == "the server said: slow down"
    assert replayed[0]["usage"] == {"finish_reason": "length"}  # not the original call's token counts
    assert "cut off at the token limit" in replayed[0]["note"] and "slow down" in replayed[0]["note"]
    assert "slow down" in json.dumps(replayed[1]["prompt"])
