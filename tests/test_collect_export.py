"""Data collection is the rollout path without scoring changes: collect, export as an SFT dataset, replay."""

from __future__ import annotations

import json
import subprocess
import sys

from pathlib import Path

import pytest

from tests.conftest import requires_chromium
from toolkit.evaluation import evaluate_async
from toolkit.export import export_sft, sft_rows
from toolkit.tasks import load_suite

def _tasks():
    specs = load_suite("mobile-core")
    return [specs[0].id, next(s for s in specs if s.answer_sheet).id]


@requires_chromium
def test_collect_cli_then_export_and_replay(tmp_path):
    pytest.importorskip("datasets")
    res = subprocess.run([sys.executable, "-m", "toolkit.cli.main", "collect", "--agent", "reference", "--suite", "mobile-core",
                          "--tasks", ",".join(_tasks()), "--out", str(tmp_path), "--json"], capture_output=True, text=True,
                         timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    run = json.loads(res.stdout.strip().splitlines()[-1])
    assert json.loads((tmp_path / run["run_id"] / "manifest.json").read_text())["purpose"] == "collect"
    rows = sft_rows(run["run_dir"])
    ds = export_sft(run["run_dir"], out=tmp_path / "sft")
    assert len(ds) == len(rows) > 0 and (tmp_path / "sft" / "dataset_info.json").exists()
    first = ds[0]
    n_images = sum(p["type"] == "image" for m in first["messages"] for p in m["content"])
    assert n_images == len(first["images"]) >= 1 and first["images"][0].size == (1080, 2400)
    assert first["completion"].startswith("Thought:") and first["messages"][0]["role"] == "system"
    assert set(ds["outcome"]) == {"success"}
    # the README's replay line: the run id alone replays its suite, tasks and seed
    res = subprocess.run([sys.executable, "-m", "toolkit.cli.main", "eval", "--agent", "replay", "--model", run["run_id"],
                          "--out", str(tmp_path), "--json"], capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    replayed = json.loads(res.stdout.strip().splitlines()[-1])["suites"]["mobile-core"]
    assert replayed["attempts"] == len(_tasks()) and replayed["SR"] == 1.0


@requires_chromium
async def test_replay_agent_reexecutes_stored_attempts(tmp_path):
    first = await evaluate_async(["mobile-core"], "reference", tasks=_tasks(), out=tmp_path / "a", seed=5)
    again = await evaluate_async(["mobile-core"], "replay", tasks=_tasks(), model=str(first.store.dir), out=tmp_path / "b", seed=5)
    assert list(again.attempts["final_state_hash"]) == list(first.attempts["final_state_hash"])
    assert list(again.attempts["outcome"]) == ["success", "success"]
    # given nothing but the run, replay takes its suites, tasks, trials and seed
    alone = await evaluate_async(None, "replay", model=str(first.store.dir), out=tmp_path / "c")
    assert list(alone.attempts["final_state_hash"]) == list(first.attempts["final_state_hash"])
    assert alone.store.manifest["seed"] == 5 and alone.store.manifest["tasks"] == _tasks()


@requires_chromium
async def test_replay_keeps_the_stored_format_and_refuses_what_it_cannot_replay(tmp_path):
    from toolkit.harness import HarnessConfig

    first = await evaluate_async(["mobile-core"], "reference", tasks=_tasks()[:1], out=tmp_path, seed=2,
                                 harness_config=HarnessConfig(format="json-v1"))
    # by run id under the same runs folder; the default text-v1 asked for here could not parse json-v1 outputs
    again = await evaluate_async(["mobile-core"], "replay", tasks=_tasks()[:1], model=first.run_id, out=tmp_path, seed=2)
    assert again.store.manifest["harness"]["format"] == "json-v1" and list(again.attempts["outcome"]) == ["success"]
    runs = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(ValueError, match=r"has no attempt of mobile-core/.+ \(seed \d+\); replay the tasks, trials and --seed"):
        await evaluate_async(["mobile-core"], "replay", tasks=_tasks()[:1], model=first.run_id, out=tmp_path, seed=3)
    with pytest.raises(FileNotFoundError, match="no run 'missing-run'"):
        await evaluate_async(["mobile-core"], "replay", tasks=_tasks()[:1], model="missing-run", out=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == runs  # refused before any run folder was made


@requires_chromium
async def test_export_takes_an_evaluations_store(tmp_path, monkeypatch):
    # the README's toolkit.export_sft(result.store, where="success"): a store, an id or a folder name the same run
    pytest.importorskip("datasets")
    result = await evaluate_async(["mobile-core"], "reference", tasks=_tasks()[:1], out=tmp_path, seed=1)
    rows = sft_rows(result.store)
    assert rows == sft_rows(result.store.dir) == sft_rows(result) and len(rows) > 0  # an EvalResult is its run too
    # a run named by a relative folder still gives image paths another working directory can open
    monkeypatch.chdir(tmp_path)
    relative = sft_rows(f"./{result.store.dir.name}")  # a bare name is a run id, looked up under the runs folder
    assert relative == rows and all(Path(p).is_absolute() for r in relative for p in r["images"])
    ds = export_sft(result.store, where="success")
    assert len(ds) == len(rows) and (result.store.dir / "sft" / "dataset_info.json").exists()


def test_export_of_no_matching_attempt_saves_a_loadable_empty_dataset(tmp_path):
    """A run none of whose attempts matches ``where`` exports zero rows, with the dataset's columns, and loads back."""
    datasets = pytest.importorskip("datasets")
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "reference", "suites": ["mobile-core"]}, root=tmp_path / "runs")
    store.append_attempt({"attempt_id": "a1", "task_id": "mobile-core/contacts.favorite", "outcome": "failure"})
    assert sft_rows(store) == []
    ds = export_sft(store, where="success", out=tmp_path / "sft")
    loaded = datasets.load_from_disk(str(tmp_path / "sft"))
    assert len(ds) == len(loaded) == 0
    assert loaded.column_names == ["messages", "images", "completion", "task_id", "attempt_id", "step", "outcome"]
    assert loaded.features == ds.features
    assert len(export_sft(store.dir, where=lambda row: False)) == 0  # by folder, under <run>/sft
    assert len(datasets.load_from_disk(str(store.dir / "sft"))) == 0


@requires_chromium
async def test_export_of_an_attempt_with_a_missing_screenshot_names_the_attempt_and_step_and_writes_nothing(tmp_path):
    """datasets' save_to_disk failed with a bare FileNotFoundError that named neither the attempt nor the step."""
    pytest.importorskip("datasets")
    result = await evaluate_async(["mobile-core"], "reference", tasks=_tasks()[:1], out=tmp_path / "runs", seed=1)
    [attempt_id] = result.attempts["attempt_id"]
    step1 = result.store.steps(attempt_id).iloc[1]["screenshot_before"]
    (result.store.dir / step1).unlink()
    with pytest.raises(FileNotFoundError, match=rf"attempt '{attempt_id}' step 1 prompt's screenshot .* is missing"):
        export_sft(result.store, where="all", out=tmp_path / "sft")
    assert not (tmp_path / "sft").exists()
    assert len(export_sft(result.store, where=lambda row: False, out=tmp_path / "none")) == 0  # the way around it


@requires_chromium
async def test_export_of_a_damaged_trajectory_names_the_attempt_step_and_file(tmp_path):
    """A trajectory line lost (a damaged copy) was a bare StopIteration (the header) or ``KeyError: 2`` (a step whose
    screenshot a later prompt shows); the error now names the attempt, the step and the trajectory file."""
    result = await evaluate_async(["mobile-core"], "reference", tasks=_tasks()[:1], out=tmp_path, seed=1, parallel=1)
    [aid] = list(result.attempts["attempt_id"])
    path = result.store.dir / "trajectories" / f"{aid}.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join([*lines[:2], "{damaged\n", *lines[3:]]))  # step 1's line: it recorded observation 2
    with pytest.warns(UserWarning, match="line 3"), \
            pytest.raises(ValueError, match=rf"attempt '{aid}' step 2: its prompt shows observation 2, whose step "
                                            rf"cannot be read in {path}"):
        sft_rows(result.store)
    path.write_text("".join(["{damaged\n", *lines[1:]]))
    with pytest.warns(UserWarning, match="line 1"), \
            pytest.raises(ValueError, match=rf"attempt '{aid}': its trajectory file {path} is damaged"):
        sft_rows(result.store)
    assert sft_rows(result.store, where=lambda row: row["attempt_id"] != aid) == []  # where= leaves it out


def test_export_refuses_an_out_folder_holding_other_files_and_replaces_an_earlier_export_whole(tmp_path):
    """save_to_disk wrote its shards among whatever ``out`` held: out=the run folder put state.json and arrow files
    beside its manifest, and a larger earlier export's stale shards stayed."""
    datasets = pytest.importorskip("datasets")
    from toolkit.store import RunStore

    store = RunStore.create({"agent": "reference", "suites": ["mobile-core"]}, root=tmp_path / "runs")
    store.append_attempt({"attempt_id": "a1", "task_id": "mobile-core/contacts.favorite", "outcome": "failure"})
    run_files = sorted(p.name for p in store.dir.iterdir())
    with pytest.raises(FileExistsError, match=rf"out: {store.dir} holds other files \(attempts.jsonl, manifest.json"):
        export_sft(store, out=store.dir)
    assert sorted(p.name for p in store.dir.iterdir()) == run_files
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "keep.txt").write_text("mine")
    with pytest.raises(FileExistsError, match="holds other files \\(keep.txt\\)"):
        export_sft(store, out=notes)
    assert [p.name for p in notes.iterdir()] == ["keep.txt"]
    with pytest.raises(FileExistsError, match="is a file"):
        export_sft(store, out=notes / "keep.txt")
    with pytest.raises(TypeError, match="out: a folder path or None"):
        export_sft(store, out=3)

    empty = tmp_path / "empty"
    empty.mkdir()
    assert len(export_sft(store, out=empty)) == 0 and (empty / "state.json").is_file()
    shard = next(empty.glob("data-*.arrow"))
    stale = empty / "data-00001-of-00002.arrow"  # as a larger earlier export leaves it
    stale.write_bytes(shard.read_bytes())
    export_sft(store, out=empty)  # an earlier export is replaced whole
    assert not stale.exists() and len(datasets.load_from_disk(str(empty))) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "notes", "runs"]  # no .partial left behind


