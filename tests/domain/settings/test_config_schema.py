import pytest

from orkeon_engine.domain.settings.config_schema import (
    CONFIG_KEYS,
    ConfigKey,
    ConfigValueError,
    check_value,
    find_key,
    parse_token,
)


def _key(kind, **extra):
    return ConfigKey("k.x", "a key", kind, None, ("services.model_settings",), **extra)


def test_every_key_is_declared_once_with_a_description_and_a_consumer():
    names = [k.key for k in CONFIG_KEYS]

    assert len(names) == len(set(names))
    assert all(k.description and k.consumers for k in CONFIG_KEYS)


def test_booleans_are_read_from_words():
    spec = _key("boolean")

    assert [parse_token(spec, t) for t in ("on", "false", "YES")] == [True, False, True]


def test_a_choice_outside_its_values_names_the_key_and_the_values():
    spec = _key("choice", choices=("low", "high"))

    with pytest.raises(ConfigValueError, match=r"k\.x: .*expected low \| high"):
        parse_token(spec, "medium")


def test_choices_may_come_from_a_function():
    spec = _key("choice", choices=lambda: ("a", "b"))

    assert parse_token(spec, "b") == "b"


def test_an_integer_below_its_minimum_is_refused():
    spec = _key("integer", minimum=1)

    with pytest.raises(ConfigValueError, match="integer >= 1"):
        parse_token(spec, "0")


def test_a_list_is_read_from_json_or_commas():
    spec = _key("string-list")

    assert parse_token(spec, "git, npm") == ["git", "npm"]
    assert parse_token(spec, '["a b"]') == ["a b"]


def test_a_value_of_the_wrong_type_from_a_file_is_refused():
    with pytest.raises(ConfigValueError, match="model"):
        check_value(find_key("model"), 12)


def test_model_tool_calls_takes_auto_native_or_prompt_and_names_them_when_refused():
    spec = find_key("model.toolCalls")

    assert spec is not None and spec.default == "auto"
    assert [parse_token(spec, v) for v in ("auto", "native", "prompt")] == ["auto", "native", "prompt"]
    with pytest.raises(ConfigValueError, match=r"model\.toolCalls: .text. is not accepted; expected auto \| native \| "
                                               r"prompt"):
        parse_token(spec, "text")
    with pytest.raises(ConfigValueError, match=r"model\.toolCalls: .*auto \| native \| prompt"):
        check_value(spec, True)
