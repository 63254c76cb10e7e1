"""Recipe checks and trainer pieces that need no env: held-out splits, pool size, unknown keys, the per-sequence
loss under padding, failed boots, the shaped reward, the batch width and the k3 gate."""

from __future__ import annotations

import asyncio
import copy
import json
import random
import re
from types import SimpleNamespace

import pytest

from toolkit.paths import REPO_ROOT

pytest.importorskip("trl")

RECIPES = REPO_ROOT / "recipes"


def _tiny():
    from toolkit.training.recipe import load_recipe

    recipe = load_recipe(RECIPES / "grpo-tiny-cpu.yaml")
    recipe["model"]["tiny"]["warm_start"] = None
    return recipe


# -- tasks ------------------------------------------------------------------------------------------------------
def test_pools_train_on_the_train_split_unless_a_pool_names_another():
    from toolkit.tasks import load_suite
    from toolkit.training.pools import select_tasks
    from toolkit.training.recipe import load_recipe

    suite = load_suite("mobile-core")
    recipe = load_recipe(RECIPES / "grpo-mobile.yaml")
    specs = select_tasks(recipe)
    assert {s.split for s in specs.values()} == {"train"}
    assert len(specs) == sum(s.split == "train" for s in suite) < len(suite)
    recipe["tasks"]["pools"][0]["split"] = ["train", "test"]
    assert len(select_tasks(recipe)) == len(suite)
    tiny = _tiny()
    tiny["tasks"]["pools"][0]["tasks"] = ["contacts.favorite", "contacts.block"]  # block is a test task
    with pytest.raises(ValueError, match=r"contacts\.block \(test\).*split"):
        select_tasks(tiny)


def test_an_unknown_suite_or_task_id_in_a_pool_names_the_pool():
    from toolkit.training.pools import select_tasks

    recipe = _tiny()
    recipe["tasks"]["pools"].append({"suite": "mobile-core", "tasks": ["contacts.favorit"]})
    with pytest.raises(ValueError, match=r"^tasks\.pools\[1\]: unknown task id\(s\) \['contacts\.favorit'\]"):
        select_tasks(recipe)
    recipe["tasks"]["pools"][1] = {"suite": "mobile-cor"}
    with pytest.raises(ValueError, match=r"^tasks\.pools\[1\]: no suite 'mobile-cor'"):
        select_tasks(recipe)


def test_a_pool_that_cannot_fill_one_generation_fails_before_any_model_work(tmp_path):
    from toolkit.training.recipe import build_trainer, check_pool_size

    recipe = _tiny()
    recipe["trainer"]["tasks_per_step"] = 2  # the recipe names one task
    with pytest.raises(ValueError, match=r"1 task\(s\).*needs 2 distinct tasks.*tasks_per_step 2 x 1 rank"):
        build_trainer(recipe, tmp_path / "run", max_steps=2)
    assert not (tmp_path / "run").exists()  # no model built
    # two ranks x two steps per generation: what TRL's RepeatSampler takes per chunk
    args = SimpleNamespace(generation_batch_size=16, num_generations=4, per_device_train_batch_size=4, world_size=2,
                           steps_per_generation=2)
    check_pool_size(4, args)
    with pytest.raises(ValueError, match="3 task.*needs 4"):
        check_pool_size(3, args)


