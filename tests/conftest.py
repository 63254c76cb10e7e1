"""Shared fixtures: a tiny task bank written per test, and a real Chromium env manager."""

from __future__ import annotations

import textwrap
import threading
from pathlib import Path
from typing import Any, Callable

import pytest

from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.manager import EnvManager
from toolkit.envs.local import find_chromium

requires_chromium = pytest.mark.skipif(find_chromium() is None, reason="needs Debian chromium")

DEMO_YAML = """
defaults:
  apps: [answersheet]
tasks:
  - id: answer.count
    instruction: "Write {n} in the Answers app."
    params:
      n: {range: [10, 99]}
    answer_sheet: [{name: count, label: Count, type: number}]
    objective: query
    criteria:
      - {id: right, description: "count is {n}", weight: 3}
      - {id: submitted_once, description: "submitted exactly once", required: false}
    verifier: demo.py:right
    expected_changes: ["apps.answersheet.data.*"]
    reference:
      - {type: open, app: answersheet}
      - {type: type, target: "field:count", text: "{n}"}
      - {type: click, target: "btn:submit"}
      - {type: terminate, status: success}
"""

DEMO_PY = """
def right(ctx):
    data = ctx.final["apps"]["answersheet"]["data"]
    return {"right": ctx.answer.get("count") == ctx.params["n"], "submitted_once": data["submissions"] == 1}
"""


def write_suite(root: Path, name: str = "demo", yaml_text: str = DEMO_YAML, py_text: str = DEMO_PY) -> Path:
    """Write a suite folder with one YAML and its verifier file; return the task bank root."""
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "demo.yaml").write_text(textwrap.dedent(yaml_text))
    (folder / "demo.py").write_text(textwrap.dedent(py_text))
    return root


@pytest.fixture
def demo_bank(tmp_path: Path) -> Path:
    """A task bank with suite 'demo' (one AnswerSheet task)."""
    return write_suite(tmp_path / "bank")


@pytest.fixture
def demo(demo_bank):
    """The demo suite's one task and its instance for seed 5: (spec, instance)."""
    from toolkit.tasks import load_suite, sample

    [spec] = load_suite("demo", root=demo_bank)
    return spec, sample(spec, 5)


@pytest.fixture(scope="session")
async def answers_manager():
    """A session-wide env manager whose phone has only the Answers app (fast to boot)."""
    if find_chromium() is None:
        pytest.skip("needs Debian chromium")
    manager = EnvManager(adapter=MockedAdapter(apps=["answersheet"]))
    async with manager:
        yield manager


@pytest.fixture(scope="session")
async def phone_manager():
    """A session-wide env manager on the full phone."""
    if find_chromium() is None:
        pytest.skip("needs Debian chromium")
    async with EnvManager() as manager:
        yield manager


@pytest.fixture(scope="session")
def tiny_vlm(tmp_path_factory):
    """A tiny random Qwen3-VL checkpoint built locally (skipped without the train extra)."""
    pytest.importorskip("torch")
    pytest.importorskip("trl")
    from toolkit.models.tiny import build_tiny_qwen3vl

    return build_tiny_qwen3vl(tmp_path_factory.mktemp("tiny-vlm"))


def call_together(call: Callable[[int], Any], n: int) -> list[Any]:
    """Run ``call(i)`` for each i < n, each in its own thread, all at once; return the answers (or the exceptions
    raised) in order. Fails the test when a call never returns (a hang guard, not a timing assertion)."""
    answers: list[Any] = [None] * n

    def work(i: int) -> None:
        try:
            answers[i] = call(i)
        except Exception as exc:  # the failure is the answer under test
            answers[i] = exc

    threads = [threading.Thread(target=work, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a caller never got its answer"
    return answers

