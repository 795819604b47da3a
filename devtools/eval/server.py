"""The model server of the eval: llama.cpp's llama-server on a loopback port, and a metering proxy in front.

Orkeon is pointed at the proxy, which forwards every request unchanged to llama-server and reads what goes
by: each chat completion is a model call; the tokens are the usage the server reports (also from the last
chunk of a stream); a tool call is counted when its result is fed back to the model (a `tool` message with
an id not seen before, or a tool-result text of the prompt protocol), so a call the model only wrote as text
and Orkeon never ran does not count. The proxy also keeps the text of every reply for the checks. When
Orkeon goes away before the answer (its llm.timeout), the proxy closes its request upstream too, so llama-
server cancels the task as it would if asked directly, instead of writing an answer nobody reads while the
next requests wait for its one slot.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import select
import socket
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from orkeon_engine.adapters.llama_server_process import LlamaServerProcess, free_port
from orkeon_engine.domain.model.local_model import CONTEXT_SIZE

__all__ = ["CONTEXT_SIZE", "SERVED_NAME", "LlamaServer", "Meter", "MeteringProxy", "free_port"]

SERVED_NAME = "qwen"
HOP_HEADERS = {"connection", "keep-alive", "transfer-encoding", "content-length", "host"}
# A tool result of the prompt protocol, fed back as text: the eval counts one per tag.
TEXT_RESULT = re.compile(r"<tool_result\b")


class LlamaServer(LlamaServerProcess):
    """llama-server serving one GGUF file with its chat template (`--jinja`) on 127.0.0.1, under the eval's
    served name: the product's own server process (orkeon_engine/adapters/llama_server_process.py)."""

    def __init__(self, binary: Path, model: Path, log: Path, threads: int = 2) -> None:
        super().__init__(binary, model, log, alias=SERVED_NAME, threads=threads)


@dataclass
class Meter:
    """What went through the proxy since the last reset."""

    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    tool_result_ids: set[str] = field(default_factory=set)
    text_results: int = 0
    replies: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    exchanges: list[dict[str, Any]] = field(default_factory=list)
    """Each chat request as sent and the reply it got (text and tool calls), for `make eval TRACE=DIR`."""

    @property
    def tool_calls(self) -> int:
        return len(self.tool_result_ids) + self.text_results

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class MeteringProxy:
    """A loopback HTTP proxy to `upstream` that fills a Meter (the module docstring)."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.meter = Meter()
        self.lock = threading.Lock()
        self.server = _QuietServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._max_text_results = 0

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def start(self) -> MeteringProxy:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def reset(self) -> Meter:
        """Hand the meter of what is done and start a new one."""
        with self.lock:
            done, self.meter = self.meter, Meter()
            self._max_text_results = 0
        return done

    def saw_request(self, body: dict[str, Any]) -> None:
        messages = body.get("messages") or []
        texts = 0
        with self.lock:
            self.meter.model_calls += 1
            self.meter.exchanges.append({"request": body})
            for message in messages:
                if message.get("role") == "tool" and message.get("tool_call_id"):
                    self.meter.tool_result_ids.add(str(message["tool_call_id"]))
                elif message.get("role") == "user":
                    texts += len(TEXT_RESULT.findall(_content_text(message.get("content"))))
            # A conversation resends its history: the text results counted are the most one request held,
            # summed over conversations only as far as they grow (an approximation the docs name).
            if texts > self._max_text_results:
                self.meter.text_results += texts - self._max_text_results
                self._max_text_results = texts

    def saw_reply(self, payload: dict[str, Any]) -> None:
        usage = payload.get("usage") or {}
        with self.lock:
            self.meter.prompt_tokens += int(usage.get("prompt_tokens") or 0)
            self.meter.completion_tokens += int(usage.get("completion_tokens") or 0)
            for choice in payload.get("choices") or []:
                message = choice.get("message") or {}
                text = _content_text(message.get("content"))
                calls = message.get("tool_calls") or []
                named = " ".join(f"[tool_call {call.get('function', {}).get('name')}]" for call in calls)
                self.meter.replies.append(" ".join(part for part in (text, named) if part))
                waiting = [exchange for exchange in self.meter.exchanges if "reply" not in exchange]
                if waiting:
                    waiting[0]["reply"] = {"content": text, "tool_calls": calls, "usage": usage}


class _QuietServer(ThreadingHTTPServer):
    """The proxy's server: a client that hangs up (an agent stopped at its time limit, a closed keep-alive
    connection) is how attempts end, not an error to print a traceback for."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return ""