def test_device_cuda_without_a_gpu_names_the_recipe_file_and_key(tmp_path, monkeypatch):
    import torch

    from toolkit.training.recipe import train

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    path = tmp_path / "cuda.yaml"
    path.write_text((RECIPES / "grpo-tiny-cpu.yaml").read_text().replace("device: cpu ", "device: cuda", 1))
    with pytest.raises(ValueError, match=rf"^recipe {path}: recipe key 'trainer\.device' is 'cuda', but torch sees no "
                                         "CUDA GPU"):
        train(path, output_dir=tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_train_refuses_to_save_a_model_after_zero_steps(tmp_path, monkeypatch):
    import toolkit.training.recipe as R

    saved = []
    fake = SimpleNamespace(train=lambda resume_from_checkpoint=None: None, state=SimpleNamespace(global_step=0),
                           save_model=saved.append, resume_checkpoint=None)
    monkeypatch.setattr(R, "build_trainer", lambda *a, **k: fake)
    with pytest.raises(ValueError, match="0 optimizer steps"):
        R.train(RECIPES / "grpo-tiny-cpu.yaml", tmp_path)
    assert not saved


# -- recipe keys --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("edit, message", [
    (lambda r: r["rollout"].update(max_total_len=10), r"'rollout\.max_total_len' \(did you mean 'max_total_length'"),
    (lambda r: r["tasks"]["pools"][0].update(evn={}), r"'tasks\.pools\[0\]\.evn'"),
    (lambda r: r["model"]["tiny"].update(sed=1), r"'model\.tiny\.sed'"),
    (lambda r: r["trainer"].update(vllm_mode="server"), r"'trainer\.vllm_mode' is not supported.*generate"),
    (lambda r: r["reward"].update(kind="shapped"), r"'reward\.kind' is 'shapped'; expected one of verifier, shaped"),
    (lambda r: r["rollout"].update(temperature=0), r"'rollout\.temperature' is 0.*> 0"),
    (lambda r: r["trainer"].update(scale_rewards="batch"), r"'trainer\.scale_rewards'.*group, none"),
    (lambda r: r["algorithm"].update(name="dapo", per_token_loss=False), r"per_token_loss.*dapo"),
])
def test_unknown_keys_and_unsupported_values_name_the_key(tmp_path, edit, message):
    from toolkit.training.recipe import grpo_config

    recipe = _tiny()
    edit(recipe)
    with pytest.raises(ValueError, match=message):
        grpo_config(recipe, tmp_path)


def test_a_key_given_twice_is_refused_naming_the_key_and_line(tmp_path):
    """YAML would keep the second learning_rate without a word; the recipe loader refuses it."""
    from toolkit.training.recipe import load_recipe

    text = (RECIPES / "grpo-tiny-cpu.yaml").read_text()
    assert "\ntrainer:\n" in text
    path = tmp_path / "twice.yaml"
    path.write_text(text.replace("\ntrainer:\n", "\ntrainer:\n  learning_rate: 1.0e-3\n  learning_rate: 1.0e-2\n", 1))
    line = path.read_text().splitlines().index("  learning_rate: 1.0e-2") + 1
    with pytest.raises(ValueError, match=rf"recipe {path}: not valid YAML \(duplicate key 'learning_rate' .*line {line}"):
        load_recipe(path)


def test_recipe_values_reach_the_config(tmp_path, monkeypatch):
    import torch

    from toolkit.training.recipe import grpo_config, model_dtype

    recipe = _tiny()
    recipe["algorithm"]["entropy_coef"] = 0.01
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)  # a GPU host; the recipe says device: cpu
    args = grpo_config(recipe, tmp_path)
    assert args.entropy_coef == 0.01 and args.use_cpu and not args.bf16
    assert model_dtype(recipe, args) == torch.float32


def test_a_pool_with_an_empty_task_list_is_refused_naming_the_pool():
    """`tasks: []` used to read as "no tasks named", so the pool silently trained on its whole suite."""
    from toolkit.training.pools import pool_specs, select_tasks

    recipe = _tiny()
    recipe["tasks"]["pools"][0]["tasks"] = []
    with pytest.raises(ValueError, match=r"^tasks\.pools\[0\]\.tasks is an empty list: name at least one task id"):
        select_tasks(recipe)
    with pytest.raises(ValueError, match=r"^tasks\.pools\[0\]\.tasks is an empty list"):
        pool_specs(recipe, {})
    recipe["tasks"]["pools"][0]["tasks"] = None  # null: the whole suite, as documented
    recipe["tasks"]["pools"][0]["env"] = {"apps": []}
    assert len(select_tasks(recipe)) > 1


def test_env_apps_a_device_cannot_host_fail_at_load():
    from toolkit.training.pools import select_tasks

    recipe = _tiny()
    recipe["tasks"]["pools"][0]["env"] = {"apps": ["contacts", "crm"]}  # crm is a desktop app
    with pytest.raises(ValueError, match=r"tasks\.pools\[0\]\.env\.apps.*device 'phone'.*crm"):
        select_tasks(recipe)


