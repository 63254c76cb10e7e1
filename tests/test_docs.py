"""What the written docs show a researcher to copy works as shown (task_bank/README.md's example and helper list)."""

from __future__ import annotations

import inspect
import re

from tests.conftest import requires_chromium
from toolkit.paths import REPO_ROOT
from toolkit.tasks import load_suite
from toolkit.tasks import verifier_checks
from toolkit.validation import validate_tasks

TASK_BANK_README = (REPO_ROOT / "task_bank" / "README.md").read_text(encoding="utf-8")


def _block(lang: str) -> str:
    return TASK_BANK_README.split(f"```{lang}\n", 1)[1].split("```", 1)[0]


def test_every_documented_verifier_check_takes_the_arguments_it_is_shown_with():
    section = TASK_BANK_README[TASK_BANK_README.index("Besides the standard"):TASK_BANK_README.index("The bundled and")]
    calls = re.findall(r"`([a-z_]+)\(([^)`]*)\)", section)
    assert len(calls) > 30
    wrong = {}
    for name, args in calls:
        params = list(inspect.signature(getattr(verifier_checks, name)).parameters)
        shown = [a.strip().split("=")[0] for a in args.split(",") if a.strip() not in ("", "...") and '"' not in a]
        if set(shown) - set(params):
            wrong[name] = (shown, params)
    assert not wrong, wrong


@requires_chromium
async def test_the_annotated_task_example_loads_and_its_reference_solves_it(tmp_path):
    suite = tmp_path / "docs-example"
    suite.mkdir()
    (suite / "contacts.yaml").write_text(_block("yaml"), encoding="utf-8")
    (suite / "contacts.py").write_text(_block("python"), encoding="utf-8")
    specs = load_suite("docs-example", root=tmp_path)
    assert [s.id for s in specs] == ["contacts.edit_phone"]
    reports = await validate_tasks(specs, instances=3, random_rollouts=0, parallel=1)
    assert all(r.ok for r in reports), [r.checks for r in reports]