def _stream_reply(lines: list[bytes]) -> dict[str, Any]:
    """The one reply a stream of chat.completion.chunk lines adds up to (its text, tool names, usage)."""
    text: list[str] = []
    names: list[str] = []
    arguments: list[str] = []
    usage: dict[str, Any] = {}
    for line in lines:
        if not line.startswith(b"data:") or line.strip() == b"data: [DONE]":
            continue
        with contextlib.suppress(ValueError):
            chunk = json.loads(line[5:])
            usage = chunk.get("usage") or usage
            for choice in chunk.get("choices") or []:
                delta = choice.get("delta") or {}
                text.append(delta.get("content") or "")
                for call in delta.get("tool_calls") or []:
                    function = call.get("function") or {}
                    if function.get("name"):
                        names.append(function["name"])
                        arguments.append("")
                    if arguments:
                        arguments[-1] += function.get("arguments") or ""
    message: dict[str, Any] = {"content": "".join(text)}
    if names:
        message["tool_calls"] = [{"function": {"name": name, "arguments": args}}
                                 for name, args in zip(names, arguments, strict=True)]
    return {"usage": usage, "choices": [{"message": message}]}


def _handler(proxy: MeteringProxy) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # the eval reads no access log
            return

        def do_GET(self) -> None:
            self._forward(b"")

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            parsed: dict[str, Any] = {}
            with contextlib.suppress(ValueError):
                parsed = json.loads(body or b"{}")
            is_chat = self.path.rstrip("/").endswith("/chat/completions")
            if is_chat:
                proxy.saw_request(parsed)
            self._forward(body, is_chat)

        def _forward(self, body: bytes, is_chat: bool = False) -> None:
            upstream = http.client.HTTPConnection("127.0.0.1", proxy.upstream_port, timeout=1800)
            headers = {key: value for key, value in self.headers.items() if key.lower() not in HOP_HEADERS}
            left = threading.Event()
            watcher = threading.Thread(target=self._watch_client, args=(upstream, left), daemon=True)
            try:
                upstream.request(self.command, self.path, body=body or None, headers=headers)
                watcher.start()
                answer = upstream.getresponse()
                self.send_response(answer.status)
                for key, value in answer.getheaders():
                    if key.lower() not in HOP_HEADERS:
                        self.send_header(key, value)
                if "text/event-stream" in (answer.getheader("Content-Type") or ""):
                    self._relay_stream(answer, is_chat)
                else:
                    data = answer.read()
                    if is_chat and answer.status == 200:  # counted before the client can have it (above)
                        with contextlib.suppress(ValueError):
                            proxy.saw_reply(json.loads(data))
                    elif is_chat:
                        proxy.meter.errors.append(f"{answer.status}: {data[:300].decode(errors='replace')}")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
            except OSError as error:
                with contextlib.suppress(OSError):
                    self.send_error(502, f"llama-server: {error}")
            finally:
                left.set()
                upstream.close()

        def _watch_client(self, upstream: http.client.HTTPConnection, done: threading.Event) -> None:
            """Close the upstream request when Orkeon goes away (its timeout), as llama-server would see it
            asked directly: the server then cancels the task instead of writing an answer nobody reads."""
            while not done.wait(0.5):
                try:
                    readable, _, _ = select.select([self.connection], [], [], 0)
                    if readable and not self.connection.recv(1, socket.MSG_PEEK):
                        if upstream.sock is not None:
                            upstream.sock.shutdown(socket.SHUT_RDWR)
                        return
                except (OSError, ValueError):  # the connection closed under us (ValueError: its fd is -1)
                    return

        def _relay_stream(self, answer: http.client.HTTPResponse, is_chat: bool) -> None:
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            seen: list[bytes] = []
            counted = not is_chat
            try:
                for line in _lines(answer):
                    seen.append(line)
                    if not counted and line.strip() == b"data: [DONE]":
                        # Counted before the client has its last line: it may be gone (its attempt judged and
                        # the meter read) before the server's stream ends.
                        proxy.saw_reply(_stream_reply(seen))
                        counted = True
                    self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")
            finally:
                if not counted:
                    proxy.saw_reply(_stream_reply(seen))

    return Handler


def _lines(answer: http.client.HTTPResponse) -> Iterator[bytes]:
    while True:
        line = answer.readline()
        if not line:
            return
        yield line
