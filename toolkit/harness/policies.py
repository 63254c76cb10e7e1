"""Policies: whatever turns a prompt into model text.

Every policy answers in the harness's action format, so its output goes through the same
parser as a model's: reference (replays a task's reference solution, resolving element
targets on the current screen), random, scripted (a fixed list of outputs), replay, a local
transformers model, and an OpenAI-compatible chat endpoint (``openai_policy``: a vLLM server or a
hosted API).
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Literal, Protocol

from toolkit.actions import resolve_targets
from toolkit.agents import AGENTS, LOCAL_MODEL_AGENTS, MODEL_AGENTS  # noqa: F401 - LOCAL_MODEL_AGENTS: re-exported
from toolkit.envs.base import EnvError, Observation
from toolkit.harness.formats import ActionFormat
from toolkit.tasks import TaskInstance

if TYPE_CHECKING:
    from toolkit.harness.harness import HarnessConfig


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
    #: set when the model service gave no answer (not the model's behaviour): ``transient`` (connection refused,
    #: timeout, 429 or 5xx after the retries) or ``permanent`` (the endpoint, key, model name or request is wrong for
    #: the server: see ``openai_policy._refused``)
    unavailable: Literal["transient", "permanent"] | None = None


class ModelUnavailable(EnvError):
    """The model service could not answer a step: an infrastructure failure like an env crash, never a score.

    The scheduler reruns the attempt while the outage is shorter than its limit, and stops the run (every finished
    attempt stays stored; ``--resume`` finishes the rest) when it is longer or ``permanent``.
    """

    def __init__(self, message: str, permanent: bool = False):
        super().__init__("model", "policy", message)
        self.args = (f"model unavailable: {message}",)
        self.permanent = permanent


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
        # a templated number typed as text: str before the targets resolve
        step = [{**a, "text": str(a["text"])} if "text" in a else dict(a) for a in step]
        try:
            actions = resolve_targets(step, {e.id: e.center for e in request.observation.elements})
        except ValueError as exc:
            message = f"reference step {self._cursor}: {exc}"
            return PolicyResponse(text=request.render([{"type": "terminate", "status": "failed"}], message),
                                  error=message)
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
        # in the harness's format: the text format's words were a parse error in any other, so a script shorter
        # than the episode ran on to the step limit instead of ending
        return PolicyResponse(text=request.render([{"type": "terminate", "status": "failed"}], "script exhausted"))


class ReplayPolicy:
    """Re-execute stored attempts: for each instance, answer the outputs of the attempt in ``run`` with the same
    task and instance seed, verbatim and in order (so the same actions are parsed again).

    ``run`` is a run folder or a run id under ``root`` (default ``./runs``); it is opened at once, so a wrong one
    fails before anything runs.
    """

    name = "replay"

    def __init__(self, run: str, outputs: list[str] | None = None, root: str | Path | None = None):
        from toolkit.store import RunStore

        self.store = RunStore.open(run, root=root)
        self.outputs = outputs or []
        self._cursor = 0
        self._index: dict[tuple[str, int], str] | None = None
        self._checked: dict[str, list[str]] = {}  # attempt id -> its outputs, read and checked once
        #: attempt id -> what the policy reported with each output (finish_reason, error): the harness notes them
        self._said: dict[str, list[tuple[dict[str, Any], str | None]]] = {}
        self.said: list[tuple[dict[str, Any], str | None]] = []

    @property
    def index(self) -> dict[tuple[str, int], str]:
        """Return the stored run's attempt id per (task id, instance seed)."""
        if self._index is None:
            self._index = {(r["task_id"], r["seed"]): r["attempt_id"] for r in self.store.attempt_rows()}
        return self._index

    def harness_config(self, config: HarnessConfig | None = None) -> HarnessConfig:
        """Return the stored run's agent configuration: its outputs parse only in its format and coordinates, and
        answered the prompts of its history and system prompt. ``config`` (given to the replay) must equal it.

        Raises:
            ValueError: ``config`` differs from the stored one, naming the fields (it used to be swapped for the
                stored format without a word, the rest of it kept).
        """
        from toolkit.harness.harness import HarnessConfig as Config

        manifest = self.store.dir / "manifest.json"
        stored = Config.from_dict(self.store.manifest.get("harness") or {}, f"{manifest} harness")
        if config is None or config == stored:
            return stored
        flat = lambda c: {**{k: v for k, v in c.as_dict().items() if k != "history"},  # noqa: E731
                          **{f"history.{k}": v for k, v in c.as_dict()["history"].items()}}
        given, own = flat(config), flat(stored)
        short = lambda value: repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."  # noqa: E731
        differ = [f"{name}={short(given[name])} (the run's: {short(own[name])})" for name in own if given[name] != own[name]]
        raise ValueError(f"replay of run {self.store.run_id}: the agent configuration given differs from the one "
                         f"its outputs were written under, in {'; '.join(differ)}; leave harness_config out to "
                         f"replay with the run's own (see {manifest})")

    def require(self, keys: list[tuple[str, int]]) -> None:
        """Raise ValueError naming the (task id, instance seed) pairs the stored run has no attempt of, or the first
        attempt whose steps cannot all be read."""
        missing = [k for k in keys if k not in self.index]
        if missing:
            shown = ", ".join(f"{t} (seed {s})" for t, s in missing[:5])
            shown += f" and {len(missing) - 5} more" if len(missing) > 5 else ""
            raise ValueError(f"run {self.store.run_id} has no attempt of {shown}; replay the tasks, trials and --seed "
                             f"of that run (its manifest: {self.store.dir / 'manifest.json'})")
        for key in keys:
            self._outputs(self.index[key])

    def _outputs(self, attempt: str) -> list[str]:
        """Return the outputs of a stored attempt's steps in order; raise ValueError when a step cannot be read.

        The store skips a damaged line (with a warning): replayed without it, every later output ran one step early.
        """
        if attempt in self._checked:
            return self._checked[attempt]
        steps = [r for r in self.store.trajectory(attempt) if r.get("kind") == "step"]
        indices = [r.get("index") for r in steps]
        if indices != list(range(len(steps))) or not all(isinstance(r.get("output"), str) for r in steps):
            lost = sorted(set(range(max((i for i in indices if isinstance(i, int)), default=-1) + 1)) - set(indices))
            raise ValueError(f"run {self.store.run_id}: attempt {attempt!r} cannot be replayed: its trajectory "
                             f"{self.store.dir / 'trajectories' / (attempt + '.jsonl')} lacks step(s) "
                             f"{lost or 'in order'} or an output (a damaged line); its outputs would run out of step")
        self._checked[attempt] = [r["output"] for r in steps]
        # only how the output ended: the token counts were the original call's, not the replay's (which calls nothing)
        self._said[attempt] = [({"finish_reason": r["usage"]["finish_reason"]} if isinstance(r.get("usage"), dict)
                                and r["usage"].get("finish_reason") is not None else {}, r.get("policy_error"))
                               for r in steps]
        return self._checked[attempt]

    def for_episode(self, instance: TaskInstance, seed: int) -> "ReplayPolicy":
        self.require([(instance.task_id, instance.seed)])
        fresh = ReplayPolicy.__new__(ReplayPolicy)
        fresh.store, fresh._index, fresh._checked, fresh._said, fresh._cursor = (self.store, self._index, self._checked,
                                                                                 self._said, 0)
        attempt = self.index[(instance.task_id, instance.seed)]
        fresh.outputs, fresh.said = self._outputs(attempt), self._said[attempt]
        return fresh

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        if self._cursor >= len(self.outputs):
            return PolicyResponse(text=request.render([{"type": "terminate", "status": "failed"}], "replay exhausted"),
                                  error="the stored attempt has no more steps")
        self._cursor += 1
        # with what the policy reported: a cut-off output ("finish_reason": "length") or a policy error was noted to
        # the model under the next screen, and without them the replay's later prompts differed from the run's
        usage, error = self.said[self._cursor - 1] if self._cursor <= len(self.said) else ({}, None)
        return PolicyResponse(text=self.outputs[self._cursor - 1], usage=dict(usage), error=error)


