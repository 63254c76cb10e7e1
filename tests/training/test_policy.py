"""The rollout engine (``TokenModel``): concurrent calls are generated in one batch, and batching changes nothing
about what each prompt samples."""

from __future__ import annotations

import pytest

from tests.conftest import call_together
from toolkit.training.windows import Rendered


@pytest.fixture(scope="module")
def engine(tiny_vlm):
    from toolkit.training.policy import TokenModel

    return TokenModel.load(tiny_vlm, max_batch=1)


def _image(ref: str):
    from PIL import Image

    k = int(ref.split(":")[1])
    return Image.new("RGB", (64, 128), ((60 * k) % 256, 90, (200 + 30 * k) % 256))


def _prompts(engine, n: int) -> list[Rendered]:
    """Prompts of different lengths (so a batch is padded), each with its own screenshot."""
    out = []
    for i in range(n):
        messages = [{"role": "system", "content": "You operate a phone."},
                    {"role": "user", "content": [{"type": "text", "text": "Task: open the notes" + " now" * (3 * i)},
                                                 {"type": "image", "ref": f"obs:{i}"}]}]
        out.append(engine.builder.render(messages, [], _image))
    return out


def _batched(engine, **kw):
    from toolkit.training.policy import TokenModel

    return TokenModel(engine.model, engine.processor, **kw)


def _call_together(engine, calls: list[tuple]) -> list:
    """Call ``engine.generate`` from one thread per call, all at once; return each call's answer or exception."""
    return call_together(lambda i: engine.generate(*calls[i]), len(calls))


@pytest.mark.parametrize("temperature", [0.0, 1.0])
def test_a_batch_samples_what_each_prompt_samples_alone(engine, temperature):
    prompts = _prompts(engine, 4)
    assert len({len(p.ids) for p in prompts}) == 4  # the batch is left-padded
    calls = [(p, temperature, 12 - 2 * i, 40 + i) for i, p in enumerate(prompts)]  # each row its own token limit
    alone = [engine.generate(*c) for c in calls]
    together = _call_together(_batched(engine, max_batch=4, linger_s=60.0), calls)
    for (ids, logps), (b_ids, b_logps), call in zip(alone, together, calls):
        assert b_ids == ids and 0 < len(ids) <= call[2]
        assert b_logps == pytest.approx(logps, abs=1e-4)
        assert all(lp <= 0 for lp in logps)


def test_concurrent_calls_share_one_generate_and_keep_their_seeds(engine):
    prompts = _prompts(engine, 4)
    batched = _batched(engine, max_batch=4, linger_s=60.0)  # the first caller waits for all four
    same_prompt = [(prompts[0], 1.0, 10, seed) for seed in (1, 2, 3, 4)]
    answers = _call_together(batched, same_prompt)
    assert batched.batch_sizes == [4]
    alone = [engine.generate(*c) for c in same_prompt]
    assert [ids for ids, _ in answers] == [ids for ids, _ in alone]  # the sample is the seed's, not the batch's
    for (_, logps), (_, alone_logps) in zip(answers, alone):
        assert logps == pytest.approx(alone_logps, abs=1e-4)
    assert len({tuple(ids) for ids, _ in answers}) > 1  # four seeds, not one shared generator draw


def test_a_failed_batch_fails_every_caller_and_the_engine_goes_on(engine):
    good, other = _prompts(engine, 2)
    broken = Rendered(ids=list(other.ids), pixel_values=[], image_grid_thw=[])  # image tokens without their pixels
    batched = _batched(engine, max_batch=2, linger_s=60.0)
    answers = _call_together(batched, [(good, 0.0, 5, 1), (broken, 0.0, 5, 2)])
    assert all(isinstance(a, Exception) for a in answers)
    batched.generator.linger_s = 0.0  # a lone caller would otherwise wait the whole linger for a partner
    ids, _ = batched.generate(good, 0.0, 5, 1)  # the next call is served
    assert ids == engine.generate(good, 0.0, 5, 1)[0]


def test_max_batch_must_be_positive(engine):
    with pytest.raises(ValueError, match="max_batch"):
        _batched(engine, max_batch=0)


def test_the_engine_and_the_hf_agent_sample_alike(engine, tiny_vlm):
    """The hf-tokens engine and the hf agent's model share one generator design: the same prompt tokens and seed
    give the same turn."""
    from toolkit.models.batching import TokenPrompt
    from toolkit.models.hf import HFChatModel

    prompt = _prompts(engine, 1)[0]
    chat = HFChatModel(tiny_vlm)
    plain = TokenPrompt(ids=prompt.ids, pixel_values=prompt.pixel_values, image_grid_thw=prompt.image_grid_thw)
    assert chat.generator.generate(plain, 1.0, 8, 3)[0] == engine.generate(prompt, 1.0, 8, 3)[0]


