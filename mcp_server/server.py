"""The guigym MCP server's tools: toolkit functions exposed as MCP tools (served by :mod:`mcp_server.transport`).

Handlers only call :mod:`toolkit.api` (in a worker thread, so the server loop never blocks) and
shape the result: structured pydantic output, plus a screenshot image where the tool shows a
screen. A bad argument raises inside the toolkit call with a message naming it; the SDK turns that
into an error result and the server keeps serving. An argument that does not fit the tool's input schema
(:mod:`mcp_server.schema`) is refused by the SDK, in one line naming the tool and the argument
(:mod:`mcp_server.errors`); one that reaches outside the server's folders by :mod:`mcp_server.confine`.
"""

from __future__ import annotations

import asyncio
import inspect
from typing import Annotated, Any

from mcp.server.mcpserver import Image, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent
from pydantic import ConfigDict

from mcp_server.confine import Confinement
from mcp_server.errors import GuigymServer
from mcp_server.schema import (ENV_STATE_DESCRIPTION, ENV_STEP_DESCRIPTION, LIST_RUNS_DESCRIPTION, LIST_TASKS_DESCRIPTION,
                               RUN_EVAL_DESCRIPTION, Examples, FleetLimit, Instances, Parallel, PerWorld, RateRows,
                               ResultLimit, ResultOffset, Rollouts, RunLimit, RunOffset, Seed, StateChars, StatePath,
                               StepActions, TaskLimit, TaskOffset, Trials, Worlds)
from toolkit import api, synthesis
from toolkit.diagnosis import DiagnosisReport
from toolkit.envs import fleet
from toolkit.envs.base import EnvError


def _image(data: bytes) -> Any:
    fmt = "png" if data[:4] == b"\x89PNG" else "jpeg"
    return Image(data=data, format=fmt).to_image_content()


def _with_image(model: Any, data: bytes) -> CallToolResult:
    return CallToolResult(content=[_image(data), TextContent(type="text", text=model.model_dump_json())],
                          structured_content=model.model_dump(mode="json"))


def _forbid_unknown_arguments(server: MCPServer) -> None:
    """Make every tool reject arguments it does not declare (and say so in its input schema) and arguments of another
    JSON type than its schema's, and give its description without its docstring's indentation.

    The SDK's argument models ignore unknown keys, so a misspelt optional argument (``sute`` for ``suite``) would
    silently fall back to its default and answer a different question; and they read in pydantic's lax mode, where
    ``limit: 1.0`` or ``limit: "2"`` was taken as an integer (strict still takes a whole number for a float). The SDK
    has no option for this, hence the reach into its tool manager. It also publishes a docstring as written, each
    line after the first indented.
    """
    for tool in server._tool_manager.list_tools():
        tool.description = inspect.cleandoc(tool.description or "")
        loose = tool.fn_metadata.arg_model
        config = ConfigDict(extra="forbid", strict=True)
        strict = type(loose.__name__, (loose,), {"model_config": config, "__module__": __name__})
        tool.fn_metadata.arg_model = strict
        tool.parameters = strict.model_json_schema(by_alias=True)


