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
from toolkit.harness import OpenAIConfig, OpenAIPolicy, PolicyRequest, TextFormat
from toolkit.tasks import TaskInstance


class _Handler(BaseHTTPRequestHandler):
    script: list = []
    seen: list = []

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.seen.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
        status, payload = self.script.pop(0)
        data = json.dumps(payload).encode()
        self.send_response(status)
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


def _request():
    obs = Observation(image=b"\xff\xd8fake", width=10, height=20)
    inst = TaskInstance(task_id="t", seed=1, instruction="do", params={}, setup={}, reference=[], expected_changes=[], max_steps=3)
    messages = [{"role": "system", "content": "sys"},
                {"role": "user", "content": [{"type": "text", "text": "Task: do"}, {"type": "image", "ref": "obs:0"}]}]
    return PolicyRequest(messages=messages, image=lambda ref: b"\xff\xd8fake", observation=obs, instance=inst, step=0,
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
    handler.script.extend([(400, {"error": "bad request"})])
    policy = OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny", retries=3))
    response = await policy(_request())
    assert response.text == "" and "HTTP 400" in response.error and len(handler.seen) == 1


async def test_malformed_completion_is_an_error(server):
    handler, url = server
    handler.script.extend([(200, {"nothing": True})])
    response = await OpenAIPolicy(OpenAIConfig(base_url=url, model="tiny"))(_request())
    assert "malformed" in response.error
