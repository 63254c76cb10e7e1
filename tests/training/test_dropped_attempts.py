"""Attempts the trainer cannot score (env errors past their reruns, verifier errors) are kept and said: the run store
holds them, and a batch that trains nothing says what became of its attempts.

The env and the verifier that fail are stand-ins (a Chromium that crashes on every boot and a verifier that crashes
cannot be made to here on purpose); the trainer, the model, the run store and the over-length episodes are real."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from tests.conftest import requires_chromium
from toolkit.envs.base import EnvError
from toolkit.paths import REPO_ROOT
from toolkit.tasks.verdict import Verdict, verifier_error

pytest.importorskip("trl")


class BrokenManager:
    """An env manager whose every boot fails."""

    async def request(self, spec=None, n=1):
        raise EnvError("boot", "request", "TimeoutError: chromium did not start")

    async def release(self, lease):  # never reached: no lease is handed out
        raise AssertionError("released a lease never handed out")

    async def __aexit__(self, *exc):
        return None


@pytest.mark.parametrize("verdict, why", [
    (lambda task: verifier_error(task, "KeyError: 'contacts'"), "verifier error (KeyError: 'contacts')"),
    # an OSWorld metric can answer NaN: it would make its group's advantages, then the loss and the weights, NaN
    (lambda task: Verdict(task_id=task, reward=float("nan")), "the verifier's reward is nan, not a number"),
    (lambda task: Verdict(task_id=task, reward=float("inf")), "the verifier's reward is inf, not a number"),
])
def test_an_attempt_without_a_usable_score_is_kept_in_the_store_and_said(monkeypatch, verdict, why):
    import toolkit.training.rollouts as T
    from toolkit.tasks import load_tasks
    from toolkit.training.trainer import GuiGRPOTrainer

    class Manager:
        async def request(self, spec=None, n=1):
            return ["lease"]

        async def release(self, lease):
            return None

    async def judged(manager, lease, spec, instance, harness, seed, attempt_id):
        return SimpleNamespace(verdict=verdict(spec.full_id), claimed="success", termination="terminate")

    monkeypatch.setattr(T, "run_attempt", judged)
    trainer = GuiGRPOTrainer.__new__(GuiGRPOTrainer)  # _attempt reads only these attributes
    stored: list = []
    for k, v in dict(_manager=Manager(), max_turns=None, max_env_retries=3, store=None, env_error_count=0,
                     verifier_error_count=0, dropped=[], _store=stored.append, reward_kind="verifier").items():
        setattr(trainer, k, v)
    [spec] = load_tasks(["mobile-core"], ["contacts.favorite"])
    item = T.TrainItem(spec=spec, trial=0, run_seed=0, group_seed=1, member=0, step=0)
    assert asyncio.run(trainer._attempt(item, harness=None, sem=asyncio.Semaphore(1))) is None  # not scored
    [outcome] = stored  # but written to the store (was: dropped without a trace, or NaN into the advantages)
    assert outcome.reward is None and outcome.item is item
    assert trainer.verifier_error_count == 1 and trainer.dropped == [f"{item.attempt_id}: {why}"]


def test_a_batch_without_a_trainable_token_says_why_its_attempts_were_left_out(tmp_path):
    from toolkit.training.batch import TrainingStop
    from toolkit.training.recipe import build_trainer, load_recipe

    recipe = load_recipe(REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml")
    recipe["model"]["tiny"]["warm_start"] = None
    trainer = build_trainer(recipe, tmp_path / "run", max_steps=1)
    trainer._manager = BrokenManager()
    rows = [{"task_id": "mobile-core/contacts.favorite"}] * 4
    with pytest.raises(TrainingStop, match=r"no trainable tokens.*This rank scored 0 attempt\(s\) and left 4 unscored, "
                                           r"e\.g\. .*: 4 tries, each an env error \(last: boot in request: TimeoutError: "
                                           rf"chromium did not start\); see {trainer.store.dir}$") as err:
        trainer._generate_and_score_completions(rows)
    assert "\n" not in str(err.value)
    assert len((trainer.store.dir / "env_errors.jsonl").read_text().splitlines()) == 16  # every try, as recorded


@requires_chromium
def test_a_batch_whose_windows_are_all_too_long_says_so(tmp_path):
    """Real episodes on the mocked phone; rollout.max_total_length holds the shortest first step the recipe check
    counts (system message, an empty task line, the screenshot, one token) but not a real task's longer line and
    turn, so every step is left out of training."""
    from toolkit.training.batch import TrainingStop
    from toolkit.training.recipe import build_trainer, load_recipe, window_floor

    recipe = load_recipe(REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml")
    recipe["model"]["tiny"]["warm_start"] = None
    recipe["rollout"]["max_turns"] = 1
    recipe["algorithm"]["group_size"] = 2
    trainer = build_trainer(recipe, tmp_path / "run", max_steps=1)
    limit = window_floor(recipe, trainer.processing_class, "phone") + 1
    trainer.max_total_length = limit
    try:
        with pytest.raises(TrainingStop, match=rf"This rank scored 2 attempt\(s\); 2 step\(s\) were left out as longer "
                                               rf"than rollout\.max_total_length \({limit} tokens, screenshots "
                                               rf"included\); see {trainer.store.dir}$"):
            trainer._generate_and_score_completions([{"task_id": "mobile-core/contacts.favorite"}] * 2)
    finally:
        trainer.close_envs()


@requires_chromium
def test_a_run_that_stops_says_what_it_keeps(tmp_path):
    """train() on real episodes whose every step is too long to train: the stop names the step reached, the kept
    trajectories and that no checkpoint exists yet; with checkpoints, the newest resumable one is named."""
    import yaml

    from toolkit.models.tiny import load_processor
    from toolkit.training.batch import TrainingStop
    from toolkit.training.recipe import build_model, train, window_floor
    from toolkit.training.resume import stop_note

    recipe = yaml.safe_load((REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml").read_text())
    recipe["model"]["tiny"]["warm_start"] = None
    recipe["rollout"]["max_turns"] = 1
    recipe["algorithm"]["group_size"] = 2
    base = build_model({"model": recipe["model"]}, tmp_path)  # the same tiny model train() builds: its processor
    recipe["rollout"]["max_total_length"] = window_floor(recipe, load_processor(base), "phone") + 1
    path = tmp_path / "too-short.yaml"
    path.write_text(yaml.safe_dump(recipe))
    out = tmp_path / "run"
    with pytest.raises(TrainingStop, match=rf"no trainable tokens.*\. Stopped after 0 optimizer step\(s\); trajectories "
                                           rf"kept in {out / 'runs'}/\S+; no checkpoint was saved yet"):
        train(path, out, max_steps=1)

    (out / "checkpoint-2").mkdir()
    (out / "checkpoint-2" / "trainer_state.json").write_text('{"global_step": 2}')
    assert stop_note(out, 2, None) == f"stopped after 2 optimizer step(s); {out / 'checkpoint-2'} holds only the model " \
                                      "(trainer.save_only_model true): not resumable"
    (out / "checkpoint-2" / "optimizer.pt").write_bytes(b"")
    (out / "checkpoint-3").mkdir()  # a save cut short
    assert stop_note(out, 3, None).endswith(f"continue from {out / 'checkpoint-2'} with --resume last (output dir {out})")
