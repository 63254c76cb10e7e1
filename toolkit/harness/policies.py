"""Policies: whatever turns a prompt into model text.

Every policy answers in the harness's action format, so its output goes through the same
parser as a model's: reference (replays a task's reference solution, resolving element
targets on the current screen), random, scripted (a fixed list of outputs), and an
OpenAI-compatible chat endpoint (a vLLM server or a hosted API).
"""

from __future__ import annotations

import asyncio
import base64
import os
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

import httpx

from toolkit.envs.base import Observation
from toolkit.harness.formats import ActionFormat
from toolkit.tasks import TaskInstance


@dataclass
class PolicyRequest:
    """Everything a policy may use for one step."""

    messages: list[dict[str, Any]]
    image: Callable[[str], bytes]
    observation: Observation
    instance: TaskInstance
    step: int
    seed: int
    format: ActionFormat

    def render(self, actions: list[dict[str, Any]], thought: str = "") -> str:
        """Return model-style text for canonical actions, in the harness's format and coordinates."""
        return self.format.render(actions, thought, size=(self.observation.width, self.observation.height))


@dataclass
class PolicyResponse:
    """Model text, with token ids and log-probs when the policy has them."""

    text: str
    token_ids: list[int] | None = None
    logprobs: list[float] | None = None
    error: str | None = None
    latency_ms: float = 0.0
    usage: dict[str, Any] = field(default_factory=dict)


class Policy(Protocol):
    """The policy interface: one coroutine call per step."""

    name: str

    async def __call__(self, request: PolicyRequest) -> PolicyResponse: ...

    def for_episode(self, instance: TaskInstance, seed: int) -> "Policy":
        """Return the policy to use for one episode (a fresh copy when the policy keeps episode state)."""
        ...


class ReferencePolicy:
    """Replay the instance's reference solution; element targets resolve on the current screen."""

    name = "reference"

    def __init__(self) -> None:
        self._cursor = 0

    def for_episode(self, instance: TaskInstance, seed: int) -> "ReferencePolicy":
        return ReferencePolicy()

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        steps = request.instance.reference
        if self._cursor >= len(steps):
            return PolicyResponse(text=request.render([{"type": "terminate", "status": "failed"}], "reference exhausted"),
                                  error="reference solution has no more steps")
        step = steps[self._cursor]
        self._cursor += 1
        elements = {e.id: e for e in request.observation.elements}
        actions: list[dict[str, Any]] = []
        for raw in step:
            action = dict(raw)
            target = action.pop("target", None)
            if "text" in action:
                action["text"] = str(action["text"])  # a templated number typed as text
            if target is not None:
                element = elements.get(target)
                if element is None:
                    visible = ", ".join(sorted(elements)[:40])
                    message = f"reference step {self._cursor}: no element {target!r} on screen (visible: {visible})"
                    return PolicyResponse(text=request.render([{"type": "terminate", "status": "failed"}], message),
                                          error=message)
                x, y = element.center
                if action["type"] == "type":
                    actions.append({"type": "click", "x": round(x), "y": round(y)})
                else:
                    action.update(x=round(x), y=round(y))
            actions.append(action)
        return PolicyResponse(text=request.render(actions, f"reference step {self._cursor}"))


class RandomPolicy:
    """Random taps, scrolls, typing and navigation; claims success now and then (for FC accounting)."""

    name = "random"
    _WORDS = ("hello", "test", "42", "ok", "maybe", "2026", "yes")

    def __init__(self, apps: list[str] | None = None, terminate_prob: float = 0.04):
        self.apps = apps or []
        self.terminate_prob = terminate_prob
        self._rng = random.Random(0)

    def for_episode(self, instance: TaskInstance, seed: int) -> "RandomPolicy":
        fresh = RandomPolicy(self.apps, self.terminate_prob)
        fresh._rng = random.Random(seed)
        return fresh

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        r = self._rng
        roll = r.random()
        if roll < self.terminate_prob:
            action = {"type": "terminate", "status": r.choice(["success", "failed"])}
        elif roll < 0.62:
            action = {"type": "click", "x": r.randint(0, 1000), "y": r.randint(35, 935)}
        elif roll < 0.72:
            action = {"type": "scroll", "direction": r.choice(["up", "down"]), "x": 500, "y": r.randint(200, 800)}
        elif roll < 0.82:
            action = {"type": "type", "text": r.choice(self._WORDS)}
        elif roll < 0.92:
            action = {"type": "system_button", "button": r.choice(["back", "back", "home"])}
        elif self.apps:
            action = {"type": "open", "app": r.choice(self.apps)}
        else:
            action = {"type": "wait", "seconds": 1}
        return PolicyResponse(text=request.render([action], "random"))


