"""Verifiers of the Notes tasks (task_bank/mobile/notes.yaml).

State: apps.notes.data = {folders: [{id, name}], notes: [{id, title, body, items: [{id, text, done}], folder,
pinned, trashed, updated}]}. `updated` (the edit time) may change whenever a note is edited; it is never judged.
Messages: apps.messages.data.threads; Contacts: apps.contacts.data.contacts.
"""

from verifier_checks import (
    alnum,
    answer_of,
    app_data,
    by_id,
    new_messages,
    new_rows,
    number_is,
    only_changed,
    rows,
    text,
    thread_is_with,
    threads_intact,
)


def _notes(state):
    return rows(state, "notes", "notes")


def _folders(state):
    return rows(state, "notes", "folders")


def _text(value):
    """Compare text ignoring case, surrounding quotes and runs of whitespace."""
    return text(value, "\"'“”")


def _same(old, new):
    """True when two notes agree on every field but the edit time."""
    return all(old.get(k) == new.get(k) for k in set(old) | set(new) if k != "updated")


def _only_changed(ctx, changes):
    """Same note ids as before; only the listed fields of the listed notes differ (edit times ignored)."""
    return only_changed(_notes(ctx.initial), _notes(ctx.final), changes, ignore={"updated"})


def _folders_intact(ctx):
    return _folders(ctx.initial) == _folders(ctx.final)


def _unchanged(ctx):
    return _only_changed(ctx, {}) and _folders_intact(ctx)


def _new_notes(ctx):
    return [n for n in new_rows(ctx, "notes", "notes") if not n.get("trashed")]


def _existing_intact(ctx):
    before, after = _notes(ctx.initial), _notes(ctx.final)
    return all(nid in after and _same(n, after[nid]) for nid, n in before.items())


# ------------------------------------------------------------------ operate


def create(ctx):
    p = ctx.params["n"]
    new = _new_notes(ctx)
    made = new[0] if len(new) == 1 else {}
    return {
        "created": len(new) == 1 and _text(made.get("title")) == _text(p["title"]),
        # The instruction ends with the text ("...with the text: Pick a film for Friday."), so its last full stop
        # reads as the sentence's own: a body typed without it is the same text (as contacts.add_note reads a note).
        "body": bool(made) and _text(made.get("body")).rstrip(".") == _text(p["body"]).rstrip(".") and not made.get("items"),
        "others_intact": _existing_intact(ctx) and _folders_intact(ctx),
    }


def add_item(ctx):
    p = ctx.params
    nid = p["l"]["id"]
    old, new = _notes(ctx.initial).get(nid, {}), _notes(ctx.final).get(nid, {})
    old_items = old.get("items") or []
    items = new.get("items") or []
    added = [i for i in items if i.get("id") not in {x.get("id") for x in old_items}]
    return {
        "added": len(added) == 1 and _text(added[0].get("text")) == _text(p["item"]) and added[0].get("done") is False,
        "list_kept": [i for i in items if i not in added] == old_items,
        "rest_intact": _only_changed(ctx, {nid: {"items"}}) and _folders_intact(ctx),
    }


def check_items(ctx):
    p = ctx.params["x"]
    nid = p["id"]
    old = by_id(_notes(ctx.initial).get(nid, {}).get("items"))
    new = by_id(_notes(ctx.final).get(nid, {}).get("items"))
    targets = {p["a"], p["b"]}
    return {
        "ticked": all(new.get(i, {}).get("done") is True for i in targets),
        "others_kept": set(old) == set(new) and all(new[i] == v for i, v in old.items() if i not in targets)
        and all(new[i].get("text") == old[i].get("text") for i in targets if i in new and i in old),
        "rest_intact": _only_changed(ctx, {nid: {"items"}}) and _folders_intact(ctx),
    }


def pin(ctx):
    nid = ctx.params["n"]["id"]
    return {
        "pinned": _notes(ctx.final).get(nid, {}).get("pinned") is True,
        "rest_intact": _only_changed(ctx, {nid: {"pinned"}}) and _folders_intact(ctx),
    }


