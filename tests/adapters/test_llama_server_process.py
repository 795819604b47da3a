"""One llama-server process (the supervisor's and the eval's): started on loopback under its alias, waited for
until /health answers, stopped; one that ends at start is a sentence with its exit code and log."""

from __future__ import annotations

from pathlib import Path

import pytest

from orkeon_engine.adapters.llama_server_process import LlamaServerProcess, answers_health
from orkeon_engine.domain.model.local_model import LocalModelError
from tests.support.fake_llama_server import behave, install


def _model(tmp_path: Path) -> Path:
    model = tmp_path / "tiny.gguf"
    model.write_bytes(b"GGUF")
    return model


def test_a_started_server_answers_health_until_it_is_stopped(tmp_path):
    server = LlamaServerProcess(install(tmp_path / "bin"), _model(tmp_path), tmp_path / "server.log", alias="qwen")

    with server:
        healthy = answers_health(server.origin)
    stopped = server.exit_code() is not None

    assert healthy and stopped and not answers_health(server.origin, timeout=0.5)


def test_a_server_that_ends_at_start_is_said_with_its_exit_code_and_log(tmp_path):
    model = _model(tmp_path)
    behave(model, fail_starts=1)
    server = LlamaServerProcess(install(tmp_path / "bin"), model, tmp_path / "server.log")

    with pytest.raises(LocalModelError, match=r"ended at start \(exit 3\); its log is .*server\.log"):
        server.start(wait=20)


def test_a_binary_that_cannot_run_names_itself_and_the_set_up(tmp_path):
    server = LlamaServerProcess(tmp_path / "missing" / "llama-server", _model(tmp_path), tmp_path / "server.log")

    with pytest.raises(LocalModelError, match=r"could not be started.*`orkeon model local`"):
        server.start(wait=5)
