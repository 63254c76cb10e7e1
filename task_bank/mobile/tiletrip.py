"""Verifiers of the TileTrip tasks (task_bank/mobile/tiletrip.yaml).

State: apps.tiletrip.data = {budget, plan: [{id (place id), day, start (hour), pinned}]}.
The rules below mirror mocked_apps/apps/tiletrip/lib/plan.js (and the app's Rules tab): travel
tiles between areas, opening hours, the lunch window, the daily budget and must-dos, so verifiers
judge the rule-defined outcome (is the day valid? what does it cost?), not a click path.
"""

import re
from datetime import date, timedelta

from verifier_checks import (
    app_data,
    digits,
    number,
    other_threads_intact,
    rows,
    sent_to,
    text,
)

WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


# ---- the rules (mirror of logic/plan.js) ------------------------------------------------------

def _tt(state):
    return app_data(state, "tiletrip")


def activity(world, aid):
    return next((a for a in world["activities"] if a["id"] == aid), None)


def area_name(world, aid):
    return next((a["name"] for a in world["areas"] if a["id"] == aid), aid)


def travel_tiles(world, a, b):
    if not a or not b or a == b:
        return 0
    return 2 if any({a, b} == set(p) for p in world.get("far", [])) else 1


def hh(h):
    return f"{h:02d}:00"


def day_label(world, n):
    d = date.fromisoformat(world["trip"]["start"]) + timedelta(days=n - 1)
    return f"{WEEKDAYS[d.weekday()]}, {MONTHS[d.month - 1]} {d.day}"


def day_entries(world, data, n):
    out = [dict(e, act=activity(world, e["id"])) for e in data.get("plan", []) if e.get("day") == n]
    return sorted([e for e in out if e["act"]], key=lambda e: e["start"])


def timeline(world, data, n):
    entries = day_entries(world, data, n)
    prev_area, prev_end = world["trip"]["lodging"]["area"], world["day_start"]
    legs = []
    for e in entries:
        tiles = travel_tiles(world, prev_area, e["act"]["area"])
        if tiles:
            gap = e["start"] - prev_end
            legs.append({"before": e["id"], "from": prev_area, "to": e["act"]["area"], "tiles": tiles, "gap": gap, "short": gap < tiles})
        prev_area = e["act"]["area"]
        prev_end = max(prev_end, e["start"] + e["act"]["dur"])
    return entries, legs


def day_cost(world, data, n):
    entries, legs = timeline(world, data, n)
    travel = sum(l["tiles"] for l in legs)
    return sum(e["act"]["cost"] for e in entries) + travel * world["travel_tile_cost"]


def travel_count(world, data, n):
    return sum(l["tiles"] for l in timeline(world, data, n)[1])


def day_issues(world, data, n):
    """Return [(kind, place id or None)] of day n's violations."""
    out = []
    entries, legs = timeline(world, data, n)
    for e in entries:
        a = e["act"]
        if e["start"] < a["open"] or e["start"] + a["dur"] > a["close"]:
            out.append(("hours", e["id"]))
    out += [("travel", l["before"]) for l in legs if l["short"]]
    lunch = world.get("lunch", {"from": 11, "to": 14})
    if entries and not any(e["act"]["kind"] == "food" and lunch["from"] <= e["start"] <= lunch["to"] for e in entries):
        out.append(("lunch", None))
    if day_cost(world, data, n) > data.get("budget", 0):
        out.append(("budget", None))
    return out


def trip_issues(world, data):
    out = []
    for n in range(1, world["trip"]["days"] + 1):
        out += [(n, k, i) for k, i in day_issues(world, data, n)]
    planned = {e["id"] for e in data.get("plan", [])}
    out += [(None, "must", a["id"]) for a in world["activities"] if a.get("must") and a["id"] not in planned]
    return out


def hard_rules_ok(world, data):
    """No overlaps, every tile inside the day, each place at most once, valid days."""
    plan = data.get("plan", [])
    if len({e["id"] for e in plan}) != len(plan):
        return False
    for e in plan:
        a = activity(world, e["id"])
        if a is None or not 1 <= e["day"] <= world["trip"]["days"]:
            return False
        if e["start"] < world["day_start"] or e["start"] + a["dur"] > world["day_end"]:
            return False
    for i, e in enumerate(plan):
        for f in plan[i + 1:]:
            if e["day"] == f["day"]:
                a, b = activity(world, e["id"]), activity(world, f["id"])
                if e["start"] < f["start"] + b["dur"] and f["start"] < e["start"] + a["dur"]:
                    return False
    return True


