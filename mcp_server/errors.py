"""Argument errors in one line naming the tool and the argument, instead of pydantic's multi-line report.

The SDK validates a call's arguments against the tool's input model and answers a mismatch with the
``ValidationError`` text (``N validation errors for run_evalArguments``, a line per field, its ``[type=...]`` and a
documentation URL per error). :class:`GuigymServer` keeps the SDK's path and reshapes only that answer, from the
error's structured entries, into the form the toolkit's own argument errors take (``argument 'name': ...``).
"""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from pydantic import ValidationError

#: how much of a rejected value the message repeats (a 9-action list, a long string)
_VALUE_CHARS = 60


def _value(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _VALUE_CHARS else text[:_VALUE_CHARS - 3] + "..."


def _where(loc: tuple[Any, ...]) -> str:
    """``argument 'actions'``, or ``argument 'actions' item 0.x`` for a part of it."""
    head, rest = (str(loc[0]), loc[1:]) if loc else ("?", ())
    return f"argument '{head}'" + (f" item {'.'.join(str(p) for p in rest)}" if rest else "")


def _problem(error: Any, tool: str, known: list[str]) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind == "missing":
        return "required, and not given"
    if kind == "extra_forbidden":
        return f"{tool} has no such argument; its arguments: {', '.join(known) or 'none'}"
    if kind == "less_than_equal":
        return f"must be at most {ctx['le']}, got {_value(error['input'])}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx['ge']}, got {_value(error['input'])}"
    if kind in ("too_long", "too_short") and "actual_length" in ctx:
        bound = f"at most {ctx['max_length']}" if kind == "too_long" else f"at least {ctx['min_length']}"
        return f"{bound} items, got {ctx['actual_length']}"
    message = str(error["msg"]).replace("\n", " ")
    return f"{message[:1].lower()}{message[1:]}, got {_value(error['input'])}"


def argument_error_text(tool: str, error: ValidationError, known: list[str]) -> str:
    """Return one line naming ``tool`` and each rejected argument with what is wrong with it (``known``: the tool's
    argument names, listed for one it does not take)."""
    problems = [f"{_where(tuple(e['loc']))}: {_problem(e, tool, known)}" for e in error.errors()]
    return f"Error executing tool {tool}: {'; '.join(dict.fromkeys(problems))}"


class GuigymServer(MCPServer):
    """The SDK's server, its argument errors answered in one line (:func:`argument_error_text`)."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            # The SDK's argument validation failed: a ToolError caused by the ValidationError (the tools' own errors
            # and crashes have no such cause: see mcp_server.server's call()).
            if isinstance(exc, UnexpectedToolError) or not isinstance(exc.__cause__, ValidationError):
                raise
            tool = self._tool_manager.get_tool(name)
            known = list(tool.parameters.get("properties", {})) if tool else []
            raise ToolError(argument_error_text(name, exc.__cause__, known)) from exc.__cause__
