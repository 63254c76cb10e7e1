"""make_env and evaluate from synchronous code inside a running event loop (what Jupyter does), and with await."""

from __future__ import annotations

import asyncio

from tests.conftest import requires_chromium
from toolkit import evaluate, make_env
from toolkit.tasks import load_suite

pytestmark = requires_chromium


async def test_sync_calls_work_inside_a_running_loop_and_await_works_too():
    asyncio.get_running_loop()  # we are inside a loop, as in a notebook cell
    spec = next(s for s in load_suite("mobile-core") if s.apps == ["contacts"])
    env = make_env(spec.full_id, seed=2)
    try:
        obs = env.reset()
        assert obs.screen == "launcher" and env.instance.instruction
        r = env.step({"type": "open", "app": "contacts"})
        assert r.observation.screen == "app:contacts"
        verdict = env.evaluate()
        assert not verdict.success and verdict.ok
        obs2 = await env.areset(seed=2)
        assert obs2.state == obs.state
        r2 = await env.astep([{"type": "open", "app": "contacts"}])
        assert r2.observation.state_hash == r.observation.state_hash
    finally:
        await env.aclose()


async def test_evaluate_inside_a_running_loop(tmp_path):
    task = load_suite("mobile-core")[0].id
    result = evaluate(["mobile-core"], "reference", tasks=[task], out=tmp_path)
    assert list(result.summary["SR"]) == [1.0] and len(result.attempts) == 1
