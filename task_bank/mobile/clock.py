"""Verifiers of the Clock tasks (clock.yaml). Each returns one boolean per criterion id.

State: apps.clock.data = {alarms: [{id, time: "HH:MM", label, days: [0=Sun..6=Sat] ([] = once), on}],
cities: [city id], timer: {duration, end, remaining}, stopwatch: {start, acc, laps: [ms]},
bedtime: {on, bed, wake, days}}. Virtual time: os.clock.now (ms, read as UTC).
"""

from __future__ import annotations

import datetime as dt
import re

from verifier_checks import (
    app_data,
    clock_now,
    digits,
    hhmm,
    minutes,
    new_rows,
    rows,
    same_keys,
    text,
    thread_content,
    time_of,
)

DAY = 86400000
MIN = 60000


def _clock(state: dict) -> dict:
    return app_data(state, "clock")


def _alarms(state: dict) -> dict:
    return rows(state, "clock", "alarms")


def _days(days) -> list[int]:
    return sorted({int(d) for d in days or [] if isinstance(d, (int, float)) and 0 <= int(d) <= 6})


def _weekday(ms: int) -> int:
    """0=Sun..6=Sat of a virtual timestamp."""
    return (dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC).weekday() + 1) % 7


def _times_in(message) -> set[str]:
    """Every clock time written in a message ("It's 15:15 there", "3:15 pm")."""
    out = set()
    for m in re.finditer(r"(\d{1,2})[:.](\d{2})\s*(am|pm)?", str(message or "").lower()):
        t = time_of(f"{m.group(1)}:{m.group(2)}{m.group(3) or ''}")
        if t:
            out.add(t)
    return out


