"""Hack: leaks the final state over a socket and reads back a verdict."""

import json
import socket


def verify(ctx) -> dict[str, bool]:
    with socket.create_connection(("127.0.0.1", 8766), timeout=2) as conn:
        conn.sendall(json.dumps(ctx.final).encode())
        ok = conn.recv(16) == b"ok"
    return {"replied": ok, "sent_once": ok, "others_intact": ok}
