"""A wave of batches over a real temporary git repository: the repository (two files committed on main), the
plan's batches, and the wave's ports (the real worktrees adapter, the real VFS under the work folder, a
FakeBatchRunner doing real commits, FakeProjectChecks for the tests run again after a rebase).

Run as a script (`python -m tests.support.dev_waves ROOT STOP`), it runs one wave of F1 and F2 in the repository
at ROOT, printing each progress line, and freezes for good at the first line starting with STOP (or, with STOP
`held`, once both batches committed and wait), so a test can kill it there with SIGKILL."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

from orkeon_engine.adapters.gitpython_worktrees import GitPythonWorktrees
from orkeon_engine.adapters.vfs import VirtualFileSystem
from orkeon_engine.domain.dev.plan import Batch, PlanStep
from orkeon_engine.domain.dev.work_folder import DEFAULT_WORK_FOLDER, WorkPlace
from orkeon_engine.ports.files import Mount
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.project_checks import ProjectChecks
from orkeon_engine.services.dev_waves import WavePorts, run_wave
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.doubles.fake_batch_runner import FakeBatchRunner
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.doubles.fake_project_checks import FakeProjectChecks

CODE = "cart-save"
REPO_ROOT = Path(__file__).resolve().parents[2]
PLACE = WorkPlace(DEFAULT_WORK_FOLDER, CODE)
START_FILES = {"shop/cart.py": "TOTAL = 0\n", "README.md": "shop\n"}
BATCH_FILES = {"F1": {"shop/save.py": "SAVED = True\n", "tests/test_save.py": "def test_save(): pass\n"},
               "F2": {"shop/restore.py": "RESTORED = True\n", "tests/test_restore.py": "def test_r(): pass\n"}}


def wave_batch(batch_id: str, *after: str, test: str = "") -> Batch:
    tests = (f"{test or f'tests/test_{batch_id.lower()}.py'}::test_it",)
    return Batch(batch_id, f"Batch {batch_id}", "", after, (PlanStep(f"do {batch_id}", (), tests, ()),))


@dataclass
class WaveRig:
    """The wave's ports over `root`, and the checks each worktree got (host path → FakeProjectChecks)."""

    root: Path
    runner: FakeBatchRunner
    progress: Progress = field(default_factory=FakeProgress)
    checks: FakeProjectChecks = field(default_factory=lambda: FakeProjectChecks({"tests": "pytest", "suite": "pytest"}))
    checked_at: list[str] = field(default_factory=list)

    async def checks_at(self, working_root: str) -> ProjectChecks:
        self.checked_at.append(working_root)
        return self.checks

    def ports(self) -> WavePorts:
        files = VirtualFileSystem([Mount("/workspace", str(self.root), True)])
        return WavePorts(GitPythonWorktrees(self.root), WorkFolder(files, DEFAULT_WORK_FOLDER), self.runner,
                         self.checks_at, self.progress)


class FreezingProgress:
    """Progress that prints each line and freezes the whole process at the first line starting with `stop`."""

    def __init__(self, stop: str) -> None:
        self.stop = stop

    def begin(self, title: str, message: str = "") -> None:
        print(title, flush=True)

    def report(self, message: str, percentage: int | None = None) -> None:
        print(message, flush=True)
        if message.startswith(self.stop):
            threading.Event().wait()

    def end(self, message: str = "") -> None:
        print(message, flush=True)

    @property
    def cancelled(self) -> bool:
        return False


def kill_at(module: str, root: Path, stop: str) -> list[str]:
    """Run `python -m <module> ROOT STOP` (a wave of F1 and F2) in a subprocess and kill it with SIGKILL at the
    progress line starting `stop`; the lines it printed."""
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    child = subprocess.Popen([sys.executable, "-m", module, str(root), stop], cwd=REPO_ROOT,
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert child.stdout is not None
    seen: list[str] = []
    try:
        for line in child.stdout:
            seen.append(line.rstrip("\n"))
            if line.startswith(stop):
                break
    finally:  # the child never outlives the test, whatever it printed
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL and seen[-1].startswith(stop), seen
    return seen


async def _wave_until_killed(root: Path, stop: str) -> None:
    hold = asyncio.Event() if stop == "held" else None
    rig = WaveRig(root, FakeBatchRunner(BATCH_FILES, hold=hold), FreezingProgress(stop))
    wave = asyncio.create_task(run_wave(PLACE, [wave_batch("F1"), wave_batch("F2")], rig.ports()))
    while hold is not None and len(rig.runner.committed) < 2:
        await asyncio.sleep(0.01)
    if hold is not None:
        print("held", flush=True)
    await wave


if __name__ == "__main__":
    asyncio.run(_wave_until_killed(Path(sys.argv[1]), sys.argv[2]))
