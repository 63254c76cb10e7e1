"""What the toolkit needs on this machine, checked: Chromium, Python packages, the repository, optional parts.

Behind ``guigym doctor``; reads only, writes nothing.
"""

from __future__ import annotations

import asyncio
import importlib
import re
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata

from toolkit.envs.local import CHROMIUM_FLAGS, find_chromium, find_headless_shell
from toolkit.paths import MOCKED_APPS, REPO_ROOT, TASK_BANK

#: A requirement as pyproject.toml writes one: ``name[extras] op version, op version`` (no environment marker).
_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(.*?)\s*$")
_CLAUSE = re.compile(r"^(>=|<=|==|!=|>|<)\s*([0-9][0-9A-Za-z.+-]*)$")
#: Distributions whose import name the installed metadata does not say (checked before it is asked).
_IMPORT_NAMES = {"pyyaml": "yaml", "pillow": "PIL"}


def _version(cmd: list[str]) -> str | None:
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=20)
        return (res.stdout or res.stderr).strip().splitlines()[0] if res.returncode == 0 else None
    except (OSError, subprocess.SubprocessError, IndexError):
        return None


async def _launch(executable: str) -> str:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        version = browser.version
        await browser.close()
    return version


def checks() -> list[dict]:
    """Return the checks: name, ok, detail, and how to fix what is missing."""
    rows = []
    chromium = find_chromium()
    rows.append({"check": "chromium", "ok": bool(chromium), "detail": (_version([chromium, "--version"]) if chromium else None) or "not found",
                 "fix": "apt-get install -y chromium (or set GUIGYM_CHROMIUM)"})
    if chromium:
        try:
            detail, ok = asyncio.run(_launch(chromium)), True
        except Exception as exc:  # noqa: BLE001
            detail, ok = f"{type(exc).__name__}: {exc}".splitlines()[0], False
        rows.append({"check": "chromium launches (Playwright)", "ok": ok, "detail": detail, "fix": "see the error"})
    shell = find_headless_shell()
    rows.append({"check": "chromium-headless-shell (optional: frame control)", "ok": True if shell else None,
                 "detail": (_version([shell, "--version"]) or shell) if shell else "not found: mocked devices run unthrottled",
                 "fix": "apt-get install -y chromium-headless-shell (or set GUIGYM_HEADLESS_SHELL)"})
    rows.append(_host_memory_row())
    rows.extend(required_package_rows())
    node = shutil.which("node")
    rows.append({"check": "node (app logic tests)", "ok": bool(node), "detail": _version(["node", "--version"]) if node else "not found",
                 "fix": "apt-get install -y nodejs (only needed for the tests)"})
    rows.append({"check": "python", "ok": sys.version_info >= (3, 11), "detail": sys.version.split()[0], "fix": "Python >= 3.11"})
    rows.append({"check": "mocked_apps/", "ok": (MOCKED_APPS / "catalog.json").is_file(), "detail": str(MOCKED_APPS), "fix": "run from a full checkout"})
    rows.append({"check": "task_bank/", "ok": TASK_BANK.is_dir(), "detail": str(TASK_BANK), "fix": "run from a full checkout"})
    for pkg, extra in (("torch", "train"), ("trl", "train"), ("mcp", "mcp"), ("ray", "ray"), ("nbclient", "notebooks")):
        try:
            rows.append({"check": f"{pkg} (optional)", "ok": True, "detail": metadata.version(pkg), "fix": ""})
        except metadata.PackageNotFoundError:
            rows.append({"check": f"{pkg} (optional)", "ok": None, "detail": "not installed", "fix": f"pip install -e '.[{extra}]'"})
    for pkg, extra in (("miniwob", "miniwob"), ("gymnasium", "miniwob")):
        try:
            rows.append({"check": f"{pkg} (optional)", "ok": True, "detail": metadata.version(pkg), "fix": ""})
        except metadata.PackageNotFoundError:
            rows.append({"check": f"{pkg} (optional)", "ok": None, "detail": "not installed", "fix": f"pip install -e '.[{extra}]'"})
    rows.extend(_osworld_rows())
    return rows


