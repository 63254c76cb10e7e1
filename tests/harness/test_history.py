"""Window-wise and last-k history: which turns are shown in full, and prefix sharing inside a window."""

from __future__ import annotations

import pytest

from toolkit.harness.history import EpisodeContext, HistoryConfig, Turn, build_messages, first_full_turn, prompt_text


def _ctx(n):
    ctx = EpisodeContext(instruction="do it")
    ctx.turns = [Turn(obs=i, output=f"Action: wait(seconds={i})") for i in range(n)]
    return ctx


def test_window_starts_every_k_minus_o_steps_with_o_overlap():
    cfg = HistoryConfig(mode="window", window=10, overlap=2)
    assert [first_full_turn(t, cfg) for t in (0, 7, 8, 15, 16, 29)] == [0, 0, 6, 6, 14, 22]
    assert first_full_turn(9, HistoryConfig(mode="last_k", last_k=3)) == 6


def test_prompts_inside_a_window_extend_each_other():
    cfg = HistoryConfig(mode="window", window=10, overlap=2)
    ctx = _ctx(30)
    texts = [prompt_text(build_messages("sys", ctx, t, cfg)) for t in range(30)]
    for t in range(1, 30):
        if first_full_turn(t, cfg) == first_full_turn(t - 1, cfg):
            assert texts[t].startswith(texts[t - 1])
    window_12 = build_messages("sys", ctx, 12, cfg)
    assert "[screenshot omitted]" in window_12[1]["content"][0]["text"]
    refs = [p["ref"] for m in window_12 if isinstance(m["content"], list) for p in m["content"] if p["type"] == "image"]
    assert refs == [f"obs:{i}" for i in range(6, 13)]


def test_last_k_moves_its_boundary_every_step():
    cfg = HistoryConfig(mode="last_k", last_k=3)
    ctx = _ctx(10)
    a, b = (prompt_text(build_messages("sys", ctx, t, cfg)) for t in (6, 7))
    assert not b.startswith(a)


@pytest.mark.parametrize("k", [1, 3])
def test_a_last_k_prompt_holds_k_past_screens_and_the_current_one(k):
    """docs/harness.md and the CLI said last_k keeps k screenshots; a prompt holds the k past steps' and the current
    one, k + 1 (fewer while fewer steps have passed)."""
    ctx = _ctx(10)
    for step in range(10):
        messages = build_messages("sys", ctx, step, HistoryConfig(mode="last_k", last_k=k))
        refs = [p["ref"] for m in messages if isinstance(m["content"], list) for p in m["content"] if p["type"] == "image"]
        assert refs == [f"obs:{i}" for i in range(max(0, step - k), step + 1)]
        assert len(refs) == min(step, k) + 1


def test_bad_configs_are_rejected():
    with pytest.raises(ValueError, match="overlap"):
        HistoryConfig(window=4, overlap=4)


@pytest.mark.parametrize("fields, match", [({"mode": "last-k"}, "mode must be 'window' or 'last_k'"),
                                           ({"mode": "lastk", "last_k": 5}, "mode must be"),
                                           ({"window": 2.5, "overlap": 0}, "window must be a whole number"),
                                           ({"window": "10"}, "window must be a whole number"),
                                           ({"overlap": True}, "overlap must be a whole number"),
                                           ({"mode": "last_k", "last_k": 2.0}, "last_k must be a whole number")])
def test_a_misspelt_mode_or_a_fractional_size_is_refused(fields, match):
    """A misspelt mode used to run window history instead of last-k, and window=2.5 put window starts at fractional
    steps, with nothing said; a string window failed with a bare TypeError."""
    with pytest.raises(ValueError, match=match):
        HistoryConfig(**fields)


@pytest.mark.parametrize("coords, centre", [("norm1000", "@(200,250)"), ("pixels", "@(216,600)"), ("norm1", "@(0.200,0.250)")])
async def test_element_lists_give_centres_in_the_coordinates_the_model_answers_in(coords, centre):
    from toolkit.envs.base import Element, Observation
    from toolkit.harness import Harness, HarnessConfig, ScriptedPolicy
    from toolkit.tasks import TaskInstance

    obs = Observation(image=b"\xff\xd8", width=1080, height=2400, screen="app:notes",
                      elements=[Element(id="btn:save", role="button", text="Save", box=(100, 200, 200, 100))])
    inst = TaskInstance(task_id="t", seed=1, instruction="save", params={}, setup={}, reference=[], expected_changes=[],
                        max_steps=3)
    config = HarnessConfig(coords=coords, history=HistoryConfig(include_elements=True))
    decision = await Harness(ScriptedPolicy(["Action: wait()"]), config).episode(inst, 1).decide(0, obs, lambda ref: b"")
    texts = [p["text"] for p in decision.prompt[-1]["content"] if p["type"] == "text"]
    assert texts[-1] == f"screen: app:notes\n[btn:save] Save {centre}"
    plain = await Harness(ScriptedPolicy(["Action: wait()"]), HarnessConfig(coords=coords)).episode(inst, 1).decide(
        0, obs, lambda ref: b"")
    assert not any("btn:save" in p.get("text", "") for p in plain.prompt[-1]["content"])


def test_a_folded_step_keeps_its_note():
    """A user's reply to ask_user is a note on the next screen; when that step folds into text, the reply stays."""
    ctx = _ctx(20)
    ctx.notes[2] = "User replied: the blue one"
    folded = build_messages("sys", ctx, 12, HistoryConfig(mode="window", window=10, overlap=2))[1]["content"][0]["text"]
    assert "Step 3: [screenshot omitted] Note: User replied: the blue one Action: wait(seconds=2)" in folded
    assert "Step 2: [screenshot omitted] Action: wait(seconds=1)" in folded


def test_a_numpy_integer_size_is_taken_and_stored_as_an_int():
    """A sweep over np.arange gives numpy integers: whole numbers, stored as ints so the run manifest stays JSON."""
    np = pytest.importorskip("numpy")
    config = HistoryConfig(window=np.int64(5), overlap=np.int32(1))
    assert (config.window, config.overlap) == (5, 1) and type(config.window) is int
    from toolkit.harness import HarnessConfig

    assert type(HarnessConfig(loop_limit=np.int64(4)).loop_limit) is int