def share_text(world, data, n):
    """Mirror of shareText() in plan.js."""
    entries, legs = timeline(world, data, n)
    head = f"{world['trip']['name']} · Day {n}, {day_label(world, n)}"
    if not entries:
        return f"{head}: nothing planned yet."
    lines = [f"{hh(e['start'])}–{hh(e['start'] + e['act']['dur'])} {e['act']['name']} ({area_name(world, e['act']['area'])})" for e in entries]
    return f"{head}: {'; '.join(lines)}. Total {day_cost(world, data, n)} cr incl. {sum(l['tiles'] for l in legs)} travel tile(s)."


# ---- helpers over the before/after states ------------------------------------------------------------

def _world(ctx):
    return ctx.world["tiletrip"]


def _plan(data):
    return {e["id"]: (e["day"], e["start"], bool(e.get("pinned"))) for e in data.get("plan", [])}


def _day_plan(data, n):
    return {k: v for k, v in _plan(data).items() if v[0] == n}


def _others_intact(before, after, skip=()):
    """Every tile outside `skip` is where it was; no tile outside `skip` appeared."""
    b, a = _plan(before), _plan(after)
    return all(a.get(k) == v for k, v in b.items() if k not in skip) and all(k in b or k in skip for k in a)


def _pinned_intact(before, after):
    b, a = _plan(before), _plan(after)
    return all(a.get(k) == v for k, v in b.items() if v[2])


_UNIT = re.compile(r"\s*(?:cr|credits?|(?:travel\s+)?tiles?)\.?\s*$", re.IGNORECASE)


def _number(value):
    """An answered number: thousands separators and a trailing unit ("48 cr", "48 credits", "5 tiles") ignored."""
    return number(_UNIT.sub("", str(value)))


# ---- verifiers ------------------------------------------------------------------------------------------

def place(ctx):
    b, a = _tt(ctx.initial), _tt(ctx.final)
    p = ctx.params["p"]
    return {
        "placed": _plan(a).get(p["id"]) == (p["day"], p["start"], False),
        "others_intact": _others_intact(b, a, skip=(p["id"],)) and a.get("budget") == b.get("budget"),
    }


def remove(ctx):
    b, a = _tt(ctx.initial), _tt(ctx.final)
    aid = ctx.params["p"]["id"]
    return {
        "removed": aid not in _plan(a),
        "others_intact": _others_intact(b, a, skip=(aid,)),
    }


def move(ctx):
    b, a = _tt(ctx.initial), _tt(ctx.final)
    p = ctx.params["p"]
    return {
        "moved": _plan(a).get(p["id"]) == (p["day"], p["start"], False),
        "others_intact": _others_intact(b, a, skip=(p["id"],)),
    }


def swap_days(ctx):
    b, a = _tt(ctx.initial), _tt(ctx.final)
    x, y = ctx.params["pair"]["a"], ctx.params["pair"]["b"]
    before, after = _plan(b), _plan(a)
    expect = {}
    for k, (day, start, pinned) in before.items():
        if not pinned and day in (x, y):
            day = y if day == x else x
        expect[k] = (day, start, pinned)
    return {
        "swapped": all(after.get(k) == v for k, v in expect.items() if not v[2] and v[0] in (x, y)),
        "pinned_stay": _pinned_intact(b, a),
        "others_intact": after == expect,
    }


def plan_day(ctx):
    world, b, a = _world(ctx), _tt(ctx.initial), _tt(ctx.final)
    c = ctx.params["case"]
    d = c["day"]
    day = _day_plan(a, d)
    return {
        "includes_both": c["x"] in day and c["y"] in day,
        "day_valid": not day_issues(world, a, d),
        "hard_rules": hard_rules_ok(world, a),
        "other_days_intact": {k: v for k, v in _plan(a).items() if v[0] != d} == {k: v for k, v in _plan(b).items() if v[0] != d}
        and a.get("budget") == b.get("budget"),
    }


