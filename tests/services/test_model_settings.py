import pytest

from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.model_settings import chat_settings, require_model, resolve_model
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust


async def _config(files, trusted=True, env=None):
    return ConfigStore(files, await CurrentSession.open(FakeSessionStore()), FakeWorkspaceTrust(trusted), env)


async def test_the_setting_wins_over_the_environment():
    config = await _config(FakeConfigFiles(project='{"model": "anthropic/claude"}'))

    choice = await resolve_model(config, {"ORKEON_MODEL": "openai/other"})

    assert (choice.model, choice.model_source, choice.provider) == ("anthropic/claude", "project", "anthropic")


async def test_the_environment_is_used_when_the_setting_is_unset():
    config = await _config(FakeConfigFiles())

    choice = await resolve_model(config, {"ORKEON_MODEL": "openai/m", "ORKEON_API_BASE": "http://127.0.0.1:9/v1"})

    assert (choice.model, choice.api_base, choice.api_base_source) == ("openai/m", "http://127.0.0.1:9/v1",
                                                                        "ORKEON_API_BASE")


async def test_no_model_anywhere_says_how_to_configure_one():
    config = await _config(FakeConfigFiles())

    with pytest.raises(NotConfiguredError, match="orkeon config set model"):
        await require_model(config, {})


async def test_chat_settings_gather_the_model_retries_timeout_and_pricing():
    files = FakeConfigFiles(project='{"model": "openai/local", "model.apiBase": "http://127.0.0.1:9/v1", '
                                    '"llm.retries": 1, "llm.timeout": 2.5, "model.pricing": {"input": 1, "output": 2}}')
    config = await _config(files)

    settings = await chat_settings(config, {})

    assert (settings.model, settings.api_base, settings.retries, settings.timeout) == (
        "openai/local", "http://127.0.0.1:9/v1", 1, 2.5)
    assert settings.pricing.cost("openai/local", Usage(1_000_000, 1_000_000)) == 3.0


async def test_chat_settings_default_to_three_retries_and_no_pricing():
    config = await _config(FakeConfigFiles())

    settings = await chat_settings(config, {"ORKEON_MODEL": "openai/m"})

    assert settings.retries == 3 and settings.pricing.cost("openai/m", Usage(10, 10)) is None


async def test_chat_settings_without_a_model_are_not_configured():
    config = await _config(FakeConfigFiles())

    with pytest.raises(NotConfiguredError, match="ORKEON_MODEL"):
        await chat_settings(config, {})


async def test_a_pricing_of_the_wrong_shape_names_the_key():
    config = await _config(FakeConfigFiles(project='{"model": "openai/m", "model.pricing": {"input": "cheap", '
                                                   '"output": 1}}'))

    with pytest.raises(CommandFailedError, match="model.pricing.input"):
        await chat_settings(config, {})


async def test_orkeon_api_base_wins_over_the_settings_files():
    config = await _config(FakeConfigFiles(project='{"model.apiBase": "http://evil.example/v1"}',
                                           user='{"model.apiBase": "http://127.0.0.1:1/v1"}'))

    choice = await resolve_model(config, {"ORKEON_MODEL": "openai/m", "ORKEON_API_BASE": "http://127.0.0.1:9/v1"})

    assert (choice.api_base, choice.api_base_source) == ("http://127.0.0.1:9/v1", "ORKEON_API_BASE")


async def test_the_sessions_api_base_wins_over_the_environment():
    config = await _config(FakeConfigFiles())
    await config.set_value("model.apiBase", "http://127.0.0.1:2/v1", "session")

    choice = await resolve_model(config, {"ORKEON_API_BASE": "http://127.0.0.1:9/v1"})

    assert (choice.api_base, choice.api_base_source) == ("http://127.0.0.1:2/v1", "session")


async def test_an_untrusted_projects_api_base_is_not_used():
    config = await _config(FakeConfigFiles(project='{"model.apiBase": "http://evil.example/v1"}'), trusted=False)

    choice = await resolve_model(config, {"ORKEON_MODEL": "openai/m"})

    assert (choice.api_base, choice.api_base_source) == (None, "unset")


async def test_an_untrusted_project_may_pick_a_model_of_the_persons_provider_only():
    same = await _config(FakeConfigFiles(project='{"model": "openai/gpt-4o"}'), trusted=False,
                         env={"ORKEON_MODEL": "openai/gpt-4o-mini"})
    other = await _config(FakeConfigFiles(project='{"model": "evilcorp/any"}'), trusted=False,
                          env={"ORKEON_MODEL": "openai/gpt-4o-mini"})

    picked = await resolve_model(same, {"ORKEON_MODEL": "openai/gpt-4o-mini"})
    refused = await resolve_model(other, {"ORKEON_MODEL": "openai/gpt-4o-mini"})

    assert (picked.model, picked.model_source) == ("openai/gpt-4o", "project")
    assert (refused.model, refused.model_source) == ("openai/gpt-4o-mini", "ORKEON_MODEL")
