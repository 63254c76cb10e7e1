"""MiniWoB++ through the env manager: the suite, seeds, the page's reward, and a DOM-reading oracle.

The oracle (tests/envs/miniwob_oracle.py) reads the hosted page's DOM to choose actions and acts only
through ``EnvManager.step``; the verdict's reward must equal what the page reports.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest

pytest.importorskip("miniwob", reason="the miniwob package is not installed")

from tests.envs.miniwob_oracle import SOLVERS, Oracle  # noqa: E402
from toolkit.envs.adapters.miniwob import MiniwobAdapter  # noqa: E402
from toolkit.envs.adapters.miniwob_tasks import build_suite, page_verdict, reloads, task_names, task_url  # noqa: E402
from toolkit.envs.local import LocalBackend  # noqa: E402
from toolkit.envs.manager import EnvManager  # noqa: E402
from toolkit.tasks import SpecError, load_tasks, sample  # noqa: E402

pytestmark = pytest.mark.browser

SEEDS = (0, 1, 2, 3, 4)
SPECS = {s.id: s for s in load_tasks(["miniwob"])}


def _instance(task: str, seed: int):
    spec = SPECS[task]
    return spec, sample(spec, seed).model_copy(update={"seed": seed})


@pytest.fixture(scope="module")
async def page_manager():
    async with EnvManager(backend=LocalBackend(), adapter=MiniwobAdapter(coords="page")) as manager:
        yield manager


def test_suite_has_the_125_registered_tasks():
    assert len(task_names()) == 125 and len(SPECS) == 125
    assert {"click-button", "click-test", "email-inbox-forward-nl", "book-flight"} <= set(SPECS)
    assert all(s.device == "miniwob" and s.suite == "miniwob" for s in SPECS.values())
    assert reloads("book-flight") and reloads("terminal") and not reloads("click-button")
    assert task_url("flight.AA", "http://h/") == "http://h/flight/AA/wrapper.html"


async def test_a_mistyped_task_name_gets_the_registered_one_it_is_close_to():
    """Through load_tasks (``--tasks``), and at the adapter, which refuses the name before it touches a page."""
    with pytest.raises(SpecError, match=r"unknown task id\(s\) \['click-buton'\] in suite\(s\) \['miniwob'\]; "
                                        r"did you mean 'click-button'\?"):
        load_tasks(["miniwob"], ["click-buton"])
    with pytest.raises(SpecError, match=r"\['miniwob/enter-txt', 'qqqq'\].*did you mean 'miniwob/enter-text' "
                                        r"\(for 'miniwob/enter-txt'\)\?$"):
        load_tasks(["miniwob"], ["miniwob/enter-txt", "qqqq"])  # no guess for a name close to none
    with pytest.raises(ValueError, match=r"unknown MiniWoB\+\+ task 'use-autocompete'; did you mean 'use-autocomplete'\?"):
        await MiniwobAdapter().load(None, "use-autocompete")  # no instance: the name is checked first
    with pytest.raises(ValueError, match=r"unknown MiniWoB\+\+ task 'zzz' \(\d+ are registered\)"):
        await MiniwobAdapter().load(None, "zzz")


@pytest.mark.parametrize("kwargs, words", [
    ({"scale": 0}, "scale must be a finite number above 0"),
    ({"scale": float("nan")}, "scale must be"),
    ({"image_format": "gif"}, "image_format must be 'png' or 'jpeg', got 'gif'"),
    ({"jpeg_quality": 101}, "jpeg_quality must be an integer from 0 to 100"),
    ({"episode_max_ms": 0}, "episode_max_ms must be a positive integer"),
    ({"data_mode": "tets"}, "data_mode must be one of 'train', 'test', 'default'"),
])
def test_adapter_arguments_the_page_would_take_silently_are_refused(kwargs, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        MiniwobAdapter(**kwargs)
    assert MiniwobAdapter(scale=2, image_format="jpeg", jpeg_quality=0, episode_max_ms=1, data_mode="test").viewport.scale == 2


def test_norm1000_and_page_coordinates_meet_in_one_place():
    assert MiniwobAdapter(coords="page").to_page(80, 105) == (80, 105)
    assert MiniwobAdapter().to_page(500, 500) == (80, 105)
    with pytest.raises(ValueError):
        MiniwobAdapter(coords="pixels")


def test_page_verdict():
    v = page_verdict("miniwob/x", {"done": True, "reward": 0.93, "raw_reward": 1, "reason": None})
    assert v.success and v.reward == 0.93 and v.progress == 1.0
    v = page_verdict("miniwob/x", {"done": True, "reward": -1, "raw_reward": -1, "reason": None})
    assert not v.success and v.reward == -1 and v.progress == 0.0
    assert not page_verdict("miniwob/x", {"done": False, "reward": 0, "raw_reward": 0}).success


def test_partial_credit_is_progress_and_graded_tasks_succeed_within_tolerance():
    """MiniWoB++'s binary reward: find-greatest's wrong card (raw 0.1) and one of three boxes in click-checkboxes
    (raw 1/3) are not successes; the accuracy-scored tasks succeed on any positive raw reward (their pages give -1
    outside tolerance). The values are the ones those pages' endEpisode calls give."""
    wrong = page_verdict("miniwob/find-greatest", {"done": True, "reward": 0.09, "raw_reward": 0.1})
    assert not wrong.success and wrong.progress == pytest.approx(0.1)
    partial = page_verdict("miniwob/click-checkboxes", {"done": True, "reward": 0.3, "raw_reward": 1 / 3})
    assert not partial.success and partial.progress == pytest.approx(1 / 3)
    assert "raw reward is 1" in next(s for s in build_suite() if s.id == "click-checkboxes").criteria[0].description
    for task in ("bisect-angle", "circle-center", "find-midpoint", "right-angle"):
        assert page_verdict(f"miniwob/{task}", {"done": True, "reward": 0.8, "raw_reward": 0.83}).success
        assert not page_verdict(f"miniwob/{task}", {"done": True, "reward": -1, "raw_reward": -1}).success


