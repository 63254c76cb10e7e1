"""Verifiers of the Gallery tasks (task_bank/mobile/gallery.yaml).

State: apps.gallery.data = {photos: [{id, taken (ms), favorite, trashed (ms|null)}],
albums: [{id, name, created, photos: [ids]}]}; labels and places live in the app's world.
Messages: apps.messages.data.threads = [{id, contact_id, number, messages: [{id, from, text, time}], ...}].
Email: apps.email.data.emails = [{id, folder, time, read, starred, labels, own?, to?, attachments?, ...}].
"""

from datetime import UTC, datetime

from verifier_checks import (
    answer_of,
    app_data,
    has_words,
    new_rows,
    number,
    rows,
    text,
    thread_content,
    thread_of,
    threads,
    words,
)


def _photos(state):
    return rows(state, "gallery", "photos")


def _albums(state):
    return rows(state, "gallery", "albums")


def _gallery(state):
    return app_data(state, "gallery")


def _photos_except(ctx, pid=None, keys=None):
    """Every photo other than `pid` is unchanged; for `pid`, only `keys` may differ."""
    before, after = _photos(ctx.initial), _photos(ctx.final)
    if set(before) != set(after):
        return False
    for k, p in before.items():
        q = after[k]
        if k == pid and keys is not None:
            if any(q.get(f) != p.get(f) for f in p if f not in keys):
                return False
        elif q != p:
            return False
    return True


def _albums_except(ctx, aid=None):
    before, after = _albums(ctx.initial), _albums(ctx.final)
    return all(after.get(k) == v for k, v in before.items() if k != aid) and \
        all(k in before or k == aid for k in after)


# ---------------------------------------------------------------- operations


def favorite_photo(ctx) -> dict[str, bool]:
    pid = ctx.params["p"]["id"]
    after = _photos(ctx.final).get(pid, {})
    return {
        "favorited": after.get("favorite") is True and after.get("trashed") is None,
        "rest_intact": _photos_except(ctx, pid, keys={"favorite"}) and _gallery(ctx.final).get("albums") == _gallery(ctx.initial).get("albums"),
    }


def add_to_album(ctx) -> dict[str, bool]:
    x = ctx.params["x"]
    before = _albums(ctx.initial).get(x["album"], {})
    after = _albums(ctx.final).get(x["album"], {})
    photos = after.get("photos", [])
    return {
        "added": photos.count(x["photo"]) == 1 and [p for p in photos if p != x["photo"]] == before.get("photos", [])
        and after.get("name") == before.get("name"),
        "rest_intact": _albums_except(ctx, x["album"]) and _photos(ctx.final) == _photos(ctx.initial),
    }


def album_from_place(ctx) -> dict[str, bool]:
    before = _albums(ctx.initial)
    after = _albums(ctx.final)
    new = new_rows(ctx, "gallery", "albums")
    named = [a for a in new if text(a.get("name", "")) == text(ctx.params["name"])]
    album = named[0] if len(named) == 1 else None
    return {
        "created": len(new) == 1 and album is not None,
        "right_photos": album is not None and sorted(album.get("photos", [])) == sorted(ctx.params["place"]["ids"])
        and len(album.get("photos", [])) == len(set(album.get("photos", []))),
        "rest_intact": all(after.get(k) == v for k, v in before.items()) and _photos(ctx.final) == _photos(ctx.initial),
    }


def trash_photo(ctx) -> dict[str, bool]:
    pid = ctx.params["p"]["id"]
    after = _photos(ctx.final).get(pid, {})
    return {
        "trashed": after.get("trashed") is not None and _photos(ctx.initial).get(pid, {}).get("trashed") is None,
        "rest_intact": _photos_except(ctx, pid, keys={"trashed"}) and _gallery(ctx.final).get("albums") == _gallery(ctx.initial).get("albums"),
    }


def restore_photo(ctx) -> dict[str, bool]:
    pid = ctx.params["p"]["id"]
    after = _photos(ctx.final).get(pid)
    return {
        "restored": after is not None and after.get("trashed") is None,
        "rest_intact": _photos_except(ctx, pid, keys={"trashed"}) and _gallery(ctx.final).get("albums") == _gallery(ctx.initial).get("albums"),
    }


def rename_album(ctx) -> dict[str, bool]:
    aid = ctx.params["a"]["id"]
    before = _albums(ctx.initial).get(aid, {})
    after = _albums(ctx.final).get(aid, {})
    return {
        "renamed": after.get("name") == ctx.params["new_name"],
        "rest_intact": after.get("photos") == before.get("photos") and _albums_except(ctx, aid)
        and _photos(ctx.final) == _photos(ctx.initial),
    }


