"""The toolkit's service facade: typed functions shared by the MCP server and other front ends.

Every function validates its arguments (naming the bad one in a ``ValueError``/``KeyError``),
calls toolkit functions, and returns pydantic models (:mod:`toolkit.api.models`). Long evaluations, task
synthesis and verifier audits run as background jobs on the toolkit's event loop (:mod:`~toolkit.api.jobs`); interactive
environments are leased sessions reaped when idle (:mod:`~toolkit.api.sessions`).
"""

from toolkit.api.jobs import cancel_job, job_status, run_eval, start_job
from toolkit.api.models import (AttemptInfo, JobInfo, RunInfo, RunPage, RunSummary, SessionInfo, SessionState, StepInfo, SuiteInfo,
                                TaskDetail, TaskInfo, TaskPage, TaskResultsPage, ValidationInfo, arg_error)
from toolkit.api.runs import (DIAGNOSIS_EXAMPLES, DIAGNOSIS_EXAMPLES_RANGE, DIAGNOSIS_RATES, DIAGNOSIS_RATES_RANGE,
                              FLEET_SAMPLES, FLEET_SAMPLES_MAX, RESULT_PAGE_DEFAULT, RESULT_PAGE_MAX, RUN_PAGE_DEFAULT,
                              RUN_PAGE_MAX, attempt_steps, compare_attempts, diagnose_run, fleet_status, get_attempt,
                              get_step, list_runs_info, run_page, run_summary, task_results, task_results_page)
from toolkit.api.sessions import (MAX_ACTIONS, STATE_MAX_CHARS, STATE_MAX_CHARS_LIMIT, STATE_MAX_CHARS_MIN, SessionRegistry,
                                  action_vocabulary)
from toolkit.api.tasks import (TASK_PAGE_DEFAULT, TASK_PAGE_MAX, list_suites, list_tasks, show_task, spec_of, synth_audit,
                               synth_tasks, synth_validate, synth_world, task_page, validate_task)

__all__ = ["DIAGNOSIS_EXAMPLES", "DIAGNOSIS_EXAMPLES_RANGE", "DIAGNOSIS_RATES", "DIAGNOSIS_RATES_RANGE",
           "FLEET_SAMPLES", "FLEET_SAMPLES_MAX", "MAX_ACTIONS", "RESULT_PAGE_DEFAULT", "RESULT_PAGE_MAX", "RUN_PAGE_DEFAULT", "RUN_PAGE_MAX", "STATE_MAX_CHARS", "STATE_MAX_CHARS_LIMIT", "STATE_MAX_CHARS_MIN",
           "TASK_PAGE_DEFAULT", "TASK_PAGE_MAX", "AttemptInfo",
           "JobInfo", "RunInfo", "RunPage", "RunSummary", "SessionInfo", "SessionRegistry", "SessionState", "StepInfo", "SuiteInfo",
           "TaskDetail", "TaskInfo", "TaskPage", "TaskResultsPage", "ValidationInfo", "action_vocabulary", "arg_error", "attempt_steps", "cancel_job",
           "compare_attempts", "diagnose_run", "fleet_status", "get_attempt", "get_step", "job_status", "list_runs_info", "list_suites",
           "list_tasks", "run_eval", "run_page", "run_summary", "show_task", "spec_of", "start_job", "synth_audit", "synth_tasks",
           "synth_validate", "synth_world", "task_page", "task_results", "task_results_page", "validate_task"]
