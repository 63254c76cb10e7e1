"""The typed records of task synthesis: worlds, task requirements, golden solutions, verifiers, outcomes.

Everything that crosses a boundary (a backend's answer, a file on disk, an MCP tool's result) is one of
these pydantic models with ``extra="forbid"``, so a malformed answer fails with the field named.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator

from toolkit.synthesis.timeutil import parse_clock
from toolkit.tasks.spec import AnswerField, Criterion


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


#: A world id: it names the world's folder and its suite ``synth/<id>``.
WORLD_ID = r"^[a-z0-9][a-z0-9_\-]*$"


def suite_name(world_id: str) -> str:
    """Return the suite of a synthesized world: ``synth/<world>``."""
    return f"synth/{world_id}"


def full_task_id(world_id: str, task_id: str) -> str:
    """Return the full id of a synthesized task: ``synth/<world>/<task>``."""
    return f"{suite_name(world_id)}/{task_id}"


# ----------------------------------------------------------------------------------------------- world


class Persona(_Strict):
    """Whose device the world is: the phone owner (their email account is the device's account)."""

    name: str = "Robin Hale"
    occupation: str
    city: str
    summary: str = ""


class Scenario(_Strict):
    """What is going on in the persona's life; it decides the vocabulary of events, notes, files and shops."""

    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    title: str
    description: str = ""


class Person(_Strict):
    """Someone in the world; ``in_contacts`` says whether the address book has them."""

    id: str
    name: str
    phone: str = ""
    email: str = ""
    company: str = ""
    role: Literal["family", "friend", "colleague", "service", "acquaintance"] = "friend"
    birthday: str = ""
    in_contacts: bool = True

    @property
    def first(self) -> str:
        """Return the first name."""
        return self.name.split()[0]


class Ref(_Strict):
    """Where a record lives: app, collection (a list under ``apps.<app>.data``) and record id."""

    app: str
    collection: str
    id: str


class Fact(_Strict):
    """A fact placed in the world, with the records that carry it (the evidence a task needs)."""

    id: str
    kind: str
    value: dict[str, Any]
    sources: list[Ref] = Field(min_length=1)


class World(_Strict):
    """A coherent set of records across apps that share people, events and facts.

    ``records[app][collection]`` are lists in the app's *state* format (what ``apps.<app>.data`` holds after
    init), so :meth:`patch` is the initial-state patch that loads the world into a device.
    """

    id: str = Field(pattern=WORLD_ID)
    persona: Persona
    scenario: Scenario
    seed: int
    device: str = "phone"
    clock: str = Field(default="2026-03-14T09:30", description="the device's virtual clock (UTC)")
    apps: list[str]
    people: list[Person]
    records: dict[str, dict[str, list[Any]]]
    facts: list[Fact] = Field(default_factory=list)
    backend: str = "offline"

    @field_validator("clock")
    @classmethod
    def _clock_is_a_time(cls, clock: str) -> str:
        """Refuse a clock that is no ``YYYY-MM-DDTHH:MM`` time (every date check of the world reads it)."""
        try:
            parse_clock(clock)
        except ValueError:
            raise ValueError(f"clock {clock!r} is not a YYYY-MM-DDTHH:MM time (UTC), e.g. 2026-03-14T09:30") from None
        return clock

    def patch(self) -> dict[str, Any]:
        """Return the initial-state patch ``{"apps": {app: {"data": {collection: [...]}}}}``."""
        return {"apps": {app: {"data": dict(cols)} for app, cols in self.records.items()}}

    def person(self, pid: str) -> Person:
        """Return the person with id ``pid`` (KeyError naming the id when absent)."""
        for p in self.people:
            if p.id == pid:
                return p
        raise KeyError(f"world {self.id}: no person {pid!r}")

    def record(self, ref: Ref) -> dict[str, Any] | None:
        """Return the record a reference names, or None."""
        for rec in self.records.get(ref.app, {}).get(ref.collection, []):
            if isinstance(rec, dict) and rec.get("id") == ref.id:  # some collections hold names (email labels)
                return rec
        return None


class WorldIssue(_Strict):
    """One inconsistency found by :func:`toolkit.synthesis.world.check_world`."""

    kind: Literal["dangling_reference", "date_off_clock", "duplicate_id", "bad_value", "template_field", "ambiguous"]
    where: str
    message: str


# ----------------------------------------------------------------------------------------- requirements


class CreateEvent(_Strict):
    """Exactly one new calendar event with these values."""

    kind: Literal["create_event"] = "create_event"
    criterion: str
    title: str
    date: str
    start: str
    end: str
    attendees: list[str] = Field(default_factory=list, description="contact ids, the exact set")
    reminder: int | None = None


class UpdateEvent(_Strict):
    """An existing event whose listed fields end with these values (``attendees`` is the exact set)."""

    kind: Literal["update_event"] = "update_event"
    criterion: str
    event: str
    fields: dict[str, Any]


class CreateContact(_Strict):
    """Exactly one new contact with this name and these values."""

    kind: Literal["create_contact"] = "create_contact"
    criterion: str
    name: str
    phone: str = ""
    email: str = ""


class UpdateContact(_Strict):
    """An existing contact whose listed fields end with these values."""

    kind: Literal["update_contact"] = "update_contact"
    criterion: str
    contact: str
    fields: dict[str, str]


class SendText(_Strict):
    """Exactly one new text from me to the contact, containing every string of ``contains``."""

    kind: Literal["send_text"] = "send_text"
    criterion: str
    contact: str
    thread: str | None = Field(default=None, description="the existing thread with the contact, if any")
    contains: list[str] = Field(min_length=1)
    text: str = Field(description="a message that satisfies the check (for golden solutions)")


class SendEmail(_Strict):
    """Exactly one new sent email to exactly these addresses (subject, contents, reply as given)."""

    kind: Literal["send_email"] = "send_email"
    criterion: str
    to: list[str] = Field(min_length=1)
    subject: str | None = None
    contains: list[str] = Field(default_factory=list)
    reply_to: str | None = None
    body: str = Field(description="a message that satisfies the check (for golden solutions)")


class TickItems(_Strict):
    """These checklist items of a note end ticked; the note's other items keep their state."""

    kind: Literal["tick_items"] = "tick_items"
    criterion: str
    note: str
    items: list[str] = Field(min_length=1)


class AddItems(_Strict):
    """The note gains unticked checklist items with these texts (existing items unchanged)."""

    kind: Literal["add_items"] = "add_items"
    criterion: str
    note: str
    texts: list[str] = Field(min_length=1)


class MoveFile(_Strict):
    """A file ends in another folder (same name, not trashed)."""

    kind: Literal["move_file"] = "move_file"
    criterion: str
    file: str
    folder: str


class SetFlag(_Strict):
    """A boolean flag of a record ends with ``value`` (a pinned conversation, a favourite contact)."""

    kind: Literal["set_flag"] = "set_flag"
    criterion: str
    app: Literal["messages", "contacts"]
    collection: Literal["threads", "contacts"]
    id: str
    flag: Literal["pinned", "muted", "favorite"]
    value: bool = True


class Answer(_Strict):
    """An AnswerSheet field whose submitted value is one of ``accept`` (numbers: within 0.005)."""

    kind: Literal["answer"] = "answer"
    criterion: str
    field: str
    type: Literal["text", "number", "date"] = "text"
    accept: list[str] = Field(min_length=1)


Check = Annotated[Union[CreateEvent, UpdateEvent, CreateContact, UpdateContact, SendText, SendEmail, TickItems,
                        AddItems, MoveFile, SetFlag, Answer], Field(discriminator="kind")]


class Evidence(_Strict):
    """A record the task needs to read, and how to find it (search text)."""

    ref: Ref
    search: str = ""


class TaskRequirements(_Strict):
    """A task before any verifier or solution exists: instruction, criteria, expected values, hidden context.

    ``checks`` are the machine-readable success criteria (each names the criterion it decides);
    ``context`` is the hidden answer context (where the evidence is); ``key_facts`` identify near-duplicates.
    """

    id: str = Field(pattern=r"^[a-z0-9_.\-]+$")
    world: str
    template: str
    device: str = "phone"
    apps: list[str] = Field(min_length=1)
    instruction: str = Field(min_length=8)
    criteria: list[Criterion] = Field(min_length=1)
    checks: list[Check] = Field(min_length=1)
    unchanged: list[str] = Field(default_factory=list, description="apps whose data must stay as it was, besides the checks")
    expected: dict[str, Any] = Field(default_factory=dict)
    evidence: list[Evidence] = Field(default_factory=list)
    answer_sheet: list[AnswerField] = Field(default_factory=list)
    key_facts: list[str] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    difficulty: Literal["L1", "L2", "L3", "L4"] = "L2"
    objective: Literal["operate", "query", "hybrid"] = "operate"
    composition: Literal["atomic", "sequential", "transfer", "deep-dive"] = "atomic"
    split: Literal["train", "test"] = "train"

    @property
    def full_id(self) -> str:
        """Return ``synth/<world>/<id>``, the id the task has once written."""
        return full_task_id(self.world, self.id)

    @property
    def cross_app(self) -> bool:
        """Return True when the task needs more than one app (the Answers app not counted)."""
        return len([a for a in self.apps if a != "answersheet"]) > 1


class GoldenSolution(_Strict):
    """A golden solution: the end-state patch (over s0) and a GUI action sequence (``target`` = data-gym id)."""

    task_id: str
    patch: dict[str, Any]
    actions: list[dict[str, Any] | list[dict[str, Any]]] = Field(min_length=1)


class VerifierCode(_Strict):
    """A verifier: Python source defining ``function(ctx) -> {criterion id: bool}``."""

    task_id: str
    function: str = Field(pattern=r"^[A-Za-z_]\w*$")
    source: str


class SynthTask(_Strict):
    """A synthesized task: its requirements, and the golden solution and verifier made from them independently."""

    requirements: TaskRequirements
    golden: GoldenSolution
    verifier: VerifierCode
    max_steps: int = Field(default=15, ge=1, le=200)


class Rejection(_Strict):
    """A task that was dropped (review or acceptance) and why."""

    task_id: str
    stage: Literal["review", "audit", "gui", "write"]
    reasons: list[str]


class SynthReport(_Strict):
    """The outcome of synthesizing (and accepting) tasks for some worlds."""

    worlds: list[str]
    out: str
    accepted: int
    rejected: int
    cross_app_share: float
    distinct_instructions: int
    tags: dict[str, int] = Field(default_factory=dict)
    rejections: list[Rejection] = Field(default_factory=list)
    accepted_ids: list[str] = Field(default_factory=list)
    weak_skipped: dict[str, list[str]] = Field(default_factory=dict)  # world -> weak tags none of its tasks carries
    seconds: float = 0.0
