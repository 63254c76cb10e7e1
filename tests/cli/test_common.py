"""toolkit.cli.common: under ``--json`` every error, usage errors (exit 2) included, ends stdout with one JSON line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tests.cli.test_cli import guigym
from toolkit.cli.main import cli


@pytest.mark.parametrize("args, said", [
    (["eval", "--parallel", "0"], "Invalid value for '--parallel': 0 is not in the range"),
    (["eval", "--agent", "nope"], "Invalid value for '--agent'"),
    (["eval", "--bogus"], "No such option '--bogus'"),
    (["runs", "show"], "Missing argument 'RUN'"),
    (["runs", "lst"], "No such command 'lst'"),
    (["tasks", "show", "contacts.edit_phone", "--seed", "-1"], "Invalid value for '--seed'"),
    (["tasks", "validate", "--tasks", "a,,b"], "entry 2 is empty"),  # split_list's click.BadParameter
    (["synth", "tasks", "--weak", "a", "--diagnosis", __file__], "--weak and --diagnosis both name"),  # a UsageError
    (["train"], "Missing option '--config'"),
])
def test_a_usage_error_under_json_ends_stdout_with_an_error_object(args, said):
    """Click's usage errors (and the commands' own) printed no JSON line, so a script reading the last line of stdout
    got nothing; now it gets {"error": message}, with the usage text still on stderr and exit status 2."""
    res = CliRunner().invoke(cli, [*args, "--json"], prog_name="guigym")
    assert res.exit_code == 2, (res.output, res.exception)
    assert said in res.stderr and "Error:" in res.stderr
    [line] = res.stdout.splitlines()
    assert said in json.loads(line)["error"]
    plain = CliRunner().invoke(cli, args, prog_name="guigym")  # without --json stdout stays empty
    assert plain.exit_code == 2 and plain.stdout == ""


def test_json_asked_of_a_command_without_it_gets_the_error_object():
    res = CliRunner().invoke(cli, ["mcp", "--json"], prog_name="guigym")
    assert res.exit_code == 2 and "No such option '--json'" in json.loads(res.stdout)["error"]


def test_json_after_a_double_dash_is_not_the_flag():
    res = CliRunner().invoke(cli, ["runs", "show", "--", "--json"], prog_name="guigym")
    assert res.exit_code != 0 and "{" not in res.stdout


def test_usage_error_json_line_from_the_console_command():
    res = guigym("runs", "compare", "only-one", "--json")
    assert res.returncode == 2 and "Missing argument 'ATTEMPT_B'" in res.stderr and "Traceback" not in res.stderr
    assert json.loads(res.stdout.strip().splitlines()[-1]) == {"error": "Missing argument 'ATTEMPT_B'."}


def test_runs_list_of_a_folder_that_does_not_exist_is_a_usage_error(tmp_path):
    """`runs list --runs <typo>` printed "0 runs" and exit 0, as if the folder held no run."""
    res = CliRunner().invoke(cli, ["runs", "list", "--runs", str(tmp_path / "typo"), "--json"], prog_name="guigym")
    assert res.exit_code == 2 and "does not exist" in json.loads(res.stdout)["error"] and "'--runs'" in res.stderr
    res = CliRunner().invoke(cli, ["runs", "list", "--runs", str(tmp_path), "--json"], prog_name="guigym")
    assert res.exit_code == 0 and json.loads(res.stdout.splitlines()[-1]) == []
