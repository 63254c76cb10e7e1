"""``make_env`` sessions and Gymnasium envs recover: after a killed renderer, a failed first request or an expired
lease the failing call raises a typed EnvError, and the next ``reset()`` works on a fresh lease."""

from __future__ import annotations

import pytest

from tests.conftest import requires_chromium
from tests.faults.helpers import browser_of, renderer_of, sigkill
from toolkit.envs.base import EnvError, StaleLeaseError
from toolkit.envs.manager import EnvManager
from toolkit.session import make_env

pytestmark = requires_chromium


def _kill_renderer(session) -> int:
    """SIGKILL the renderer of the session's page (run on the session's loop); return its pid."""
    _, hosted = session.manager.hosted(session.lease)
    renderer = session._sync(renderer_of(hosted.page))
    sigkill(renderer)
    return renderer.pid


def test_a_session_recovers_after_a_killed_renderer_an_expired_lease_and_close():
    env = make_env(None, apps=["answersheet"])
    try:
        first = env.reset()
        _kill_renderer(env)
        with pytest.raises(EnvError) as err:
            env.step({"type": "open", "app": "answersheet"})
        assert err.value.kind in ("crash", "infra", "timeout")
        old = env.lease
        obs = env.reset()  # a fresh lease on a new instance
        assert obs.state == first.state and env.lease.id != old.id
        assert env.step({"type": "open", "app": "answersheet"}).observation.screen == "app:answersheet"

        env.manager._slots[env.lease.slot].expires_at = 0.0  # the lease was left unused past its TTL
        with pytest.raises(StaleLeaseError):
            env.step({"type": "wait"})
        assert env.reset().state == first.state
        assert env.manager.status()["leased"] == 1  # the dead leases went back: one lease, the session's
    finally:
        env.close()
    for call in (env.reset, env.observe, lambda: env.step({"type": "wait"})):
        with pytest.raises(RuntimeError, match="session closed"):
            call()


async def _refused_boot(self, *args, **kwargs):
    """Stand in for EnvManager.request when no instance can boot."""
    raise EnvError("boot", "request", "simulated")


def test_a_failed_first_request_is_a_typed_error_and_the_next_reset_works(monkeypatch):
    env = make_env(None, apps=["answersheet"])
    real = EnvManager.request

    try:
        monkeypatch.setattr(EnvManager, "request", _refused_boot)
        with pytest.raises(EnvError, match="simulated"):
            env.reset()
        with pytest.raises(EnvError, match="simulated"):
            env.step({"type": "wait"})  # the failed reset, named
        monkeypatch.setattr(EnvManager, "request", real)
        assert env.reset().screen == "launcher"
        assert env.step({"type": "open", "app": "answersheet"}).observation.screen == "app:answersheet"
    finally:
        env.close()


def test_after_a_failed_reset_a_step_or_observe_names_it_rather_than_resetting_to_another_seed(monkeypatch):
    """A step after reset(seed=7) failed reset on its own to the session's seed (0) and stepped there, as if the
    reset had worked; it now raises an EnvError naming the failed reset until reset() is called again. (The boot
    failure is simulated: a real one cannot be brought about on demand.)"""
    env = make_env("mobile-core/contacts.edit_phone", seed=0)
    real = EnvManager.request

    try:
        monkeypatch.setattr(EnvManager, "request", _refused_boot)
        with pytest.raises(EnvError, match="simulated; call reset\\(\\) again to retry"):
            env.reset(seed=7)
        monkeypatch.setattr(EnvManager, "request", real)  # the service is back: still no silent new episode
        for call in (lambda: env.step({"type": "wait"}), env.observe, env.evaluate):
            with pytest.raises(EnvError, match=r"an earlier request failed \(simulated\); the episode is lost .* call reset\(\)"):
                call()
        assert env.instance is None and env.lease is None  # nothing was leased behind the caller's back
        assert env.reset(seed=7).screen == "launcher" and env.instance.seed == 7
        assert env.step({"type": "wait"}).observation.screen == "launcher"
    finally:
        env.close()


