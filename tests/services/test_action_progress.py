"""The turn's calls as progress reports: each call's action line as it starts and as it ends."""

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.tool_call import FileEdit, ToolCall, ToolResult, Verdict
from orkeon_engine.services.action_progress import ActionProgress
from tests.support.doubles.fake_progress import FakeProgress


async def test_each_call_is_reported_as_it_starts_and_as_it_ends():
    progress = FakeProgress()
    events = ActionProgress(progress)
    edit = FileEdit("/workspace/a.py", "x = 1\n", "x = 2\n")
    call = ToolCall("file_edit", "edit", {"path": "a.py"}, paths=("/workspace/a.py",), edit=edit, call_id="c1")

    await events.tool_call_checked(call)
    await events.tool_call_started(call)
    await events.text("some words")
    await events.tool_call_finished(ToolCallRecord("c1", "file_edit", {"path": "a.py"}, Verdict.allow(),
                                                   ToolResult("edited")))

    assert progress.messages() == ["Edit a.py …", "Edit a.py +1 −1"]


async def test_a_call_never_described_is_reported_from_its_record():
    progress = FakeProgress()

    await ActionProgress(progress).tool_call_finished(
        ToolCallRecord("c9", "nope", {}, None, ToolResult("unknown tool nope", is_error=True)))

    assert progress.messages() == ["nope — failed: unknown tool nope"]
