"""The OpenAI-compatible policy over real HTTP.

The server here is a test double for a remote chat-completions API (none can be reached from this
machine): a loopback HTTP server that records requests and answers scripted completions, with
429 and 500 answers to exercise the retries. Serving a real tiny model through the same protocol
is covered by the harness-depth suite.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from toolkit.envs.base import Observation
from toolkit.harness import OpenAIConfig, OpenAIPolicy, PolicyRequest, TextFormat, get_format, make_policy
from toolkit.harness.openai_policy import MAX_RETRY_AFTER_S, message_text
from toolkit.tasks import TaskInstance


class _Handler(BaseHTTPRequestHandler):
    script: list = []
    seen: list = []

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.seen.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
        status, payload, *headers = self.script.pop(0)
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()  # bytes: a raw body
        self.send_response(status)
        for name, value in (headers[0] if headers else {}).items():
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        return


@pytest.fixture
def server():
    handler = type("H", (_Handler,), {"script": [], "seen": []})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield handler, f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()


def _request(step=0):
    obs = Observation(image=b"\xff\xd8fake", width=10, height=20)
    inst = TaskInstance(task_id="t", seed=1, instruction="do", params={}, setup={}, reference=[], expected_changes=[], max_steps=3)
    messages = [{"role": "system", "content": "sys"},
                {"role": "user", "content": [{"type": "text", "text": "Task: do"}, {"type": "image", "ref": "obs:0"}]}]
    return PolicyRequest(messages=messages, image=lambda ref: b"\xff\xd8fake", observation=obs, instance=inst, step=step,
                         seed=1, format=TextFormat())


def _completion(text, logprobs=None):
    choice = {"message": {"role": "assistant", "content": text}}
    if logprobs:
        choice["logprobs"] = {"content": [{"token": "a", "logprob": lp} for lp in logprobs]}
    return {"choices": [choice], "usage": {"prompt_tokens": 5}}


async def test_images_as_data_urls_retries_and_logprobs(server, monkeypatch):
    handler, url = server
    monkeypatch.setenv("TEST_KEY", "sk-test")
    handler.script.extend([(429, {"error": "slow down"}), (500, {"error": "oops"}),
                           (200, _completion("Action: click(x=1, y=2)", [-0.5, -1.0]))])
    policy = OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", api_key_env="TEST_KEY", retries=3, logprobs=True))
    response = await policy(_request())
    assert response.text == "Action: click(x=1, y=2)" and response.logprobs == [-0.5, -1.0] and response.error is None
    assert len(handler.seen) == 3
    body = handler.seen[-1]["body"]
    assert handler.seen[-1]["path"] == "/v1/chat/completions" and handler.seen[-1]["auth"] == "Bearer sk-test"
    image = body["messages"][1]["content"][1]
    assert image["type"] == "image_url" and image["image_url"]["url"].startswith("data:image/jpeg;base64,")
    assert body["model"] == "tiny" and body["logprobs"] is True


async def test_client_errors_are_not_retried_and_give_an_error_response(server):
    handler, url = server
    handler.script.extend([(400, {"error": "prompt too long"}), (400, {"error": "unknown field: seed"})])
    policy = OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", retries=3))
    response = await policy(_request(step=7))
    assert response.text == "" and "HTTP 400" in response.error and len(handler.seen) == 1
    assert response.unavailable is None  # late in an attempt: the agent's own step error (its history), not an outage
    first = await policy(_request(step=0))
    assert first.unavailable == "permanent" and len(handler.seen) == 2  # the smallest request refused: a config error


async def test_token_counts_and_finish_reason_are_reported(server):
    handler, url = server
    cut = _completion("Action: click(x=1,")
    cut["choices"][0]["finish_reason"] = "length"
    handler.script.extend([(200, cut)])
    response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", max_tokens=4))(_request())
    assert response.usage == {"prompt_tokens": 5, "finish_reason": "length"}  # diagnosis lists such steps as truncated


async def test_malformed_completion_is_an_error(server):
    handler, url = server
    handler.script.extend([(200, {"nothing": True})])
    response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny"))(_request())
    assert "malformed" in response.error and response.unavailable == "transient"


async def test_wrong_model_name_or_key_is_permanent_and_not_retried(server):
    handler, url = server
    handler.script.extend([(404, {"error": {"message": "The model `x` does not exist."}}), (401, {"error": "no key"})])
    policy = OpenAIPolicy(OpenAIConfig(base_url=url, model="x", retries=3))
    for status in ("HTTP 404", "HTTP 401"):
        response = await policy(_request())
        assert response.unavailable == "permanent" and status in response.error
    assert len(handler.seen) == 2


async def test_unreachable_endpoint_is_a_transient_outage():
    import socket

    with socket.socket() as s:  # a loopback port nothing listens on: connection refused
        s.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{s.getsockname()[1]}/v1"
    response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", retries=1))(_request())
    assert response.unavailable == "transient" and "ConnectError" in response.error and url in response.error


async def test_busy_answers_honour_retry_after_then_succeed(server):
    handler, url = server
    handler.script.extend([(503, {"error": "loading"}, {"Retry-After": "0"}), (408, {"error": "slow"}),
                           (200, _completion("Action: wait()"))])
    response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", retries=2))(_request())
    assert response.text == "Action: wait()" and response.unavailable is None and len(handler.seen) == 3


def test_retry_after_is_read_in_seconds_and_capped():
    import httpx

    from toolkit.harness.openai_policy import _retry_after

    def wait(value):
        return _retry_after(httpx.Response(429, headers={"Retry-After": value} if value is not None else {}))

    assert wait("2.5") == 2.5 and wait("86400") == MAX_RETRY_AFTER_S and wait("-3") == 0.0
    assert wait(None) is None and wait("Wed, 21 Oct 2026 07:28:00 GMT") is None


async def test_server_parsed_tool_calls_are_written_back_for_the_format(server):
    handler, url = server
    call = {"id": "c1", "type": "function",
            "function": {"name": "mobile_use", "arguments": json.dumps({"action": "click", "coordinate": [500, 250]})}}
    handler.script.extend([(200, {"choices": [{"message": {"role": "assistant", "content": None, "tool_calls": [call]}}]})])
    response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny"))(_request())
    fmt = get_format("qwen3vl-mobile-v1")
    parsed = fmt.parse(response.text, size=(10, 20))
    assert parsed.error is None and [a.type for a in parsed.actions] == ["click"]
    assert (parsed.actions[0].x, parsed.actions[0].y) == (500, 250)
    # text before the calls is kept; a call whose arguments are not JSON reaches the parser verbatim
    text = message_text({"content": "I tap it.", "tool_calls": [{"function": {"name": "mobile_use", "arguments": "{bad"}}]})
    assert text.startswith("I tap it.\n<tool_call>") and '"arguments": "{bad"' in text
    assert fmt.parse(text, size=(10, 20)).error is not None


def test_sampling_options_reach_the_model_agents_and_are_refused_elsewhere():
    policy = make_policy("openai", model="http://127.0.0.1:1/v1", model_name="m", temperature=0.7, max_tokens=64)
    assert (policy.config.temperature, policy.config.max_tokens) == (0.7, 64)
    default = make_policy("openai", model="http://127.0.0.1:1/v1", model_name="m")
    assert (default.config.temperature, default.config.max_tokens) == (0.0, 512)
    with pytest.raises(ValueError, match="--temperature applies to the model agents"):
        make_policy("reference", temperature=0.5)
    with pytest.raises(ValueError, match="--model and --model-name are for the model agents.*not --agent random"):
        make_policy("random", model="http://127.0.0.1:1/v1")
    with pytest.raises(ValueError, match="--max-tokens must be at least 1"):
        make_policy("openai", model="u", model_name="m", max_tokens=0)
    with pytest.raises(ValueError, match=r"--temperature must be in \[0, 10\]"):
        make_policy("openai", model="u", model_name="m", temperature=-1)


async def test_extra_body_reaches_the_server_and_sampled_token_ids_are_recorded(server):
    handler, url = server
    by_string = {"content": [{"token": "token_id:151644", "logprob": -0.25}, {"token": "token_id:7", "logprob": -1.5}]}
    by_field = {"content": [{"token": "a", "token_id": 3, "logprob": -0.1}, {"token": "b", "logprob": -0.2}]}
    for logprobs in (by_string, by_field):
        handler.script.append((200, {"choices": [{"message": {"content": "Action: wait()"}, "logprobs": logprobs}]}))
    policy = OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", logprobs=True,
                                       extra_body={"return_tokens_as_token_ids": True, "top_k": 20, "seed": None}))
    first = await policy(_request())
    assert first.token_ids == [151644, 7] and first.logprobs == [-0.25, -1.5]
    body = handler.seen[0]["body"]
    assert body["top_k"] == 20 and body["return_tokens_as_token_ids"] is True and "seed" not in body
    second = await policy(_request())  # one token without an id: no ids at all, so they can never misalign
    assert second.token_ids is None and second.logprobs == [-0.1, -0.2]


async def test_a_server_that_never_answers_is_retried_once_then_an_outage():
    """A loopback socket that accepts connections and never replies (a hung server): the call gives up after
    ``timeout_retries`` + 1 requests rather than waiting out the timeout on every one of its ``retries``."""
    import asyncio
    import socket

    accepted: list[socket.socket] = []
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.setblocking(False)
    loop = asyncio.get_running_loop()

    async def accept_forever():
        while True:
            conn, _ = await loop.sock_accept(listener)
            accepted.append(conn)  # held open, never answered

    acceptor = asyncio.create_task(accept_forever())
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/v1"
    try:
        response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", timeout_s=0.3, retries=4,
                                                   timeout_retries=1))(_request())
    finally:
        acceptor.cancel()
        for conn in accepted:
            conn.close()
        listener.close()
    assert response.unavailable == "transient"
    assert "timed out: no answer within 0.3 s" in response.error and url in response.error
    assert len(accepted) == 2  # the first request and one retry, not 1 + retries


async def test_content_given_as_parts_is_the_models_text_not_an_outage(server):
    handler, url = server
    parts = [{"type": "text", "text": "Thought: save.\n"}, {"type": "text", "text": "Action: click(x=1, y=2)"}]
    handler.script.append((200, {"choices": [{"message": {"role": "assistant", "content": parts}}]}))
    response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny"))(_request())
    assert response.unavailable is None and response.error is None
    assert response.text == "Thought: save.\nAction: click(x=1, y=2)"


async def test_a_refused_call_without_a_key_names_the_variable_to_set(server, monkeypatch):
    handler, url = server
    monkeypatch.delenv("GUIGYM_TEST_MISSING_KEY", raising=False)
    handler.script.append((401, {"error": "missing bearer token"}))
    response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", api_key_env="GUIGYM_TEST_MISSING_KEY"))(_request())
    assert response.unavailable == "permanent" and handler.seen[0]["auth"] is None
    assert "environment variable GUIGYM_TEST_MISSING_KEY is not set" in response.error


async def test_a_body_that_is_not_json_is_an_outage_naming_what_came(server):
    handler, url = server
    handler.script.append((200, b"<html>502 Bad Gateway</html>"))
    response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny"))(_request())
    assert response.unavailable == "transient" and "malformed chat completion" in response.error
    assert "<html>502 Bad Gateway</html>" in response.error


async def test_a_token_without_a_log_prob_keeps_the_answer_and_drops_only_the_log_probs(server):
    """A server that writes ``"logprob": null`` for a token (or a non-object entry) answered the question: its text
    is the model's step, not an outage; its log-probs are left out whole rather than misaligned with the tokens."""
    handler, url = server
    odd = [[{"token": "a", "logprob": -0.5}, {"token": "b", "logprob": None}],
           [{"token": "a", "logprob": -0.5}, "b"], [{"token": "a", "logprob": True}]]
    for content in odd:
        handler.script.append((200, {"choices": [{"message": {"content": "Action: wait()"}, "logprobs": {"content": content}}]}))
    policy = OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", logprobs=True))
    for _ in odd:
        response = await policy(_request())
        assert response.unavailable is None and response.error is None and response.text == "Action: wait()"
        assert response.logprobs is None and response.token_ids is None


