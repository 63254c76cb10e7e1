"""The trajectory store (runs/<run_id>/)."""

from toolkit.store.store import RunStore, attempt_id, finished_ids, list_runs, new_run_id

__all__ = ["RunStore", "attempt_id", "finished_ids", "list_runs", "new_run_id"]
