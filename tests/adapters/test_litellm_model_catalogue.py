"""The model catalogue over litellm's offline table and a loopback server's /v1/models."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from orkeon_engine.adapters.litellm_model_catalogue import LitellmModelCatalogue
from orkeon_engine.ports.model_catalogue import ModelListError

MODELS = b'{"object": "list", "data": [{"id": "qwen2.5-coder"}, {"id": "llama3"}]}'


def _handler(body, seen_auth):
    class ModelsHandler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            seen_auth.append(self.headers.get("Authorization"))
            found = self.path == "/v1/models"
            self.send_response(200 if found else 404)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            if found:
                self.wfile.write(body)

        def log_message(self, *args):
            pass

    return ModelsHandler


@pytest.fixture
def serve():
    servers = []

    def start(body=MODELS, seen_auth=None):
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(body, seen_auth if seen_auth is not None else []))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        servers.append(httpd)
        return f"http://127.0.0.1:{httpd.server_address[1]}"

    yield start
    for httpd in servers:
        httpd.shutdown()
        httpd.server_close()


async def test_the_known_models_are_litellms_chat_models_with_their_prefix():
    models = await LitellmModelCatalogue().known_models("anthropic")

    assert models and all(name.startswith("anthropic/") for name in models)
    assert models == sorted(models)


async def test_a_provider_litellm_does_not_know_has_no_models():
    assert await LitellmModelCatalogue().known_models("no-such-provider") == []


async def test_a_model_in_litellms_table_is_known_with_or_without_its_prefix():
    catalogue = LitellmModelCatalogue()

    assert await catalogue.is_known("openai/gpt-4o-mini") and await catalogue.is_known("gpt-4o-mini")


async def test_a_misspelt_model_is_not_known():
    assert not await LitellmModelCatalogue().is_known("openai/gtp-4o-mini")


async def test_the_served_models_are_the_ids_of_the_servers_list(serve):
    models = await LitellmModelCatalogue().served_models(serve() + "/v1/")

    assert models == ["llama3", "qwen2.5-coder"]


async def test_a_key_goes_as_a_bearer_token(serve):
    seen = []
    url = serve(seen_auth=seen)

    await LitellmModelCatalogue().served_models(url + "/v1", api_key="sk-test-123")

    assert seen == ["Bearer sk-test-123"]


async def test_a_wrong_path_is_a_model_list_error_naming_the_url(serve):
    url = serve()

    with pytest.raises(ModelListError, match=r"/nope/models: HTTP 404"):
        await LitellmModelCatalogue().served_models(url + "/nope")


async def test_a_server_that_refuses_the_connection_is_a_model_list_error():
    with pytest.raises(ModelListError, match="127.0.0.1:9/v1/models"):
        await LitellmModelCatalogue(timeout=2).served_models("http://127.0.0.1:9/v1")


async def test_an_answer_that_is_not_a_model_list_is_a_model_list_error(serve):
    url = serve(json.dumps({"models": []}).encode())

    with pytest.raises(ModelListError, match="expected"):
        await LitellmModelCatalogue().served_models(url + "/v1")
