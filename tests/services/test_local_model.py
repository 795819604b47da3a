"""The local model's service: a call to the `local` api base gets the running server's address (started on
demand, with the idle minutes of the settings); any other call is left as it is; the offer line."""

from __future__ import annotations

import pytest

from orkeon_engine.domain.model.chat import ChatSettings
from orkeon_engine.domain.model.local_model import LocalModelError
from orkeon_engine.services.local_model import LocalModelPorts, no_model_line, served_settings
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_local_model_files import FakeLocalModelFiles
from tests.support.doubles.fake_local_model_server import FakeLocalModelServer

MODEL_FILE = "/cache/models/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"


def _ports(models=None, server_binary="/usr/bin/llama-server"):
    return LocalModelPorts(FakeLocalModelFiles(models=models if models is not None else {"0.5b": MODEL_FILE},
                                               server=server_binary), FakeLocalModelServer())


async def test_a_call_to_the_local_api_base_gets_the_started_servers_address():
    ports = _ports()
    deps = await make_deps(files=FakeConfigFiles(user='{"model.local.idleMinutes": 5}'))

    served = await served_settings(ChatSettings("openai/qwen2.5-coder-0.5b", "local"), deps.config, ports)

    assert served.api_base == "http://127.0.0.1:8931/v1"
    assert ports.server.started == [(MODEL_FILE, "/usr/bin/llama-server", "qwen2.5-coder-0.5b", 5.0)]


async def test_another_api_base_is_left_and_no_server_started():
    ports = _ports()
    deps = await make_deps()
    settings = ChatSettings("openai/qwen2.5-coder-0.5b", "http://10.0.0.2:8000/v1")

    served = await served_settings(settings, deps.config, ports)

    assert served == settings and ports.server.started == []


async def test_a_local_model_not_set_up_names_the_command_that_sets_it_up():
    deps = await make_deps()

    with pytest.raises(LocalModelError, match=r"run `orkeon model local --size 0.5b`"):
        await served_settings(ChatSettings("openai/qwen2.5-coder-0.5b", "local"), deps.config, _ports(models={}))


async def test_a_server_that_cannot_be_had_fails_the_call_with_its_sentence():
    ports = _ports()
    ports.server.error = LocalModelError("the local model's server crashed again after its one restart")
    deps = await make_deps()

    with pytest.raises(LocalModelError, match="crashed again"):
        await served_settings(ChatSettings("openai/qwen2.5-coder-0.5b", "local"), deps.config, ports)


async def test_no_model_configured_is_said_in_one_line_offering_the_local_model():
    deps = await make_deps()

    line = await no_model_line(deps.config, deps.env)

    assert line is not None and "\n" not in line and "`orkeon model local`" in line


async def test_a_configured_model_needs_no_offer():
    deps = await make_deps(env={"ORKEON_MODEL": "openai/gpt-4o-mini"})

    assert await no_model_line(deps.config, deps.env) is None
