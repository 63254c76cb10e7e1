"""Task specifications (templates) and their sampled instances.

A :class:`TaskSpec` is an executable task template x = (E, s0, g, V): environment and apps,
an initial-state patch, instruction templates with sampled parameters, and a verifier.
A :class:`TaskInstance` is one sample of it: concrete instruction, parameters and patch.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Spec(_Strict):
    """A part of a task file: no coercion (``max_steps: "7"`` or ``true`` is an error naming the field, not 7 or 1,
    and ``required: 1`` is not True), as a YAML typo would otherwise be read as something the author never wrote."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Criterion(_Spec):
    """One success criterion; the verifier returns one boolean per criterion id."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    description: str
    weight: float = Field(default=1.0, gt=0, allow_inf_nan=False)  # "inf" would make every reward NaN
    required: bool = True


class AnswerField(_Spec):
    """One field of the AnswerSheet a query task asks the agent to fill."""

    name: str = Field(pattern=r"^[a-z0-9_]+$")
    label: str
    type: Literal["text", "number", "date"] = "text"


class ParamSpec(_Spec):
    """How one parameter is sampled: exactly one of choice, range, pattern, world."""

    choice: list[Any] | None = None
    range: tuple[int, int] | None = None
    pattern: str | None = None
    world: str | None = None
    path: str | None = None
    where: dict[str, Any] | None = None
    distinct_from: list[str] = Field(default_factory=list)

    @field_validator("range", mode="before")
    @classmethod
    def _range_pair(cls, value: Any) -> Any:
        """Return a YAML list ``[low, high]`` as the tuple the strict model takes (its items stay strict)."""
        return tuple(value) if isinstance(value, list) else value

    @model_validator(mode="after")
    def _one_kind(self) -> "ParamSpec":
        kinds = [k for k in ("choice", "range", "pattern", "world") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"give exactly one of choice, range, pattern, world (got {kinds or 'none'})")
        if self.world is not None and not self.path:
            raise ValueError("a world parameter needs 'path' (a list inside the app's world.json)")
        if self.world is None and (self.path is not None or self.where is not None):
            # else they would be ignored without a word: the values come from the choice, range or pattern
            raise ValueError(f"'path' and 'where' belong to a world parameter, not to a {kinds[0]} one")
        if self.choice is not None and not self.choice:
            raise ValueError("choice must not be empty")
        if self.range is not None and self.range[0] > self.range[1]:
            raise ValueError("range must be [low, high] with low <= high")
        return self


class TaskSpec(_Spec):
    """A task template, as loaded from a YAML file of ``task_bank/<suite>/``."""

    # no "/": the full id <suite>/<id> is split at its last "/" (suites nest: synth/<world>), as Gymnasium ids are
    id: str = Field(pattern=r"^[a-z0-9_.\-]+$")
    suite: str = ""
    device: str = Field(default="phone", pattern=r"^[a-z0-9_\-]+$")
    apps: list[str] = Field(min_length=1)
    instruction: str = Field(min_length=1)
    instruction_variants: list[str] = Field(default_factory=list)
    params: dict[str, ParamSpec] = Field(default_factory=dict)
    setup: dict[str, Any] = Field(default_factory=dict)
    start_app: str | None = None
    answer_sheet: list[AnswerField] = Field(default_factory=list)
    criteria: list[Criterion] = Field(min_length=1)
    verifier: str = Field(pattern=r"^[\w\-][\w\-/]*\.py:[A-Za-z_]\w*$")  # relative to the YAML's folder
    expected_changes: list[str] = Field(default_factory=list)
    intended_wildcards: list[str] = Field(default_factory=list, description=(
        "expected_changes patterns whose [id=prefix*] is meant to cover existing records"))
    reference: list[dict[str, Any] | list[dict[str, Any]]] = Field(min_length=1)
    user_replies: dict[str, str] = Field(default_factory=dict)
    max_steps: int = Field(default=15, ge=1, le=200)
    difficulty: Literal["L1", "L2", "L3", "L4"] = "L1"
    tags: list[str] = Field(default_factory=list)
    objective: Literal["operate", "query", "hybrid"] = "operate"
    composition: Literal["atomic", "sequential", "transfer", "deep-dive"] = "atomic"
    split: Literal["train", "test"] = "train"
    high_risk: bool = False
    source: str = Field(default="", description="the YAML file this spec came from")

    @field_validator("criteria")
    @classmethod
    def _unique_criteria(cls, value: list[Criterion]) -> list[Criterion]:
        ids = [c.id for c in value]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"criterion ids must be unique, repeated: {dupes}")
        return value

    @field_validator("criteria")
    @classmethod
    def _one_required(cls, value: list[Criterion]) -> list[Criterion]:
        if value and not any(c.required for c in value):  # success = every required criterion: vacuously true
            raise ValueError("at least one criterion must be required, or every state is a success")
        return value

    @field_validator("instruction", "instruction_variants")
    @classmethod
    def _not_blank(cls, value: str | list[str]) -> str | list[str]:
        blank = [i for i, text in enumerate([value] if isinstance(value, str) else value) if not text.strip()]
        if blank:  # an instance drawn with it would give the agent no goal
            raise ValueError("must not be blank" if isinstance(value, str) else f"variant(s) {blank} are blank")
        return value

    @field_validator("answer_sheet")
    @classmethod
    def _unique_answer_fields(cls, value: list[AnswerField]) -> list[AnswerField]:
        names = [f.name for f in value]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:  # the sheet would show two inputs whose values land in one key
            raise ValueError(f"answer_sheet field names must be unique, repeated: {dupes}")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "TaskSpec":
        if self.start_app and self.start_app not in self.apps:
            raise ValueError(f"start_app {self.start_app!r} is not one of apps {self.apps}")
        if self.objective in ("query", "hybrid") and not self.answer_sheet:
            raise ValueError(f"a {self.objective} task needs answer_sheet fields")
        stray = [p for p in self.intended_wildcards if p not in self.expected_changes]
        if stray:
            raise ValueError(f"intended_wildcards must repeat patterns of expected_changes, not {stray}")
        return self

    @property
    def full_id(self) -> str:
        """Return ``<suite>/<id>``."""
        return f"{self.suite}/{self.id}" if self.suite else self.id

    @property
    def folder(self) -> Path:
        """Return the folder of the YAML file (verifier paths are relative to it)."""
        return Path(self.source).parent

    @property
    def cross_app(self) -> bool:
        """Return True when the task spans more than one app (AnswerSheet not counted)."""
        return len([a for a in self.apps if a != "answersheet"]) > 1


class TaskInstance(_Strict):
    """One sampled instance of a task: what an attempt is run and judged on."""

    task_id: str
    seed: int
    instruction: str
    params: dict[str, Any]
    setup: dict[str, Any]
    start_app: str | None = None
    reference: list[list[dict[str, Any]]]
    expected_changes: list[str]
    max_steps: int

    @property
    def key(self) -> str:
        """Return a short identity of the instance: ``task_id@seed``."""
        return f"{self.task_id}@{self.seed}"
