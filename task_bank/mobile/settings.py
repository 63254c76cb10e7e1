"""Verifiers of the Settings tasks (settings.yaml). Each returns one boolean per criterion id.

State: apps.settings.data = {airplane, restore: null | {wifi?, bluetooth?}, wifi: {on, connected, saved: [id]},
bluetooth: {on, paired: [{id, connected}]}, display: {brightness, dark, adaptive, timeout},
sound: {...}, dnd: {on, calls, repeat_callers, schedule: {on, start, end, days}}, battery: {saver, auto_at},
device_name, notifications: {app id: bool}}.
"""

from __future__ import annotations

import re

from verifier_checks import answer_of, app_data, by_id, digits, rows, text


def _s(state: dict) -> dict:
    return app_data(state, "settings")


def _flat(value, prefix: str = "") -> dict:
    """Flatten nested dicts to dotted keys (lists and scalars are leaves)."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            out.update(_flat(v, f"{prefix}.{k}" if prefix else str(k)))
        return out if out or not prefix else {prefix: {}}
    return {prefix: value}


def _same_except(ctx, *allowed: str) -> bool:
    """True when every settings value outside the `allowed` dotted prefixes is unchanged."""
    before, after = _flat(_s(ctx.initial)), _flat(_s(ctx.final))

    def keep(k):
        return not any(k == a or k.startswith(a + ".") for a in allowed)

    return {k: v for k, v in before.items() if keep(k)} == {k: v for k, v in after.items() if keep(k)}


def _paired(state: dict) -> dict:
    return by_id((_s(state).get("bluetooth") or {}).get("paired"))


def _on(state: dict, radio: str) -> bool:
    return bool((_s(state).get(radio) or {}).get("on"))


RADIOS = ("airplane", "restore", "wifi.on", "bluetooth.on")


def airplane_on(ctx) -> dict[str, bool]:
    s = _s(ctx.final)
    restore = s.get("restore") or {}
    return {
        "airplane_on": s.get("airplane") is True,
        "radios_off": not _on(ctx.final, "wifi") and not _on(ctx.final, "bluetooth"),
        "remembered": restore.get("wifi") is _on(ctx.initial, "wifi") and restore.get("bluetooth") is _on(ctx.initial, "bluetooth"),
        "rest_intact": _same_except(ctx, *RADIOS),
    }


def airplane_off(ctx) -> dict[str, bool]:
    s = _s(ctx.final)
    r = ctx.params["r"]
    return {
        "airplane_off": s.get("airplane") is False,
        "restored": _on(ctx.final, "wifi") is bool(r["wifi"]) and _on(ctx.final, "bluetooth") is bool(r["bt"]) and not s.get("restore"),
        "rest_intact": _same_except(ctx, *RADIOS),
    }


def airplane_keep_bt(ctx) -> dict[str, bool]:
    s = _s(ctx.final)
    dev = ctx.params["dev"]["id"]
    restore = s.get("restore") or {}
    before_paired, after_paired = _paired(ctx.initial), _paired(ctx.final)
    others = {k: v for k, v in after_paired.items() if k != dev} == {k: v for k, v in before_paired.items() if k != dev}
    return {
        "airplane_on": s.get("airplane") is True and not _on(ctx.final, "wifi"),
        "bt_on": _on(ctx.final, "bluetooth") and (after_paired.get(dev) or {}).get("connected") is True,
        "wifi_remembered": restore.get("wifi") is True,
        "rest_intact": others and _same_except(ctx, *RADIOS, "bluetooth.paired"),
    }


def _wifi(state: dict) -> dict:
    return _s(state).get("wifi") or {}


def connect_wifi(ctx) -> dict[str, bool]:
    nid = ctx.params["net"]["id"]
    w = _wifi(ctx.final)
    saved = list(w.get("saved") or [])
    return {
        "connected": w.get("on") is True and w.get("connected") == nid,
        "saved": nid in saved and set(_wifi(ctx.initial).get("saved") or []) <= set(saved) and len(saved) == len(set(saved)),
        "rest_intact": set(saved) - set(_wifi(ctx.initial).get("saved") or []) <= {nid} and _same_except(ctx, "wifi.connected", "wifi.saved"),
    }


def forget_network(ctx) -> dict[str, bool]:
    nid = ctx.params["net"]["id"]
    before, after = _wifi(ctx.initial), _wifi(ctx.final)
    was_connected = before.get("connected") == nid
    return {
        "forgotten": nid not in (after.get("saved") or []) and after.get("connected") != nid,
        "others_kept": [x for x in before.get("saved") or [] if x != nid] == list(after.get("saved") or []),
        "rest_intact": (after.get("connected") is None if was_connected else after.get("connected") == before.get("connected"))
        and _same_except(ctx, "wifi.connected", "wifi.saved"),
    }


def display(ctx) -> dict[str, bool]:
    d = _s(ctx.final).get("display") or {}
    return {
        "brightness": d.get("brightness") == int(ctx.params["b"]["target"]),
        "dark": d.get("dark") is True,
        "rest_intact": _same_except(ctx, "display.brightness", "display.dark"),
    }


def dnd_schedule(ctx) -> dict[str, bool]:
    sch = (_s(ctx.final).get("dnd") or {}).get("schedule") or {}
    return {
        "times": sch.get("start") == ctx.params["start"] and sch.get("end") == ctx.params["end"],
        "days_on": sch.get("on") is True and sorted(sch.get("days") or []) == sorted(ctx.params["days"]["list"]),
        "rest_intact": _same_except(ctx, "dnd.schedule"),
    }


def rename_device(ctx) -> dict[str, bool]:
    return {
        "renamed": _s(ctx.final).get("device_name") == ctx.params["name"],
        "rest_intact": _same_except(ctx, "device_name"),
    }


def mute_apps(ctx) -> dict[str, bool]:
    a, b = ctx.params["a"]["id"], ctx.params["b"]["id"]
    n = _s(ctx.final).get("notifications") or {}
    return {
        "both_off": n.get(a) is False and n.get(b) is False,
        "rest_intact": _same_except(ctx, f"notifications.{a}", f"notifications.{b}"),
    }


def query_wifi(ctx) -> dict[str, bool]:
    return {
        "correct": text(answer_of(ctx, "network"), "\"'“”") == text(ctx.params["n"]["ssid"]),
        "unchanged": _same_except(ctx),
    }


def query_device(ctx) -> dict[str, bool]:
    want = text(ctx.params["q"]["answer"])
    got = text(answer_of(ctx, "answer"), "\"'“”")
    if re.fullmatch(r"[\d.]+", want):
        # A number: "71.4", "71.4 GB", "15%", "3 devices" all count.
        nums = re.findall(r"\d+(?:\.\d+)?", got)
        ok = len(nums) == 1 and float(nums[0]) == float(want)
    else:
        ok = got == want
    return {"correct": ok, "unchanged": _same_except(ctx)}


def share_wifi(ctx) -> dict[str, bool]:
    contact = ctx.params["contact"]
    before, after = rows(ctx.initial, "messages", "threads"), rows(ctx.final, "messages", "threads")
    new = []
    for tid, t in after.items():
        old = {m.get("id") for m in (before.get(tid) or {}).get("messages") or []}
        new += [(t, m) for m in t.get("messages") or [] if m.get("id") not in old]
    phone = digits(contact["phone"])
    theirs = [(t, m) for t, m in new if t.get("contact_id") == contact["id"] or digits(t.get("number")) == phone]

    def content(t):
        return {k: v for k, v in t.items() if k not in ("unread", "messages")}

    return {
        "sent": len(theirs) == 1 and theirs[0][1].get("from") == "me" and ctx.params["net"]["password"] in str(theirs[0][1].get("text")),
        "others_intact": len(new) == len(theirs) and set(before) <= set(after)
        and all(content(after[k]) == content(v) for k, v in before.items()),
        "settings_intact": _same_except(ctx),
    }


def dnd_favorites(ctx) -> dict[str, bool]:
    d = _s(ctx.final).get("dnd") or {}
    cid = ctx.params["contact"]["id"]
    before, after = rows(ctx.initial, "contacts", "contacts"), rows(ctx.final, "contacts", "contacts")
    others = set(before) == set(after) and all(after[k] == v for k, v in before.items() if k != cid) \
        and {k: v for k, v in (after.get(cid) or {}).items() if k != "favorite"} == {k: v for k, v in before[cid].items() if k != "favorite"}
    return {
        "dnd_on": d.get("on") is True,
        "favorites_only": d.get("calls") == "favorites",
        "favorite": (after.get(cid) or {}).get("favorite") is True,
        "rest_intact": others and _same_except(ctx, "dnd.on", "dnd.calls"),
    }


def dnd_bedtime(ctx) -> dict[str, bool]:
    sch = (_s(ctx.final).get("dnd") or {}).get("schedule") or {}
    bed = app_data(ctx.initial, "clock").get("bedtime") or {}
    return {
        "times_match": bool(bed) and sch.get("start") == bed.get("bed") and sch.get("end") == bed.get("wake"),
        "on_every_day": sch.get("on") is True and sorted(sch.get("days") or []) == list(range(7)),
        # the Clock app is only read: its bedtime, alarms and the rest unchanged
        "rest_intact": _same_except(ctx, "dnd.schedule") and app_data(ctx.initial, "clock") == app_data(ctx.final, "clock"),
    }


def bt_off_report(ctx) -> dict[str, bool]:
    connected = [p["id"] for p in _paired(ctx.initial).values() if p.get("connected")]
    want = ctx.params["dev"]["name"] if connected == [ctx.params["dev"]["id"]] else None
    return {
        "bt_off": not _on(ctx.final, "bluetooth"),
        "correct": want is not None and text(answer_of(ctx, "device"), "\"'“”") == text(want),
        "rest_intact": _paired(ctx.initial) == _paired(ctx.final) and _same_except(ctx, "bluetooth.on"),
    }
