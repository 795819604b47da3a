"""Checks in the turn over a real tiny project (a real pytest run through the real shell): a failing check
after the model's edits goes back to the model until it passes, a fix request runs its check first, and the
answer names the check."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from orkeon_engine.adapters.vfs import VirtualFileSystem
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
from orkeon_engine.domain.permissions.question import ALLOW_SESSION
from orkeon_engine.domain.workspace import WorkspaceInfo
from orkeon_engine.ports.files import Mount
from tests.support.deps import make_deps
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import Call, ScriptedChatModel, Turn

PATH = f"{os.path.dirname(sys.executable)}{os.pathsep}{os.environ.get('PATH', '')}"
WRONG = "def add(a, b):\n    return a - b\n"
RIGHT = "def add(a, b):\n    return a + b\n"
STILL_WRONG = "def add(a, b):\n    return a * b\n"


def _project(root: Path, calc: str = WRONG) -> None:
    (root / "pyproject.toml").write_text('[tool.pytest.ini_options]\npythonpath = ["."]\n')
    (root / "calc.py").write_text(calc)
    (root / "tests").mkdir()
    (root / "tests" / "test_calc.py").write_text("from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n")
    (root / "tests" / "test_unrelated.py").write_text("def test_never_narrowed_in():\n    assert False\n")


async def _ports(root: Path, model: ScriptedChatModel, human: FakeHumanInput):
    files = VirtualFileSystem([Mount("/workspace", str(root), True)])
    deps = await make_deps(chat_model=model, vfs=files, shell=SubprocessShell(root, {"PATH": PATH}), human=human,
                           workspace=WorkspaceInfo(root=str(root), git_root=None, writable=True))
    return deps, main_loop_ports(deps.for_run("assistant"))


def _write(text: str) -> Turn:
    return Turn(calls=(Call("file_write", {"path": "calc.py", "content": text}),))


async def test_a_failing_check_goes_back_to_the_model_until_it_passes(tmp_path):
    _project(tmp_path)
    model = ScriptedChatModel([_write(STILL_WRONG), "Changed add.", _write(RIGHT), "Now add adds."])
    deps, ports = await _ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    result = await run_main_loop(MainLoopInput("make add return the sum", "acceptEdits", "fallback"), ports)

    failure = model.requests[2].last_user_text
    assert "python -m pytest -q tests/test_calc.py" in failure and "assert 6 == 5" in failure
    assert "tests/test_calc.py:5" in failure and "test_unrelated" not in failure
    assert (tmp_path / "calc.py").read_text() == RIGHT
    assert result.answer.endswith("checked: python -m pytest -q tests/test_calc.py passed")


async def test_a_fix_request_starts_from_the_failure(tmp_path):
    _project(tmp_path)
    model = ScriptedChatModel([_write(RIGHT), "Fixed."])
    deps, ports = await _ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    await run_main_loop(MainLoopInput("fix test_add, it fails", "acceptEdits", "fallback"), ports)

    first = model.requests[0].last_user_text
    assert "Before any change, the project's check fails" in first
    assert "python -m pytest -q tests/test_calc.py::test_add" in first and "assert -1 == 5" in first


async def test_the_answer_says_when_the_check_still_fails_and_the_model_stops_editing(tmp_path):
    _project(tmp_path)
    model = ScriptedChatModel([_write(STILL_WRONG), "Changed add.", "I cannot see why it fails."])
    deps, ports = await _ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    result = await run_main_loop(MainLoopInput("make add return the sum", "acceptEdits", "fallback"), ports)

    assert result.answer.endswith("checked: python -m pytest -q tests/test_calc.py failed (exit code 1)")
    assert result.checked is not None and result.checked.failed


async def test_verify_off_runs_no_check(tmp_path):
    _project(tmp_path)
    model = ScriptedChatModel([_write(RIGHT), "Changed add."])
    human = FakeHumanInput([ALLOW_SESSION])
    deps, ports = await _ports(tmp_path, model, human)
    await deps.config.set_value("assistant.verify", "off", "session")

    result = await run_main_loop(MainLoopInput("fix add", "acceptEdits", "fallback"), ports)

    assert human.questions == [] and result.checked is None and "checked" not in result.answer
