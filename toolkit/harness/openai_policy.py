"""The OpenAI-compatible chat-completions policy: ``vllm serve``, a hosted API, or :mod:`toolkit.serving`.

Screenshots travel as data URLs. A failed call is retried with exponential backoff (honouring ``Retry-After``)
on connection errors, timeouts (at most ``timeout_retries`` times), 408, 429 and 5xx. What the service could
not answer is marked ``unavailable`` on the response, so the rollout treats it as an outage (rerun, never scored) rather
than as the model's behaviour. A 400-class answer later in an attempt (e.g. a history grown past the
context length) stays a step error, since it follows from the agent's own configuration.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

import httpx

from toolkit.harness.policies import PolicyRequest, PolicyResponse
from toolkit.sync import within
from toolkit.tasks import TaskInstance

#: answers worth retrying: the service is busy or failing, not refusing this request
RETRY_STATUS = frozenset({408, 429}) | frozenset(range(500, 600))
#: answers that no retry can fix: the URL, key or model name is wrong
PERMANENT_STATUS = frozenset({401, 403, 404})
#: the longest wait a ``Retry-After`` header may ask for
MAX_RETRY_AFTER_S = 60.0


@dataclass
class OpenAIConfig:
    """An OpenAI-compatible chat-completions endpoint."""

    base_url: str
    model: str
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float = 0.0
    max_tokens: int = 512
    timeout_s: float = 120.0
    retries: int = 4
    #: of those retries, how many may follow a call that timed out: a server that accepts connections but never
    #: answers would otherwise cost ``timeout_s`` times every retry before the run's outage handling sees it
    timeout_retries: int = 1
    concurrency: int = 16
    logprobs: bool = False
    #: server-specific request fields merged into the body, e.g. vLLM's ``{"top_k": 20}`` or
    #: ``{"return_tokens_as_token_ids": True}`` (then the sampled token ids are recorded with the log-probs);
    #: a field set to None is left out (``{"seed": None}`` for an API that refuses ``seed``)
    extra_body: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # concurrency 0 waited for ever on the first call; retries -1 made no call and reported an outage; a
        # timeout of 0 failed every call: each is refused here, naming the field
        for name, least in (("concurrency", 1), ("retries", 0), ("timeout_retries", 0), ("max_tokens", 1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise ValueError(f"OpenAIConfig.{name} must be a whole number >= {least}, got {value!r}")
        if isinstance(self.timeout_s, bool) or not isinstance(self.timeout_s, (int, float)) or not self.timeout_s > 0:
            raise ValueError(f"OpenAIConfig.timeout_s must be seconds > 0, got {self.timeout_s!r}")


def _refused(status: int, step: int) -> bool:
    """Return True when an error answer means the endpoint cannot serve this configuration at all.

    401/403/404: wrong key, URL or model name. A 400/422 on an attempt's first request, its smallest prompt, means
    the request itself does not suit the server (e.g. a field it does not take); later in an attempt it is the
    agent's own step error (e.g. a history grown past the context length) and is recorded as such.
    """
    return status in PERMANENT_STATUS or (status in (400, 422) and step == 0)


def _retry_after(resp: httpx.Response) -> float | None:
    """Return the wait a 429/503 answer asks for in seconds (``Retry-After: <seconds>``), capped; None if absent."""
    value = resp.headers.get("Retry-After", "").strip()
    try:
        return min(MAX_RETRY_AFTER_S, max(0.0, float(value)))
    except ValueError:
        return None


def message_text(message: dict[str, Any]) -> str:
    """Return an assistant message as the model wrote it.

    A server started with a tool-call parser (e.g. ``vllm serve --tool-call-parser hermes``) moves Qwen's
    ``<tool_call>`` blocks out of ``content`` into ``tool_calls``; they are written back in that markup, so the
    action format parses the same text either way. A refusal (``content`` null, ``refusal`` text) is the text.
    """
    # a hosted model that declines answers with content null and its words in ``refusal``: they are its output
    text = message.get("content") or (message.get("refusal") if isinstance(message.get("refusal"), str) else "")
    if isinstance(text, list):  # content parts, as some servers answer: the text parts in order
        text = "".join(p["text"] for p in text if isinstance(p, dict) and p.get("type") == "text"
                       and isinstance(p.get("text"), str))
    if not isinstance(text, str):
        raise TypeError(f"content is {type(text).__name__}, not text")
    blocks = []
    for call in message.get("tool_calls") or []:
        fn = call["function"]
        arguments = fn.get("arguments")
        try:
            arguments = json.loads(arguments) if isinstance(arguments, str) else arguments
        except json.JSONDecodeError:
            pass  # kept verbatim: the format's parser reports what is wrong with it
        blocks.append("<tool_call>\n" + json.dumps({"name": fn["name"], "arguments": arguments}) + "\n</tool_call>")
    return "\n".join([text.rstrip(), *blocks]).strip() if blocks else text


class OpenAIPolicy:
    """Call ``POST {base_url}/chat/completions`` with screenshots as data URLs.

    A request still failing after the retries gives an error response (recorded on the step, marked
    ``unavailable`` when the service could not answer), not an exception.
    """

    name = "openai"

    def __init__(self, config: OpenAIConfig, client: httpx.AsyncClient | None = None):
        self.config = config
        self._client = client
        # one limit per event loop: an asyncio.Semaphore binds to the first loop that waits on it, so a policy used by
        # a second asyncio.run (two runs of one Harness in a script) failed every contended call with a RuntimeError,
        # recorded as the model's step errors
        self._sems: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()

    def _limit(self) -> asyncio.Semaphore:
        """Return the concurrency limit of the running event loop."""
        loop = asyncio.get_running_loop()
        if loop not in self._sems:
            self._sems[loop] = asyncio.Semaphore(self.config.concurrency)
        return self._sems[loop]

    def for_episode(self, instance: TaskInstance, seed: int) -> "OpenAIPolicy":
        return self

    def _payload(self, request: PolicyRequest) -> dict[str, Any]:
        mime = "image/jpeg" if request.observation.image_format == "jpeg" else "image/png"
        messages = []
        for m in request.messages:
            if isinstance(m["content"], str):
                messages.append(m)
                continue
            parts = []
            for p in m["content"]:
                if p["type"] == "image":
                    data = base64.b64encode(request.image(p["ref"])).decode()
                    parts.append({"type": "image_url", "image_url": {"url": f"data:{mime};base64,{data}"}})
                else:
                    parts.append(p)
            messages.append({"role": m["role"], "content": parts})
        payload = {"model": self.config.model, "messages": messages, "temperature": self.config.temperature,
                   "max_tokens": self.config.max_tokens, "seed": request.seed}
        if self.config.logprobs:
            payload["logprobs"] = True
        return {k: v for k, v in {**payload, **self.config.extra_body}.items() if v is not None}

    async def __call__(self, request: PolicyRequest) -> PolicyResponse:
        url = self.config.base_url.rstrip("/") + "/chat/completions"
        headers = {}
        key = os.environ.get(self.config.api_key_env)
        if key:
            headers["Authorization"] = f"Bearer {key}"
        payload = self._payload(request)
        client = self._client or httpx.AsyncClient(timeout=self.config.timeout_s)
        start = time.perf_counter()
        error, unavailable = "no attempt made", "transient"
        timeouts = 0
        try:
            async with self._limit():
                for attempt in range(self.config.retries + 1):
                    wait = None
                    try:
                        # httpx's timeout bounds each read, not the call: a server that trickles its answer (or
                        # keep-alive whitespace) held the step for ever; the deadline bounds the whole call
                        resp = await within(self.config.timeout_s, client.post(url, json=payload, headers=headers,
                                                                               timeout=self.config.timeout_s))
                    except (httpx.HTTPError, TimeoutError) as exc:
                        error, unavailable = f"{type(exc).__name__}: {exc}", "transient"
                        if isinstance(exc, (httpx.TimeoutException, TimeoutError)):
                            timeouts += 1
                            error = f"timed out: no answer within {self.config.timeout_s:g} s"
                            if timeouts > self.config.timeout_retries:
                                break
                    else:
                        if resp.status_code == 200:
                            return self._parse(resp, start)
                        error = f"HTTP {resp.status_code}: {resp.text[:200]}"
                        if resp.status_code in (401, 403) and not key:
                            error += f" (no API key sent: environment variable {self.config.api_key_env} is not set)"
                        if resp.status_code not in RETRY_STATUS:
                            unavailable = "permanent" if _refused(resp.status_code, request.step) else None
                            break
                        unavailable, wait = "transient", _retry_after(resp)
                    if attempt < self.config.retries:
                        await asyncio.sleep(wait if wait is not None else min(8.0, 0.25 * 2 ** attempt))
        finally:
            if self._client is None:
                await client.aclose()
        return PolicyResponse(text="", error=f"model call to {url} failed: {error}", unavailable=unavailable,
                              latency_ms=(time.perf_counter() - start) * 1000)

    def _parse(self, resp: httpx.Response, start: float) -> PolicyResponse:
        try:
            body = resp.json()
            choice = body["choices"][0]
            text = message_text(choice["message"])
            logprobs, token_ids = _sampled_tokens(choice.get("logprobs"))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            # a proxy's HTML page or a half-implemented server: the service did not answer the question
            return PolicyResponse(text="", error=f"malformed chat completion ({type(exc).__name__}: {exc}): "
                                                 f"{resp.text[:200]}", unavailable="transient")
        usage = body.get("usage") if isinstance(body.get("usage"), dict) else {}
        if choice.get("finish_reason") is not None:
            usage = {**usage, "finish_reason": choice["finish_reason"]}  # "length": cut at max_tokens
        return PolicyResponse(text=text, logprobs=logprobs, token_ids=token_ids, usage=usage,
                              latency_ms=(time.perf_counter() - start) * 1000)


_TOKEN_ID = re.compile(r"^token_id:(\d+)$")


def _sampled_tokens(logprobs: Any) -> tuple[list[float] | None, list[int] | None]:
    """Return the per-token log-probs of a choice and, when the server names them, the sampled token ids.

    Ids come from a ``token_id`` field or from vLLM's ``return_tokens_as_token_ids`` token strings
    (``"token_id:151644"``); they are kept only when every token has one, so they align with the log-probs.
    Log-probs are kept only when every token has a number (None, None otherwise): one ``null`` used to fail the whole
    answer as a malformed completion, so a good output was thrown away and counted as an outage; and dropping just
    the odd entries would misalign the rest with the completion's tokens.
    """
    content = logprobs.get("content") if isinstance(logprobs, dict) else None
    if not isinstance(content, list) or not content:
        return None, None
    entries = content
    if not all(isinstance(t, dict) and isinstance(t.get("logprob"), (int, float))
               and not isinstance(t.get("logprob"), bool) for t in entries):
        return None, None
    values = [float(t["logprob"]) for t in entries]
    ids = []
    for t in entries:
        if isinstance(t.get("token_id"), int):
            ids.append(t["token_id"])
        elif isinstance(t.get("token"), str) and (m := _TOKEN_ID.match(t["token"])):
            ids.append(int(m.group(1)))
    return values, ids if len(ids) == len(entries) else None
