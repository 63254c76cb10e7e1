"""pyproject.toml and environment.yml name the same packages with the same constraints."""

from __future__ import annotations

import tomllib

import yaml

from toolkit.paths import REPO_ROOT


def _pip(name: str) -> tuple[set[str], list]:
    env = yaml.safe_load((REPO_ROOT / name).read_text())
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict) and "pip" in d)
    return {p for p in pip if not p.startswith("-e")}, env["dependencies"]


def test_environment_yml_agrees_with_pyproject():
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    gpu = set(extras["gpu"])  # vLLM: only in the GPU variant; the CPU environment never installs it
    wanted = set(project["dependencies"]) | {d for name, deps in extras.items() if name != "gpu" for d in deps
                                             if not d.startswith("guigym[")}  # extras that name other extras
    listed, deps = _pip("environment.yml")
    assert listed == wanted
    assert not any(p.startswith("vllm") for p in listed)
    assert any(str(d).startswith("python=3.11") for d in deps)
    listed_gpu, deps_gpu = _pip("environment-gpu.yml")
    assert listed_gpu == wanted | gpu
    assert any(str(d).startswith("python=3.11") for d in deps_gpu)


def test_console_script_is_guigym():
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == "guigym" and project["scripts"]["guigym"] == "toolkit.cli.main:main"
