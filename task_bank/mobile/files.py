"""Verifiers of the Files tasks (task_bank/mobile/files.yaml).

State: apps.files.data.entries = [{id, name, parent ("root" or a folder id), folder: bool, type, size (KB),
modified "YYYY-MM-DD", trashed: bool}]. An entry is live when neither it nor an ancestor is trashed.
Messages: apps.messages.data.threads; Notes: apps.notes.data.notes.
"""

from verifier_checks import (
    answer_of,
    new_messages,
    new_rows,
    number,
    only_changed,
    rows,
    text,
    thread_is_with,
    threads_intact,
)


def _entries(state):
    return rows(state, "files", "entries")


def _text(value):
    """Compare text ignoring case, surrounding quotes and runs of whitespace."""
    return text(value, "\"'“”")


def _live(entries, e):
    seen = set()
    while e and e["id"] not in seen:
        if e.get("trashed"):
            return False
        seen.add(e["id"])
        if e.get("parent") == "root":
            return True
        e = entries.get(e.get("parent"))
    return False


def _under(entries, folder):
    """The live files anywhere inside `folder`."""
    def inside(e):
        p, seen = e.get("parent"), set()
        while p and p != "root" and p not in seen:
            if p == folder:
                return True
            seen.add(p)
            p = (entries.get(p) or {}).get("parent")
        return False
    return [e for e in entries.values() if not e.get("folder") and _live(entries, e) and inside(e)]


def _only_changed(ctx, changes):
    """Same entry ids as before; only the listed fields of the listed entries differ."""
    return only_changed(_entries(ctx.initial), _entries(ctx.final), changes)


def _unchanged(ctx):
    return _only_changed(ctx, {})


# ------------------------------------------------------------------ operate


def rename(ctx):
    p = ctx.params["f"]
    before, after = _entries(ctx.initial), _entries(ctx.final)
    new = after.get(p["id"], {})
    return {
        "renamed": new.get("name") == p["new"],
        "same_type": new.get("type") == before.get(p["id"], {}).get("type"),
        "rest_intact": _only_changed(ctx, {p["id"]: {"name"}}),
    }


def move(ctx):
    p = ctx.params["f"]
    return {
        "moved": _entries(ctx.final).get(p["id"], {}).get("parent") == p["to"],
        "rest_intact": _only_changed(ctx, {p["id"]: {"parent"}}),
    }


def copy(ctx):
    p = ctx.params["f"]
    before, after = _entries(ctx.initial), _entries(ctx.final)
    src = before.get(p["id"], {})
    new = new_rows(ctx, "files", "entries")
    made = new[0] if len(new) == 1 else {}
    return {
        "copied": len(new) == 1 and made.get("parent") == p["to"] and made.get("name") == src.get("name")
        and not made.get("trashed"),
        "same_file": bool(made) and made.get("size") == src.get("size") and made.get("type") == src.get("type")
        and made.get("folder") is False,
        "original_kept": all(after.get(eid) == e for eid, e in before.items()),
    }


def delete(ctx):
    eid = ctx.params["f"]["id"]
    return {
        "trashed": _entries(ctx.final).get(eid, {}).get("trashed") is True,
        "rest_intact": _only_changed(ctx, {eid: {"trashed"}}),
    }


def restore(ctx):
    eid = ctx.params["f"]["id"]
    before, after = _entries(ctx.initial), _entries(ctx.final)
    return {
        "restored": before.get(eid, {}).get("trashed") is True and after.get(eid, {}).get("trashed") is False,
        "same_place": after.get(eid, {}).get("parent") == before.get(eid, {}).get("parent")
        and after.get(eid, {}).get("name") == before.get(eid, {}).get("name"),
        "rest_intact": _only_changed(ctx, {eid: {"trashed"}}),
    }


