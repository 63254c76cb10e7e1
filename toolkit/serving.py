"""Serve a local VLM through the OpenAI chat-completions protocol on loopback.

``POST /v1/chat/completions`` (messages with ``image_url`` data URLs, ``temperature``, ``max_tokens``,
``seed``, ``logprobs``) and ``GET /v1/models``. Enough for the harness's OpenAI-compatible policy
to talk to a local checkpoint exactly as it talks to ``vllm serve`` or a hosted API.
"""

from __future__ import annotations

import base64
import io
import json
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from toolkit.models.hf import HFChatModel


def _decode_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from PIL import Image

    out = []
    for m in messages:
        content = m.get("content")
        if isinstance(content, str):
            out.append({"role": m["role"], "content": [{"type": "text", "text": content}]})
            continue
        parts = []
        for p in content or []:
            if p.get("type") == "image_url":
                url = p["image_url"]["url"]
                if not url.startswith("data:"):
                    raise ValueError("only data: URLs are accepted (no network)")
                parts.append({"type": "image", "image": Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")})
            elif p.get("type") == "text":
                parts.append({"type": "text", "text": p["text"]})
            else:
                raise ValueError(f"unsupported content part {p.get('type')!r}")
        out.append({"role": m["role"], "content": parts})
    return out


class ChatServer:
    """Serve ``model_path`` under ``name`` on ``host:port`` (port 0 picks one) from a daemon thread."""

    def __init__(self, model_path: str | Path, name: str = "local", host: str = "127.0.0.1", port: int = 0):
        model = HFChatModel(model_path)
        self.model = model  # overlapping requests (one thread each) share its batches
        served = name

        class Handler(BaseHTTPRequestHandler):
            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # noqa: N802
                if self.path.rstrip("/") == "/v1/models":
                    self._send(200, {"object": "list", "data": [{"id": served, "object": "model"}]})
                else:
                    self._send(404, {"error": {"message": f"no route {self.path}"}})

            def do_POST(self) -> None:  # noqa: N802
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                try:
                    body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                    if body.get("model") not in (None, served):  # as vllm serve answers a wrong --model-name
                        missing = f"The model `{body['model']}` does not exist."
                        self._send(HTTPStatus.NOT_FOUND, {"error": {"message": missing}})
                        return
                    messages = _decode_messages(body["messages"])
                    gen = model.generate(messages, float(body.get("temperature", 0.0)), int(body.get("max_tokens", 128)),
                                         body.get("seed"))
                except (AttributeError, KeyError, ValueError, TypeError, json.JSONDecodeError) as exc:
                    self._send(HTTPStatus.BAD_REQUEST, {"error": {"message": f"bad request: {exc}"}})
                    return
                choice: dict[str, Any] = {"index": 0, "message": {"role": "assistant", "content": gen.text},
                                          "finish_reason": gen.finish_reason}
                if body.get("logprobs"):
                    tok = model.processor.tokenizer
                    choice["logprobs"] = {"content": [{"token": tok.convert_ids_to_tokens(i), "logprob": lp, "token_id": i}
                                                      for i, lp in zip(gen.token_ids, gen.logprobs)]}
                self._send(200, {"id": f"chatcmpl-{time.monotonic_ns()}", "object": "chat.completion", "model": served,
                                 "choices": [choice], "usage": {"prompt_tokens": gen.prompt_tokens,
                                                                "completion_tokens": len(gen.token_ids)}})

            def log_message(self, *args: Any) -> None:
                return

        self._httpd = ThreadingHTTPServer((host, port), Handler)
        self._httpd.daemon_threads = True
        threading.Thread(target=self._httpd.serve_forever, name="guigym-chat", daemon=True).start()

    @property
    def url(self) -> str:
        """Return the OpenAI base URL, e.g. ``http://127.0.0.1:40123/v1``."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def close(self) -> None:
        """Stop serving."""
        self._httpd.shutdown()
        self._httpd.server_close()
