"""The two ways the chat adapter calls an OpenAI-compatible api base, for its tests against the stub:
straight over httpx (the default) and through litellm (how every other provider is called). A test module
imports `chat_way` (an autouse fixture: each test runs both ways, the same contract) and builds its adapter with
`openai_direct=WAY.direct`."""

import pytest


class _Way:
    direct = True


WAY = _Way()


@pytest.fixture(autouse=True, params=["httpx", "litellm"])
def chat_way(request):
    WAY.direct = request.param == "httpx"
    yield request.param
    WAY.direct = True
