"""Shared pieces of the offline task templates: the Template record and helpers that build requirements.

A template reads only the world (its facts and records) and returns :class:`TaskRequirements`: the
instruction, criteria, machine-readable checks with their expected values, and the hidden answer context
(the evidence records and how to find them). No solution and no verifier is made here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from typing import Callable

from toolkit.synthesis.models import Evidence, Ref, TaskRequirements, World
from toolkit.synthesis.timeutil import days_from
from toolkit.tasks.spec import AnswerField, Criterion

INTACT = "others_intact"

REMINDERS = {0: "no reminder", 10: "10 minutes before", 30: "30 minutes before", 60: "1 hour before", 1440: "1 day before"}



@dataclass(frozen=True)
class Template:
    """A task template: id, capability tags, and the function that grounds it in a world."""

    id: str
    tags: tuple[str, ...]
    build: Callable[[World, random.Random], list[TaskRequirements]]


def crit(cid: str, text: str, weight: float = 2.0) -> Criterion:
    """Return a required criterion."""
    return Criterion(id=cid, description=text, weight=weight, required=True)


def intact_criterion(apps: list[str]) -> Criterion:
    """Return the ``others_intact`` criterion over ``apps``."""
    return Criterion(id=INTACT, description=f"nothing else changed in {', '.join(apps)}", weight=1.0, required=True)


def requirement(w: World, tpl: str, key: str, instruction: str, apps: list[str], checks: list, criteria: list[Criterion],
         evidence: list[Evidence], expected: dict, key_facts: list[str], tags: tuple[str, ...], difficulty: str = "L2",
         composition: str = "transfer", answer: AnswerField | None = None) -> TaskRequirements:
    """Return the requirements of one task; ``others_intact`` covers every app used (the Answers app aside)."""
    answer_apps = [a for a in apps if a != "answersheet"]
    return TaskRequirements(
        id=f"{tpl}-{key}".lower().replace("_", "-").replace(" ", "-"), world=w.id, template=tpl, device=w.device,
        apps=apps, instruction=instruction, criteria=[*criteria, intact_criterion(answer_apps)], checks=checks,
        unchanged=answer_apps, expected=expected, evidence=evidence, answer_sheet=[answer] if answer else [],
        key_facts=key_facts, tags=list(tags), difficulty=difficulty, composition=composition,
        objective="query" if answer else "operate")


def facts_of(w: World, kind: str):
    """Return the facts of one kind."""
    return [f for f in w.facts if f.kind == kind]


def record_of(w: World, app: str, col: str, rid: str) -> dict:
    """Return a record of the world ({} when absent)."""
    return w.record(Ref(app=app, collection=col, id=rid)) or {}


def thread_of(w: World, pid: str) -> str | None:
    """Return the id of the conversation with a person, or None."""
    return next((t["id"] for t in w.records.get("messages", {}).get("threads", []) if t.get("contact_id") == pid), None)


def message_evidence(w: World, thread: str, pid: str) -> Evidence:
    """Return the evidence of a conversation, found by the person's name."""
    return Evidence(ref=Ref(app="messages", collection="threads", id=thread), search=w.person(pid).name)


def email_evidence(w: World, eid: str) -> Evidence:
    """Return the evidence of an email, found by its subject."""
    return Evidence(ref=Ref(app="email", collection="emails", id=eid), search=record_of(w, "email", "emails", eid)["subject"])


def event_evidence(ev: dict) -> Evidence:
    """Return the evidence of a calendar event, found by its title."""
    return Evidence(ref=Ref(app="calendar", collection="events", id=ev["id"]), search=ev["title"])


def pick(rng: random.Random, *variants: str) -> str:
    """Return one phrasing of an instruction."""
    return rng.choice(variants)


def upcoming(w: World) -> list[dict]:
    """Return the events after the clock's day."""
    today = w.clock[:10]
    return [e for e in w.records.get("calendar", {}).get("events", []) if e["date"] > today]


def touched_events(w: World) -> set[str]:
    """Return the events whose time or day a fact changes (their calendar entry is out of date)."""
    return {f.value.get("event") for f in w.facts if f.kind in ("moved", "reschedule")}


def free_days(w: World) -> list:
    """Return upcoming days with no event and no planned date of a fact (oldest first)."""
    used = {e["date"] for e in w.records.get("calendar", {}).get("events", [])}
    used |= {f.value["date"] for f in w.facts if isinstance(f.value.get("date"), str)}
    return [d for d in (days_from(w.clock, k) for k in range(2, 24)) if d.isoformat() not in used]


def ordinal(iso: str) -> int:
    """Return the day number of an ISO date."""
    return date.fromisoformat(iso).toordinal()
