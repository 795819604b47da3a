"""A loopback OpenAI-compatible chat server with scripted replies, for the litellm adapter's tests and the
end-to-end tests.

It is stdlib only (http.server on 127.0.0.1, an ephemeral port by default, one thread per request) and
answers `POST /v1/chat/completions` (also `/chat/completions`), `GET /v1/models`, and the routes that
report a model's facts (below). Each chat request
takes the next step of the script; the JSON body of every request is kept in `requests` (and written, one
line each, to `--log FILE` on the command line).

As a context manager::

    with StubOpenAIServer([{"content": "hello"}]) as stub:
        model = "openai/stub-model"; api_base = stub.url      # http://127.0.0.1:PORT/v1

As a process (for the end-to-end tests; it prints `listening on http://127.0.0.1:PORT/v1` on its first
line of stdout, so `--port 0` lets the caller read the port)::

    python -m tests.support.stub_openai_server --port 0 --script script.json [--log requests.jsonl]

The script: a JSON list of steps, or an object `{"steps": [...], "default": step}` whose `default`
answers every request once the steps are used up (without one, an exhausted script answers 500 with
the message "the stub's script is exhausted"). A step is an object:

- `{"content": "text"}`: a plain assistant reply, finish_reason "stop".
- `{"tool_calls": [{"name": "file_read", "arguments": {"path": "a.py"}, "id": "call_1"}], "content": null}`:
  a reply with tool calls, finish_reason "tool_calls". `arguments` is an object (sent as its JSON text)
  or a string sent as is (to test bad JSON); `id` defaults to `call_<step>_<index>`.
- `"usage": {"prompt_tokens": 12, "completion_tokens": 5, "cached_tokens": 2,
  "cache_creation_input_tokens": 0}`: optional in a reply; the default counts 10 prompt and 5
  completion tokens.
- `"model": "name"`: optional, the model named in the response (default: the request's model).
- `{"status": 429, "error": "Rate limit reached"}`: an HTTP error with an OpenAI error body
  (`{"error": {"message", "type", "code"}}`); any status works (500, 503, 401, ...).
- `{"hang": 30}`: hold the request that many seconds (the client's timeout fires first) and then close
  the connection without an answer. `"delay": 0.2` in a reply waits that long before answering.
- `{"ramble": true}` (or `{"ramble": 0.01}`, the seconds between two words of a stream): a model that never
  stops by itself, as a small model rambles: it writes the word `la ` (one token each) until the request's
  `max_tokens`, then stops with finish_reason "length" (the usage says that many completion tokens).
  Without max_tokens a stream goes on until the client leaves or the server stops, and a plain request is
  never answered.
- `"finish_reason": "length"` in a reply: the finish reason sent instead of "stop" / "tool_calls" (an
  answer the server cut at max_tokens).
- `{"echo": true}`: reply with the last user message's text (handy for a default step).
- `"when": "text"`: optional in any step: the step answers only a request whose system or user messages
  hold that text (the first such step still waiting is taken); a step without it answers any request. This
  keeps two concurrent conversations (a parent and its child agent) each on its own steps.
- `{"body": {...}}` or `{"body": "text"}`: a 200 whose body is exactly that (a reply without `message`,
  without `choices`, or not JSON at all), to test how a malformed answer is reported.
- `"together": N` in a reply: hold the answer until N requests (counted in groups of N from the first such
  one) have arrived, or 30 s have passed; requests sent at once are then answered at once, so a test of
  concurrency does not depend on the machine's speed.

Schemas, like vLLM's guided decoding or llama.cpp's grammars (`schema=` on the constructor, or
`"schema": ...` in a script object):

- `"follow"`: a request that asks for JSON of a schema (`response_format` of type `json_schema`, or
  `tool_choice` forcing one function) is answered with the step's `"json"` value (its JSON text as the
  content, or as the forced function's arguments), checked against the requested schema, its `maxLength`,
  `pattern`, `minItems` and `enum` included (a mismatch answers 500 naming the problem, so a test script
  cannot pass what no such server would send); a step without `"json"` answers the smallest value the
  schema allows. A request that does not ask answers the step's
  `"content"`, or prose without any JSON when the step has only `"json"`.
- `"tools-only"`: as `follow`, but a request with `response_format` is refused with a 400 (without taking a
  step), as a server that does not take response_format does.
- unset: the steps are answered as they are written, whatever the request asks.

Model facts, as the servers teams run report them (`server=` on the constructor, or `"server": {...}` in a
script object, or `--server KIND --n-ctx N --n-predict N` on the command line), for the adapter that reads
a model's window and output limit (adapters/http_model_server.py):

- `{"kind": "llama.cpp", "n_ctx": 16384, "n_predict": 1024, "n_ctx_train": 131072}`: `GET /props` answers
  `default_generation_settings.n_ctx` and `.params.n_predict` (n_predict -1 when not given), and `GET
  /v1/models` carries `meta.n_ctx_train`, and `GET /health` answers 200, as a recent llama-server does;
- `{"kind": "vllm", "n_ctx": 32768}`: `/props` is 404 and `/v1/models` carries `max_model_len`;
- `{"kind": "ollama", "n_ctx": 8192, "n_predict": 512, "n_ctx_train": 32768}`: `/props` is 404 and
  `POST /api/show` answers `parameters` (num_ctx, num_predict) and `model_info` (`llama.context_length`);
- `{"redirect": "http://127.0.0.1:PORT"}`: those three routes answer 307 to the same path there;
- unset: `/props` and `/api/show` are 404 and `/v1/models` names the model only.

Every request to those routes is kept in `fact_requests` as (method, path, headers).

`timings` holds, for every answered request, when it arrived and when its answer was sent (time.monotonic),
so a test can see which requests overlapped.

When the request has `"stream": true`, a reply step is sent as server-sent events
(`data: {chat.completion.chunk}` lines, the text in pieces, each tool call in two pieces, a usage chunk
when `stream_options.include_usage` is set, then `data: [DONE]`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

DEFAULT_USAGE = {"prompt_tokens": 10, "completion_tokens": 5}
EXHAUSTED = {"status": 500, "error": "the stub's script is exhausted"}
SCHEMA_MODES = ("follow", "tools-only")
SERVER_KINDS = ("llama.cpp", "vllm", "ollama")
FACT_ROUTES = ("/props", "/v1/models", "/models", "/api/show")
PROSE = "I read the change carefully. Nothing in it worries me, and I would merge it as it is."
REFUSED_RESPONSE_FORMAT = "response_format is not supported by this server"


class StubOpenAIServer:
    """The server; `with` starts it on a thread and stops it (hanging requests included) on exit."""

    def __init__(self, steps: list[dict[str, Any]] | None = None, default: dict[str, Any] | None = None,
                 host: str = "127.0.0.1", port: int = 0, log: Path | None = None,
                 schema: str | None = None, server: dict[str, Any] | None = None) -> None:
        if schema is not None and schema not in SCHEMA_MODES:
            raise ValueError(f"schema must be one of {', '.join(SCHEMA_MODES)}, not {schema!r}")
        if server is not None and server.get("kind") not in (None, *SERVER_KINDS):
            raise ValueError(f"server kind must be one of {', '.join(SERVER_KINDS)}, not {server.get('kind')!r}")
        self.server = dict(server or {})
        self.fact_requests: list[tuple[str, str, dict[str, str]]] = []
        self.steps: list[dict[str, Any]] = list(steps or [])
        self.default = default
        self.schema = schema
        self.requests: list[dict[str, Any]] = []
        self.timings: list[tuple[float, float]] = []
        self.log = log
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._gate = threading.Condition()
        self._gathered = 0
        self._httpd = _Server((host, port), _handler_for(self))
        self._thread: threading.Thread | None = None

    @classmethod
    def from_script(cls, script: Any, **kwargs: Any) -> StubOpenAIServer:
        """Build from a script as its file holds it: a list of steps or {"steps": [...], "default": ...}."""
        if isinstance(script, list):
            return cls(script, **kwargs)
        if isinstance(script, dict) and isinstance(script.get("steps", []), list):
            return cls(script.get("steps", []), script.get("default"), schema=script.get("schema"),
                       server=script.get("server"), **kwargs)
        raise ValueError('a stub script is a JSON list of steps or {"steps": [...], "default": {...}}')

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        """The api base to hand litellm: http://127.0.0.1:PORT/v1."""
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> StubOpenAIServer:
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.02,), name="stub-openai",
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving (when started) and close the socket; hanging requests wake and close."""
        self._stopping.set()
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread = None
        self._httpd.server_close()

    def __enter__(self) -> StubOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def serve_forever(self) -> None:
        try:
            self._httpd.serve_forever()
        finally:
            self._stopping.set()
            self._httpd.server_close()

    def next_step(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Record the request and take the next step (its 1-based number and the step); a request this
        server refuses before any work (`tools-only` and a response_format) takes no step."""
        with self._lock:
            self.requests.append(body)
            number = len(self.requests)
            if self.log is not None:
                with self.log.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(body) + "\n")
            if self.schema == "tools-only" and body.get("response_format") is not None:
                return number, {"status": 400, "error": REFUSED_RESPONSE_FORMAT}
            index = next((i for i, step in enumerate(self.steps) if _matches(step, body)), None)
            if index is not None:
                return number, self.steps.pop(index)
            return number, self.default if self.default is not None else EXHAUSTED

    def wait(self, seconds: float) -> None:
        """Sleep, but wake at once when the server stops."""
        self._stopping.wait(seconds)

    def gather(self, size: int, timeout: float = 30.0) -> None:
        """Wait until this request's group of `size` has arrived (or `timeout` passed, or the server stops)."""
        with self._gate:
            self._gathered += 1
            group_end = ((self._gathered - 1) // max(size, 1) + 1) * max(size, 1)
            self._gate.notify_all()
            self._gate.wait_for(lambda: self._gathered >= group_end or self._stopping.is_set(), timeout)

    def record_timing(self, arrived: float, answered: float) -> None:
        with self._lock:
            self.timings.append((arrived, answered))

    def most_at_once(self) -> int:
        """The most requests that were being answered at the same moment."""
        edges = sorted([(start, 1) for start, _ in self.timings] + [(end, -1) for _, end in self.timings],
                       key=lambda edge: (edge[0], edge[1]))
        most = current = 0
        for _, change in edges:
            current += change
            most = max(most, current)
        return most


def _matches(step: dict[str, Any], body: dict[str, Any]) -> bool:
    """Whether a step answers this request: it names no `when`, or its system or user messages hold it."""
    wanted = step.get("when")
    if wanted is None:
        return True
    texts = [str(m.get("content") or "") for m in body.get("messages", []) if m.get("role") in ("system", "user")]
    return any(str(wanted) in text for text in texts)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True


def _handler_for(stub: StubOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"

        def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read no access log
            return

        def do_GET(self) -> None:
            self._facts("GET")

        def _facts(self, method: str) -> None:
            """The routes that say what the model is: /props, /v1/models, /api/show (the docstring)."""
            path = self.path.rstrip("/")
            length = int(self.headers.get("Content-Length") or 0)
            if length:
                self.rfile.read(length)  # read, so closing the connection does not reset it
            with stub._lock:
                stub.fact_requests.append((method, path, dict(self.headers.items())))
            if path in FACT_ROUTES and stub.server.get("redirect"):
                self.send_response(307)
                self.send_header("Location", str(stub.server["redirect"]).rstrip("/") + path)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            answer = _facts_answer(stub.server, method, path)
            if answer is None:
                self._json(404, _error_body("not found", 404))
            else:
                self._json(200, answer)

        def do_POST(self) -> None:
            if self.path.rstrip("/") == "/api/show":
                self._facts("POST")
                return
            if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
                self._json(404, _error_body(f"no route {self.path}", 404))
                return
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except json.JSONDecodeError:
                self._json(400, _error_body("the request body is not JSON", 400))
                return
            arrived = time.monotonic()
            number, step = stub.next_step(body)
            if stub.schema is not None:
                step = _shaped(step, body)
            self._last_send = 0.0
            self._answer(number, step, body)
            # the answer's last bytes went out at _last_send: the client, and its next request, come after it
            stub.record_timing(arrived, self._last_send or time.monotonic())

        def _answer(self, number: int, step: dict[str, Any], body: dict[str, Any]) -> None:
            if "hang" in step:
                stub.wait(float(step["hang"]))
                self.close_connection = True
                return
            if step.get("together"):
                stub.gather(int(step["together"]))
            if step.get("delay"):
                stub.wait(float(step["delay"]))
            if "body" in step:  # a 200 whose body is given whole: a malformed reply
                raw = step["body"]
                self._bytes(200, (raw if isinstance(raw, str) else json.dumps(raw)).encode("utf-8"))
                return
            if "status" in step:
                status = int(step["status"])
                self._json(status, _error_body(str(step.get("error", f"error {status}")), status))
                return
            if step.get("ramble") is not None and step.get("ramble") is not False:
                self._ramble(number, step, body)
                return
            if body.get("stream"):
                include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
                self._stream(_chunks(number, step, body, include_usage))
                return
            self._json(200, _completion(number, step, body))

        def _ramble(self, number: int, step: dict[str, Any], body: dict[str, Any]) -> None:
            """The model that writes until max_tokens stops it (the docstring's `ramble`)."""
            limit = body.get("max_tokens")
            limit = int(limit) if isinstance(limit, int) and limit > 0 else None
            pause = step["ramble"] if isinstance(step["ramble"], (int, float)) and step["ramble"] is not True else 0.0
            usage = {"prompt_tokens": 10, "completion_tokens": limit or 0}
            if not body.get("stream"):
                if limit is None:
                    stub.wait(3600)  # never answered: the client's timeout fires first
                    self.close_connection = True
                    return
                answer = {**step, "content": "la " * limit, "finish_reason": "length", "usage": usage}
                self._json(200, _completion(number, answer, body))
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            base = {"id": f"chatcmpl-stub-{number}", "object": "chat.completion.chunk", "created": int(time.time()),
                    "model": body.get("model", "stub-model")}
            written = 0
            while (limit is None or written < limit) and not stub._stopping.is_set():
                piece = {**base, "choices": [{"index": 0, "delta": {"content": "la "}, "finish_reason": None}]}
                if not self._write(f"data: {json.dumps(piece)}\n\n".encode()):
                    return  # the client went away
                written += 1
                if pause:
                    stub.wait(float(pause))
            last = {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "length"}]}
            self._write(f"data: {json.dumps(last)}\n\n".encode())
            if (body.get("stream_options") or {}).get("include_usage"):
                self._write(f"data: {json.dumps({**base, 'choices': [], 'usage': _usage({'usage': usage})})}\n\n"
                            .encode())
            self._write(b"data: [DONE]\n\n")

        def _json(self, status: int, payload: dict[str, Any]) -> None:
            self._bytes(status, json.dumps(payload).encode("utf-8"))

        def _bytes(self, status: int, data: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self._write(data)

        def _stream(self, chunks: Iterator[dict[str, Any]]) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            for chunk in chunks:
                self._write(f"data: {json.dumps(chunk)}\n\n".encode())
            self._write(b"data: [DONE]\n\n")

        def _write(self, data: bytes) -> bool:
            """Send; False when the client has gone (it gave up: a timeout), which is nothing to do."""
            self._last_send = time.monotonic()
            try:
                self.wfile.write(data)
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                return False
            return True

    return Handler


def _facts_answer(server: dict[str, Any], method: str, path: str) -> dict[str, Any] | None:
    """What the server of `server["kind"]` answers on a facts route (None: 404)."""
    kind = server.get("kind")
    n_ctx = int(server.get("n_ctx", 16384))
    n_predict = int(server.get("n_predict", -1))
    trained = int(server.get("n_ctx_train", 131072))
    model: dict[str, Any] = {"id": "stub-model", "object": "model", "owned_by": kind or "stub"}
    if method == "GET" and path in ("/v1/models", "/models"):
        if kind == "llama.cpp":
            model["meta"] = {"n_ctx_train": trained, "n_vocab": 151936, "n_params": 494032768}
        elif kind == "vllm":
            model["max_model_len"] = n_ctx
        return {"object": "list", "data": [model]}
    if method == "GET" and path == "/health" and kind == "llama.cpp":
        return {"status": "ok"}
    if method == "GET" and path == "/props" and kind == "llama.cpp":
        return {"default_generation_settings": {"n_ctx": n_ctx, "params": {"n_predict": n_predict}},
                "total_slots": 1, "model_path": "/models/stub-model.gguf", "chat_template": "{{ messages }}"}
    if method == "POST" and path == "/api/show" and kind == "ollama":
        parameters = f"num_ctx                        {n_ctx}"
        if n_predict > 0:
            parameters += f"\nnum_predict                    {n_predict}"
        return {"parameters": parameters, "details": {"family": "llama"},
                "model_info": {"general.architecture": "llama", "llama.context_length": trained}}
    return None


def _shaped(step: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    """The step as a schema-following server answers it: the JSON the request asks for, else text."""
    if any(key in step for key in ("hang", "status", "ramble")):
        return step
    asked = _asked_schema(body)
    if asked is None:
        if "json" in step:
            return {**{k: v for k, v in step.items() if k != "json"}, "content": step.get("content", PROSE)}
        return step
    kind, name, schema = asked
    value = step["json"] if "json" in step else _smallest(schema, schema)
    problem = _misfit(value, schema)
    if problem:
        return {"status": 500, "error": f"the stub's scripted JSON does not fit the requested schema: {problem}"}
    kept = {k: v for k, v in step.items() if k in ("usage", "model", "delay", "together", "finish_reason")}
    if kind == "tool":
        return {**kept, "content": None, "tool_calls": [{"name": name, "arguments": json.dumps(value)}]}
    return {**kept, "content": json.dumps(value)}


def _asked_schema(body: dict[str, Any]) -> tuple[str, str, dict[str, Any]] | None:
    """("json_schema" or "tool", the name, the schema) when the request asks for JSON of a schema."""
    response_format = body.get("response_format") or {}
    if response_format.get("type") == "json_schema":
        spec = response_format.get("json_schema") or {}
        return "json_schema", str(spec.get("name", "answer")), spec.get("schema") or {}
    choice = body.get("tool_choice")
    if isinstance(choice, dict) and choice.get("type") == "function":
        name = (choice.get("function") or {}).get("name")
        for tool in body.get("tools") or []:
            function = tool.get("function") or {}
            if function.get("name") == name:
                return "tool", str(name), function.get("parameters") or {}
    return None


def _misfit(value: Any, schema: dict[str, Any]) -> str:
    try:
        import jsonschema
    except ImportError:  # the stub runs without it too; the check is then skipped
        return ""
    try:
        jsonschema.validate(value, schema)
    except jsonschema.ValidationError as error:
        where = "/".join(str(part) for part in error.absolute_path) or "(the whole value)"
        return f"{where}: {error.message}"
    return ""


def _smallest(node: Any, root: dict[str, Any]) -> Any:
    """The smallest value a schema allows: empty arrays and strings, zeros, the first choice."""
    if not isinstance(node, dict):
        return None
    if "$ref" in node:
        target: Any = root
        for part in str(node["$ref"]).lstrip("#/").split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        return _smallest(target, root)
    if "const" in node:
        return node["const"]
    if node.get("enum"):
        return node["enum"][0]
    for key in ("anyOf", "oneOf"):
        if node.get(key):
            return _smallest(node[key][0], root)
    kind = node.get("type")
    kind = kind[0] if isinstance(kind, list) and kind else kind
    if kind == "object" or "properties" in node:
        properties = node.get("properties") or {}
        return {name: _smallest(properties[name], root) for name in node.get("required", []) if name in properties}
    if kind == "string":
        return _smallest_string(node)
    if kind in ("integer", "number"):
        return node.get("minimum", 0)
    if kind == "array":
        return [_smallest(node.get("items") or {}, root) for _ in range(int(node.get("minItems", 0)))]
    return {"boolean": False}.get(str(kind))


def _smallest_string(node: dict[str, Any]) -> str:
    """The shortest of a few plain strings that fits the node's minLength, maxLength and pattern ("" when
    none does, and the check then names the problem)."""
    low, high = int(node.get("minLength", 0)), int(node.get("maxLength", 10**6))
    for text in ("", "a" * max(low, 1), "x", "0", "a0"):
        if low <= len(text) <= high and ("pattern" not in node or re.search(str(node["pattern"]), text)):
            return text
    return ""


def _error_body(message: str, status: int) -> dict[str, Any]:
    kinds = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error",
             429: "rate_limit_error"}
    kind = kinds.get(status, "server_error" if status >= 500 else "invalid_request_error")
    return {"error": {"message": message, "type": kind, "code": str(status)}}


def _text(step: dict[str, Any], body: dict[str, Any]) -> str | None:
    if step.get("echo"):
        users = [m for m in body.get("messages", []) if m.get("role") == "user"]
        content = users[-1].get("content") if users else ""
        return content if isinstance(content, str) else json.dumps(content)
    content = step.get("content")
    return None if content is None else str(content)


def _tool_calls(number: int, step: dict[str, Any]) -> list[dict[str, Any]]:
    calls = []
    for index, call in enumerate(step.get("tool_calls") or []):
        arguments = call.get("arguments", {})
        calls.append({
            "id": call.get("id") or f"call_{number}_{index}",
            "type": "function",
            "function": {
                "name": call["name"],
                "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments),
            },
        })
    return calls


def _usage(step: dict[str, Any]) -> dict[str, Any]:
    given = {**DEFAULT_USAGE, **(step.get("usage") or {})}
    prompt, completion = int(given["prompt_tokens"]), int(given["completion_tokens"])
    usage: dict[str, Any] = {"prompt_tokens": prompt, "completion_tokens": completion,
                             "total_tokens": prompt + completion}
    if "cached_tokens" in given:
        usage["prompt_tokens_details"] = {"cached_tokens": int(given["cached_tokens"])}
    if "cache_creation_input_tokens" in given:
        usage["cache_creation_input_tokens"] = int(given["cache_creation_input_tokens"])
    return usage


def _completion(number: int, step: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    calls = _tool_calls(number, step)
    message: dict[str, Any] = {"role": "assistant", "content": _text(step, body)}
    if calls:
        message["tool_calls"] = calls
    return {
        "id": f"chatcmpl-stub-{number}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": step.get("model") or body.get("model", "stub-model"),
        "choices": [{"index": 0, "message": message,
                     "finish_reason": step.get("finish_reason") or ("tool_calls" if calls else "stop")}],
        "usage": _usage(step),
    }


def _chunks(number: int, step: dict[str, Any], body: dict[str, Any], include_usage: bool) -> Iterator[dict[str, Any]]:
    model = step.get("model") or body.get("model", "stub-model")
    base = {"id": f"chatcmpl-stub-{number}", "object": "chat.completion.chunk", "created": int(time.time()),
            "model": model}

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    yield chunk({"role": "assistant", "content": ""})
    text = _text(step, body) or ""
    for start in range(0, len(text), 4):
        yield chunk({"content": text[start:start + 4]})
    calls = _tool_calls(number, step)
    for index, call in enumerate(calls):
        arguments = call["function"]["arguments"]
        half = len(arguments) // 2
        yield chunk({"tool_calls": [{"index": index, "id": call["id"], "type": "function",
                                     "function": {"name": call["function"]["name"], "arguments": arguments[:half]}}]})
        yield chunk({"tool_calls": [{"index": index, "function": {"arguments": arguments[half:]}}]})
    yield chunk({}, step.get("finish_reason") or ("tool_calls" if calls else "stop"))
    if include_usage:
        yield {**base, "choices": [], "usage": _usage(step)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A scripted OpenAI-compatible server on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=0, help="the port (0: an ephemeral one)")
    parser.add_argument("--script", type=Path, required=True, help="a JSON file of steps (see the docstring)")
    parser.add_argument("--log", type=Path, default=None, help="append each request body to this file")
    parser.add_argument("--schema", choices=SCHEMA_MODES, default=None,
                        help="follow requested schemas (or refuse response_format: tools-only)")
    parser.add_argument("--server", choices=SERVER_KINDS, default=None,
                        help="answer /props, /v1/models and /api/show as this server does")
    parser.add_argument("--n-ctx", type=int, default=16384, help="the context window the --server reports")
    parser.add_argument("--n-predict", type=int, default=-1, help="the output limit the --server reports")
    options = parser.parse_args(argv)
    try:
        script = json.loads(options.script.read_text(encoding="utf-8"))
        stub = StubOpenAIServer.from_script(script, port=options.port, log=options.log)
        stub.schema = options.schema or stub.schema
        if options.server:
            stub.server = {"kind": options.server, "n_ctx": options.n_ctx, "n_predict": options.n_predict}
    except (OSError, ValueError) as error:
        print(f"stub_openai_server: {options.script}: {error}", file=sys.stderr)
        return 2
    print(f"listening on {stub.url}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        stub.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