@pytest.mark.parametrize("temperature", [0.0, 1.0])
def test_the_image_token_is_never_sampled_so_the_next_turn_can_be_sent(engine, temperature):
    """A model that prefers ``<|image_pad|>`` (the tiny random one samples it about once in a thousand tokens; a hook
    on the real model's lm_head makes it the likeliest): a turn holding it could not be spliced into the next
    prompt (an image token without an image: the forward raised), nor trained."""
    first = _prompts(engine, 1)[0]
    image_id = engine.builder.image_token_id

    def prefer_image(module, args, output):
        output[..., image_id] += 50.0
        return output

    hook = engine.model.lm_head.register_forward_hook(prefer_image)
    try:
        ids, logps = engine.generate(first, temperature, 6, 7)
    finally:
        hook.remove()
    assert ids and image_id not in ids and all(lp <= 0 for lp in logps)
    messages = [{"role": "system", "content": "You operate a phone."},
                {"role": "user", "content": [{"type": "text", "text": "Task: open the notes"},
                                             {"type": "image", "ref": "obs:0"}]},
                {"role": "assistant", "content": "x"},
                {"role": "user", "content": [{"type": "text", "text": "Step 2:"}, {"type": "image", "ref": "obs:1"}]}]
    turn = engine.builder.turn_ids(ids, "x")
    follow = engine.builder.render(messages, [turn], _image)
    assert engine.generate(follow, temperature, 4, 8)[0]  # the next prompt, holding the sampled turn, is served


async def test_a_turn_ended_by_the_checkpoints_other_eos_token_is_not_cut_off(tiny_vlm):
    """Qwen checkpoints stop at <|im_end|> and <|endoftext|>; a turn ended by the second was reported as cut at the
    token limit (finish_reason length), and the episode told the model its output had been cut off."""
    import torch

    from toolkit.harness.formats import get_format
    from toolkit.harness.policies import PolicyRequest
    from toolkit.models.tiny import load_processor
    from toolkit.training.policy import HFTokenPolicy, TokenModel

    loaded = TokenModel.load(tiny_vlm, max_batch=1)
    endoftext = loaded.processor.tokenizer.convert_tokens_to_ids("<|endoftext|>")
    loaded.model.generation_config.eos_token_id = [loaded.builder.eos_id, endoftext]
    engine = TokenModel(loaded.model, load_processor(tiny_vlm), max_batch=1)
    hook = engine.model.lm_head.register_forward_hook(lambda m, a, out: out.index_add_(
        -1, torch.tensor([endoftext]), torch.full((*out.shape[:-1], 1), 50.0)))
    messages = [{"role": "system", "content": "You operate a phone."},
                {"role": "user", "content": [{"type": "text", "text": "Task: open the notes"},
                                             {"type": "image", "ref": "obs:0"}]}]
    request = PolicyRequest(messages=messages, image=_image, observation=None, instance=None, step=0, seed=1,
                            format=get_format("text-v1"))
    try:
        response = await HFTokenPolicy(engine, temperature=1.0, max_new_tokens=8)(request)
    finally:
        hook.remove()
    assert response.token_ids[-1] == endoftext and response.usage["finish_reason"] == "stop"


def test_a_training_output_dir_given_as_the_model_names_its_checkpoints(tmp_path, tiny_vlm):
    """``guigym eval --agent hf --model out/run`` (the run, not its final/): the error names the folders there that
    hold a model, for both local agents."""
    import shutil

    from toolkit.models.hf import HFChatModel
    from toolkit.training.policy import TokenModel

    run = tmp_path / "run"
    for name in ("final", "checkpoint-9", "checkpoint-10"):
        shutil.copytree(tiny_vlm, run / name)
    (run / "base-model").mkdir()
    said = rf"^no model at {run} \(config\.json missing\); it is a training run's output dir: give {run / 'final'} " \
           rf"or {run / 'checkpoint-10'}$"
    for load in (HFChatModel, TokenModel.load):
        with pytest.raises(FileNotFoundError, match=said):
            load(run)
    with pytest.raises(FileNotFoundError, match=rf"^no model at {tmp_path / 'elsewhere'} \(config\.json missing\)$"):
        HFChatModel(tmp_path / "elsewhere")
