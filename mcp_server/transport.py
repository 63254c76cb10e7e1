"""Serving the MCP server: stdio, or streamable HTTP on a socket bound first (a bearer token off loopback)."""

from __future__ import annotations

import errno
import hmac
import ipaddress
import json
import socket
import sys
from typing import Any

from mcp.server.mcpserver import MCPServer

from mcp_server.server import build_server


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
          runs_root: str | None = None, checkpoints_root: str | None = None) -> None:
    """Run the server until interrupted. Over HTTP the socket is bound first, so a taken port or a bad host is a
    ValueError naming the argument before anything is served; once it serves, its URL is printed to stderr."""
    server = build_server(runs_root, checkpoints_root=checkpoints_root)
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
