"""The verifier audit: static reward-hack scan, execution probes, the sandbox, and the planted-hack suite.

The default run needs Node (for s0) but no browser: golden states of a few tasks are built by editing s0
the way the task asks. The full audit (every bundled verifier + every planted hack, golden states from the
reference solutions recorded in Chromium) is ``slow``.
"""

from __future__ import annotations

import copy
import shutil
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import requires_chromium
from toolkit.synthesis.audit import PROBES, audit_report, audit_verifier
from toolkit.synthesis.audit_golden import perturbed
from toolkit.synthesis.audit_scan import KINDS, scan_verifier
from toolkit.synthesis.planted import planted_hacks
from toolkit.tasks import VerifierLimits, VerifierPool, load_tasks, sample
from toolkit.tasks.verifier import VerifierFailure

HACKS = planted_hacks()
BUNDLED = ("mobile-core", "mobile", "web")
requires_node = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")


def _kinds(reasons: list[str]) -> set[str]:
    return {r.split(":", 1)[0] for r in reasons}


# -- static scan -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def bundled():
    return load_tasks(BUNDLED)


def test_every_bundled_verifier_passes_the_static_scan(bundled):
    specs = bundled
    assert len(specs) >= 300
    sources: dict = {}
    flagged = {}
    for spec in specs:
        file, function = spec.verifier.split(":")
        path = spec.folder / file
        found = scan_verifier(sources.setdefault(path, path.read_text()), function, str(path))
        if found:
            flagged[spec.full_id] = [f"{f.kind}@{f.line}: {f.message}" for f in found]
    assert not flagged, flagged


def test_whole_bundled_files_pass_the_static_scan(bundled):
    for path in sorted({s.folder / s.verifier.split(":")[0] for s in bundled}):
        assert scan_verifier(path.read_text(), filename=str(path)) == [], path


def test_the_planted_suite_covers_the_hack_kinds():
    assert len(HACKS) >= 15
    kinds = {h["kind"] for h in HACKS}
    for kind in ("constant_true", "constant_dict_comprehension", "existence_only", "reads_golden",
                 "reads_answer_context", "trajectory_claims_success", "subprocess", "network", "file_write",
                 "file_read", "eval", "exec", "dynamic_import", "host_time", "randomness", "ignores_final", "compares_to_itself",
                 "catch_all_returns_true", "introspection", "third_party_import", "host_facts", "object_id"):
        assert kind in kinds, kind
    assert sum(h["caught_by"] == "execution" for h in HACKS) >= 3
    for h in HACKS:
        assert set(h["detected_as"]) <= set(KINDS) | set(PROBES), h


@pytest.mark.parametrize("hack", [h for h in HACKS if h["caught_by"] == "static"], ids=lambda h: h["file"])
def test_static_hacks_are_found_with_their_kind(hack):
    source = open(hack["path"]).read()
    kinds = {f.kind for f in scan_verifier(source, hack["function"], hack["file"])}
    assert kinds & set(hack["detected_as"]), (hack["file"], kinds)


@pytest.mark.parametrize("hack", [h for h in HACKS if h["caught_by"] == "execution"], ids=lambda h: h["file"])
def test_execution_only_hacks_look_clean_to_the_scan(hack):
    assert scan_verifier(open(hack["path"]).read(), hack["function"], hack["file"]) == []


