"""The client's settings parsed once: camelCase in, typed out, a refused value warned about and defaulted."""

from __future__ import annotations

from dataclasses import fields

from hypothesis import given

from orkeon_lsp.settings import DEFAULTS, FIELDS, ServerSettings, field_names, parse_settings, settings_section
from tests.support.strategies import json_values


def test_every_field_is_read_from_its_camel_case_name():
    settings, warnings = parse_settings({
        "logLevel": "debug", "showMessages": False, "showDocuments": False, "mode": "PLAN",
        "resume": " abc123 ", "config": {"model": "openai/tiny", "model.apiBase": "http://127.0.0.1:9/v1"},
    })

    assert warnings == []
    assert settings == ServerSettings(log_level="debug", show_messages=False, show_documents=False, mode="plan",
                                      resume="abc123",
                                      config={"model": "openai/tiny", "model.apiBase": "http://127.0.0.1:9/v1"})


def test_nothing_sent_is_the_defaults():
    assert parse_settings(None) == (DEFAULTS, [])
    assert parse_settings({}) == (DEFAULTS, [])


def test_a_refused_value_warns_and_keeps_the_default_while_the_others_apply():
    settings, warnings = parse_settings({"logLevel": "loud", "showMessages": False})

    assert settings.log_level == "info" and settings.show_messages is False
    assert warnings == ["orkeon settings: logLevel: 'loud' is not accepted; expected error | warning | info | debug; "
                        "using the default ('info')"]


def test_an_unknown_mode_is_refused_with_the_modes():
    settings, warnings = parse_settings({"mode": "yolo"})

    assert settings.mode is None
    assert "mode: 'yolo' is not accepted; expected default | acceptEdits" in warnings[0]


def test_a_config_key_that_is_unknown_or_badly_typed_is_left_out_with_a_warning():
    settings, warnings = parse_settings({"config": {"modle": "x", "model": 3, "model.apiBase": "http://h/v1"}})

    assert settings.config == {"model.apiBase": "http://h/v1"}
    assert len(warnings) == 2 and "unknown key 'modle'" in warnings[0] and "model: 3 is not accepted" in warnings[1]


def test_an_unknown_name_and_a_payload_that_is_not_an_object_are_warned_about():
    _, unknown = parse_settings({"log_level": "debug"})
    settings, not_object = parse_settings(["debug"])

    assert "unknown setting 'log_level'" in unknown[0] and "logLevel" in unknown[0]
    assert settings == DEFAULTS and "expected an object" in not_object[0]


def test_the_orkeon_section_is_taken_from_a_did_change_configuration_payload():
    assert settings_section({"orkeon": {"mode": "plan"}, "other": {}}) == {"mode": "plan"}
    assert settings_section({"mode": "plan"}) == {"mode": "plan"}
    assert settings_section(None) is None


def test_the_documented_names_cover_every_field():
    assert len(field_names()) == len(fields(ServerSettings)) == len(FIELDS) + 1


@given(json_values)
def test_no_payload_raises(raw):
    settings, warnings = parse_settings(raw)

    assert isinstance(settings, ServerSettings) and all(isinstance(w, str) for w in warnings)