def required_packages() -> list[str]:
    """Return the requirements of pyproject.toml's ``dependencies`` (the checkout's, else the installed package's)."""
    pyproject = REPO_ROOT / "pyproject.toml"
    project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {}) if pyproject.is_file() else {}
    if project.get("name") == "guigym":
        return list(project.get("dependencies", []))
    try:
        return [r for r in metadata.requires("guigym") or [] if ";" not in r]
    except metadata.PackageNotFoundError:
        return []


def _release(version: str) -> tuple[int, ...]:
    """Return a version's numeric release (``2.12.3rc1`` -> ``(2, 12, 3)``), the part the bounds compare."""
    match = re.match(r"\d+(?:\.\d+)*", version)
    return tuple(int(p) for p in match.group(0).split(".")) if match else ()


def _satisfies(version: str, clauses: list[tuple[str, str]]) -> bool:
    have = _release(version)
    for op, bound in clauses:
        want = _release(bound)
        width = max(len(have), len(want))
        a, b = have + (0,) * (width - len(have)), want + (0,) * (width - len(want))
        if not {">=": a >= b, "<=": a <= b, "==": a == b, "!=": a != b, ">": a > b, "<": a < b}[op]:
            return False
    return True


def _import_name(dist: str) -> str:
    """Return the module a distribution is imported as (``pyyaml`` -> ``yaml``)."""
    key = dist.lower().replace("_", "-")
    if key in _IMPORT_NAMES:
        return _IMPORT_NAMES[key]
    try:
        top = (metadata.distribution(dist).read_text("top_level.txt") or "").split()
    except metadata.PackageNotFoundError:
        top = []
    return top[0] if top else key.replace("-", "_")


def required_package_rows() -> list[dict]:
    """One row per required package: installed, at a version the bounds allow, and importable."""
    rows = []
    for requirement in required_packages():
        match = _REQUIREMENT.match(requirement.split(";")[0])
        if match is None:
            rows.append({"check": requirement, "ok": None, "detail": "cannot read this requirement", "fix": ""})
            continue
        name, spec = match.group(1), match.group(2)
        clauses = [_CLAUSE.match(c.strip()) for c in spec.split(",") if c.strip()]
        fix = f"pip install '{name}{spec}'   (or: pip install -e .)"
        row = {"check": name, "ok": False, "detail": "", "fix": fix}
        rows.append(row)
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            row["detail"] = f"missing (guigym needs {name}{spec})"
            continue
        if any(c is None for c in clauses):
            row.update(ok=None, detail=f"{version} (cannot compare against {spec!r})", fix="")
            continue
        if not _satisfies(version, [(c.group(1), c.group(2)) for c in clauses]):
            row["detail"] = f"{version} installed, guigym needs {name}{spec}"
            continue
        module = _import_name(name)
        try:
            importlib.import_module(module)
        except Exception as exc:  # noqa: BLE001 - any failure to import is the finding
            row["detail"] = f"{version} installed, but `import {module}` fails: {type(exc).__name__}: {exc}".splitlines()[0]
            row["fix"] = f"pip install --force-reinstall '{name}{spec}'"
            continue
        row.update(ok=True, detail=version, fix="")
    return rows


def _host_memory_row() -> dict:
    """How the kernel backs Chromium's fresh capture buffers (optional tuning: reported, never a failure)."""
    from toolkit.envs.hostmem import read_host_memory

    name = "host memory (capture cost)"
    mem = read_host_memory()
    if mem is None:
        return {"check": name, "ok": None, "detail": "no THP settings on this kernel", "fix": ""}
    cost = ": large folios" if mem.capture_folios else ": 4 kB faults, 1080x2400 captures ~40% slower"
    return {"check": name, "ok": True if mem.capture_folios else None, "detail": mem.describe() + cost,
            "fix": "optional, as root: scripts/tune-host.sh apply"}


def _osworld_rows() -> list[dict]:
    """What running OSWorld needs (optional: a missing piece is reported, not a failure)."""
    from toolkit.envs.osworld.docker_backend import requirements

    rows = requirements()
    for row in rows:
        if row["ok"] is False:
            row["ok"] = None
            row["detail"] = f"missing: {row['detail']}"
    return rows