def test_env_apps_without_an_app_a_pool_task_uses_fail_at_load_naming_the_task_and_app():
    from toolkit.training.pools import select_tasks

    recipe = _tiny()
    recipe["tasks"]["pools"][0]["env"] = {"apps": ["messages"]}  # contacts.favorite runs in contacts
    with pytest.raises(ValueError, match=r"^tasks\.pools\[0\]\.env\.apps \['messages'\] lacks \['contacts'\], which task "
                                         r"mobile-core/contacts\.favorite uses"):
        select_tasks(recipe)
    recipe["tasks"]["pools"][0]["env"] = {"apps": ["messages", "contacts"]}
    assert list(select_tasks(recipe)) == ["mobile-core/contacts.favorite"]
    recipe["tasks"]["pools"][0]["env"] = {"apps": []}  # the full device
    assert list(select_tasks(recipe)) == ["mobile-core/contacts.favorite"]


def test_train_names_the_recipe_file_of_a_pool_error(tmp_path):
    """The pool checks run inside build_trainer, which sees no file; train() (what the CLI and the entry point call)
    says which recipe holds the key."""
    from toolkit.training.recipe import train

    path = tmp_path / "pool.yaml"
    text = (RECIPES / "grpo-tiny-cpu.yaml").read_text()
    assert "env: {apps: [contacts]}" in text
    path.write_text(text.replace("env: {apps: [contacts]}", "env: {apps: [messages]}", 1))
    with pytest.raises(ValueError, match=rf"^recipe {path}: tasks\.pools\[0\]\.env\.apps \['messages'\] lacks"):
        train(path, output_dir=tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_max_total_length_below_the_system_message_is_refused_before_the_weights_load(tmp_path, monkeypatch):
    """Such a run would roll out a whole generation, then find no window short enough to train."""
    import transformers

    from toolkit.training.recipe import train

    def no_weights(*args, **kwargs):
        raise AssertionError("the model weights were loaded")

    monkeypatch.setattr(transformers.AutoModelForImageTextToText, "from_pretrained", no_weights)
    path = tmp_path / "short.yaml"
    text = (RECIPES / "grpo-tiny-cpu.yaml").read_text()
    assert "max_total_length: 4096" in text
    text = re.sub(r"\n\s*warm_start: \[.*\]", "", text)  # no warm start: it trains the built model
    path.write_text(text.replace("max_total_length: 4096", "max_total_length: 64", 1))
    with pytest.raises(ValueError, match=rf"^recipe {path}: recipe key 'rollout\.max_total_length' is 64, but on "
                                         r"device 'phone' the first step alone takes \d+ tokens: \d+ for the system "
                                         r"message and the task line \+ 10 for its 1080x2400 screenshot"):
        train(path, output_dir=tmp_path / "out")
    assert not (tmp_path / "out" / "runs").exists()  # no run store, no env


def test_the_length_check_counts_the_screenshot_from_the_processors_geometry(tmp_path, monkeypatch):
    """A limit that holds the text of the first step but not its screenshot was let through (the screenshot's tokens
    were first counted when the whole first generation turned out too long to train): refused up front now, naming
    the numbers, before the tiny model's warm start; the count is what the processor makes of a real-size
    screenshot."""
    import transformers
    from PIL import Image

    from toolkit.models.tiny import build_tiny_qwen3vl, load_processor
    from toolkit.training.lengths import floor_parts, screenshot_size
    from toolkit.training.recipe import train
    from toolkit.training.windows import TokenBuilder

    recipe = _tiny()
    recipe["model"]["tiny"]["max_pixels"] = 400_000
    processor = load_processor(build_tiny_qwen3vl(tmp_path / "m", max_pixels=400_000))
    floor = floor_parts(recipe, processor, "phone")
    assert screenshot_size("phone") == floor.size == (1080, 2400)
    builder = TokenBuilder(processor)
    user = [{"type": "text", "text": "Task:\nStep 1:"}, {"type": "image", "ref": "obs:0"}]
    messages = [{"role": "system", "content": _system(recipe)}, {"role": "user", "content": user}]
    ids, _, grids = builder._process(builder.head_text(messages), [Image.new("RGB", floor.size)])
    assert floor.image == int(grids[0].prod()) // 4 > 300 and floor.total == len(ids) + 1

    def no_weights(*args, **kwargs):
        raise AssertionError("the model weights were loaded")

    monkeypatch.setattr(transformers.AutoModelForImageTextToText, "from_pretrained", no_weights)
    limit = floor.text + floor.image // 2  # room for the text, not for the screenshot
    path = tmp_path / "short.yaml"
    text = (RECIPES / "grpo-tiny-cpu.yaml").read_text()
    assert "warm_start: [" in text  # kept: the warm start trains the model, after the check now
    path.write_text(text.replace("max_total_length: 4096", f"max_total_length: {limit}", 1)
                    .replace("max_pixels: 16384", "max_pixels: 400000", 1))
    with pytest.raises(ValueError, match=rf"is {limit}, but on device 'phone' the first step alone takes {floor.total} "
                                         rf"tokens: {floor.text} for the system message and the task line \+ "
                                         rf"{floor.image} for its 1080x2400 screenshot \(resized by the processor to at "
                                         rf"most 400000 pixels, 16-pixel patches merged 2x2\) \+ 1 sampled token.*"
                                         rf"at least {floor.total} \(default 8192\), or lower model\.tiny\.max_pixels$"):
        train(path, output_dir=tmp_path / "out")
    assert not (tmp_path / "out" / "runs").exists()


def _system(recipe):
    from toolkit.harness import HarnessConfig
    from toolkit.harness.formats import get_format
    from toolkit.harness.harness import system_prompt

    return system_prompt("phone", HarnessConfig().system_prompt) + get_format(recipe["model"]["format"]).describe()


# -- trainer pieces -------------------------------------------------------------------------------------------------
def _windows(n_pads: int):
    from toolkit.training.windows import WindowSample

    rnd = random.Random(0)
    out = []
    for i in range(2):
        n, split = 30 + 5 * i, 20 + i
        ids = [rnd.randrange(10, 500) for _ in range(n)]
        out.append(WindowSample(input_ids=ids, split=split, tool_mask=[0] * split + [1] * (n - split),
                                rollout_logps=[0.0] * split + [-6.0] * (n - split), pixel_values=[], image_grid_thw=[],
                                steps=[i], advantage=1.0 if i == 0 else -0.5))
    pad = copy.copy(out[0])
    pad.tool_mask, pad.advantage, pad.kind = [0] * len(pad.input_ids), 0.0, "pad"
    return out + [pad] * n_pads


def test_padding_rows_do_not_change_per_sequence_losses(tmp_path):
    import torch

    from toolkit.training.batch import collate_windows
    from toolkit.training.recipe import build_trainer

    recipe = _tiny()
    recipe["algorithm"]["per_token_loss"] = False
    trainer = build_trainer(recipe, tmp_path / "run", max_steps=1)
    trainer.model.train()
    trainer.current_gradient_accumulation_steps = 1

    def loss(n_pads: int, beta: float = 0.0) -> float:
        windows = _windows(n_pads)
        batch = collate_windows(windows, trainer.processing_class.tokenizer.pad_token_id, trainer.train_builder.image_token_id)
        batch.pop("num_images")
        batch["num_items_in_batch"] = batch["tool_mask"].sum()
        batch["row_scale"] = torch.full((len(windows),), len(windows) / 2)  # what the trainer sets: rows / real rows
        batch["ref_per_token_logps"] = torch.full(batch["completion_ids"].shape, -5.0)
        trainer.beta = beta
        with torch.no_grad():
            return float(trainer._compute_loss(trainer.model, batch))

    for loss_type, level in [("grpo", "token"), ("grpo", "sequence"), ("dapo", "token"), ("dr_grpo", "token")]:
        trainer.loss_type, trainer.importance_sampling_level = loss_type, level  # sequence: what gspo maps to
        assert loss(1) == pytest.approx(loss(0), abs=1e-6) and loss(6) == pytest.approx(loss(0), abs=1e-6), loss_type
    trainer.loss_type = "grpo"
    assert loss(6, beta=0.1) == pytest.approx(loss(0, beta=0.1), abs=1e-6) and trainer.beta == 0.1  # KL term too


def test_collated_batch_is_no_wider_than_its_longest_window():
    from toolkit.training.batch import collate_windows
    from toolkit.training.windows import WindowSample

    L = 1000  # rollout.max_total_length: bounds every window
    late = WindowSample(input_ids=list(range(L)), split=950, tool_mask=[0] * 950 + [1] * 50, rollout_logps=[0.0] * L,
                        pixel_values=[], image_grid_thw=[], steps=[9])
    early = WindowSample(input_ids=list(range(L)), split=40, tool_mask=[0] * 40 + [1] * 960, rollout_logps=[0.0] * L,
                         pixel_values=[], image_grid_thw=[], steps=[0])
    batch = collate_windows([late, early], pad_id=0, image_token_id=3)
    assert batch["prompt_ids"].shape[1] + batch["completion_ids"].shape[1] == L
    assert batch["tool_mask"].sum(-1).tolist() == [50, 960]  # the same trained tokens, the rest is context
    assert batch["completion_ids"][0, -50:].tolist() == list(range(950, L))


def _bare_trainer(**attrs):
    from toolkit.training.trainer import GuiGRPOTrainer

    trainer = GuiGRPOTrainer.__new__(GuiGRPOTrainer)  # the methods under test read only these attributes
    defaults = dict(_manager=None, max_turns=None, max_env_retries=3, store=None, env_error_count=0,
                    reward_kind="verifier")
    for k, v in {**defaults, **attrs}.items():
        setattr(trainer, k, v)
    return trainer


def test_a_failed_boot_is_rerun_and_counted(monkeypatch):
    import toolkit.training.rollouts as T  # the attempts run there (the trainer mixes it in)
    from toolkit.envs.base import EnvError
    from toolkit.tasks import load_tasks
    from toolkit.tasks.verdict import Verdict

    class FlakyManager:
        requests = released = 0

        async def request(self, spec=None, n=1):
            self.requests += 1
            if self.requests == 1:
                raise EnvError("boot", "request", "TimeoutError: chromium did not start")
            return ["lease"]

        async def release(self, lease):
            self.released += 1

    async def fake_attempt(manager, lease, spec, instance, harness, seed, attempt_id):
        verdict = Verdict(task_id=spec.full_id, reward=1.0, success=True, clean=True, progress=1.0)
        return SimpleNamespace(verdict=verdict, claimed="success", termination="terminate")

    monkeypatch.setattr(T, "run_attempt", fake_attempt)
    errors: list = []
    manager = FlakyManager()
    trainer = _bare_trainer(_manager=manager, store=SimpleNamespace(append_env_error=errors.append))
    [spec] = load_tasks(["mobile-core"], ["contacts.favorite"])
    item = T.TrainItem(spec=spec, trial=0, run_seed=0, group_seed=1, member=0, step=0)
    outcome = asyncio.run(trainer._attempt(item, harness=None, sem=asyncio.Semaphore(1)))
    assert outcome is not None and outcome.reruns == 1 and outcome.reward == 1.0
    assert trainer.env_error_count == 1 and [e["kind"] for e in errors] == ["boot"]
    assert manager.requests == 2 and manager.released == 1  # the failed request held no lease


def test_shaped_reward_halves_an_attempt_aborted_after_success():
    from toolkit.tasks.verdict import Verdict

    trainer = _bare_trainer(reward_kind="shaped")
    solved = Verdict(task_id="t", reward=1.0, success=True, clean=True, progress=1.0)

    def reward(claimed, verdict=solved, termination="terminate"):
        return trainer._reward(SimpleNamespace(verdict=verdict, claimed=claimed, termination=termination))

    assert reward("success") == 1.0
    assert reward("failed") == 0.5
    assert reward(None, termination="step_limit") == 0.5  # overdue
    judged = solved.model_copy(update={"judges_claim": True})  # OSWorld: FAIL on an infeasible task is the success
    assert reward("failed", verdict=judged) == 1.0


def test_k3_gate_stops_on_nan():
    import torch

    from toolkit.training.trainer import ConsistencyError

    trainer = _bare_trainer(k3_threshold=1e-3, consistency_log=[], model=None,
                            accelerator=SimpleNamespace(num_processes=1))
    trainer._forward_args = lambda batch: ()
    trainer._get_per_token_logps_and_entropies = lambda *a: (torch.full((1, 3), float("nan")), None, None)
    batch = {"rollout_per_token_logps": torch.zeros(1, 3), "tool_mask": torch.ones(1, 3),
             "completion_mask": torch.ones(1, 3)}
    with pytest.raises(ConsistencyError, match="nan"):
        trainer._check_consistency(batch)


# -- resume -----------------------------------------------------------------------------------------------------
def _checkpoint(folder, step=1, optimizer=True, recipe=None):
    folder.mkdir(parents=True)
    (folder / "trainer_state.json").write_text(json.dumps({"global_step": step}))
    if optimizer:
        (folder / "optimizer.pt").write_bytes(b"")
    if recipe is not None:
        (folder / "guigym_recipe.json").write_text(json.dumps(recipe))
    return folder


def test_a_resume_with_another_max_steps_says_what_the_learning_rate_does(tmp_path):
    """Figures of the linear decay transformers recomputes on resume (checked in docs/training.md, "Resuming")."""
    from toolkit.training.resume import schedule_change

    ended = _checkpoint(tmp_path / "checkpoint-2", step=2)
    (ended / "trainer_state.json").write_text(json.dumps({"global_step": 2, "max_steps": 2}))
    said = schedule_change(ended, 4)
    assert "saved after its schedule had ended (learning rate 0), with max_steps 4" in said
    assert "the rate of step 4 is 0.25x learning_rate (the saved schedule would have given 0x)" in said
    half = _checkpoint(tmp_path / "checkpoint-2-of-4", step=2)
    (half / "trainer_state.json").write_text(json.dumps({"global_step": 2, "max_steps": 4}))
    assert "at step 2 of 4, with max_steps 8" in schedule_change(half, 8)
    assert "step 4 is 0.625x learning_rate (the saved schedule would have given 0.25x)" in schedule_change(half, 8)
    assert schedule_change(half, 4) is None  # the same schedule goes on
    assert schedule_change(_checkpoint(tmp_path / "old", step=1), 4) is None  # a state without max_steps: nothing known


def test_resume_refuses_what_it_cannot_continue_before_any_model_work(tmp_path):
    """Stand-in checkpoint folders (the files TRL writes, empty): each refusal names the folder and what is wrong."""
    from toolkit.training.recipe import build_trainer
    from toolkit.training.resume import find_checkpoint

    out = tmp_path / "run"
    with pytest.raises(ValueError, match="holds no checkpoint-N folder"):
        find_checkpoint(out, "last")
    with pytest.raises(ValueError, match="no such checkpoint folder"):
        find_checkpoint(out, out / "checkpoint-9")
    _checkpoint(out / "checkpoint-2", step=2)
    _checkpoint(out / "checkpoint-10", step=10, optimizer=False)
    with pytest.raises(ValueError, match=r"checkpoint-10: the checkpoint holds only the model \(no optimizer.pt\).*"
                                         r"save_only_model: false"):
        find_checkpoint(out, "last")  # the newest by step number, not by name
    assert find_checkpoint(out, out / "checkpoint-2") == out / "checkpoint-2"
    (out / "not-a-checkpoint").mkdir()
    with pytest.raises(ValueError, match=r"not a trainer checkpoint \(no trainer_state.json\)$"):
        find_checkpoint(out, out / "not-a-checkpoint")
    with pytest.raises(ValueError, match=rf"^--resume {out}: not a trainer checkpoint .*it is a run's output dir: give "
                                         rf"one of its checkpoints \({out / 'checkpoint-10'}\), or --resume last"):
        find_checkpoint(tmp_path, out)  # the run's folder instead of one of its checkpoints

    recipe = _tiny()
    with pytest.raises(ValueError, match="at step 2 and max_steps is 2; pass --max-steps above 2"):
        build_trainer(recipe, out, max_steps=2, resume=out / "checkpoint-2")
    saved = copy.deepcopy(recipe)
    saved["tasks"]["pools"][0]["split"] = ["train"]  # what build_trainer records
    saved["algorithm"]["group_size"] = 8
    saved["trainer"]["max_steps"] = 50  # may change
    _checkpoint(out / "checkpoint-3", step=3, recipe=saved)
    with pytest.raises(ValueError, match=r"recipe differs.*algorithm.group_size: 8 -> 4\)") as err:
        build_trainer(recipe, out, max_steps=5, resume=out / "checkpoint-3")
    assert "max_steps" not in str(err.value).split("(")[1].split(")")[0]
    assert not (out / "base-model").exists()  # refused before the model was built


def test_train_exports_the_recipe_env_before_building(tmp_path, monkeypatch):
    """What TrlParser does under accelerate launch: guigym train (toolkit.training.recipe.train) does too."""
    import yaml

    import toolkit.training.recipe as R

    recipe = yaml.safe_load((RECIPES / "grpo-tiny-cpu.yaml").read_text())
    recipe["env"] = {"GUIGYM_TEST_RECIPE_ENV": 7, "GUIGYM_TEST_RECIPE_FLAG": True}
    path = tmp_path / "with-env.yaml"
    path.write_text(yaml.safe_dump(recipe))
    monkeypatch.delenv("GUIGYM_TEST_RECIPE_ENV", raising=False)
    monkeypatch.delenv("GUIGYM_TEST_RECIPE_FLAG", raising=False)
    seen = {}

    def fake_build(recipe, out, max_steps=None, resume=None, output_source=None, overwrite_output_dir=None):
        import os

        seen.update(value=os.environ.get("GUIGYM_TEST_RECIPE_ENV"), flag=os.environ.get("GUIGYM_TEST_RECIPE_FLAG"))
        raise ValueError("stop here")

    monkeypatch.setattr(R, "build_trainer", fake_build)
    with pytest.raises(ValueError, match="stop here"):
        R.train(path, tmp_path / "out")
    assert seen == {"value": "7", "flag": "True"}  # str(value), as TrlParser exports them


def test_a_bad_checkpoint_is_refused_by_key_in_build_trainer(tmp_path):
    from toolkit.training.recipe import build_trainer, check_checkpoint

    recipe = _tiny()
    recipe["model"]["checkpoint"] = str(tmp_path / "nope")
    with pytest.raises(ValueError, match=r"^recipe: recipe key 'model\.checkpoint' is '.*nope': no such folder"):
        build_trainer(recipe, tmp_path / "run", max_steps=1)
    assert not (tmp_path / "run").exists()
    (tmp_path / "model").mkdir()
    (tmp_path / "model" / "config.json").write_text("{}")
    recipe["model"]["checkpoint"] = str(tmp_path / "model")
    check_checkpoint(recipe)  # a folder holding config.json passes
    recipe["model"]["checkpoint"] = str(tmp_path / "model" / "config.json")
    with pytest.raises(ValueError, match="a file; expected tiny or a model folder"):
        check_checkpoint(recipe)


def test_an_output_dir_that_cannot_be_created_names_where_it_came_from(tmp_path):
    import yaml

    from toolkit.training.recipe import train

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(ValueError, match=r"^argument 'output_dir': .*a-file/out: cannot create this folder"):
        train(RECIPES / "grpo-tiny-cpu.yaml", blocker / "out", max_steps=1)
    recipe = yaml.safe_load((RECIPES / "grpo-tiny-cpu.yaml").read_text())
    recipe["trainer"]["output_dir"] = str(blocker / "out")
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump(recipe))
    with pytest.raises(ValueError, match=r"r\.yaml: recipe key 'trainer\.output_dir' is '.*a-file/out': cannot create"):
        train(path, max_steps=1)


