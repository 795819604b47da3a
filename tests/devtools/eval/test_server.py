"""The metering proxy in front of an OpenAI-compatible server (the stub plays llama-server): what it counts."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
import urllib.request
from typing import Any

from devtools.eval.server import MeteringProxy
from tests.support.stub_openai_server import StubOpenAIServer


def _chat(api_base: str, body: dict[str, Any]) -> bytes:
    request = urllib.request.Request(f"{api_base}/chat/completions", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.read()


def test_a_call_is_counted_with_the_tokens_the_server_reports() -> None:
    with StubOpenAIServer([{"content": "hi", "usage": {"prompt_tokens": 120, "completion_tokens": 7}}]) as stub:
        proxy = MeteringProxy(stub.port).start()
        try:
            _chat(proxy.api_base, {"model": "m", "messages": [{"role": "user", "content": "hello"}]})
        finally:
            proxy.stop()

    assert (proxy.meter.model_calls, proxy.meter.tokens, proxy.meter.replies) == (1, 127, ["hi"])


def test_a_tool_call_counts_once_when_its_result_is_fed_back_however_often_the_history_is_resent() -> None:
    history = [{"role": "user", "content": "read a.py"},
               {"role": "assistant", "content": None, "tool_calls": [
                   {"id": "call_1", "type": "function", "function": {"name": "file_read", "arguments": "{}"}}]},
               {"role": "tool", "tool_call_id": "call_1", "content": "print(1)"}]
    with StubOpenAIServer([], default={"content": "done"}) as stub:
        proxy = MeteringProxy(stub.port).start()
        try:
            _chat(proxy.api_base, {"model": "m", "messages": history})
            _chat(proxy.api_base, {"model": "m", "messages": [*history, {"role": "user", "content": "again"}]})
        finally:
            proxy.stop()

    assert (proxy.meter.model_calls, proxy.meter.tool_calls) == (2, 1)


def test_a_call_written_as_text_and_never_run_is_not_a_tool_call() -> None:
    blob = '```json\n{"name": "file_read", "arguments": {"path": "a.py"}}\n```'
    with StubOpenAIServer([{"content": blob}]) as stub:
        proxy = MeteringProxy(stub.port).start()
        try:
            _chat(proxy.api_base, {"model": "m", "messages": [{"role": "user", "content": "read a.py"}]})
        finally:
            proxy.stop()

    assert (proxy.meter.tool_calls, proxy.meter.replies) == (0, [blob])


def test_a_stream_is_relayed_whole_and_its_usage_read_from_the_last_chunk() -> None:
    with StubOpenAIServer([{"content": "streamed words", "usage": {"prompt_tokens": 40,
                                                                    "completion_tokens": 3}}]) as stub:
        proxy = MeteringProxy(stub.port).start()
        try:
            raw = _chat(proxy.api_base, {"model": "m", "stream": True, "stream_options": {"include_usage": True},
                                         "messages": [{"role": "user", "content": "go"}]})
        finally:
            proxy.stop()

    assert (raw.rstrip().endswith(b"data: [DONE]"), proxy.meter.tokens, proxy.meter.replies) == (
        True, 43, ["streamed words"])


def test_reset_hands_what_was_counted_and_starts_again() -> None:
    with StubOpenAIServer([], default={"content": "x"}) as stub:
        proxy = MeteringProxy(stub.port).start()
        try:
            _chat(proxy.api_base, {"model": "m", "messages": [{"role": "user", "content": "one"}]})
            done = proxy.reset()
        finally:
            proxy.stop()

    assert (done.model_calls, proxy.meter.model_calls) == (1, 0)


def test_a_client_that_gives_up_closes_its_request_upstream_so_the_server_can_cancel_it() -> None:
    upstream = socket.socket()
    upstream.bind(("127.0.0.1", 0))
    upstream.listen(1)
    upstream.settimeout(10)
    proxy = MeteringProxy(int(upstream.getsockname()[1])).start()
    try:
        request = urllib.request.Request(f"{proxy.api_base}/chat/completions", data=b'{"model": "m"}',
                                         headers={"Content-Type": "application/json"})
        with contextlib.suppress(OSError):  # the client's timeout: it goes away without an answer
            urllib.request.urlopen(request, timeout=0.5)
        connection, _ = upstream.accept()
        connection.settimeout(10)
        received = b""
        while True:
            piece = connection.recv(4096)
            if not piece:
                break
            received += piece
        connection.close()
    finally:
        proxy.stop()
        upstream.close()

    assert received.startswith(b"POST ")  # asked, then closed once the client had gone (not after 1,800 s)



def _sse_upstream(events: list[bytes], pause: float) -> socket.socket:
    """A server that answers one request with `events` as a chunked event stream, then waits `pause` seconds
    before the stream's last chunk (llama-server's end of stream can come well after its `data: [DONE]`)."""
    upstream = socket.socket()
    upstream.bind(("127.0.0.1", 0))
    upstream.listen(1)

    def serve() -> None:
        connection, _ = upstream.accept()
        with connection:
            connection.recv(65536)
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                               b"Transfer-Encoding: chunked\r\n\r\n")
            for event in events:
                connection.sendall(f"{len(event):x}\r\n".encode() + event + b"\r\n")
            time.sleep(pause)
            with contextlib.suppress(OSError):
                connection.sendall(b"0\r\n\r\n")

    threading.Thread(target=serve, daemon=True).start()
    return upstream


def test_a_streamed_reply_is_counted_by_the_time_its_client_has_done() -> None:
    events = [b'data: {"choices": [{"delta": {"content": "90"}}]}\n\n',
              b'data: {"choices": [], "usage": {"prompt_tokens": 700, "completion_tokens": 2}}\n\n',
              b"data: [DONE]\n\n"]
    upstream = _sse_upstream(events, pause=2.0)
    proxy = MeteringProxy(int(upstream.getsockname()[1])).start()
    try:
        client = socket.create_connection(("127.0.0.1", int(proxy.api_base.split(":")[2].split("/")[0])))
        body = b'{"model": "m", "stream": true}'
        client.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                       + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        received = b""
        while b"[DONE]" not in received:
            received += client.recv(4096)
        client.close()  # gone before the stream's end, as Orkeon's client is; its attempt is judged now
        counted = proxy.reset()
    finally:
        proxy.stop()
        upstream.close()

    assert (counted.tokens, counted.replies) == (702, ["90"])


def test_the_client_watch_ends_quietly_when_the_client_connection_is_already_closed() -> None:
    import http.client

    from devtools.eval.server import _handler

    handler_class = _handler(MeteringProxy(1))
    handler = handler_class.__new__(handler_class)  # only the watch is exercised: no request is served
    closed = socket.socket()
    closed.close()  # its file descriptor is now -1, as when Orkeon hung up at its time limit
    handler.connection = closed

    handler._watch_client(http.client.HTTPConnection("127.0.0.1", 1), threading.Event())  # returns, no ValueError