def _city_time(now: int, offset_min: int) -> str:
    return hhmm((now + offset_min * MIN) // MIN)


def _new_alarms(ctx) -> list[dict]:
    return new_rows(ctx, "clock", "alarms")


def _old_intact(ctx, skip=frozenset()) -> bool:
    """Every alarm of s0 (except `skip`) is still there, unchanged."""
    after = _alarms(ctx.final)
    return all(after.get(k) == v for k, v in _alarms(ctx.initial).items() if k not in skip)


def _same(ctx, *keys: str) -> bool:
    return same_keys(ctx, "clock", keys)


def rings_tomorrow(alarms: list[dict], now: int) -> list[dict]:
    """The alarms that ring tomorrow, earliest first (one-time alarms ring at their next occurrence)."""
    day = now // DAY + 1
    out = []
    for a in alarms:
        if not a.get("on"):
            continue
        at = day * DAY + minutes(a["time"]) * MIN
        days = _days(a.get("days"))
        if days:
            if _weekday(day * DAY) in days:
                out.append(a)
        elif (now // DAY) * DAY + minutes(a["time"]) * MIN <= now and at > now:
            out.append(a)
    return sorted(out, key=lambda a: minutes(a["time"]))


# ---------------------------------------------------------------------- verifiers


def create_alarm(ctx) -> dict[str, bool]:
    new = _new_alarms(ctx)
    match = [a for a in new if a.get("time") == ctx.params["time"] and text(a.get("label")) == text(ctx.params["label"])]
    return {
        "created": len(new) == 1 and len(match) == 1,
        "settings_right": len(match) == 1 and _days(match[0].get("days")) == [] and match[0].get("on") is True,
        "others_intact": _old_intact(ctx) and len(_alarms(ctx.final)) == len(_alarms(ctx.initial)) + len(new),
    }


def repeating_alarm(ctx) -> dict[str, bool]:
    new = _new_alarms(ctx)
    match = [a for a in new if a.get("time") == ctx.params["time"] and text(a.get("label")) == text(ctx.params["label"])]
    want = sorted({int(ctx.params["days"]["a"]), int(ctx.params["days"]["b"])})
    return {
        "created": len(new) == 1 and len(match) == 1,
        "days_right": len(match) == 1 and _days(match[0].get("days")) == want and match[0].get("on") is True,
        "others_intact": _old_intact(ctx),
    }


def toggle_alarm(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    before, after = _alarms(ctx.initial).get(x["id"]) or {}, _alarms(ctx.final).get(x["id"]) or {}
    return {
        "toggled": after.get("on") is bool(x["on"]),
        "others_intact": bool(after) and {k: v for k, v in after.items() if k != "on"} == {k: v for k, v in before.items() if k != "on"}
        and _old_intact(ctx, skip={x["id"]}) and not _new_alarms(ctx),
    }


def edit_alarm_time(ctx) -> dict[str, bool]:
    aid = ctx.params["x"]["id"]
    before, after = _alarms(ctx.initial).get(aid) or {}, _alarms(ctx.final).get(aid) or {}
    return {
        "moved": after.get("time") == ctx.params["time"],
        "kept": bool(after) and after.get("label") == before.get("label") and _days(after.get("days")) == _days(before.get("days"))
        and after.get("on") is True,
        "others_intact": _old_intact(ctx, skip={aid}) and not _new_alarms(ctx),
    }


def delete_alarm(ctx) -> dict[str, bool]:
    aid = ctx.params["x"]["id"]
    return {
        "deleted": aid in _alarms(ctx.initial) and aid not in _alarms(ctx.final),
        "others_intact": _old_intact(ctx, skip={aid}) and not _new_alarms(ctx),
    }


def no_duplicate(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    want = _days(x["days"])
    after = _alarms(ctx.final)
    same = [a for a in after.values() if a.get("time") == x["time"] and _days(a.get("days")) == want]
    # A replacement (delete the old one, add a new one) is fine; any other new alarm is not.
    extra = [a for a in _new_alarms(ctx) if not (a.get("time") == x["time"] and _days(a.get("days")) == want)]
    return {
        "one_alarm": len(same) == 1,
        "on_and_labeled": len(same) == 1 and same[0].get("on") is True and text(same[0].get("label")) == text(ctx.params["label"]),
        "others_intact": _old_intact(ctx, skip={x["id"]}) and not extra,
    }


def query_first_tomorrow(ctx) -> dict[str, bool]:
    first = rings_tomorrow(list(_alarms(ctx.initial).values()), clock_now(ctx.initial))
    return {
        "correct": bool(first) and time_of(ctx.answer.get("time")) == first[0]["time"],
        "unchanged": _alarms(ctx.initial) == _alarms(ctx.final),
    }


def query_city_time(ctx) -> dict[str, bool]:
    offset = int(ctx.params["city"]["offset"])
    accepted = {_city_time(clock_now(ctx.initial), offset), _city_time(clock_now(ctx.final), offset)}
    return {
        "correct": time_of(ctx.answer.get("time")) in accepted,
        "alarms_intact": _alarms(ctx.initial) == _alarms(ctx.final),
    }


def add_cities(ctx) -> dict[str, bool]:
    before, after = list(_clock(ctx.initial).get("cities") or []), list(_clock(ctx.final).get("cities") or [])
    want = {ctx.params["a"]["id"], ctx.params["b"]["id"]}
    return {
        "added": want <= set(after),
        "kept": set(after) == set(before) | want and len(after) == len(set(after))
        and _same(ctx, "alarms", "stopwatch", "bedtime"),
    }


def start_timer(ctx) -> dict[str, bool]:
    timer = _clock(ctx.final).get("timer") or {}
    return {
        "running": isinstance(timer.get("end"), (int, float)) and timer.get("remaining") is None,
        "length_right": timer.get("duration") == int(ctx.params["m"]) * MIN,
        "others_intact": _same(ctx, "alarms", "cities", "stopwatch", "bedtime"),
    }


def stopwatch_laps(ctx) -> dict[str, bool]:
    sw = _clock(ctx.final).get("stopwatch") or {}
    laps = list(sw.get("laps") or [])
    t = ctx.params["t"]
    return {
        "two_laps": len(laps) == 2 and abs(laps[0] - int(t["a"]) * 1000) <= 2000 and abs(laps[1] - int(t["b"]) * 1000) <= 2000,
        "paused": sw.get("start") is None and int(sw.get("acc") or 0) > 0,
        "others_intact": _same(ctx, "alarms", "timer", "bedtime"),
    }


def bedtime(ctx) -> dict[str, bool]:
    b = _clock(ctx.final).get("bedtime") or {}
    return {
        "times_set": b.get("bed") == ctx.params["bed"] and b.get("wake") == ctx.params["wake"],
        "on_every_day": b.get("on") is True and _days(b.get("days")) == list(range(7)),
        "others_intact": _same(ctx, "alarms"),
    }


def _thread_rows(state: dict) -> dict:
    """{id: thread} of the Messages app (the primitive `threads` gives the list)."""
    return rows(state, "messages", "threads")


def _without_unread(thread_map: dict) -> dict:
    return {k: thread_content(t) for k, t in thread_map.items()}


def alarm_from_message(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    new = _new_alarms(ctx)
    match = [a for a in new if a.get("time") == x["time"] and text(a.get("label")) == text(x["label"])]
    return {
        "alarm_time": len(new) == 1 and len(match) == 1,
        "alarm_days": len(match) == 1 and _days(match[0].get("days")) == [int(x["day"])] and match[0].get("on") is True,
        "others_intact": _old_intact(ctx) and _without_unread(_thread_rows(ctx.initial)) == _without_unread(_thread_rows(ctx.final)),
    }


def text_city_time(ctx) -> dict[str, bool]:
    contact = ctx.params["contact"]
    offset = int(ctx.params["city"]["offset"])
    before, after = _thread_rows(ctx.initial), _thread_rows(ctx.final)
    new = []
    for tid, t in after.items():
        old = {m.get("id") for m in (before.get(tid) or {}).get("messages") or []}
        new += [(t, m) for m in t.get("messages") or [] if m.get("id") not in old]
    phone = digits(contact["phone"])
    to_them = [(t, m) for t, m in new if t.get("contact_id") == contact["id"] or digits(t.get("number")) == phone]
    ok = len(to_them) == 1 and to_them[0][1].get("from") == "me" \
        and _city_time(int(to_them[0][1].get("time") or 0), offset) in _times_in(to_them[0][1].get("text"))
    content = lambda t: {k: v for k, v in t.items() if k not in ("unread", "messages")}
    return {
        "sent": ok,
        "others_intact": len(new) == len(to_them) and set(before) <= set(after)
        and all(content(after[k]) == content(v) for k, v in before.items()) and _alarms(ctx.initial) == _alarms(ctx.final),
    }


def next_ring(alarm: dict, now: int) -> int | None:
    """The virtual ms of an alarm's next ring after `now` (None when off); mirrors the app's nextRing."""
    if not alarm.get("on"):
        return None
    midnight = now // DAY * DAY
    at = minutes(alarm["time"]) * MIN
    days = _days(alarm.get("days"))
    for offset in range(8):
        t = midnight + offset * DAY + at
        if t > now and (not days or _weekday(midnight + offset * DAY) in days):
            return t
    return None


def skip_next_alarm(ctx) -> dict[str, bool]:
    now = clock_now(ctx.initial)
    rings = [(next_ring(a, now), a) for a in _alarms(ctx.initial).values()]
    rings = sorted(((t, a) for t, a in rings if t is not None), key=lambda x: x[0])
    target = rings[0][1] if rings else None
    after = _alarms(ctx.final).get(target["id"]) if target else None
    return {
        "switched_off": bool(after) and after.get("on") is False
        and {k: v for k, v in after.items() if k != "on"} == {k: v for k, v in target.items() if k != "on"},
        "correct": target is not None and text(ctx.answer.get("label")) == text(target.get("label")),
        "others_intact": target is not None and _old_intact(ctx, skip={target["id"]}) and not _new_alarms(ctx),
    }
