"""The turn's events as session/update notifications (the editor played by EditorClient)."""

from orkeon_acp.client import ClientSupport
from orkeon_acp.peer import SessionPeer
from orkeon_acp.updates import AcpTurnEvents, available_commands
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.tool_call import FileEdit, ToolCall, ToolResult
from orkeon_engine.engine import command_catalogue
from tests.support.acp_client import EditorClient


def _events():
    client = EditorClient()
    peer = SessionPeer(client, ClientSupport(), session_id="s1", host_path=lambda path: "/host" + path)
    return AcpTurnEvents(peer), client


async def test_an_edit_is_announced_pending_with_its_diff_then_completed_with_its_result():
    events, client = _events()
    call = ToolCall("file_write", "edit", {"path": "a.py"}, paths=("/workspace/a.py",), call_id="c1",
                    edit=FileEdit("/workspace/a.py", "old\n", "new\n"))

    await events.tool_call_checked(call)
    await events.tool_call_started(call)
    await events.tool_call_finished(ToolCallRecord("c1", "file_write", {}, None, ToolResult("replaced a.py")))

    start, running, done = (update for _, update in client.updates)
    assert (start.session_update, start.tool_call_id, start.kind, start.status) == ("tool_call", "c1", "edit",
                                                                                    "pending")
    assert start.title == "Write a.py" and start.locations[0].path == "/host/workspace/a.py"
    assert running.status == "in_progress" and done.status == "completed"
    assert done.title == "Write a.py +1 −1"  # the whole action line, as the terminal shows it
    assert [item.type for item in done.content] == ["diff", "content"]


async def test_a_call_that_never_reached_a_tool_is_announced_failed():
    events, client = _events()

    await events.tool_call_finished(ToolCallRecord("c9", "frobnicate", {"x": 1}, None,
                                                   ToolResult("unknown tool 'frobnicate'", is_error=True)))

    (_, update), = client.updates
    assert (update.session_update, update.tool_call_id, update.status, update.kind) == ("tool_call", "c9",
                                                                                       "failed", "other")
    assert update.title == "frobnicate — failed: unknown tool 'frobnicate'"


async def test_a_terminal_is_shown_in_the_shell_call_that_runs_in_it():
    events, client = _events()
    call = ToolCall("shell_command", "shell", command="ls", call_id="c2")
    await events.tool_call_checked(call)
    await events.tool_call_started(call)

    await events.show_terminal("term-1")

    update = client.updates[-1][1]
    assert update.tool_call_id == "c2" and update.content[0].terminal_id == "term-1"


async def test_the_answer_and_a_plan_are_streamed():
    events, client = _events()

    await events.text("Hel")
    await events.plan(["Read", "Split"])

    assert client.agent_text() == "Hel"
    (plan,) = client.of_kind("plan")
    assert [(e.content, e.status) for e in plan.entries] == [("Read", "pending"), ("Split", "pending")]


def test_every_command_of_the_catalogue_is_offered_with_its_hint():
    update = available_commands(command_catalogue())

    names = [command.name for command in update.available_commands]
    review = next(command for command in update.available_commands if command.name == "review")
    assert names == [entry.name for entry in command_catalogue()]
    assert review.description and review.input is not None
