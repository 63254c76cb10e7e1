"""The claude backend, driven offline through claude-agent-sdk's transport seam.

``ReplayTransport`` is a test double of the Claude Code CLI: no API key exists here, so instead of starting the
CLI and calling the model, it answers the SDK's ``initialize`` control request and replays a canned assistant
message and result for the prompt. Everything between (the SDK's query, message parsing, the backend's prompt
building, JSON extraction and pydantic validation) is the real code.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest

pytest.importorskip("claude_agent_sdk")
from claude_agent_sdk._internal.transport import Transport  # noqa: E402

from toolkit.synthesis import synthesize_tasks  # noqa: E402
from toolkit.synthesis.claude import ClaudeBackend, ClaudeError  # noqa: E402
from toolkit.synthesis.offline.golden import offline_golden  # noqa: E402
from toolkit.synthesis.offline.templates import candidates  # noqa: E402
from toolkit.synthesis.offline.verifier import offline_verifier  # noqa: E402


class ReplayTransport(Transport):
    """A double of the CLI: answers ``initialize``, then replays ``text`` as the assistant's answer and a result."""

    def __init__(self, text: str):
        self.text = text
        self.sent: list[dict[str, Any]] = []
        self._send, self._receive = anyio.create_memory_object_stream(100)

    async def connect(self) -> None:
        pass

    async def write(self, data: str) -> None:
        msg = json.loads(data)
        self.sent.append(msg)
        if msg.get("type") == "control_request":
            await self._send.send({"type": "control_response", "response": {
                "subtype": "success", "request_id": msg["request_id"], "response": {}}})
        elif msg.get("type") == "user":
            await self._send.send({"type": "assistant", "message": {
                "model": "claude-test", "content": [{"type": "text", "text": self.text}]}})
            await self._send.send({"type": "result", "subtype": "success", "duration_ms": 1, "duration_api_ms": 1,
                                   "is_error": False, "num_turns": 1, "session_id": "s", "result": ""})
            await self._send.aclose()

    async def read_messages(self):
        async with self._receive:
            async for msg in self._receive:
                yield msg

    async def close(self) -> None:
        pass

    def is_ready(self) -> bool:
        return True

    async def end_input(self) -> None:
        pass


def backend_answering(*answers: str) -> tuple[ClaudeBackend, list[ReplayTransport]]:
    """A ClaudeBackend whose successive query() sessions get ``answers`` in turn."""
    made: list[ReplayTransport] = []
    queue = list(answers)

    def factory() -> ReplayTransport:
        made.append(ReplayTransport(queue.pop(0)))
        return made[-1]

    return ClaudeBackend(transport_factory=factory), made


def test_world_answer_is_parsed_into_a_world(world):
    backend, made = backend_answering(f"Here is the world:\n```json\n{world.model_dump_json()}\n```")
    got = backend.world(world.persona, world.scenario, world.apps, world.seed, world.id)
    assert got.backend == "claude" and got.records == world.records
    assert any(m.get("request", {}).get("subtype") == "initialize" for m in made[0].sent)
    prompt = next(m for m in made[0].sent if m.get("type") == "user")["message"]["content"]
    assert "Persona" in prompt and world.scenario.title in prompt


def test_each_step_is_its_own_session_and_the_verifier_never_sees_the_golden_solution(world):
    req = next(r for r in candidates(world) if r.template == "signature_known")
    golden, verifier = offline_golden(req, world), offline_verifier(req)
    backend, made = backend_answering(json.dumps([req.model_dump()]), golden.model_dump_json(),
                                      "Verifier below.\n" + verifier.model_dump_json())
    batch = synthesize_tasks(world, n=1, backend=backend)
    assert [t.requirements.id for t in batch.tasks] == [req.id]
    assert batch.tasks[0].golden == golden and batch.tasks[0].verifier == verifier
    assert len(made) == 3  # requirements, golden solution, verifier: three independent sessions
    verifier_prompt = backend.prompts[2]
    assert req.model_dump_json() in verifier_prompt and "Element ids" not in verifier_prompt
    assert json.dumps(golden.actions[0]) not in verifier_prompt and '"patch"' not in verifier_prompt
    options = backend._options({})
    assert options.add_dirs and str(options.add_dirs[0]).endswith("skills")


def test_malformed_answers_name_the_field(world):
    req = candidates(world)[0]
    backend, _ = backend_answering('{"task_id": "x", "function": "not a name!", "source": "pass"}')
    with pytest.raises(ClaudeError, match="function"):
        backend.verifier(req)
    backend, _ = backend_answering("I could not do it.")
    with pytest.raises(ClaudeError, match="no JSON"):
        backend.verifier(req)