def test_a_recipe_dict_built_in_code_gets_the_loaders_checks_and_defaults(tmp_path):
    """grpo_config and build_trainer take a dict without every section (KeyError 'algorithm' before) as load_recipe
    takes a file without them: absent sections are their defaults, a bad key is a ValueError naming it."""
    from toolkit.training.recipe import build_trainer, grpo_config

    args = grpo_config({"trainer": {"device": "cpu"}}, tmp_path)
    assert (args.num_generations, args.per_device_train_batch_size, args.max_steps) == (8, 8, 100)
    with pytest.raises(ValueError, match=r"^recipe: unknown recipe key 'algorithm\.group_sise'"):
        grpo_config({"algorithm": {"group_sise": 4}}, tmp_path)
    with pytest.raises(ValueError, match=r"^recipe: the top level must be a mapping"):
        grpo_config(["model"], tmp_path)
    with pytest.raises(ValueError, match=r"^recipe has no tasks"):
        build_trainer({"trainer": {"device": "cpu"}}, tmp_path / "run", max_steps=1)
    with pytest.raises(ValueError, match=r"^tasks\.pools\[0\]: no suite 'mobile-cor'"):
        build_trainer({"tasks": {"pools": [{"suite": "mobile-cor"}]}, "trainer": {"device": "cpu"}}, tmp_path / "run")
    assert not (tmp_path / "run").exists()