@requires_chromium
async def test_export_of_a_run_recorded_without_screenshots_or_with_a_damaged_one_names_the_attempt_and_step(
        tmp_path, demo_bank):
    """A run recorded without screenshots (an env with screenshots=False) stores empty image files: the export took
    them without a word, and the saved dataset failed only when read ("cannot identify image file")."""
    pytest.importorskip("datasets")
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.manager import EnvManager
    from toolkit.harness import Harness, make_policy
    from toolkit.rollout import Scheduler, WorkItem
    from toolkit.store import RunStore

    [spec] = load_suite("demo", root=demo_bank)
    blind = RunStore.create({"agent": "reference"}, root=tmp_path / "runs")
    async with EnvManager(adapter=MockedAdapter(apps=["answersheet"], screenshots=False)) as manager:
        await Scheduler(manager, Harness(make_policy("reference")), blind, "reference").run([WorkItem(spec, 0, 0)])
    [aid] = blind.done_ids()
    with pytest.raises(ValueError, match=rf"attempt '{aid}' step 0 prompt's screenshot screenshots/{aid}/000.jpg is "
                                         r"empty \(the run was recorded without screenshots\)"):
        export_sft(blind, out=tmp_path / "sft")
    assert not (tmp_path / "sft").exists()

    result = await evaluate_async(["mobile-core"], "reference", tasks=_tasks()[:1], out=tmp_path / "runs", seed=1)
    [aid] = result.attempts["attempt_id"]
    shot = result.store.steps(aid).iloc[1]["screenshot_before"]
    (result.store.dir / shot).write_bytes(b"<html>not an image</html>")  # a damaged copy
    with pytest.raises(ValueError, match=rf"attempt '{aid}' step 1 prompt's screenshot {shot} is no image"):
        sft_rows(result.store)


