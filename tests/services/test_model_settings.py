import pytest

from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.model_settings import require_model, resolve_model
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_session_store import FakeSessionStore


async def _config(files):
    return ConfigStore(files, await CurrentSession.open(FakeSessionStore()))


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
