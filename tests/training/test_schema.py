"""The recipe key list: recipes/grpo-tiny-cpu.yaml shows every key the schema takes (docs/training.md says so)."""

from __future__ import annotations

import re

import pytest
import yaml

from toolkit.paths import REPO_ROOT
from toolkit.training.schema import ANY, LOSS_TYPES, SCHEMA, validate_recipe

TINY = REPO_ROOT / "recipes" / "grpo-tiny-cpu.yaml"


def _paths(schema, prefix: str = "") -> list[str]:
    """Return every key path of ``schema`` (a list's items as ``[0]``)."""
    if schema is ANY:
        return [prefix]
    if isinstance(schema, list):
        return _paths(schema[0], f"{prefix}[0]")
    return [p for key, sub in schema.items() for p in _paths(sub, f"{prefix}.{key}" if prefix else key)]


def _present(recipe, path: str) -> bool:
    node = recipe
    for part in re.findall(r"[^.\[\]]+|\[0\]", path):
        if part == "[0]":
            if not isinstance(node, list) or not node:
                return False
            node = node[0]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return False
    return True


def test_the_tiny_recipe_shows_every_key_and_its_optional_ones_are_valid():
    text = TINY.read_text()
    # the optional keys are commented out ("  # key: value"): uncommented, the recipe must hold every key and load
    uncommented = re.sub(r"^(\s*)# (\w+:)", r"\1\2", text, flags=re.M)
    recipe = yaml.safe_load(uncommented)
    missing = [p for p in _paths(SCHEMA) if not _present(recipe, p)]
    assert not missing, f"keys the schema takes but {TINY.name} does not show: {missing}"
    validate_recipe(recipe, "uncommented tiny recipe")
    validate_recipe(yaml.safe_load(text), TINY.name)


def _load_edited(tmp_path, edit):
    from toolkit.training.recipe import load_recipe

    recipe = yaml.safe_load(TINY.read_text())
    edit(recipe)
    path = tmp_path / "edited.yaml"
    path.write_text(yaml.safe_dump(recipe))
    return load_recipe(path), path


@pytest.mark.parametrize("edit, message", [
    (lambda r: r["algorithm"].update(group_size="four"), r"'algorithm\.group_size' is 'four'; expected an integer >= 2"),
    (lambda r: r["algorithm"].update(group_size=1), r"'algorithm\.group_size' is 1; expected an integer >= 2"),
    (lambda r: r["algorithm"].update(group_size=4.0), r"'algorithm\.group_size' is 4\.0; expected an integer"),
    (lambda r: r["trainer"].update(max_steps=True), r"'trainer\.max_steps' is True; expected an integer >= 1"),
    (lambda r: r["algorithm"].update(learning_rate="1e-6"), r"'algorithm\.learning_rate' is '1e-6'.*YAML reads 1e-6 "
                                                            r"as a string"),
    (lambda r: r["algorithm"].update(learning_rate=0), r"'algorithm\.learning_rate' is 0; expected a number > 0"),
    (lambda r: r["sampling"].update(success_threshold=1.5), r"'sampling\.success_threshold' is 1\.5; expected a number "
                                                            r"in \[0, 1\]"),
    (lambda r: r["trainer"].update(save_only_model="yes"), r"'trainer\.save_only_model' is 'yes'; expected true or false"),
    (lambda r: r["trainer"].update(seed=None), r"'trainer\.seed' is None; expected an integer >= 0$"),
    (lambda r: r["model"]["tiny"].update(warm_start="Action: x"), r"'model\.tiny\.warm_start' is 'Action: x'; "
                                                                  r"expected a list of strings \(or null\)"),
    (lambda r: r["tasks"]["pools"][0].update(tasks="contacts.favorite"), r"'tasks\.pools\[0\]\.tasks' is "
                                                                         r"'contacts\.favorite'; expected a list"),
    (lambda r: r["tasks"]["pools"][0]["env"].update(apps=[1]), r"'tasks\.pools\[0\]\.env\.apps' is \[1\]"),
    (lambda r: r["model"].update(format="txt"), r"'model\.format' is 'txt'; expected one of text-v1, json-v1"),
    (lambda r: r["model"].update(coords="px"), r"'model\.coords' is 'px'; expected one of norm1000, norm1, pixels "
                                               r"\(or null\)"),
    (lambda r: r["history"].update(window=2, overlap=2), r"'history\.overlap' is 2, but it must be below "
                                                         r"'history\.window' \(2\)"),
    (lambda r: r["history"].update(window=0, overlap=0), r"'history\.window' is 0; expected an integer >= 1"),
    (lambda r: r.update(env={"HF_HUB_OFFLINE": None}), r"'env\.HF_HUB_OFFLINE' is None; expected a string, number"),
    (lambda r: r.update(env=["HF_HUB_OFFLINE=1"]), r"'env' is \['HF_HUB_OFFLINE=1'\]; expected a mapping"),
    (lambda r: r.update(env={"": "1"}), r"'env\.': '' is not an environment variable name"),
    (lambda r: r.update(env={"A=B": "1"}), r"'env\.A=B': 'A=B' is not an environment variable name"),
    (lambda r: r.update(env={"A": "x\0y"}), r"'env\.A' holds a NUL character"),
    (lambda r: (r["history"].pop("overlap"), r["history"].update(window=1)),
     r"'history\.overlap' is 2 \(its default: the key is not set\), but it must be below 'history\.window' \(1\)"),
    (lambda r: r["algorithm"].update(epsilon=0.3, epsilon_high=0.1), r"'algorithm\.epsilon_high' is 0\.1, below "
                                                                     r"'algorithm\.epsilon' \(0\.3\)"),
    (lambda r: (r["algorithm"].update(name="gspo"), r["algorithm"].pop("epsilon_high"),
                r["algorithm"].pop("per_token_loss")),
     r"'algorithm\.epsilon_high' is not set, so it is gspo's default 0\.0004, below 'algorithm\.epsilon' \(0\.2\)"),
    (lambda r: r["algorithm"].update(epsilon=1.5), r"'algorithm\.epsilon' is 1\.5; expected a number in \(0, 1\]$"),
    (lambda r: r["algorithm"].update(epsilon=0), r"'algorithm\.epsilon' is 0; expected a number in \(0, 1\]$"),
    (lambda r: r["algorithm"].update(epsilon=-0.2), r"'algorithm\.epsilon' is -0\.2; expected a number in \(0, 1\]$"),
    (lambda r: r["algorithm"].update(loss_type="ppo"), r"'algorithm\.loss_type' is 'ppo'; expected one of grpo, dapo"),
    (lambda r: r["algorithm"].update(loss_type=""), r"'algorithm\.loss_type' is ''; expected one of grpo, dapo"),
    (lambda r: r["tasks"]["pools"][0].update(split=1), r"'tasks\.pools\[0\]\.split' is 1; expected train, test"),
    (lambda r: r["tasks"]["pools"][0].update(split=True), r"'tasks\.pools\[0\]\.split' is True; expected train"),
    # null is none of a listed key's values: its reader took None (no default), e.g. 'unknown algorithm None'
    (lambda r: r["algorithm"].update(name=None), r"'algorithm\.name' is None; expected one of grpo, dapo, gspo "
                                                 r"\(leave the key out for its default\)$"),
    (lambda r: r["trainer"].update(dtype=None), r"'trainer\.dtype' is None; expected one of bfloat16, float32"),
    (lambda r: r["trainer"].update(scale_rewards=None), r"'trainer\.scale_rewards' is None; expected one of group"),
    (lambda r: r["rollout"].update(isolation=None), r"'rollout\.isolation' is None; expected one of pages"),
    (lambda r: r["reward"].update(kind=None), r"'reward\.kind' is None; expected one of verifier, shaped"),
])
def test_values_of_the_wrong_type_or_range_name_the_file_and_the_key(tmp_path, edit, message):
    with pytest.raises(ValueError, match=r"^recipe .*edited\.yaml: recipe key " + message):
        _load_edited(tmp_path, edit)


