"""The guigym MCP server: toolkit functions exposed as MCP tools (stdio or streamable HTTP).

Handlers only call :mod:`toolkit.api` (in a worker thread, so the server loop never blocks) and
shape the result: structured pydantic output, plus a screenshot image where the tool shows a
screen. A bad argument raises inside the toolkit call with a message naming it; the SDK turns that
into an error result and the server keeps serving. An argument that does not fit the tool's input schema is refused by
the SDK, in one line naming the tool and the argument (:mod:`mcp_server.errors`).
"""

from __future__ import annotations

import asyncio
import errno
import hmac
import inspect
import ipaddress
import json
import socket
import sys
from typing import Annotated, Any

from mcp.server.mcpserver import Image, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent
from pydantic import ConfigDict, Field

from mcp_server.confine import Confinement
from mcp_server.errors import GuigymServer
from toolkit import api, bounds
from toolkit.agents import AGENTS, LOCAL_MODEL_AGENTS, MODEL_AGENTS
from toolkit.diagnosis import DiagnosisReport
from toolkit import synthesis
from toolkit.envs import fleet
from toolkit.envs.base import EnvError



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
FleetLimit = Annotated[int, Field(ge=1, le=api.FLEET_SAMPLES_MAX, description="the last samples to return (about one "
                                                                          "a second of the run; the totals cover it all)")]
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
    f"(model_name = the name it serves); {' and '.join(LOCAL_MODEL_AGENTS)}: a checkpoint folder (hf-tokens builds "
    "its prompts token-in/token-out, as training does); replay: a run id. action_format: text-v1, json-v1, "
    "qwen3vl-mobile-v1, qwen3vl-computer-v1 or uitars-v1. temperature / max_tokens: sampling of the model agents "
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


def _image(data: bytes) -> Any:
    fmt = "png" if data[:4] == b"\x89PNG" else "jpeg"
    return Image(data=data, format=fmt).to_image_content()


def _with_image(model: Any, data: bytes) -> CallToolResult:
    return CallToolResult(content=[_image(data), TextContent(type="text", text=model.model_dump_json())],
                          structured_content=model.model_dump(mode="json"))


def _forbid_unknown_arguments(server: MCPServer) -> None:
    """Make every tool reject arguments it does not declare (and say so in its input schema), and give its description
    without its docstring's indentation.

    The SDK's argument models ignore unknown keys, so a misspelt optional argument (``sute`` for ``suite``) would
    silently fall back to its default and answer a different question. The SDK has no option for this, hence the
    reach into its tool manager. It also publishes a docstring as written, each line after the first indented.
    """
    for tool in server._tool_manager.list_tools():
        tool.description = inspect.cleandoc(tool.description or "")
        loose = tool.fn_metadata.arg_model
        strict = type(loose.__name__, (loose,), {"model_config": ConfigDict(extra="forbid"), "__module__": __name__})
        tool.fn_metadata.arg_model = strict
        tool.parameters = strict.model_json_schema(by_alias=True)