def test_one_policy_keeps_working_in_a_second_event_loop(server):
    """Two ``asyncio.run`` with one policy (a script running a Harness twice): its concurrency limit was one
    asyncio.Semaphore bound to the first loop, so every call that had to wait in the second loop raised RuntimeError,
    which the harness recorded as the model's step error. With ``concurrency=1`` the second call always waits."""
    import asyncio

    handler, url = server
    policy = OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", concurrency=1))

    async def two_at_once():
        return await asyncio.gather(policy(_request()), policy(_request()))

    for _ in range(2):
        handler.script.extend([(200, _completion("Action: wait()"))] * 2)
        assert [(r.error, r.text) for r in asyncio.run(two_at_once())] == [(None, "Action: wait()")] * 2


@pytest.mark.timeout(120)  # a hang guard: before the fix this call never returned
async def test_a_server_that_trickles_its_answer_is_cut_at_the_call_deadline():
    """A loopback server that answers 200 and then sends its body a byte at a time, for ever (as a proxy sending
    keep-alive whitespace does): httpx's timeout bounds each read, so the call waited for ever; ``timeout_s`` now
    bounds the whole call, and the step is an outage after ``timeout_retries`` + 1 tries."""
    import asyncio

    tries = []

    async def trickle(reader, writer):
        tries.append(1)
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n")
        try:
            while True:
                writer.write(b" ")
                await writer.drain()
                await asyncio.sleep(0.05)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    srv = await asyncio.start_server(trickle, "127.0.0.1", 0)
    url = f"http://127.0.0.1:{srv.sockets[0].getsockname()[1]}/v1"
    try:
        response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", timeout_s=0.5, retries=3,
                                                   timeout_retries=1))(_request())
    finally:
        srv.close()
    assert response.unavailable == "transient" and "timed out: no answer within 0.5 s" in response.error
    assert len(tries) == 2


async def test_a_refusal_is_recorded_as_the_models_output(server):
    """A hosted model that declines answers ``content: null`` with its words in ``refusal``: the step stored an empty
    output, so what the model said was lost to diagnosis."""
    handler, url = server
    message = {"role": "assistant", "content": None, "refusal": "I can't help with that."}
    handler.script.append((200, {"choices": [{"message": message, "finish_reason": "stop"}]}))
    response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny"))(_request())
    assert response.text == "I can't help with that." and response.error is None and response.unavailable is None


@pytest.mark.parametrize("field, value", [("concurrency", 0), ("retries", -1), ("timeout_retries", 1.5),
                                          ("max_tokens", 0), ("timeout_s", 0), ("timeout_s", float("nan"))])
def test_a_config_that_cannot_call_is_refused_naming_the_field(field, value):
    """concurrency=0 waited for ever on the first call, retries=-1 made no call and reported an outage."""
    with pytest.raises(ValueError, match=f"OpenAIConfig.{field} must be"):
        OpenAIConfig(base_url="http://127.0.0.1:1/v1", model="tiny", **{field: value})
