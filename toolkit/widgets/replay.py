"""Replay and compare widgets (ipywidgets): step through an attempt with its screenshot, the action drawn on it,
the model output, parsed actions, the step's state diff and the verdict per criterion."""

from __future__ import annotations

import html
import json
import numbers
from typing import Any

from toolkit.diagnosis import attempt as attempt_info
from toolkit.diagnosis import compare, open_run, steps as attempt_steps
from toolkit.diagnosis.queries import RunRef
from toolkit.tasks.judge import submitted_answer
from toolkit.widgets.draw import check_width, screenshot, to_bytes


def _esc(value: Any) -> str:
    return html.escape(value if isinstance(value, str) else json.dumps(value, default=str))


def _text(value: Any) -> str:
    """Return ``str(value)`` escaped for HTML (``None`` and ``False`` read as in Python, unlike :func:`_esc`)."""
    return html.escape(str(value))


def step_html(record: dict[str, Any]) -> str:
    """Return the HTML panel of one step: output, actions, results, note and state diff."""
    diff = record.get("state_diff") or []
    rows = "".join(f"<tr><td><code>{_esc(d['path'])}</code></td><td>{_esc(d['before'])}</td><td>{_esc(d['after'])}</td></tr>"
                   for d in diff if ".ui." not in d["path"]) or "<tr><td colspan=3><i>no data change</i></td></tr>"
    note = f"<p><b>note:</b> {_esc(record['note'])}</p>" if record.get("note") else ""
    return (f"<div><b>step {record['index']}</b> · {_esc(record.get('screen_before'))} → {_esc(record.get('screen_after'))}"
            f"<pre style='white-space:pre-wrap;max-height:12em;overflow:auto'>{_esc(record.get('output', ''))}</pre>"
            f"<p><b>actions:</b> <code>{_esc(record.get('actions'))}</code></p>{note}"
            f"<table><tr><th>state path</th><th>before</th><th>after</th></tr>{rows}</table></div>")


