import json

import pytest

from orkeon_engine.crews.main_loop.run import run_main_loop
from orkeon_engine.domain.session.memory import MemoryNote
from orkeon_engine.ports.shell import ShellResult
from orkeon_engine.services.turn_inputs import GIT_FILES_COMMAND
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_memory_store import WHEN, FakeMemoryStore
from tests.support.doubles.fake_shell import FakeShell
from tests.support.main_loop_turns import set_up_turn, turn_input
from tests.support.scripted_chat_model import Call

# --- step 6: the prompt -----------------------------------------------------------------------------------

async def test_the_header_is_byte_identical_across_two_turns_and_the_history_skips_the_current_request():
    deps, model, ports = await set_up_turn("first answer", "second answer")

    await run_main_loop(turn_input("first request"), ports)
    await run_main_loop(turn_input("second request"), ports)

    first, second = model.requests
    assert first.system.encode() == second.system.encode()
    history = second.last_user_text.split("## Environment")[0]
    assert "[person] first request" in history and "[assistant] first answer" in history
    assert "second request" not in history and "## The request\n\nsecond request" in second.last_user_text


@pytest.mark.parametrize("tool_set", ["core", "full"])
async def test_the_system_message_and_the_tools_are_the_same_bytes_in_two_workspaces(tool_set):
    """What a server's prompt cache keeps (issue 48): nothing of the workspace, the date or the turn comes
    before the request's own text, so another project's first call reuses it."""
    sent = []
    for files, status in [({"/workspace/a.py": "print('a')\n"}, None),
                          ({"/workspace/AGENTS.md": "Use tabs.\n", "/workspace/src/b.py": "b = 2\n"}, "## main\n")]:
        shell = FakeShell({"git status --short --branch": ShellResult("git status", 0, status)} if status else {})
        deps, model, ports = await set_up_turn("ok", files=FakeFiles(files), shell=shell)
        await deps.config.set_value("assistant.toolSet", tool_set, "session")
        await run_main_loop(turn_input("say hi"), ports)
        sent.append(model.requests[0])

    first, second = sent
    assert first.system.encode() == second.system.encode()
    assert json.dumps(first.tools).encode() == json.dumps(second.tools).encode()
    assert "Use tabs." in second.last_user_text and "Use tabs." not in first.last_user_text


async def test_the_body_carries_the_instructions_file_memory_git_status_and_the_gauge():
    files = FakeFiles({"/workspace/AGENTS.md": "Run make test.\n"})
    shell = FakeShell({"git status --short --branch": ShellResult("git status", 0, "## main\n M a.py\n")})
    memory = FakeMemoryStore([MemoryNote("m-1", "project", "the parser is generated", WHEN)])
    deps, model, ports = await set_up_turn("ok", files=files, shell=shell, memory=memory)

    await run_main_loop(turn_input(), ports)

    request = model.requests[0]
    assert request.last_user_text.startswith("## The project's instructions, from AGENTS.md\n\nRun make test.\n")
    assert "AGENTS.md" not in request.system
    assert "[project] the parser is generated" in request.last_user_text
    assert " M a.py" in request.last_user_text and "Context in use: about" in request.last_user_text


# --- the files pinned to the context ----------------------------------------------------------------------

async def test_a_pinned_file_is_in_the_turns_prompt_as_it_is_now():
    files = FakeFiles({"/workspace/a.py": "print('a')\n", "/workspace/spec.md": "# The spec\n"})
    deps, model, ports = await set_up_turn("ok", files=files)
    await deps.session.set_state("context.files", [{"path": "/workspace/a.py", "readOnly": False},
                                                   {"path": "/workspace/spec.md", "readOnly": True}])
    files.texts["/workspace/a.py"] = "print('edited since')\n"

    await run_main_loop(turn_input(), ports)

    body = model.requests[0].last_user_text
    assert "### /workspace/a.py (editable)\n\n```\nprint('edited since')\n```" in body
    assert "### /workspace/spec.md (read-only)" in body
    assert body.index("## Files in the context") < body.index("## Environment")