def test_a_gymnasium_env_recovers_and_enforces_reset_after_the_episode_ends():
    gymnasium = pytest.importorskip("gymnasium")
    import toolkit.gym  # noqa: F401 - registers the ids

    env = gymnasium.make("guigym/mobile-core.contacts.block", scale=1, max_steps=3)
    try:
        obs, info = env.reset(seed=3)
        session = env.unwrapped._session
        _kill_renderer(session)
        with pytest.raises(EnvError):
            env.step({"type": "hotkey", "keys": ["ctrl", "a"]})
        again, info2 = env.reset(seed=3)  # the usual "catch the error and reset" loop works
        assert info2["instruction"] == info["instruction"] and (again == obs).all()
        _, _, terminated, truncated, info = env.step({"type": "hotkey", "keys": ["ctrl", "a"]})
        assert info["errors"] == [] and not terminated and not truncated
        _, _, terminated, _, _ = env.step({"type": "terminate", "status": "success"})
        assert terminated
        with pytest.raises(toolkit.gym.ResetNeeded, match="reset"):
            env.step({"type": "wait"})
        env.reset(seed=3)
        for _ in range(3):
            *_, truncated, _ = env.step({"type": "wait"})
        assert truncated
        with pytest.raises(gymnasium.error.ResetNeeded):
            env.step({"type": "wait"})
    finally:
        env.close()


@pytest.mark.parametrize("victim", ["renderer", "browser"])
def test_after_a_crash_every_call_says_to_reset_until_reset_recovers(victim):
    """The error of a killed renderer or browser said only "env_error[crash] during step: ...", and the calls after it
    failed each on its own ("page has crashed"). Each says now that the episode is lost and to call reset(), naming
    the first failure; reset() recovers (on a new browser when the browser died)."""
    env = make_env("mobile-core/contacts.block", seed=1)
    try:
        env.reset()
        env.step({"type": "open", "app": "contacts"})
        if victim == "browser":
            _, hosted = env.manager.hosted(env.lease)
            sigkill(browser_of(env._sync(renderer_of(hosted.page))))
        else:
            _kill_renderer(env)
        with pytest.raises(EnvError, match=r"call reset\(\)") as first:
            env.step({"type": "wait"})
        assert env.failed is first.value and first.value.op == "step"
        for name, call in (("step", lambda: env.step({"type": "wait"})), ("observe", env.observe),
                           ("evaluate", env.evaluate)):
            with pytest.raises(EnvError) as err:
                call()
            said = str(err.value)
            assert err.value.op == name and err.value.kind == first.value.kind, said
            assert f"an earlier step failed ({first.value.message})" in said and "call reset()" in said, said
        obs = env.reset()
        assert env.failed is None and obs.screen == "launcher"
        assert env.step({"type": "open", "app": "contacts"}).observation.screen == "app:contacts"
        assert env.evaluate().success is False
    finally:
        env.close()


def test_a_gymnasium_env_says_to_reset_after_a_closed_page():
    gymnasium = pytest.importorskip("gymnasium")
    import toolkit.gym  # noqa: F401 - registers the ids

    env = gymnasium.make("guigym/mobile-core.contacts.block", scale=1)
    try:
        obs, _ = env.reset(seed=3)
        session = env.unwrapped._session
        _, hosted = session.manager.hosted(session.lease)
        session._sync(hosted.page.close())  # the page dies under the env, as a crashed renderer's does
        with pytest.raises(EnvError, match=r"call reset\(\)"):
            env.step({"type": "wait"})
        with pytest.raises(EnvError, match=r"an earlier step failed .*call reset\(\)"):
            env.step({"type": "wait"})  # not a step on the dead page, nor a silent new episode
        again, _ = env.reset(seed=3)
        assert (again == obs).all()
        _, _, terminated, truncated, info = env.step({"type": "wait"})
        assert info["errors"] == [] and not terminated and not truncated
    finally:
        env.close()
