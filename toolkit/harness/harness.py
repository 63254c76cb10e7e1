"""The harness: the one place that turns an observation into a prompt and model text into actions.

Evaluation, data collection and training all call :meth:`HarnessEpisode.decide`; nothing else
builds prompts or parses model output.
"""

from __future__ import annotations

import dataclasses
import json
import numbers
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from toolkit.actions import Action, check_coord_space
from toolkit.envs.base import Observation
from toolkit.harness.formats import FORMATS, ParseResult, format_name, get_format
from toolkit.harness.history import EpisodeContext, HistoryConfig, Turn, build_messages
from toolkit.harness.policies import ModelUnavailable, Policy, PolicyRequest, PolicyResponse
from toolkit.tasks import TaskInstance

# The system prompt names what the agent operates and how it answers questions: ``{device}`` and ``{answers}`` are
# filled per episode from the task's device (MiniWoB++ pages have no Answers app and ask no questions).
SYSTEM_TEMPLATE = (
    "You operate {device} to complete the user's task. Each turn you see the current screen. "
    "Decide the next action(s). When the task is done, call terminate(status='success'); if it cannot be done, "
    "terminate(status='failed').{answers}\n\n"
)
DEVICE_WORDS = {"phone": "a phone", "desktop": "a desktop computer", "miniwob": "a web page in a browser"}
ANSWERS = " For questions, open the Answers app, fill in its fields and submit, or use answer(fields={...})."
NO_ANSWERS_APP = ("miniwob",)


def system_prompt(device: str = "phone", template: str = SYSTEM_TEMPLATE) -> str:
    """Return ``template`` with ``{device}`` naming ``device`` (a device without words of its own: "a <device>") and
    ``{answers}`` saying how to answer questions on it."""
    answers = "" if device in NO_ANSWERS_APP else ANSWERS
    return template.replace("{device}", DEVICE_WORDS.get(device, f"a {device}")).replace("{answers}", answers)


SYSTEM_PROMPT = system_prompt("phone")  # the phone's prompt, the common case

#: written beside a trained checkpoint's weights: the agent configuration it was trained with
SAVED_HARNESS = "guigym_harness.json"


@dataclass(frozen=True)
class HarnessConfig:
    """One agent configuration: action format, history policy, loop limit."""

    format: str = "text-v1"
    coords: str | None = None
    history: HistoryConfig = field(default_factory=HistoryConfig)
    system_prompt: str = SYSTEM_TEMPLATE  # ``{device}`` is filled per episode (:func:`system_prompt`)
    loop_limit: int = 3

    def __post_init__(self) -> None:
        # the versioned name, whatever alias was given: manifests and resume compare the format by name
        object.__setattr__(self, "format", format_name(self.format))
        if self.format not in FORMATS:
            raise ValueError(f"format: unknown action format {self.format!r}; known: {', '.join(sorted(FORMATS))}")
        if self.coords is not None:
            check_coord_space(self.coords)
        if isinstance(self.loop_limit, bool) or not isinstance(self.loop_limit, numbers.Integral) or self.loop_limit < 0:
            raise ValueError(f"loop_limit must be a whole number >= 0 (0 = no loop check), got {self.loop_limit!r}")
        object.__setattr__(self, "loop_limit", int(self.loop_limit))  # a numpy integer: an int in the manifest

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str | None = None) -> "HarnessConfig":
        """Return the config stored by :meth:`as_dict` (a run manifest's ``harness``); a field left out keeps its default.

        Raises:
            ValueError: ``data`` (or its ``history``) is not an object or holds a field the config does not have,
                naming it and ``source`` (where ``data`` was read): a misspelt field (``loop_limt``) was dropped and
                the run used the default, silently.
        """
        try:
            top = _known_fields(cls, data, "")
            history = _known_fields(HistoryConfig, top.get("history", {}), "history")
        except ValueError as exc:
            raise ValueError(f"{source}: {exc}" if source else str(exc)) from None
        return cls(**{**top, "history": HistoryConfig(**history)})

    def as_dict(self) -> dict[str, Any]:
        """Return the config as plain data (for run manifests)."""
        return {"format": self.format, "coords": self.coords, "history": self.history.__dict__, "loop_limit": self.loop_limit,
                "system_prompt": self.system_prompt}

    def save(self, folder: str | Path) -> Path:
        """Write the config as ``SAVED_HARNESS`` in ``folder`` (a checkpoint's); return the file's path."""
        path = Path(folder) / SAVED_HARNESS
        path.write_text(json.dumps(self.as_dict(), indent=1))
        return path

    @classmethod
    def saved_with(cls, model: str | Path | None) -> "HarnessConfig | None":
        """Return the config a checkpoint folder was trained with (its ``SAVED_HARNESS``), or None when ``model`` is
        not a folder holding one (a base model, a hub-style name).

        Raises:
            ValueError: the file is there but is not a config, naming the file.
        """
        path = Path(model) / SAVED_HARNESS if model else None
        if path is None or not path.is_file():
            return None
        try:
            data = json.loads(path.read_text())
            if not isinstance(data, dict):
                raise TypeError(f"expected an object, got {type(data).__name__}")
            return cls.from_dict(data)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{path}: not an agent configuration ({exc}); delete it or fix it") from None


