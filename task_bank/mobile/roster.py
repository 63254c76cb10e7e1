"""Verifiers of the Roster (clinic shift board) tasks (task_bank/mobile/roster.yaml).

State: apps.roster.data = {assign: {"<day>-<slot>": [staff id]}, unavailable: {staff id: [day]},
requests: [{id, status: pending|approved|declined|withdrawn}], status: draft|published, version, published_at}.
Static facts (staff skills, max hours, rates, shift needs, slot hours, swap requests) come from
ctx.world["roster"]. The constraint checks mirror mocked_apps/apps/roster/logic.js (violations).
"""

from __future__ import annotations

import re

from verifier_checks import (answer_of, app_data, intact, new_messages, number, rows, text, thread_is_with,
                             threads_intact)

# ------------------------------------------------------------------ rules


def _days(world):
    return [d["id"] for d in world["days"]]


def _slots(world):
    return {s["id"]: s for s in world["slots"]}


def _shifts(world):
    return [f"{d}-{s['id']}" for d in _days(world) for s in world["slots"]]


def _staff(world):
    return {p["id"]: p for p in world["staff"]}


def _unavailable(world, data, pid):
    own = (data.get("unavailable") or {}).get(pid)
    return own if isinstance(own, list) else _staff(world)[pid]["unavailable"]


def shifts_of(world, data, pid):
    assign = data.get("assign") or {}
    return [s for s in _shifts(world) if pid in (assign.get(s) or [])]


def hours_of(world, data, pid):
    slots = _slots(world)
    return sum(slots[s.split("-", 1)[1]]["hours"] for s in shifts_of(world, data, pid))


def violations(world, data) -> list[str]:
    """Return the violation ids (same ids and order as the app's Checks panel)."""
    staff = _staff(world)
    assign = data.get("assign") or {}
    out = []
    for sid in _shifts(world):
        need = world["needs"][sid]
        who = [x for x in assign.get(sid) or [] if x in staff]
        if len(who) < need["count"]:
            out.append(f"understaffed:{sid}")
        for sk in need["skills"]:
            if not any(sk in staff[x]["skills"] for x in who):
                out.append(f"skill:{sid}:{sk}")
    days = _days(world)
    for p in world["staff"]:
        mine = shifts_of(world, data, p["id"])
        off = _unavailable(world, data, p["id"])
        for i, d in enumerate(days):
            today = [s for s in mine if s.startswith(d + "-")]
            if len(today) > 1:
                out.append(f"double:{p['id']}:{d}")
            if i + 1 < len(days) and f"{d}-night" in mine and f"{days[i + 1]}-morning" in mine:
                out.append(f"rest:{p['id']}:{d}")
            if today and d in off:
                out.append(f"unavailable:{p['id']}:{d}")
        if hours_of(world, data, p["id"]) > p["max_hours"]:
            out.append(f"hours:{p['id']}")
    return out


def pay_of(world, data, pid) -> float:
    p = _staff(world)[pid]
    slots = _slots(world)
    total = 0.0
    for sid in shifts_of(world, data, pid):
        slot = slots[sid.split("-", 1)[1]]
        total += slot["hours"] * p["rate"] * (world.get("night_premium", 1) if slot["id"] == "night" else 1)
    return round(total, 2)


def total_cost(world, data) -> float:
    return round(sum(pay_of(world, data, p["id"]) for p in world["staff"]), 2)


# ------------------------------------------------------------------ state helpers


def _data(state) -> dict:
    return app_data(state, "roster")


def _world(ctx):
    return ctx.world["roster"]


def _assign(state) -> dict:
    return {k: sorted(v or []) for k, v in (_data(state).get("assign") or {}).items()}


def _requests(state) -> dict:
    return {rid: r.get("status") for rid, r in rows(state, "roster", "requests").items()}


def _published(ctx) -> bool:
    d0, d1 = _data(ctx.initial), _data(ctx.final)
    return d1.get("status") == "published" and int(d1.get("version") or 0) > int(d0.get("version") or 0)


def _clean(ctx) -> bool:
    return not violations(_world(ctx), _data(ctx.final))


def _other_shifts_same(ctx, allowed) -> bool:
    a0, a1 = _assign(ctx.initial), _assign(ctx.final)
    return set(a0) == set(a1) and all(a0[k] == a1[k] for k in a0 if k not in allowed)


