"""The env manager's five operations in real Chromium: leases, idempotent action ids, reset, failures."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.conftest import requires_chromium
from toolkit.envs.base import EnvError, StaleLeaseError

pytestmark = requires_chromium


def _center(obs, element_id):
    element = next(e for e in obs.elements if e.id == element_id)
    return element.center


async def test_five_operations(answers_manager, demo):
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        obs = await answers_manager.reset(lease, inst)
        assert obs.screen == "launcher" and obs.image[:2] == b"\xff\xd8" and (obs.width, obs.height) == (1080, 2400)
        r = await answers_manager.step(lease, [{"type": "open", "app": "answersheet"}], "s1")
        assert r.observation.screen == "app:answersheet" and r.results[0].ok
        x, y = _center(r.observation, "field:count")
        r = await answers_manager.step(lease, [{"type": "click", "x": x, "y": y}, {"type": "type", "text": str(inst.params["n"])}], "s2")
        x, y = _center(r.observation, "btn:submit")
        await answers_manager.step(lease, [{"type": "click", "x": x, "y": y}], "s3")
        again = await answers_manager.observe(lease)
        assert again.state["apps"]["answersheet"]["data"]["values"] == {"count": inst.params["n"]}
        verdict = await answers_manager.evaluate(lease, inst, spec)
        assert verdict.success and verdict.reward == 1.0 and verdict.clean
    finally:
        await answers_manager.release(lease)


async def test_invalid_actions_are_recorded_not_raised(answers_manager, demo):
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        await answers_manager.reset(lease, inst)
        r = await answers_manager.step(lease, [{"type": "fly"}, {"type": "click", "x": 1500, "y": 3},
                                              {"type": "type", "text": "x"}, {"type": "open", "app": "nope"},
                                              {"type": "cli_command", "command": "ls"}], "bad")
        assert [x.ok for x in r.results] == [False] * 5
        assert "unknown action type 'fly'" in r.results[0].error and "field 'x'" in r.results[1].error
        assert "no text field has focus" in r.results[2].error and "no app 'nope'" in r.results[3].error
        assert r.observation.note and "fly" in r.observation.note
    finally:
        await answers_manager.release(lease)


async def test_retried_action_id_applies_once(answers_manager, demo):
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        await answers_manager.reset(lease, inst)
        await answers_manager.step(lease, [{"type": "open", "app": "answersheet"}], "o")
        obs = await answers_manager.observe(lease)
        x, y = _center(obs, "field:count")
        await answers_manager.step(lease, [{"type": "click", "x": x, "y": y}], "focus")
        first = await answers_manager.step(lease, [{"type": "type", "text": "7"}], "typed")
        # The same id again, also concurrently: applied once, the stored result returned.
        again = await asyncio.gather(*(answers_manager.step(lease, [{"type": "type", "text": "7"}], "typed") for _ in range(3)))
        assert all(a.replayed for a in again) and not first.replayed
        state = (await answers_manager.observe(lease)).state
        assert state["apps"]["answersheet"]["ui"]["drafts"]["count"] == "7"
    finally:
        await answers_manager.release(lease)


async def test_stale_and_expired_leases_are_rejected(answers_manager, demo):
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    await answers_manager.reset(lease, inst)
    await answers_manager.release(lease)
    with pytest.raises(StaleLeaseError):
        await answers_manager.step(lease, [{"type": "wait"}], "late")
    [fresh] = await answers_manager.request(spec)
    assert fresh.id != lease.id
    with pytest.raises(StaleLeaseError):
        await answers_manager.observe(lease)  # the old lease of a reused instance
    await answers_manager.release(fresh)
    [short] = await answers_manager.request(spec, ttl_s=0.05)
    await asyncio.sleep(0.1)
    with pytest.raises(StaleLeaseError, match="expired"):
        await answers_manager.reset(short, inst)


async def test_reset_restores_s0_exactly(answers_manager, demo):
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        s0 = await answers_manager.reset(lease, inst)
        await answers_manager.step(lease, [{"type": "open", "app": "answersheet"}, {"type": "wait", "seconds": 60},
                                          {"type": "answer", "fields": {"count": 3}}], "x")
        changed = await answers_manager.observe(lease)
        assert changed.state_hash != s0.state_hash
        again = await answers_manager.reset(lease, inst)
        assert again.state == s0.state and again.state_hash == s0.state_hash and again.image == s0.image
    finally:
        await answers_manager.release(lease)


async def test_an_unchanged_state_is_sent_once_and_a_changed_one_in_full(answers_manager, demo):
    """The page sends its state only when it differs from the version this side holds; a cache that lost track of
    the page (a new Python-side record, or a state set behind its back) still gets the whole, current state."""
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        s0 = await answers_manager.reset(lease, inst)
        _, hosted = answers_manager.hosted(lease)
        version = hosted.info["observed"][0]
        idle = await answers_manager.step(lease, [{"type": "type", "text": "x"}], "idle")  # no field has focus
        assert idle.observation.state == s0.state and hosted.info["observed"][0] == version
        await hosted.page.evaluate("__gym.setState({apps: {answersheet: {data: {values: {count: 7}}}}})")
        behind = await answers_manager.observe(lease)
        assert behind.state["apps"]["answersheet"]["data"]["values"] == {"count": 7}
        assert behind.state_hash != s0.state_hash and hosted.info["observed"][0] == version + 1
        hosted.info.pop("observed")  # this side forgets; the page still holds its version
        fresh = await answers_manager.observe(lease)
        assert fresh.state == behind.state and fresh.state_hash == behind.state_hash
        assert await hosted.page.evaluate("__gym.stateJson()") == json.dumps(fresh.state, separators=(",", ":"),
                                                                              ensure_ascii=False)
    finally:
        await answers_manager.release(lease)


async def test_a_crashed_page_is_an_env_error_and_the_slot_is_replaced(answers_manager, demo):
    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    await answers_manager.reset(lease, inst)
    _, hosted = answers_manager.hosted(lease)
    await hosted.page.close()  # what a renderer crash looks like from here
    with pytest.raises(EnvError) as err:
        await answers_manager.step(lease, [{"type": "wait"}], "after-crash")
    assert err.value.kind in ("crash", "infra")
    await answers_manager.release(lease)
    [lease2] = await answers_manager.request(spec)
    obs = await answers_manager.reset(lease2, inst)
    assert obs.screen == "launcher"
    assert answers_manager.status()["recycled"] >= 1
    await answers_manager.release(lease2)


async def test_a_callers_wrong_arguments_are_type_errors_and_the_instance_lives_on(answers_manager, demo):
    """A non-str action_id failed after the actions had run, as an env_error[infra] that dropped a healthy instance;
    a dict or a str was taken apart key by key (letter by letter), each piece an "action"; a negative count gave
    no lease and no error."""
    from toolkit.actions import parse_action

    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        await answers_manager.reset(lease, inst)
        failures = answers_manager.stats.failures
        for actions, action_id, field in [([{"type": "open", "app": "answersheet"}], None, "action_id"),
                                          ([{"type": "open", "app": "answersheet"}], 7, "action_id"),
                                          ({"type": "open", "app": "answersheet"}, "one-dict", "actions"),
                                          ("open(app='answersheet')", "a-str", "actions"),
                                          (parse_action({"type": "open", "app": "answersheet"}), "an-action", "actions")]:
            with pytest.raises(TypeError, match=f"argument '{field}'"):
                await answers_manager.step(lease, actions, action_id)
        for n in (-1, 2.5, "2", True):
            with pytest.raises(ValueError, match="argument 'n'"):
                await answers_manager.request(spec, n)
        with pytest.raises(ValueError, match="argument 'n'"):
            await answers_manager.warm(-3)
        assert answers_manager.stats.failures == failures
        obs = await answers_manager.observe(lease)
        assert obs.screen == "launcher" and obs.state_hash == (await answers_manager.reset(lease, inst)).state_hash
        step = await answers_manager.step(lease, ({"type": "open", "app": "answersheet"},), "tuple")  # any sequence
        assert step.observation.screen == "app:answersheet"
    finally:
        await answers_manager.release(lease)


async def test_a_lease_released_under_a_running_step_hands_its_slot_on_only_after_the_step(answers_manager, demo):
    """Before, the slot went back to the pool at once: the next lease got it while the step still ran, and that
    step's action id landed in the new lease, whose own first step "x" then came back as a replay of it."""
    spec, inst = demo
    [old] = await answers_manager.request(spec)
    await answers_manager.reset(old, inst)
    adapter = answers_manager.adapter
    started, real_act = asyncio.Event(), adapter.act

    async def slow_act(instance, action):  # the release lands while the step is inside the page
        started.set()
        await asyncio.sleep(0.3)
        return await real_act(instance, action)

    adapter.act = slow_act
    try:
        step = asyncio.ensure_future(answers_manager.step(old, [{"type": "open", "app": "answersheet"}], "x"))
        await started.wait()
        await answers_manager.release(old)
        [new] = await answers_manager.request(spec)
        assert (await step).observation.screen == "app:answersheet"
    finally:
        adapter.act = real_act
    try:
        with pytest.raises(StaleLeaseError):
            await answers_manager.observe(old)
        mine = await answers_manager.step(new, [{"type": "system_button", "button": "home"}], "x")
        assert not mine.replayed and mine.observation.screen == "launcher"
    finally:
        await answers_manager.release(new)