@pytest.mark.parametrize("task", sorted(SOLVERS))
async def test_oracle_solves_task_on_five_seeds(page_manager, task):
    """≥ 20 tasks × 5 seeds: success, and the recorded reward is the page's own reward."""
    spec = SPECS[task]
    [lease] = await page_manager.request(spec)
    try:
        for seed in SEEDS:
            _, inst = _instance(task, seed)
            obs = await page_manager.reset(lease, inst)
            assert inst.instruction == obs.state["utterance"] and inst.instruction
            assert not obs.state["done"] and obs.width == 160 and obs.height == 210 and obs.image[:4] == b"\x89PNG"
            oracle = Oracle(page_manager, lease, inst.instruction)
            await SOLVERS[task](oracle)
            _, hosted = page_manager.hosted(lease)
            page = await hosted.page.evaluate("() => [WOB_DONE_GLOBAL, WOB_REWARD_GLOBAL, WOB_RAW_REWARD_GLOBAL]")
            verdict = await page_manager.evaluate(lease, inst, spec)
            assert page[0] is True and page[2] > 0, f"{task} seed {seed}: {inst.instruction!r} → page {page}"
            assert verdict.success and verdict.reward == page[1], (task, seed, verdict, page)
            assert oracle.last.state["done"] and oracle.last.screen.endswith(":done")
    finally:
        await page_manager.release(lease)


async def test_same_seed_same_episode_in_place_and_after_reload(page_manager):
    """Seed N gives the same episode whether the page was reloaded or reset in place."""
    spec = SPECS["click-button"]
    [lease] = await page_manager.request(spec)
    _, hosted = page_manager.hosted(lease)
    layout = "() => [...document.querySelectorAll('#area *')].map(e => e.tagName + ':' + e.textContent + ':' + e.getBoundingClientRect().top)"
    seen = {}
    for seed in (5, 6, 5, 6):
        _, inst = _instance("click-button", seed)
        await page_manager.reset(lease, inst)
        key = (inst.instruction, tuple(await hosted.page.evaluate(layout)))
        assert seen.setdefault(seed, key) == key
    assert seen[5] != seen[6]
    # a reloading task: the page is loaded again for every episode, and the seed still decides it
    loads = hosted.info["miniwob_loads"]
    for seed in (1, 1):
        _, inst = _instance("click-dialog", seed)
        await page_manager.reset(lease, inst)
        seen.setdefault(("dialog", seed), inst.instruction)
    assert hosted.info["miniwob_loads"] == loads + 2
    await page_manager.release(lease)


