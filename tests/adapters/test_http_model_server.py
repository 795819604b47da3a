"""The model server adapter against the loopback stub playing llama.cpp, vLLM and Ollama."""

import asyncio
import socket

from orkeon_engine.adapters.http_model_server import HttpModelServer
from tests.support.stub_openai_server import StubOpenAIServer


async def test_llama_cpp_props_give_the_window_it_runs_with_not_the_training_one():
    with StubOpenAIServer(server={"kind": "llama.cpp", "n_ctx": 16384, "n_predict": 1024}) as stub:
        facts = await HttpModelServer().facts(stub.url, "openai/stub-model")

    assert (facts.window, facts.max_output) == (16384, 1024)
    assert facts.window_source == "the server's /props (default_generation_settings.n_ctx)"


async def test_vllm_models_give_max_model_len():
    with StubOpenAIServer(server={"kind": "vllm", "n_ctx": 32768}) as stub:
        facts = await HttpModelServer().facts(stub.url, "hosted_vllm/stub-model")

    assert (facts.window, facts.window_source) == (32768, "the server's /v1/models (max_model_len)")


async def test_ollama_show_gives_num_ctx_asked_at_the_origin_without_v1():
    with StubOpenAIServer(server={"kind": "ollama", "n_ctx": 8192, "n_predict": 512}) as stub:
        facts = await HttpModelServer().facts(f"http://127.0.0.1:{stub.port}", "ollama/stub-model")
        asked = [(method, path) for method, path, _ in stub.fact_requests]

    assert (facts.window, facts.max_output) == (8192, 512)
    assert asked == [("GET", "/props"), ("GET", "/v1/models"), ("POST", "/api/show")]


async def test_a_server_that_says_nothing_gives_unknown_facts():
    with StubOpenAIServer() as stub:
        facts = await HttpModelServer().facts(stub.url, "openai/stub-model")

    assert (facts.window, facts.max_output) == (None, None)


async def test_the_answer_is_cached_per_api_base_and_model():
    adapter = HttpModelServer()
    with StubOpenAIServer(server={"kind": "llama.cpp"}) as stub:
        first = await adapter.facts(stub.url, "openai/stub-model")
        second = await adapter.facts(stub.url, "openai/stub-model")
        asked = len(stub.fact_requests)

    assert first == second and asked == 1


async def test_an_unknown_answer_is_asked_again_only_after_a_while():
    now = [0.0]
    adapter = HttpModelServer(monotonic=lambda: now[0])
    with StubOpenAIServer() as stub:
        await adapter.facts(stub.url, "openai/stub-model")
        await adapter.facts(stub.url, "openai/stub-model")
        before = len(stub.fact_requests)
        now[0] = 60.0
        await adapter.facts(stub.url, "openai/stub-model")
        after = len(stub.fact_requests)

    assert (before, after) == (3, 6)


async def test_a_server_that_never_answers_costs_one_short_timeout():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)  # accepts connections, never answers
    try:
        port = listener.getsockname()[1]
        loop = asyncio.get_running_loop()
        started = loop.time()
        facts = await HttpModelServer(timeout=0.3).facts(f"http://127.0.0.1:{port}/v1", "openai/m")
        took = loop.time() - started
    finally:
        listener.close()

    assert facts.window is None and took < 1.5


async def test_a_refused_connection_or_a_bad_base_is_unknown():
    adapter = HttpModelServer()

    assert (await adapter.facts("http://127.0.0.1:9/v1", "openai/m")).window is None
    assert (await adapter.facts("not a url", "openai/m")).window is None
