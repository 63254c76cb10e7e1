"""The local chat server answers a request it cannot take with a 400 naming the field, and keeps serving."""

from __future__ import annotations

import base64

import httpx
import pytest


def test_the_chat_server_refuses_a_bad_request_naming_the_field_and_keeps_serving(tiny_vlm):
    """A non-image data URL, a string seed or no messages dropped the connection without an answer (the handler
    raised); a negative temperature was served as if greedy."""
    from toolkit.serving import ChatServer

    server = ChatServer(tiny_vlm, name="tiny")
    try:
        def ask(**fields):
            body = {"model": "tiny", "max_tokens": 3, "messages": [{"role": "user", "content": "hi"}], **fields}
            return httpx.post(server.url + "/chat/completions", json=body, timeout=120)

        junk = "data:image/png;base64," + base64.b64encode(b"not an image").decode()
        cases = {
            "messages.0.content.1.image_url: not a base64-encoded image": ask(messages=[
                {"role": "user", "content": [{"type": "text", "text": "look"}, {"type": "image_url", "image_url": {"url": junk}}]}]),
            "only data: URLs": ask(messages=[{"role": "user", "content": [
                {"type": "image_url", "image_url": {"url": "http://example.com/a.png"}}]}]),
            "messages.0.content.0: unsupported content part 'video'": ask(messages=[
                {"role": "user", "content": [{"type": "video"}]}]),
            "messages.0.content.0: Value error, a text part needs its 'text' field": ask(messages=[
                {"role": "user", "content": [{"type": "text"}]}]),
            "seed: ": ask(seed="abc"),
            "messages: ": ask(messages=[]),
            "messages.0.role: ": ask(messages=[{"role": "wizard", "content": "hi"}]),
            "temperature: ": ask(temperature=-1),
            "max_tokens: ": ask(max_tokens=0),
        }
        for field, answer in cases.items():
            assert answer.status_code == 400, (field, answer.text)
            assert field in answer.json()["error"]["message"], (field, answer.text)
        whole = httpx.post(server.url + "/chat/completions", json=[1, 2], timeout=120)
        assert whole.status_code == 400 and "body: " in whole.json()["error"]["message"]
        ok = ask(top_p=0.9)  # another field of the protocol is taken along, as clients send them
        assert ok.status_code == 200 and ok.json()["choices"][0]["message"]["role"] == "assistant"
    finally:
        server.close()
