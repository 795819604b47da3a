from orkeon_engine.domain.shared_memory.recall import RecallAnswer, RecallHit
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.session_io import CurrentSession
from orkeon_engine.services.shared_memory import proposal_files, recall, vectors_wanted
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_memory_index import FakeMemoryIndex
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust


async def _config(project=None):
    files = FakeConfigFiles(project=project)
    return ConfigStore(files, await CurrentSession.open(FakeSessionStore()), FakeWorkspaceTrust(trusted=True)), files


async def test_vectors_are_wanted_unless_the_setting_is_off():
    config, _ = await _config('{"memory.vectors": "off"}')

    assert not await vectors_wanted(config) and await vectors_wanted((await _config())[0])


async def test_an_unreadable_settings_file_keeps_the_default_auto():
    config, files = await _config()
    files.unreadable.add("project")

    assert await vectors_wanted(config)


async def test_recall_clamps_the_limit_and_asks_the_index():
    index = FakeMemoryIndex(RecallAnswer((RecallHit("p", "t", 1.0),), "bm25", 1))
    config, _ = await _config()

    answer = await recall(index, config, "query", 50)

    assert index.searches == [("query", 10, True)] and answer.hits[0].title == "t"


async def test_the_proposal_files_come_from_the_setting_or_default_to_proposals_md():
    config, _ = await _config('{"memory.proposals": ["a.md", "b/PROPOSALS.md"]}')

    assert await proposal_files(config) == ["a.md", "b/PROPOSALS.md"]
    assert await proposal_files((await _config())[0]) == ["PROPOSALS.md"]
