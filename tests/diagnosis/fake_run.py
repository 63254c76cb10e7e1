"""Build small runs by hand (no Chromium): attempt rows, trajectories and solid-colour screenshots."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from toolkit.store import RunStore, attempt_id

BEFORE, AFTER = (200, 30, 30), (30, 30, 200)  # colour of every screenshot before a step, and after the last one


def jpeg(colour: tuple[int, int, int]) -> bytes:
    """Return a small one-colour JPEG."""
    out = io.BytesIO()
    Image.new("RGB", (100, 200), colour).save(out, "JPEG", quality=95)
    return out.getvalue()


def step(index: int, actions: list[dict[str, Any]], screen: str = "app:contacts", state: str = "s") -> dict[str, Any]:
    """Return a step record; ``state`` prefixes its state hashes (different instances have different ones)."""
    return {"kind": "step", "index": index, "actions": actions, "output": "", "parse_error": None, "usage": None,
            "screen_before": screen, "screen_after": screen, "state_hash_before": f"{state}{index}",
            "state_hash_after": f"{state}{index + 1}", "image_hash_after": f"img{index}", "state_diff": [], "note": None}


def add_attempt(store: RunStore, task: str, trial: int, outcome: str, steps: list[dict[str, Any]], *, seed: int = 0,
                tags: tuple[str, ...] = ("toggle",), verifier_error: str | None = None, suite: str = "s",
                apps: tuple[str, ...] = ("contacts",)) -> str:
    """Write one attempt (screenshots, trajectory, row) of task ``<suite>/<task>`` and return its id."""
    task_id = f"{suite}/{task}"
    aid = attempt_id(task_id, trial)
    for rec in steps:
        rec["screenshot_before"] = store.write_screenshot(aid, rec["index"], jpeg(BEFORE))
        rec["screenshot_after"] = store.write_screenshot(aid, rec["index"] + 1, jpeg(AFTER if rec is steps[-1] else BEFORE))
    ok = outcome == "success"
    criteria = {} if verifier_error else {"done": ok}
    header = {"kind": "attempt", "attempt_id": aid, "task_id": task_id, "trial": trial, "instance": {"seed": seed},
              "initial_state_hash": f"init{seed}", "screenshot": store.write_screenshot(aid, 0, jpeg(BEFORE))}
    verdict = {"kind": "verdict", "task_id": task_id, "criteria": [{"id": "done", "description": "done", "passed": ok}],
               "reward": float(ok), "success": ok, "clean": True, "side_effects": [], "claimed": "success",
               "error": verifier_error, "termination": "terminate"}
    store.write_trajectory(aid, [header, *steps, verdict])
    store.append_attempt({"attempt_id": aid, "task_id": task_id, "suite": suite, "trial": trial, "seed": seed,
                          "apps": list(apps), "tags": list(tags), "difficulty": "L1", "split": "test",
                          "instruction": f"do {task}", "params": {}, "outcome": outcome, "reward": float(ok),
                          "success": ok, "clean": True, "progress": float(ok), "claimed": "success",
                          "termination": "terminate", "steps": len(steps), "side_effects": [], "criteria": criteria,
                          "verifier_error": verifier_error, "env_reruns": 0})
    return aid


def plan(state: str = "s", x: int = 100, last: str = "terminate") -> list[dict[str, Any]]:
    """Return three steps: open contacts, a click at ``x``, then ``last`` (an action type)."""
    end = {"type": "terminate", "status": "success"} if last == "terminate" else {"type": last, "x": 5, "y": 5}
    return [step(0, [{"type": "open", "app": "contacts"}], screen="launcher", state=state),
            step(1, [{"type": "click", "x": x, "y": 300}], state=state), step(2, [end], state=state)]
