"""GRPO on TRL's ``GRPOTrainer`` with rollouts from the shared path (harness + env manager + ``run_attempt``).

``GuiGRPOTrainer`` overrides one method, ``_generate_and_score_completions``. TRL's ``RepeatSampler``
hands it each task G times in a row; it

1. decides each task's group size from its record so far (:class:`AdaptiveSampler`: the full group
   for unseen and sometimes-solved tasks, ``fail_budget`` for never-solved, ``mastered_budget`` for
   tasks solved more often than η);
2. runs the attempts through :func:`toolkit.rollout.run_attempt` with the ``hf-tokens`` policy on the
   trainer's own weights (:mod:`toolkit.training.rollouts`); an ``EnvError`` (a failed boot included) drops the attempt and reruns it
   (never scored 0), a verifier error drops it from its group;
3. computes group-normalised advantages per task once its whole group is resolved (verifier or
   the shaped reward of ``toolkit.tasks.verdict.shaped_reward``);
4. replays each attempt into token-in/token-out training windows (``toolkit.training.windows``),
   writes the trajectory to the run store (same schema as evaluation) and collates the windows into
   the batch dict TRL's loss reads, padded with loss-free rows to the same count on every rank (a
   multiple of ``steps_per_generation``); per-sequence losses are rescaled so those rows count zero;
5. recomputes the trainer's log-probs of every trained token, logs ``window/k3_train_vs_rollout`` over all
   ranks' tokens and stops with :class:`ConsistencyError` above the threshold (on every rank alike).
"""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

from transformers import TrainerCallback
from trl import GRPOTrainer

from toolkit.harness import HarnessConfig
from toolkit.store import RunStore
from toolkit.tasks import TaskSpec
from toolkit.training.batch import TrainingStop, collate_windows, group_advantages, k3_stats, merge_k3, plan_rows
from toolkit.training.policy import TokenModel
from toolkit.training.resume import RECIPE_FILE, state_file
from toolkit.training.rollouts import Outcome, RolloutMixin, TrainItem
from toolkit.training.sampler import AdaptiveSampler
from toolkit.training.windows import TokenBuilder, WindowSample, attempt_windows

__all__ = ["ROW_MEAN_LOSSES", "ConsistencyError", "GuiGRPOTrainer", "Outcome", "TrainItem", "save_processor"]


# TRL loss types that average over the batch's rows (not over tokens): padding rows would scale them down.
ROW_MEAN_LOSSES = ("grpo", "sapo", "dr_grpo", "luspo")


class ConsistencyError(TrainingStop):
    """The trainer's log-probs of the rollout's tokens disagree with the rollout's own (harness/processor mismatch)."""


