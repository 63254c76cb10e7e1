"""toolkit.models.batching.turn_seed: the one rule that gives each turn of each episode its sampling seed."""

from toolkit.models.batching import turn_seed


def test_turn_seeds_never_repeat_across_episodes_and_steps():
    # seed * 1000 + step gave episode 0's step 1000 the seed of episode 1's first turn (the same draws)
    assert turn_seed(0, 1000) != turn_seed(1, 0)
    seeds = {turn_seed(episode, step) for episode in range(50) for step in range(0, 3000, 7)}
    assert len(seeds) == 50 * len(range(0, 3000, 7))
    assert all(0 <= s < 2**63 for s in seeds)  # what torch.Generator.manual_seed takes


def test_turn_seed_is_stable_across_processes():
    # a keyed hash of the text, not Python's hash(): the same turn samples alike on every rank and in every run
    assert turn_seed(7, 3) == 0x70E39AF576A6249D