@pytest.mark.parametrize("source, kind", [
    ("def v(ctx):\n    return dict.fromkeys(['a', 'b'], True)\n", "constant_result"),
    ("def v(ctx):\n    return {'a': ctx.initial == ctx.initial}\n", "tautology"),
    ("import time\ndef v(ctx):\n    return {'a': ctx.final['t'] < time.time()}\n", "host_time"),
    ("import time as t\ndef v(ctx):\n    return {'a': t.strftime('%H') == ctx.final['h']}\n", "host_time"),
    ("from os import system\ndef v(ctx):\n    system('x')\n    return {'a': bool(ctx.final)}\n", "subprocess"),
    ("def v(ctx):\n    return {'a': ctx.golden == ctx.final}\n", "reads_golden"),
    ("def v(ctx):\n    return {'a': ctx.final['x'] == ctx.solution}\n", "reads_answer_context"),
    ("def v(ctx):\n    return {'a': ctx.final.__class__ is dict}\n", "introspection"),
    ("def v(ctx):\n    return {'a': hash(str(ctx.final)) % 2 == 0}\n", "randomness"),
    ("def v(ctx):\n    return {'a': sorted([ctx.final, ctx.initial], key=id)[0] is ctx.final}\n", "randomness"),
    ("def v(ctx):\n    return {'a': (id(ctx.final) >> 4) % 2 == 0}\n", "randomness"),
    ("def v(ctx):\n    return {'a': ctx.final.__hash__() % 2 == 0}\n", "introspection"),
    ("def v(ctx):\n    try:\n        return {'a': ctx.final['x'] == 1}\n    except:\n        return {'a': 1}\n",
     "catch_all"),
    ("S = {}\ndef v(ctx):\n    S[1] = ctx.final\n    return {'a': len(S) > 1}\n", "global_state"),
    ("def v(ctx)\n    return {}\n", "syntax_error"),
])
def test_scan_kinds(source, kind):
    assert kind in {f.kind for f in scan_verifier(source, "v" if kind != "syntax_error" else None)}


def test_clean_verifier_and_helpers_are_accepted():
    source = (
        "import re\nfrom datetime import datetime, timedelta\n\n"
        "def _data(state):\n    return state['apps']['notes']['data']\n\n"
        "def v(ctx):\n"
        "    day = datetime.fromtimestamp(ctx.final['os']['clock']['now'] / 1000) + timedelta(days=1)\n"
        "    ok = False\n"
        "    for n in _data(ctx.final)['notes']:\n"
        "        if re.search(ctx.params['word'], n['text']):\n"
        "            ok = True\n"
        "    return {'found': ok and day.year > 2000, 'kept': _data(ctx.initial) != {}}\n")
    found = scan_verifier(source, "v")
    assert [f.kind for f in found] == ["ignores_final"]  # 'kept' reads only ctx.initial
    assert scan_verifier(source.replace("_data(ctx.initial) != {}", "_data(ctx.final) != {}"), "v") == []


@pytest.mark.parametrize("body", [
    "    try:\n        v = ctx.final['apps']['x']['data']['v']\n    except KeyError:\n        return {'a': False}\n"
    "    return {'a': v == 2}\n",
    "    match ctx.answer:\n        case {'total': t}:\n            ok = t == '12'\n        case _:\n            ok = False\n"
    "    return {'a': ok}\n",
    "    for r in ctx.final['apps']['x']['data']['v']:\n        if r == 2:\n            break\n    else:\n"
    "        return {'a': False}\n    return {'a': True}\n",
], ids=["except_returns_false", "match_on_answer", "for_else_returns_false"])
def test_results_decided_by_a_try_or_a_match_on_ctx_are_not_constant(body):
    """A handler's early False (its running decided by what the try body read), a value set in match cases on
    ctx.answer and a for-else's early False (decided by what the loop walks) were constant_result: good verifiers were
    rejected. The same shapes over constants still are."""
    source = "def v(ctx):\n" + body
    assert scan_verifier(source, "v") == []
    constant = source.replace("ctx.final['apps']['x']['data']['v']", "2").replace("match ctx.answer", "match {}")
    assert "constant_result" in {f.kind for f in scan_verifier(constant, "v")}


# -- execution probes (golden states built by hand from s0, replayed in Node) ------------------------

def _contacts(state):
    return state["apps"]["contacts"]["data"]["contacts"]


def _submit(state, values):
    sheet = state["apps"]["answersheet"]["data"]
    sheet.update(values=values, submitted=True, submissions=sheet["submissions"] + 1)


def _edit_contact(field, param):
    def make(state, params):
        cid = params["contact"]["id"]
        next(c for c in _contacts(state) if c["id"] == cid)[field] = params[param]
    return make