class GuiGRPOTrainer(RolloutMixin, GRPOTrainer):
    """TRL's GRPOTrainer whose generation step runs GUI episodes on the shared rollout path (see module docstring)."""

    def __init__(self, *args: Any, specs: dict[str, TaskSpec], env_factory: Any, harness_config: HarnessConfig,
                 store: RunStore | None = None, sampler: AdaptiveSampler | None = None, reward_kind: str = "verifier",
                 rollout_temperature: float | None = None, max_new_tokens: int = 64, max_turns: int | None = None,
                 concurrency: int = 4, k3_threshold: float = 1e-3, windowwise: bool = True, run_seed: int = 0,
                 max_env_retries: int = 3, max_total_length: int | None = None, **kwargs: Any):
        kwargs.setdefault("reward_funcs", [_stub_reward])
        super().__init__(*args, **kwargs)
        self.specs = specs
        self.env_factory = env_factory
        self.harness_config = harness_config
        self.store = store
        self.sampler = sampler or AdaptiveSampler()
        self.reward_kind = reward_kind
        self.rollout_temperature = self.args.temperature if rollout_temperature is None else rollout_temperature
        if not self.rollout_temperature > 0:
            raise ValueError(f"rollout temperature must be > 0 (got {self.rollout_temperature}): TRL divides the logits by it")
        if abs(self.rollout_temperature - self.args.temperature) > 1e-9:
            raise ValueError("rollout temperature must equal the trainer's (TRL divides logits by args.temperature)")
        self.max_new_tokens = max_new_tokens
        self.max_turns = max_turns
        self.concurrency = concurrency
        self.k3_threshold = k3_threshold
        self.windowwise = windowwise
        self.run_seed = run_seed
        self.max_env_retries = max_env_retries
        self.max_total_length = max_total_length
        processor = self.processing_class
        # concurrent episodes' turns are generated together, up to one per episode
        self.engine = TokenModel(self.accelerator.unwrap_model(self.model), processor, device=str(self.accelerator.device),
                                 max_batch=max(1, concurrency))
        self.train_builder = TokenBuilder(processor)  # same processor as the rollout's (a test swaps it to trip the gate)
        self._manager = None
        self._trials: dict[str, int] = {}
        self.consistency_log: list[dict[str, float]] = []
        self._pad_source: WindowSample | None = None  # the last trained window: a padding row for an empty batch
        self.env_error_count = 0
        self._env_errors_logged = 0
        self.verifier_error_count = 0
        self.dropped: list[str] = []  # this generation batch's attempts left unscored, each with why
        self._verifier_errors_logged = 0

    def train(self, *args: Any, **kwargs: Any):
        try:
            return super().train(*args, **kwargs)
        finally:
            self.close_envs()

    # -- the seam -----------------------------------------------------------------------------------------------
    def _generate_and_score_completions(self, inputs: list[dict[str, Any]]) -> dict[str, Any]:
        import torch

        mode = "train" if self.model.training else "eval"
        groups: list[tuple[str, int]] = []
        for row in inputs:
            task = row["task_id"]
            if groups and groups[-1][0] == task and groups[-1][1] < self.num_generations:
                groups[-1] = (task, groups[-1][1] + 1)
            else:
                groups.append((task, 1))
        planned = [(task, self.sampler.budget(task, n)) for task, n in groups]
        start = time.perf_counter()
        self.manager()  # started from this thread: the rollouts run in the background loop
        self.dropped = []
        resolved = self._run(self._rollouts(planned))
        rollout_s = time.perf_counter() - start

        windows: list[WindowSample] = []
        over_length: list[int] = []
        rewards, successes = [], []
        self._share_records([(task, len(outcomes), sum(o.success for o in outcomes))
                             for (task, _), outcomes in zip(planned, resolved)])
        for (task, _), outcomes in zip(planned, resolved):
            advs = group_advantages([o.reward for o in outcomes], scale=self.args.scale_rewards not in ("none", False))
            for outcome, adv in zip(outcomes, advs):
                rewards.append(outcome.reward)
                successes.append(outcome.success)
                self._store(outcome)
                obs = outcome.result.observations
                image = (lambda observations: lambda ref: observations[int(ref.split(":")[1])].image)(obs)
                for w in attempt_windows(self.train_builder, outcome.result.steps, image, attempt=outcome.item.attempt_id,
                                         windowwise=self.windowwise, max_length=self.max_total_length,
                                         dropped=over_length):
                    w.advantage = adv
                    windows.append(w)
        trained = [w for w in windows if w.trained_tokens > 0]
        # a rank without trained windows pads with an untrained one, or with its last trained window of an earlier
        # batch: the other ranks' windows still train, and every rank forwards the same number of rows
        source = trained[0] if trained else windows[0] if windows else self._pad_source
        try:
            rows, real = self._padded_count(len(trained), source is not None)
        except TrainingStop as exc:  # say what became of this rank's attempts (the run store has them in full)
            raise TrainingStop(f"{exc}{self._dropped_note(len(rewards), len(over_length))}") from None
        if trained:
            self._pad_source = trained[0]
        for _ in range(rows - len(trained)):
            pad = copy.copy(source)
            pad.tool_mask = [0] * len(pad.input_ids)
            pad.advantage = 0.0
            pad.kind = "pad"
            trained.append(pad)
        batch = collate_windows(trained, self.processing_class.tokenizer.pad_token_id, self.train_builder.image_token_id,
                                device=self.accelerator.device)
        # rows over all ranks / real rows over all ranks: makes a per-sequence loss the mean over real windows
        batch["row_scale"] = torch.full((len(trained),), rows * self.accelerator.num_processes / real,
                                        device=self.accelerator.device)
        total = batch["tool_mask"].sum()
        batch["num_items_in_batch"] = self.accelerator.gather(total.reshape(1)).sum()

        stats = self._check_consistency(batch)
        if self.beta != 0.0 and self.ref_model is not None:
            with torch.no_grad():
                ref, _, _ = self._get_per_token_logps_and_entropies(self.ref_model, *self._forward_args(batch))
            batch["ref_per_token_logps"] = ref

        # this batch's counts over every rank (only the first rank logs): TRL's own metrics are gathered the same way
        counts = self._summed(sequences=len(trained), trained_tokens=float(total),
                              step_fallbacks=sum(w.kind == "step" for w in trained), over_length=len(over_length),
                              reward=sum(rewards), attempts=len(rewards), successes=sum(successes),
                              env_errors=self.env_error_count - self._env_errors_logged,
                              verifier_errors=self.verifier_error_count - self._verifier_errors_logged)
        self._env_errors_logged = self.env_error_count
        self._verifier_errors_logged = self.verifier_error_count
        metrics = self._metrics[mode]
        metrics["window/k3_train_vs_rollout"].append(stats["k3_mean"])
        metrics["window/k3_max"].append(stats["k3_max"])
        metrics["window/abs_logp_diff_max"].append(stats["abs_diff_max"])
        metrics["window/sequences"].append(counts["sequences"])
        metrics["window/trained_tokens"].append(counts["trained_tokens"])
        metrics["window/step_fallbacks"].append(counts["step_fallbacks"])
        metrics["window/over_length_steps"].append(counts["over_length"])
        metrics["reward"].append(counts["reward"] / max(1.0, counts["attempts"]))
        metrics["success_rate"].append(counts["successes"] / max(1.0, counts["attempts"]))
        metrics["rollout/attempts"].append(counts["attempts"])
        # the slowest rank's rollout time: the step waits for it (a collective, like _summed)
        metrics["rollout/seconds"].append(self._over_ranks("max", seconds=rollout_s)["seconds"])
        metrics["rollout/env_errors"].append(counts["env_errors"])
        metrics["rollout/verifier_errors"].append(counts["verifier_errors"])
        return batch

    def _summed(self, **counts: float) -> dict[str, float]:
        """Return each of this rank's ``counts`` summed over all ranks. A collective: every rank calls it once per
        generation batch."""
        return self._over_ranks("sum", **counts)

    def _over_ranks(self, op: str, **values: float) -> dict[str, float]:
        """Return each of this rank's ``values`` reduced over all ranks by ``op`` ("sum" or "max"). A collective:
        every rank calls it with the same names in the same order."""
        import torch

        local = torch.tensor([float(v) for v in values.values()], dtype=torch.float64, device=self.accelerator.device)
        if self.accelerator.num_processes > 1:
            gathered = self.accelerator.gather(local).reshape(-1, len(values))
            local = gathered.sum(dim=0) if op == "sum" else gathered.max(dim=0).values
        return dict(zip(values, local.tolist()))

    def _dropped_note(self, scored: int, over_length: int) -> str:
        """Return what became of this rank's attempts of the batch: how many were scored, how many were left out
        (the first with its reason), how many steps were too long to train, and where the run store keeps them."""
        note = f". This rank scored {scored} attempt(s)"
        if self.dropped:
            note += f" and left {len(self.dropped)} unscored, e.g. {self.dropped[0]}"
        if over_length:
            note += (f"; {over_length} step(s) were left out as longer than rollout.max_total_length "
                     f"({self.max_total_length} tokens, screenshots included)")
        if self.store is not None:
            note += f"; see {self.store.dir}"
        return note

    def _padded_count(self, count: int, padded: bool) -> tuple[int, int]:
        """Return (rows, real) from :func:`plan_rows` over every rank's ``count`` of trained windows and whether it
        has a padding row (TRL splits each rank's batch into ``steps_per_generation`` equal chunks). A collective:
        every rank reaches the same answer, or raises the same error."""
        import torch

        mine = torch.tensor([count, int(padded)], device=self.accelerator.device)
        if self.accelerator.num_processes > 1:
            mine = self.accelerator.gather(mine)
        pairs = mine.reshape(-1, 2).tolist()
        return plan_rows([n for n, _ in pairs], [bool(p) for _, p in pairs], self.args.steps_per_generation)

    def _compute_loss(self, model, inputs):
        """TRL's loss; for per-sequence loss types, the policy (and KL) term is the mean over real windows only.

        Those types average over a chunk's B rows, so each padding row would scale the real windows down by
        B_real / B. The policy and KL terms are positively homogeneous in (advantages, beta), so multiplying both by
        ``row_scale`` (all rows / real rows, over every rank) rescales exactly them, and not the entropy bonus."""
        scale = inputs.get("row_scale")
        if self.loss_type not in ROW_MEAN_LOSSES or scale is None or float(scale[0]) == 1.0:
            return super()._compute_loss(model, inputs)
        c = float(scale[0])
        beta = self.beta
        self.beta = beta * c
        try:  # a new dict: the buffered batch is reused when num_iterations > 1
            return super()._compute_loss(model, dict(inputs, advantages=inputs["advantages"] * c))
        finally:
            self.beta = beta

    def _forward_args(self, batch: dict[str, Any]) -> tuple:
        import torch

        input_ids = torch.cat([batch["prompt_ids"], batch["completion_ids"]], dim=1)
        attention = torch.cat([batch["prompt_mask"], batch["completion_mask"]], dim=1)
        return (input_ids, attention, batch["completion_ids"].size(1), 1, False, False, batch.get("pixel_values"),
                batch.get("image_grid_thw"), batch.get("num_images"), None, None, None, None, None,
                batch.get("mm_token_type_ids"))

    def _check_consistency(self, batch: dict[str, Any]) -> dict[str, float]:
        import torch

        with torch.no_grad():
            logps, _, _ = self._get_per_token_logps_and_entropies(self.model, *self._forward_args(batch))
        batch["old_per_token_logps"] = logps.detach()
        stats = k3_stats(logps, batch["rollout_per_token_logps"], batch["tool_mask"] * batch["completion_mask"])
        if self.accelerator.num_processes > 1:  # one decision for all ranks: a rank-local stop would strand the rest
            from accelerate.utils import gather_object

            stats = merge_k3(gather_object([stats]))
        self.consistency_log.append(stats)
        if not stats["k3_mean"] <= self.k3_threshold:  # NaN fails too
            raise ConsistencyError(
                f"train-rollout mismatch: mean k3 {stats['k3_mean']:.3g} > threshold {self.k3_threshold:g} "
                f"(max |Δlogp| {stats['abs_diff_max']:.3g} over {stats['tokens']} tokens). The trainer does not score "
                "the sequence the rollout sampled: check the processor (image size), chat template, temperature and "
                "masks shared by the harness and the trainer.")
        return stats

    def _save(self, output_dir: str | None = None, state_dict=None):
        processor, self.processing_class = self.processing_class, None  # its save_pretrained needs a video processor
        try:
            super()._save(output_dir, state_dict=state_dict)
        finally:
            self.processing_class = processor
        save_processor(processor, Path(output_dir or self.args.output_dir))
        # `guigym eval --agent hf --model <checkpoint>` then prompts and parses as training did, not in the default
        # format (a model trained on qwen3vl-mobile-v1 scored near 0 in text-v1 without a word)
        self.harness_config.save(Path(output_dir or self.args.output_dir))