def build_server(runs_root: str | None = None, idle_s: float = 600.0, checkpoints_root: str | None = None) -> MCPServer:
    """Return the MCP server; ``runs_root`` is the runs folder the run tools read (default: $GUIGYM_RUNS, else runs/ in
    the guigym checkout), ``checkpoints_root`` the folder run_eval's hf agents load checkpoints from (default:
    $GUIGYM_CHECKPOINTS, else outputs/ in the checkout, where training writes them).

    Raises:
        ValueError: naming ``runs_root`` or ``checkpoints_root`` when it is a file or below one (a read-only folder is
            served: the run tools only read; run_eval says it cannot write there).
    """
    from toolkit.paths import out_folder_problem

    # refused here, not at every run tool (and run_eval as "argument 'out'", which the agent never gave)
    for name, folder, holds in (("runs_root", runs_root, "runs"), ("checkpoints_root", checkpoints_root, "checkpoints")):
        problem = folder and out_folder_problem(folder, holds, write=False)
        if problem:
            raise ValueError(f"argument '{name}': {problem}")
    server = GuigymServer("guigym", instructions="Evaluate, replay and diagnose GUI agents on guigym's mocked apps. "
                                              "Runs live under the runs folder; attempt ids may be written run_id/attempt_id.")
    # run ids only under runs_root, synthesized worlds only under the task bank's synth/ or runs_root, checkpoints only
    # under checkpoints_root; a relative folder under its root, never the working folder (mcp_server.confine)
    confinement = Confinement(runs_root, checkpoints_root)
    server.argument_rewrites = (confinement.absolute,)
    server.argument_checks = (confinement,)
    sessions = api.SessionRegistry(idle_s=idle_s)

    async def call(fn, *args):
        # Argument errors name the argument; they become MCP error results and the server keeps serving. A toolkit
        # coroutine (one that undoes its work when cancelled) is awaited here; a plain function runs in a thread.
        try:
            return await (fn(*args) if inspect.iscoroutinefunction(fn) else asyncio.to_thread(fn, *args))
        except (ValueError, KeyError, IndexError, FileNotFoundError) as exc:
            raise ToolError(str(exc).strip('"')) from None
        except EnvError as exc:
            # Infrastructure, not the caller's mistake; without its text the SDK would answer a bare "Error executing tool".
            # the manager's words, not str(exc): a session adds advice in Python terms ("call reset()")
            raise ToolError(f"env_error[{exc.kind}] during {exc.op}: {exc.message}; env_reset (or env_open) gives the "
                            "session a fresh instance") from None
        except Exception as exc:  # noqa: BLE001 - a bug or an unforeseen failure: the agent still gets its text
            raise ToolError(f"internal error ({type(exc).__name__}): {exc}") from None

    @server.tool()
    async def list_suites() -> list[api.SuiteInfo]:
        """List every task suite (bundled, synth/<world>, and the external miniwob and osworld) and its size; a suite
        that cannot load here has tasks null and a note saying why."""
        return await call(api.list_suites)

    @server.tool(description=LIST_TASKS_DESCRIPTION)
    async def list_tasks(suite: str | None = None, app: str | None = None, tag: str | None = None,
                         query: str | None = None, offset: TaskOffset = 0,
                         limit: TaskLimit = api.TASK_PAGE_DEFAULT) -> api.TaskPage:
        return await call(api.task_page, suite, app, tag, query, offset, limit)

    @server.tool()
    async def show_task(task_id: str, seed: Seed = 0) -> api.TaskDetail:
        """Show a task's spec and the instance sampled with seed (task_id: suite/id, or an id only one suite has)."""
        return await call(api.show_task, task_id, seed)

    @server.tool()
    async def validate_task(task_id: str, instances: Instances = 3, random_rollouts: Rollouts = 5) -> api.ValidationInfo:
        """Check a task by execution: reference succeeds, s0 does not, random never does, reset and Node agree."""
        return await call(api.validate_task, task_id, instances, random_rollouts)

    @server.tool(description=RUN_EVAL_DESCRIPTION)
    async def run_eval(suites: list[str], agent: str = "reference", tasks: list[str] | None = None, trials: Trials = 1,
                       parallel: Parallel = 2, seed: Seed = 0, model: str | None = None, model_name: str | None = None,
                       action_format: str | None = None, temperature: float | None = None,
                       max_tokens: int | None = None, resume: str | None = None) -> api.JobInfo:
        return await call(api.run_eval, suites, agent, tasks, trials, parallel, seed, runs_root, model, model_name,
                          action_format, temperature, max_tokens, resume)

    @server.tool()
    async def job_status(job_id: str) -> api.JobInfo:
        """Return a background job's progress (`done` of `total`) and, when done, its outcome: a run_eval job's run id
        and summary, a synth_tasks job's SynthReport or a synth_audit job's report in `result`; a failed job's `error`
        has the exception type and text."""
        return await call(api.job_status, job_id)

    @server.tool()
    async def cancel_job(job_id: str) -> api.JobInfo:
        """Cancel a running background job; returns its state: `cancelled` once stopped (`cancelling` while it still
        cleans up: poll job_status). A run_eval job's finished attempts stay in its run (run_eval resume finishes it);
        a synth_tasks job keeps the worlds it finished. A job that has already ended is returned as it is."""
        return await call(api.cancel_job, job_id)

    @server.tool(description=LIST_RUNS_DESCRIPTION)
    async def list_runs(offset: RunOffset = 0,
                        limit: RunLimit = api.RUN_PAGE_DEFAULT) -> api.RunPage:
        return await call(api.run_page, runs_root, offset, limit)

    @server.tool()
    async def run_summary(run_id: str) -> api.RunSummary:
        """Return a run's SR/PR/FC/OT/USE per suite and success by app and tag."""
        return await call(api.run_summary, run_id, runs_root)

    @server.tool()
    async def task_results(run_id: str, offset: ResultOffset = 0,
                           limit: ResultLimit = api.RESULT_PAGE_DEFAULT) -> api.TaskResultsPage:
        """Return one row per task of a run (attempts, successes, SR, mean reward and steps, outcomes), by task id, a
        page at a time: `total` counts the run's tasks; call again with offset=`next_offset` (null on the last page)."""
        return await call(api.task_results_page, run_id, runs_root, offset, limit)

    @server.tool()
    async def get_attempt(attempt_id: str, run_id: str | None = None) -> api.AttemptInfo:
        """Return an attempt: its row, instance and per-criterion verdict."""
        return await call(api.get_attempt, attempt_id, run_id, runs_root)

    @server.tool()
    async def get_step(attempt_id: str, step: int, run_id: str | None = None) -> Annotated[CallToolResult, api.StepInfo]:
        """Return one step of an attempt: the screenshot after it, the output, actions, results and state diff."""
        info, image = await call(api.get_step, attempt_id, step, run_id, runs_root)
        return _with_image(info, image)

    @server.tool()
    async def compare_attempts(attempt_a: str, attempt_b: str, run_id: str | None = None) -> dict[str, Any]:
        """Compare two attempts and find the first step where they diverge. Each is 'run_id/attempt_id' or a bare id:
        of run_id, else of the other attempt's run, else of the newest run holding both; run_a and run_b name them."""
        return await call(api.compare_attempts, attempt_a, attempt_b, run_id, runs_root)

    @server.tool()
    async def diagnose_run(run_id: str, examples: Examples = api.DIAGNOSIS_EXAMPLES,
                           rates: RateRows = api.DIAGNOSIS_RATES) -> DiagnosisReport:
        """Diagnose a run: action-, trajectory- and knowledge-level findings and the weakest capabilities.

        The reply is bounded: each finding list holds its first `examples` findings and each rate list (by_app, by_tag,
        by_criterion: worst first) its first `rates`; `cut` names every list shortened with its full length, so how many
        findings of a kind there are is its `cut` entry, else its list's length. `guigym runs diagnose R --out F` writes
        the whole report."""
        return await call(api.diagnose_run, run_id, runs_root, examples, rates)

    @server.tool()
    async def fleet_status(run_id: str | None = None,
                           limit: FleetLimit = api.FLEET_SAMPLES) -> fleet.FleetStatus:
        """Return a run's env fleet over time: instances available/leased/failed per device and node, failures, throughput."""
        return await call(api.fleet_status, run_id, runs_root, limit)

    @server.tool()
    async def synth_world(persona: int | None = None, scenario: str | None = None, seed: Seed = 0) -> synthesis.World:
        """Build a world: coherent records across apps (contacts, messages, email, calendar, notes, files) sharing people and facts."""
        return await call(api.synth_world, persona, scenario, seed)

    @server.tool()
    async def synth_tasks(out: str, worlds: Worlds = 1,
                          per_world: PerWorld = 10, weak: list[str] | None = None,
                          random_rollouts: Rollouts = 20, seed: Seed = 0) -> api.JobInfo:
        """Start synthesizing tasks from new worlds (offline backend) in the background: accept them only by execution
        and write them under `out` (under the task bank's synth/, where suites load them from, or the runs folder;
        relative: to the guigym checkout, e.g. task_bank/synth). Poll job_status with the returned job id: `done` of
        `total` counts the worlds finished (a world with no task accepted writes nothing but counts), `progress` is the
        latest progress line, and once done `result` is the SynthReport (worlds, out, accepted, rejected,
        cross_app_share, distinct_instructions, tags, rejections, accepted_ids, seconds). cancel_job stops it.
        weak: capability tags to favour, weakest first (e.g. a diagnose_run report's weak_capabilities).
        """
        return await call(api.synth_tasks, out, worlds, per_world, weak, random_rollouts, seed)

    @server.tool()
    async def synth_validate(out: str) -> list[synthesis.WorldValidation]:
        """Re-check synthesized worlds under `out` (as synth_tasks takes it): consistency, loading into a device, every
        task's validation."""
        return await call(api.synth_validate, out)

    @server.tool()
    async def synth_audit(planted: bool = True, suites: list[str] | None = None) -> api.JobInfo:
        """Start auditing verifiers for reward hacks (static scan + execution probes) in the background; planted=True
        adds the planted-hack suite; suites default to mobile-core, mobile and web (minutes). Poll job_status with the
        returned job id: `done` of `total` counts the verifiers audited, `progress` names the stage, and once done
        `result` is the report (good, good_accepted, false_rejections, unaudited; with planted: planted, rejected,
        missed, hacks...). cancel_job stops it."""
        return await call(api.synth_audit, planted, suites)

    @server.tool()
    async def env_open(task_id: str | None = None, seed: Seed = 0) -> Annotated[CallToolResult, api.SessionInfo]:
        """Open an interactive phone (on a task: suite/id, or an id only one suite has; free when task_id is omitted);
        returns the session id and screen."""
        info, image = await call(sessions.aopen, task_id, seed)  # a cancelled call closes what it opened
        return _with_image(info, image)

    @server.tool()
    async def env_reset(session_id: str, seed: Seed | None = None) -> Annotated[CallToolResult, api.SessionInfo]:
        """Reset a session to its task's initial state (optionally another instance seed)."""
        info, image = await call(sessions.reset, session_id, seed)
        return _with_image(info, image)

    @server.tool(description=ENV_STEP_DESCRIPTION)  # the action vocabulary, generated from toolkit.actions
    async def env_step(session_id: str, actions: StepActions) -> Annotated[CallToolResult, api.SessionInfo]:
        info, results, image = await call(sessions.step, session_id, actions)
        errors = [r["error"] for r in results if r.get("error")]
        result = _with_image(info, image)
        if errors:
            result.content.append(TextContent(type="text", text="action errors: " + "; ".join(errors)))
        return result

    @server.tool()
    async def env_observe(session_id: str) -> Annotated[CallToolResult, api.SessionInfo]:
        """Return the current screen of a session."""
        info, image = await call(sessions.observe, session_id)
        return _with_image(info, image)

    @server.tool(description=ENV_STATE_DESCRIPTION)
    async def env_state(session_id: str, path: StatePath = None,
                        max_chars: StateChars = api.STATE_MAX_CHARS) -> api.SessionState:
        return await call(sessions.state, session_id, path, max_chars)

    @server.tool()
    async def env_close(session_id: str) -> dict[str, Any]:
        """Close a session and free its browser page."""
        return {"closed": await call(sessions.close, session_id)}

    _forbid_unknown_arguments(server)
    server.sessions = sessions  # for tests and shutdown
    return server
