"""Export stored attempts as a supervised fine-tuning dataset (Hugging Face ``datasets``, saved to disk).

One row per step of each chosen attempt: the exact prompt messages the model saw (images as
ordered ``{"type": "image"}`` placeholders), the screenshots they reference, and the target output.
A step whose policy failed without an output (it raised, or its model call failed) has no target and no row.
Data collection is the evaluation path without scoring changes, so what is exported is exactly
what an evaluated agent saw and said.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Callable

from toolkit.store import RunStore


def _chosen(store: RunStore, where: str | Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    rows = store.attempt_rows()
    if callable(where):
        return [r for r in rows if where(r)]
    if where == "all":
        return rows
    if where in ("success", "successes"):
        return [r for r in rows if r.get("outcome") == "success"]
    raise ValueError(f"where must be 'success', 'all' or a function of an attempt row, got {where!r}")


def _image(store: RunStore, shot: str, attempt_id: str, step: int) -> str:
    """Return the path of a prompt's screenshot, or raise naming the attempt, step and file when it is missing.

    Without the check, ``datasets`` failed deep in ``save_to_disk`` with a bare FileNotFoundError (a run copied
    without its screenshots, or pruned), naming neither the attempt nor the step.
    """
    path = store.dir / shot
    if not path.is_file():
        raise FileNotFoundError(f"run {store.run_id}: attempt {attempt_id!r} step {step} prompt's screenshot {shot} is "
                                f"missing; leave the attempt out with where=, or restore the run's screenshots/")
    # An empty file is what a run recorded without screenshots stores (an env with screenshots=False, as the
    # benchmarks use), and a file that is no image a damaged one: either was exported without a word, and the
    # dataset failed only when its images were read ("cannot identify image file"), far from the run.
    why = "is empty (the run was recorded without screenshots)" if path.stat().st_size == 0 else _not_image(path)
    if why:
        raise ValueError(f"run {store.run_id}: attempt {attempt_id!r} step {step} prompt's screenshot {shot} {why}; "
                         "leave the attempt out with where=, or export a run recorded with screenshots")
    return str(path.absolute())  # a run opened by a relative folder or root: still found from another cwd


def _not_image(path: Path) -> str:
    """Return why the file at ``path`` is no image PIL can read ("" when its header names one); only the header is
    read, not the pixels."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path):
            return ""
    except (UnidentifiedImageError, OSError) as exc:
        return f"is no image ({type(exc).__name__})"


def _trajectory(store: RunStore, attempt_id: str) -> Path:
    return store.dir / "trajectories" / f"{attempt_id}.jsonl"


def _shot(store: RunStore, shots: dict[int, str], ref: str, attempt_id: str, step: int) -> str:
    """Return the run-relative screenshot of a prompt's image ``ref`` (``obs:<n>``), or raise naming the attempt,
    step and trajectory file when the step that recorded it cannot be read (a damaged line, skipped by the store)."""
    index = int(ref.split(":")[1])
    if index not in shots:
        raise ValueError(f"run {store.run_id}: attempt {attempt_id!r} step {step}: its prompt shows observation "
                         f"{index}, whose step cannot be read in {_trajectory(store, attempt_id)} (a damaged line); "
                         "leave the attempt out with where=")
    return shots[index]


#: the files ``Dataset.save_to_disk`` writes besides its ``data-*.arrow`` shards: a folder holding them is an export
_DATASET_FILES = ("dataset_info.json", "state.json")


def _check_out(out: Path) -> None:
    """Refuse an ``out`` that is a file, or a folder holding anything but an earlier export (which is replaced).

    ``save_to_disk`` wrote its shards among whatever a folder held: the run folder itself (``out=result.store.dir``)
    got ``state.json`` and arrow files beside its manifest, and stale shards of a larger earlier export stayed.
    """
    if out.is_file():
        raise FileExistsError(f"out: {out} is a file; give a folder for the dataset (default: <run>/sft)")
    if not out.is_dir():
        return
    held = sorted(p.name for p in out.iterdir())
    export = all((out / name).is_file() for name in _DATASET_FILES) and all(
        name in _DATASET_FILES or (name.startswith("data-") and name.endswith(".arrow")) for name in held)
    if held and not export:
        shown = ", ".join(held[:5]) + (", ..." if len(held) > 5 else "")
        raise FileExistsError(f"out: {out} holds other files ({shown}): give a new or empty folder, or an earlier "
                              "export_sft folder to replace (default: <run>/sft)")