def save_processor(processor: Any, out: Path) -> None:
    """Save a processor so that :func:`toolkit.models.tiny.load_processor` (and ``guigym eval --agent hf``) loads it."""
    out.mkdir(parents=True, exist_ok=True)
    processor.image_processor.save_pretrained(out)
    processor.tokenizer.save_pretrained(out)
    if processor.chat_template:
        (out / "chat_template.jinja").write_text(processor.chat_template)


def _stub_reward(prompts=None, completions=None, **kwargs):  # TRL requires a reward function; ours is the verifier
    return [0.0] * len(prompts or [])


class ToolkitStateCallback(TrainerCallback):
    """Write the recipe (the ranks that save: ``args.should_save``) and each rank's sampler record and trial counters into every checkpoint."""

    def __init__(self, trainer: Any, recipe: dict[str, Any]):
        self.trainer = trainer
        self.recipe = recipe

    def on_save(self, args, state, control, **kwargs):  # noqa: ARG002 - TrainerCallback's signature
        folder = Path(args.output_dir) / f"checkpoint-{state.global_step}"
        if not folder.is_dir():  # the trainer saved elsewhere (a custom save); nothing to add to
            return
        if args.should_save:  # the first rank, or each node's first with save_on_each_node (no shared disk)
            (folder / RECIPE_FILE).write_text(json.dumps(self.recipe, indent=1, default=str))
        data = {"step": state.global_step, "sampler": self.trainer.sampler.record, "trials": self.trainer._trials}
        (folder / state_file(args.process_index)).write_text(json.dumps(data, indent=1))
