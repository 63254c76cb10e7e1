"""The ``claude`` synthesis backend: the same four steps, each one prompt to Claude through claude-agent-sdk.

Every step is a separate ``query()`` session (so the golden solution and the verifier never see each
other), run in the repository with the skills folder ``skills/`` added and read-only tools allowed. The
answer is JSON for one of the synthesis models (``structured_output`` when the CLI gives it, else the
last JSON value in the text), validated by pydantic; a malformed answer raises with the field named.

Needs an API key (``ANTHROPIC_API_KEY``, or Claude Code's Bedrock/Vertex setup) at run time. Tests drive it
offline through the SDK's transport seam (``transport_factory``).
"""

from __future__ import annotations

import json
import os
import re
from typing import Any, Callable

from pydantic import BaseModel, TypeAdapter, ValidationError

from toolkit.paths import MOCKED_APPS, REPO_ROOT, TASK_BANK
from toolkit.synthesis.models import GoldenSolution, Persona, Scenario, TaskRequirements, VerifierCode, World
from toolkit.sync import run_sync

SYSTEM = ("You synthesize GUI-agent tasks for guigym, whose mocked phone apps are deterministic state machines. "
          "Skills and references are in the skills/ folder and mocked_apps/<app>/README.md (state formats, element ids). "
          "Answer with exactly one JSON value matching the schema you are given, and nothing after it.")


class ClaudeError(RuntimeError):
    """Claude could not be asked, or its answer did not parse into the expected model."""


def _json_tail(text: str) -> Any:
    """Return the last JSON value in ``text`` (a fenced ```json block wins)."""
    fenced = re.findall(r"```(?:json)?\s*(.*?)```", text, re.S)
    for chunk in reversed(fenced):
        try:
            return json.loads(chunk)
        except json.JSONDecodeError:
            continue
    decoder = json.JSONDecoder()
    found = None
    for i, ch in enumerate(text):
        if ch in "[{":
            try:
                value, end = decoder.raw_decode(text, i)
            except json.JSONDecodeError:
                continue
            if found is None or end >= found[1]:
                found = (value, end)
    if found is None:
        raise ClaudeError(f"the answer holds no JSON value: {text[:200]!r}")
    return found[0]


def _element_ids(apps: list[str]) -> str:
    parts = []
    for app in apps:
        readme = MOCKED_APPS / "apps" / app / "README.md"
        if readme.is_file():
            text = readme.read_text()
            m = re.search(r"## Element ids\n(.*?)(\n## |\Z)", text, re.S)
            if m:
                parts.append(f"### {app}\n{m.group(1).strip()}")
    return "\n\n".join(parts)


def _verifier_contract() -> str:
    text = (TASK_BANK / "README.md").read_text()
    start = text.find("## A verifier")
    return text[start:] if start >= 0 else text


