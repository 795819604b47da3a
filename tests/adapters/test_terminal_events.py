"""The turn's events as the terminal shows them: each call's action line as it ends."""

import io

from orkeon_engine.adapters.terminal_events import TerminalTurnEvents
from orkeon_engine.adapters.terminal_screen import PlainScreen
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.tool_call import ToolCall, ToolResult, Verdict


async def test_a_finished_call_is_one_action_line_made_from_its_description_and_result():
    err = io.StringIO()
    events = TerminalTurnEvents(PlainScreen(err))
    call = ToolCall("shell_command", "shell", {"command": "pytest -q"}, command="pytest -q", call_id="c1")

    await events.tool_call_checked(call)
    await events.tool_call_started(call)
    await events.text("Running the tests")
    await events.tool_call_finished(ToolCallRecord("c1", "shell_command", {"command": "pytest -q"}, Verdict.allow(),
                                                   ToolResult("exit code 0\n3 passed in 0.2s", data={"exit_code": 0})))

    assert err.getvalue() == "• Run pytest -q → 3 passed\n"
