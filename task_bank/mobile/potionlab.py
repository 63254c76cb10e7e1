"""Verifiers of the Alembic brewing-lab tasks (task_bank/mobile/potionlab.yaml).

State: apps.potionlab.data = {coins, stock: {ingredient id: n}, slots: [ids], potions: [{id, family, grade,
cloudy, layered, recipe}], orders: [{id, status: open|done, potion: {family, grade, cloudy, layered, from,
recipe} | null, paid}], book: [{id: "<family>-<grade>" | "murk", recipe, brewed}], brews}.
Static facts (ingredients, prices, the orders' requests and rewards) come from ctx.world["potionlab"].
The brewing rules are mirrored here from mocked_apps/apps/potionlab/lib/rules.js (brewResult).
"""

from __future__ import annotations

import re

from verifier_checks import (
    answer_of,
    app_data,
    by_id,
    has_words,
    intact,
    new_messages,
    new_rows,
    number,
    rows,
    same_keys,
    text,
    thread_is_with,
    threads_intact,
)

ELEMENTS = ("heat", "cold", "calm", "spark")
OPPOSITE = {"heat": "cold", "cold": "heat", "calm": "spark", "spark": "calm"}
FAMILY_OF = {"heat": "ember", "cold": "rime", "calm": "hush", "spark": "zest"}
TIP_PER_GRADE = 4


# ------------------------------------------------------------------ rules


def _ingredients(world) -> dict:
    return by_id(world.get("ingredients"))


def grade_for(tally: int) -> int:
    return 3 if tally >= 6 else 2 if tally >= 3 else 1 if tally >= 1 else 0


def brew_result(world, ids) -> dict | None:
    """Return {family, grade, cloudy, layered} for ingredient ids in slot order (None if not brewable)."""
    ings = _ingredients(world)
    items = [ings.get(i) for i in ids]
    if any(i is None for i in items) or not 2 <= len(items) <= 4:
        return None
    eff = [None if i["kind"] == "catalyst" else {"element": i["element"], "potency": i["potency"]} for i in items]
    for idx, it in enumerate(items):
        if it["kind"] != "catalyst":
            continue
        prev = eff[idx - 1] if idx > 0 else None
        if prev is None:
            continue
        if it["effect"] == "double":
            prev["potency"] *= 2
        elif it["effect"] == "invert":
            prev["element"] = OPPOSITE[prev["element"]]
    tallies = dict.fromkeys(ELEMENTS, 0)
    for e in eff:
        if e:
            tallies[e["element"]] += e["potency"]
    for a, b in (("heat", "cold"), ("calm", "spark")):
        cut = min(tallies[a], tallies[b])
        tallies[a] -= cut
        tallies[b] -= cut
    top = max(tallies.values())
    leaders = [e for e in ELEMENTS if tallies[e] == top]
    if top == 0 or len(leaders) > 1:
        return {"family": "murk", "grade": 0, "cloudy": False, "layered": False}
    dom = leaders[0]
    grade = grade_for(top)
    cloudy = any(tallies[e] > 0 for e in ELEMENTS if e != dom)
    if cloudy:
        grade = max(1, grade - 1)
    layered = len(items) >= 3 and all(i["kind"] != "catalyst" for i in items) and all(
        items[k]["potency"] > items[k - 1]["potency"] for k in range(1, len(items)))
    if layered:
        grade = min(3, grade + 1)
    return {"family": FAMILY_OF[dom], "grade": grade, "cloudy": cloudy, "layered": layered}


def fits(info: dict, potion: dict | None) -> bool:
    """True when `potion` satisfies the order request `info` (family, min grade, clear, layered)."""
    if not potion:
        return False
    return (potion.get("family") == info["family"] and int(potion.get("grade") or 0) >= info["min_grade"]
            and not (info.get("clear") and potion.get("cloudy")) and not (info.get("layered") and not potion.get("layered")))


def payout(info: dict, grade: int) -> int:
    return info["reward"] + TIP_PER_GRADE * max(0, grade - info["min_grade"])


# ------------------------------------------------------------------ state helpers


def _data(state) -> dict:
    return app_data(state, "potionlab")


def _potions(state) -> dict:
    return rows(state, "potionlab", "potions")


def _orders(state) -> dict:
    return rows(state, "potionlab", "orders")


