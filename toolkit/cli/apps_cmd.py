"""``guigym apps``: serve the mocked apps for a person to click around."""

from __future__ import annotations

import json
import time

from pathlib import Path

import click

from toolkit.cli.common import console, emit_json
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


@apps.command("gallery")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="gallery", show_default=True)
@click.option("--apps", "app_ids", help="only these apps, comma-separated")
@click.option("--scale", type=float, default=1.0, show_default=True, help="device scale factor of the screenshots")
@click.option("--json", "as_json", is_flag=True, help="print the written paths as a JSON array (last line)")
def gallery(out_dir, app_ids, scale, as_json):
    """Write one contact-sheet PNG per app (home, tabs, an opened item) to look at."""
    from toolkit.gallery import app_gallery
    from toolkit.sync import run_sync

    paths = run_sync(app_gallery(Path(out_dir), [a for a in (app_ids or "").split(",") if a] or None, scale))
    for p in paths:
        console.print(str(p))
    if as_json:
        emit_json([str(p) for p in paths])
