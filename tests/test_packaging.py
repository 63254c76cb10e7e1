"""pyproject.toml and environment.yml name the same packages with the same constraints."""

from __future__ import annotations

import tomllib

import yaml

from toolkit.paths import REPO_ROOT


def test_environment_yml_agrees_with_pyproject():
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    wanted = set(project["dependencies"]) | {d for deps in project["optional-dependencies"].values() for d in deps
                                             if not d.startswith("guigym[")}  # extras that name other extras
    env = yaml.safe_load((REPO_ROOT / "environment.yml").read_text())
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict) and "pip" in d)
    listed = {p for p in pip if not p.startswith("-e")}
    assert listed == wanted
    assert any(str(d).startswith("python=3.11") for d in env["dependencies"])


def test_console_script_is_guigym():
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == "guigym" and project["scripts"]["guigym"] == "toolkit.cli.main:main"
