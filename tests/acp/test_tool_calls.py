"""The engine's tool calls in ACP's terms: kind, title, locations, the diff of an edit, the result."""

from orkeon_acp.tool_calls import (
    RESULT_CHARS,
    TITLE_CHARS,
    call_content,
    result_content,
    result_status,
    tool_kind,
    tool_locations,
    tool_title,
)
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.tool_call import FileEdit, ToolCall, ToolResult


def _host(path):
    return "/home/me/project/" + path.removeprefix("/workspace/") if path.startswith("/workspace/") else None


def test_each_tool_class_has_its_acp_kind():
    assert [tool_kind(c) for c in ("read", "edit", "shell", "network", None)] == [
        "read", "edit", "execute", "fetch", "other"]


def test_a_title_says_the_command_line_or_the_tool_and_its_paths():
    assert tool_title(ToolCall("shell_command", "shell", command="npm  test\n--watch")) == "Run npm test --watch"
    assert tool_title(ToolCall("file_read", "read", paths=("/workspace/a.py", "/tmp/b"))) == "Read a.py, /tmp/b"
    assert len(tool_title(ToolCall("shell_command", "shell", command="x" * 500))) <= TITLE_CHARS


def test_locations_and_the_diff_name_host_paths_and_leave_out_what_maps_to_none():
    call = ToolCall("file_write", "edit", paths=("/workspace/a.py", "/nowhere/b"),
                    edit=FileEdit("/workspace/a.py", "old\n", "new\n"))

    locations = tool_locations(call, _host)
    (diff,) = call_content(call, _host)

    assert [location.path for location in locations] == ["/home/me/project/a.py"]
    assert (diff.type, diff.path, diff.old_text, diff.new_text) == ("diff", "/home/me/project/a.py", "old\n", "new\n")
    assert call_content(ToolCall("file_read", "read"), _host) == []


def test_a_result_is_completed_or_failed_and_a_long_one_is_cut_for_the_person():
    ok = ToolCallRecord("c1", "file_read", {}, None, ToolResult("x" * (RESULT_CHARS + 10)))
    failed = ToolCallRecord("c2", "file_read", {}, None, ToolResult("no such file", is_error=True))

    text = result_content(ok).content.text

    assert (result_status(ok), result_status(failed)) == ("completed", "failed")
    assert text.startswith("x" * RESULT_CHARS) and "10 more characters given to the model" in text
