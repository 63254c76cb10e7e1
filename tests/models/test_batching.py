"""Batched generation for the local model paths: the ``hf`` agent's model (``HFChatModel``) and the chat-completions
server answer overlapping calls in one shared ``generate()``, with the same tokens each call gets alone."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import call_together

pytest.importorskip("torch")


def _messages(i: int):
    from PIL import Image

    image = Image.new("RGB", (64, 128), ((70 * i) % 256, 120, (40 + 50 * i) % 256))
    return [{"role": "system", "content": [{"type": "text", "text": "You operate a phone."}]},
            {"role": "user", "content": [{"type": "text", "text": "Task: open the notes" + " now" * (2 * i)},
                                         {"type": "image", "image": image}]}]


@pytest.fixture(scope="module")
def chat_model(tiny_vlm):
    from toolkit.models.hf import HFChatModel

    return HFChatModel(tiny_vlm)


@pytest.mark.parametrize("temperature", [0.0, 1.0])
def test_overlapping_hf_calls_share_a_batch_and_sample_what_they_sample_alone(chat_model, temperature):
    alone = [chat_model.generate(_messages(i), temperature, 8, seed=11 + i) for i in range(3)]
    chat_model.generator.linger_s, chat_model.generator.max_batch = 60.0, 3  # the first caller waits for all three
    before = len(chat_model.generator.batch_sizes)
    try:
        together = call_together(lambda i: chat_model.generate(_messages(i), temperature, 8, seed=11 + i), 3)
    finally:
        chat_model.generator.linger_s, chat_model.generator.max_batch = 0.005, 8
    assert chat_model.generator.batch_sizes[before:] == [3]
    for a, b in zip(alone, together):
        assert b.token_ids == a.token_ids and b.text == a.text and b.prompt_tokens == a.prompt_tokens
        assert b.logprobs == pytest.approx(a.logprobs, abs=1e-4)
        assert b.finish_reason == a.finish_reason and 1 <= len(a.token_ids) <= 8


def test_the_chat_server_batches_overlapping_requests(tiny_vlm):
    from toolkit.serving import ChatServer

    server = ChatServer(tiny_vlm, name="tiny")
    try:
        generator = server.model.generator
        generator.linger_s, generator.max_batch = 60.0, 3

        def ask(i: int):
            body = {"model": "tiny", "max_tokens": 6, "temperature": 0.0, "logprobs": True,
                    "messages": [{"role": "user", "content": f"Say something about {'notes ' * (i + 1)}"}]}
            return httpx.post(server.url + "/chat/completions", json=body, timeout=120).json()

        together = call_together(ask, 3)
        assert generator.batch_sizes == [3]
        generator.linger_s, generator.max_batch = 0.0, 1
        alone = [ask(i) for i in range(3)]
        for a, b in zip(alone, together):
            assert [t["token_id"] for t in b["choices"][0]["logprobs"]["content"]] == \
                [t["token_id"] for t in a["choices"][0]["logprobs"]["content"]]
            assert b["choices"][0]["message"]["content"] == a["choices"][0]["message"]["content"]
    finally:
        server.close()


def test_the_checkpoints_logits_processors_do_not_change_what_is_sampled(chat_model):
    """Turns are drawn from softmax(raw logits / T), the distribution their log-probs describe: a checkpoint's
    ``suppress_tokens`` or ``repetition_penalty`` would draw tokens the recorded log-probs do not describe."""
    plain = [chat_model.generate(_messages(1), t, 8, seed=5) for t in (0.0, 1.0)]
    config = chat_model.model.generation_config
    saved = (config.suppress_tokens, config.repetition_penalty, config.min_new_tokens)
    config.suppress_tokens = sorted(set(plain[0].token_ids))  # every token greedy decoding picks
    config.repetition_penalty, config.min_new_tokens = 3.0, 8
    try:
        steered = [chat_model.generate(_messages(1), t, 8, seed=5) for t in (0.0, 1.0)]
    finally:
        config.suppress_tokens, config.repetition_penalty, config.min_new_tokens = saved
    assert chat_model.model.generation_config.suppress_tokens == saved[0]  # the checkpoint's config is restored
    for a, b in zip(plain, steered):
        assert b.token_ids == a.token_ids and b.text == a.text
        assert b.logprobs == pytest.approx(a.logprobs, abs=1e-5)
