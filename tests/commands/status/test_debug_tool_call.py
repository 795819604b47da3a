import pytest

from orkeon_engine.commands.status.debug_tool_call import ARGS, run_debug_tool_call
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.question import ALLOW_ONCE
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from orkeon_engine.tools.catalogue import UnknownToolError
from orkeon_engine.tools.toolbox import STANDARD_TOOL_NAMES
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput


def _args(*tokens):
    return parse_args("debug-tool-call", ARGS, list(tokens))


REGISTERED = [*STANDARD_TOOL_NAMES, "memory_recall", "run_tests", "run_build", "todo_write", "definition_rewrite",
              "spawn_agent"]


def _offered(view):
    return {row[1]: row[2] for row in view.table.rows}


async def test_list_shows_every_registered_tool_by_class():
    deps = await make_deps()

    view = await run_debug_tool_call(_args("list"), deps)

    classes = [row[0] for row in view.table.rows]
    assert sorted(row[1] for row in view.table.rows) == sorted(REGISTERED)
    assert classes == sorted(classes, key=["read", "network", "edit", "shell"].index)


async def test_bare_is_the_list():
    deps = await make_deps()

    view = await run_debug_tool_call(_args(), deps)

    assert view.message.startswith(f"{len(REGISTERED)} tools registered")


async def test_list_names_the_crews_that_offer_each_tool_from_their_own_offer():
    deps = await make_deps()

    offered = _offered(await run_debug_tool_call(_args("list"), deps))

    assert offered["file_read"] == "assistant (every mode); agent dev-reviewer; agent dev-auditor; dev-implement"
    assert offered["file_write"] == "assistant (default, acceptEdits, bypassPermissions); dev-implement"
    assert offered["run_tests"] == "dev-implement"
    assert offered["spawn_agent"] == "every act of the engine's model (never a child's)"
    assert offered["job_tail"] == "assistant (every mode)"
    assert offered["todo_write"] == "assistant (every mode)"
    assert offered["definition_rewrite"] == "assistant with the core tool set (default, acceptEdits, bypassPermissions)"


async def test_a_deny_rule_takes_a_tool_out_of_the_assistants_offer_in_the_list():
    deps = await make_deps()
    await deps.session.set_state("permissions.rules", {"deny": ["shell_command"]})

    offered = _offered(await run_debug_tool_call(_args("list"), deps))

    assert offered["shell_command"] == "none"


async def test_a_check_tool_runs_through_the_gate_like_any_tool():
    deps = await make_deps()
    await deps.session.set_state("permissions.mode", "plan")

    view = await run_debug_tool_call(_args("run_build"), deps)

    assert view.data["allowed"] is False


async def test_a_read_call_runs_through_the_gate_and_shows_the_raw_result():
    deps = await make_deps(vfs=FakeFiles({"notes.txt": "alpha\nbeta\n"}))

    view = await run_debug_tool_call(_args("file_read", '{"path": "notes.txt"}'), deps)

    assert view.lines[:4] == ("mode: default (fallback)", "gate: allowed (a read runs without asking)",
                              "is_error: false", "text:")
    assert "1\talpha" in view.lines and '  "total_lines": 2,' in view.lines
    assert view.message == "file_read returned ok."


async def test_arguments_split_by_the_shell_are_joined_back():
    deps = await make_deps(vfs=FakeFiles({"notes.txt": "alpha\n"}))

    view = await run_debug_tool_call(_args("file_read", '{"path":', '"notes.txt"}'), deps)

    assert view.data["allowed"] is True


async def test_an_edit_in_plan_mode_is_refused_and_not_run():
    deps = await make_deps()
    await deps.session.set_state("permissions.mode", "plan")

    view = await run_debug_tool_call(_args("file_write", '{"path": "a.txt", "content": "x"}'), deps)

    assert view.lines[0] == "mode: plan (session)"
    assert view.lines[1].startswith("gate: refused")
    assert view.message == "file_write was not run."
    assert deps.files.writes == []


async def test_a_call_the_gate_asks_about_goes_to_the_person():
    human = FakeHumanInput(choices=[ALLOW_ONCE])
    deps = await make_deps(human=human)

    view = await run_debug_tool_call(_args("shell_command", '{"command": "ls"}'), deps)

    assert len(human.questions) == 1
    assert view.lines[1] == "gate: allowed (allowed once by the person)"
    assert deps.shell.commands() == ["ls"]


async def test_an_unknown_tool_names_the_registered_ones():
    deps = await make_deps()

    with pytest.raises(UnknownToolError, match="registered tools: file_read"):
        await run_debug_tool_call(_args("web_fetch", "{}"), deps)


async def test_arguments_that_are_not_json_show_the_usage():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="not valid JSON"):
        await run_debug_tool_call(_args("file_read", "{path: x}"), deps)


async def test_arguments_that_do_not_fit_the_tools_input_name_the_problem():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="file_read: the arguments do not fit its input"):
        await run_debug_tool_call(_args("file_read", '{"offset": 0}'), deps)
