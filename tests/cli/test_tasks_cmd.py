"""``guigym tasks show``: one task's template, criteria, reference and sampled instance."""

from __future__ import annotations

import json

from tests.cli.test_cli import guigym
from toolkit.tasks import load_tasks, sample


def test_show_prints_the_template_and_the_instance_of_a_seed():
    [spec] = load_tasks("mobile-core", ["contacts.edit_phone"])
    res = guigym("tasks", "show", "mobile-core/contacts.edit_phone", "--seed", "3", "--json")
    assert res.returncode == 0, res.stderr
    detail = json.loads(res.stdout.strip().splitlines()[-1])
    assert detail["spec"] == spec.model_dump(mode="json")
    assert detail["instance"] == sample(spec, 3).model_dump(mode="json")
    text = guigym("tasks", "show", "mobile-core/contacts.edit_phone", "--seed", "3").stdout
    assert sample(spec, 3).instruction in text and spec.instruction in text
    assert all(c.id in text for c in spec.criteria) and "terminate(status='success')" in text
    # another seed is another instance of the same template
    other = json.loads(guigym("tasks", "show", "mobile-core/contacts.edit_phone", "--seed", "4", "--json")
                       .stdout.strip().splitlines()[-1])
    assert other["instance"] == sample(spec, 4).model_dump(mode="json") and other["instance"] != detail["instance"]
    # the bare id, as make_env takes it
    bare = guigym("tasks", "show", "contacts.edit_phone", "--seed", "3", "--json")
    assert json.loads(bare.stdout.strip().splitlines()[-1]) == detail


def test_unknown_task_is_a_clear_error():
    res = guigym("tasks", "show", "mobile-core/contacts.nope")
    assert res.returncode == 1 and "TASK_ID:" in res.stderr and "contacts.nope" in res.stderr
    assert "Traceback" not in res.stderr
    res = guigym("tasks", "show", "mobile-core/contacts.edit_phone", "--seed", "-1")
    assert res.returncode == 2 and "--seed" in res.stderr