async def test_a_lease_of_another_manager_is_not_taken_as_ones_own(demo):
    """Lease ids were counted per manager: both managers' first lease was "L1" on slot 0, so releasing (or stepping)
    one manager's lease through the other released (or drove) that manager's own lease."""
    from toolkit.envs.adapters.mocked import MockedAdapter
    from toolkit.envs.manager import Deadlines, EnvManager

    spec, inst = demo
    async with EnvManager(adapter=MockedAdapter(apps=["answersheet"]), deadlines=Deadlines(maintain_every=0)) as a, \
            EnvManager(adapter=MockedAdapter(apps=["answersheet"]), deadlines=Deadlines(maintain_every=0)) as b:
        [mine], [theirs] = await a.request(spec), await b.request(spec)
        assert (mine.slot, mine.generation) == (theirs.slot, theirs.generation) and mine.id != theirs.id
        await a.release(theirs)  # not a's lease: nothing happens
        with pytest.raises(StaleLeaseError):
            await a.observe(theirs)
        assert a.status()["leased"] == 1 and (await a.reset(mine, inst)).screen == "launcher"


async def test_an_action_id_reused_for_other_actions_is_refused_not_replayed(answers_manager, demo):
    """Before, a loop that sent every step as "step" got the first step's result back each time, marked replayed,
    and nothing more happened on the page. A real retry (the same actions, as dicts or as Action objects) replays."""
    from toolkit.actions import parse_action

    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        await answers_manager.reset(lease, inst)
        first = await answers_manager.step(lease, [{"type": "open", "app": "answersheet"}], "step")
        retry = await answers_manager.step(lease, [parse_action({"type": "open", "app": "answersheet"})], "step")
        assert retry.replayed and retry.observation.state_hash == first.observation.state_hash
        with pytest.raises(ValueError, match="argument 'action_id': 'step' was already applied"):
            await answers_manager.step(lease, [{"type": "system_button", "button": "home"}], "step")
        assert (await answers_manager.observe(lease)).screen == "app:answersheet"  # nothing ran
    finally:
        await answers_manager.release(lease)