def _block(state, params):
    state["apps"]["contacts"]["data"].setdefault("blocked", []).append(params["contact"]["id"])


def _new_contact(state, params):
    _contacts(state).append({"id": "cn1", "name": params["person"]["name"], "phone": params["phone"],
                             "email": params["person"]["email"], "company": params["company"], "favorite": False})


def _edit_passenger(state, params):
    pid = params["passenger"]["id"]
    p = next(p for p in state["apps"]["railway"]["data"]["passengers"] if p["id"] == pid)
    p["id_number"] = f"{params['letter']}{params['digits']}"


GOLDENS = {
    "mobile-core/contacts.edit_phone": _edit_contact("phone", "phone"),
    "mobile-core/contacts.edit_email": _edit_contact("email", "email"),
    "mobile-core/contacts.block": _block,
    "mobile-core/contacts.create": _new_contact,
    "mobile-core/contacts.query_company": lambda s, p: _submit(s, {"company": p["contact"]["company"]}),
    "mobile-core/railway.edit_traveller": _edit_passenger,
    "mobile-core/railway.departure_time": lambda s, p: _submit(s, {"departure": p["train"]["stops"][0]["dep"]}),
}


@pytest.fixture(scope="module")
def probe_states():
    """(spec, instance, s0, golden) of each task in GOLDENS; s0 replayed in Node from the instance's setup."""
    if shutil.which("node") is None:
        pytest.skip("needs node")
    from toolkit.synthesis.audit_golden import _replay, device_apps

    specs = {s.full_id: s for s in load_tasks(["mobile-core"])}
    out, jobs = {}, []
    for tid in GOLDENS:
        inst = sample(specs[tid], 0)
        jobs.append({"apps": device_apps("phone"), "log": [],
                     "reset": {"seed": inst.seed, "patch": inst.setup, "start_app": inst.start_app}})
        out[tid] = (specs[tid], inst)
    states = _replay(jobs)
    result = {}
    for (tid, (spec, inst)), s0 in zip(out.items(), states):
        golden = copy.deepcopy(s0)
        GOLDENS[tid](golden, inst.params)
        result[tid] = (spec, inst, s0, golden)
    return result


@pytest.fixture
async def pool():
    p = VerifierPool(size=1, limits=VerifierLimits(timeout_s=5))
    yield p
    await p.close()


@requires_node
async def test_probes_accept_the_bundled_verifiers(probe_states, pool):
    for tid, (spec, inst, s0, golden) in probe_states.items():
        result = await audit_verifier(spec, inst, s0, golden, pool)
        assert result.accepted, (tid, result.reasons)
        assert result.task_id == tid and result.findings == []


@requires_node
@pytest.mark.parametrize("hack", [h for h in HACKS if h["task"] in GOLDENS], ids=lambda h: h["file"])
async def test_probes_and_scan_reject_planted_hacks(hack, probe_states, pool):
    from toolkit.synthesis.audit import _swap_verifier

    spec, inst, s0, golden = probe_states[hack["task"]]
    result = await audit_verifier(_swap_verifier(spec, hack["path"], hack["function"]), inst, s0, golden, pool)
    assert not result.accepted
    assert _kinds(result.reasons) & set(hack["detected_as"]), result.reasons
    if hack["caught_by"] == "execution":
        assert result.findings == [] and _kinds(result.reasons) <= set(PROBES)


@requires_node
async def test_a_verifier_that_crashes_is_a_rejection(probe_states, pool, tmp_path):
    from toolkit.synthesis.audit import _swap_verifier

    spec, inst, s0, golden = probe_states["mobile-core/contacts.edit_phone"]
    (tmp_path / "bad.py").write_text("def verify(ctx):\n    return {'phone_changed': ctx.final['nope'] == 1, "
                                     "'rest_intact': ctx.final['nope'] == 2}\n")
    result = await audit_verifier(_swap_verifier(spec, str(tmp_path / "bad.py"), "verify"), inst, s0, golden, pool)
    assert not result.accepted and "verifier_error" in _kinds(result.reasons)


