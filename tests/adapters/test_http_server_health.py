"""Asking a model server whether it is up: busy (with llama.cpp's slots), hung, stopped, or not askable."""

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from orkeon_engine.adapters.http_server_health import probe_health
from tests.support.silent_server import SilentServer
from tests.support.stub_openai_server import StubOpenAIServer


class _LlamaLike:
    """A server with llama.cpp's /health and /slots (two slots, one working)."""

    def __init__(self, health_status=200):
        health = health_status

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's name)
                if self.path == "/health":
                    body, status = {"status": "ok"}, health
                elif self.path == "/slots":
                    body, status = [{"id": 0, "is_processing": True}, {"id": 1, "is_processing": False}], 200
                else:
                    body, status = {"error": "not found"}, 404
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


async def test_a_llama_server_that_answers_is_busy_with_its_slots_counted():
    with _LlamaLike() as server:
        health = await probe_health(server.url)

    assert health.state == "busy" and health.detail == "1 of 2 slots working"


async def test_a_server_loading_its_model_is_busy_loading():
    with _LlamaLike(health_status=503) as server:
        health = await probe_health(server.url)

    assert health.state == "busy" and health.detail == "loading the model"


async def test_a_server_without_a_health_route_that_answers_http_is_up():
    with StubOpenAIServer([]) as stub:
        health = await probe_health(stub.url)
        asked = [path for _, path, _ in stub.fact_requests]

    assert health.state == "busy" and asked[0] == "/health"


async def test_a_server_that_accepts_and_never_answers_is_hung():
    with SilentServer() as silent:
        health = await probe_health(silent.url, timeout=0.3)

    assert health.state == "hung"


async def test_a_closed_port_is_a_stopped_server():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    listener.close()

    health = await probe_health(f"http://127.0.0.1:{port}/v1", timeout=1)

    assert health.state == "down"


async def test_without_an_api_base_there_is_nothing_to_ask():
    assert (await probe_health(None)).state == "unknown"