async def test_evaluate_refuses_another_tasks_spec_or_an_instance_never_reset(answers_manager, demo):
    """Both are the caller's mistakes: another task's verifier judged the attempt silently, and a lease never reset
    with the instance was an env_error[infra] (which a scheduler reruns as if the infrastructure had failed)."""
    from toolkit.tasks import sample

    spec, inst = demo
    other = spec.model_copy(update={"id": "answer.other"})
    [lease] = await answers_manager.request(spec)
    try:
        failures = answers_manager.stats.failures
        with pytest.raises(ValueError, match="was not reset with"):
            await answers_manager.evaluate(lease, inst, spec)
        await answers_manager.reset(lease, inst)
        with pytest.raises(ValueError, match="argument 'spec'"):
            await answers_manager.evaluate(lease, inst, other)
        with pytest.raises(ValueError, match="was not reset with"):
            await answers_manager.evaluate(lease, sample(spec, 6), spec)
        assert answers_manager.stats.failures == failures
        assert (await answers_manager.evaluate(lease, inst, spec)).ok
    finally:
        await answers_manager.release(lease)


async def test_a_setup_patch_that_breaks_the_device_state_is_a_task_error_not_a_rerun(answers_manager, demo):
    """An instance whose setup makes ``os`` a number (built by hand: the loader refuses such a task file) failed the
    page's reset as env_error[infra], which a scheduler reruns; it is a SpecError naming the instance and the field,
    and the phone is left usable."""
    from toolkit.tasks import SpecError

    spec, inst = demo
    [lease] = await answers_manager.request(spec)
    try:
        failures = answers_manager.stats.failures
        for patch, field in [({"os": 5}, "setup.os"), ({"apps": {"answersheet": None}}, "setup.apps.answersheet"),
                             ({"os": {"recents": {}}}, "setup.os.recents")]:
            with pytest.raises(SpecError, match=rf"{inst.key}: field '{field}'"):
                await answers_manager.reset(lease, inst.model_copy(update={"setup": patch}))
        assert answers_manager.stats.failures == failures
        assert (await answers_manager.reset(lease, inst)).screen == "launcher"
    finally:
        await answers_manager.release(lease)


