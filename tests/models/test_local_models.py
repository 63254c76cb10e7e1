"""A tiny Qwen3-VL built locally runs through the hf policy and, served over the chat-completions protocol,
through the OpenAI-compatible policy — both on real mocked-app episodes."""

from __future__ import annotations

import json
import socket

import httpx
import pytest

from tests.conftest import requires_chromium
from toolkit.evaluation import evaluate_async
from toolkit.harness import ModelUnavailable
from toolkit.serving import ChatServer
from toolkit.store import RunStore
from toolkit.tasks import load_suite

pytestmark = requires_chromium


def _task():
    return next(s for s in load_suite("mobile-core") if s.apps == ["contacts"]).id


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_hf_policy_records_tokens_and_logprobs(tiny_vlm, tmp_path):
    result = await evaluate_async(["mobile-core"], "hf", tasks=[_task()], model=str(tiny_vlm), out=tmp_path,
                                  max_tokens=16)  # an untrained model's text: 16 tokens show it as well as 512
    [row] = result.attempts.to_dict("records")
    assert row["outcome"] in ("failure", "false_complete") and row["steps"] >= 1
    steps = result.store.steps(row["attempt_id"])
    first = steps.iloc[0]
    assert first["token_ids"] and len(first["token_ids"]) == len(first["logprobs"])
    assert all(lp <= 0 for lp in first["logprobs"])
    assert first["usage"]["completion_tokens"] == len(first["token_ids"]) and first["usage"]["prompt_tokens"] > 0
    assert first["usage"]["finish_reason"] in ("stop", "length")
    # An untrained model's output is not an action: the error is recorded and fed back, never a crash.
    assert first["parse_error"] or first["actions"]
    if len(steps) > 1 and first["parse_error"]:
        assert first["parse_error"] in steps.iloc[1]["prompt"][-1]["content"][0]["text"]


async def test_sampling_options_shape_the_hf_rollout_and_survive_resume(tiny_vlm, tmp_path):
    tasks = [s.id for s in load_suite("mobile-core") if s.apps == ["contacts"]][:2]
    sampled = await evaluate_async(["mobile-core"], "hf", tasks=tasks, model=str(tiny_vlm), out=tmp_path,
                                   temperature=1.0, max_tokens=6)
    store = sampled.store
    assert store.manifest["sampling"] == {"temperature": 1.0, "max_tokens": 6}
    greedy = await evaluate_async(["mobile-core"], "hf", tasks=tasks[:1], model=str(tiny_vlm), out=tmp_path, max_tokens=6)
    assert greedy.store.manifest["sampling"] == {"temperature": None, "max_tokens": 6}
    same_task = sampled.attempts[sampled.attempts.task_id == greedy.attempts.task_id[0]].attempt_id.iloc[0]
    first = store.steps(same_task).to_dict("records")
    assert first and all(1 <= len(s["token_ids"]) <= 6 for s in first)
    # the same instance (same run seed, task and trial), sampled at temperature 1 vs greedy: different text
    assert [s["output"] for s in greedy.store.steps(greedy.attempts.attempt_id[0]).to_dict("records")] != \
        [s["output"] for s in first]
    # as if the run had been killed after its first attempt: resume runs the second with the stored sampling
    rows = (store.dir / "attempts.jsonl").read_text().splitlines(keepends=True)
    (store.dir / "attempts.jsonl").write_text(rows[0])
    kept = json.loads(rows[0])["attempt_id"]
    resumed = await evaluate_async(["mobile-core"], "hf", resume=store.run_id, out=tmp_path)
    again = resumed.attempts[resumed.attempts.attempt_id != kept]
    assert len(resumed.attempts) == 2 and len(again) == 1
    assert all(1 <= len(s["token_ids"]) <= 6 for s in store.steps(again.attempt_id.iloc[0]).to_dict("records"))


