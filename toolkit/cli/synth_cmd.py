"""``guigym synth``: build worlds, synthesize tasks accepted by execution, re-validate them, audit verifiers."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.markup import escape

from toolkit import bounds
from toolkit.cli.common import (console, emit_json, fail, os_reason, out, say_flagged, split_list, table,
                                writable_folder)


def _weak(weak: str | None, diagnosis: str | None) -> list[str] | None:
    """Return the capability tags to favour, from ``--weak`` or from a ``--diagnosis`` report (not both)."""
    if weak and diagnosis:
        raise click.UsageError("--weak and --diagnosis both name the capabilities to favour; give one of them "
                               "(--diagnosis uses the report's weak_capabilities)")
    if diagnosis:
        return _diagnosis_weak(diagnosis)
    return split_list("--weak", weak, "capability tag") or None


def _diagnosis_weak(path: str) -> list[str] | None:
    """Return the ``weak_capabilities`` of the DiagnosisReport JSON at ``path`` (None when it names none); stop with one line naming the file and
    what is wrong (not JSON, or which fields do not fit: a world or a run summary is JSON of another kind)."""
    from pydantic import ValidationError

    from toolkit.diagnosis.report import DiagnosisReport

    hint = "write one with `guigym runs diagnose RUN --out FILE`"
    try:
        weak = DiagnosisReport.model_validate_json(Path(path).read_text(encoding="utf-8")).weak_capabilities
        if not weak:  # a run without failures: say so rather than quietly synthesize an untargeted bank
            console.print(f"--diagnosis {path}: the report names no weak capability; no tag is favoured",
                          markup=False, highlight=False, soft_wrap=True)
        return weak or None
    except UnicodeDecodeError as exc:
        fail(f"--diagnosis {path}: not UTF-8 text ({exc.reason} at byte {exc.start}); {hint}")
    except OSError as exc:
        fail(f"--diagnosis {path}: cannot be read ({os_reason(exc)})")
    except ValidationError as exc:
        errors = exc.errors()
        if errors and errors[0]["type"] == "json_invalid":
            fail(f"--diagnosis {path}: not valid JSON ({errors[0]['msg']}); {hint}")
        fields = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(root)'}: {e['msg']}" for e in errors[:4])
        more = f" (and {len(errors) - 4} more)" if len(errors) > 4 else ""
        fail(f"--diagnosis {path}: not a DiagnosisReport: {fields}{more}; {hint}")


def _check_persona(index: int | None) -> None:
    """Stop with a usage error naming --persona when ``index`` names no persona of the offline pool (listing it)."""
    from toolkit.synthesis.world import pool_persona

    if index is None:
        return
    try:
        pool_persona(index)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--persona'") from None


def _check_scenario(key: str | None) -> None:
    """Stop with a usage error naming --scenario when ``key`` is no scenario of the offline pool (an empty one too: it
    is not "pick one by seed")."""
    from toolkit.synthesis.offline.pools import SCENARIOS

    if key is not None and key not in SCENARIOS:
        raise click.BadParameter(f"unknown scenario {key!r}; the offline pool has {', '.join(sorted(SCENARIOS))}",
                                 param_hint="'--scenario'")


def _named_path(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Return ``value``; refuse an empty or blank path (``--out ""``), which read as "not given": synth tasks then
    wrote into the default task_bank/synth, and synth world wrote nothing while its JSON said ``"out": ""``."""
    if value is not None and not value.strip():
        raise click.BadParameter("an empty path names no file or folder; leave the option out for its default")
    return value


@click.group()
def synth() -> None:
    """Synthesize worlds and verified tasks (offline templates or Claude)."""


@synth.command("world")
@click.option("--persona", type=click.IntRange(min=0), default=None,
              help="index into the offline persona pool; an index past its end is an error listing the pool "
                   "(default: the seed's, i.e. seed modulo the pool size)")
@click.option("--scenario", default=None, help="scenario id: moving, launch, trip, wedding, renovation (default: by seed)")
@click.option("--seed", type=click.IntRange(*bounds.SEED), default=0, show_default=True)
@click.option("--backend", type=click.Choice(["offline", "claude"]), default="offline", show_default=True)
@click.option("--out", "out_path", type=click.Path(dir_okay=False), callback=_named_path,
              help="write the world JSON here")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object as the last line")
