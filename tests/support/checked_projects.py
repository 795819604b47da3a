"""Real tiny projects for the checks in the turn (services/turn_checks.py): written under a test's tmp_path,
run through the real shell (the test interpreter's folder first on PATH, so `python -m pytest` finds
pytest), with the turn's ports over the real VFS and the fakes for the rest."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from orkeon_engine.adapters.scratch_copies import ScratchPorts, TempFolderScratchCopies, copy_first_environment
from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from orkeon_engine.adapters.vfs import VirtualFileSystem, create_workspace_vfs
from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import MainLoopPorts
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.ports.files import Mount
from tests.support.deps import make_deps
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import Call, ScriptedChatModel, Turn

PATH = f"{os.path.dirname(sys.executable)}{os.pathsep}{os.environ.get('PATH', '')}"
WRONG_ADD = "def add(a, b):\n    return a - b\n"
RIGHT_ADD = "def add(a, b):\n    return a + b\n"
TEST_ADD = "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"


def tiny_python_project(root: Path, calc: str = WRONG_ADD) -> None:
    """calc.py, its test (failing while add subtracts), and a failing test that imports nothing of calc."""
    (root / "pyproject.toml").write_text('[tool.pytest.ini_options]\npythonpath = ["."]\n')
    (root / "calc.py").write_text(calc)
    (root / "tests").mkdir()
    (root / "tests" / "test_calc.py").write_text(TEST_ADD)
    (root / "tests" / "test_unrelated.py").write_text("def test_never_narrowed_in():\n    assert False\n")


def make_project(root: Path, marker: str = "ran-the-check") -> None:
    """A project whose stated test command (its Makefile's `test` target) leaves a marker file when it runs."""
    (root / "pyproject.toml").write_text("[project]\nname = 'tiny'\n")
    (root / "Makefile").write_text(f"test:\n\ttouch {marker}\n")
    (root / "calc.py").write_text(WRONG_ADD)


async def project_ports(root: Path, model: ScriptedChatModel, human: FakeHumanInput,
                        **deps: Any) -> tuple[Deps, MainLoopPorts]:
    """The Deps and the main loop's ports of one turn over the project at `root`."""
    made = await make_deps(chat_model=model, vfs=VirtualFileSystem([Mount("/workspace", str(root), True)]),
                           shell=SubprocessShell(root, {"PATH": PATH}), human=human,
                           workspace=WorkspaceInfo(root=str(root), git_root=None, writable=True), **deps)
    return made, main_loop_ports(made.for_run("assistant"))


def write_turn(path: str, text: str) -> Turn:
    """A model turn that writes `text` to `path`."""
    return Turn(calls=(Call("file_write", {"path": path, "content": text}),))


def scratch_copies(root: Path, temp_dir: Path) -> TempFolderScratchCopies:
    """Real scratch copies of the project at `root`, made under `temp_dir`, their ports built as bootstrap's are."""

    def ports(folder: Path) -> ScratchPorts:
        files = create_workspace_vfs(folder, None)
        return files, SubprocessShell(folder, copy_first_environment(folder, {"PATH": PATH})), files.close

    return TempFolderScratchCopies(root, ports, temp_dir)
