"""Verifiers of the Verdant greenhouse tasks (task_bank/mobile/greenhouse.yaml).

State: apps.greenhouse.data = {clock (minutes since Day 1 00:00), zones: [{id, vent, heater, misters,
lights_on, lights_off, irrigation}], plants: [{id, zone, species, stress_min}], alerts: [...]}.
The model below mirrors mocked_apps/apps/greenhouse/lib/sim.js (read its Rules screen): sensors are
derived from the controls, the world (ctx.world["greenhouse"]) and the clock, so the verifiers judge the
rule-defined outcome (which plants are stressed, the power peak), not a click path.
"""

from verifier_checks import (
    app_data,
    by_id,
    contact,
    has_words,
    other_threads_intact,
    phone_is,
    quantity,
    same_keys,
    sent_to,
    text,
)

CONTROL_KEYS = ("vent", "heater", "misters", "lights_on", "lights_off", "irrigation")


# ---- the model (mirror of logic/sim.js) ---------------------------------------------------------

def _gh(state):
    return app_data(state, "greenhouse")


def hour_of(clock):
    return (clock % 1440) // 60


def light_hours(zone):
    on, off = zone.get("lights_on"), zone.get("lights_off")
    if on is None or off is None:
        return 0
    return (off - on) % 24


def lights_on_at(zone, hour):
    n = light_hours(zone)
    return bool(n) and (hour - zone["lights_on"]) % 24 < n


def _zone_info(world, zid):
    return next((z for z in world["zones"] if z["id"] == zid), {})


def _species(world, sid):
    return next((s for s in world["species"] if s["id"] == sid), None)


