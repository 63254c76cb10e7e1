"""``guigym train`` on the tiny CPU recipe: real mocked-app episodes, TRL's loss, k3 logged, a checkpoint that
``guigym eval --agent hf`` runs; and a mismatched image processor trips the consistency gate."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import toolkit
from tests.conftest import requires_chromium
from toolkit.paths import REPO_ROOT

pytestmark = [requires_chromium, pytest.mark.timeout(600)]
pytest.importorskip("trl")

RECIPE = REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml"


def _guigym(*args: str, timeout: int = 400) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "toolkit.cli.main", *args], cwd=REPO_ROOT, capture_output=True, text=True,
                          timeout=timeout)


def _weights(path):
    from safetensors.torch import load_file

    return load_file(str(path / "model.safetensors"))


def test_guigym_train_two_steps_then_eval_the_checkpoint(tmp_path):
    import math

    out = tmp_path / "run"
    proc = _guigym("train", "--config", str(RECIPE), "--max-steps", "2", "--output-dir", str(out), "--json")
    assert proc.returncode == 0, proc.stderr[-3000:]
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    steps = summary["steps_log"]
    assert summary["steps"] == 2 and len(steps) == 2
    for h in steps:
        assert math.isfinite(h["loss"])
        assert "window/k3_train_vs_rollout" in h and h["window/k3_train_vs_rollout"] < 1e-3  # logged every step
        assert h["window/trained_tokens"] > 0 and h["window/step_fallbacks"] == 0
    assert "checkpoint-2" in summary["checkpoints"]
    before, after = _weights(out / "base-model"), _weights(out / "final")
    changed = [k for k in before if not (before[k] == after[k]).all()]
    assert changed, "no weight changed in two GRPO steps"
    assert any(k.startswith("model.visual") or "visual" in k for k in changed) or len(changed) > 3
    # training trajectories are in the evaluation store schema
    from toolkit.store import RunStore

    store = RunStore.open(summary["run_dir"])
    rows = store.attempt_rows()
    assert len(rows) >= 4 and all(r["agent"] == "hf-tokens" for r in rows)
    first = store.steps(rows[0]["attempt_id"]).iloc[0]
    assert first["token_ids"] and len(first["token_ids"]) == len(first["logprobs"])
    # the checkpoint loads and runs as an evaluated agent
    ev = _guigym("eval", "--agent", "hf", "--model", str(out / "final"), "--tasks", "contacts.favorite",
                 "--out", str(tmp_path / "runs"), "--json", "--max-tokens", "24")  # the recipe's rollout budget
    assert ev.returncode == 0, ev.stderr[-3000:]
    result = json.loads(ev.stdout.strip().splitlines()[-1])
    assert result["suites"]["mobile-core"]["attempts"] == 1
    # ... prompted and parsed as it was trained (the recipe's window of 2), not in the eval defaults (window 10)
    trained = json.loads((out / "final" / "guigym_harness.json").read_text())
    assert trained["history"]["window"] == 2 and (out / "checkpoint-2" / "guigym_harness.json").is_file()
    [run] = toolkit.list_runs(tmp_path / "runs")
    assert run.manifest["harness"] == trained


def test_mismatched_image_processor_trips_the_consistency_gate(tmp_path):
    from transformers.models.qwen2_vl import Qwen2VLImageProcessorPil

    from toolkit.models.tiny import _processor_class
    from toolkit.training.recipe import build_trainer, load_recipe
    from toolkit.training.trainer import ConsistencyError
    from toolkit.training.windows import TokenBuilder

    recipe = load_recipe(RECIPE)
    recipe["algorithm"]["group_size"] = 2
    recipe["model"]["tiny"]["warm_start"] = None
    recipe["rollout"]["max_turns"] = 2
    trainer = build_trainer(recipe, tmp_path / "run", max_steps=1)
    good = trainer.processing_class
    small = Qwen2VLImageProcessorPil(patch_size=16, merge_size=2, temporal_patch_size=2, min_pixels=32 * 32,
                                     max_pixels=32 * 32)  # fewer visual tokens per screenshot than the rollout used
    trainer.train_builder = TokenBuilder(_processor_class()(image_processor=small, tokenizer=good.tokenizer,
                                                            video_processor=None, chat_template=good.chat_template))
    with pytest.raises(ConsistencyError, match="train-rollout mismatch"):
        trainer.train()
    assert trainer.consistency_log and trainer.consistency_log[-1]["k3_mean"] > 1e-3


def test_accelerate_launch_two_ranks_on_cpu(tmp_path):
    """Two gloo ranks through ``accelerate launch`` (recipes/accelerate/cpu_2proc.yaml): each rank rolls out whole
    groups of its own task, writes its own run folder, and the shared model changes."""
    import yaml

    recipe = yaml.safe_load(RECIPE.read_text())
    recipe["tasks"]["pools"][0]["tasks"] = ["contacts.favorite", "contacts.edit_phone"]  # one task per rank and step
    path = tmp_path / "recipe.yaml"
    path.write_text(yaml.safe_dump(recipe))
    out = tmp_path / "run"
    launcher = [sys.executable, "-m", "accelerate.commands.launch", "--config_file",
                str(REPO_ROOT / "recipes" / "accelerate" / "cpu_2proc.yaml"), "--main_process_port", "0"]
    proc = subprocess.run([*launcher, str(REPO_ROOT / "recipes" / "train_grpo.py"), "--config", str(path),
                           "--max_steps", "2", "--output_dir", str(out)], cwd=REPO_ROOT, capture_output=True, text=True,
                          timeout=500)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = [line for line in proc.stdout.splitlines() if line.startswith('{"output_dir"')]
    assert len(lines) == 1  # one summary per run, from rank 0
    summary = json.loads(lines[0])
    assert summary["steps"] == 2 and "checkpoint-2" in summary["checkpoints"]
    from toolkit.store import RunStore

    runs = sorted((out / "runs").iterdir())
    assert [r.name.rsplit("-", 1)[1] for r in runs] == ["rank0", "rank1"]
    assert runs[0].name.rsplit("-", 1)[0] == runs[1].name.rsplit("-", 1)[0]  # one run id, a folder per rank
    tasks_seen = set()
    rewards: dict[int, list[float]] = {0: [], 1: []}
    for rank, run in enumerate(runs):
        store = RunStore.open(run)
        assert store.manifest["rank"] == rank and store.manifest["world_size"] == 2
        rows = store.attempt_rows()
        for r in rows:
            rewards[r["train_step"]].append(r["train_reward"])
        assert len(rows) == 8  # 2 steps x a group of 4
        for step in (0, 1):
            group = {r["task_id"] for r in rows if r["train_step"] == step}
            assert len(group) == 1  # a group stays on its rank: its advantages are computed there
            tasks_seen |= group
    assert tasks_seen == {"mobile-core/contacts.favorite", "mobile-core/contacts.edit_phone"}
    # what the first rank logs covers both ranks' attempts (it was its own 4 attempts' mean)
    logged = [h for h in json.loads((out / "train_summary.json").read_text())["log_history"] if "loss" in h]
    for h, step in zip(logged, (0, 1)):
        assert h["rollout/attempts"] == 8
        assert h["rollout/seconds"] > 0  # the slowest rank's (a max over ranks, gathered like the counts)
        assert h["reward"] == pytest.approx(sum(rewards[step]) / 8, abs=1e-4)
    before, after = _weights(out / "base-model"), _weights(out / "final")
    assert any(not (before[k] == after[k]).all() for k in before)
    # one sampler record on both ranks: each holds both ranks' groups (2 steps x 4 attempts per rank)
    records = [json.loads((out / "checkpoint-2" / f"guigym_state_rank{r}.json").read_text())["sampler"] for r in (0, 1)]
    assert records[0] == records[1]
    assert sum(n for n, _ in records[0].values()) == 16 and set(records[0]) == tasks_seen


def test_resume_continues_the_optimizer_sampler_and_step_count(tmp_path, caplog):
    """Two runs of one step each equal one run of two: the second resumes checkpoint-1 (TRL restores the weights,
    optimizer, scheduler and RNG state; the toolkit restores the sampler's record and the trial counters)."""
    import torch
    import yaml

    from toolkit.training.recipe import train

    recipe = yaml.safe_load(RECIPE.read_text())
    recipe["trainer"].update(save_only_model=False, save_steps=1)
    path = tmp_path / "recipe.yaml"
    path.write_text(yaml.safe_dump(recipe))
    out = tmp_path / "run"
    first = train(path, out, max_steps=1)
    assert first["steps"] == 1 and (out / "checkpoint-1" / "optimizer.pt").is_file()
    saved = json.loads((out / "checkpoint-1" / "guigym_state_rank0.json").read_text())
    n_first = saved["sampler"]["mobile-core/contacts.favorite"][0]
    assert n_first == 4 and saved["trials"]["mobile-core/contacts.favorite"] == 4

    second = train(path, out, max_steps=2, resume="last")
    assert "resuming checkpoint-1, saved after its schedule had ended (learning rate 0), with max_steps 2" in caplog.text
    assert second["resumed_from"] == str(out / "checkpoint-1") and second["steps"] == 2
    assert [h["step"] for h in second["log_history"] if "loss" in h] == [1, 2]  # step 1 comes back from the checkpoint
    optim = torch.load(out / "checkpoint-2" / "optimizer.pt", weights_only=False)
    assert {int(s["step"]) for s in optim["state"].values()} == {2}  # Adam's moments continued, not restarted
    state = json.loads((out / "checkpoint-2" / "guigym_state_rank0.json").read_text())
    assert state["sampler"]["mobile-core/contacts.favorite"][0] > n_first  # the record carried over
    from toolkit.store import RunStore

    run = RunStore.open(second["run_dir"])
    assert run.manifest["resumed_from"] == str(out / "checkpoint-1")
    assert {r["train_step"] for r in run.attempt_rows()} == {1}
    assert min(r["trial"] for r in run.attempt_rows()) == 4  # trial numbers continue the first run's
