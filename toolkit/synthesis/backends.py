"""The backend interface of synthesis, and the offline backend.

A backend does the four creative steps; everything else (review, selection, acceptance) is shared:
- ``world(persona, scenario, apps, seed, world_id) -> World``;
- ``tasks(world, seed) -> [TaskRequirements]``: grounded task specs, before any solution or verifier (a draft may
  also be a mapping: :func:`~toolkit.synthesis.synthesize.synthesize_tasks` validates each alone and rejects one that
  does not fit, naming its fields, instead of losing the batch);
- ``golden(requirements, world) -> GoldenSolution``: from the requirements and the world only;
- ``verifier(requirements) -> VerifierCode``: from the requirements only.
Golden solution and verifier are separate calls that never see each other's output.

Backends: ``offline`` (deterministic, no LLM: typed templates over world facts) and ``claude``
(claude-agent-sdk; see :mod:`toolkit.synthesis.claude`).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from toolkit.synthesis.models import GoldenSolution, Persona, Scenario, TaskRequirements, VerifierCode, World


@runtime_checkable
class Backend(Protocol):
    """What a synthesis backend provides (see the module docstring)."""

    name: str

    def world(self, persona: Persona, scenario: Scenario, apps: list[str], seed: int, world_id: str | None = None) -> World:
        """Return a world."""
        ...

    def tasks(self, world: World, seed: int = 0) -> list[TaskRequirements]:
        """Return candidate task requirements grounded in ``world``."""
        ...

    def golden(self, requirements: TaskRequirements, world: World) -> GoldenSolution:
        """Return a golden solution of ``requirements``."""
        ...

    def verifier(self, requirements: TaskRequirements) -> VerifierCode:
        """Return a verifier of ``requirements``."""
        ...


class OfflineBackend:
    """Deterministic synthesis without a model: worlds from word pools, tasks from typed templates."""

    name = "offline"

    def world(self, persona: Persona, scenario: Scenario, apps: list[str], seed: int, world_id: str | None = None) -> World:
        """Return the offline world of ``persona`` in ``scenario`` (see :mod:`toolkit.synthesis.offline.world`)."""
        from toolkit.synthesis.offline.world import offline_world

        return offline_world(persona, scenario, apps, seed, world_id)

    def tasks(self, world: World, seed: int = 0) -> list[TaskRequirements]:
        """Return every template grounding in ``world`` (see :mod:`toolkit.synthesis.offline.templates`)."""
        from toolkit.synthesis.offline.templates import candidates

        return candidates(world, seed)

    def golden(self, requirements: TaskRequirements, world: World) -> GoldenSolution:
        """Return the golden solution made from the requirements' checks and evidence."""
        from toolkit.synthesis.offline.golden import offline_golden

        return offline_golden(requirements, world)

    def verifier(self, requirements: TaskRequirements) -> VerifierCode:
        """Return the verifier generated from the requirements' criteria and checks."""
        from toolkit.synthesis.offline.verifier import offline_verifier

        return offline_verifier(requirements)


def get_backend(backend: Any = "offline", **options: Any) -> Backend:
    """Return a backend: ``"offline"``, ``"claude"`` (options go to :class:`ClaudeBackend`) or a Backend itself."""
    if isinstance(backend, str):
        if backend == "offline":
            return OfflineBackend()
        if backend == "claude":
            from toolkit.synthesis.claude import ClaudeBackend

            return ClaudeBackend(**options)
        raise ValueError(f"unknown synthesis backend {backend!r}; use 'offline' or 'claude'")
    if isinstance(backend, Backend):
        return backend
    raise TypeError(f"not a synthesis backend: {backend!r}")
