"""Run manifests: what is needed to know how a run was made (and to resume it)."""

from __future__ import annotations

import platform
import subprocess
import sys
from importlib import metadata
from typing import Any

from toolkit.paths import REPO_ROOT

_PACKAGES = ("guigym", "playwright", "pydantic", "pandas", "torch", "transformers", "trl")


def git_commit() -> str | None:
    """Return the repository's HEAD commit (with ``+dirty`` when the tree has changes), or None."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=5)
        if head.returncode != 0:
            return None
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO_ROOT,
                               capture_output=True, text=True, timeout=5).stdout.strip()
        return head.stdout.strip() + ("+dirty" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return None


def package_versions() -> dict[str, str]:
    """Return the installed versions of the packages that shape a run."""
    out = {"python": sys.version.split()[0], "platform": platform.platform()}
    for name in _PACKAGES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return out


def run_manifest(**fields: Any) -> dict[str, Any]:
    """Return a manifest: the given fields plus versions and the git commit."""
    return {**fields, "versions": package_versions(), "git_commit": git_commit()}
