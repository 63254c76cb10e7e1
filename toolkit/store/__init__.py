"""The trajectory store (runs/<run_id>/)."""

from toolkit.store.ids import attempt_id, finished_ids, new_run_id
from toolkit.store.lock import RunInUse
from toolkit.store.store import RunStore, list_runs

__all__ = ["RunInUse", "RunStore", "attempt_id", "finished_ids", "list_runs", "new_run_id"]
