"""``guigym eval --resume`` of a run whose manifest is damaged or hand-made: a clear error naming it, no traceback."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_cli import guigym


@pytest.mark.parametrize("manifest, said", [
    ("{bad", "manifest.json: not valid JSON"),
    ("[1, 2]", "manifest.json: expected a JSON object, got list"),  # was: AttributeError traceback
    ('{"agent": "reference", "suites": ["mobile-core"]}', "its manifest.json has no trials, seed"),  # was: KeyError 'trials'
])
def test_resuming_a_run_with_a_bad_manifest_is_a_clear_error(tmp_path, manifest, said):
    (tmp_path / "r1").mkdir()
    (tmp_path / "r1" / "manifest.json").write_text(manifest)
    res = guigym("eval", "--resume", "r1", "--out", str(tmp_path), "--json")
    assert res.returncode == 1 and "Traceback" not in res.stderr and said in res.stderr, res.stderr[-2000:]
    assert said in json.loads(res.stdout.strip().splitlines()[-1])["error"]
    assert sorted(p.name for p in (tmp_path / "r1").iterdir()) == ["manifest.json"]  # nothing written


def test_a_run_that_does_not_exist_is_named_by_its_option(tmp_path):
    """`--resume nope` and `--agent replay --model nope` said only "no run 'nope'", not which option named it."""
    for args, said in ((["--resume", "nope"], "--resume: no run 'nope'"),
                       (["--agent", "replay", "--model", "nope"], "--model: no run 'nope'")):
        res = guigym("eval", *args, "--out", str(tmp_path), "--json")
        assert res.returncode == 1 and said in res.stderr and "Traceback" not in res.stderr, res.stderr[-2000:]
        assert json.loads(res.stdout.strip().splitlines()[-1])["error"].startswith(said)
