"""``guigym mcp``: run the MCP server (stdio or streamable HTTP)."""

from __future__ import annotations

import os

import click

from toolkit.cli.common import fail


@click.command("mcp")
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True)
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP bind address (loopback unless a token is set)")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="HTTP port (guigym apps serve defaults to another, so both run at once)")
@click.option("--token", default=lambda: os.environ.get("GUIGYM_MCP_TOKEN"), help="bearer token (required off loopback)")
@click.option("--runs", "runs_root", type=click.Path(file_okay=False), help="runs folder the run tools read")
@click.option("--checkpoints", "checkpoints_root", type=click.Path(file_okay=False),
              help="folder run_eval's hf agents may load checkpoints from (default: $GUIGYM_CHECKPOINTS, else outputs/)")
def mcp(transport, host, port, token, runs_root, checkpoints_root):
    """Serve guigym's tools over MCP."""
    try:
        from mcp_server.transport import serve
    except ImportError as exc:
        fail(f"the MCP server needs the 'mcp' package: pip install -e '.[mcp]' ({exc})")
    try:
        serve("stdio" if transport == "stdio" else "http", host, port, token, runs_root, checkpoints_root)
    except ValueError as exc:
        fail(str(exc))