class HFPolicy:
    """A local transformers VLM (``AutoModelForImageTextToText`` + processor); returns token ids and log-probs."""

    name = "hf"

    def __init__(self, path: str, temperature: float = 0.0, max_new_tokens: int = 128, device: str = "cpu"):
        from toolkit.models.hf import HFChatModel

        # checked before the model loads, as make_policy checks the CLI's: a negative temperature decoded greedily
        check_sampling("hf", temperature, max_new_tokens)
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



def check_sampling(agent: str, temperature: float | None, max_tokens: int | None) -> dict[str, Any]:
    """Return the sampling options given (None ones left out); raise ValueError naming a bad one."""
    sampling = {k: v for k, v in (("temperature", temperature), ("max_tokens", max_tokens)) if v is not None}
    if sampling and agent not in MODEL_AGENTS:
        raise ValueError(f"--{next(iter(sampling)).replace('_', '-')} applies to the model agents "
                         f"({', '.join(MODEL_AGENTS)}), not to --agent {agent}")
    if temperature is not None and not 0.0 <= temperature <= 10.0:
        raise ValueError(f"--temperature must be in [0, 10], got {temperature}")
    if max_tokens is not None and max_tokens < 1:
        raise ValueError(f"--max-tokens must be at least 1, got {max_tokens}")
    return sampling



