import pytest
from pydantic import ValidationError

from orkeon_engine.domain.shared_memory.recall import RecallAnswer, RecallHit
from orkeon_engine.ports.memory_index import MemoryIndexError
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.session_io import CurrentSession
from orkeon_engine.tools.memory_recall import MemoryRecallTool
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_memory_index import FakeMemoryIndex
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust

HITS = (RecallHit(".orkeon/memory/quote-paths.md", "Quote every path", 0.0328, ("shell",), "A path with a space."),
        RecallHit(".orkeon/memory/narrow.md", "Run the narrow test", 0.0161, (), "The suite takes minutes."))


async def _tool(index, project=None):
    config = ConfigStore(FakeConfigFiles(project=project), await CurrentSession.open(FakeSessionStore()),
                         FakeWorkspaceTrust(trusted=True))
    return MemoryRecallTool(index, config)


async def test_the_best_entries_come_back_with_path_score_and_text():
    tool = await _tool(FakeMemoryIndex(RecallAnswer(HITS, "bm25+vectors", 30)))

    result = await tool.run(tool.parse({"query": "spaces in file names"}))

    assert not result.is_error
    assert "1. Quote every path (.orkeon/memory/quote-paths.md, score 0.0328)" in result.text
    assert result.data == {"method": "bm25+vectors", "hits": [
        {"path": ".orkeon/memory/quote-paths.md", "title": "Quote every path", "score": 0.0328},
        {"path": ".orkeon/memory/narrow.md", "title": "Run the narrow test", "score": 0.0161}]}


async def test_the_limit_caps_the_entries_and_the_setting_turns_vectors_off():
    index = FakeMemoryIndex(RecallAnswer(HITS, "bm25", 30))
    tool = await _tool(index, '{"memory.vectors": "off"}')

    result = await tool.run(tool.parse({"query": "tests", "limit": 1}))

    assert index.searches == [("tests", 1, False)] and len(result.data["hits"]) == 1


@pytest.mark.parametrize("arguments", [{"query": ""}, {"query": "x", "limit": 11}, {"query": "x" * 501},
                                       {"query": "x", "extra": 1}])
async def test_arguments_outside_the_caps_are_refused_before_the_search(arguments):
    tool = await _tool(FakeMemoryIndex())

    with pytest.raises(ValidationError):
        tool.parse(arguments)


async def test_an_index_that_fails_is_an_error_result_for_the_model():
    index = FakeMemoryIndex()
    index.error = MemoryIndexError("the shared memory's index cannot be opened")
    tool = await _tool(index)

    result = await tool.run(tool.parse({"query": "x"}))

    assert result.is_error and "cannot be opened" in result.text


async def test_it_is_a_read_tool_named_memory_recall():
    tool = await _tool(FakeMemoryIndex())

    assert (tool.name, tool.tool_class, tool.spec()["function"]["name"]) == ("memory_recall", "read", "memory_recall")