def test_without_credentials_the_backend_says_what_it_needs(world, monkeypatch):
    for key in ("ANTHROPIC_API_KEY", "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_OAUTH_TOKEN"):
        monkeypatch.delenv(key, raising=False)
    with pytest.raises(ClaudeError, match="ANTHROPIC_API_KEY"):
        ClaudeBackend().verifier(candidates(world)[0])


class BrokenTransport(ReplayTransport):
    """A double of a CLI that cannot be started (the SDK's own error, as a missing or dying CLI gives)."""

    async def connect(self) -> None:
        from claude_agent_sdk import CLIConnectionError

        raise CLIConnectionError("the Claude Code CLI exited")


def test_a_malformed_golden_or_verifier_answer_rejects_that_task_not_the_batch(world):
    """One bad answer is logged as a write rejection naming the task; the world's other tasks are still made."""
    from toolkit.synthesis.synthesize import select

    reqs = [r for r in candidates(world) if r.template == "signature_known"][:2]
    bad, good = select(reqs, 2, [], 0)  # the order the batch builds them in
    backend, _ = backend_answering(json.dumps([r.model_dump() for r in reqs]),
                                   "Sorry, I cannot write this solution.",  # golden of the first: no JSON
                                   offline_golden(good, world).model_dump_json(), offline_verifier(good).model_dump_json())
    batch = synthesize_tasks(world, n=2, backend=backend)
    assert [t.requirements.id for t in batch.tasks] == [good.id]
    [rejection] = [r for r in batch.rejections if r.stage == "write"]
    assert rejection.task_id == bad.full_id and "ClaudeError" in rejection.reasons[0]
    assert "no JSON" in rejection.reasons[0]


def test_a_malformed_requirements_draft_rejects_that_draft_not_the_batch(world):
    """One draft with an unknown check kind (or no object at all) made the whole answer a ClaudeError: the world's
    batch, and with it the whole synthesize_bank run, ended; now that draft is a review rejection naming its fields."""
    bad, good = [r for r in candidates(world) if r.template == "signature_known"][:2]
    broken = bad.model_dump()
    broken["checks"][0]["kind"] = "send_fax"
    backend, _ = backend_answering(json.dumps([broken, good.model_dump(), "oops"]),
                                   offline_golden(good, world).model_dump_json(), offline_verifier(good).model_dump_json())
    batch = synthesize_tasks(world, n=2, backend=backend)
    assert [t.requirements.id for t in batch.tasks] == [good.id]
    assert [(r.task_id, r.stage) for r in batch.rejections] == [(bad.full_id, "review"), (f"synth/{world.id}/draft-2", "review")]
    assert batch.rejections[0].reasons[0].startswith("draft 0 is no TaskRequirements: checks.0: Input tag 'send_fax'")
    assert "draft 2 is no TaskRequirements: (root)" in batch.rejections[1].reasons[0]
    backend, _ = backend_answering('{"tasks": []}')
    with pytest.raises(ClaudeError, match="task requirements are not a list"):
        backend.tasks(world)


def test_the_sdks_own_errors_become_claude_errors(world):
    backend = ClaudeBackend(transport_factory=lambda: BrokenTransport(""))
    with pytest.raises(ClaudeError, match="Claude could not be asked: CLIConnectionError: the Claude Code CLI exited"):
        backend.verifier(candidates(world)[0])


def test_requirements_naming_another_world_are_written_under_this_one(world):
    req = candidates(world)[0]
    backend, _ = backend_answering(json.dumps([req.model_copy(update={"world": "elsewhere"}).model_dump()]))
    [got] = backend.tasks(world)
    assert got.world == world.id and got.full_id == req.full_id


def test_the_world_keeps_the_id_and_seed_asked_for(world):
    backend, _ = backend_answering(world.model_copy(update={"id": "same-for-all", "seed": 1}).model_dump_json())
    got = backend.world(world.persona, world.scenario, world.apps, 7, "moving-7")
    assert (got.id, got.seed, got.backend) == ("moving-7", 7, "claude")


def test_a_claude_world_with_malformed_records_is_refused_with_the_fields_named(world, monkeypatch):
    """build_world checks what the backend answered; a record without its date is an issue, not a KeyError."""
    from toolkit.synthesis import build_world

    broken = world.model_copy(deep=True)
    del broken.records["calendar"]["events"][0]["date"]
    backend, _ = backend_answering(broken.model_dump_json())
    with pytest.raises(ValueError, match=r"is inconsistent: calendar.events\[0\]: field 'date' is missing"):
        build_world(world.persona, world.scenario, seed=world.seed, backend=backend, world_id=world.id)
