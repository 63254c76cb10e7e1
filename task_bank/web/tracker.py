"""Verifiers of the Cairn (tracker) tasks (tracker.yaml). Each returns one boolean per criterion id."""

from __future__ import annotations

from verifier_checks import answer_of, number_is, only_changed, rows, same_keys, says

APP = "tracker"
ME = "u-ada"


def _rows(state: dict, key: str) -> dict[str, dict]:
    return rows(state, APP, key)


def _issues(state: dict) -> dict[str, dict]:
    return rows(state, APP, "issues")


def _issues_intact(ctx, allow: dict[str, set[str]] | None = None, removed=frozenset(), new_ok=lambda i: False) -> bool:
    """Every initial issue is unchanged except allowed fields/removals; new issues must pass `new_ok`."""
    before, after = _issues(ctx.initial), _issues(ctx.final)
    kept = {key: i for key, i in before.items() if key not in removed}
    unchanged = only_changed(kept, after, allow or {}, added=True)
    return unchanged and all(new_ok(i) for key, i in after.items() if key not in before)


def _same_list(ctx, key: str) -> bool:
    return _rows(ctx.initial, key) == _rows(ctx.final, key)


def _others_intact(ctx, links=True, comments=True, sprints=True, counters=True) -> bool:
    ok = True
    if links:
        ok = ok and _same_list(ctx, "links")
    if comments:
        ok = ok and _same_list(ctx, "comments")
    if sprints:
        ok = ok and _same_list(ctx, "sprints")
    if counters:
        ok = ok and same_keys(ctx, APP, ["counters"])
    return ok


def _untouched(ctx) -> bool:
    return _issues_intact(ctx) and _others_intact(ctx)


def _field(ctx, key: str, field: str):
    return (_issues(ctx.final).get(key) or {}).get(field)


# ------------------------------------------------------------------ operate tasks


def assign_issue(ctx) -> dict[str, bool]:
    key = ctx.params["i"]["key"]
    return {
        "assigned": _field(ctx, key, "assignee") == ctx.params["user"]["id"],
        "rest_intact": _issues_intact(ctx, {key: {"assignee"}}) and _others_intact(ctx),
    }


def start_work(ctx) -> dict[str, bool]:
    key = ctx.params["i"]["key"]
    return {
        "in_progress": _field(ctx, key, "status") == "in_progress",
        "assignee": _field(ctx, key, "assignee") == ctx.params["user"]["id"],
        "rest_intact": _issues_intact(ctx, {key: {"assignee", "status"}}) and _others_intact(ctx),
    }


def send_to_review(ctx) -> dict[str, bool]:
    key = ctx.params["i"]["key"]
    return {
        "in_review": _field(ctx, key, "status") == "in_review",
        "rest_intact": _issues_intact(ctx, {key: {"status"}}) and _others_intact(ctx),
    }


def finish_blocked(ctx) -> dict[str, bool]:
    p = ctx.params["p"]
    return {
        "target_done": _field(ctx, p["target"], "status") == "done",
        "blocker_done": _field(ctx, p["blocker"], "status") == "done",
        "rest_intact": _issues_intact(ctx, {p["target"]: {"status"}, p["blocker"]: {"status"}}) and _others_intact(ctx),
    }


def create_bug(ctx) -> dict[str, bool]:
    proj = ctx.params["proj"]
    before, after = _issues(ctx.initial), _issues(ctx.final)
    new = [i for k, i in after.items() if k not in before]
    # The one new issue, whatever its key: keys are never reused, so a mistaken issue deleted before the
    # right one was filed moves the key past proj["new"] and leaves the same end state otherwise.
    issue = new[0] if len(new) == 1 else {}
    return {
        "created": len(new) == 1 and issue.get("project") == proj["key"] and issue.get("type") == "bug"
        and says(issue.get("title"), ctx.params["title"], whole=True),
        "fields": bool(issue) and issue.get("priority") == ctx.params["prio"]["id"]
        and issue.get("assignee") == ctx.params["user"]["id"] and issue.get("points") == ctx.params["points"]
        and issue.get("labels") == [ctx.params["label"]] and issue.get("sprint") == proj["sprint"]
        and issue.get("status") == "todo" and issue.get("reporter") == ME,
        "rest_intact": _issues_intact(ctx, new_ok=lambda i: True) and _others_intact(ctx, counters=False),
    }


def complete_sprint(ctx) -> dict[str, bool]:
    proj = ctx.params["proj"]
    sid = proj["sprint"]
    dest = proj["next"] if ctx.params["dest"]["id"] == "next" else None
    before, after = _issues(ctx.initial), _issues(ctx.final)
    in_sprint = {k: i for k, i in before.items() if i.get("sprint") == sid}
    roots_open = {k for k, i in in_sprint.items() if i.get("status") != "done" and not i.get("parent")}
    # Unfinished issues move; subtasks move with an unfinished parent.
    moving = roots_open | {k for k, i in in_sprint.items() if i.get("parent") in roots_open}
    staying = set(in_sprint) - moving
    sprint_after = _rows(ctx.final, "sprints").get(sid) or {}
    sprints_before = _rows(ctx.initial, "sprints")
    other_sprints_same = all(_rows(ctx.final, "sprints").get(k) == s for k, s in sprints_before.items() if k != sid)
    return {
        "closed": sprint_after.get("state") == "closed",
        "moved": bool(roots_open) and all((after.get(k) or {}).get("sprint", "?") == dest for k in moving)
        and all((after.get(k) or {}).get("sprint") == sid for k in staying),
        "rest_intact": _issues_intact(ctx, {k: {"sprint"} for k in moving}) and other_sprints_same
        and _others_intact(ctx, sprints=False),
    }