class ClaudeBackend:
    """Synthesis through Claude (claude-agent-sdk); one independent session per step."""

    name = "claude"

    def __init__(self, model: str | None = None, max_turns: int = 8, skills_dir: str | os.PathLike = REPO_ROOT / "skills",
                 transport_factory: Callable[[], Any] | None = None, cli_path: str | None = None):
        self.model = model
        self.max_turns = max_turns
        self.skills_dir = str(skills_dir)
        self.transport_factory = transport_factory
        self.cli_path = cli_path
        self.prompts: list[str] = []  # every prompt sent, in order (for inspection and tests)

    # ----------------------------------------------------------------------------------------- plumbing

    def _options(self, schema: dict[str, Any]):
        from claude_agent_sdk import ClaudeAgentOptions

        return ClaudeAgentOptions(
            system_prompt=SYSTEM, cwd=str(REPO_ROOT), add_dirs=[self.skills_dir], setting_sources=[],
            allowed_tools=["Read", "Glob", "Grep"], max_turns=self.max_turns, model=self.model, cli_path=self.cli_path,
            output_format={"type": "json_schema", "schema": schema})

    async def _ask_async(self, prompt: str, schema: dict[str, Any]) -> Any:
        try:
            from claude_agent_sdk import AssistantMessage, ClaudeSDKError, ResultMessage, TextBlock, query
        except ImportError as exc:  # pragma: no cover - the synth extra installs it
            raise ClaudeError("the claude backend needs claude-agent-sdk: pip install 'guigym[synth]'") from exc
        if self.transport_factory is None and not any(os.environ.get(k) for k in (
                "ANTHROPIC_API_KEY", "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_OAUTH_TOKEN")):
            raise ClaudeError("the claude backend needs ANTHROPIC_API_KEY (or Claude Code's Bedrock/Vertex setup)")
        self.prompts.append(prompt)
        texts: list[str] = []
        structured = None
        kwargs = {"transport": self.transport_factory()} if self.transport_factory else {}
        try:
            async for message in query(prompt=prompt, options=self._options(schema), **kwargs):
                if isinstance(message, AssistantMessage):
                    texts += [b.text for b in message.content if isinstance(b, TextBlock)]
                elif isinstance(message, ResultMessage):
                    if message.is_error:
                        raise ClaudeError(f"Claude ended with an error: {message.result or message.subtype}")
                    structured = message.structured_output
                    if message.result:
                        texts.append(message.result)
        except ClaudeSDKError as exc:  # the CLI missing or dying, a connection lost, a line that is not JSON
            raise ClaudeError(f"Claude could not be asked: {type(exc).__name__}: {exc}") from None
        return structured if structured is not None else _json_tail("\n".join(texts))

    def _ask(self, prompt: str, model: Any, what: str) -> Any:
        adapter = TypeAdapter(model)
        raw = run_sync(self._ask_async(prompt, adapter.json_schema()))
        try:
            return adapter.validate_python(raw)
        except ValidationError as exc:
            fields = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(root)'}: {e['msg']}" for e in exc.errors()[:5])
            raise ClaudeError(f"Claude's {what} does not fit the schema: {fields}") from None

    # ----------------------------------------------------------------------------------------- the four steps

    def world(self, persona: Persona, scenario: Scenario, apps: list[str], seed: int, world_id: str | None = None) -> World:
        """Ask for a world of ``persona`` in ``scenario`` over ``apps`` (records in the apps' state formats)."""
        wid = world_id or f"{scenario.id}-{seed}"
        prompt = (f"Build world {wid!r} (seed {seed}) for this persona and scenario.\n"
                  f"Persona: {persona.model_dump_json()}\nScenario: {scenario.model_dump_json()}\nApps: {apps}\n"
                  "records[app][collection] must be lists in the app's state format (read mocked_apps/apps/<app>/README.md, "
                  "'## State'); times in ms of the virtual clock 2026-03-14T09:30 UTC, everything received before it. "
                  "People are shared across apps (contacts, senders, attendees); place facts (plans, changed times, phone "
                  "numbers in signatures, codes, orders, file requests) in at least two apps and list them in facts with "
                  "their source records. Use backend 'claude'.")
        world = self._ask(prompt, World, "world")
        # the id and seed asked for, whatever the answer says: two worlds answered with one id would share a folder
        return world.model_copy(update={"backend": "claude", "id": wid, "seed": seed})

    def tasks(self, world: World, seed: int = 0) -> list[TaskRequirements]:
        """Ask for grounded task requirements (instruction, criteria, checks, expected values, evidence)."""
        prompt = (f"Write task requirements grounded in this world (seed {seed}). No solution and no verifier yet.\n"
                  "Each task: an instruction that needs evidence from the world (most from two or more apps), criteria, "
                  "checks (typed, each deciding one criterion) with expected values taken from the world, the evidence "
                  "records (hidden answer context), key_facts, and capability tags.\n"
                  f"World: {world.model_dump_json()}")
        raw = run_sync(self._ask_async(prompt, answer_schema(list[TaskRequirements])))
        if not isinstance(raw, list):
            raise ClaudeError(f"Claude's task requirements are not a list: {json.dumps(raw)[:200]}")
        # each draft alone: one malformed draft (an unknown check kind) ended the whole batch, and with it every world;
        # a draft that does not fit is passed on as it is, and synthesize_tasks rejects it naming its fields
        out: list[TaskRequirements | Any] = []
        for draft in raw:
            try:
                req = TaskRequirements.model_validate(draft)
            except ValidationError:
                out.append(draft)
                continue
            # the suite is written as synth/<world.id> whatever the answer says; a stray id would misname every report line
            out.append(req.model_copy(update={"world": world.id}))
        return out

    def golden(self, requirements: TaskRequirements, world: World) -> GoldenSolution:
        """Ask for a golden solution: end-state patch over s0 and a GUI action sequence over data-gym targets."""
        prompt = ("Write the golden solution of this task: `patch` (the end state over s0; lists are replaced whole) "
                  "and `actions` (one step each: {type: open, app} | {type: click, target} | {type: type, target, text, "
                  "clear?} | finally {type: terminate, status: success}); targets are data-gym element ids.\n"
                  f"Requirements: {requirements.model_dump_json()}\nWorld: {world.model_dump_json()}\n"
                  f"Element ids:\n{_element_ids(requirements.apps)}")
        return self._ask(prompt, GoldenSolution, "golden solution")

    def verifier(self, requirements: TaskRequirements) -> VerifierCode:
        """Ask for a verifier written from the requirements alone (function(ctx) -> {criterion id: bool})."""
        prompt = ("Write the verifier of this task in Python (the standard library's pure modules and `verifier_checks` "
                  "only, no I/O, no clock, no randomness): a function returning one boolean per criterion id, deciding each from ctx.initial, "
                  "ctx.final and ctx.answer. Check values, not mere existence, and that nothing else changed.\n"
                  f"Contract:\n{_verifier_contract()}\nRequirements: {requirements.model_dump_json()}")
        return self._ask(prompt, VerifierCode, "verifier")


def answer_schema(model: type[BaseModel] | Any) -> dict[str, Any]:
    """Return the JSON schema the backend asks for when it expects ``model``."""
    return TypeAdapter(model).json_schema()
