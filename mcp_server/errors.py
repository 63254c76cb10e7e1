"""The server's replies in their final shape: argument errors in one line naming the tool and the argument, every
error bounded in length, and structured results as one compact JSON text.

The SDK validates a call's arguments against the tool's input model and answers a mismatch with the
``ValidationError`` text (``N validation errors for run_evalArguments``, a line per field, its ``[type=...]`` and a
documentation URL per error). :class:`GuigymServer` keeps the SDK's path and reshapes only that answer, from the
error's structured entries, into the form the toolkit's own argument errors take (``argument 'name': ...``). A JSON
boolean given for a number argument, which the SDK's lax validation reads as 1 or 0, is refused the same way, before it.

An error that repeats what it was given (a 100,000-character task id) is cut to :data:`ERROR_CHARS`. A structured
result's text is the SDK's indented JSON, split into one text block per item of a list: it is replaced by the compact
JSON of the structured result (what the tools with large replies already sent), a third smaller.
"""

from __future__ import annotations

from typing import Any, Callable

import pydantic_core
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.types import CallToolResult, TextContent
from pydantic import ValidationError

#: how much of a rejected value the message repeats (a 9-action list, a long string)
_VALUE_CHARS = 60
#: the longest error text a reply carries (the longest the toolkit words, a list of every app id, is about 2,500)
ERROR_CHARS = 4_000


