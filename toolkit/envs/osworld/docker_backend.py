"""The ``docker`` backend: each instance is one container of the OSWorld VM image (QEMU inside Docker).

What OSWorld's docker provider does, with the docker SDK (imported only when used):
the image ``happysixd/osworld-docker`` runs the Ubuntu qcow2 disk (mounted read-only at /System.qcow2) with
``DISK_SIZE``/``RAM_SIZE``/``CPU_CORES``; /dev/kvm is passed through when present (without it QEMU emulates and
is very slow); the ports 8006 (VNC web), 5000 (the VM's control server), 9222 (Chrome CDP) and 8080 (VLC) are
published on free host ports; the instance is ready when ``GET :5000/screenshot`` answers 200 (up to 300 s).
OSWorld's docker provider has no snapshots: a revert is a container restart.
"""

from __future__ import annotations

import asyncio
import os
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

IMAGE = "happysixd/osworld-docker"
PORTS = {"vnc": 8006, "server": 5000, "chromium": 9222, "vlc": 8080}
DEFAULT_QCOW2 = Path(os.environ.get("GUIGYM_OSWORLD_QCOW2", "docker_vm_data/Ubuntu.qcow2"))


@dataclass
class Screen:
    """The VM's screen (the viewport of an OSWorld instance)."""

    width: int = 1920
    height: int = 1080
    scale: float = 1.0


@dataclass
class OSWorldInstance:
    """One running VM container: what an env lease points at."""

    container: Any
    ports: dict[str, int]
    viewport: Screen
    crashed: bool = False
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def server_url(self) -> str:
        """Return the VM control server's base URL."""
        return self.url("server")

    def url(self, name: str) -> str:
        """Return the host URL of one of the VM's published ports (``server``, ``chromium`` = Chrome's CDP, ...)."""
        if name not in self.ports:
            raise KeyError(f"the OSWorld instance publishes no {name!r} port (it has {', '.join(sorted(self.ports))})")
        return f"http://127.0.0.1:{self.ports[name]}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def requirements(qcow2: Path = DEFAULT_QCOW2, client: Any = None) -> list[dict[str, Any]]:
    """Return what running OSWorld needs, each ``{check, ok, detail, fix}`` (ok None = optional)."""
    rows: list[dict[str, Any]] = []
    try:
        import docker  # noqa: F401

        rows.append({"check": "osworld: docker SDK", "ok": True, "detail": getattr(docker, "__version__", "installed"), "fix": ""})
    except ImportError:
        rows.append({"check": "osworld: docker SDK", "ok": False, "detail": "not installed", "fix": "pip install docker"})
        docker = None
    engine_ok, detail = False, "no docker SDK"
    if client is not None or docker is not None:
        try:
            client = client or docker.from_env()
            client.ping()
            engine_ok, detail = True, "reachable"
        except Exception as exc:  # noqa: BLE001 - any failure means no engine
            detail = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:160]
    rows.append({"check": "osworld: docker engine", "ok": engine_ok, "detail": detail,
                 "fix": "install and start Docker (a daemon on /var/run/docker.sock or DOCKER_HOST)"})
    image_ok, detail = False, "no engine"
    if engine_ok:
        try:
            client.images.get(IMAGE)
            image_ok, detail = True, IMAGE
        except Exception:  # noqa: BLE001
            detail = f"{IMAGE} not pulled"
    rows.append({"check": "osworld: VM image", "ok": image_ok, "detail": detail, "fix": f"docker pull {IMAGE}"})
    rows.append({"check": "osworld: VM disk", "ok": qcow2.is_file(), "detail": str(qcow2) if qcow2.is_file() else f"{qcow2} missing",
                 "fix": "download Ubuntu.qcow2 from Hugging Face xlangai/ubuntu_osworld (set GUIGYM_OSWORLD_QCOW2)"})
    kvm = os.path.exists("/dev/kvm")
    rows.append({"check": "osworld: /dev/kvm (optional)", "ok": True if kvm else None,
                 "detail": "present" if kvm else "absent: QEMU will emulate (very slow)", "fix": "enable KVM"})
    return rows


