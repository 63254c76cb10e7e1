"""Judge an attempt: run the task's verifier out of process and score its result."""

from __future__ import annotations

from typing import Any

from toolkit.paths import MOCKED_APPS
from toolkit.tasks.diff import side_effects
from toolkit.tasks.params import TemplateError, render
from toolkit.tasks.spec import TaskInstance, TaskSpec
from toolkit.tasks.verdict import Verdict, score, verifier_error
from toolkit.tasks.verifier import VerifierFailure, VerifierPool


def submitted_answer(state: dict[str, Any]) -> dict[str, Any]:
    """Return the AnswerSheet values submitted in ``state`` (``{}`` when none were)."""
    sheet = (state.get("apps") or {}).get("answersheet") or {}
    data = sheet.get("data") or {}
    return dict(data.get("values") or {}) if data.get("submitted") else {}


async def judge(pool: VerifierPool, spec: TaskSpec, instance: TaskInstance, initial: dict, final: dict,
                trajectory: list[dict[str, Any]] | None = None) -> Verdict:
    """Return the verdict of ``final`` against ``initial`` for ``instance`` of ``spec``."""
    file, function = spec.verifier.split(":")
    context = {"initial": initial, "final": final, "params": instance.params, "answer": submitted_answer(final),
               "trajectory": trajectory or [], "world_root": str(MOCKED_APPS / "apps")}
    try:
        results = await pool.run(str(spec.folder / file), function, context)
    except VerifierFailure as exc:
        return verifier_error(spec.full_id, str(exc))
    verdict = score(spec, results, side_effects(initial, final, instance.expected_changes))
    for criterion in verdict.criteria:  # descriptions read with this instance's values
        try:
            criterion.description = str(render(criterion.description, instance.params))
        except TemplateError:
            pass
    return verdict
