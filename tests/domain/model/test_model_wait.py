"""The first-byte deadline's rules: the default by where the server is, and the sentences."""

import pytest

from orkeon_engine.domain.model.model_wait import (
    FIRST_BYTE_KEY,
    LOCAL_FIRST_BYTE_SECONDS,
    REMOTE_FIRST_BYTE_SECONDS,
    ServerHealth,
    first_byte_failure,
    first_byte_seconds,
    is_local_base,
    server_name,
    waiting_text,
)
from orkeon_engine.domain.settings.config_schema import find_key


def test_the_setting_the_sentences_name_is_a_settings_key():
    # the schema spells the key itself (it does not import these rules): the two must stay the same
    assert find_key(FIRST_BYTE_KEY) is not None


@pytest.mark.parametrize("base", ["http://127.0.0.1:8080/v1", "http://localhost:11434/v1", "http://[::1]:8000/v1",
                                  "http://192.168.1.20:8080/v1", "http://10.0.0.5/v1", "http://gpu-box.local:8080",
                                  "127.0.0.1:8080"])
def test_a_server_on_this_machine_or_the_local_network_is_local(base):
    assert is_local_base(base)


@pytest.mark.parametrize("base", [None, "", "https://api.openai.com/v1", "https://gateway.example.com/v1",
                                  "http://8.8.8.8/v1"])
def test_a_server_elsewhere_is_not_local(base):
    assert not is_local_base(base)


def test_the_default_deadline_is_longer_for_a_local_server_and_the_setting_wins():
    assert first_byte_seconds(None, "http://127.0.0.1:8080/v1") == LOCAL_FIRST_BYTE_SECONDS == 120
    assert first_byte_seconds(None, "https://api.example.com/v1") == REMOTE_FIRST_BYTE_SECONDS == 60
    assert first_byte_seconds(None, None) == 60
    assert first_byte_seconds(7.5, "http://127.0.0.1:8080/v1") == 7.5


def test_the_server_is_named_by_its_api_base_else_by_its_provider():
    assert server_name("http://127.0.0.1:8080/v1", "openai/qwen") == "http://127.0.0.1:8080/v1"
    assert server_name(None, "anthropic/claude-sonnet-4-5") == "anthropic's API"


def test_a_hung_server_is_one_sentence_naming_the_server_and_the_setting():
    text = first_byte_failure("openai/qwen", "http://127.0.0.1:8080/v1", 120, ServerHealth("hung"))

    assert text.count(". ") == 0 and "\n" not in text
    assert "http://127.0.0.1:8080/v1" in text and "llm.firstByteSeconds is 120" in text and "hung" in text


def test_a_stopped_and_an_unasked_server_say_what_is_known():
    assert "stopped" in first_byte_failure("m", "s", 60, ServerHealth("down"))
    unknown = first_byte_failure("m", "anthropic's API", 60, ServerHealth("unknown"))
    assert "hung" not in unknown and "llm.firstByteSeconds" in unknown


def test_the_waiting_line_shows_the_seconds_and_what_the_server_said():
    assert waiting_text("http://h/v1", 12.4) == "waiting for http://h/v1: 12 s"
    assert waiting_text("http://h/v1", 130, ServerHealth("busy", "1 of 1 slot working")) == \
        "waiting for http://h/v1: 130 s (busy: 1 of 1 slot working)"
