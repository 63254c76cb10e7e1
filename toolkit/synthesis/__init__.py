"""Task synthesis: worlds, grounded tasks, golden solutions and verifiers, accepted only by execution.

>>> from toolkit.synthesis import build_world, synthesize_tasks, synthesize_bank
>>> world = build_world(0, "moving", seed=11)                 # persona + scenario -> records across apps
>>> batch = synthesize_tasks(world, weak=["messaging"], n=12)  # requirements -> golden solution + verifier
>>> report = synthesize_bank(worlds=3, out="task_bank/synth")  # ... accepted by execution, written as suites

Plain functions with pydantic results, so the MCP server can wrap them thinly. ``guigym synth`` is the CLI.
"""

from toolkit.synthesis.accept import AcceptResult, accept_batch
from toolkit.synthesis.backends import Backend, OfflineBackend, get_backend
from toolkit.synthesis.models import (Fact, GoldenSolution, Person, Persona, Ref, Rejection, Scenario, SynthReport,
                                      SynthTask, TaskRequirements, VerifierCode, World, WorldIssue, suite_name)
from toolkit.synthesis.pipeline import (WorldValidation, default_worlds, synthesize_bank, synthesize_bank_async,
                                        validate_synth, validate_synth_async)
from toolkit.synthesis.review import review
from toolkit.synthesis.synthesize import SynthBatch, select, synthesize_tasks, weak_tags
from toolkit.synthesis.world import (build_world, check_world, initial_state, load_into_device, verify_loaded)

__all__ = [
    "AcceptResult", "Backend", "Fact", "GoldenSolution", "OfflineBackend", "Person", "Persona", "Ref", "Rejection",
    "Scenario", "SynthBatch", "SynthReport", "SynthTask", "TaskRequirements", "VerifierCode", "World", "WorldIssue",
    "WorldValidation", "accept_batch", "build_world", "check_world", "default_worlds", "get_backend", "initial_state",
    "load_into_device", "review", "select", "suite_name", "synthesize_bank", "synthesize_bank_async", "synthesize_tasks",
    "validate_synth", "validate_synth_async", "verify_loaded", "weak_tags",
]