class ScriptedPolicy:
    """Answer with a fixed list of outputs in turn (then terminate as failed); for tests and planted cases."""

    name = "scripted"

    def __init__(self, outputs: list[str]):
        self.outputs = list(outputs)
        self._cursor = 0

    def for_episode(self, instance: TaskInstance, seed: int) -> "ScriptedPolicy":
        return ScriptedPolicy(self.outputs)

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        if self._cursor < len(self.outputs):
            text = self.outputs[self._cursor]
            self._cursor += 1
            return PolicyResponse(text=text)
        return PolicyResponse(text="Action: terminate(status='failed')")


@dataclass
class OpenAIConfig:
    """An OpenAI-compatible chat-completions endpoint."""

    base_url: str
    model: str
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float = 0.0
    max_tokens: int = 512
    timeout_s: float = 120.0
    retries: int = 4
    concurrency: int = 16
    logprobs: bool = False


class OpenAIPolicy:
    """Call ``POST {base_url}/chat/completions`` with screenshots as data URLs.

    Retries 429 and 5xx answers with exponential backoff; a request still failing after the
    retries gives an error response (recorded on the step), not an exception.
    """

    name = "openai"

    def __init__(self, config: OpenAIConfig, client: httpx.AsyncClient | None = None):
        self.config = config
        self._client = client
        self._sem = asyncio.Semaphore(config.concurrency)

    def for_episode(self, instance: TaskInstance, seed: int) -> "OpenAIPolicy":
        return self

    def _payload(self, request: PolicyRequest) -> dict[str, Any]:
        mime = "image/jpeg" if request.observation.image_format == "jpeg" else "image/png"
        messages = []
        for m in request.messages:
            if isinstance(m["content"], str):
                messages.append(m)
                continue
            parts = []
            for p in m["content"]:
                if p["type"] == "image":
                    data = base64.b64encode(request.image(p["ref"])).decode()
                    parts.append({"type": "image_url", "image_url": {"url": f"data:{mime};base64,{data}"}})
                else:
                    parts.append(p)
            messages.append({"role": m["role"], "content": parts})
        payload = {"model": self.config.model, "messages": messages, "temperature": self.config.temperature,
                   "max_tokens": self.config.max_tokens, "seed": request.seed}
        if self.config.logprobs:
            payload["logprobs"] = True
        return payload

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        url = self.config.base_url.rstrip("/") + "/chat/completions"
        headers = {}
        key = os.environ.get(self.config.api_key_env)
        if key:
            headers["Authorization"] = f"Bearer {key}"
        payload = self._payload(request)
        client = self._client or httpx.AsyncClient(timeout=self.config.timeout_s)
        start = time.perf_counter()
        error = "no attempt made"
        try:
            async with self._sem:
                for attempt in range(self.config.retries + 1):
                    try:
                        resp = await client.post(url, json=payload, headers=headers, timeout=self.config.timeout_s)
                    except httpx.HTTPError as exc:
                        error = f"{type(exc).__name__}: {exc}"
                    else:
                        if resp.status_code == 200:
                            return self._parse(resp.json(), start)
                        error = f"HTTP {resp.status_code}: {resp.text[:200]}"
                        if resp.status_code != 429 and resp.status_code < 500:
                            break
                    if attempt < self.config.retries:
                        await asyncio.sleep(min(8.0, 0.25 * 2 ** attempt))
        finally:
            if self._client is None:
                await client.aclose()
        return PolicyResponse(text="", error=f"model call failed: {error}", latency_ms=(time.perf_counter() - start) * 1000)

    def _parse(self, body: dict[str, Any], start: float) -> PolicyResponse:
        try:
            choice = body["choices"][0]
            text = choice["message"].get("content") or ""
        except (KeyError, IndexError, TypeError):
            return PolicyResponse(text="", error=f"malformed chat completion: {str(body)[:200]}")
        logprobs = None
        content = (choice.get("logprobs") or {}).get("content") if isinstance(choice.get("logprobs"), dict) else None
        if content:
            logprobs = [float(t.get("logprob", 0.0)) for t in content]
        return PolicyResponse(text=text, logprobs=logprobs, usage=body.get("usage") or {},
                              latency_ms=(time.perf_counter() - start) * 1000)