def _avail_same(ctx, except_ids=()) -> bool:
    u0 = _data(ctx.initial).get("unavailable") or {}
    u1 = _data(ctx.final).get("unavailable") or {}
    return set(u0) == set(u1) and all(u0[k] == u1[k] for k in u0 if k not in except_ids)


def _requests_same(ctx) -> bool:
    return _requests(ctx.initial) == _requests(ctx.final)


def _text(value) -> str:
    return text(value, "\"'“”.")


def _money(value):
    """An answered amount: thousands separators and dollar signs ignored."""
    return number(value, ",$")


def _untouched(ctx) -> bool:
    """The roster data did not change at all."""
    return _data(ctx.initial) == _data(ctx.final)


# ------------------------------------------------------------------ operate


def fill_gap(ctx):
    sid = ctx.params["c"]["shift"]
    need = _world(ctx)["needs"][sid]
    who = _assign(ctx.final).get(sid) or []
    return {
        "filled": len(who) >= need["count"] and not any(
            v == f"understaffed:{sid}" or v.startswith(f"skill:{sid}:") for v in violations(_world(ctx), _data(ctx.final))),
        "no_violations": _clean(ctx),
        "published": _published(ctx),
        "rest_intact": _other_shifts_same(ctx, {sid}) and _avail_same(ctx) and _requests_same(ctx),
    }


def assign(ctx):
    c = ctx.params["c"]
    a0, a1 = _assign(ctx.initial), _assign(ctx.final)
    return {
        "assigned": c["staff"] in (a1.get(c["shift"]) or []) and sorted(a0.get(c["shift"]) or []) == sorted(x for x in a1.get(c["shift"]) or [] if x != c["staff"]),
        "rest_intact": _other_shifts_same(ctx, {c["shift"]}) and _avail_same(ctx) and _requests_same(ctx),
    }


def remove_double(ctx):
    c = ctx.params["c"]
    a0, a1 = _assign(ctx.initial), _assign(ctx.final)
    return {
        "removed": c["staff"] not in (a1.get(c["extra"]) or []) and c["staff"] in (a1.get(c["keep"]) or []),
        "rest_intact": sorted(x for x in a0.get(c["extra"]) or [] if x != c["staff"]) == (a1.get(c["extra"]) or [])
        and _other_shifts_same(ctx, {c["extra"]}) and _avail_same(ctx) and _requests_same(ctx),
    }


def fix_publish(ctx):
    return {
        "no_violations": _clean(ctx),
        "published": _published(ctx),
        "rest_intact": _avail_same(ctx) and _requests_same(ctx),
    }


def _apply(world, assign, req):
    a = {k: list(v) for k, v in assign.items()}
    a[req["give"]] = sorted([x for x in a[req["give"]] if x != req["from"]] + [req["to"]])
    if req.get("take"):
        a[req["take"]] = sorted([x for x in a[req["take"]] if x != req["to"]] + [req["from"]])
    return a


def swaps(ctx):
    """Approve exactly the pending requests whose swap keeps the board free of violations; decline the rest."""
    world = _world(ctx)
    reqs = {r["id"]: r for r in world["requests"]}
    r0, r1 = _requests(ctx.initial), _requests(ctx.final)
    pending = [rid for rid, st in r0.items() if st == "pending"]
    base = _data(ctx.initial)
    expected_status = {}
    board = _assign(ctx.initial)
    for rid in pending:
        trial = _apply(world, board, reqs[rid])
        ok = not violations(world, {**base, "assign": trial})
        expected_status[rid] = "approved" if ok else "declined"
    for rid in pending:
        if expected_status[rid] == "approved":
            board = _apply(world, board, reqs[rid])
    return {
        "decisions": all(r1.get(rid) == st for rid, st in expected_status.items()),
        "board": _assign(ctx.final) == board,
        "rest_intact": all(r1.get(rid) == st for rid, st in r0.items() if rid not in pending) and _avail_same(ctx),
    }


def _unavailable_set(ctx, pid, day) -> bool:
    u0 = (_data(ctx.initial).get("unavailable") or {}).get(pid) or []
    u1 = (_data(ctx.final).get("unavailable") or {}).get(pid) or []
    return sorted(u1) == sorted(set(u0) | {day})


def day_off(ctx):
    c = ctx.params["c"]
    world = _world(ctx)
    working = [s for s in shifts_of(world, _data(ctx.final), c["staff"]) if s.startswith(c["day"] + "-")]
    return {
        "marked": _unavailable_set(ctx, c["staff"], c["day"]) and _avail_same(ctx, {c["staff"]}),
        "off_that_day": not working,
        "no_violations": _clean(ctx),
        "published": _published(ctx),
        "rest_intact": _requests_same(ctx),
    }


