"""Each tool call as one line the person reads: what it was about and what came of it."""

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.tool_call import FileEdit, ToolCall, ToolResult, Verdict
from orkeon_engine.domain.ui.action_lines import action_line, diff_counts, edit_diff, started_line


def record(name: str, arguments: dict, text: str = "", data: dict | None = None, is_error: bool = False,
           verdict: Verdict | None = None) -> ToolCallRecord:
    return ToolCallRecord("c1", name, arguments, verdict or Verdict.allow(), ToolResult(text, is_error, data or {}))


def test_a_whole_read_says_the_file_and_its_lines():
    done = record("file_read", {"path": "a.py"}, data={"path": "/workspace/a.py", "total_lines": 12, "cut": False})
    call = ToolCall("file_read", "read", {"path": "a.py"}, paths=("/workspace/a.py",))

    assert action_line(done, call).text == "Read a.py (12 lines)"


def test_a_cut_read_says_which_lines():
    done = record("file_read", {"path": "big.py"},
                  data={"first_line": 1, "last_line": 400, "total_lines": 2000, "cut": True})

    assert action_line(done).text == "Read big.py (lines 1-400 of 2,000)"


def test_a_search_says_its_query_and_its_hits():
    done = record("codebase_search", {"query": "PORT"}, data={"symbols": ["PORT"], "text_hits": 2})

    assert action_line(done).text == 'Search "PORT" → 3 hits'


def test_an_edit_counts_its_lines_and_carries_its_diff():
    edit = FileEdit("/workspace/a.py", "PORT = 8000\nprint(PORT)\n", "PORT = 9000\nprint(PORT)\n")
    call = ToolCall("file_edit", "edit", {}, paths=("/workspace/a.py",), edit=edit)

    line = action_line(record("file_edit", {"path": "a.py"}, "edited"), call)

    assert line.text == "Edit a.py +1 −1"
    assert "-PORT = 8000" in line.diff and "+PORT = 9000" in line.diff and "+++ b/a.py" in line.diff


def test_an_edit_without_its_change_counts_the_diff_of_its_result():
    text = ("edited /workspace/a.py (1 place):\n--- /workspace/a.py\n+++ /workspace/a.py\n@@ -1 +1 @@\n"
            "-x = 1\n+x = 2\n+y = 3")

    assert action_line(record("file_edit", {"path": "a.py"}, text)).text == "Edit a.py +2 −1"


def test_a_test_run_says_the_runners_counts():
    call = ToolCall("shell_command", "shell", {"command": "pytest -q"}, command="pytest -q")
    output = "exit code 1\n..F\nFAILED test_a.py::test_x\n2 passed, 1 failed in 0.12s"

    line = action_line(record("shell_command", {"command": "pytest -q"}, output, {"exit_code": 1}), call)

    assert line.text == "Run pytest -q → 2 passed, 1 failed"


def test_another_command_says_its_exit_code():
    done = record("shell_command", {"command": "ls"}, "exit code 0\na.py", {"exit_code": 0})

    assert action_line(done).text == "Run ls → exit 0"


def test_a_refused_call_says_the_gates_reason():
    done = record("shell_command", {"command": "git push"}, "refused", is_error=True,
                  verdict=Verdict.deny("the rule Bash(git push:*) denies it"))

    line = action_line(done)

    assert line.failed
    assert line.text == "Run git push — refused: the rule Bash(git push:*) denies it"


def test_a_failed_call_says_the_first_line_of_its_error():
    done = record("file_read", {"path": "gone.py"}, "/workspace/gone.py does not exist.\nmore", is_error=True)

    assert action_line(done).text == "Read gone.py — failed: /workspace/gone.py does not exist."


def test_a_tool_of_an_mcp_server_is_named_as_it_is():
    assert action_line(record("weather", {"city": "Paris"}, "sunny")).text == "weather"


def test_a_long_command_is_cut_in_its_line():
    command = "python -c '" + "x" * 200 + "'"

    assert len(started_line(ToolCall("shell_command", "shell", {}, command=command))) < 90


def test_a_new_file_diffs_against_nothing():
    diff = edit_diff(FileEdit("/workspace/new.py", None, "a\nb\n"))

    assert diff.startswith("--- /dev/null\n+++ b/new.py")
    assert diff_counts(diff) == (2, 0)