async def test_a_state_sent_in_parts_is_the_whole_state_and_its_hash(phone_manager):
    """The page sends only the parts of its state that changed (an app, the OS, a top-level key); the state rebuilt
    from them is the page's whole state, keys in the page's order, with the hash of the whole."""
    from toolkit.envs.base import state_hash
    from toolkit.tasks import load_suite, sample

    spec = load_suite("mobile-core")[0]
    [lease] = await phone_manager.request(spec)
    _, hosted = phone_manager.hosted(lease)

    async def agrees(obs) -> None:
        whole = await hosted.page.evaluate("__gym.stateJson()")
        assert json.dumps(obs.state, separators=(",", ":"), ensure_ascii=False) == whole
        assert obs.state_hash == state_hash(json.loads(whole))

    try:
        obs = await phone_manager.reset(lease, sample(spec, 0))
        await agrees(obs)
        for i, action in enumerate([{"type": "open", "app": "contacts"}, {"type": "system_button", "button": "back"},
                                    {"type": "open", "app": "messages"}, {"type": "type", "text": "é ✓"}]):
            before = obs
            obs = (await phone_manager.step(lease, [action], f"parts:{i}")).observation
            await agrees(obs)
            unchanged = [a for a in obs.state["apps"] if obs.state["apps"][a] == before.state["apps"][a]]
            assert unchanged and all(obs.state["apps"][a] is before.state["apps"][a] for a in unchanged)
        # a top-level key added and taken away behind the env's back: the layout changes, not only a part
        await hosted.page.evaluate("__gym.setState({extra: {note: 'ü'}})")
        await agrees(added := await phone_manager.observe(lease))
        assert added.state["extra"] == {"note": "ü"}
        await hosted.page.evaluate("__gym.setState({extra: null})")
        await agrees(removed := await phone_manager.observe(lease))
        assert "extra" not in removed.state and removed.state_hash == obs.state_hash
        hosted.info.pop("observed")  # this side forgets what it was sent: the page sends every part again
        await agrees(await phone_manager.observe(lease))
    finally:
        await phone_manager.release(lease)