async def test_the_model_cannot_edit_a_file_pinned_read_only():
    files = FakeFiles({"/workspace/spec.md": "# The spec\n"})
    human = FakeHumanInput(choices=["Allow once"])
    deps, model, ports = await set_up_turn(Call("file_write", {"path": "spec.md", "content": "rewritten\n"}), "done",
                                      files=files, human=human)
    await deps.session.set_state("context.files", [{"path": "/workspace/spec.md", "readOnly": True}])

    result = await run_main_loop(turn_input(mode="acceptEdits"), ports)

    assert files.texts["/workspace/spec.md"] == "# The spec\n" and human.questions == []
    assert "pinned this file read-only" in result.calls[0].result.text


async def test_a_pinned_file_past_the_budget_is_left_out_and_named_in_a_warning():
    files = FakeFiles({"/workspace/big.txt": "x" * 200_000})
    deps, model, ports = await set_up_turn("ok", files=files)
    await deps.session.set_state("context.files", [{"path": "/workspace/big.txt", "readOnly": False}])

    result = await run_main_loop(turn_input(), ports)

    assert "x" * 1_000 not in model.requests[0].last_user_text
    assert "- /workspace/big.txt (editable): it is about 50,0" in model.requests[0].last_user_text
    assert any(w.startswith("context: /workspace/big.txt is pinned but left out") for w in result.warnings)


# --- what the turn reads beside the request ---------------------------------------------------------------

CALC = "def total(prices):\n    return sum(prices[:-1])\n"
SETTINGS = "DEFAULT_PORT = 8731\n"


def _project_shell():
    listing = "calc.py\ninventory/settings.py\n"
    return FakeShell({GIT_FILES_COMMAND: ShellResult(GIT_FILES_COMMAND, 0, listing)})


def _project_files():
    return FakeFiles({"/workspace/calc.py": CALC, "/workspace/inventory/settings.py": SETTINGS})


async def test_a_file_the_request_names_is_in_the_prompt_after_the_environment():
    deps, model, ports = await set_up_turn("ok", files=_project_files(), shell=_project_shell())

    await run_main_loop(turn_input("the total in calc.py is off by one"), ports)

    body = model.requests[0].last_user_text
    assert f"### /workspace/calc.py\n\n```\n{CALC}```" in body
    assert body.index("## Environment") < body.index("## Files the request names") < body.index("## The request")


async def test_the_named_files_setting_off_leaves_the_reading_to_the_model():
    deps, model, ports = await set_up_turn("ok", files=_project_files(), shell=_project_shell())
    await deps.config.set_value("assistant.namedFiles", "false", "session")

    await run_main_loop(turn_input("the total in calc.py is off by one"), ports)

    assert "## Files the request names" not in model.requests[0].last_user_text


async def test_a_small_models_turn_shows_the_lines_sharing_the_requests_words_and_no_gauge_while_it_is_ok():
    deps, model, ports = await set_up_turn("ok", files=_project_files(), shell=_project_shell())
    await deps.config.set_value("model.contextWindow", "16384", "session")

    await run_main_loop(turn_input("which port is the default?"), ports)

    body = model.requests[0].last_user_text
    assert "```\ninventory/settings.py:1: DEFAULT_PORT = 8731\n```" in body
    assert "Context in use" not in body and "system-reminder" not in body


async def test_a_large_models_turn_searches_nothing_unless_asked():
    deps, model, ports = await set_up_turn("ok", "ok", files=_project_files(), shell=_project_shell())

    await run_main_loop(turn_input("which port is the default?"), ports)
    await deps.config.set_value("assistant.requestSearch", "on", "session")
    await run_main_loop(turn_input("which port is the default?"), ports)

    assert "## Lines that share words" not in model.requests[0].last_user_text
    assert "inventory/settings.py:1: DEFAULT_PORT = 8731" in model.requests[1].last_user_text
