"""Token-in/token-out: the hf-tokens rollout prompt of every step is an exact prefix of its training window,
and the pieces are token-identical to the chat-template inputs ``toolkit.evaluate``'s hf agent sends."""

from __future__ import annotations

import pytest

from tests.conftest import requires_chromium
from toolkit.harness import Harness, HarnessConfig, HistoryConfig
from toolkit.tasks import load_suite, sample

pytestmark = requires_chromium


@pytest.fixture(scope="module")
async def episode(tiny_vlm):
    """One real mocked-app episode of the hf-tokens policy (6 steps, K=3, O=1), with the prompts it sent."""
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.manager import EnvManager
    from toolkit.rollout import run_attempt
    from toolkit.training.policy import HFTokenPolicy

    spec = next(s for s in load_suite("mobile-core") if s.id == "contacts.favorite")
    trace: list = []
    policy = HFTokenPolicy(tiny_vlm, temperature=1.0, max_new_tokens=10, trace=trace)
    harness = Harness(policy, HarnessConfig(history=HistoryConfig(window=3, overlap=1), loop_limit=0))
    instance = sample(spec, 3).model_copy(update={"max_steps": 6})
    async with EnvManager(adapter=MockedAdapter(apps=["contacts"])) as manager:
        [lease] = await manager.request(spec)
        result = await run_attempt(manager, lease, spec, instance, harness, seed=7)
        await manager.release(lease)
    return result, trace, policy.engine


def _image(result):
    return lambda ref: result.observations[int(ref.split(":")[1])].image


async def test_rollout_prompt_is_a_token_exact_prefix_of_its_window(episode):
    import torch

    from toolkit.training.windows import attempt_windows, step_prompt

    result, trace, engine = episode
    builder = engine.builder
    assert len(result.steps) == 6 and len(trace) == 6
    windows = attempt_windows(builder, result.steps, _image(result))
    assert [w.kind for w in windows] == ["window"] * len(windows) and len(windows) == 3  # steps 0-1, 2-3, 4-5
    trained = sorted(s for w in windows for s in w.steps)
    assert trained == list(range(6))  # every step trained exactly once
    for step, (_, t, sent) in zip(result.steps, trace):
        assert t == step["index"]
        rebuilt = step_prompt(builder, result.steps, step, _image(result))
        assert rebuilt.ids == sent  # the stored attempt replays to the very ids the rollout sent
        [window] = [w for w in windows if step["index"] in w.steps]
        assert window.input_ids[:len(sent)] == sent  # ... which are a prefix of its training window
        own = step["token_ids"]
        assert window.input_ids[len(sent):len(sent) + len(own)] == own  # followed by the sampled ids, verbatim
        n = len(rebuilt.pixel_values)
        assert all(torch.equal(a, b) for a, b in zip(rebuilt.pixel_values, window.pixel_values[:n]))
        # loss exactly on the sampled ids of the new steps, with the rollout's log-probs
        for k, tok in enumerate(own):
            assert window.tool_mask[len(sent) + k] == 1
            assert window.rollout_logps[len(sent) + k] == pytest.approx(step["logprobs"][k])
    for w in windows:
        assert w.trained_tokens == sum(len(result.steps[s]["token_ids"]) for s in w.steps)
        assert w.tool_mask[:w.split] == [0] * w.split and w.tool_mask[w.split] == 1


async def test_pieces_are_token_identical_to_what_the_hf_agent_sends(episode):
    """Rendered with the outputs' own tokenization, the builder's prompt equals the processor's chat-template
    inputs (ids and pixels) that HFChatModel sends for the same stored messages."""
    import torch

    from toolkit.models.hf import to_model_messages

    result, trace, engine = episode
    builder, processor = engine.builder, engine.processor
    image = _image(result)
    for step in result.steps:
        messages = step["prompt"]
        reference = processor.apply_chat_template(to_model_messages(messages, image), add_generation_prompt=True,
                                                  tokenize=True, return_dict=True, return_tensors="pt")
        turns = [builder.turn_ids(builder.tokenizer.encode(m["content"], add_special_tokens=False) + [builder.eos_id], "")
                 for m in messages if m["role"] == "assistant"]
        rendered = builder.render(messages, turns, image)
        assert rendered.ids == reference["input_ids"][0].tolist()
        inputs = builder.model_inputs(rendered)
        assert torch.equal(inputs["pixel_values"], reference["pixel_values"])
        assert torch.equal(inputs["image_grid_thw"], reference["image_grid_thw"])
        assert torch.equal(inputs["mm_token_type_ids"], reference["mm_token_type_ids"])
        # and the token-in/token-out prompt the rollout sent decodes to the same text. Special tokens are left
        # out of both: the sampler draws from the raw logits, so a random model may sample one, which the
        # stored reply text drops (as vLLM's skip_special_tokens does) and the sent ids keep verbatim.
        sent = next(ids for _, t, ids in trace if t == step["index"])
        text = builder.tokenizer.decode(sent, skip_special_tokens=True)
        assert text and text == builder.tokenizer.decode(rendered.ids, skip_special_tokens=True)