def delete_album(ctx) -> dict[str, bool]:
    aid = ctx.params["a"]["id"]
    return {
        "deleted": aid in _albums(ctx.initial) and aid not in _albums(ctx.final),
        "photos_kept": _photos(ctx.final) == _photos(ctx.initial),
        "others_intact": _albums_except(ctx, aid) and len(_albums(ctx.final)) == len(_albums(ctx.initial)) - 1,
    }


# ---------------------------------------------------------------- queries


def count_place(ctx) -> dict[str, bool]:
    answer = number(answer_of(ctx, "count"))
    return {
        "correct": answer is not None and answer == ctx.params["q"]["n"],
        "unchanged": _gallery(ctx.final) == _gallery(ctx.initial),
    }


def place_on_day(ctx) -> dict[str, bool]:
    answer = words(answer_of(ctx, "place"))
    return {
        "correct": answer != "" and answer == words(ctx.params["q"]["place"]),
        "unchanged": _gallery(ctx.final) == _gallery(ctx.initial),
    }


def favorite_latest_at(ctx) -> dict[str, bool]:
    q = ctx.params["q"]
    after = _photos(ctx.final).get(q["photo"], {})
    return {
        "favorited": after.get("favorite") is True,
        "correct": words(answer_of(ctx, "label")) == words(q["label"]),
        "rest_intact": _photos_except(ctx, q["photo"], keys={"favorite"}) and _gallery(ctx.final).get("albums") == _gallery(ctx.initial).get("albums"),
    }


# ---------------------------------------------------------------- cross-app


def _new_mine_to(ctx, contact):
    """(new messages from me in the contact's conversation, that thread's id or None, others intact)."""
    before_threads, after_threads = threads(ctx.initial), threads(ctx.final)
    before = thread_of(before_threads, contact["id"], contact.get("phone"))
    after = thread_of(after_threads, contact["id"], contact.get("phone"))
    old = {m.get("id") for m in (before or {}).get("messages", [])}
    new = [m for m in (after or {}).get("messages", []) if m.get("id") not in old]
    tid = after.get("id") if after else None
    b = rows(ctx.initial, "messages", "threads")
    a = rows(ctx.final, "messages", "threads")
    intact = all(k in a for k in b) and all(
        (k == tid) or (k in b and thread_content(t) == thread_content(b[k])) for k, t in a.items())
    return new, intact


def share_to_messages(ctx) -> dict[str, bool]:
    c, label = ctx.params["c"], ctx.params["p"]["label"]
    new, intact = _new_mine_to(ctx, c)
    return {
        "sent": len(new) == 1 and new[0].get("from") == "me" and has_words(new[0].get("text"), label),
        "others_intact": intact,
        "gallery_intact": _gallery(ctx.final) == _gallery(ctx.initial),
    }


def text_favorite_labels(ctx) -> dict[str, bool]:
    new, intact = _new_mine_to(ctx, ctx.params["c"])
    said = words(new[0].get("text")) if len(new) == 1 else ""
    labels = ["Full moon", "Cherry blossom", "Harbour at dusk", "Lighthouse point"]
    return {
        "sent": len(new) == 1 and new[0].get("from") == "me",
        "all_labels": bool(said) and all(words(l) in said for l in labels),
        "others_intact": intact and _gallery(ctx.final) == _gallery(ctx.initial),
    }


def _file_name(ms):
    d = datetime.fromtimestamp(ms / 1000, tz=UTC)
    return d.strftime("IMG_%Y%m%d_%H%M.jpg")


def share_to_email(ctx) -> dict[str, bool]:
    c, pid = ctx.params["c"], ctx.params["p"]["id"]
    before, after = rows(ctx.initial, "email", "emails"), rows(ctx.final, "email", "emails")
    new = new_rows(ctx, "email", "emails")
    sent = [e for e in new if e.get("folder") == "sent"]
    mail = sent[0] if len(new) == 1 and len(sent) == 1 else None
    photo = _photos(ctx.initial).get(pid, {})
    return {
        "sent": mail is not None and [str(a).strip().casefold() for a in mail.get("to", [])] == [c["email"].casefold()],
        "attached": mail is not None and "taken" in photo and _file_name(photo["taken"]) in mail.get("attachments", []),
        "rest_intact": all(after.get(k) == v for k, v in before.items()) and _gallery(ctx.final) == _gallery(ctx.initial),
    }