async def test_openai_policy_against_the_served_tiny_model(tiny_vlm, tmp_path):
    server = ChatServer(tiny_vlm, name="tiny")
    try:
        models = httpx.get(server.url + "/models").json()
        assert models["data"][0]["id"] == "tiny"
        result = await evaluate_async(["mobile-core"], "openai", tasks=[_task()], model=server.url, model_name="tiny",
                                      out=tmp_path, max_tokens=16)
        [row] = result.attempts.to_dict("records")
        steps = result.store.steps(row["attempt_id"])
        assert len(steps) >= 1 and all(s.get("policy_error") in (None, "") for s in steps.to_dict("records"))
        usage = steps.iloc[0]["usage"]  # the server's token counts and finish reason, stored with the step
        assert usage["prompt_tokens"] > 0 and usage["completion_tokens"] >= 1 and usage["finish_reason"] in ("stop", "length")
        bad = httpx.post(server.url + "/chat/completions", json={"messages": [{"role": "user", "content": [{"type": "video"}]}]})
        assert bad.status_code == 400 and "unsupported" in bad.json()["error"]["message"]
    finally:
        server.close()


async def test_a_down_endpoint_scores_nothing_stops_the_run_and_resume_finishes_it(tiny_vlm, tmp_path):
    """Nothing listens on the endpoint's port: no attempt is scored as the model's failure, the run stops after the
    outage limit with a resume hint; once the tiny model is served on that port, resume finishes every attempt once."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/v1"
    tasks = [s.id for s in load_suite("mobile-core") if s.apps == ["contacts"]][:2]
    with pytest.raises(ModelUnavailable, match="--resume") as info:
        await evaluate_async(["mobile-core"], "openai", tasks=tasks, model=url, model_name="tiny", out=tmp_path,
                             parallel=2, model_outage_s=2, max_tokens=8)  # (the resume keeps it) a step's garbage is short
    assert "gave no answer" in str(info.value) and url in str(info.value)
    [run_dir] = [d for d in tmp_path.iterdir() if d.is_dir()]
    store = RunStore.open(run_dir)
    reruns = store.env_error_rows()
    assert store.attempt_rows() == [] and reruns and {r["kind"] for r in reruns} == {"model"}
    server = ChatServer(tiny_vlm, name="tiny", port=port)
    try:
        result = await evaluate_async(["mobile-core"], "openai", resume=run_dir.name, out=tmp_path)
    finally:
        server.close()
    assert sorted(result.attempts["task_id"].str.split("/").str[1]) == sorted(tasks)
    [summary] = result.summary.to_dict("records")
    assert summary["attempts"] == 2 and summary["model_errors"] == len(reruns) and summary["env_errors"] == 0


async def test_a_wrong_model_name_stops_the_run_at_once_and_resume_may_fix_it(tiny_vlm, tmp_path):
    server = ChatServer(tiny_vlm, name="tiny")
    try:
        with pytest.raises(ModelUnavailable, match="refuses the request") as info:
            await evaluate_async(["mobile-core"], "openai", tasks=[_task()], model=server.url, model_name="tiny-typo",
                                 out=tmp_path, max_tokens=8)
        assert info.value.permanent and "HTTP 404" in str(info.value) and "tiny-typo" in str(info.value)
        [run_dir] = [d for d in tmp_path.iterdir() if d.is_dir()]
        assert RunStore.open(run_dir).attempt_rows() == []
        with pytest.raises(ValueError, match="temperature"):  # the agent itself stays what the run started with
            await evaluate_async(resume=run_dir.name, out=tmp_path, model_name="tiny", temperature=0.7)
        # the endpoint's name (or URL) may be fixed on resume; the manifest keeps what each part ran against
        result = await evaluate_async(resume=run_dir.name, out=tmp_path, model_name="tiny")
    finally:
        server.close()
    assert len(result.attempts) == 1 and result.summary["model_errors"].sum() >= 1
    manifest = result.store.manifest
    assert manifest["model_name"] == "tiny-typo" and [r["model_name"] for r in manifest["resumes"]] == ["tiny"]
