from orkeon_engine.domain.model.providers import key_variable, providers_with_keys, qualified_model


def test_a_provider_has_a_key_when_one_of_its_variables_is_set():
    env = {"GOOGLE_API_KEY": "secret", "OPENAI_API_KEY": ""}

    assert key_variable("gemini", env) == "GOOGLE_API_KEY"
    assert key_variable("openai", env) is None


def test_the_providers_with_keys_follow_the_tables_order():
    env = {"MISTRAL_API_KEY": "m", "ANTHROPIC_API_KEY": "a"}

    assert providers_with_keys(env) == ["anthropic", "mistral"]


def test_a_model_name_gets_its_provider_prefix_once():
    assert qualified_model("openai", "gpt-4o") == "openai/gpt-4o"
    assert qualified_model("mistral", "mistral/codestral-latest") == "mistral/codestral-latest"
