"""The harness: context construction, policies, output parsing."""

from toolkit.harness.formats import ParseResult, TextFormat, get_format
from toolkit.harness.harness import Decision, Harness, HarnessConfig, HarnessEpisode
from toolkit.harness.history import HistoryConfig, build_messages, prompt_text
from toolkit.harness.openai_policy import OpenAIConfig, OpenAIPolicy
from toolkit.harness.policies import (ModelUnavailable, Policy, PolicyRequest, PolicyResponse, RandomPolicy, ReferencePolicy,
                                      ScriptedPolicy, make_policy)

__all__ = [
    "Decision", "Harness", "HarnessConfig", "HarnessEpisode", "HistoryConfig", "ModelUnavailable", "OpenAIConfig",
    "OpenAIPolicy", "ParseResult", "Policy", "PolicyRequest", "PolicyResponse", "RandomPolicy", "ReferencePolicy",
    "ScriptedPolicy", "TextFormat", "build_messages", "get_format", "make_policy", "prompt_text",
]