async def test_wrong_answer_ends_with_minus_one_and_later_actions_cannot_restart(page_manager):
    spec = SPECS["click-test-2"]
    [lease] = await page_manager.request(spec)
    _, inst = _instance("click-test-2", 3)
    await page_manager.reset(lease, inst)
    oracle = Oracle(page_manager, lease, inst.instruction)
    await oracle.click("#subbtn2")  # the wrong button
    assert oracle.last.state["done"] and oracle.last.state["raw_reward"] == -1
    ended = oracle.last.state["episode_id"]
    await oracle.step({"type": "click", "x": 80, "y": 105})  # on the START cover: must not start an episode
    await oracle.step({"type": "click", "x": 80, "y": 105})
    verdict = await page_manager.evaluate(lease, inst, spec)
    assert not verdict.success and verdict.reward == -1
    assert oracle.last.state["done"] and oracle.last.state["episode_id"] == ended
    # unsupported kinds are error results, not exceptions
    result = await page_manager.step(lease, [{"type": "open", "app": "x"}], action_id="unsupported")
    assert not result.results[0].ok and "MiniWoB" in result.results[0].error
    await page_manager.release(lease)


async def test_norm1000_click_through_the_default_adapter():
    """The default adapter (the harness's 0–1000 space over the task area) solves click-test."""
    async with EnvManager(adapter=MiniwobAdapter(scale=2.0)) as manager:
        spec, inst = _instance("click-test", 0)
        [lease] = await manager.request(spec)
        obs = await manager.reset(lease, inst)
        assert (obs.width, obs.height) == (320, 420)
        button = next(e for e in obs.elements if e.role == "button")
        result = await manager.step(lease, [{"type": "click", "x": button.center[0], "y": button.center[1]}], "c")
        assert result.observation.state["raw_reward"] == 1
        assert (await manager.evaluate(lease, inst, spec)).success


async def test_email_tasks_return_fields():
    async with EnvManager(adapter=MiniwobAdapter(screenshots=False)) as manager:
        spec, inst = _instance("email-inbox-forward-nl", 0)
        [lease] = await manager.request(spec)
        await manager.reset(lease, inst)
        assert isinstance(inst.instruction, str) and inst.instruction
        assert inst.params["fields"] and all(isinstance(k, str) for k in inst.params["fields"])


async def test_eval_path_runs_the_random_agent_on_miniwob(tmp_path):
    """``guigym eval --suite miniwob --tasks ...`` goes through the same scheduler, rollout and store."""
    from toolkit.evaluation import evaluate_async

    result = await evaluate_async(["miniwob"], "random", tasks=["click-button", "click-test"], trials=2, parallel=2,
                                  out=tmp_path)
    assert len(result.attempts) == 4 and set(result.attempts["suite"]) == {"miniwob"}
    assert all(result.attempts["instruction"].str.len() > 0)
    assert not any(result.attempts["instruction"].str.startswith("MiniWoB++ "))  # the page's utterance was recorded


@pytest.mark.skipif(not (shutil.which("chromedriver") and os.path.exists("/usr/bin/chromium")),
                    reason="the miniwob package's own env needs chromedriver (apt-get install chromium-driver)")
async def test_same_episode_as_the_miniwob_package_env(page_manager):
    """reset(seed=N) gives the same episode as gym.make("miniwob/click-test-v1").reset(seed=N)."""
    import gymnasium

    import miniwob  # noqa: F401 - registers miniwob/* ids

    os.environ.setdefault("MINIWOB_CHROME_BINARY", "/usr/bin/chromium")
    os.environ.setdefault("MINIWOB_CHROMEDRIVER", shutil.which("chromedriver"))
    theirs = {}
    env = gymnasium.make("miniwob/click-button-v1")
    try:
        for seed in (0, 1, 2):
            obs, _ = env.reset(seed=seed)
            buttons = [(e["text"], round(e["left"][0]), round(e["top"][0])) for e in obs["dom_elements"] if e["tag"] == "button"]
            theirs[seed] = (obs["utterance"], buttons)
    finally:
        env.close()
    spec = SPECS["click-button"]
    [lease] = await page_manager.request(spec)
    _, hosted = page_manager.hosted(lease)
    for seed in (0, 1, 2):
        _, inst = _instance("click-button", seed)
        await page_manager.reset(lease, inst)
        ours = await hosted.page.evaluate(
            "() => [...document.querySelectorAll('#area button')].map(b => [b.textContent, Math.round(b.getBoundingClientRect().left), Math.round(b.getBoundingClientRect().top)])")
        assert (inst.instruction, [tuple(b) for b in ours]) == theirs[seed]
    await page_manager.release(lease)
