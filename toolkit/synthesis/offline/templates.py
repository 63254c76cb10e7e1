"""The offline backend's task templates: each turns facts of a world into task requirements.

Templates live in ``tpl_transfer`` (evidence read in one app, acted on in another) and ``tpl_local`` (inside one app,
plus the Answers app for queries); shared helpers in ``tpl_base``. :func:`candidates` grounds all of them in a world.
"""

from __future__ import annotations

import random

from toolkit.synthesis.models import TaskRequirements, World
from toolkit.synthesis.offline.tpl_base import Template
from toolkit.synthesis.offline.tpl_local import (add_attendee, code_query, company_query, count_emails, count_week,
                                                 create_event, email_compose, event_date_query, event_start_query,
                                                 favorite_contact, move_event, orders_max, orders_total, pin_thread,
                                                 proposal_place, set_reminder, text_message)
from toolkit.synthesis.offline.tpl_transfer import (add_items, attendees_email, birthday_save, bring_tick, code_reply,
                                                    file_move, file_size, location_text, moved_email, moved_update,
                                                    proposal_event, reschedule_move, share_phone, signature_known,
                                                    signature_new)

TEMPLATES: list[Template] = [
    Template("proposal_event", ("cross-app", "reading", "scheduling", "form-filling"), proposal_event),
    Template("moved_update", ("cross-app", "reading", "scheduling", "form-filling"), moved_update),
    Template("moved_email", ("cross-app", "reading", "messaging", "form-filling"), moved_email),
    Template("signature_new", ("cross-app", "reading", "search", "form-filling"), signature_new),
    Template("signature_known", ("cross-app", "reading", "search", "form-filling"), signature_known),
    Template("orders_total", ("query", "search", "reading", "arithmetic", "counting"), orders_total),
    Template("orders_max", ("query", "search", "reading", "compare"), orders_max),
    Template("code_query", ("query", "reading", "search"), code_query),
    Template("bring_tick", ("cross-app", "reading", "multi-entity-edit"), bring_tick),
    Template("birthday_save", ("cross-app", "reading", "form-filling"), birthday_save),
    Template("location_text", ("cross-app", "reading", "messaging"), location_text),
    Template("attendees_email", ("cross-app", "reading", "messaging", "form-filling"), attendees_email),
    Template("file_size", ("cross-app", "query", "reading", "search"), file_size),
    Template("file_move", ("cross-app", "reading", "navigation"), file_move),
    Template("reschedule_move", ("cross-app", "reading", "scheduling"), reschedule_move),
    Template("code_reply", ("cross-app", "reading", "messaging", "search"), code_reply),
    Template("add_items", ("cross-app", "reading", "form-filling"), add_items),
    Template("event_start", ("query", "reading", "search"), event_start_query),
    Template("event_date", ("query", "reading", "search"), event_date_query),
    Template("set_reminder", ("scheduling", "settings", "search"), set_reminder),
    Template("add_attendee", ("scheduling", "form-filling", "search"), add_attendee),
    Template("share_phone", ("cross-app", "reading", "messaging"), share_phone),
    Template("company_query", ("query", "reading", "search"), company_query),
    Template("proposal_place", ("query", "reading", "search"), proposal_place),
    Template("text_message", ("messaging", "form-filling"), text_message),
    Template("email_compose", ("messaging", "form-filling"), email_compose),
    Template("create_event", ("scheduling", "form-filling"), create_event),
    Template("move_event", ("scheduling", "search"), move_event),
    Template("pin_thread", ("messaging", "settings"), pin_thread),
    Template("favorite_contact", ("settings", "search"), favorite_contact),
    Template("count_emails", ("query", "counting", "search"), count_emails),
    Template("count_week", ("query", "counting", "relative-date"), count_week),
]


def candidates(world: World, seed: int = 0) -> list[TaskRequirements]:
    """Return every grounding of every template in ``world`` (deterministic for a seed)."""
    out: list[TaskRequirements] = []
    for tpl in TEMPLATES:
        out.extend(tpl.build(world, random.Random(f"{world.id}:{tpl.id}:{seed}")))
    return out
