"""The ``ray`` backend: env pools hosted by Ray actors on the nodes of a Ray cluster.

One :class:`EnvHost` actor per node (pinned there with a hard node-affinity strategy) wraps a
local :class:`~toolkit.envs.manager.EnvManager`: Chromium runs inside the actor process, and
the five operations run there under the usual deadlines, leases and idempotent action ids.
On the driver, :class:`RayEnvManager` has the same contract as ``EnvManager`` (what the
scheduler, ``run_attempt`` and the trainer call), and spreads leases over the live hosts.

A lost host (actor death, node loss, no answer past the deadline) makes the in-flight
operation raise a typed :class:`~toolkit.envs.base.EnvError`: the scheduler reruns the attempt
(never scored) and its next ``request`` leases an instance on a surviving host. When its node is
still alive, a new host replaces it there ``revive_after_s`` later (checked at each ``request``). Observations
come back from the actor as values, screenshots included (JPEG bytes), never through files.

The hosts' lifecycle and the remote-call envelope are in :mod:`toolkit.envs.ray_hosts`.

Every node needs guigym installed (same Python, same path for the task bank) and Chromium.

>>> async with RayEnvManager(address="10.0.0.5:6379") as manager:   # doctest: +SKIP
...     await Scheduler(manager, harness, store, agent="reference", parallel=32).run(items)
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
from typing import Any, Sequence

from toolkit import bounds
from toolkit.actions import Action
from toolkit.envs.adapters.mocked import MockedAdapter
from toolkit.envs.base import EnvError, Lease, ManagerClosed, Observation, StepResult
from toolkit.envs.fleet import FleetStats, FleetStatus, PoolCounts
from toolkit.envs.manager import LEASE_IDS, Accounting, Deadlines
from toolkit.envs.ray_host import HostLease, HostRecord, node_label, pool_snapshot, ray_errors
from toolkit.envs.ray_hosts import RayHostsMixin
from toolkit.tasks import TaskInstance, TaskSpec, Verdict

log = logging.getLogger(__name__)


class RayEnvManager(RayHostsMixin):
    """Lease, drive and judge environment instances hosted by Ray actors (the ``EnvManager`` contract).

    Args:
        address: the Ray cluster (``host:port``); None: ``RAY_ADDRESS`` or a local Ray instance.
        adapter: the environment kind every host serves (default: the mocked phone).
        isolation: the hosts' local backend isolation (``pages|contexts|browsers``).
        deadlines: per-operation deadlines, enforced on the hosts.
        nodes: only these nodes (custom resource names, labels or node-id prefixes); default: every live node.
        hosts_per_node: env host actors per node.
        host_cpus: CPUs each host reserves in Ray's scheduler.
        slack_s: extra seconds the driver waits past an operation's deadline before it declares the host lost.
        revive_after_s: seconds after a host is lost before a new one is started on its node (if the node lives);
            None: never.
    """

    backend_name = "ray"

    def __init__(self, address: str | None = None, adapter: Any = None, isolation: str = "pages",
                 deadlines: Deadlines = Deadlines(), nodes: Sequence[str] | None = None, hosts_per_node: int = 1,
                 host_cpus: float = 0.0, slack_s: float = 30.0, init_kwargs: dict[str, Any] | None = None,
                 revive_after_s: float | None = 10.0):
        if isolation not in ("pages", "contexts", "browsers"):
            raise ValueError(f"isolation must be pages, contexts or browsers, got {isolation!r}")
        self.address = address
        self.adapter = adapter or MockedAdapter()
        self.isolation = isolation
        self.deadlines = deadlines
        self.nodes = list(nodes) if nodes else None
        self.hosts_per_node = max(1, hosts_per_node)
        self.host_cpus = host_cpus
        self.slack_s = slack_s
        self.init_kwargs = init_kwargs or {}
        self.revive_after_s = revive_after_s
        self.revived = 0
        self._reviving = asyncio.Lock()
        self.hosts: list[HostRecord] = []
        self.stats = Accounting()
        self.fleet_stats = FleetStats(self._snapshot, backend="ray")
        self.placements: list[dict[str, Any]] = []  # one row per reset: which node ran which attempt
        self._leases: dict[str, HostLease] = {}
        self._turn = itertools.count()
        self._owns_ray = False
        self._errors: tuple[type[BaseException], ...] = ()
        self._closed = False

    def _check_open(self, op: str) -> None:
        if self._closed:
            raise ManagerClosed(op)

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Connect to the cluster and start one env host per chosen node."""
        import ray

        self._closed = False
        if self.hosts:
            return
        self._errors = ray_errors()
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
            if self.address is None and not os.environ.get("RAY_ADDRESS"):
                kwargs["include_dashboard"] = False  # a local Ray instance for this process
            ray.init(address=self.address, **{**kwargs, **self.init_kwargs})
            self._owns_ray = True
        nodes = [n for n in ray.nodes() if n.get("Alive")]
        if self.nodes:
            wanted = set(self.nodes)
            nodes = [n for n in nodes if node_label(n) in wanted or wanted & set(n.get("Resources", {}))
                     or any(n["NodeID"].startswith(w) for w in wanted)]
        if not nodes:
            raise EnvError("boot", "request", f"no live Ray node matches {self.nodes or 'any'}")
        hosts = []
        for node in nodes:
            for _ in range(self.hosts_per_node):
                hosts.append(HostRecord(index=len(hosts), node=node_label(node), node_id=node["NodeID"],
                                        actor=self._spawn(node["NodeID"])))
        self.hosts = hosts  # close() reaches them even if starting fails
        await asyncio.gather(*(self._start_host(h) for h in hosts))
        if not any(h.alive for h in hosts):
            raise EnvError("boot", "request", "no env host could start on the Ray cluster: "
                           + "; ".join(f"{h.node}: {h.error}" for h in hosts))
        self.fleet_stats.sample()

    async def close(self) -> None:
        """Close every host (its instances and browser) and disconnect from the cluster if this manager connected."""
        import ray

        self._closed = True
        self.fleet_stats.close()
        alive = [h for h in self.hosts if h.alive]
        await asyncio.gather(*(self._wait(h.actor.close.remote(), 30) for h in alive), return_exceptions=True)
        for host in self.hosts:
            try:
                ray.kill(host.actor, no_restart=True)
            except Exception:  # noqa: BLE001 - already gone
                pass
        self.hosts = []
        self._leases.clear()
        if self._owns_ray:
            ray.shutdown()
            self._owns_ray = False

    async def __aenter__(self) -> "RayEnvManager":
        try:
            await self.start()
        except BaseException:
            await self.close()
            raise
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    # -- leasing ---------------------------------------------------------------------------------

    async def warm(self, n: int, device: str | None = None) -> None:
        """Boot idle instances of ``device`` until at least ``n`` exist across the live hosts (split evenly)."""
        n = bounds.check("n", n, bounds.COUNT)
        self._check_open("warm")
        device = device or self.adapter.device
        live = [h for h in self.hosts if h.alive]
        shares = [n // len(live) + (i < n % len(live)) for i in range(len(live))] if live else []
        worst = lambda k: max(self.deadlines.request_s(), self.deadlines.boot * k) + self.slack_s  # noqa: E731
        calls = [self._remote(h, "warm", worst(k), None, k, device) for h, k in zip(live, shares) if k > 0]
        for result in await asyncio.gather(*calls, return_exceptions=True):
            if isinstance(result, EnvError):
                log.warning("warming a host failed: %s", result)
            elif isinstance(result, BaseException):
                raise result

    async def request(self, spec: TaskSpec | None = None, n: int = 1, ttl_s: float | None = None) -> list[Lease]:
        """Return ``n`` leases for ``spec``'s device, on the least-loaded live hosts (a lost host is skipped)."""
        n = bounds.check("n", n, bounds.COUNT)
        bounds.check_seconds("ttl_s", ttl_s, above=True, none="the manager's lease_ttl")
        self._check_open("request")
        device = spec.device if spec is not None else self.adapter.device
        await self._revive()
        leases: list[Lease] = []
        try:
            for _ in range(n):
                leases.append(await self._lease_one(spec, device, ttl_s))
        except BaseException:
            # Failed or cancelled partway (as the local manager): the caller never sees these, so none stays held.
            for lease in leases:
                try:
                    await self.release(lease)
                except Exception:  # noqa: BLE001 - a lost host holds nothing any more
                    pass
            raise
        self.fleet_stats.maybe_sample()
        return leases

    async def _lease_one(self, spec: TaskSpec | None, device: str, ttl_s: float | None) -> Lease:
        """Lease one instance on the least-loaded live host that answers (a lost host is skipped)."""
        tried: set[int] = set()
        while True:
            host = self._choose(device, tried)
            if host is None:
                self.stats.failures += 1
                self.fleet_stats.failure("no_host", "request", device)
                raise EnvError("infra", "request", "no live env host on the Ray cluster"
                               + (f" ({'; '.join(f'{h.node}: {h.error}' for h in self.hosts)})" if self.hosts else ""))
            tried.add(host.index)
            host.leased += 1  # reserved now, so concurrent requests spread
            try:
                # the host's own worst case: a slow cold boot inside its deadlines is not a lost host
                timeout = self.deadlines.request_s() + self.slack_s
                [inner] = await self._remote(host, "request", timeout, None, spec, 1, ttl_s)
            except EnvError:
                host.leased -= 1
                if host.alive:
                    raise  # the host answered: a boot failure there is this request's env_error
                continue  # the host is lost: lease on another one
            except BaseException:  # any other error or a cancellation: the reservation was counted for nothing
                host.leased -= 1
                raise
            lease = Lease(id=f"R{next(LEASE_IDS)}", device=device, slot=host.index, generation=inner.generation)
            self._leases[lease.id] = HostLease(host=host, inner=inner)
            return lease

    async def release(self, lease: Lease) -> None:
        """Return the lease's instance to its host's warm pool (nothing to do when the host is lost)."""
        held = self._leases.pop(lease.id, None)
        if held is None:
            return
        held.host.leased = max(0, held.host.leased - 1)
        if held.host.alive:
            try:
                await self._remote(held.host, "release", self.slack_s, lease, held.inner)
            except EnvError:
                pass
        self.fleet_stats.maybe_sample()

    # -- the five operations ---------------------------------------------------------------------

    async def _op(self, lease: Lease, op: str, timeout: float, *args: Any) -> Any:
        self._check_open(op)
        held = self._held(lease)
        return await self._remote(held.host, op, timeout + self.slack_s, lease, held.inner, *args)

    async def observe(self, lease: Lease) -> Observation:
        """Return the current observation of the lease's instance."""
        return await self._op(lease, "observe", self.deadlines.observe)

    async def reset(self, lease: Lease, instance: TaskInstance) -> Observation:
        """Reset to the instance's s0 on its host and return the first observation."""
        reply = await self._op(lease, "reset", self.deadlines.reset, instance)
        # What the adapter wrote into the host's copy (MiniWoB++'s instruction and fields) reaches the caller's.
        obs, instance.instruction, instance.params = reply["observation"], reply["instruction"], reply["params"]
        host = self._leases[lease.id].host
        self.stats.resets += 1
        self.placements.append({"lease": lease.id, "node": host.node, "host": host.index, "task_id": instance.task_id,
                                "key": instance.key})
        self.fleet_stats.record("reset", lease.device, host.node)
        return obs

    async def step(self, lease: Lease, actions: Sequence[Action | dict], action_id: str) -> StepResult:
        """Apply an ordered batch of actions once per ``action_id`` and return the new observation."""
        result = await self._op(lease, "step", self.deadlines.step, bounds.check_step_args(actions, action_id), action_id)
        if result.replayed:
            self.stats.replays += 1
        else:
            self.stats.steps += 1
            self.fleet_stats.record("step", lease.device, self._leases[lease.id].host.node)
        return result

    async def evaluate(self, lease: Lease, instance: TaskInstance, spec: TaskSpec | None = None,
                       final_state: dict[str, Any] | None = None) -> Verdict:
        """Judge the instance's final state against its s0 with the task's verifier (on the host)."""
        verdict = await self._op(lease, "evaluate", self.deadlines.evaluate_s(), instance, spec, final_state)
        self.fleet_stats.record("attempt", lease.device, self._leases[lease.id].host.node)
        return verdict

    async def action_log(self, lease: Lease) -> list[dict[str, Any]]:
        """Return the logic-level actions applied on the lease's instance since its last reset."""
        return await self._op(lease, "action_log", self.deadlines.observe)

    def node_of(self, lease: Lease) -> str:
        """Return the node label of the host behind a lease."""
        return self._held(lease).host.node

    def hosted(self, lease: Lease) -> Any:
        """Not available: the instance lives in a Ray actor's process."""
        raise NotImplementedError("ray backend: instances live in the env hosts' processes")

    # -- status ----------------------------------------------------------------------------------

    def _snapshot(self) -> tuple[dict[str, PoolCounts], dict[str, PoolCounts]]:
        return pool_snapshot(self.hosts)

    def fleet(self, limit: int | None = None) -> FleetStatus:
        """Return the fleet status: availability, leases, failures and throughput over time, per node."""
        return self.fleet_stats.status(limit)

    def hosts_info(self) -> list[dict[str, Any]]:
        """Return one row per env host: node, Ray node id, pid, alive, leases held, last error, whether replaced."""
        return [{"host": h.index, "node": h.node, "node_id": h.node_id, "pid": h.pid, "alive": h.alive,
                 "leased": h.leased, "error": h.error, "replaced": h.replaced} for h in self.hosts]

    def status(self) -> dict[str, Any]:
        """Return pool size, leased and idle counts, broken instances, hosts and the counters."""
        devices, _ = self._snapshot()
        return {"instances": sum(c.instances for c in devices.values()), "leased": len(self._leases),
                "idle": sum(c.available for c in devices.values()), "broken": sum(c.failed for c in devices.values()),
                "hosts": self.hosts_info(), "hosts_revived": self.revived, **self.stats.__dict__}
