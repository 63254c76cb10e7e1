"""Episode control: ask_user answered from scripted replies, loop detection, step limits, terminate with an answer."""

from __future__ import annotations

import pytest

from tests.conftest import DEMO_YAML, requires_chromium, write_suite
from tests.harness.test_openai_policy import _completion, server  # noqa: F401 - the loopback chat server fixture
from toolkit.harness import Harness, HarnessConfig, PolicyResponse, ScriptedPolicy
from toolkit.rollout import run_attempt
from toolkit.tasks import load_suite, sample

pytestmark = requires_chromium

WITH_REPLIES = DEMO_YAML.replace("    max_steps", "    max_steps").replace(
    "    reference:", "    user_replies: {\"which number\": \"the one in the instruction\"}\n    max_steps: 6\n    reference:")


@pytest.fixture
def spec(tmp_path):
    [s] = load_suite("demo", root=write_suite(tmp_path, yaml_text=WITH_REPLIES))
    return s


async def _run(manager, spec, outputs, loop_limit=3):
    inst = sample(spec, 1)
    [lease] = await manager.request(spec)
    try:
        return await run_attempt(manager, lease, spec, inst, Harness(ScriptedPolicy(outputs), HarnessConfig(loop_limit=loop_limit)),
                                 seed=1)
    finally:
        await manager.release(lease)


async def test_ask_user_gets_the_scripted_reply_or_none(answers_manager, spec):
    result = await _run(answers_manager, spec, ["Action: ask_user(question='Which number should I write?')",
                                                "Action: ask_user(question='What colour?')",
                                                "Action: terminate(status='failed')"])
    notes = [s["note"] for s in result.steps]
    assert notes[0] == "User replied: the one in the instruction" and notes[1] == "The user did not answer."
    assert "User replied: the one in the instruction" in str(result.steps[1]["prompt"][-1])
    assert result.termination == "terminate" and result.claimed == "failed"


async def test_loop_detection_stops_repeated_no_effect_actions(answers_manager, spec):
    result = await _run(answers_manager, spec, ["Action: click(x=500, y=600)"] * 6)
    assert result.termination == "loop" and len(result.steps) == 3
    garbage = await _run(answers_manager, spec, ["I would rather not say.", "Hmm.", "No action here"] * 2)
    assert garbage.termination == "invalid_output" and len(garbage.steps) == 3
    assert all(s["parse_error_kind"] == "no_action" for s in garbage.steps)


async def test_step_limit_and_overdue_accounting(answers_manager, spec):
    inst = sample(spec, 1)
    n = inst.params["n"]
    outputs = ["Action: open(app='answersheet')", f"Action: answer(fields={{'count': {n}}})"] + ["Action: wait(seconds=1)"] * 10
    result = await _run(answers_manager, spec, outputs, loop_limit=0)
    assert result.termination == "step_limit" and len(result.steps) == spec.max_steps
    assert result.verdict.success and result.claimed is None  # reached the goal, never said so: overdue


async def test_terminate_carries_the_answer(answers_manager, spec):
    result = await _run(answers_manager, spec, ["Action: terminate(status='success', answer='42')"])
    assert result.claimed == "success" and result.answer == "42" and not result.verdict.success


async def test_actions_after_terminate_in_a_batch_never_run(answers_manager, spec):
    """The episode ends at terminate: an action after it would change the final state that is judged."""
    result = await _run(answers_manager, spec, ["Action: terminate(status='failed')\nAction: open(app='answersheet')"])
    assert result.termination == "terminate" and [a["type"] for a in result.steps[0]["actions"]] == ["terminate"]
    assert result.steps[0]["screen_after"] == result.steps[0]["screen_before"]


async def test_a_loop_limit_of_one_stops_only_a_step_without_effect(answers_manager, spec):
    result = await _run(answers_manager, spec, ["Action: open(app='answersheet')", "Action: terminate(status='failed')"],
                        loop_limit=1)
    assert result.termination == "terminate" and len(result.steps) == 2
    stuck = await _run(answers_manager, spec, ["Action: click(x=500, y=600)"] * 3, loop_limit=1)
    assert stuck.termination == "loop" and len(stuck.steps) == 1


async def test_an_output_cut_at_the_token_limit_is_told_to_the_model(answers_manager, spec, server):
    """Over real HTTP: a completion ending with finish_reason=length that does not parse gets a note saying why."""
    from toolkit.harness import OpenAIConfig, OpenAIPolicy

    handler, url = server
    cut = _completion("Thought: the list is long, so first I will\nAction: click(x=5")
    cut["choices"][0]["finish_reason"] = "length"
    handler.script.extend([(200, cut), (200, _completion("Action: terminate(status='failed')"))])
    inst = sample(spec, 1)
    [lease] = await answers_manager.request(spec)
    try:
        harness = Harness(OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", max_tokens=16)), HarnessConfig())
        result = await run_attempt(answers_manager, lease, spec, inst, harness, seed=1)
    finally:
        await answers_manager.release(lease)
    assert result.steps[0]["parse_error_kind"] == "syntax" and "cut off at the token limit" in result.steps[0]["note"]
    assert "cut off at the token limit" in str(result.steps[1]["prompt"][-1]) and result.termination == "terminate"


@pytest.mark.parametrize("answer, error", [("Action: wait()", "policy returned str, not a PolicyResponse"),
                                           (PolicyResponse(text=None), "policy returned text of type NoneType, not str")])
async def test_a_policy_that_answers_no_response_text_is_a_recorded_step_error(answers_manager, spec, answer, error):
    """A researcher's policy returning a bare string (or text None) failed the attempt with an AttributeError, in the
    harness or, once the None was in the history, while building a later prompt; now each step records the bug."""

    class Odd:
        name = "odd"

        def for_episode(self, instance, seed):
            return self

        async def __call__(self, request):
            return answer

    inst = sample(spec, 1)
    [lease] = await answers_manager.request(spec)
    try:
        result = await run_attempt(answers_manager, lease, spec, inst, Harness(Odd(), HarnessConfig(loop_limit=0)), seed=1)
    finally:
        await answers_manager.release(lease)
    assert result.termination == "step_limit" and len(result.steps) == spec.max_steps
    assert all(s["output"] == "" and s["policy_error"] == error for s in result.steps)
