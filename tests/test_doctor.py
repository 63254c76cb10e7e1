"""``guigym doctor`` checks every required package of pyproject.toml, not only a hand-picked few.

The missing and outdated packages are simulated by replacing ``importlib.metadata.version`` (and, for the broken
import, ``importlib.import_module``) inside ``toolkit.doctor``: uninstalling or downgrading a real package would break
the shared virtual environment every other test runs in. Everything else is real: pyproject.toml is read from the
checkout and the packages that are not simulated are looked up in the installed metadata.
"""

from __future__ import annotations

import tomllib
from importlib import metadata

import pytest
from click.testing import CliRunner

from toolkit import doctor
from toolkit.paths import REPO_ROOT


def _declared() -> list[str]:
    return tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]["dependencies"]


@pytest.fixture
def no_browser(monkeypatch):
    """Leave Chromium and OSWorld out of ``checks()``: these tests are about the Python packages."""
    monkeypatch.setattr(doctor, "find_chromium", lambda: None)
    monkeypatch.setattr(doctor, "find_headless_shell", lambda: None)
    monkeypatch.setattr(doctor, "_osworld_rows", lambda: [])


def _fake_versions(monkeypatch, fake: dict[str, str | None]) -> None:
    real = metadata.version

    def version(name: str) -> str:
        if name in fake:
            if fake[name] is None:
                raise metadata.PackageNotFoundError(name)
            return fake[name]
        return real(name)

    monkeypatch.setattr(doctor.metadata, "version", version)


def test_every_required_package_has_a_row(no_browser):
    rows = {r["check"]: r for r in doctor.checks()}
    for requirement in _declared():
        name = requirement.split(">")[0].split("=")[0].split("[")[0].strip()
        assert name in rows, f"doctor does not check the required package {name}"
        assert rows[name]["ok"] is True, rows[name]


def test_a_missing_required_package_is_a_failure_with_its_fix(no_browser, monkeypatch):
    _fake_versions(monkeypatch, {"psutil": None})
    rows = {r["check"]: r for r in doctor.checks()}
    row = rows["psutil"]
    assert row["ok"] is False and "missing" in row["detail"] and "psutil>=5.9" in row["detail"]
    assert "pip install 'psutil>=5.9'" in row["fix"]
    res = CliRunner().invoke(doctor_cmd(), [])
    assert res.exit_code == 1 and "psutil" in res.output and "MISSING" in res.output


def test_a_too_old_required_package_names_both_versions(no_browser, monkeypatch):
    _fake_versions(monkeypatch, {"rich": "12.6.0", "httpx": "0.27.0"})
    rows = {r["check"]: r for r in doctor.checks()}
    assert rows["rich"]["ok"] is False
    assert "12.6.0" in rows["rich"]["detail"] and "rich>=13" in rows["rich"]["detail"]
    assert rows["httpx"]["ok"] is True  # at the bound is enough


def test_an_installed_package_that_does_not_import_is_a_failure(no_browser, monkeypatch):
    real = doctor.importlib.import_module

    def import_module(name, *args):
        if name == "yaml":  # pyyaml is imported as yaml: the doctor must know the import name
            raise ImportError("libyaml.so: cannot open shared object file")
        return real(name, *args)

    monkeypatch.setattr(doctor.importlib, "import_module", import_module)
    row = next(r for r in doctor.checks() if r["check"] == "pyyaml")
    assert row["ok"] is False and "import yaml" in row["detail"] and "libyaml" in row["detail"]


def doctor_cmd():
    from toolkit.cli.doctor_cmd import doctor as command

    return command


def test_a_requirement_it_cannot_read_or_compare_is_reported_not_raised(monkeypatch):
    monkeypatch.setattr(doctor, "required_packages", lambda: ["!!not a requirement", "pydantic~=2.0", "pydantic>=2.7,<99"])
    rows = doctor.required_package_rows()
    assert [r["ok"] for r in rows] == [None, None, True]
    assert rows[0]["detail"] == "cannot read this requirement" and "cannot compare" in rows[1]["detail"]
