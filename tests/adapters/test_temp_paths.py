"""The temporary paths Orkeon makes go at exit when nothing removed them, and only the process that made them
removes them."""

from __future__ import annotations

import os
import subprocess
import sys

from orkeon_engine.adapters import temp_paths
from tests.support.orkeon_cli import ROOT

LEAVES = """
import sys, tempfile
from pathlib import Path
from orkeon_engine.adapters import temp_paths
folder = temp_paths.made(tempfile.mkdtemp(prefix="orkeon-test-"))
(folder / "inside.txt").write_text("x")
handle, file = tempfile.mkstemp(prefix="orkeon-test-")
temp_paths.made(file)
print(folder, file, flush=True)
sys.exit(3)
"""


def test_what_a_process_made_and_left_goes_when_it_exits():
    done = subprocess.run([sys.executable, "-c", LEAVES], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})

    folder, file = done.stdout.split()
    assert done.returncode == 3 and os.path.isabs(folder), done.stderr
    assert not os.path.exists(folder) and not os.path.exists(file)


def test_remove_takes_a_folder_with_what_it_holds_and_forgets_it(tmp_path):
    folder = temp_paths.made(tmp_path / "scratch")
    (folder / "deep").mkdir(parents=True)
    (folder / "deep" / "a.txt").write_text("a")

    temp_paths.remove(folder)

    assert not folder.exists() and folder not in temp_paths.left()
    temp_paths.remove(folder)  # already gone: passed over


def test_a_forked_child_that_exits_removes_nothing_of_its_parents(tmp_path):
    folder = temp_paths.made(tmp_path / "parents")
    folder.mkdir()
    child = os.fork()
    if child == 0:  # the child: what runs at its exit
        temp_paths.remove_left()
        os._exit(0)
    os.waitpid(child, 0)

    assert folder.is_dir()
    temp_paths.remove(folder)
