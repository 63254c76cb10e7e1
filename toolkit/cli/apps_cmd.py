"""``guigym apps``: serve the mocked apps for a person to click around."""

from __future__ import annotations

import json
import time

import click

from toolkit.cli.common import console
from toolkit.envs.server import StaticServer
from toolkit.paths import MOCKED_APPS


@click.group()
def apps() -> None:
    """The mocked apps."""


@apps.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8765, show_default=True)
def serve(host, port):
    """Serve the devices on HTTP; open the printed URL in a normal browser (use a phone-sized window)."""
    server = StaticServer(host=host, port=port)
    catalog = json.loads((MOCKED_APPS / "catalog.json").read_text())
    for device in catalog:
        console.print(f"{device}: {server.url}{device}/index.html")
    console.print("Ctrl+C stops the server.")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.close()