class _CrashesAtStep1:
    """The reference agent, but its code raises once, at step 1 (a transient agent bug); the attempt still succeeds."""

    name = "reference"

    def __init__(self):
        from toolkit.harness import make_policy

        self.reference = make_policy("reference")

    def for_episode(self, instance, seed):
        fresh = _CrashesAtStep1()
        fresh.reference = self.reference.for_episode(instance, seed)
        return fresh

    async def __call__(self, request):
        if request.step == 1:
            raise RuntimeError("agent bug")
        return await self.reference(request)


@requires_chromium
async def test_a_step_whose_policy_failed_without_output_is_no_sft_row(answers_manager, tmp_path, demo_bank):
    """Its empty output was exported as a target: the dataset taught the model to answer with nothing."""
    from toolkit.harness import Harness
    from toolkit.rollout import Scheduler, WorkItem
    from toolkit.store import RunStore

    [spec] = load_suite("demo", root=demo_bank)
    store = RunStore.create({"agent": "reference"}, root=tmp_path)
    await Scheduler(answers_manager, Harness(_CrashesAtStep1()), store, "reference").run([WorkItem(spec, 0, 0)])
    [row] = store.attempt_rows()
    steps = store.steps(row["attempt_id"]).to_dict("records")
    assert row["outcome"] == "success" and steps[1]["policy_error"] == "policy raised RuntimeError: agent bug"
    rows = sft_rows(store)
    assert [r["step"] for r in rows] == [s["index"] for s in steps if s["index"] != 1] and len(steps) > 2
    assert all(r["completion"] for r in rows)
    # the step after it still has the prompt the model saw: the failed turn in it, as it was
    after = next(r for r in rows if r["step"] == 2)
    assert [m["role"] for m in after["messages"]].count("assistant") == 2 and len(after["images"]) == 3