@requires_node
async def test_a_verifier_that_hangs_is_rejected_at_its_first_probe(probe_states, tmp_path):
    """Each of the five probes waited out the deadline: a hanging verifier cost five deadlines to reject. The pool
    replaces a worker once per missed deadline, so its respawns count the probes that hung."""
    from toolkit.synthesis.audit import _swap_verifier

    spec, inst, s0, golden = probe_states["mobile-core/contacts.edit_phone"]
    (tmp_path / "hang.py").write_text("def verify(ctx):\n    n = 0\n    while n >= 0:\n        n += 1\n"
                                      "    return {'phone_changed': True, 'rest_intact': True}\n")
    pool = VerifierPool(size=1, limits=VerifierLimits(timeout_s=1))
    try:
        result = await audit_verifier(_swap_verifier(spec, str(tmp_path / "hang.py"), "verify"), inst, s0, golden, pool)
    finally:
        await pool.close()
    assert not result.accepted and pool.respawns == 1
    assert result.reasons[-1] == ("verifier_error: on the initial state: verifier timed out after 1 s (the initial "
                                  "probe); the other probes were not run")


def test_perturbed_alters_every_change_and_restores_removals():
    initial = {"os": {}, "apps": {"a": {"data": {"items": [{"id": 1, "v": "x", "n": 4}, {"id": 2, "v": "y"}],
                                                 "flag": False, "tags": ["k"], "same": 1}, "ui": {"s": 1}},
                                  "answersheet": {"data": {"values": {}, "submitted": False, "submissions": 0}}}}
    golden = copy.deepcopy(initial)
    golden["apps"]["a"]["data"].update(items=[{"id": 1, "v": "abc", "n": 10}, {"id": 3, "v": "new"}], flag=True,
                                       tags=["k", "m"])
    golden["apps"]["a"]["ui"] = {"s": 2}
    golden["apps"]["answersheet"]["data"].update(values={"x": "Paris"}, submitted=True, submissions=1)
    out = perturbed(initial, golden)
    data = out["apps"]["a"]["data"]
    assert data["items"][0] == {"id": 1, "v": "nop", "n": -2}  # text rotated, number mirrored around the old 4
    assert data["items"][1]["v"] != "new" and {"id": 2, "v": "y"} in data["items"]  # added altered, removed restored
    assert data["flag"] is False and data["tags"][0] == "k" and data["tags"][1] != "m" and data["same"] == 1
    assert out["apps"]["a"]["ui"] == {"s": 2}
    sheet = out["apps"]["answersheet"]["data"]
    assert sheet["submitted"] is True and sheet["values"]["x"] != "Paris"
    assert perturbed(initial, copy.deepcopy(initial)) is None


# -- the sandbox refuses at run time -----------------------------------------------------------------

SANDBOX = '''
import os, socket, subprocess, time, random
from datetime import datetime, date

def spawn(ctx):
    subprocess.run(["true"])
def connect(ctx):
    socket.create_connection(("127.0.0.1", 9))
def lookup(ctx):
    socket.getaddrinfo("example.com", 80)
def write(ctx):
    open(ctx.params["path"], "w").write("x")
def read(ctx):
    return {"a": bool(open(ctx.params["path"]).read())}
def evaluate(ctx):
    return {"a": eval("1 + 1") == 2}
def execute(ctx):
    exec("x = 1", {})
def clock(ctx):
    return {"a": time.time() > 0}
def now(ctx):
    return {"a": datetime.now().year > 0}
def today(ctx):
    return {"a": date.today().year > 0}
def dice(ctx):
    return {"a": random.random() < 2}
def swallowed(ctx):
    try:
        subprocess.run(["true"])
    except Exception:
        pass
    return {"a": True}
def allowed(ctx):
    from collections import namedtuple
    P = namedtuple("P", "x")
    d = datetime.strptime("2026-05-03", "%Y-%m-%d")
    return {"a": P(1).x == 1 and d.day == 3 and time.strftime("%Y", time.gmtime(0)) == "1970"}
'''