class ReplayPolicy:
    """Re-execute stored attempts: for each instance, answer the outputs of the attempt in ``run`` with the same
    task and instance seed, verbatim and in order (so the same actions are parsed again)."""

    name = "replay"

    def __init__(self, run: str, outputs: list[str] | None = None):
        self.run = run
        self.outputs = outputs or []
        self._cursor = 0
        self._index: dict[tuple[str, int], str] | None = None

    def _lookup(self, instance: TaskInstance) -> list[str]:
        from toolkit.store import RunStore

        store = RunStore.open(self.run)
        if self._index is None:
            self._index = {(r["task_id"], r["seed"]): r["attempt_id"] for r in store.attempt_rows()}
        attempt = self._index.get((instance.task_id, instance.seed))
        if attempt is None:
            raise KeyError(f"run {store.run_id} has no attempt of {instance.task_id} with seed {instance.seed}")
        return [r["output"] for r in store.trajectory(attempt) if r.get("kind") == "step"]

    def for_episode(self, instance: TaskInstance, seed: int) -> "ReplayPolicy":
        fresh = ReplayPolicy(self.run, self._lookup(instance))
        fresh._index = self._index
        return fresh

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        if self._cursor >= len(self.outputs):
            return PolicyResponse(text=request.render([{"type": "terminate", "status": "failed"}], "replay exhausted"),
                                  error="the stored attempt has no more steps")
        self._cursor += 1
        return PolicyResponse(text=self.outputs[self._cursor - 1])


class HFPolicy:
    """A local transformers VLM (``AutoModelForImageTextToText`` + processor); returns token ids and log-probs."""

    name = "hf"

    def __init__(self, path: str, temperature: float = 0.0, max_new_tokens: int = 128, device: str = "cpu"):
        from toolkit.models.hf import HFChatModel

        self.model = HFChatModel(path, device=device)
        self.temperature = temperature
        self.max_new_tokens = max_new_tokens

    def for_episode(self, instance: TaskInstance, seed: int) -> "HFPolicy":
        return self

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        from toolkit.models.hf import to_model_messages

        start = time.perf_counter()
        messages = to_model_messages(request.messages, request.image)
        gen = await asyncio.to_thread(self.model.generate, messages, self.temperature, self.max_new_tokens,
                                      request.seed * 1000 + request.step)
        return PolicyResponse(text=gen.text, token_ids=gen.token_ids, logprobs=gen.logprobs,
                              usage={"prompt_tokens": gen.prompt_tokens, "completion_tokens": len(gen.token_ids),
                                     "finish_reason": gen.finish_reason},
                              latency_ms=(time.perf_counter() - start) * 1000)


def make_policy(agent: str, *, model: str | None = None, model_name: str | None = None, apps: list[str] | None = None,
                **kwargs: Any) -> Policy:
    """Return a policy by agent name: reference, random, openai (``model`` URL + ``model_name``), hf (``model`` path),
    replay (``model`` = a run whose attempts are re-executed)."""
    if agent == "reference":
        return ReferencePolicy()
    if agent == "random":
        return RandomPolicy(apps=apps)
    if agent == "replay":
        if not model:
            raise ValueError("--agent replay needs --model RUN (a run id or folder whose attempts are replayed)")
        return ReplayPolicy(model)
    if agent == "hf":
        if not model:
            raise ValueError("--agent hf needs --model PATH (a local checkpoint folder)")
        return HFPolicy(model, **kwargs)
    if agent == "hf-tokens":
        if not model:
            raise ValueError("--agent hf-tokens needs --model PATH (a local checkpoint folder)")
        from toolkit.training.policy import HFTokenPolicy

        return HFTokenPolicy(model, **kwargs)
    if agent == "openai":
        if not model or not model_name:
            raise ValueError("--agent openai needs --model URL and --model-name NAME")
        return OpenAIPolicy(OpenAIConfig(base_url=model, model=model_name, **kwargs))
    raise ValueError(f"unknown agent {agent!r}; expected reference, random, openai, hf, hf-tokens or replay")