def make_policy(agent: str, *, model: str | None = None, model_name: str | None = None, apps: list[str] | None = None,
                temperature: float | None = None, max_tokens: int | None = None, **kwargs: Any) -> Policy:
    """Return a policy by agent name: reference, random, openai (``model`` URL + ``model_name``), hf (``model`` path),
    hf-tokens, replay (``model`` = a run whose attempts are re-executed).

    ``temperature`` (0 = greedy) and ``max_tokens`` (per step) apply to the model agents; None keeps each one's default.
    """
    sampling = check_sampling(agent, temperature, max_tokens)
    if agent in ("reference", "random") and (model or model_name):  # a model given to an agent that has none
        raise ValueError(f"--model and --model-name are for the model agents ({', '.join(MODEL_AGENTS)}) and replay, "
                         f"not --agent {agent}")
    local = {"max_new_tokens" if k == "max_tokens" else k: v for k, v in sampling.items()}  # transformers' name
    if agent == "reference":
        return ReferencePolicy()
    if agent == "random":
        return RandomPolicy(apps=apps)
    if agent == "replay":
        if not model:
            raise ValueError("--agent replay needs --model RUN (a run id or folder whose attempts are replayed)")
        return ReplayPolicy(model, **kwargs)
    if agent == "hf":
        if not model:
            raise ValueError("--agent hf needs --model PATH (a local checkpoint folder)")
        return HFPolicy(model, **local, **kwargs)
    if agent == "hf-tokens":
        if not model:
            raise ValueError("--agent hf-tokens needs --model PATH (a local checkpoint folder)")
        from toolkit.training.policy import HFTokenPolicy

        return HFTokenPolicy(model, **local, **kwargs)
    if agent == "openai":
        if not model or not model_name:
            raise ValueError("--agent openai needs --model URL and --model-name NAME")
        if not model.startswith(("http://", "https://")):
            raise ValueError(f"--agent openai needs --model to be the endpoint's http(s) base URL "
                             f"(e.g. http://127.0.0.1:8000/v1), got {model!r}")
        from toolkit.harness.openai_policy import OpenAIConfig, OpenAIPolicy

        return OpenAIPolicy(OpenAIConfig(base_url=model, model=model_name, **sampling, **kwargs))
    raise ValueError(f"unknown agent {agent!r}; expected one of {', '.join(AGENTS)}")
