"""Where the package's data lives: the repository's top-level folders (task bank, mocked apps, runs)."""

from __future__ import annotations

import os
from pathlib import Path

#: The repository root (the folder holding toolkit/, mocked_apps/, task_bank/).
REPO_ROOT = Path(os.environ.get("GUIGYM_ROOT", Path(__file__).resolve().parent.parent))
MOCKED_APPS = REPO_ROOT / "mocked_apps"
TASK_BANK = REPO_ROOT / "task_bank"
DEFAULT_RUNS = Path(os.environ.get("GUIGYM_RUNS", REPO_ROOT / "runs"))
