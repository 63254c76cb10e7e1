"""The harness configuration: what it refuses."""

from __future__ import annotations

import pytest

from toolkit.harness import HarnessConfig


@pytest.mark.parametrize("limit", [-1, 1.5, True])
def test_a_loop_limit_that_is_not_a_whole_number_is_refused(limit):
    """A negative limit used to end every episode after its first step, as a 'loop'."""
    with pytest.raises(ValueError, match="loop_limit must be a whole number >= 0"):
        HarnessConfig(loop_limit=limit)


@pytest.mark.parametrize("coords", ["pixel", "norm_1000", "NORM1"])
def test_an_unknown_coordinate_space_is_refused_naming_the_known_ones(coords):
    """An unknown space used to be read as 0-1 fractions by the conversion (a model's pixel 540 became 540000, refused
    as out of range on every step), and the harness failed with a bare KeyError from the prompt."""
    from toolkit.harness.formats import get_format

    with pytest.raises(ValueError, match="unknown coordinate space .*norm1000, norm1, pixels"):
        HarnessConfig(coords=coords)
    with pytest.raises(ValueError, match="unknown coordinate space"):
        get_format("json-v1", coords)


def test_an_unknown_action_format_is_refused_by_the_config():
    with pytest.raises(ValueError, match="unknown action format 'jsn'"):
        HarnessConfig(format="jsn")


@pytest.mark.parametrize("name", ["json-v1", "qwen3vl-mobile-v1", "uitars-v1", "text-v1"])
async def test_an_exhausted_script_terminates_in_the_harness_format(name):
    """The scripted policy's closing terminate was written in the text format: in any other it was a parse error,
    so a script shorter than the episode ran on to the step limit."""
    from tests.harness.test_openai_policy import _request
    from toolkit.harness import ScriptedPolicy, get_format

    request = _request()
    request.format = get_format(name)
    policy = ScriptedPolicy([]).for_episode(request.instance, 1)
    parsed = request.format.parse((await policy(request)).text)
    assert parsed.ok and [(a.type, a.status) for a in parsed.actions] == [("terminate", "failed")]


@pytest.mark.parametrize("fields, said", [({"temperature": -1}, "temperature must be in"),
                                          ({"max_new_tokens": 0}, "max-tokens must be at least 1")])
def test_the_hf_policy_refuses_bad_sampling_before_loading_the_model(fields, said):
    """Built directly (not through make_policy) it took them: a negative temperature decoded greedily."""
    pytest.importorskip("torch")
    from toolkit.harness.policies import HFPolicy

    with pytest.raises(ValueError, match=said):
        HFPolicy("/no/such/checkpoint", **fields)


def test_a_checkpoint_keeps_the_config_it_was_trained_with_and_eval_starts_from_it(tmp_path):
    """A checkpoint trained in qwen3vl-mobile-v1 was evaluated in text-v1 (the CLI default) without a word. The trainer
    now writes ``guigym_harness.json`` beside the weights; ``--agent hf`` starts from it and options typed override
    it (here --overlap, checked against the checkpoint's window before any model loads)."""
    from click.testing import CliRunner

    from toolkit.cli.main import cli
    from toolkit.harness import HistoryConfig
    from toolkit.harness.harness import SAVED_HARNESS

    trained = HarnessConfig(format="qwen3vl", coords="pixels", history=HistoryConfig(window=3, overlap=1), loop_limit=0)
    trained.save(tmp_path)
    assert HarnessConfig.saved_with(tmp_path) == trained and HarnessConfig.saved_with(tmp_path / "absent") is None
    assert HarnessConfig.saved_with(None) is None

    result = CliRunner().invoke(cli, ["eval", "--agent", "hf", "--model", str(tmp_path), "--overlap", "3",
                                      "--out", str(tmp_path / "runs")])
    assert result.exit_code != 0 and "--overlap 3 must be less than --window 3 (the checkpoint's)" in result.output

    (tmp_path / SAVED_HARNESS).write_text('{"format": "no-such-format"}')
    with pytest.raises(ValueError, match=rf"{SAVED_HARNESS}: not an agent configuration \(format: unknown action"):
        HarnessConfig.saved_with(tmp_path)
    (tmp_path / SAVED_HARNESS).write_text("[1]")
    with pytest.raises(ValueError, match="expected an object, got list"):
        HarnessConfig.saved_with(tmp_path)


@pytest.mark.parametrize("data, named", [
    ({"format": "json-v1", "loop_limt": 5}, "unknown field 'loop_limt'"),
    ({"history": {"mode": "last_k", "lastk": 2}}, "unknown field 'history.lastk'"),
    ({"history": [3]}, "history: expected an object, got list"), ("text-v1", "expected an object, got str"),
])
def test_a_stored_config_with_a_field_it_does_not_have_is_refused_naming_it(data, named):
    """A misspelt field was dropped: the run went on with the default loop limit or history, silently."""
    with pytest.raises(ValueError, match=f"manifest.json harness: .*{named}"):
        HarnessConfig.from_dict(data, "manifest.json harness")


def test_every_stored_config_shape_still_loads(tmp_path):
    """What as_dict writes, an old manifest's partial one and a checkpoint's saved file load as before."""
    config = HarnessConfig(format="uitars-v1", coords="pixels", loop_limit=0)
    assert HarnessConfig.from_dict(config.as_dict()) == config
    assert HarnessConfig.from_dict({}) == HarnessConfig()
    assert HarnessConfig.from_dict({"history": {"window": 4, "overlap": 1}}).history.window == 4
    config.save(tmp_path)
    assert HarnessConfig.saved_with(tmp_path) == config
    (tmp_path / "guigym_harness.json").write_text('{"format": "json-v1", "coord": "pixels"}')
    with pytest.raises(ValueError, match="guigym_harness.json: not an agent configuration .*unknown field 'coord'"):
        HarnessConfig.saved_with(tmp_path)
