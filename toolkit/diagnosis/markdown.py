"""The Markdown form of a :class:`~toolkit.diagnosis.report.DiagnosisReport`, with free text escaped."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from toolkit import bounds
from toolkit.diagnosis.queries import plural

if TYPE_CHECKING:
    from toolkit.diagnosis.report import DiagnosisReport, EnvErrorGroup, Rate, Unfinished, Unscored


def report_markdown(report: DiagnosisReport, examples: int = 3, limit: int = 20) -> str:
    """Return the report as Markdown (counts, top rates, a few examples of each finding).

    Free text (details, names, messages) is escaped with :func:`md_text`: it reads as the text it is, and cannot
    break a table or inject HTML. A long list shows its first ``limit`` items and says how many more there are.

    Raises:
        ValueError: ``examples`` or ``limit`` is not a whole number >= 0 (-1 was a slice that dropped each list's
            last item, silently; "3" failed as a bare slice TypeError).
    """
    examples, limit = bounds.check("examples", examples, bounds.COUNT), bounds.check("limit", limit, bounds.COUNT)
    lines = [f"# Diagnosis of run {md_code(report.run_id)}", "", _headline(report), ""]
    lines += ["## Actions", "", "| finding | count |", "| --- | --- |"]
    lines += [f"| {k} | {v} |" for k, v in report.action_counts.items()]
    if report.parse_error_kinds:
        kinds = ", ".join(f"{md_text(k)} {v}" for k, v in report.parse_error_kinds.items())
        lines += ["", "Parse errors by kind: " + kinds]
    lines.append("")  # a blank line ends the table (some renderers read a list item after it as a row)
    for name, found in report.actions.items():
        for f in found[:examples]:
            lines.append(f"- {name}: {md_code(f.attempt_id)} step {f.step}: {md_text(f.detail)}")
    lines += ["", "## Trajectories", "", "| finding | attempts |", "| --- | --- |"]
    lines += [f"| {k} | {len(v)} |" for k, v in report.trajectories.items()]
    lines.append("")
    for name, found in report.trajectories.items():
        for f in found[:examples]:
            lines.append(f"- {name}: {md_code(f.attempt_id)}: {md_text(f.detail)}")
    lines += ["", *_env_markdown(report, examples, limit), "## Knowledge", ""]
    for title, rates, unscored in (("app", report.by_app, report.unscored_by_app),
                                   ("capability tag", report.by_tag, report.unscored_by_tag),
                                   ("criterion", report.by_criterion, [])):
        lines += _rate_table(title, rates, unscored, limit=min(limit, 12))
    if report.divergences:
        lines += ["First divergence of failed attempts from a successful one:", ""]
        lines += [f"- {md_code(f.attempt_id)} step {f.step}: {md_text(f.detail)}"
                  for f in report.divergences[:examples * 3]]
        lines += [*_more(len(report.divergences) - examples * 3, "- "), ""]
    lines += ["## Weakest capabilities", ""]
    lines += [f"{i + 1}. {md_text(t)}" for i, t in enumerate(report.weak_capabilities)]
    return "\n".join(lines) + "\n"

def _env_markdown(report: DiagnosisReport, examples: int, limit: int) -> list[str]:
    """Return the Markdown section listing the env errors (grouped) and the unfinished attempts."""
    lines = ["## Env errors and unfinished attempts", ""]
    if not report.env_errors and not report.unfinished:
        return lines + ["No env error or model outage: no attempt was rerun, none is unfinished.", ""]
    if report.env_errors:
        reruns = sum(g.count for g in report.env_errors)
        lines += [f"{plural(reruns, 'rerun')} after an env error or a model outage (kind `model`), "
                  "by kind, operation and message:", ""]
        lines += [_env_error_line(g, examples) for g in report.env_errors[:limit]]
        lines += [*_more(len(report.env_errors) - limit, "- ", "kinds of error"), ""]
    if report.unfinished:
        lines += [f"{plural(len(report.unfinished), 'attempt')} with no result (every try failed; "
                  "`guigym eval --resume` runs them):", ""]
        lines += [_unfinished_line(u) for u in report.unfinished[:limit]]
        lines += [*_more(len(report.unfinished) - limit, "- "), ""]
    return lines

def _headline(report: DiagnosisReport) -> str:
    """Return the first line: attempts, success rate, what was left out and what is unfinished."""
    unfinished = (f" {plural(len(report.unfinished), 'attempt')} unfinished: every try failed in the env or "
                  "the model service (see below).") if report.unfinished else ""
    if not report.attempts:
        return ("No finished attempts: nothing to diagnose "
                "(a stopped run can be finished with `guigym eval --resume`)." + unfinished)
    left_out = len(report.trajectories.get("verifier_errors", []))
    rate = "n/a" if report.success_rate is None else f"{report.success_rate:.1%}"
    if not left_out:
        return f"{plural(report.attempts, 'attempt')}, success rate {rate}." + unfinished
    return (f"{plural(report.attempts, 'attempt')}, success rate {rate} "
            f"over the {report.attempts - left_out} scored; "
            f"{left_out} left out of every rate and of the trajectory findings below because their verifier failed "
            "(a task or verifier bug, not an agent failure; see verifier_errors); their steps still count in the "
            "action findings, which do not depend on the verdict." + unfinished)


# Markdown's own characters, and HTML's: escaped with a backslash (CommonMark lets any ASCII punctuation be escaped)
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|&~])")


def md_text(value: Any) -> str:
    """Return ``value`` as literal Markdown text on one line (safe in a table cell, a list item or a paragraph).

    Line breaks become ``↵`` (a break would end the table row or the list item); backslashes, backticks,
    ``* _ [ ] ~`` (emphasis, links), ``|`` (table cells), ``<``/``>`` (raw HTML) and ``&`` (entities) are escaped.
    """
    return _MD_SPECIAL.sub(r"\\\1", " ↵ ".join(str(value).splitlines()))


def md_code(value: Any) -> str:
    """Return ``value`` as a Markdown code span on one line, fenced with more backticks than it holds.

    Not for table cells (a ``|`` in a code span still splits a cell): use :func:`md_text` there.
    """
    text = " ".join(str(value).splitlines())
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""  # one space each side is stripped when read
    return f"{fence}{pad}{text}{pad}{fence}"


def _env_error_line(group: EnvErrorGroup, examples: int) -> str:
    """Return the Markdown list item of one group of env errors, with its first ``examples`` attempt ids."""
    shown = group.examples[:examples]
    rest = f" and {group.attempts - len(shown)} more" if group.attempts > len(shown) else ""
    ids = ", ".join(md_code(a) for a in shown)
    return (f"- {group.count} × {md_code(group.kind)} during {md_code(group.op)} "
            f"({plural(group.attempts, 'attempt')}): {md_text(_cut(group.message))} — e.g. {ids}{rest}")


def _unfinished_line(unfinished: Unfinished) -> str:
    """Return the Markdown list item of one unfinished attempt: its id, task, trial, tries and last error."""
    trial = "?" if unfinished.trial is None else unfinished.trial
    return (f"- {md_code(unfinished.attempt_id)}: task {md_code(unfinished.task_id or '?')}, trial {trial}, "
            f"{plural(unfinished.tries, 'try', 'tries')}; last: {md_text(_cut(unfinished.last_error))}")


def _cut(text: str, n: int = 300) -> str:
    """Return ``text`` cut to ``n`` characters (with an ellipsis when cut); cut before escaping, never after."""
    return text if len(text) <= n else text[:n] + "…"


def _more(n: int, prefix: str = "", what: str = "") -> list[str]:
    """Return the line saying that ``n`` more items are not shown (none when ``n`` <= 0)."""
    return [f"{prefix}… and {n} more{' ' + what if what else ''}"] if n > 0 else []


def _rate_table(title: str, rates: list[Rate], unscored: list[Unscored], limit: int) -> list[str]:
    """Return the Markdown failure-rate table of one grouping, with its groups that have no score at the end."""
    lines = [f"Failure rate by {title}:", "", f"| {title} | attempts | failures | rate |", "| --- | --- | --- | --- |"]
    lines += [f"| {md_text(r.name)} | {r.attempts} | {r.failures} | {r.rate:.0%} |" for r in rates[:limit]]
    # no scored attempt: no rate at all, which a 0% would misread as "never fails"
    lines += [f"| {md_text(u.name)} | 0 scored | – | n/a — {plural(u.verifier_errors, 'verifier error')} |"
              for u in unscored[:limit]]
    more = max(0, len(rates) - limit) + max(0, len(unscored) - limit)
    return lines + ["", *_more(more, "", f"{title} groups not shown"), *([""] if more else [])]
