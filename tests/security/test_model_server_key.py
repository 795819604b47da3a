"""The attack: a model server (or whoever answers at its address) redirects the facts probe to another
host to collect the provider's key. The key goes to the configured api base only, and no redirect is
followed, so the other host never sees a request, let alone the key."""

from orkeon_engine.adapters.http_model_server import HttpModelServer
from tests.support.stub_openai_server import StubOpenAIServer

KEY = "sk-the-teams-secret"


async def test_a_redirect_never_carries_the_key_to_another_host():
    with StubOpenAIServer(server={"kind": "llama.cpp"}) as collector, \
            StubOpenAIServer(server={"redirect": f"http://localhost:{collector.port}"}) as server:
        facts = await HttpModelServer().facts(server.url, "openai/stub-model", KEY)
        sent = server.fact_requests
        collected = collector.fact_requests

    assert collected == [] and facts.window is None
    assert all(headers.get("Authorization") == f"Bearer {KEY}" for _, _, headers in sent)


async def test_without_a_key_no_authorization_is_sent():
    with StubOpenAIServer(server={"kind": "llama.cpp"}) as server:
        await HttpModelServer().facts(server.url, "openai/stub-model")
        sent = server.fact_requests

    assert all("Authorization" not in headers for _, _, headers in sent)


async def test_the_key_never_appears_in_the_facts():
    with StubOpenAIServer(server={"kind": "llama.cpp"}) as server:
        facts = await HttpModelServer().facts(server.url, "openai/stub-model", KEY)

    assert KEY not in repr(facts)