def move_and_cost(ctx):
    world, b, a = _world(ctx), _tt(ctx.initial), _tt(ctx.final)
    p = ctx.params["p"]
    moved = _plan(a).get(p["id"]) == (p["day"], p["start"], False)
    return {
        "moved": moved,
        "others_intact": _others_intact(b, a, skip=(p["id"],)),
        "correct": moved and _number(ctx.answer.get("cost")) == day_cost(world, a, p["day"]),
    }


def fix_issues(ctx):
    world, b, a = _world(ctx), _tt(ctx.initial), _tt(ctx.final)
    kept = set(_plan(b)) <= set(_plan(a))
    return {
        "no_violations": not trip_issues(world, a),
        "kept_all": kept,
        "pinned_stay": _pinned_intact(b, a),
        "budget_kept": a.get("budget") == b.get("budget"),
    }


def query_day_cost(ctx):
    world, b, a = _world(ctx), _tt(ctx.initial), _tt(ctx.final)
    return {
        "correct": _number(ctx.answer.get("cost")) == day_cost(world, b, ctx.params["q"]["day"]),
        "unchanged": _plan(a) == _plan(b) and a.get("budget") == b.get("budget"),
    }


def query_travel(ctx):
    world, b, a = _world(ctx), _tt(ctx.initial), _tt(ctx.final)
    total = sum(travel_count(world, b, n) for n in range(1, world["trip"]["days"] + 1))
    return {
        "correct": _number(ctx.answer.get("tiles")) == total,
        "unchanged": _plan(a) == _plan(b) and a.get("budget") == b.get("budget"),
    }


def share_day(ctx):
    world, b, a = _world(ctx), _tt(ctx.initial), _tt(ctx.final)
    cid = ctx.params["who"]["id"]
    sent = sent_to(ctx, cid)
    expected = text(share_text(world, b, ctx.params["day"]))
    return {
        "plan_sent": len(sent) == 1 and text(sent[0]["text"]) == expected,
        "others_intact": other_threads_intact(ctx, cid),
        "trip_intact": _plan(a) == _plan(b),
    }


def save_guide(ctx):
    b, a = _tt(ctx.initial), _tt(ctx.final)
    g = ctx.params["g"]
    before, after = rows(ctx.initial, "contacts", "contacts"), rows(ctx.final, "contacts", "contacts")
    new = [c for k, c in after.items() if k not in before]
    return {
        "saved": len(new) == 1 and text(new[0].get("name")) == text(g["name"]) and digits(new[0].get("phone")) == digits(g["phone"]),
        "contacts_intact": all(after.get(k) == v for k, v in before.items()),
        "trip_intact": _plan(a) == _plan(b),
    }


def set_budget(ctx):
    b, a = _tt(ctx.initial), _tt(ctx.final)
    return {
        "budget_set": a.get("budget") == ctx.params["amount"],
        "plan_intact": _plan(a) == _plan(b),
    }


def clear_day(ctx):
    b, a = _tt(ctx.initial), _tt(ctx.final)
    d = ctx.params["day"]
    return {
        "cleared": all(v[2] for v in _day_plan(a, d).values()),
        "pinned_stay": _pinned_intact(b, a),
        "other_days_intact": {k: v for k, v in _plan(a).items() if v[0] != d} == {k: v for k, v in _plan(b).items() if v[0] != d},
    }


def budget_fit(ctx):
    world, b, a = _world(ctx), _tt(ctx.initial), _tt(ctx.final)
    d = ctx.params["case"]["day"]
    kinds = {k for k, _ in day_issues(world, a, d)}
    before_day, after_day = _day_plan(b, d), _day_plan(a, d)
    return {
        "within_budget": "budget" not in kinds,
        "only_removed": all(after_day.get(k) == v for k, v in after_day.items() if k in before_day)
        and set(after_day) <= set(before_day) and all(before_day[k] == v for k, v in after_day.items()),
        "lunch_kept": "lunch" not in kinds,
        "pinned_stay": _pinned_intact(b, a),
        "other_days_intact": {k: v for k, v in _plan(a).items() if v[0] != d} == {k: v for k, v in _plan(b).items() if v[0] != d}
        and a.get("budget") == b.get("budget"),
    }