def build_server(runs_root: str | None = None, idle_s: float = 600.0) -> MCPServer:
    """Return the MCP server; ``runs_root`` is the runs folder the run tools read (default: $GUIGYM_RUNS, else runs/ in the guigym checkout).

    Raises:
        ValueError: naming ``runs_root`` when it is a file or below one (a read-only folder is served: the run tools
            only read; run_eval says it cannot write there).
    """
    if runs_root:  # refused here, not at every run tool (and run_eval as "argument 'out'", which the agent never gave)
        from toolkit.paths import out_folder_problem

        problem = out_folder_problem(runs_root, "runs", write=False)
        if problem:
            raise ValueError(f"argument 'runs_root': {problem}")
    server = GuigymServer("guigym", instructions="Evaluate, replay and diagnose GUI agents on guigym's mocked apps. "
                                              "Runs live under the runs folder; attempt ids may be written run_id/attempt_id.")
    # run ids only under runs_root, synthesized worlds only under the task bank's synth/ or runs_root (mcp_server.confine)
    server.argument_checks = (Confinement(runs_root),)
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
                       action_format: str = "text-v1", temperature: float | None = None,
                       max_tokens: int | None = None, resume: str | None = None) -> api.JobInfo:
        return await call(api.run_eval, suites, agent, tasks, trials, parallel, seed, runs_root, model, model_name,
                          action_format, temperature, max_tokens, resume)

    @server.tool()
    async def job_status(job_id: str) -> api.JobInfo:
        """Return a background job's progress (`done` of `total`) and, when done, its outcome: a run_eval job's run id
        and summary, a synth_tasks job's SynthReport in `result`; a failed job's `error` has the exception type and text."""
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
        and write them under `out`. Poll job_status with the returned job id: `done` of `total` counts the worlds
        finished (a world with no task accepted writes nothing but counts), `progress` is the latest progress line,
        and once done `result` is the SynthReport (worlds, out, accepted, rejected, cross_app_share,
        distinct_instructions, tags, rejections, accepted_ids, seconds). cancel_job stops it.
        weak: capability tags to favour, weakest first (e.g. a diagnose_run report's weak_capabilities).
        """
        return await call(api.synth_tasks, out, worlds, per_world, weak, random_rollouts, seed)

    @server.tool()
    async def synth_validate(out: str) -> list[synthesis.WorldValidation]:
        """Re-check synthesized worlds under `out`: consistency, loading into a device, every task's validation."""
        return await call(api.synth_validate, out)

    @server.tool()
    async def synth_audit(planted: bool = True, suites: list[str] | None = None) -> dict[str, Any]:
        """Audit verifiers for reward hacks (static scan + execution probes); planted=True adds the planted-hack suite."""
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


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


class BearerAuth:
    """ASGI middleware: require ``Authorization: Bearer <token>`` on every HTTP request."""

    def __init__(self, app: Any, token: str):
        self.app = app
        self.token = token.encode()

    async def __call__(self, scope, receive, send):  # noqa: ANN001 - ASGI
        if scope["type"] == "http":
            header = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(header, b"Bearer " + self.token):
                body = json.dumps({"error": "missing or wrong bearer token"}).encode()
                await send({"type": "http.response.start", "status": 401,
                            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def http_app(server: MCPServer, host: str = "127.0.0.1", token: str | None = None) -> Any:
    """Return the streamable-HTTP ASGI app (path /mcp); a non-loopback host requires a token."""
    if not _loopback(host) and not token:
        raise ValueError(f"refusing to serve MCP on {host} without a token: pass --token (or GUIGYM_MCP_TOKEN)")
    app = server.streamable_http_app(host=host)
    return BearerAuth(app, token) if token else app


def listen(host: str, port: int) -> socket.socket:
    """Return a socket listening on ``host``:``port`` (port 0: any free port).

    Raises:
        ValueError: naming the argument at fault, ``argument 'host'`` (a name that does not resolve, an address that
            is not this machine's) or ``argument 'port'`` (taken, or not ours to take).
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        raise ValueError(f"argument 'host': cannot resolve {host!r} ({exc.strerror or exc})") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: a port in TIME_WAIT is free
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        name = "host" if exc.errno == errno.EADDRNOTAVAIL else "port"
        raise ValueError(f"argument '{name}': cannot listen on {host} port {port} ({exc.strerror or exc})") from None
    return sock


def serve(transport: str = "stdio", host: str = "127.0.0.1", port: int = 8765, token: str | None = None,
          runs_root: str | None = None) -> None:
    """Run the server until interrupted. Over HTTP the socket is bound first, so a taken port or a bad host is a
    ValueError naming the argument before anything is served; once it serves, its URL is printed to stderr."""
    server = build_server(runs_root)
    if transport == "stdio":
        server.run("stdio")
        return
    import uvicorn

    app = http_app(server, host, token)
    sock = listen(host, port)
    bound = sock.getsockname()[1]  # port 0 asks for any free port: say the one it got
    url = f"http://{f'[{host}]' if ':' in host else host}:{bound}/mcp"

    class Announced(uvicorn.Server):
        async def startup(self, sockets=None):  # noqa: ANN001 - uvicorn's signature
            await super().startup(sockets=sockets)
            if self.started:
                print(f"guigym MCP server (streamable HTTP) listening on {url}", file=sys.stderr, flush=True)

    Announced(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])


if __name__ == "__main__":
    serve()
