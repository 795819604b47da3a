import pytest
from pydantic import ValidationError

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.tools.spawn_agent import SpawnAgentTool, SpawnContext
from tests.support.doubles.fake_spawner import FakeSpawner
from tests.support.tiny_tools import NamedEcho


def _tool(spawner=None, **context):
    return SpawnAgentTool(spawner or FakeSpawner(), SpawnContext(**context))


async def test_the_brief_charter_and_background_flag_go_to_the_spawner_with_the_parents_context():
    spawner = FakeSpawner("ticket c2: dev-auditor started in the background.")
    tool = _tool(spawner, parent="/assistant (t1)", mode="acceptEdits", tools=("file_read",))

    result = await tool.run(tool.parse({"brief": "audit F1", "charter": "dev-auditor", "background": True}))

    assert result.text == "ticket c2: dev-auditor started in the background." and not result.is_error
    (request,) = spawner.requests
    assert (request.charter, request.background, request.mode, request.tools) == (
        "dev-auditor", True, "acceptEdits", ("file_read",))


async def test_the_parents_tools_go_to_the_spawner_for_a_general_child_to_take():
    spawner = FakeSpawner()
    tool = SpawnAgentTool(spawner, SpawnContext(tools=("mcp__tiny__echo",)), [NamedEcho("mcp__tiny__echo")])

    await tool.run(tool.parse({"brief": "look at the tests"}))

    assert spawner.inherited == [("mcp__tiny__echo",)]


async def test_a_general_child_in_the_foreground_is_the_default():
    spawner = FakeSpawner()
    tool = _tool(spawner)

    await tool.run(tool.parse({"brief": "look at the tests"}))

    assert (spawner.requests[0].charter, spawner.requests[0].background) == ("general", False)


async def test_a_spawner_refusal_is_an_error_result_the_model_reads():
    spawner = FakeSpawner()
    spawner.error = CommandFailedError("no charter is named 'x'; charters: general, dev-reviewer, dev-auditor")
    tool = _tool(spawner)

    result = await tool.run(tool.parse({"brief": "go", "charter": "x"}))

    assert result.is_error and result.text.startswith("spawn_agent: no charter is named 'x'")


def test_an_empty_brief_does_not_fit_the_input():
    with pytest.raises(ValidationError):
        _tool().parse({"brief": ""})


def test_the_model_reads_the_built_in_charters_in_the_charters_description():
    spec = _tool().spec()

    description = spec["function"]["parameters"]["properties"]["charter"]["description"]
    assert "dev-reviewer" in description and "dev-auditor" in description


async def test_the_gate_sees_the_charter_and_the_start_of_the_brief():
    tool = _tool()

    call = await tool.describe(tool.parse({"brief": "review plan.md", "charter": "dev-reviewer", "background": True}))

    assert (call.name, call.tool_class) == ("spawn_agent", "read")
    assert call.preview == "dev-reviewer in the background: review plan.md"
