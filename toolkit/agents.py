"""The agents an evaluation runs, by name: one list for the CLI's ``--agent`` choices, the MCP ``run_eval`` tool and
:func:`toolkit.harness.policies.make_policy` (a module of its own, so the CLI reads it without the harness)."""

from __future__ import annotations

#: every agent an evaluation can run
AGENTS: tuple[str, ...] = ("reference", "random", "openai", "hf", "hf-tokens", "replay")

#: the agents whose output is sampled from a model, and so take ``temperature`` and ``max_tokens``
MODEL_AGENTS: tuple[str, ...] = ("openai", "hf", "hf-tokens")

#: the agents that run a local checkpoint folder (``model``): one trained here carries its agent configuration
LOCAL_MODEL_AGENTS: tuple[str, ...] = ("hf", "hf-tokens")