def _known_fields(kind: type, data: Any, where: str) -> dict[str, Any]:
    """Return ``data`` when it is an object whose keys are all fields of dataclass ``kind``; else raise ValueError
    naming the first unknown field (as ``where.field``) and the known ones."""
    label = f"harness config{' ' + where if where else ''}"
    if not isinstance(data, dict):
        raise ValueError(f"{label}: expected an object, got {type(data).__name__}")
    known = [f.name for f in dataclasses.fields(kind)]
    unknown = [k for k in data if k not in known]
    if unknown:
        name = f"{where}.{unknown[0]}" if where else unknown[0]
        raise ValueError(f"{label}: unknown field {name!r}; known: {', '.join(known)}")
    return dict(data)


@dataclass
class Decision:
    """One step's decision: the exact prompt, the raw output and what was parsed from it."""

    prompt: list[dict[str, Any]]
    output: str
    parsed: ParseResult
    token_ids: list[int] | None = None
    logprobs: list[float] | None = None
    policy_error: str | None = None
    policy_ms: float = 0.0
    #: what the policy reports of the call: ``prompt_tokens``, ``completion_tokens``, ``finish_reason``
    #: (``length`` = cut at the token limit) when it knows them
    usage: dict[str, Any] = field(default_factory=dict)

    @property
    def actions(self) -> list[Action]:
        """Return the parsed actions (empty on a parse error)."""
        return self.parsed.actions


class Harness:
    """A policy plus an agent configuration."""

    def __init__(self, policy: Policy, config: HarnessConfig | None = None):
        self.policy = policy
        self.config = config or HarnessConfig()
        self.format = get_format(self.config.format, self.config.coords)
        self.system = self.system_for("phone")

    def system_for(self, device: str) -> str:
        """Return the system message of an episode on ``device``: the prompt naming it, then the format's description."""
        return system_prompt(device, self.config.system_prompt) + self.format.describe()

    def episode(self, instance: TaskInstance, seed: int, device: str = "phone") -> "HarnessEpisode":
        """Start an episode of ``instance`` on ``device`` (the task's; it is named in the system prompt)."""
        return HarnessEpisode(self, instance, seed, device)


class HarnessEpisode:
    """The harness's view of one running episode."""

    def __init__(self, harness: Harness, instance: TaskInstance, seed: int, device: str = "phone"):
        self.harness = harness
        self.instance = instance
        self.seed = seed
        self.system = harness.system_for(device)
        self.policy = harness.policy.for_episode(instance, seed)
        self.ctx = EpisodeContext(instruction=instance.instruction)

    def prompt(self, step: int) -> list[dict[str, Any]]:
        """Return the chat messages for ``step``."""
        return build_messages(self.system, self.ctx, step, self.harness.config.history)

    async def decide(self, step: int, observation: Observation, image: Callable[[str], bytes]) -> Decision:
        """Build the prompt for ``step``, call the policy and parse its output.

        Raises:
            ModelUnavailable: the model service gave no answer (an outage, not the model's behaviour).
        """
        if self.harness.config.history.include_elements:
            self.ctx.elements_text[step] = observation.text(coords=self.harness.format.coords)
        messages = self.prompt(step)
        start = time.perf_counter()
        try:
            response = await self.policy(PolicyRequest(messages=messages, image=image, observation=observation,
                                                       instance=self.instance, step=step, seed=self.seed,
                                                       format=self.harness.format))
        except Exception as exc:  # noqa: BLE001 - a policy bug is recorded on the step, the episode goes on
            response = PolicyResponse(text="", error=f"policy raised {type(exc).__name__}: {exc}")
        # a policy that answers something else (a bare string, text None) is a policy bug too: it failed the attempt
        # with an AttributeError here or, once its output was in the history, in a later step's prompt
        if not isinstance(response, PolicyResponse):
            response = PolicyResponse(text="", error=f"policy returned {type(response).__name__}, not a PolicyResponse")
        if response.unavailable:
            raise ModelUnavailable(f"step {step}: {response.error}", permanent=response.unavailable == "permanent")
        if not isinstance(response.text, str):
            response = dataclasses.replace(response, text="", error=f"policy returned text of type "
                                                                     f"{type(response.text).__name__}, not str")
        parsed = self.harness.format.parse(response.text, size=(observation.width, observation.height))
        return Decision(prompt=messages, output=response.text, parsed=parsed, token_ids=response.token_ids,
                        logprobs=response.logprobs, policy_error=response.error, usage=dict(response.usage or {}),
                        policy_ms=(time.perf_counter() - start) * 1000)

    def record(self, step: int, output: str, next_note: str | None) -> None:
        """Append the finished step to the history; ``next_note`` is shown with the next screen."""
        self.ctx.turns.append(Turn(obs=step, output=output))
        if next_note:
            self.ctx.notes[step + 1] = next_note