class DockerBackend:
    """Host OSWorld VMs in Docker containers (the manager's backend for the ``osworld`` device).

    Args:
        client: a docker client (default ``docker.from_env()``; tests pass a double).
        qcow2: the VM disk; ``ram``/``cpus``/``disk`` as OSWorld's provider sets them.
        ready_timeout_s: how long to wait for the control server.
        http: an httpx transport for the readiness probe (tests pass a mock transport).
    """

    def __init__(self, client: Any = None, image: str = IMAGE, qcow2: Path = DEFAULT_QCOW2, ram: str = "4G",
                 cpus: str = "4", disk: str = "32G", ready_timeout_s: float = 300.0, http: httpx.AsyncBaseTransport | None = None):
        self.client = client
        self.image = image
        self.qcow2 = Path(qcow2)
        self.env = {"DISK_SIZE": disk, "RAM_SIZE": ram, "CPU_CORES": cpus}
        self.ready_timeout_s = ready_timeout_s
        self.http = http
        self._instances: list[OSWorldInstance] = []

    async def start(self) -> None:
        """Connect to the Docker engine (raises RuntimeError naming what is missing)."""
        if self.client is not None:
            return
        try:
            import docker
        except ImportError:
            raise RuntimeError("the docker backend needs the docker SDK: pip install docker") from None
        try:
            self.client = docker.from_env()
            self.client.ping()
        except Exception as exc:  # noqa: BLE001
            raise RuntimeError(f"no Docker engine reachable ({type(exc).__name__}: {exc}); run `guigym doctor`") from None

    def run_kwargs(self) -> dict[str, Any]:
        """Return the ``containers.run`` arguments (ports on free host ports, the disk, /dev/kvm when present)."""
        ports = {name: _free_port() for name in PORTS}
        return {
            "image": self.image, "detach": True, "environment": dict(self.env), "cap_add": ["NET_ADMIN"],
            "devices": ["/dev/kvm"] if os.path.exists("/dev/kvm") else [],
            "volumes": {str(self.qcow2.resolve()): {"bind": "/System.qcow2", "mode": "ro"}},
            "ports": {f"{PORTS[name]}/tcp": port for name, port in ports.items()},
        }

    async def new_instance(self, viewport: Any = None) -> OSWorldInstance:
        """Start one VM container and wait until its control server answers."""
        await self.start()
        kwargs = self.run_kwargs()
        container = await asyncio.to_thread(self.client.containers.run, **kwargs)
        ports = {name: kwargs["ports"][f"{PORTS[name]}/tcp"] for name in PORTS}
        instance = OSWorldInstance(container=container, ports=ports, viewport=viewport or Screen())
        self._instances.append(instance)
        try:
            await self.wait_ready(instance)
        except Exception:
            await self.close_instance(instance)
            raise
        return instance

    async def wait_ready(self, instance: OSWorldInstance) -> None:
        """Poll ``GET /screenshot`` until 200 (OSWorld's readiness check)."""
        deadline = time.monotonic() + self.ready_timeout_s
        async with httpx.AsyncClient(transport=self.http, timeout=10) as http:
            while True:
                try:
                    if (await http.get(f"{instance.server_url}/screenshot")).status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the OSWorld VM did not answer on :{instance.ports['server']} within {self.ready_timeout_s:g} s")
                await asyncio.sleep(1.0)

    async def close_instance(self, instance: OSWorldInstance) -> None:
        """Stop and remove the container (a revert is a restart: OSWorld's docker provider has no snapshots)."""
        instance.crashed = True
        for op in ("stop", "remove"):
            try:
                await asyncio.to_thread(getattr(instance.container, op))
            except Exception:  # noqa: BLE001 - already gone
                pass
        if instance in self._instances:
            self._instances.remove(instance)

    async def close(self) -> None:
        """Stop every container this backend started."""
        for instance in list(self._instances):
            await self.close_instance(instance)
