"""The Gymnasium API: guigym/<suite>.<id> for bundled tasks and guigym/miniwob.<task>, checked with check_env."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import toolkit.gym  # noqa: E402,F401 - registers the ids
from gymnasium.utils.env_checker import check_env  # noqa: E402

pytestmark = pytest.mark.browser


def test_ids_are_registered():
    from toolkit.tasks import list_suites, load_suite

    ids = set(toolkit.gym.REGISTERED)
    for suite in list_suites():
        assert all(toolkit.gym.gym_id(s) in ids for s in load_suite(suite)), suite
    if toolkit.gym.list_suites(include_code=True) and "guigym/miniwob.click-button" not in ids:
        pytest.skip("miniwob not installed")
    assert sum(i.startswith("guigym/miniwob.") for i in ids) == 125


def test_miniwob_env_passes_check_env_and_solves_with_page_coords():
    pytest.importorskip("miniwob")
    env = gymnasium.make("guigym/miniwob.click-test", coords="page")
    try:
        check_env(env.unwrapped, skip_render_check=True)
        obs, info = env.reset(seed=0)
        assert obs.shape == (210, 160, 3) and obs.dtype == np.uint8 and env.observation_space.contains(obs)
        assert info["instruction"] == "Click the button."
        # the test reads the button's centre from the page (as the oracle does) and acts through step()
        again, _ = env.reset(seed=0)
        assert np.array_equal(obs, again)
        _, hosted = env.unwrapped._session.manager.hosted(env.unwrapped._session.lease)
        x, y = env.unwrapped._session._sync(hosted.page.evaluate(
            "() => { const r = document.getElementById('subbtn').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }"))
        obs, reward, terminated, truncated, info = env.step({"type": "click", "x": x, "y": y})
        assert (reward, terminated, truncated) == (1.0, True, False) and info["raw_reward"] == 1
        obs, info = env.reset(seed=1)
        obs, reward, terminated, truncated, info = env.step({"type": "type", "text": "hi"})
        assert (reward, terminated) == (0.0, False) and info["errors"] == []
    finally:
        env.close()


def test_bundled_task_env_passes_check_env_and_judges_on_terminate():
    env = gymnasium.make("guigym/mobile-core.contacts.block", scale=1, max_steps=2)
    try:
        assert "PassiveEnvChecker" in str(env)  # registered with gymnasium's checker on
        check_env(env.unwrapped, skip_render_check=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            obs, info = env.reset(seed=3)
            assert obs.shape == (800, 360, 3) and info["instruction"]
            from toolkit.actions import Click

            _, reward, terminated, truncated, _ = env.step(Click(x=500, y=500))
            assert (reward, terminated, truncated) == (0.0, False, False)
            _, reward, terminated, truncated, info = env.step({"type": "terminate", "status": "success"})
            assert terminated and reward == 0.0 and info["verdict"]["success"] is False
        assert [str(w.message) for w in caught if "WARN:" in str(w.message)] == []  # the passive checker is content
        with pytest.raises(toolkit.gym.ResetNeeded):
            env.step(Click(x=500, y=500))  # the episode has ended
    finally:
        env.close()


def test_unknown_task_and_bad_coords():
    with pytest.raises(ValueError, match="no guigym task"):
        toolkit.gym.GuigymEnv("mobile-core/nope")
    with pytest.raises(ValueError, match="coords"):
        toolkit.gym.GuigymEnv("mobile-core/contacts.block", coords="page")
    with pytest.raises(ValueError, match=r"did you mean 'miniwob/click-button'\?"):
        toolkit.gym.GuigymEnv("miniwob/click-buton")
    with pytest.raises(ValueError, match=r"scale must be a finite number above 0 .*got 0"):
        toolkit.gym.GuigymEnv("miniwob/click-button", scale=0)  # was read as "no scale" (1.0)
    for bad in (0, -3, 2.5):
        with pytest.raises(ValueError, match=f"max_steps must be a positive integer or None .*got {bad}"):
            toolkit.gym.GuigymEnv("miniwob/click-button", max_steps=bad)  # 0 was read as the task's own limit



def test_a_bare_task_id_one_suite_holds_is_taken_else_the_error_names_the_suites(monkeypatch):
    """GuigymEnv took "suite/id" and "suite.id" only: a bare "contacts.block" (as make_env and `guigym tasks show`
    take it) was read as suite "contacts", id "block". It is now resolved by find_task, the CLI's resolution: a bare
    id is taken when one suite alone holds it; a typo gets a close id, an id of two suites names both."""
    from toolkit.tasks import load_suite
    from toolkit.tasks import loader

    env = toolkit.gym.GuigymEnv("contacts.block")
    try:
        assert env.spec_task.full_id == "mobile-core/contacts.block"
    finally:
        env.close()
    with pytest.raises(ValueError, match=r"^no guigym task 'contacts.blok': no task 'contacts.blok' in any suite "
                                         r"\(.*\); give '<suite>/<id>'; did you mean 'contacts.block'\?$"):
        toolkit.gym.GuigymEnv("contacts.blok")
    # a second suite holding contacts.block (registered in code, as miniwob is): the bare id is ambiguous now
    twin = next(s for s in load_suite("mobile-core") if s.id == "contacts.block").model_copy(update={"suite": "twin"})
    monkeypatch.setitem(loader._code_suites(), "twin", lambda: [twin])
    with pytest.raises(ValueError, match=r"^no guigym task 'contacts.block': 'contacts.block' is a task of several "
                                         r"suites; give one of mobile-core/contacts.block, twin/contacts.block$"):
        toolkit.gym.GuigymEnv("contacts.block")
    for full in ("mobile-core/contacts.block", "mobile-core.contacts.block"):  # the full forms still choose
        env = toolkit.gym.GuigymEnv(full)
        assert env.spec_task.full_id == "mobile-core/contacts.block"
        env.close()


def test_a_bundled_task_env_refuses_a_bad_scale_isolation_render_mode_or_task_naming_it():
    """scale=0 was read as the phone's own scale (3), scale=-1 failed in numpy as "negative dimensions", a bad
    isolation was accepted until the first reset, render_mode="human" rendered nothing in silence, and a task that
    is no string failed as "argument of type 'int' is not iterable"."""
    for bad in (0, -1, "2", float("inf")):
        with pytest.raises(ValueError, match=rf"scale must be a finite number above 0 .* or None .*got {bad!r}"):
            toolkit.gym.GuigymEnv("mobile-core/contacts.block", scale=bad)
    with pytest.raises(ValueError, match="GuigymEnv: isolation must be pages, contexts or browsers, got 'nope'"):
        toolkit.gym.GuigymEnv("mobile-core/contacts.block", isolation="nope")
    with pytest.raises(ValueError, match=r"render_mode must be None or one of \['rgb_array'\], got 'human'"):
        toolkit.gym.GuigymEnv("mobile-core/contacts.block", render_mode="human")
    with pytest.raises(TypeError, match=r"task must be a task id \('suite/id', 'suite.id' or an id one suite alone "
                                        r"holds\), got int 123"):
        toolkit.gym.GuigymEnv(123)
    env = toolkit.gym.GuigymEnv("mobile-core/contacts.block", scale=0.5, render_mode="rgb_array")
    assert env.observation_space.shape == (400, 180, 3)  # 360×800 CSS px at half a pixel each
    env.close()


def test_step_and_reset_after_close_say_closed_and_a_new_env_works():
    pytest.importorskip("miniwob")
    env = gymnasium.make("guigym/miniwob.click-test", coords="page")
    _, info = env.reset(seed=0)
    env.close()
    env.close()  # idempotent
    for call in (lambda: env.step({"type": "click", "x": 80, "y": 105}), lambda: env.reset(seed=0)):
        with pytest.raises(gymnasium.error.ClosedEnvironmentError, match="closed: gymnasium.make a new env"):
            call()
    assert issubclass(toolkit.gym.EnvClosed, RuntimeError)
    again = gymnasium.make("guigym/miniwob.click-test", coords="page")
    try:
        assert again.reset(seed=0)[1]["instruction"] == info["instruction"]
    finally:
        again.close()


def test_reset_refuses_unknown_options_naming_them_and_the_accepted_ones():
    """``reset(options={"task": ...})`` was ignored in silence: the env reset to its own task as if heard."""
    env = gymnasium.make("guigym/mobile-core.contacts.block", scale=1)
    try:
        with pytest.raises(ValueError, match=r"unknown options 'task', 'level' in options; accepted: none"):
            env.reset(seed=0, options={"task": "mobile-core/contacts.edit_phone", "level": 2})
        with pytest.raises(TypeError, match="options must be a dict or None"):
            env.reset(options=["task"])
        obs, info = env.reset(seed=0, options={})  # empty options, as wrappers pass them, are fine
        assert info["task_id"] == "mobile-core/contacts.block" and obs.shape == env.observation_space.shape
    finally:
        env.close()