def _world_orders(ctx) -> dict:
    return by_id(ctx.world["potionlab"].get("orders"))


def _new_potions(ctx) -> list[dict]:
    return new_rows(ctx, "potionlab", "potions")


def _old_potions_intact(ctx, allowed_gone=()) -> bool:
    before, after = _potions(ctx.initial), _potions(ctx.final)
    return all(after.get(pid) == p for pid, p in before.items() if pid not in allowed_gone)


def _orders_intact(ctx, except_ids=()) -> bool:
    before, after = _orders(ctx.initial), _orders(ctx.final)
    return set(before) == set(after) and all(after[k] == v for k, v in before.items() if k not in except_ids)


def _honest(ctx, p: dict) -> bool:
    """True when a brewed potion's recorded result matches the rules for its recipe."""
    res = brew_result(ctx.world["potionlab"], p.get("recipe") or [])
    return bool(res) and all(res[k] == p.get(k) for k in ("family", "grade", "cloudy", "layered"))


def _known_recipes(ctx) -> list[list]:
    """The recipes of this episode's brews that left a trace: new potions still on the shelf + those delivered now."""
    recipes = [p.get("recipe") or [] for p in _new_potions(ctx)]
    before = _orders(ctx.initial)
    for oid, o in _orders(ctx.final).items():
        if o.get("status") == "done" and (before.get(oid) or {}).get("status") != "done":
            recipes.append((o.get("potion") or {}).get("recipe") or [])
    return recipes


def _poured_away(ctx) -> int:
    """How many of this episode's brews left no trace (brewed, then poured away): data.brews counts every brew."""
    made = int(_data(ctx.final).get("brews") or 0) - int(_data(ctx.initial).get("brews") or 0)
    return max(0, made - len(_known_recipes(ctx)))


def _used(ctx) -> dict:
    """Ingredients used by this episode's brews: new potions still on the shelf + those delivered now."""
    used: dict[str, int] = {}
    for r in _known_recipes(ctx):
        for i in r:
            used[i] = used.get(i, 0) + 1
    return used


def _bought(ctx) -> dict | None:
    """Ingredients bought this episode (final − initial + used), or None when the books do not balance."""
    s0 = _data(ctx.initial).get("stock") or {}
    s1 = _data(ctx.final).get("stock") or {}
    used = _used(ctx)
    out = {}
    for k in set(s0) | set(s1) | set(used):
        n = int(s1.get(k, 0)) - int(s0.get(k, 0)) + used.get(k, 0)
        if n < 0:
            return None
        if n:
            out[k] = n
    return out


def _income(ctx) -> int:
    """Coins the orders delivered this episode paid."""
    before = _orders(ctx.initial)
    return sum(int(o.get("paid") or 0) for oid, o in _orders(ctx.final).items()
               if o.get("status") == "done" and (before.get(oid) or {}).get("status") != "done")


def _no_purchase(ctx) -> bool:
    """True when nothing was bought: the coins moved by the pay of this episode's deliveries alone and no
    ingredient's stock grew. (A pantry that lost more than the shelf's new potions explain lost it to brews that
    were poured away afterwards, which buys nothing: _bought cannot balance such books, so it is not used here.)"""
    s0 = _data(ctx.initial).get("stock") or {}
    s1 = _data(ctx.final).get("stock") or {}
    grew = any(int(n) > int(s0.get(k, 0)) for k, n in s1.items())
    return not grew and _coins(ctx.final) == _coins(ctx.initial) + _income(ctx)


def _spent(ctx, bought: dict) -> int:
    ings = _ingredients(ctx.world["potionlab"])
    return sum(ings[k]["price"] * n for k, n in bought.items() if k in ings)


def _coins(state) -> int:
    return int(_data(state).get("coins") or 0)


def _text(value) -> str:
    return text(value, "\"'“”.")


def _number(value):
    """An answer as a number; a cent sign counts only where it trails the text ("12¢", not "¢12")."""
    return number(value.strip().rstrip("¢") if isinstance(value, str) else value)


def _lab_unchanged(ctx) -> bool:
    """Nothing brewed, bought, delivered or poured away (the cauldron slots may differ)."""
    return same_keys(ctx, "potionlab", ("coins", "stock", "potions", "orders", "book", "brews"))


# ------------------------------------------------------------------ operate