def move_folder(ctx):
    nid, fid = ctx.params["n"]["id"], ctx.params["f"]["id"]
    return {
        "moved": _notes(ctx.final).get(nid, {}).get("folder") == fid,
        "rest_intact": _only_changed(ctx, {nid: {"folder"}}) and _folders_intact(ctx),
    }


def new_folder(ctx):
    p = ctx.params
    nid = p["n"]["id"]
    before, after = _folders(ctx.initial), _folders(ctx.final)
    added = [f for fid, f in after.items() if fid not in before]
    folder = added[0] if len(added) == 1 else {}
    return {
        "folder_created": len(added) == 1 and _text(folder.get("name")) == _text(p["name"])
        and all(after.get(k) == v for k, v in before.items()),
        "note_moved": bool(folder) and _notes(ctx.final).get(nid, {}).get("folder") == folder.get("id"),
        "rest_intact": _only_changed(ctx, {nid: {"folder"}}),
    }


def restore(ctx):
    nid = ctx.params["n"]["id"]
    return {
        "restored": _notes(ctx.initial).get(nid, {}).get("trashed") is True and _notes(ctx.final).get(nid, {}).get("trashed") is False,
        "rest_intact": _only_changed(ctx, {nid: {"trashed"}}) and _folders_intact(ctx),
    }


def purge(ctx):
    nid = ctx.params["n"]["id"]
    before, after = _notes(ctx.initial), _notes(ctx.final)
    return {
        "deleted": nid in before and nid not in after,
        "others_intact": set(after) == set(before) - {nid} and all(_same(v, after[k]) for k, v in before.items() if k != nid)
        and _folders_intact(ctx),
    }


# -------------------------------------------------------------------- query


def query_code(ctx):
    accept = {alnum(a) for a in ctx.params["q"]["accept"]}
    return {"correct": alnum(answer_of(ctx, "answer")) in accept, "unchanged": _unchanged(ctx)}


def count_unchecked(ctx):
    nid = ctx.params["l"]["id"]
    truth = sum(1 for i in _notes(ctx.initial).get(nid, {}).get("items") or [] if not i.get("done"))
    return {"correct": number_is(answer_of(ctx, "count"), truth), "unchanged": _unchanged(ctx)}


# ---------------------------------------------------------------- cross-app


def share(ctx):
    p = ctx.params
    sent = new_messages(ctx)
    good = [m for t, m in sent if thread_is_with(t, ctx.initial, p["to"]["id"])
            and _text(p["n"]["title"]) in _text(m.get("text")) and _text(p["n"]["key"]) in _text(m.get("text"))]
    return {
        "sent": len(sent) == 1 and len(good) == 1,
        "others_intact": threads_intact(ctx),
        "notes_intact": _unchanged(ctx),
    }


def from_messages(ctx):
    p = ctx.params
    new = _new_notes(ctx)
    made = new[0] if len(new) == 1 else {}
    content = _text(made.get("body")) + " " + " ".join(_text(i.get("text")) for i in made.get("items") or [])
    return {
        "created": len(new) == 1 and _text(made.get("title")) == _text(p["src"]["title"]),
        "facts": bool(made) and all(_text(f) in content for f in p["src"]["facts"]),
        "in_folder": bool(made) and made.get("folder") == p["f"]["id"],
        "others_intact": _existing_intact(ctx) and _folders_intact(ctx) and not new_messages(ctx)
        and threads_intact(ctx),
    }


def company_checklist(ctx):
    p = ctx.params
    company = _text(p["g"]["company"])
    people = sorted(_text(c.get("name")) for c in app_data(ctx.initial, "contacts").get("contacts") or [] if _text(c.get("company")) == company)
    new = _new_notes(ctx)
    made = new[0] if len(new) == 1 else {}
    items = made.get("items") or []
    return {
        "created": len(new) == 1 and _text(made.get("title")) == _text(f"{p['g']['company']} {p['purpose']}"),
        "items": bool(people) and sorted(_text(i.get("text")) for i in items) == people and not any(i.get("done") for i in items),
        "others_intact": _existing_intact(ctx) and _folders_intact(ctx)
        and app_data(ctx.initial, "contacts") == app_data(ctx.final, "contacts"),
    }