def world_command(persona, scenario, seed, backend, out_path, as_json):
    """Build a world (records across apps sharing people, events and facts); check it and that it loads."""
    from toolkit.synthesis.world import WorldLoadError, build_world, initial_state, verify_loaded

    _check_persona(persona)
    _check_scenario(scenario)
    try:
        world = build_world(persona, scenario, seed=seed, backend=backend)
    except (ValueError, RuntimeError) as exc:
        fail(str(exc))
    try:
        missing = verify_loaded(world, initial_state(world))
    except WorldLoadError as exc:  # the device refused the world's patch
        fail(str(exc))
    if out_path:
        try:
            Path(out_path).write_text(world.model_dump_json(indent=1))
        except OSError as exc:
            fail(f"--out {out_path}: cannot write the world ({os_reason(exc)})")
    counts = {f"{app}.{col}": len(items) for app, cols in world.records.items() for col, items in cols.items()}
    summary = {"world": world.id, "scenario": world.scenario.id, "persona": world.persona.summary, "people": len(world.people),
               "facts": len(world.facts), "records": counts, "loads": not missing, "missing": missing[:10], "out": out_path}
    target = console if as_json else out
    target.print(table(f"world {world.id}", ["collection", "records"], list(counts.items())))
    target.print(f"{len(world.people)} people, {len(world.facts)} facts; loads into the device: {not missing}")
    if as_json:
        emit_json(summary)
    if missing:
        raise SystemExit(1)


@synth.command("tasks")
@click.option("--backend", type=click.Choice(["offline", "claude"]), default="offline", show_default=True)
@click.option("--worlds", type=click.IntRange(*bounds.WORLDS), default=3, show_default=True,
              help="how many worlds; past the offline pool's persona/scenario pairs the pairs repeat with new seeds "
                   "(distinct worlds, e.g. moving-111 after moving-11)")
@click.option("--per-world", type=click.IntRange(*bounds.PER_WORLD), default=40, show_default=True, help="tasks synthesized per world")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None, callback=_named_path,
              help="output folder (default: task_bank/synth, where worlds load as suites synth/<world>)")
@click.option("--weak", help="capability tags to favour, weakest first (comma-separated)")
@click.option("--diagnosis", type=click.Path(exists=True, dir_okay=False), help="a DiagnosisReport JSON: favour its weak capabilities")
@click.option("--random", "random_rollouts", type=click.IntRange(*bounds.RANDOM_ROLLOUTS), default=20, show_default=True)
@click.option("--instances", type=click.IntRange(*bounds.INSTANCES), default=5, show_default=True)
@click.option("--parallel", type=click.IntRange(*bounds.VALIDATE_PARALLEL), default=2, show_default=True)
@click.option("--seed", type=click.IntRange(*bounds.SEED), default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print one JSON object as the last line")
def tasks_command(backend, worlds, per_world, out_dir, weak, diagnosis, random_rollouts, instances, parallel, seed, as_json):
    """Synthesize tasks for N worlds, accept them by execution, write them as suites; report the counts."""
    from toolkit.synthesis.claude import ClaudeError
    from toolkit.synthesis.pipeline import DEFAULT_OUT, synthesize_bank
    from toolkit.synthesis.synthesize import WeakTagError
    from toolkit.synthesis.writer import OutFolderError

    favour = _weak(weak, diagnosis)
    writable_folder("--out", out_dir)
    target = console if as_json else out
    try:
        report = synthesize_bank(worlds=worlds, out=out_dir or DEFAULT_OUT, backend=backend, per_world=per_world,
                                 weak=favour, random_rollouts=random_rollouts, instances=instances,
                                 parallel=parallel, seed=seed,
                                 on_progress=lambda m: target.print(m, markup=False, highlight=False))
    except WeakTagError as exc:  # a world can make no task carrying any of the weak tags (nothing written)
        fail(f"{'--diagnosis' if diagnosis else '--weak'}: {exc}; nothing was written")
    except OutFolderError as exc:  # checked for every world before any work
        fail(f"--out {out_dir or DEFAULT_OUT}: {exc}; nothing was written")
    except (ValueError, ClaudeError) as exc:  # an inconsistent world, Claude unreachable or answering nonsense
        fail(f"synthesis stopped: {exc}")
    for r in report.rejections[:20]:
        line = f"{r.task_id} ({r.stage}): {'; '.join(r.reasons)[:300]}"
        say_flagged(target, "rejected", line, "yellow")
    target.print(f"{report.accepted} accepted, {report.rejected} rejected, cross-app share {report.cross_app_share:.0%}, "
                 f"{report.distinct_instructions} distinct instructions, {report.seconds:.0f} s -> {report.out}")
    if as_json:
        data = report.model_dump(exclude={"rejections"})
        data["rejections"] = [r.model_dump() for r in report.rejections]
        emit_json(data)
    if report.accepted == 0:
        # A bank with nothing in it is a failed synthesis, whatever the JSON says: scripts must see it.
        fail(f"no task was accepted ({report.rejected} rejected); the rejections above name each stage and reason")


@synth.command("validate")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None, callback=_named_path,
              help="a synth folder or one world folder (default: task_bank/synth)")