def brew_grade(ctx):
    t = ctx.params["t"]
    new = _new_potions(ctx)
    good = [p for p in new if p.get("family") == t["family"] and int(p.get("grade") or 0) >= t["grade"] and _honest(ctx, p)]
    return {
        "brewed": bool(good),
        "no_purchase": _no_purchase(ctx) and _coins(ctx.final) == _coins(ctx.initial),
        "rest_intact": _orders_intact(ctx) and _old_potions_intact(ctx),
    }


def layered(ctx):
    f = ctx.params["f"]
    new = _new_potions(ctx)
    good = [p for p in new if p.get("family") == f["family"] and p.get("layered") is True and _honest(ctx, p)]
    return {
        "brewed": bool(good),
        "no_purchase": _no_purchase(ctx) and _coins(ctx.final) == _coins(ctx.initial),
        "rest_intact": _orders_intact(ctx) and _old_potions_intact(ctx),
    }


def _delivered(ctx, oid: str, potion_id: str | None = None) -> dict[str, bool]:
    info = _world_orders(ctx)[oid]
    o0 = _orders(ctx.initial).get(oid) or {}
    o1 = _orders(ctx.final).get(oid) or {}
    p = o1.get("potion") or {}
    ok = o0.get("status") == "open" and o1.get("status") == "done" and fits(info, p)
    if potion_id is not None:
        ok = ok and p.get("from") == potion_id
    paid_ok = ok and o1.get("paid") == payout(info, int(p.get("grade") or 0))
    return {"done": ok, "paid": paid_ok, "paid_amount": o1.get("paid") if paid_ok else None, "potion": p}


def deliver_order(ctx):
    oid = ctx.params["o"]["id"]
    d = _delivered(ctx, oid)
    honest = bool(d["potion"].get("recipe")) and _honest(ctx, d["potion"]) if d["done"] else False
    return {
        "delivered": d["done"] and honest,
        "paid": d["paid"] and _coins(ctx.final) == _coins(ctx.initial) + d["paid_amount"],
        "no_purchase": _no_purchase(ctx),
        "rest_intact": _orders_intact(ctx, {oid}) and _old_potions_intact(ctx),
    }


def buy_order(ctx):
    """Buy what is missing, brew, deliver: coins must equal start − purchases + pay."""
    oid = ctx.params["o"]["id"]
    d = _delivered(ctx, oid)
    bought = _bought(ctx)
    honest = bool(d["potion"].get("recipe")) and _honest(ctx, d["potion"]) if d["done"] else False
    if _poured_away(ctx):
        # What the poured-away brews used is unknown, so what was bought is too: the purchases must at least cover
        # the ingredients that the pantry gained or that the potions it kept used beyond the stock.
        s0, s1, used = _data(ctx.initial).get("stock") or {}, _data(ctx.final).get("stock") or {}, _used(ctx)
        least = {k: int(s1.get(k, 0)) - int(s0.get(k, 0)) + used.get(k, 0) for k in set(s0) | set(s1) | set(used)}
        spent = _coins(ctx.initial) + (d["paid_amount"] or 0) - _coins(ctx.final)
        books = d["paid"] and spent >= _spent(ctx, {k: n for k, n in least.items() if n > 0})
    else:
        books = bought is not None and d["paid"] and _coins(ctx.final) == _coins(ctx.initial) - _spent(ctx, bought) + d["paid_amount"]
    return {
        "delivered": d["done"] and honest,
        "paid": d["paid"],
        "books_balance": bool(books) and _coins(ctx.final) >= 0,
        "rest_intact": _orders_intact(ctx, {oid}) and _old_potions_intact(ctx),
    }


def buy(ctx):
    ing = ctx.params["ing"]
    n = int(ctx.params["n"])
    s0 = _data(ctx.initial).get("stock") or {}
    s1 = _data(ctx.final).get("stock") or {}
    others = all(s1.get(k) == v for k, v in s0.items() if k != ing["id"]) and set(s0) == set(s1)
    return {
        "stock": int(s1.get(ing["id"], -1)) == int(s0.get(ing["id"], 0)) + n,
        "paid": _coins(ctx.final) == _coins(ctx.initial) - n * ing["price"],
        "rest_intact": others and _orders_intact(ctx) and _old_potions_intact(ctx) and not _new_potions(ctx),
    }


