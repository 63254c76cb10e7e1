"""Verifier primitives that read a device state: an app's data, its rows by id, what changed, the clock, the answer."""


def app_data(state, app):
    """Return ``state.apps[app].data`` ({} when the app or its data is missing)."""
    return ((state.get("apps") or {}).get(app) or {}).get("data") or {}


def by_id(items):
    """Return {id: item} of the dict items of a list that carry an ``id`` ({} for None)."""
    return {item["id"]: item for item in items or [] if isinstance(item, dict) and "id" in item}


def rows(state, app, col):
    """Return {id: row} of collection ``col`` of ``app``'s data."""
    return by_id(app_data(state, app).get(col))


def new_rows(ctx, app, col):
    """Return the rows of ``app``'s ``col`` in the final state whose ids the initial state did not have."""
    before = rows(ctx.initial, app, col)
    return [r for rid, r in rows(ctx.final, app, col).items() if rid not in before]


def same_keys(ctx, app, keys):
    """True when each of ``keys`` of ``app``'s data is equal in the initial and the final state."""
    before, after = app_data(ctx.initial, app), app_data(ctx.final, app)
    return all(before.get(k) == after.get(k) for k in keys)


def only_changed(before, after, changes, ignore=(), added=False):
    """True when {id: row} maps ``before`` and ``after`` hold the same ids (``after`` may hold more when
    ``added``) and equal rows, except the fields ``changes[id]`` of each row and the fields ``ignore`` of every row."""
    if not (set(before) <= set(after) if added else set(before) == set(after)):
        return False
    for rid, old in before.items():
        new, free = after[rid], set(changes.get(rid, ())) | set(ignore)
        if any(old.get(k) != new.get(k) for k in set(old) | set(new) if k not in free):
            return False
    return True


def clock_now(state):
    """Return the virtual clock of a state (ms; 0 when it has none)."""
    return int(((state.get("os") or {}).get("clock") or {}).get("now") or 0)


def answer_of(ctx, name):
    """Return the submitted AnswerSheet value ``name`` (None when absent)."""
    return (ctx.answer or {}).get(name)