def answer_sheet(records: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Return the answer an attempt submitted as data: the AnswerSheet values of its final state (its trajectory's
    verdict line), else the fields (or text) of its last ``answer`` action; None when it submitted none."""
    final = next((r.get("final_state") for r in records if r.get("kind") == "verdict"), None)
    values = submitted_answer(final) if isinstance(final, dict) else {}
    if values:
        return values
    for record in reversed(records):
        actions = record.get("actions") if record.get("kind") == "step" else None
        for action in reversed(actions if isinstance(actions, list) else []):
            if isinstance(action, dict) and action.get("type") == "answer":
                return action.get("fields") or {"answer": action.get("text")}
    return None


def claim_text(verdict: dict[str, Any]) -> str:
    """Return what the agent claimed when it ended (``claimed success``), or that it made no claim and why it ended."""
    claimed = verdict.get("claimed")
    if isinstance(claimed, str) and claimed:
        return f"claimed {claimed}"
    termination = verdict.get("termination")
    return f"no claim (ended by {termination})" if isinstance(termination, str) and termination else "no claim"


def answer_html(verdict: dict[str, Any]) -> str:
    """Return the HTML line of the agent's final answer: its claim, the answer it gave with ``terminate`` and the
    answer it submitted as data (``verdict["sheet"]``, see :func:`answer_sheet`)."""
    parts = [_text(claim_text(verdict))]
    answer = verdict.get("answer")
    if answer not in (None, "") and not (isinstance(answer, float) and answer != answer):  # NaN: a table row's gap
        parts.append(f"answer <q>{_esc(answer)}</q>")
    if verdict.get("sheet"):
        parts.append(f"answer sheet <code>{_esc(json.dumps(verdict['sheet'], ensure_ascii=False, default=str))}</code>")
    if len(parts) == 1:
        parts.append("no answer")
    return f"<p class='answer'><b>final answer</b>: {' · '.join(parts)}</p>"


def verdict_html(verdict: dict[str, Any]) -> str:
    """Return the HTML of a verdict: criteria with pass/fail marks, reward, side effects; or the verifier's error.

    A verifier that failed gave no score: its error is shown instead of a reward of 0 that would read as a failure.
    """
    if verdict.get("error"):
        return (f"<div><b>verdict</b>: <span style='color:#c62828'>verifier error</span> (no score; left out of "
                f"every rate), claimed {_text(verdict.get('claimed'))}, ended by {_text(verdict.get('termination'))}"
                f"<pre style='white-space:pre-wrap'>{_esc(verdict['error'])}</pre>{answer_html(verdict)}</div>")
    items = "".join(f"<li><span style='color:{'#1a7f37' if c['passed'] else '#c62828'}'>{'✓' if c['passed'] else '✗'}</span> "
                    f"{_esc(c['id'])}: {_esc(c['description'])}</li>"
                    for c in verdict.get("criteria") or [])
    effects = ", ".join(verdict.get("side_effects") or []) or "none"
    reward = verdict.get("reward")
    return (f"<div><b>verdict</b>: reward {f'{reward:.2f}' if isinstance(reward, (int, float)) else 'unknown'}, "
            f"success {_text(verdict.get('success'))}, claimed {_text(verdict.get('claimed'))}, "
            f"ended by {_text(verdict.get('termination'))}{answer_html(verdict)}<ul>{items}</ul>"
            f"<p>side effects: {_esc(effects)}</p></div>")


def _index(index: object) -> int:
    """Return a frame ``index`` as an int (a numpy integer from a steps frame too); raise TypeError naming it when it
    is no whole number: ``show("2")`` failed inside the clamp with "'<' not supported between 'str' and 'int'"."""
    if isinstance(index, bool) or not isinstance(index, numbers.Integral):
        raise TypeError(f"argument 'index': a frame number (a whole number), got {type(index).__name__} {index!r}")
    return int(index)


class ReplayWidget:
    """Step through one attempt: slider, prev/next/play, annotated screenshot, output, actions, diff, verdict."""

    def __init__(self, run: RunRef, attempt_id: str, width: int = 300):
        import ipywidgets as w

        check_width(width)
        self.store = open_run(run)
        self.attempt_id = attempt_id
        self.info = attempt_info(self.store, attempt_id)
        self.info["verdict"]["sheet"] = answer_sheet(self.store.trajectory(attempt_id))
        self.records = attempt_steps(self.store, attempt_id).to_dict("records")
        self.width = width
        # one frame per step, then the final screen (the state the verdict judged), as the HTML report has
        last = self.records[-1] if self.records else {}
        self.final = last.get("screenshot_after")
        n = max(0, len(self.records) - (0 if self.final else 1))
        self.slider = w.IntSlider(value=0, min=0, max=n, description="step")
        self.play = w.Play(value=0, min=0, max=n, interval=900)
        w.jslink((self.play, "value"), (self.slider, "value"))
        self.prev_btn, self.next_btn = w.Button(description="◀ prev"), w.Button(description="next ▶")
        self.prev_btn.on_click(lambda _: self.show(self.slider.value - 1))
        self.next_btn.on_click(lambda _: self.show(self.slider.value + 1))
        self.image = w.Image(format="jpeg", width=width)
        self.details = w.HTML()
        # a row of an older run may lack any field but its id: the instruction is also in the trajectory's instance
        row, instance = self.info["row"], self.info["instance"] or {}
        instruction = row.get("instruction") or instance.get("instruction") or "(instruction not recorded)"
        self.header = w.HTML(f"<b>{_text(row.get('task_id') or instance.get('task_id') or '?')}</b> trial "
                             f"{_text(row.get('trial', '?'))} · outcome <b>{_text(row.get('outcome') or 'unknown')}</b> · "
                             f"{_text(claim_text(self.info['verdict']))}<br>{_text(instruction)}")
        self.verdict = w.HTML(verdict_html(self.info["verdict"]))
        self.slider.observe(lambda change: self._render(change["new"]), names="value")
        self.widget = w.VBox([self.header, w.HBox([self.prev_btn, self.play, self.slider, self.next_btn]),
                              w.HBox([self.image, w.VBox([self.details, self.verdict], layout=w.Layout(width="60%"))])])
        self._render(0)

    def show(self, index: int) -> None:
        """Show step ``index`` (clamped to the attempt's frames: its steps, then the final screen)."""
        index = _index(index)
        self.slider.value = max(self.slider.min, min(self.slider.max, index))

    def frame(self, index: int) -> bytes:
        """Return the annotated screenshot (JPEG bytes) of the screen step ``index`` acted on; past the last step,
        the final screen with nothing drawn."""
        index = _index(index)
        if not self.slider.min <= index <= self.slider.max:  # a list index: -1 was the last step, 99 a bare IndexError
            raise IndexError(f"index: attempt {self.attempt_id!r} has frames {self.slider.min}..{self.slider.max}, not {index}")
        if not self.records:
            return to_bytes(screenshot(self.info["initial_screenshot"], [], self.width * 2))
        if index == len(self.records):
            return to_bytes(screenshot(self.final, [], self.width * 2))
        record = self.records[index]
        return to_bytes(screenshot(record.get("screenshot_before"), record.get("actions") or [], self.width * 2))

    def _render(self, index: int) -> None:
        self.image.value = self.frame(index)
        if not self.records:
            self.details.value = "<i>no steps</i>"
        elif index == len(self.records):
            last = self.records[-1]
            self.details.value = (f"<div><b>final screen</b> · after step {_esc(last['index'])} · "
                                  f"{_esc(last.get('screen_after'))}</div>")
        else:
            self.details.value = step_html(self.records[index])

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class CompareWidget:
    """Two attempts side by side on one slider, starting at the first step where they diverge.

    The divergence is :func:`toolkit.diagnosis.compare`'s: full steps for two attempts of the same instance,
    screens and action types for attempts of different instances (their states differ from step 0 on).
    ``run_b`` None: ``attempt_b`` is of ``run_a`` too (as :func:`~toolkit.diagnosis.compare` takes it).
    """

    def __init__(self, run_a: RunRef, attempt_a: str, run_b: RunRef | None, attempt_b: str, width: int = 240):
        import ipywidgets as w

        check_width(width)
        self.a = ReplayWidget(run_a, attempt_a, width)
        # None was opened as a run: "argument 'run': ... got NoneType" named neither run_b nor the way to say "same run"
        self.b = ReplayWidget(self.a.store if run_b is None else run_b, attempt_b, width)
        diff = compare(self.a.store, attempt_a, attempt_b, run_b=self.b.store)
        first = self.divergence = diff["first_divergence"]
        self.same_instance = diff["same_instance"]
        self.slider = w.IntSlider(value=0, min=0, max=max(self.a.slider.max, self.b.slider.max), description="step")
        self.slider.observe(lambda ch: self.show(ch["new"]), names="value")
        rule = "same instance" if self.same_instance else "different instances: screens and action types compared"
        label = w.HTML(f"first divergence at step <b>{first}</b> ({rule})" if first is not None
                       else f"the attempts never diverge ({rule})")
        self.widget = w.VBox([label, self.slider, w.HBox([self.a.widget, self.b.widget])])
        if first is not None:
            self.slider.value = min(first, self.slider.max)

    def show(self, index: int) -> None:
        """Show frame ``index`` of both attempts; one that has ended by then keeps its last frame and says so."""
        index = _index(index)
        for side in (self.a, self.b):
            side.show(index)
            steps = len(side.records)
            ended = f"<div><b>ended</b>: this attempt has {steps} step{'' if steps == 1 else 's'}; its last frame is shown</div>"
            body = side.details.value.removeprefix(ended)  # the side did not move: its panel already says so
            side.details.value = ended + body if index > side.slider.max else body

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