def discard_murk(ctx):
    before, after = _potions(ctx.initial), _potions(ctx.final)
    murk = {pid for pid, p in before.items() if p.get("family") == "murk"}
    keep = {pid: p for pid, p in before.items() if pid not in murk}
    return {
        "sludge_gone": bool(murk) and not any(p.get("family") == "murk" for p in after.values()),
        "others_kept": set(after) == set(keep) and all(after[k] == v for k, v in keep.items()),
        "rest_intact": _orders_intact(ctx) and _coins(ctx.final) == _coins(ctx.initial)
        and (_data(ctx.final).get("stock") == _data(ctx.initial).get("stock")),
    }


def company_order(ctx):
    oid = ctx.params["co"]["order"]
    d = _delivered(ctx, oid)
    honest = d["done"] and (d["potion"].get("from") in _potions(ctx.initial) or _honest(ctx, d["potion"]))
    return {
        "delivered": bool(honest),
        "paid": d["paid"] and _coins(ctx.final) == _coins(ctx.initial) + d["paid_amount"] and _no_purchase(ctx),
        "rest_intact": _orders_intact(ctx, {oid}) and _old_potions_intact(ctx, {d["potion"].get("from")}),
    }


# ------------------------------------------------------------------ cross-app: messages


def deliver_and_text(ctx):
    c = ctx.params["c"]
    d = _delivered(ctx, c["order"], c["fit"])
    sent = new_messages(ctx)
    to_them = [m for t, m in sent if thread_is_with(t, ctx.initial, c["customer"])]
    return {
        "delivered": d["done"] and d["paid"] and _coins(ctx.final) == _coins(ctx.initial) + d["paid_amount"],
        # "ready" as a word: "I'm already on it" does not say the potion is ready.
        "texted": len(to_them) >= 1 and any(has_words(m.get("text"), "ready") for m in to_them),
        # nobody else texted, no conversation deleted or changed, no contact edited
        "no_stray_texts": len(to_them) == len(sent) and threads_intact(ctx) and intact(ctx, ["contacts"], {}),
        "rest_intact": _orders_intact(ctx, {c["order"]}) and _old_potions_intact(ctx, {c["fit"]}) and not _new_potions(ctx),
    }


# ------------------------------------------------------------------ queries

_FAMILY_WORDS = {"ember": ("ember",), "rime": ("rime",), "hush": ("hush",), "zest": ("zest",), "murk": ("murk", "sludge")}


# The app writes grades as numerals and words ("Sturdy", grade II): either is an answer of the grade's number.
_GRADE_NAMES = {"i": 1, "ii": 2, "iii": 3, "faint": 1, "sturdy": 2, "grand": 3}


def _grade(value):
    """A grade answer as a number: "2", "II", "grade II", "Sturdy" (None when it is none of these)."""
    if not isinstance(value, str):
        return _number(value)
    body = _text(value).removeprefix("grade").strip()
    return _GRADE_NAMES.get(body, _number(body))


def query_predict(ctx):
    r = ctx.params["r"]
    res = brew_result(ctx.world["potionlab"], r["ids"]) or {}
    fam = _text(answer_of(ctx, "family"))
    grade = _grade(answer_of(ctx, "grade"))
    words = _FAMILY_WORDS.get(res.get("family"), ())
    others = [w for f, ws in _FAMILY_WORDS.items() if f != res.get("family") for w in ws]
    return {
        "family": bool(words) and any(w in fam for w in words) and not any(w in fam for w in others),
        "grade": grade is not None and grade == res.get("grade"),
        "nothing_brewed": _lab_unchanged(ctx),
    }


# A trailing unit of a coin amount: "22 coins" is 22, as the app writes amounts ("+22 coins").
_COINS = re.compile(r"\s*coins?\.?\s*$", re.IGNORECASE)


def query_payout(ctx):
    c = ctx.params["c"]
    info = _world_orders(ctx)[c["order"]]
    expected = payout(info, c["grade"])
    return {
        "correct": _number(_COINS.sub("", str(answer_of(ctx, "coins")))) == expected,
        "unchanged": _lab_unchanged(ctx),
    }


def query_afford(ctx):
    c = ctx.params["c"]
    price = _ingredients(ctx.world["potionlab"])[c["ing"]]["price"]
    return {
        "correct": _number(answer_of(ctx, "count")) == _coins(ctx.initial) // price,
        "unchanged": _lab_unchanged(ctx),
    }
