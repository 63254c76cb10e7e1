"""The MCP tools' argument types and long descriptions: the ranges and wording an agent sees in each input schema.

The ranges come from :mod:`toolkit.bounds` and :mod:`toolkit.api` (the CLI reads the same ones); the action vocabulary
and the agent names are generated from the toolkit, so a description cannot drift from what the tool takes.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from toolkit import api, bounds
from toolkit.agents import AGENTS, LOCAL_MODEL_AGENTS, MODEL_AGENTS


def _within(limits: tuple[int, int], description: str | None = None) -> Any:
    """A whole number within ``limits`` (a :mod:`toolkit.bounds` pair), published in the input schema."""
    return Field(ge=limits[0], le=limits[1], description=description)


# The numeric arguments the CLI also takes, with the CLI's ranges: both read them from toolkit.bounds (published in
# the input schemas, checked by the SDK; the toolkit.api functions check the same ranges for other callers).
Seed = Annotated[int, _within(bounds.SEED)]
Trials = Annotated[int, _within(bounds.TRIALS)]
Parallel = Annotated[int, _within(bounds.PARALLEL, "attempts run at once (Chromium pages)")]
Instances = Annotated[int, _within(bounds.INSTANCES)]
Rollouts = Annotated[int, _within(bounds.RANDOM_ROLLOUTS)]
Worlds = Annotated[int, _within(bounds.WORLDS)]
PerWorld = Annotated[int, _within(bounds.PER_WORLD)]
TaskOffset = Annotated[int, Field(ge=0, description="the first matching task to return: 0, then a page's next_offset")]
TaskLimit = Annotated[int, Field(ge=1, le=api.TASK_PAGE_MAX, description="tasks per page")]
ResultOffset = Annotated[int, Field(ge=0, description="the first task row to return: 0, then a page's next_offset")]
ResultLimit = Annotated[int, Field(ge=1, le=api.RESULT_PAGE_MAX, description="task rows per page")]
RunOffset = Annotated[int, Field(ge=0, description="the first run to return (newest first): 0, then a page's next_offset")]
RunLimit = Annotated[int, Field(ge=1, le=api.RUN_PAGE_MAX, description="runs per page")]
StateChars = Annotated[int, Field(ge=api.STATE_MAX_CHARS_MIN, le=api.STATE_MAX_CHARS_LIMIT,
                                  description="bound on the JSON text of the selected state; beyond it the state is cut")]
StatePath = Annotated[str | None, Field(description="dotted path into the state: keys and list indices, "
                                                    "e.g. apps.messages.data.threads.0 (omit for the whole state)")]
Examples = Annotated[int, _within(api.DIAGNOSIS_EXAMPLES_RANGE, "findings listed per kind (the first ones)")]
RateRows = Annotated[int, _within(api.DIAGNOSIS_RATES_RANGE, "rows listed per rate table (the worst first)")]
FleetLimit = Annotated[int, _within(bounds.FLEET_SAMPLES, "the last samples to return (about one a second of the run; "
                                                          "the totals cover it all)")]
StepActions = Annotated[list[dict[str, Any]], Field(min_length=1, max_length=api.MAX_ACTIONS,
                                                    description=f"1 to {api.MAX_ACTIONS} actions, applied in order")]

ENV_STEP_DESCRIPTION = (
    f"Apply up to {api.MAX_ACTIONS} actions in order, e.g. [{{\"type\": \"click\", \"x\": 500, \"y\": 300}}]; "
    "returns the new screen (per-action errors are listed after it).\n"
    "Coordinates are 0–1000 on both axes. Instead of x and y an action may give \"target\": the id of an element of "
    "the current screen (as `elements` lists them, and as show_task's reference steps give them), e.g. "
    "{\"type\": \"click\", \"target\": \"btn:save\"}; a type action with a target taps it first. Each action is an "
    "object with its \"type\" and fields (name?: optional, = default):\n" + api.action_vocabulary())

RUN_EVAL_DESCRIPTION = (
    "Start an evaluation in the background; poll job_status with the returned job id (it names the run id as soon as "
    "the run folder exists, also when the job fails).\n\n"
    f"agent: one of {', '.join(AGENTS)} (the CLI's --agent choices). model: openai: the endpoint's base URL "
    f"(model_name = the name it serves); {' and '.join(LOCAL_MODEL_AGENTS)}: a checkpoint folder under the server's "
    "checkpoints folder (relative: to the guigym checkout, e.g. outputs/grpo-tiny-cpu/final; hf-tokens builds "
    "its prompts token-in/token-out, as training does); replay: a run id. action_format: text-v1 (the default), "
    "json-v1, qwen3vl-mobile-v1, qwen3vl-computer-v1 or uitars-v1; a replay uses its run's own. temperature / max_tokens: sampling of the model agents "
    f"({', '.join(MODEL_AGENTS)}). resume: a run id to finish with its own settings (e.g. after a model outage "
    "stopped it); only an openai run's model and model_name may be given then, to point it at a moved endpoint.")

LIST_TASKS_DESCRIPTION = (
    f"List the tasks, one page at a time: `limit` tasks (default {api.TASK_PAGE_DEFAULT}, at most {api.TASK_PAGE_MAX}) "
    "from `offset`. `total` counts every matching task; call again with offset=`next_offset` for the next page (null "
    "on the last). Filters, combined: suite (all suites when omitted), app (tasks using that app id, e.g. messages), "
    "tag (a capability tag, e.g. search), query (case-insensitive substring of the task id or instruction).")

LIST_RUNS_DESCRIPTION = (
    f"List the stored runs, newest first, one page at a time: `limit` runs (default {api.RUN_PAGE_DEFAULT}, at most "
    f"{api.RUN_PAGE_MAX}) from `offset`; `total` counts every run, and `next_offset` is the offset of the next page "
    "(null on the last). Each run: run_id, purpose, agent, suites, attempts, SR, run_dir.")

ENV_STATE_DESCRIPTION = (
    "Return a session's device state JSON, or the part of it at `path` (dotted keys and list indices; top level: os, "
    "apps; each app holds data and ui, e.g. apps.messages.data.threads.0; a MiniWoB++ task's page state instead: done, reward, "
    "utterance...), and the task's verdict so far. A selection "
    f"longer than `max_chars` (default {api.STATE_MAX_CHARS}) comes back cut: `truncated` is true, `state` is the start "
    "of its JSON text ending in a [truncated ...] marker, and `keys` maps the selection's keys (indices for a list) to "
    "their sizes in chars: pass a longer path to narrow it. A missing key is an error naming it and the keys there.")