@pytest.mark.parametrize("function, message", [
    ("spawn", "subprocess"), ("connect", "socket.connect"), ("lookup", "getaddrinfo"), ("write", "may not write"),
    ("read", "may not read files"), ("evaluate", "eval/exec"), ("execute", "eval/exec"), ("clock", "host clock"),
    ("now", "host clock"), ("today", "host clock"), ("dice", "randomness"), ("swallowed", "subprocess"),
])
async def test_the_sandbox_refuses_at_run_time(pool, tmp_path, function, message):
    path = tmp_path / "sandbox.py"
    path.write_text(SANDBOX)
    target = tmp_path / "target.txt"
    target.write_text("secret")
    with pytest.raises(VerifierFailure, match=message):
        await pool.run(str(path), function, {"params": {"path": str(target)}})
    assert target.read_text() == "secret"
    assert await pool.run(str(path), "allowed", {}) == {"a": True}


@pytest.mark.parametrize("file, message", [
    ("random_c_base.py", r"randomness \(the C random generator without a seed\)"),
    ("process_id.py", r"process ids \(os.getpid\)"),
    ("host_timezone.py", "may not import zoneinfo: it reads the host's time-zone files"),
    ("host_machine.py", r"facts of the host machine, which differ between machines \(os.cpu_count\)"),
    pytest.param("third_party_import.py", "may not import third-party packages", marks=pytest.mark.skipif(
        not (Path(sysconfig.get_paths()["stdlib"]) / "site-packages").is_dir(), reason="no site-packages here")),
])
async def test_the_sandbox_refuses_the_planted_nondeterminism(pool, file, message):
    """The planted hacks that reach the C generator under random.Random, a process id, the host's time-zone
    files, the host's facts or third-party packages are refused at run time too (the scan catches them first)."""
    [hack] = [h for h in HACKS if h["file"] == file]
    context = {"initial": {}, "final": {}, "answer": {"departure": "08:15"},
               "params": {"train": {"stops": [{"dep": "08:15"}]}}}
    for _ in range(2):
        with pytest.raises(VerifierFailure, match=message):
            await pool.run(hack["path"], hack["function"], context)


def test_one_suite_named_as_a_string_is_that_suite_not_its_letters():
    """audit_report(suites="mobile-core") audited the suites 'm', 'o', 'b'... and failed on the first: no suite 'm'."""
    from toolkit.api.tasks import synth_audit
    from toolkit.tasks.loader import SpecError

    with pytest.raises(SpecError, match="no suite 'nosuch':"):
        audit_report(suites="nosuch")
    with pytest.raises(ValueError, match="argument 'suites': no suite 'nosuch':"):
        synth_audit(planted=False, suites="nosuch")


@pytest.mark.parametrize("kwargs, name", [({"seed": -1}, "seed"), ({"seed": 1.5}, "seed"), ({"workers": -1}, "workers")])
def test_a_seed_or_workers_out_of_range_is_named_before_anything_runs(kwargs, name):
    """seed -1 failed as a SpecError on the first task's file (which synth_audit reports as a bad suite), workers -1
    as "Semaphore initial value must be >= 0" once the references had been replayed."""
    with pytest.raises(ValueError, match=f"^argument '{name}': must be a whole number"):
        audit_report(suites=["mobile-core"], **kwargs)


# -- the whole suite -------------------------------------------------------------------------------

@requires_node
@requires_chromium  # golden states: the reference solutions are recorded in Chromium once, then replayed in Node
@pytest.mark.slow
def test_audit_report_rejects_the_planted_hacks_and_accepts_every_bundled_verifier():
    report = audit_report(planted=True)
    assert report["planted"] >= 15 and report["rejected_share"] >= 0.95, report["missed"]
    assert not report["wrong_kind"], report["wrong_kind"]
    assert report["good"] >= 300 and report["good_accepted"] == report["good"], report["false_rejections"][:10]
