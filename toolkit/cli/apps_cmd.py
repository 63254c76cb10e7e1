"""``guigym apps``: serve the mocked apps for a person to click around."""

from __future__ import annotations

import json
import time

from pathlib import Path

import click

from toolkit.cli.common import console, emit_json, fail, split_list, writable_folder
from toolkit.envs.server import StaticServer
from toolkit.paths import MOCKED_APPS


@click.group()
def apps() -> None:
    """The mocked apps."""


#: Not 8765, the default of ``guigym mcp --transport http`` (documented in skills/): both can run at once.
SERVE_PORT = 8770


@apps.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(0, 65535), default=SERVE_PORT, show_default=True, help="0: any free port")
def serve(host, port):
    """Serve the devices on HTTP; open the printed URL in a normal browser (use a phone-sized window)."""
    try:
        server = StaticServer(host=host, port=port)
    except OSError as exc:  # the port is taken, or the host is not an address of this machine
        fail(f"--host {host} --port {port}: cannot listen there ({exc.strerror or exc})")
    catalog = json.loads((MOCKED_APPS / "catalog.json").read_text())
    for device in catalog:
        console.print(f"{device}: {server.url}{device}/index.html")
    console.print("Ctrl+C stops the server.")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.close()


@apps.command("gallery")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="gallery", show_default=True)
@click.option("--apps", "app_ids", help="only these apps, comma-separated")
@click.option("--scale", type=click.FloatRange(0, 4, min_open=True), default=1.0, show_default=True,
              help="device scale factor of the screenshots")
@click.option("--json", "as_json", is_flag=True, help="print the written paths as a JSON array (last line)")
def gallery(out_dir, app_ids, scale, as_json):
    """Write one contact-sheet PNG per app (home, tabs, an opened item) to look at: phone apps in the phone shell,
    the desktop web apps (teamchat, tracker, ...) in the desktop shell; plus phone.png / desktop.png."""
    from toolkit.gallery import app_gallery
    from toolkit.sync import run_sync

    chosen = split_list("--apps", app_ids, "app") or None
    writable_folder("--out", out_dir)
    try:
        paths = run_sync(app_gallery(Path(out_dir), chosen, scale))
    except ValueError as exc:  # an unknown app
        fail(f"--apps {app_ids}: {exc}")
    for p in paths:
        console.print(str(p))
    if as_json:
        emit_json([str(p) for p in paths])