def bulk_label(ctx) -> dict[str, bool]:
    key, label = ctx.params["proj"]["key"], ctx.params["label"]
    before, after = _issues(ctx.initial), _issues(ctx.final)
    targets = {k for k, i in before.items() if i.get("project") == key and i.get("type") == "bug" and i.get("status") != "done"}

    def labels_ok(k):
        old = before[k].get("labels") or []
        new = (after.get(k) or {}).get("labels") or []
        return new == (old + [label] if label not in old else old) if k in targets else new == old

    return {
        "all_labelled": bool(targets) and all(label in ((after.get(k) or {}).get("labels") or []) for k in targets),
        "only_those": all(labels_ok(k) for k in before if k in after)
        and _issues_intact(ctx, {k: {"labels"} for k in before}) and _others_intact(ctx),
    }


def plan_next_sprint(ctx) -> dict[str, bool]:
    p = ctx.params["p"]
    return {
        "a_planned": _field(ctx, p["a"], "sprint") == p["sprint"],
        "b_planned": _field(ctx, p["b"], "sprint") == p["sprint"],
        "rest_intact": _issues_intact(ctx, {p["a"]: {"sprint"}, p["b"]: {"sprint"}}) and _others_intact(ctx),
    }


def link_blocks(ctx) -> dict[str, bool]:
    p = ctx.params["p"]
    before, after = _rows(ctx.initial, "links"), _rows(ctx.final, "links")
    new = [l for k, l in after.items() if k not in before]
    return {
        "linked": any(l.get("from") == p["a"] and l.get("to") == p["b"] for l in new),
        "only_that": len(new) == 1 and all(after.get(k) == l for k, l in before.items())
        and _issues_intact(ctx) and _others_intact(ctx, links=False),
    }


def comment(ctx) -> dict[str, bool]:
    key = ctx.params["i"]["key"]
    before, after = _rows(ctx.initial, "comments"), _rows(ctx.final, "comments")
    new = [c for k, c in after.items() if k not in before]
    hits = [c for c in new if c.get("issue") == key and c.get("author") == ME
            and says(c.get("text"), ctx.params["text"], whole=True)]
    return {
        "commented": len(hits) == 1,
        "only_that": len(new) == 1 and all(after.get(k) == c for k, c in before.items())
        and _issues_intact(ctx) and _others_intact(ctx, comments=False),
    }


def delete_duplicate(ctx) -> dict[str, bool]:
    d = ctx.params["d"]
    dup = d["dup"]
    links_b, links_a = _rows(ctx.initial, "links"), _rows(ctx.final, "links")
    com_b, com_a = _rows(ctx.initial, "comments"), _rows(ctx.final, "comments")
    keep_links = {k for k, l in links_b.items() if dup not in (l.get("from"), l.get("to"))}
    keep_comments = {k for k, c in com_b.items() if c.get("issue") != dup}
    return {
        "deleted": dup in _issues(ctx.initial) and dup not in _issues(ctx.final)
        and not any(dup in (l.get("from"), l.get("to")) for l in links_a.values())
        and not any(c.get("issue") == dup for c in com_a.values()),
        "rest_intact": _issues_intact(ctx, removed={dup}) and set(links_a) == keep_links
        and all(links_a[k] == links_b[k] for k in keep_links) and set(com_a) == keep_comments
        and all(com_a[k] == com_b[k] for k in keep_comments) and _others_intact(ctx, links=False, comments=False),
    }


def estimate_points(ctx) -> dict[str, bool]:
    key = ctx.params["i"]["key"]
    return {
        "estimated": _field(ctx, key, "points") == ctx.params["e"]["ok"],
        "rest_intact": _issues_intact(ctx, {key: {"points"}}) and _others_intact(ctx),
    }


def reprioritize_biggest(ctx) -> dict[str, bool]:
    t = ctx.params["t"]
    pool = [i for i in _issues(ctx.initial).values()
            if i.get("project") == t["project"] and not i.get("sprint") and not i.get("assignee")
            and i.get("type") != "epic" and i.get("points") is not None]
    top = max((i.get("points") for i in pool), default=None)
    biggest = [i["id"] for i in pool if i.get("points") == top]
    return {
        "right_issue": biggest == [t["key"]] and _field(ctx, t["key"], "priority") == t["prio"],
        "rest_intact": _issues_intact(ctx, {t["key"]: {"priority"}}) and _others_intact(ctx),
    }


# ------------------------------------------------------------------ query tasks


def query_sprint_points(ctx) -> dict[str, bool]:
    q = ctx.params["q"]
    truth = sum(i.get("points") or 0 for i in _issues(ctx.initial).values()
                if i.get("sprint") == q["sprint"] and (not q["open_only"] or i.get("status") != "done"))
    return {"correct": number_is(answer_of(ctx, "points"), truth), "unchanged": _untouched(ctx)}


def query_blocker(ctx) -> dict[str, bool]:
    target = ctx.params["p"]["target"]
    blockers = [l.get("from") for l in _rows(ctx.initial, "links").values() if l.get("to") == target]
    return {
        "correct": len(blockers) == 1 and says(answer_of(ctx, "key"), blockers[0], whole=True),
        "unchanged": _untouched(ctx),
    }


def query_open_points(ctx) -> dict[str, bool]:
    q = ctx.params["q"]
    truth = sum(i.get("points") or 0 for i in _issues(ctx.initial).values()
                if i.get("sprint") == q["sprint"] and i.get("assignee") == q["user"] and i.get("status") != "done")
    return {"correct": number_is(answer_of(ctx, "points"), truth), "unchanged": _untouched(ctx)}