@click.option("--instances", type=click.IntRange(*bounds.INSTANCES), default=5, show_default=True)
@click.option("--random", "random_rollouts", type=click.IntRange(*bounds.RANDOM_ROLLOUTS), default=20, show_default=True)
@click.option("--parallel", type=click.IntRange(*bounds.VALIDATE_PARALLEL), default=2, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print one JSON object as the last line")
def validate_command(out_dir, instances, random_rollouts, parallel, as_json):
    """Re-check written worlds: consistency, every record loads, and every task passes the validation suite."""
    from toolkit.synthesis.pipeline import DEFAULT_OUT, validate_synth

    try:
        results = validate_synth(out_dir or DEFAULT_OUT, instances, random_rollouts, parallel)
    except ValueError as exc:  # no synthesized world there
        fail(str(exc))
    target = console if as_json else out
    target.print(table("synthesized worlds", ["world", "tasks", "passed", "issues", "missing"],
                       [[r.world, r.tasks, r.passed, len(r.issues), len(r.missing)] for r in results]))
    for r in results:
        for issue in r.issues:
            say_flagged(target, "ISSUE", f"{r.world}: {issue}")
        if r.missing:
            say_flagged(target, "ISSUE", f"{r.world}: {len(r.missing)} record(s) do not load into the device, "
                                         f"e.g. {', '.join(map(str, r.missing[:5]))}")
        for tid, checks in r.failed.items():
            for check, message in checks.items():
                say_flagged(target, "FAIL", f"{tid} {check}: {message}")
    if as_json:
        emit_json({"worlds": [r.model_dump() for r in results], "tasks": sum(r.tasks for r in results),
                   "passed": sum(r.passed for r in results), "ok": all(r.ok for r in results)})
    if not all(r.ok for r in results):
        raise SystemExit(1)


@synth.command("audit")
@click.option("--planted", is_flag=True, help="also run the planted reward hacks (they must all be rejected)")
@click.option("--suite", "suites", help="suites to audit, comma-separated (default: mobile-core, mobile, web)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object as the last line")
def audit_command(planted, suites, as_json):
    """Audit verifiers: static reward-hack scan plus sandboxed execution probes.

    Exits 1 when a bundled verifier is rejected or could not be audited (its reference reaches no golden state), or
    (with --planted) a planted hack is not rejected.
    """
    from toolkit.synthesis.audit import audit_report
    from toolkit.tasks.loader import known_suites

    chosen = split_list("--suite", suites, "suite", known_suites) or None
    try:
        report = audit_report(planted=planted, suites=chosen)
    except ValueError as exc:  # an unknown suite, a task file that does not load (SpecError), an external benchmark
        fail(str(exc))
    target = console if as_json else out
    unaudited = report.get("unaudited", [])
    rows = [["verifiers audited", report.get("good")], ["accepted", report.get("good_accepted")]]
    if unaudited:
        rows.append(["not probed (no golden state)", len(unaudited)])
    if planted:
        rows += [["planted hacks", report.get("planted")], ["rejected", report.get("rejected")],
                 ["rejected share", report.get("rejected_share")]]
    target.print(table("verifier audit", ["figure", "value"], rows))
    for miss in report.get("false_rejections", [])[:10]:
        line = f"rejected bundled verifier {miss['task']}: {json.dumps(miss['reasons'])[:200]}"
        say_flagged(target, "FAIL", line)
    for miss in unaudited[:10]:  # an unprobed verifier is not a checked one
        say_flagged(target, "FAIL", f"could not audit {miss['task']}: {'; '.join(miss['reasons'])[:300]}")
    for name in report.get("missed", []):
        say_flagged(target, "FAIL", f"planted hack {name} was accepted")
    for name in report.get("wrong_kind", []):
        target.print(f"[yellow]planted hack {escape(name)} was rejected, but not for its expected kind[/]", markup=True,
                     highlight=False)
    if as_json:
        emit_json(report)
    if report.get("missed") or report.get("false_rejections") or unaudited:
        raise SystemExit(1)