def temperature(world, zone, clock):
    info = _zone_info(world, zone["id"])
    return (world["outside"][hour_of(clock)] + info.get("shelter", 0) + 3 * zone["heater"]
            + (2 if lights_on_at(zone, hour_of(clock)) else 0) - zone["vent"] // 10)


def humidity(world, zone):
    info = _zone_info(world, zone["id"])
    raw = info.get("base_humidity", 50) + 8 * zone["misters"] - 2 * (zone["vent"] // 10) - 3 * zone["heater"]
    return max(5, min(100, raw))


def readings(world, zone, clock):
    return {"temp": temperature(world, zone, clock), "hum": humidity(world, zone),
            "light": light_hours(zone), "water": zone["irrigation"]}


def stress_needs(world, plant, zone, clock):
    """Return the needs ("temp", "hum", "light", "water") a plant in `zone` misses at `clock`."""
    sp = _species(world, plant["species"])
    if sp is None or zone is None:
        return []
    r = readings(world, zone, clock)
    out = [k for k in ("temp", "hum", "light") if not sp[k][0] <= r[k] <= sp[k][1]]
    if not r["water"] or not sp["water"][0] <= r["water"] <= sp["water"][1]:
        out.append("water")
    return out


def zones_by_id(data):
    return by_id(data.get("zones"))


def stressed(world, data, clock=None):
    """Return the set of ids of the plants stressed at `clock` (default: the state's clock)."""
    clock = data["clock"] if clock is None else clock
    zones = zones_by_id(data)
    return {p["id"] for p in data.get("plants", []) if stress_needs(world, p, zones.get(p["zone"]), clock)}


def load_at(world, zones, hour):
    L = world["loads"]
    return sum(L["heater_per_level"] * z["heater"] + L["mister_per_head"] * z["misters"]
               + (L["lights"] if lights_on_at(z, hour) else 0) for z in zones)


def peak(world, zones):
    """Return (kw, hour) of the highest hourly load (the first hour reaching it)."""
    hours = [load_at(world, zones, h) for h in range(24)]
    kw = max(hours)
    return kw, hours.index(kw)


def rules_ok(world, zones):
    """Return True when every zone obeys the device rules and the power peak is within the cap."""
    for z in zones:
        if z["misters"] > 0 and z["vent"] > 50:
            return False
        if z["heater"] == 3 and z["vent"] < 10:
            return False
        if light_hours(z) > 18:
            return False
    return peak(world, zones)[0] <= world["power_cap"]


def label(clock):
    return f"Day {clock // 1440 + 1} · {hour_of(clock):02d}:{clock % 60:02d}"


def greenhouse_report(world, data):
    """Mirror of greenhouseReport() in sim.js: the text the Share button sends."""
    zones = data["zones"]
    parts = []
    for z in zones:
        r = readings(world, z, data["clock"])
        n = sum(1 for p in data["plants"] if p["zone"] == z["id"] and stress_needs(world, p, z, data["clock"]))
        parts.append(f"{z['id']}: {r['temp']}°C, {r['hum']}% RH, {n} stressed")
    kw, _ = peak(world, zones)
    return f"Verdant report, {label(data['clock'])}. {'. '.join(parts)}. Peak load {kw}/{world['power_cap']} kW."


# ---- helpers over the before/after states ------------------------------------------------------------

def _world(ctx):
    return ctx.world["greenhouse"]


def _controls(zone):
    return {k: zone.get(k) for k in CONTROL_KEYS}


def _zones_intact(before, after, skip=()):
    """Every zone outside `skip` kept all its controls."""
    a = zones_by_id(after)
    return all(zid in a and _controls(a[zid]) == _controls(z) for zid, z in zones_by_id(before).items() if zid not in skip)


def _plants_where(data):
    return {p["id"]: p["zone"] for p in data.get("plants", [])}


def _plants_intact(before, after, skip=()):
    b, a = _plants_where(before), _plants_where(after)
    return set(a) == set(b) and all(a[k] == v for k, v in b.items() if k not in skip)


def _no_new_stress(world, before, after):
    """No plant healthy in the initial state is stressed in the final state (at each state's clock)."""
    return not (stressed(world, after) - stressed(world, before))


# The units a person writes after a reading ("47% RH", "47 percent", "21 °C", "21 degrees", "3 plants").
HUMIDITY_UNITS = ("%", "% rh", "rh", "percent", "percent rh", "per cent", "% relative humidity")
TEMPERATURE_UNITS = ("°c", "°", "c", "deg c", "degrees", "degrees c", "degrees celsius", "celsius", "°celsius")
PLANT_UNITS = ("plant", "plants", "stressed", "stressed plants", "plants stressed")


def _num(value, units):
    """A reading as a number, alone or with one of ``units`` ("," is a decimal point: "21,5" is 21.5)."""
    return quantity(value, units)


def _contacts(state):
    return app_data(state, "contacts").get("contacts") or []


# ---- verifiers ------------------------------------------------------------------------------------------

def query_humidity(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    zone = zones_by_id(b)[ctx.params["zone"]["id"]]
    return {
        "correct": _num(ctx.answer.get("humidity"), HUMIDITY_UNITS) == humidity(world, zone),
        "unchanged": _zones_intact(b, a) and _plants_intact(b, a),
    }


def query_stressed_later(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    later = b["clock"] + 60 * ctx.params["later"]["hours"]
    return {
        "correct": _num(ctx.answer.get("count"), PLANT_UNITS) == len(stressed(world, b, later)),
        "unchanged": _zones_intact(b, a) and _plants_intact(b, a),
    }


def advance_and_read(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    target = b["clock"] + 180
    zone = zones_by_id(b)[ctx.params["case"]["zone"]]
    return {
        "advanced": a.get("clock") == target,
        "correct": _num(ctx.answer.get("temperature"), TEMPERATURE_UNITS) == temperature(world, zone, target),
        "unchanged": _zones_intact(b, a) and _plants_intact(b, a),
    }


def heater_max(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    zid = ctx.params["zone"]["id"]
    z = zones_by_id(a).get(zid, {})
    return {
        "heater_3": z.get("heater") == 3,
        "rules_hold": rules_ok(world, a["zones"]),
        "misters_kept": z.get("misters") == zones_by_id(b)[zid]["misters"],
        "others_intact": _zones_intact(b, a, skip=(zid,)) and _plants_intact(b, a),
    }


def misters_on(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    zid = ctx.params["zone"]["id"]
    z = zones_by_id(a).get(zid, {})
    return {
        "misters_set": z.get("misters") == ctx.params["heads"],
        "rules_hold": rules_ok(world, a["zones"]),
        "heater_kept": z.get("heater") == zones_by_id(b)[zid]["heater"],
        "others_intact": _zones_intact(b, a, skip=(zid,)) and _plants_intact(b, a),
    }


def fix_humidity(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    zid = ctx.params["case"]["zone"]
    zone = zones_by_id(a).get(zid)
    plants = [p for p in a.get("plants", []) if p["zone"] == zid]
    hum_ok = zone is not None and bool(plants) and all(
        "hum" not in stress_needs(world, p, zone, a["clock"]) for p in plants)
    return {
        "humidity_in_range": hum_ok,
        "no_new_stress": _no_new_stress(world, b, a),
        "rules_hold": rules_ok(world, a["zones"]),
        "plants_stay": _plants_intact(b, a),
    }


def warm_zone(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    zid = ctx.params["case"]["zone"]
    zone = zones_by_id(a).get(zid)
    plants = [p for p in a.get("plants", []) if p["zone"] == zid]
    temp_ok = zone is not None and bool(plants) and all(
        "temp" not in stress_needs(world, p, zone, a["clock"]) for p in plants)
    return {
        "temperature_in_range": temp_ok,
        "no_new_stress": _no_new_stress(world, b, a),
        "rules_hold": rules_ok(world, a["zones"]),
        "clock_kept": a.get("clock") == b["clock"],
        "plants_stay": _plants_intact(b, a),
    }


def move_plant(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    pid = ctx.params["case"]["plant"]
    plant = next((p for p in a.get("plants", []) if p["id"] == pid), None)
    zones = zones_by_id(a)
    counts = {}
    for p in a.get("plants", []):
        counts[p["zone"]] = counts.get(p["zone"], 0) + 1
    # The new zone must exist: a plant "moved" into a zone that is not there is lost, not healthy.
    placed = plant is not None and plant["zone"] in zones
    return {
        "moved": placed and plant["zone"] != ctx.params["case"]["zone"],
        "healthy_there": placed and not stress_needs(world, plant, zones[plant["zone"]], a["clock"]),
        "capacity": all(n <= 3 for n in counts.values()),
        "controls_intact": _zones_intact(b, a) and a.get("clock") == b["clock"],
        "others_stay": _plants_intact(b, a, skip=(pid,)),
    }


def lights_schedule(ctx):
    b, a = _gh(ctx.initial), _gh(ctx.final)
    s = ctx.params["s"]
    zid = s["zone"]
    z = zones_by_id(a).get(zid, {})
    before = zones_by_id(b)[zid]
    same = all(z.get(k) == before[k] for k in ("vent", "heater", "misters", "irrigation"))
    return {
        "schedule_set": z.get("lights_on") == s["on"] and z.get("lights_off") == s["off"],
        "zone_rest_intact": same,
        "others_intact": _zones_intact(b, a, skip=(zid,)) and _plants_intact(b, a),
    }


def irrigation_fit(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    zid = ctx.params["case"]["zone"]
    z = zones_by_id(a).get(zid, {})
    plants = [p for p in a.get("plants", []) if p["zone"] == zid]
    fits = bool(plants) and all("water" not in stress_needs(world, p, z, a["clock"]) for p in plants)
    before = zones_by_id(b)[zid]
    return {
        "irrigation_fits": fits,
        "zone_rest_intact": all(z.get(k) == before[k] for k in ("vent", "heater", "misters", "lights_on", "lights_off")),
        "others_intact": _zones_intact(b, a, skip=(zid,)) and _plants_intact(b, a),
    }


def clear_alerts(ctx):
    b, a = _gh(ctx.initial), _gh(ctx.final)
    return {
        "cleared": a.get("alerts") == [],
        "rest_intact": _zones_intact(b, a) and _plants_intact(b, a) and a.get("clock") == b["clock"],
    }


def share_report(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    cid = ctx.params["contact"]["id"]
    sent = sent_to(ctx, cid)
    report = text(greenhouse_report(world, b))
    return {
        "report_sent": len(sent) == 1 and text(sent[0]["text"]) == report,
        "others_intact": other_threads_intact(ctx, cid),
        "greenhouse_intact": _zones_intact(b, a) and _plants_intact(b, a) and a.get("clock") == b["clock"],
    }


def caretaker_phone(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    cid = _zone_info(world, ctx.params["zone"]["id"])["caretaker"]
    caretaker = contact(ctx.initial, cid)
    # Compared as lists: a reordered or duplicated contact is a change too; so is a contact blocked.
    contacts_same = _contacts(ctx.initial) == _contacts(ctx.final) and same_keys(ctx, "contacts", ["blocked"])
    return {
        # one phone number, grouped any usual way: not other text that merely holds its digits
        "correct": bool(caretaker) and phone_is(ctx.answer.get("phone"), caretaker.get("phone")),
        "unchanged": _zones_intact(b, a) and _plants_intact(b, a) and contacts_same,
    }


def worst_zone_caretaker(ctx):
    world, b, a = _world(ctx), _gh(ctx.initial), _gh(ctx.final)
    bad = stressed(world, b)
    counts = {z["id"]: sum(1 for p in b["plants"] if p["zone"] == z["id"] and p["id"] in bad) for z in b["zones"]}
    worst = max(counts, key=lambda k: counts[k])
    cid = _zone_info(world, worst)["caretaker"]
    sent = sent_to(ctx, cid)
    return {
        "sent_to_caretaker": len(sent) == 1,
        # "Zone B" as whole words, whatever follows it: "Zone B." and "Zone B's" name it too ("Zone BB" does not).
        "mentions_zone": len(sent) == 1 and has_words(sent[0]["text"], f"zone {worst}"),
        "others_intact": other_threads_intact(ctx, cid),
        "greenhouse_intact": _zones_intact(b, a) and _plants_intact(b, a),
    }
