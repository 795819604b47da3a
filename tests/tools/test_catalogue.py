import pytest
from pydantic import BaseModel

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.tool_call import ToolResult
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.catalogue import ToolCatalogue, UnknownToolError


class _Empty(BaseModel):
    pass


def _tool(tool_name, cls="read"):
    class Named(Tool[_Empty]):
        name = tool_name
        tool_class = cls
        description = f"the {tool_name} tool"
        Input = _Empty

        async def run(self, args):
            return ToolResult(tool_name)

    return Named()


def _catalogue():
    return ToolCatalogue([_tool("file_read"), _tool("file_write", "edit"), _tool("shell_command", "shell")])


def test_a_tool_is_found_by_its_name_in_any_case():
    catalogue = _catalogue()

    assert catalogue.get("File_Read").name == "file_read"
    assert "SHELL_COMMAND" in catalogue and catalogue.find("nope") is None


def test_select_gives_the_named_tools_in_the_order_asked_each_once():
    names = [tool.name for tool in _catalogue().select(["shell_command", "FILE_READ", "file_read"])]

    assert names == ["shell_command", "file_read"]


def test_select_with_an_unknown_name_raises_naming_it_and_the_registered_tools():
    with pytest.raises(UnknownToolError) as caught:
        _catalogue().select(["file_read", "web_fetch", "web_search"])

    assert caught.value.unknown == ("web_fetch", "web_search")
    assert str(caught.value) == ("unknown tools web_fetch, web_search; "
                                 "registered tools: file_read, file_write, shell_command")


def test_naming_spawn_agent_in_a_catalogue_fails_like_an_unknown_tool_saying_whose_it_is():
    with pytest.raises(UnknownToolError) as caught:
        _catalogue().select(["file_read", "spawn_agent"])

    assert caught.value.unknown == ("spawn_agent",)
    assert "the host's own tool, which the tool loop offers to every act by itself" in str(caught.value)


def test_a_tool_registered_as_spawn_agent_is_refused_like_an_unknown_tool():
    with pytest.raises(UnknownToolError, match="unknown tool Spawn_Agent.*the host.s own tool"):
        ToolCatalogue([_tool("file_read"), _tool("Spawn_Agent")])


def test_only_the_tool_loop_offers_a_host_tool_to_its_catalogue():
    catalogue = _catalogue()

    catalogue.offer_host_tool(_tool("spawn_agent"))

    assert catalogue.get("spawn_agent").name == "spawn_agent"


def test_an_unknown_tool_is_a_failure_the_engine_shows_as_a_message():
    with pytest.raises(CommandFailedError, match="unknown tool web_fetch; registered tools"):
        _catalogue().get("web_fetch")


def test_tools_are_listed_by_class():
    catalogue = _catalogue()

    assert [t.name for t in catalogue.by_class("edit", "shell")] == ["file_write", "shell_command"]
    assert catalogue.by_class("network") == []


def test_a_second_tool_with_the_same_name_in_another_case_is_refused():
    catalogue = _catalogue()

    with pytest.raises(ValueError, match="file_read is already registered"):
        catalogue.register(_tool("FILE_READ"))


def test_the_specs_are_what_the_model_sees():
    specs = _catalogue().specs()

    assert [s["function"]["name"] for s in specs] == ["file_read", "file_write", "shell_command"]
    assert len(_catalogue()) == 3 and [t.name for t in _catalogue()][0] == "file_read"
