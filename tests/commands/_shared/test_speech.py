import pytest

from orkeon_engine.commands._shared.speech import speech_ports
from orkeon_engine.domain.errors import NotConfiguredError
from tests.support.deps import make_deps


async def test_the_speech_ports_are_the_engines_servers_and_files():
    deps = await make_deps()

    ports = speech_ports(deps)

    assert ports.hub is deps.mcp and ports.files is deps.files


async def test_an_engine_without_mcp_servers_says_so():
    deps = await make_deps()
    deps.mcp = None

    with pytest.raises(NotConfiguredError, match="MCP servers are not wired"):
        speech_ports(deps)
