"""Serve a local VLM through the OpenAI chat-completions protocol on loopback.

``POST /v1/chat/completions`` (messages with ``image_url`` data URLs, ``temperature``, ``max_tokens``,
``seed``, ``logprobs``) and ``GET /v1/models``. Enough for the harness's OpenAI-compatible policy
to talk to a local checkpoint exactly as it talks to ``vllm serve`` or a hosted API.

A request that does not fit (no messages, an unknown role, ``max_tokens`` < 1, a negative ``temperature``, a
``seed`` that is not an integer, an image that does not decode) is a 400 naming the field; a failure while
generating is a 500 with its message. Either way the answer is JSON and the connection stays open.
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
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from toolkit.models.hf import HFChatModel


class _ImageURL(BaseModel):
    model_config = ConfigDict(extra="ignore")  # "detail" and the like: the protocol's, of no use here

    url: str


class _Part(BaseModel):
    model_config = ConfigDict(extra="ignore")

    type: Literal["text", "image_url"]
    text: str | None = None
    image_url: _ImageURL | None = None

    @model_validator(mode="after")
    def _has_its_field(self) -> "_Part":
        if getattr(self, self.type) is None:
            raise ValueError(f"a {self.type} part needs its {self.type!r} field")
        return self


class _Message(BaseModel):
    model_config = ConfigDict(extra="ignore")  # "name", "tool_calls": the protocol's, of no use here

    role: Literal["system", "user", "assistant"]
    # parts are checked one by one in _decode_messages: a union with list[_Part] answered an unknown part type with
    # both branches' errors, not "unsupported content part"
    content: str | list[dict[str, Any]] | None = None


class ChatRequest(BaseModel):
    """The chat-completions fields this server reads. Other fields of the protocol (``top_p``, ``stream``, ...)
    are ignored, as an OpenAI-compatible server must take what clients send along (``OpenAIConfig.extra_body``)."""

    model_config = ConfigDict(extra="ignore")

    model: str | None = None
    messages: list[_Message] = Field(min_length=1)
    temperature: float = Field(0.0, ge=0.0)
    max_tokens: int = Field(128, ge=1)
    seed: int | None = Field(None, ge=0, le=2**64 - 1)  # torch.manual_seed's range
    logprobs: bool = False


def _request_error(exc: ValidationError, where: str = "") -> str:
    """Return a pydantic error as one line naming each field (``messages.0.role: ...``), under ``where`` if given."""
    return "; ".join(f"{'.'.join([*([where] if where else []), *map(str, e['loc'])]) or 'body'}: {e['msg']}"
                     for e in exc.errors())


def _decode_messages(messages: list[_Message]) -> list[dict[str, Any]]:
    """Return the messages for the processor (images as PIL images); raise ValueError naming a part that fails."""
    from PIL import Image

    out = []
    for i, m in enumerate(messages):
        if isinstance(m.content, str):
            out.append({"role": m.role, "content": [{"type": "text", "text": m.content}]})
            continue
        parts = []
        for j, raw in enumerate(m.content or []):
            if raw.get("type") not in ("text", "image_url"):
                raise ValueError(f"messages.{i}.content.{j}: unsupported content part {raw.get('type')!r} (this server "
                                 "takes text and image_url)")
            try:
                p = _Part.model_validate(raw)
            except ValidationError as exc:
                raise ValueError(_request_error(exc, f"messages.{i}.content.{j}")) from None
            if p.type == "text":
                parts.append({"type": "text", "text": p.text})
                continue
            where = f"messages.{i}.content.{j}.image_url"
            header, comma, data = p.image_url.url.partition(",")
            if not header.startswith("data:") or not comma:
                raise ValueError(f"{where}: only data: URLs are accepted (no network)")
            try:
                image = Image.open(io.BytesIO(base64.b64decode(data, validate=True))).convert("RGB")
            except (OSError, ValueError) as exc:  # binascii.Error is a ValueError, PIL's UnidentifiedImageError an OSError
                raise ValueError(f"{where}: not a base64-encoded image ({type(exc).__name__}: {exc})") from None
            parts.append({"type": "image", "image": image})
        out.append({"role": m.role, "content": parts})
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
                    body = ChatRequest.model_validate(json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0)))))
                    if body.model not in (None, served):  # as vllm serve answers a wrong --model-name
                        missing = f"The model `{body.model}` does not exist."
                        self._send(HTTPStatus.NOT_FOUND, {"error": {"message": missing}})
                        return
                    messages = _decode_messages(body.messages)
                except ValidationError as exc:
                    self._send(HTTPStatus.BAD_REQUEST, {"error": {"message": f"bad request: {_request_error(exc)}"}})
                    return
                except ValueError as exc:  # json.JSONDecodeError too
                    self._send(HTTPStatus.BAD_REQUEST, {"error": {"message": f"bad request: {exc}"}})
                    return
                try:
                    gen = model.generate(messages, body.temperature, body.max_tokens, body.seed)
                except Exception as exc:  # noqa: BLE001 -- answered, not raised: the handler would drop the connection
                    self._send(HTTPStatus.INTERNAL_SERVER_ERROR,
                               {"error": {"message": f"generation failed: {type(exc).__name__}: {exc}"}})
                    return
                choice: dict[str, Any] = {"index": 0, "message": {"role": "assistant", "content": gen.text},
                                          "finish_reason": gen.finish_reason}
                if body.logprobs:
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
