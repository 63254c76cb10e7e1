"""Choosing a backend: one call gives an env manager on the local machine or on a Ray cluster."""

from __future__ import annotations

import socket
from typing import Any

from toolkit.envs.manager import Deadlines, EnvManager


def _check_reachable(address: str, timeout_s: float = 5.0) -> None:
    """Fail fast on a ``host:port`` nobody listens on (``ray.init`` would retry for minutes)."""
    if "://" in address or address in ("auto", "local"):
        return
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"argument 'ray_address': expected host:port, got {address!r}")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise ConnectionError(f"argument 'ray_address': no Ray cluster answers at {address} ({exc})") from None


def make_manager(backend: str = "local", *, isolation: str = "pages", adapter: Any = None, ray_address: str | None = None,
                 deadlines: Deadlines | None = None, **ray_options: Any) -> Any:
    """Return an env manager on ``backend`` (``local`` or ``ray``); use it as ``async with``."""
    from toolkit.envs.local import LocalBackend

    if backend == "local":
        if ray_address:
            raise ValueError("argument 'ray_address': only with backend 'ray'")
        kwargs = {"deadlines": deadlines} if deadlines else {}
        return EnvManager(backend=LocalBackend(isolation=isolation), adapter=adapter, **kwargs)
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise ValueError("backend 'ray' needs Ray: pip install 'guigym[ray]'") from None
        from toolkit.envs.ray_backend import RayEnvManager

        if ray_address:
            _check_reachable(ray_address)
        return RayEnvManager(address=ray_address, adapter=adapter, isolation=isolation, deadlines=deadlines or Deadlines(),
                             **ray_options)
    raise ValueError(f"argument 'backend': expected local or ray, got {backend!r}")
