"""recipes/train_grpo.py (the accelerate launch entry point): how it takes its recipe and reports a bad one."""

from __future__ import annotations

import subprocess
import sys

import pytest
import yaml

from toolkit.paths import REPO_ROOT

pytest.importorskip("trl")

SCRIPT = REPO_ROOT / "recipes" / "train_grpo.py"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("spelling", ["--config FILE", "--config=FILE"])
def test_a_bad_recipe_is_one_error_line_naming_the_file(tmp_path, spelling):
    recipe = tmp_path / "listed.yaml"
    recipe.write_text("- model: {checkpoint: tiny}\n")
    res = _run(*spelling.replace("FILE", str(recipe)).split(" "))
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert res.stderr.strip() == f"Error: recipe {recipe}: the top level must be a mapping of sections (name, " \
                                 "description, env, model, tasks, algorithm, sampling, rollout, history, reward, " \
                                 "trainer), not a list"
    res = _run(spelling.replace("FILE", str(tmp_path / "missing.yaml")).replace(" ", "="))
    assert res.returncode == 1 and res.stderr.strip().startswith(f"Error: recipe {tmp_path / 'missing.yaml'}: cannot read")


def test_config_equals_file_reaches_training_and_its_errors_are_one_line(tmp_path):
    """--config=FILE is the recipe TrlParser and train read: a pool too small for one step is refused by train."""
    recipe = yaml.safe_load((REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml").read_text())
    recipe["trainer"]["tasks_per_step"] = 2  # the recipe's pool holds one task
    path = tmp_path / "small-pool.yaml"
    path.write_text(yaml.safe_dump(recipe))
    res = _run(f"--config={path}", "--output_dir", str(tmp_path / "out"), "--max_steps", "1")
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert res.stderr.strip().splitlines()[-1].startswith(f"Error: recipe {path}: the task pool has 1 task(s), but one "
                                                            "generation needs 2")
    assert not (tmp_path / "out").exists()


def test_an_argument_the_entry_point_does_not_take_is_refused(tmp_path):
    """TRL's own scripts take --learning_rate and the like; here the recipe sets them, so such a flag is an error
    (it was dropped without a word, and the run trained with the recipe's value)."""
    recipe = REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml"
    res = _run("--config", str(recipe), "--output_dir", str(tmp_path / "out"), "--learning_rate", "3e-6")
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert res.stderr.strip().splitlines()[-1] == (
        "Error: unknown argument(s) --learning_rate 3e-6; train_grpo.py --config RECIPE.yaml [--max_steps N] "
        f"[--output_dir DIR] [--resume last|CHECKPOINT] [--overwrite_output_dir] (every other setting is a key of the "
        f"recipe {recipe})")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("steps", ["0", "-1"])
def test_a_step_limit_below_one_is_refused(tmp_path, steps):
    """transformers reads max_steps <= 0 as 'train num_train_epochs (3) epochs': the run went on without a limit."""
    res = _run("--config", str(REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml"), "--output_dir", str(tmp_path / "out"),
               "--max_steps", steps)
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert res.stderr.strip().splitlines()[-1] == (f"Error: the step limit (--max-steps, --max_steps) is {steps}; "
                                                   "expected an integer >= 1")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["entry point", "guigym train"])
def test_the_recipe_env_is_exported_before_the_checkpoint_is_looked_up(tmp_path, command):
    """A hub id cached under the recipe's own HF_HOME: huggingface_hub reads HF_HOME once, when it is imported, so the
    recipe's env: must be exported before the checkpoint check imports it (the run then stops at the pool check)."""
    snapshot = tmp_path / "hf" / "hub" / "models--guigym-test--cached-model" / "snapshots" / ("0" * 40)
    snapshot.mkdir(parents=True)
    (snapshot / "config.json").write_text("{}")
    (snapshot.parents[1] / "refs").mkdir()
    (snapshot.parents[1] / "refs" / "main").write_text("0" * 40)
    recipe = yaml.safe_load((REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml").read_text())
    recipe["env"] = {"HF_HOME": str(tmp_path / "hf"), "HF_HUB_OFFLINE": "1"}
    recipe["model"] = {"checkpoint": "guigym-test/cached-model", "format": "text-v1"}
    recipe["trainer"]["tasks_per_step"] = 2  # the recipe's pool holds one task: refused after the checkpoint check
    path = tmp_path / "cached.yaml"
    path.write_text(yaml.safe_dump(recipe))
    out = str(tmp_path / "out")
    if command == "entry point":
        res = _run("--config", str(path), "--output_dir", out)
    else:
        res = subprocess.run([sys.executable, "-m", "toolkit.cli.main", "train", "--config", str(path), "--output-dir",
                              out], capture_output=True, text=True, timeout=300)
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert "the task pool has 1 task(s)" in res.stderr.strip().splitlines()[-1], res.stderr[-2000:]
