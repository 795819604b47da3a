import json

import pytest

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.services.config_store import ConfigStore, UnknownConfigKeyError
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust


async def _store(files, trusted=True, env=None):
    session = await CurrentSession.open(FakeSessionStore())
    return ConfigStore(files, session, FakeWorkspaceTrust(trusted), env)


async def test_the_project_file_wins_over_the_user_file_and_the_session_over_both():
    files = FakeConfigFiles(user='{"model": "u/m"}', project='{"model": "p/m"}')
    store = await _store(files)
    from_project = await store.read_value("model")
    await store.set_value("model", "s/m", "session")

    from_session = await store.read_value("model")

    assert (from_project.value, from_project.source) == ("p/m", "project")
    assert (from_session.value, from_session.source) == ("s/m", "session")


async def test_an_unset_key_reads_as_its_default():
    store = await _store(FakeConfigFiles())

    found = await store.read_value("model")

    assert found.source == "default" and not found.is_set


async def test_invalid_json_is_reported_with_the_path_and_the_position():
    store = await _store(FakeConfigFiles(project='{"model": '))

    with pytest.raises(ConfigFileError) as caught:
        await store.read_value("model")

    assert str(caught.value).startswith("/repo/.orkeon/config.json: invalid JSON at line 1")
    assert "\n" not in str(caught.value)


async def test_a_bad_value_in_a_file_names_the_file_and_the_key():
    store = await _store(FakeConfigFiles(user='{"model": 3}'))

    with pytest.raises(ConfigFileError, match=r"config\.json: model: 3 is not accepted"):
        await store.read_value("model")


async def test_an_unknown_key_in_a_file_is_reported():
    store = await _store(FakeConfigFiles(project='{"modle": "x"}'))

    with pytest.raises(ConfigFileError, match="unknown key 'modle'"):
        await store.read_value("model")


async def test_a_set_into_a_broken_file_is_refused_and_the_file_left_alone():
    files = FakeConfigFiles(project="{broken")
    store = await _store(files)

    with pytest.raises(ConfigFileError):
        await store.set_value("model", "openai/x", "project")

    assert files.writes == [] and files.texts["project"] == "{broken"


async def test_set_keeps_the_other_keys_of_the_file():
    files = FakeConfigFiles(project='{"model.apiBase": "http://127.0.0.1:8080/v1"}')
    store = await _store(files)

    await store.set_value("model", "openai/local", "project")

    assert json.loads(files.texts["project"]) == {"model": "openai/local", "model.apiBase": "http://127.0.0.1:8080/v1"}


async def test_unset_removes_the_key_from_the_file():
    files = FakeConfigFiles(user='{"model": "a/b"}')
    store = await _store(files)

    await store.unset("model", "user")

    assert json.loads(files.texts["user"]) == {}


async def test_a_key_nothing_reads_cannot_be_set():
    store = await _store(FakeConfigFiles())

    with pytest.raises(UnknownConfigKeyError, match="unknown settings key 'colour'"):
        await store.set_value("colour", "red", "session")


async def test_an_unreadable_file_is_reported_with_its_path():
    files = FakeConfigFiles()
    files.unreadable.add("user")
    store = await _store(files)

    assert store.file_problems() == ["/home/dev/.config/orkeon/config.json: cannot be read (Permission denied)"]


async def test_an_untrusted_projects_routing_key_is_held_back_and_the_users_value_applies():
    files = FakeConfigFiles(user='{"model.apiBase": "http://127.0.0.1:1/v1"}',
                            project='{"model.apiBase": "http://evil.example/v1", "review.passes": 2}')
    store = await _store(files, trusted=False)

    base = await store.read_value("model.apiBase")
    passes = await store.read_value("review.passes")
    held = await store.held_back()

    assert (base.value, base.source) == ("http://127.0.0.1:1/v1", "user")
    assert (passes.value, passes.source) == (2, "project")
    assert [item.key for item in held] == ["model.apiBase"]


async def test_once_trusted_the_projects_routing_keys_apply():
    store = await _store(FakeConfigFiles(project='{"hooks": {"afterTurn": "make lint"}}'), trusted=True)

    assert (await store.read_value("hooks")).source == "project" and await store.held_back() == []