# ------------------------------------------------------------------ cross-app: messages


# Short forms people write besides a day's id, short name and name ("Tues", "Thurs").
_DAY_EXTRA = {"tue": ("tues",), "wed": ("weds",), "thu": ("thur", "thurs")}


def _named_shifts(world, message) -> set[str]:
    """Return the shifts ("mon-morning") a message names: in each clause (text between , ; ! ? a line break or a full
    stop that ends no day's short name), each day word paired with the next slot word, in either order ("Monday
    morning", "morning on Mon."), other words between them aside ("Tue: night shift"). Whole words only: "Monster" is
    no Monday, "mornings" no morning; a day or slot left without a partner ("Good morning!") names none."""
    days = {w.casefold(): d["id"] for d in world["days"]
            for w in (d["id"], d.get("short", ""), d.get("name", ""), *_DAY_EXTRA.get(d["id"], ())) if w}
    slots = {w.casefold(): s["id"] for s in world["slots"] for w in (s["id"], s.get("label", "")) if w}
    named, marks, previous = set(), [], ""
    for token in re.findall(r"[^\W\d_]+|[,;!?\n.]", str(message or "").casefold()) + ["\n"]:
        if token in days or token in slots:
            marks.append(("day", days[token]) if token in days else ("slot", slots[token]))
        elif token in ",;!?\n." and not (token == "." and previous in days):
            i = 0  # the clause ends: pair its marks
            while i + 1 < len(marks):
                (kind, a), (other, b) = marks[i], marks[i + 1]
                if kind != other:
                    named.add(f"{a}-{b}" if kind == "day" else f"{b}-{a}")
                i += 2 if kind != other else 1
            marks = []
        previous = token
    return named


def message_shifts(ctx):
    pid = ctx.params["p"]["id"]
    world = _world(ctx)
    mine = shifts_of(world, _data(ctx.initial), pid)
    sent = new_messages(ctx)
    to_them = [m for t, m in sent if thread_is_with(t, ctx.initial, pid)]
    return {
        # Exactly their shifts: one left out or one that is not theirs fails.
        "sent": bool(mine) and any(_named_shifts(world, m.get("text")) == set(mine) for m in to_them),
        # nobody else texted, no conversation deleted or changed, no contact edited
        "no_stray_texts": len(to_them) == len(sent) and len(to_them) >= 1 and threads_intact(ctx)
        and intact(ctx, ["contacts"], {}),
        "roster_unchanged": _untouched(ctx),
    }


# ------------------------------------------------------------------ queries


def query_total(ctx):
    expected = total_cost(_world(ctx), _data(ctx.initial))
    return {
        "correct": _money(answer_of(ctx, "total")) == expected,
        "unchanged": _untouched(ctx),
    }


def query_pay(ctx):
    pid = ctx.params["p"]["id"]
    expected = pay_of(_world(ctx), _data(ctx.initial), pid)
    return {
        "correct": _money(answer_of(ctx, "pay")) == expected,
        "unchanged": _untouched(ctx),
    }


def query_extra_cost(ctx):
    c = ctx.params["c"]
    world = _world(ctx)
    d0 = _data(ctx.initial)
    assign = {k: list(v) for k, v in (d0.get("assign") or {}).items()}
    assign[c["shift"]] = assign.get(c["shift"], []) + [c["staff"]]
    expected = round(total_cost(world, {**d0, "assign": assign}) - total_cost(world, d0), 2)
    return {
        "correct": _money(answer_of(ctx, "extra")) == expected,
        "unchanged": _untouched(ctx),
    }


def query_cover(ctx):
    c = ctx.params["c"]
    world = _world(ctx)
    d0 = _data(ctx.initial)
    ok = []
    for p in world["staff"]:
        if p["id"] in (d0["assign"].get(c["shift"]) or []):
            continue
        assign = {k: list(v) for k, v in d0["assign"].items()}
        assign[c["shift"]] = assign[c["shift"]] + [p["id"]]
        if not violations(world, {**d0, "assign": assign}):
            ok.append(p)
    ans = _text(answer_of(ctx, "name"))
    return {
        "correct": len(ok) == 1 and bool(ans) and (ans == _text(ok[0]["name"]) or ans == _text(ok[0]["name"].split()[0])),
        "unchanged": _untouched(ctx),
    }
