"""MiniWoB++ seeds: refused where a page could not tell them apart (no browser needed: refused before any page).

The page seeds ``Math.seedrandom(seed)`` with a JavaScript number, exact only up to 2**53 - 1: 2**53 + 1 arrives
as 2**53 and gives 2**53's episode. The miniwob package's own env (gymnasium) refuses negative seeds.
"""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("miniwob", reason="the miniwob package is not installed")

from toolkit.envs.adapters.miniwob import MiniwobAdapter  # noqa: E402
from toolkit.envs.adapters.miniwob_tasks import MAX_SEED, check_seed  # noqa: E402
from toolkit.tasks import SpecError, derive_seed, load_tasks, sample  # noqa: E402

LIMIT = r"seeds are integers from 0 to 2\*\*53 - 1 = 9007199254740991"


@pytest.fixture(scope="module")
def spec():
    return {s.id: s for s in load_tasks(["miniwob"])}["click-button"]


def test_the_limit_is_the_largest_exact_javascript_integer():
    assert MAX_SEED == 2**53 - 1 == 9007199254740991
    assert float(MAX_SEED) != float(MAX_SEED - 1)  # every seed up to the limit is its own JS number
    assert float(2**53 + 1) == float(2**53)  # past it two seeds are one JS number


@pytest.mark.parametrize("seed", [2**53, 2**53 + 1, 2**64])
def test_sample_refuses_a_seed_the_page_cannot_use(spec, seed):
    with pytest.raises(SpecError, match=rf"^MiniWoB\+\+ seed {seed} is out of range: {LIMIT}"):
        sample(spec, seed)


@pytest.mark.parametrize("seed", [-1, -(2**53)])
def test_sample_refuses_a_negative_seed_for_every_suite(spec, seed):
    """``sample`` refuses a negative seed before the suite's own check (Random(-n) draws what Random(n) does)."""
    with pytest.raises(SpecError, match=rf"task 'click-button': seed {seed} is not a whole number >= 0"):
        sample(spec, seed)


@pytest.mark.parametrize("seed", [0, 1, 2**31 - 1, MAX_SEED])
def test_sample_takes_every_seed_in_range(spec, seed):
    assert sample(spec, seed).seed == seed


def test_seeds_the_runner_derives_are_always_in_range(spec):
    # guigym eval --seed N is the run seed: instance seeds are derive_seed(...) (31 bits), whatever N is
    for run_seed in (0, -7, 2**80):
        check_seed(derive_seed(run_seed, spec.full_id, 0))


def test_non_integer_seeds_are_refused():
    for seed in (True, 1.0, "1"):
        with pytest.raises(SpecError, match="is out of range"):
            check_seed(seed)


def test_other_suites_keep_any_integer_seed():
    other = load_tasks(["miniwob"])[0].model_copy(update={"suite": "not-miniwob"})
    assert sample(other, 2**60).seed == 2**60


def test_the_adapter_refuses_a_hand_built_instance_before_touching_a_page(spec):
    inst = sample(spec, 0).model_copy(update={"seed": 2**53 + 1})  # model_copy does not validate

    class NoPage:  # reset must fail before it reads the page
        info: dict = {}

        @property
        def page(self):
            raise AssertionError("the page was touched")

    with pytest.raises(SpecError, match=rf"seed {2**53 + 1} is out of range: {LIMIT}"):
        asyncio.run(MiniwobAdapter().reset(NoPage(), inst))