def test_a_null_tiny_section_builds_the_default_tiny_model(tmp_path):
    """``model.tiny: null`` is its defaults, as an empty section (was: AttributeError on None)."""
    from toolkit.training.recipe import build_model

    recipe, _ = _load_edited(tmp_path, lambda r: r["model"].update(tiny=None))
    assert (build_model(recipe, tmp_path / "out") / "config.json").is_file()


def test_values_of_the_right_type_load():
    recipe = yaml.safe_load(TINY.read_text())
    recipe["model"].update(format="qwen3vl", coords=None)  # an alias; null coords: the format's own
    recipe["rollout"].update(max_turns=None, temperature=1)  # an int where a number is asked for
    recipe["algorithm"]["learning_rate"] = 1
    recipe["env"] = {"HF_HUB_OFFLINE": 1, "TOKENIZERS_PARALLELISM": False}
    recipe["algorithm"].update(name="dapo", epsilon=0.3, epsilon_high=None, loss_type=None)  # null: = epsilon
    validate_recipe(recipe)


@pytest.mark.parametrize("text, kind", [("- model: {checkpoint: tiny}\n", "list"), ("just words\n", "str")])
def test_a_recipe_whose_top_level_is_not_a_mapping_names_the_file(tmp_path, text, kind):
    from toolkit.training.recipe import load_recipe

    path = tmp_path / "listed.yaml"
    path.write_text(text)
    with pytest.raises(ValueError, match=rf"^recipe .*listed\.yaml: the top level must be a mapping of sections "
                                         rf"\(name, .*model, tasks.*\), not a {kind}$"):
        load_recipe(path)


def test_a_recipe_that_is_not_utf8_names_the_file(tmp_path):
    from toolkit.training.recipe import load_recipe

    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: caf\u00e9\n".encode("latin-1"))
    with pytest.raises(ValueError, match=rf"^recipe {path}: not UTF-8 text \(byte 0xe9 at offset 9\)$"):
        load_recipe(path)


def test_docs_list_the_type_of_every_key_the_type_check_knows():
    from toolkit.training.recipe_types import TYPES

    docs = (REPO_ROOT / "docs" / "training.md").read_text()
    table = docs[docs.index("| type | keys |"):].split("\n\n", 1)[0]
    listed = {key.replace("[i]", "[]") for key in re.findall(r"`([a-z_]+(?:\.[a-z0-9_\[\]]+)*)`", table)}
    assert set(TYPES) - listed == set(), "keys type-checked but missing from docs/training.md's type table"
    assert listed - set(TYPES) - {"env", "algorithm.name"} <= {"text-v1", "json-v1", "text", "json", "qwen3vl", "qwen",
                                                               "uitars", "norm1000", "norm1", "pixels", "uitars-v1",
                                                               *LOSS_TYPES}
