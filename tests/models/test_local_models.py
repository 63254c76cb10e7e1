"""A tiny Qwen3-VL built locally runs through the hf policy and, served over the chat-completions protocol,
through the OpenAI-compatible policy — both on real mocked-app episodes."""

from __future__ import annotations

import httpx

from tests.conftest import requires_chromium
from toolkit.evaluation import evaluate_async
from toolkit.tasks import load_suite

pytestmark = requires_chromium


def _task():
    return next(s for s in load_suite("mobile-core") if s.apps == ["contacts"]).id


async def test_hf_policy_records_tokens_and_logprobs(tiny_vlm, tmp_path):
    result = await evaluate_async(["mobile-core"], "hf", tasks=[_task()], model=str(tiny_vlm), out=tmp_path)
    [row] = result.attempts.to_dict("records")
    assert row["outcome"] in ("failure", "false_complete") and row["steps"] >= 1
    steps = result.store.steps(row["attempt_id"])
    first = steps.iloc[0]
    assert first["token_ids"] and len(first["token_ids"]) == len(first["logprobs"])
    assert all(lp <= 0 for lp in first["logprobs"])
    # An untrained model's output is not an action: the error is recorded and fed back, never a crash.
    assert first["parse_error"] or first["actions"]
    if len(steps) > 1 and first["parse_error"]:
        assert first["parse_error"] in steps.iloc[1]["prompt"][-1]["content"][0]["text"]


async def test_openai_policy_against_the_served_tiny_model(tiny_vlm, tmp_path):
    from toolkit.serving import ChatServer

    server = ChatServer(tiny_vlm, name="tiny")
    try:
        models = httpx.get(server.url + "/models").json()
        assert models["data"][0]["id"] == "tiny"
        result = await evaluate_async(["mobile-core"], "openai", tasks=[_task()], model=server.url, model_name="tiny",
                                      out=tmp_path)
        [row] = result.attempts.to_dict("records")
        steps = result.store.steps(row["attempt_id"])
        assert len(steps) >= 1 and all(s.get("policy_error") in (None, "") for s in steps.to_dict("records"))
        bad = httpx.post(server.url + "/chat/completions", json={"messages": [{"role": "user", "content": [{"type": "video"}]}]})
        assert bad.status_code == 400 and "unsupported" in bad.json()["error"]["message"]
    finally:
        server.close()
