"""The diagnosis as Markdown (no Chromium): free text is escaped, so it reads as itself and breaks nothing."""

from __future__ import annotations

import html
import re

from markdown_it import MarkdownIt

from tests.diagnosis.fake_run import add_attempt, plan
from toolkit.diagnosis import diagnose
from toolkit.store import RunStore

#: a detail holding every character that can break a table, a list item or a code span, or inject HTML or a link
NASTY = "bad | cell\n`tick` <img src=x onerror=alert(1)> & *em* _u_ [link](javascript:alert(1)) ~~s~~ \\ end"


def _render(md: str) -> str:
    """Return the HTML a CommonMark renderer with GFM tables makes of ``md`` (raw HTML let through, as in GFM)."""
    return MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(md)


def test_finding_details_and_names_are_escaped_in_the_markdown(tmp_path):
    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path, run_id="run`1")
    steps = plan()
    steps[1]["parse_error"] = NASTY
    parsed = add_attempt(store, "a", 0, "failure", steps, tags=("x|<b>",))
    broken = add_attempt(store, "b", 0, "verifier_error", plan(), tags=("ok",), verifier_error=NASTY)
    md = diagnose(store).to_markdown()
    out = _render(md)

    literal = html.escape(" ↵ ".join(NASTY.splitlines()), quote=False)  # the text as it was, on one line
    assert f"<li>parse_errors: <code>{parsed}</code> step 1: {literal}</li>" in out
    assert f"<li>verifier_errors: <code>{broken}</code>: {literal}</li>" in out
    for tag in ("<img", "<a ", "<em>", "<s>", "<del>"):  # no injected HTML, link, emphasis or strikethrough
        assert tag not in out
    assert "<h1>Diagnosis of run <code>run`1</code></h1>" in out  # a backtick in a code span: a longer fence

    assert "<tr>\n<td>x|&lt;b&gt;</td>\n<td>1</td>\n<td>1</td>\n<td>100%</td>\n</tr>" in out
    assert "<tr>\n<td>ok</td>\n<td>0 scored</td>\n<td>–</td>\n<td>n/a — 1 verifier error</td>\n</tr>" in out
    for table in re.findall(r"<table>.*?</table>", out, re.S):  # every row keeps its table's columns
        columns = table.count("<th>")
        assert all(row.count("<td>") == columns for row in re.findall(r"<tr>\n<td>.*?</tr>", table, re.S))


def test_the_headline_says_which_findings_leave_out_a_verifier_error(tmp_path):
    """The headline said a verifier-error attempt was left out of every finding below it, above the parse error
    of that very attempt in the action findings (which never depend on the verdict)."""
    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    steps = plan()
    steps[1]["parse_error"] = "no 'Action:' line found"
    broken = add_attempt(store, "a", 0, "verifier_error", steps, verifier_error="boom")
    add_attempt(store, "b", 0, "failure", plan())
    md = diagnose(store).to_markdown()
    headline = md.splitlines()[2]
    assert f"- parse_errors: `{broken}` step 1:" in md  # the attempt is in the action findings ...
    assert "left out of every rate and of the trajectory findings below" in headline  # ... and the headline says so
    assert "their steps still count in the action findings" in headline


def test_bad_list_sizes_are_refused_naming_the_argument(tmp_path):
    """examples=-1 was a slice that dropped each list's last example, silently; "3" a bare slice TypeError; and
    diagnose(min_support="2") a bare comparison TypeError, only once the run had attempts."""
    import pytest

    store = RunStore.create({"agent": "x", "suites": ["s"]}, root=tmp_path)
    for trial in range(2):
        steps = plan()
        steps[1]["parse_error"] = "no 'Action:' line found"
        add_attempt(store, "a", trial, "failure", steps)
    report = diagnose(store)
    assert len(report.actions["parse_errors"]) == 2
    assert report.to_markdown(examples=2).count("- parse_errors:") == 2 and "- parse_errors:" not in report.to_markdown(0)
    for name, value, shown in (("examples", -1, "-1"), ("examples", "3", "str '3'"), ("limit", None, "NoneType None"),
                               ("limit", -2, "-2")):
        with pytest.raises(ValueError, match=rf"argument '{name}': must be a whole number >= 0, got {shown}"):
            report.to_markdown(**{name: value})
    for value, shown in (("2", "str '2'"), (0, "0"), (1.5, "float 1.5")):
        with pytest.raises(ValueError, match=rf"argument 'min_support': must be a whole number >= 1, got {shown}"):
            diagnose(store, min_support=value)
    assert diagnose(store, min_support=2).weak_capabilities == ["toggle"] and diagnose(store, 3).weak_capabilities == []
