"""The guigym MCP server: a thin layer exposing toolkit functions as MCP tools (see issue 5)."""