async def test_inconsistent_prompts_fall_back_to_step_samples(episode):
    import copy

    from toolkit.training.windows import attempt_windows

    result, _, engine = episode
    steps = copy.deepcopy(result.steps)
    steps[1]["prompt"][1]["content"][0]["text"] += " (edited)"  # step 1's window no longer extends step 0's prompt
    samples = attempt_windows(engine.builder, steps, _image(result))
    kinds = [(s.kind, s.steps) for s in samples]
    assert kinds[:2] == [("step", [0]), ("step", [1])] and ("window", [2, 3]) in kinds
    assert sorted(x for s in samples for x in s.steps) == list(range(6))


async def test_an_edited_assistant_turn_is_trained_on_as_shown(episode):
    """A prompt that shows an earlier turn otherwise than its step produced it (an edited prompt): the rollout sent
    the text shown, so the step sample holds that text, untrained (it held the step's sampled ids, which the rollout
    never sent: the k3 gate would stop the run)."""
    import copy

    from toolkit.harness.formats import get_format
    from toolkit.harness.policies import PolicyRequest
    from toolkit.training.policy import HFTokenPolicy
    from toolkit.training.windows import attempt_windows

    result, _, engine = episode
    steps = copy.deepcopy(result.steps)
    shown = next(m for m in steps[1]["prompt"] if m["role"] == "assistant")
    shown["content"] = "Action: terminate(status='success')"  # step 0 said something else
    [sample] = [s for s in attempt_windows(engine.builder, steps, _image(result)) if s.steps == [1]]
    assert sample.kind == "step"
    # what the hf-tokens policy sends for that prompt, having produced step 0 itself
    trace: list = []
    policy = HFTokenPolicy(engine, temperature=1.0, max_new_tokens=1, trace=trace)
    policy._turns[0] = (steps[0]["token_ids"], steps[0]["output"])
    await policy(PolicyRequest(messages=steps[1]["prompt"], image=lambda ref: _image(result)(ref),
                               observation=result.observations[1], instance=result.instance, step=1, seed=0,
                               format=get_format("text-v1")))
    [(_, _, sent)] = trace
    assert sample.input_ids[:len(sent)] == sent
    assert sample.trained_tokens == len(steps[1]["token_ids"])  # only step 1's own sampled turn


async def test_max_length_cuts_long_windows_and_leaves_out_what_does_not_fit(episode):
    from toolkit.training.windows import attempt_windows

    result, _, engine = episode
    image = _image(result)
    full = attempt_windows(engine.builder, result.steps, image)
    step_len = {s.steps[0]: len(s.input_ids) for s in attempt_windows(engine.builder, result.steps, image, windowwise=False)}
    # the last window (steps 4-5) one token too long: it is cut after step 4, whose prompt + output fit; 5 is left out
    last = full[-1]
    assert last.steps == [4, 5] and step_len[5] == len(last.input_ids)
    dropped: list[int] = []
    fitted = attempt_windows(engine.builder, result.steps, image, max_length=len(last.input_ids) - 1, dropped=dropped)
    assert dropped == [5] and [w.steps for w in fitted] == [[0, 1], [2, 3], [4]]
    assert fitted[-1].kind == "window" and len(fitted[-1].input_ids) == step_len[4]
    assert fitted[-1].input_ids == last.input_ids[:step_len[4]]  # the cut window is a prefix of the full one
    assert fitted[-1].trained_tokens == len(result.steps[4]["token_ids"])
    # step samples: those over the limit are left out and named, the rest train once
    cut = sorted(step_len.values())[2]
    dropped = []
    fitted = attempt_windows(engine.builder, result.steps, image, windowwise=False, max_length=cut, dropped=dropped)
    assert sorted(dropped) == sorted(i for i, n in step_len.items() if n > cut) and dropped
    assert sorted(x for s in fitted for x in s.steps) == sorted(i for i, n in step_len.items() if n <= cut)
    # under the shortest prompt nothing trains
    dropped = []
    assert attempt_windows(engine.builder, result.steps, image, max_length=min(step_len.values()) - 1, dropped=dropped) == []
    assert sorted(dropped) == list(range(6))
