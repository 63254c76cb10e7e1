"""A recipe's model.checkpoint that holds config.json (so the up-front check passes) but not the rest of a model:
refused by key, naming the folder and what is missing, before any env starts."""

from __future__ import annotations

import shutil

import pytest

from toolkit.paths import REPO_ROOT

pytest.importorskip("trl")


@pytest.mark.parametrize("keep, missing", [
    (["config.json"], "Can't load image processor"),
    (["config.json", "preprocessor_config.json", "tokenizer.json", "tokenizer_config.json", "chat_template.jinja"],
     "Error no file named model.safetensors"),
])
def test_a_checkpoint_copied_in_part_is_refused_by_key(tmp_path, tiny_vlm, keep, missing):
    import yaml

    from toolkit.training.recipe import train

    partial = tmp_path / "partial"
    partial.mkdir()
    for name in keep:
        shutil.copy(tiny_vlm / name, partial / name)
    recipe = yaml.safe_load((REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml").read_text())
    recipe["model"] = {"checkpoint": str(partial), "format": "text-v1"}
    path = tmp_path / "partial.yaml"
    path.write_text(yaml.safe_dump(recipe))
    with pytest.raises(ValueError, match=rf"^recipe {path}: recipe key 'model.checkpoint' is '{partial}': {partial} does "
                                         rf"not load \({missing}"):
        train(path, tmp_path / "run", max_steps=1)
    assert not (tmp_path / "run" / "runs").exists()  # no run folder, no env