def _value(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _VALUE_CHARS else text[:_VALUE_CHARS - 3] + "..."


def _where(loc: tuple[Any, ...]) -> str:
    """``argument 'actions'``, or ``argument 'actions' item 0.x`` for a part of it."""
    head, rest = (str(loc[0]), loc[1:]) if loc else ("?", ())
    return f"argument '{head}'" + (f" item {'.'.join(str(p) for p in rest)}" if rest else "")


#: the JSON type a strict argument model's type error asks for
_WANTED = {"int_type": "an integer", "int_from_float": "an integer", "float_type": "a number",
           "bool_type": "a boolean", "string_type": "a string"}


def _given(value: Any) -> str:
    """``the string '2'``, ``the number 1.0``, ``the boolean true``: what was given, with its JSON type."""
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if value is None:
        return "null"
    kind = "string" if isinstance(value, str) else "number" if isinstance(value, (int, float)) else \
        "list" if isinstance(value, list) else "object" if isinstance(value, dict) else type(value).__name__
    return f"the {kind} {_value(value)}"


def _problem(error: Any, tool: str, known: list[str]) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind in _WANTED:
        return f"must be {_WANTED[kind]}, got {_given(error['input'])}"
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


def _number_kind(schema: dict[str, Any]) -> str | None:
    """``"an integer"`` or ``"a number"`` when the JSON schema wants a number (alone or among ``anyOf`` options) and
    takes no boolean; else None."""
    options = schema.get("anyOf", [schema])
    types = {o.get("type") for o in options}
    if "boolean" in types:
        return None
    return "an integer" if "integer" in types else "a number" if "number" in types else None


def bool_arguments(tool: str, parameters: dict[str, Any], arguments: dict[str, Any]) -> list[str]:
    """Return a problem (``argument 'seed': ...``) for each argument given a JSON boolean where the tool's input schema
    (``parameters``) wants a number.

    The SDK's argument models read in pydantic's lax mode, where ``true`` is 1 and ``false`` is 0: ``seed: true``
    sampled seed 1 and ``limit: true`` served one row, with nothing said. Checked against each tool's published
    schema, so that every tool and every number argument refuses it alike.
    """
    properties = parameters.get("properties", {})
    problems = []
    for name, value in (arguments or {}).items():
        kind = _number_kind(properties.get(name) or {})
        if kind and isinstance(value, bool):
            problems.append(f"argument '{name}': must be {kind}, got the boolean {str(value).lower()}")
    return problems


#: a check of a call's arguments before the tool runs: (tool name, its input schema, the arguments) -> the problems
ArgumentCheck = Callable[[str, dict[str, Any], dict[str, Any]], list[str]]
#: a rewrite of a call's checked arguments: (tool name, the arguments) -> the arguments the tool gets
ArgumentRewrite = Callable[[str, dict[str, Any]], dict[str, Any]]


def argument_error_text(tool: str, error: ValidationError, known: list[str]) -> str:
    """Return one line naming ``tool`` and each rejected argument with what is wrong with it (``known``: the tool's
    argument names, listed for one it does not take)."""
    problems = [f"{_where(tuple(e['loc']))}: {_problem(e, tool, known)}" for e in error.errors()]
    return f"Error executing tool {tool}: {'; '.join(dict.fromkeys(problems))}"


def bounded_error(text: str, limit: int = ERROR_CHARS) -> str:
    """Return ``text``, or when longer than ``limit`` its start and end around a marker saying how much was cut."""
    if len(text) <= limit:
        return text
    marker = f" …[{len(text) - limit} chars cut]… "
    head = (limit - len(marker)) * 3 // 4
    return text[:head] + marker + text[len(text) - (limit - len(marker) - head):]


def compact_reply(result: Any, wrapped: bool) -> Any:
    """Return ``result`` with its text as the compact JSON of its structured content (of its ``result`` when the SDK
    ``wrapped`` a value that is not an object); a reply with an image, an error or no structured content as it is."""
    if (not isinstance(result, CallToolResult) or result.is_error or result.structured_content is None
            or any(block.type != "text" for block in result.content)):
        return result
    value = result.structured_content["result"] if wrapped else result.structured_content
    text = pydantic_core.to_json(value, fallback=str).decode()  # as the SDK writes it (NaN as null), unindented
    return result.model_copy(update={"content": [TextContent(type="text", text=text)]})


class GuigymServer(MCPServer):
    """The SDK's server, its argument errors answered in one line (:func:`argument_error_text`), a boolean given for a
    number refused (:func:`bool_arguments`) and the server's own ``argument_checks`` applied before a call runs, every
    error bounded
    (:func:`bounded_error`) and structured results as compact JSON text (:func:`compact_reply`)."""

    #: the server's rewrites of every call's arguments (:data:`ArgumentRewrite`), after the checks, before the tool
    argument_rewrites: tuple[ArgumentRewrite, ...] = ()
    #: the server's further checks of every call's arguments (:data:`ArgumentCheck`), run with :func:`bool_arguments`
    argument_checks: tuple[ArgumentCheck, ...] = ()

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        tool = self._tool_manager.get_tool(name)
        problems = [p for check in (bool_arguments, *self.argument_checks)
                    for p in (check(name, tool.parameters, arguments or {}) if tool else [])]
        if problems:  # refused before the SDK reads them (it would take a boolean as a number)
            raise ToolError(bounded_error(f"Error executing tool {name}: {'; '.join(dict.fromkeys(problems))}"))
        if tool and isinstance(arguments, dict):  # after the checks: their errors repeat what the caller gave
            for rewrite in self.argument_rewrites:
                arguments = rewrite(name, arguments)
        try:
            result = await super().call_tool(name, arguments, context)
        except UnexpectedToolError:
            raise
        except ToolError as exc:
            # The SDK's argument validation failed: a ToolError caused by the ValidationError (the tools' own errors
            # and crashes have no such cause: see mcp_server.server's call()).
            if not isinstance(exc.__cause__, ValidationError):
                text = str(exc)
                if len(text) <= ERROR_CHARS:
                    raise
                raise ToolError(bounded_error(text)) from exc
            known = list(tool.parameters.get("properties", {})) if tool else []
            raise ToolError(bounded_error(argument_error_text(name, exc.__cause__, known))) from exc.__cause__
        return compact_reply(result, tool is not None and tool.fn_metadata.wrap_output)
