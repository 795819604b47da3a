"""The local model's server: started on the first call on a loopback port, shared, restarted once after a crash
and then said, a stale lock file replaced, stopped when idle or asked; over a fake llama-server binary."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from orkeon_engine.adapters.local_model_server import SupervisedLocalServer
from orkeon_engine.adapters.local_model_supervisor import RECORD
from orkeon_engine.domain.model.local_model import LocalModelError, ServerRecord
from tests.support.fake_llama_server import ANSWER, behave, install, starts


@pytest.fixture
def world(tmp_path: Path) -> Iterator[tuple[SupervisedLocalServer, Path, Path]]:
    """A server adapter over a fake llama-server and a fake model file; whatever it started is stopped."""
    binary = install(tmp_path / "bin")
    model = tmp_path / "models" / "tiny.gguf"
    model.parent.mkdir()
    model.write_bytes(b"GGUF-tiny")
    server = SupervisedLocalServer(tmp_path / "server", wait=30)
    yield server, binary, model
    server.stop_now()


def _chat(api_base: str) -> str:
    body = json.dumps({"model": "tiny", "messages": [{"role": "user", "content": "hi"}]}).encode()
    request = urllib.request.Request(f"{api_base}/chat/completions", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return str(json.loads(answer.read())["choices"][0]["message"]["content"])


def _record(server: SupervisedLocalServer) -> ServerRecord | None:
    return server.status_now().record


def _gone(pid: int, within: float = 10.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def test_the_first_call_starts_a_server_on_loopback_that_answers_a_chat_completion(world):
    server, binary, model = world

    api_base = server.api_base_now(str(model), str(binary), "tiny", 15)

    assert api_base.startswith("http://127.0.0.1:") and api_base.endswith("/v1")
    assert _chat(api_base) == ANSWER


def test_a_second_call_shares_the_running_server(world):
    server, binary, model = world
    first = server.api_base_now(str(model), str(binary), "tiny", 15)

    second = server.api_base_now(str(model), str(binary), "tiny", 15)

    assert second == first and starts(model) == 1


def test_a_server_that_crashes_at_start_is_restarted_once(world):
    server, binary, model = world
    behave(model, fail_starts=1)

    api_base = server.api_base_now(str(model), str(binary), "tiny", 15)

    record = _record(server)
    assert _chat(api_base) == ANSWER
    assert record is not None and record.restarts == 1 and "exit 3" in record.note


def test_a_second_crash_is_said_once_and_the_next_call_starts_it_afresh(world):
    server, binary, model = world
    behave(model, fail_starts=2)

    with pytest.raises(LocalModelError, match=r"not after one restart.*exit 3.*server\.log"):
        server.api_base_now(str(model), str(binary), "tiny", 15)
    api_base = server.api_base_now(str(model), str(binary), "tiny", 15)

    assert _chat(api_base) == ANSWER and starts(model) == 3


def test_a_crash_while_serving_is_restarted_on_the_same_port(world):
    server, binary, model = world
    behave(model, die_after=0.5)
    first = server.api_base_now(str(model), str(binary), "tiny", 15)
    deadline = time.monotonic() + 15
    while starts(model) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)

    again = server.api_base_now(str(model), str(binary), "tiny", 15)

    record = _record(server)
    assert again == first
    assert record is not None and record.restarts == 1 and "exit 5" in record.note


def test_a_stale_lock_file_is_replaced_by_a_new_server(world, tmp_path):
    server, binary, model = world
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    (tmp_path / "server").mkdir()
    stale = ServerRecord(ended.pid, 1, str(model), "ready")
    (tmp_path / "server" / RECORD).write_text(stale.to_json(), encoding="utf-8")

    api_base = server.api_base_now(str(model), str(binary), "tiny", 15)

    record = _record(server)
    assert record is not None and record.pid != ended.pid and _chat(api_base) == ANSWER


def test_a_server_idle_for_its_minutes_stops_and_removes_its_lock_file(world, tmp_path):
    server, binary, model = world
    server.api_base_now(str(model), str(binary), "tiny", 0.01)  # 0.6 s
    record = _record(server)
    assert record is not None

    stopped = _gone(record.pid)

    assert stopped and not (tmp_path / "server" / RECORD).exists()


def test_stop_ends_the_running_server(world):
    server, binary, model = world
    server.api_base_now(str(model), str(binary), "tiny", 15)
    record = _record(server)
    assert record is not None

    stopped = server.stop_now()

    assert stopped and _gone(record.pid) and _record(server) is None


def test_a_server_of_another_model_gives_way(world, tmp_path):
    server, binary, model = world
    server.api_base_now(str(model), str(binary), "tiny", 15)
    other = tmp_path / "models" / "other.gguf"
    other.write_bytes(b"GGUF-other")

    server.api_base_now(str(other), str(binary), "other", 15)

    record = _record(server)
    assert record is not None and record.model == str(other) and starts(other) == 1


def test_status_without_a_server_says_none_runs(world):
    server, _, _ = world

    status = server.status_now()

    assert status.record is None and not status.alive