def _rule_matches(rule, e):
    kind, value = rule["kind"], rule["value"]
    if kind == "before":
        return e.get("modified", "") < value
    if kind == "larger_kb":
        return e.get("size", 0) > value
    if kind == "smaller_kb":
        return e.get("size", 0) < value
    if kind == "march_small":
        return e.get("modified", "").startswith("2026-03") and e.get("size", 0) < value
    if kind == "types":
        return e.get("type") in value
    raise ValueError(f"unknown rule {kind!r}")


def cleanup_rule(ctx):
    rule = ctx.params["rule"]
    before = _entries(ctx.initial)
    after = _entries(ctx.final)
    targets = {eid for eid, e in before.items() if e.get("parent") == "d2" and not e.get("folder")
               and not e.get("trashed") and _rule_matches(rule, e)}
    return {
        "all_deleted": bool(targets) and all(after.get(eid, {}).get("trashed") is True for eid in targets),
        "only_those": _only_changed(ctx, {eid: {"trashed"} for eid in targets}),
    }


def from_note(ctx):
    name = ctx.params["name"]
    files = ctx.params["files"]
    before, after = _entries(ctx.initial), _entries(ctx.final)
    new = new_rows(ctx, "files", "entries")
    folder = new[0] if len(new) == 1 else {}
    return {
        "folder_created": len(new) == 1 and folder.get("folder") is True and _text(folder.get("name")) == _text(name)
        and folder.get("parent") == "d1" and not folder.get("trashed"),
        "files_moved": bool(folder) and all(after.get(f, {}).get("parent") == folder.get("id") for f in files),
        "rest_intact": all(after.get(eid) == e for eid, e in before.items() if eid not in files)
        and all({k: v for k, v in after.get(f, {}).items() if k != "parent"} == {k: v for k, v in before[f].items() if k != "parent"}
                for f in files if f in before) and _notes_read_only(ctx),
    }


def _notes_read_only(ctx) -> bool:
    """The Notes app was only read: every note as it was (its edit time aside), no note added, the folders the same."""
    return only_changed(rows(ctx.initial, "notes", "notes"), rows(ctx.final, "notes", "notes"), {}, ignore={"updated"}) \
        and rows(ctx.initial, "notes", "folders") == rows(ctx.final, "notes", "folders")


# -------------------------------------------------------------------- query


def _kb(value):
    """A size answer in KB as a number: "842", "31,500", "842 KB" (the unit asked for may be written); None else."""
    body = str(value if value is not None else "").strip()
    if body.lower().endswith("kb"):
        body = body[:-2]
    return number(body)


def query_size(ctx):
    truth = _entries(ctx.initial).get(ctx.params["f"]["id"], {}).get("size")
    return {"correct": truth is not None and _kb(answer_of(ctx, "size")) == truth, "unchanged": _unchanged(ctx)}


def query_largest(ctx):
    entries = _entries(ctx.initial)
    files = sorted(_under(entries, ctx.params["d"]["id"]), key=lambda e: -e["size"])
    unique = len(files) == 1 or (len(files) > 1 and files[0]["size"] > files[1]["size"])
    return {
        "correct": bool(files) and unique and _text(answer_of(ctx, "name")) == _text(files[0]["name"]),
        "unchanged": _unchanged(ctx),
    }


def count_type(ctx):
    p = ctx.params["q"]
    truth = sum(1 for e in _under(_entries(ctx.initial), p["folder"]) if e.get("type") == p["type"])
    return {"correct": number(answer_of(ctx, "count")) == truth, "unchanged": _unchanged(ctx)}


# ---------------------------------------------------------------- cross-app


def share(ctx):
    p = ctx.params
    sent = new_messages(ctx)
    good = [m for t, m in sent if thread_is_with(t, ctx.initial, p["to"]["id"]) and _text(p["f"]["name"]) in _text(m.get("text"))]
    return {"sent": len(sent) == 1 and len(good) == 1, "others_intact": threads_intact(ctx), "files_intact": _unchanged(ctx)}
