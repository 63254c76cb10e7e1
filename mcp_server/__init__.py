"""The guigym MCP server: a thin layer exposing toolkit functions as MCP tools."""

from mcp_server.server import build_server
from mcp_server.transport import http_app, serve

__all__ = ["build_server", "http_app", "serve"]