def sft_rows(run: str | Path | RunStore, where: str | Callable[[dict[str, Any]], bool] = "success") -> list[dict[str, Any]]:
    """Return the SFT rows of a run (id, folder or store): messages (image placeholders), image file paths, completion, ids."""
    store = RunStore.open(run)
    out = []
    for row in _chosen(store, where):
        aid = row["attempt_id"]
        records = store.trajectory(aid)
        header = next((r for r in records if r.get("kind") == "attempt"), None)
        if header is None:  # the store skips lines it cannot read: here the first one, with the first screenshot
            raise ValueError(f"run {store.run_id}: attempt {aid!r}: its trajectory file {_trajectory(store, aid)} is "
                             "damaged (its attempt header cannot be read); leave the attempt out with where=")
        shots = {0: header["screenshot"]}
        steps = [r for r in records if r.get("kind") == "step"]
        for r in steps:
            shots[r["obs_after"]] = r["screenshot_after"]
        for r in steps:
            if r.get("policy_error") and not r.get("output"):
                # the policy failed (raised, or its model call did): the model said nothing, and an empty completion
                # as a target taught the model to answer with nothing. The later prompts still show the turn as it was
                continue
            messages, images = [], []
            for m in r["prompt"]:
                if isinstance(m["content"], str):
                    messages.append({"role": m["role"], "content": [{"type": "text", "text": m["content"]}]})
                    continue
                parts = []
                for p in m["content"]:
                    if p["type"] == "image":
                        images.append(_image(store, _shot(store, shots, p["ref"], aid, r["index"]), aid, r["index"]))
                        parts.append({"type": "image", "text": None})
                    else:
                        parts.append({"type": "text", "text": p["text"]})
                messages.append({"role": m["role"], "content": parts})
            out.append({"messages": messages, "images": images, "completion": r["output"], "task_id": row["task_id"],
                        "attempt_id": row["attempt_id"], "step": r["index"], "outcome": row["outcome"]})
    return out


def export_sft(run: str | Path | RunStore, where: str | Callable[[dict[str, Any]], bool] = "success", out: str | Path | None = None):
    """Build the SFT dataset of ``run`` (an id, folder or store; chosen attempts) and save it to ``out`` (default ``<run>/sft``).

    ``out`` must be a new or empty folder, or an earlier export, which is replaced whole; a file or a folder holding
    anything else is a FileExistsError naming it, raised before any work.

    Returns:
        the ``datasets.Dataset`` (columns: messages, images, completion, task_id, attempt_id, step, outcome); with no
        chosen attempt it is empty, with the same columns, and saved all the same (``datasets.load_from_disk`` reads it).
    """
    import datasets

    store = RunStore.open(run)
    if out is not None and not isinstance(out, (str, Path)):
        raise TypeError(f"out: a folder path or None (<run>/sft), got {type(out).__name__} {out!r}")
    target = (Path(out) if out is not None else store.dir / "sft").resolve()  # "." has no name for its .partial
    _check_out(target)
    rows = sft_rows(store, where)
    features = datasets.Features({
        "messages": [{"role": datasets.Value("string"),
                      "content": [{"type": datasets.Value("string"), "text": datasets.Value("string")}]}],
        "images": datasets.Sequence(datasets.Image()),
        "completion": datasets.Value("string"), "task_id": datasets.Value("string"),
        "attempt_id": datasets.Value("string"), "step": datasets.Value("int32"), "outcome": datasets.Value("string"),
    })
    # No chosen attempt: from_list([]) fails on its empty table, and save_to_disk would write zero shards, which
    # load_from_disk cannot read. The empty dataset is built column-wise and saved as one (empty) shard.
    if rows:
        ds = datasets.Dataset.from_list(rows, features=features)
    else:
        ds = datasets.Dataset.from_dict({name: [] for name in features}, features=features)
    # Written beside the target, then moved into place: an earlier export is replaced whole (no stale shards) and a
    # failed save leaves it as it was.
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    try:
        ds.save_to_disk(str(partial), num_shards=None if rows else 1)
        if target.is_dir():
            shutil.rmtree(target)
        partial.rename(target)
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return ds
