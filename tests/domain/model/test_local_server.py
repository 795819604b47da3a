"""A model served on one's own machine or network has no price to look up."""

import pytest

from orkeon_engine.domain.model.local_server import is_local_model


@pytest.mark.parametrize(("model", "api_base"), [
    ("openai/qwen", "http://127.0.0.1:8080/v1"),
    ("openai/qwen", "http://localhost:11434"),
    ("openai/qwen", "http://192.168.1.20:8000/v1"),
    ("openai/qwen", "http://[::1]:8080/v1"),
    ("openai/qwen", "http://gpu-box.lan:8000/v1"),
    ("ollama/qwen2.5-coder", None),
    ("openai/qwen2.5-coder-1.5b", "local"),
])
def test_a_server_of_ones_own_is_local(model, api_base):
    assert is_local_model(model, api_base)


@pytest.mark.parametrize(("model", "api_base"), [
    ("openai/gpt-4o-mini", None),
    ("openai/gpt-4o-mini", "https://api.openai.com/v1"),
    ("openai/team", "https://llm.example.com/v1"),
    ("openai/x", "http://8.8.8.8/v1"),
    ("openai/x", "not a url at all"),
])
def test_a_hosted_model_is_not(model, api_base):
    assert not is_local_model(model, api_base)
