import asyncio
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from orkeon_engine.adapters.scratch_copies import TempFolderScratchCopies, copy_first_environment
from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.ports.scratch_copies import ScratchError


def _copies(workspace: Path, temp: Path, env: dict[str, str] | None = None, **limits: int) -> TempFolderScratchCopies:
    """Copies of `workspace` in `temp`, their ports built as the composition root builds them."""
    temp.mkdir(exist_ok=True)
    commands_env = {"PATH": os.environ["PATH"], **(env or {})}

    def ports(folder: Path):
        files = create_workspace_vfs(folder, None)
        return files, SubprocessShell(folder, copy_first_environment(folder, commands_env)), files.close

    return TempFolderScratchCopies(workspace, ports, temp_dir=temp, **limits)


def _shop(root: Path) -> Path:
    (root / "shop").mkdir(parents=True)
    (root / "shop" / "cart.py").write_text("def total(xs):\n    return sum(xs)\n")
    (root / "tests").mkdir()
    (root / "tests" / "test_cart.py").write_text("from shop.cart import total\n")
    (root / "run.sh").write_text("#!/bin/sh\necho ran\n")
    (root / "run.sh").chmod(0o755)
    return root


def _tree(folder: Path) -> dict[str, bytes | str]:
    """Every entry below `folder`: a file's bytes, a link's target, a folder as 'folder'."""
    found: dict[str, bytes | str] = {}
    for parent, folders, names in os.walk(folder):
        for name in folders + names:
            path = Path(parent) / name
            key = str(path.relative_to(folder))
            found[key] = (f"-> {os.readlink(path)}" if path.is_symlink()
                          else "folder" if path.is_dir() else path.read_bytes())
    return found


async def test_a_copy_holds_the_workspaces_files_as_they_are_on_disk(tmp_path):
    workspace = _shop(tmp_path / "shop")
    copies = _copies(workspace, tmp_path / "temp")

    copy = await copies.open()

    assert _tree(Path(copy.root)) == _tree(workspace)
    assert stat.S_IMODE(os.stat(Path(copy.root) / "run.sh").st_mode) == 0o755
    copy.close()


async def test_the_repository_folder_the_caches_and_orkeons_local_state_are_left_out(tmp_path):
    workspace = _shop(tmp_path / "shop")
    for folder in (".git/objects", "shop/__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
                   ".orkeon/local/output"):
        (workspace / folder).mkdir(parents=True)
        (workspace / folder / "data").write_text("x")
    (workspace / ".orkeon" / "config.json").write_text("{}")
    (workspace / "sub").mkdir()
    (workspace / "sub" / ".git").write_text("gitdir: ../.git/worktrees/sub\n")

    copy = await _copies(workspace, tmp_path / "temp").open()

    left = set(_tree(Path(copy.root)))
    assert {".git", "shop/__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".orkeon/local",
            "sub/.git"}.isdisjoint(left)
    assert {".orkeon/config.json", "shop/cart.py", "sub"} <= left
    copy.close()


async def test_environment_folders_at_any_depth_are_links_to_the_workspaces_own(tmp_path):
    workspace = _shop(tmp_path / "shop")
    for folder in ("node_modules/left-pad", ".venv/bin", "web/node_modules/react", "venv", ".tox", ".nox"):
        (workspace / folder).mkdir(parents=True)
    (workspace / "web" / "node_modules" / "react" / "index.js").write_text("module.exports = 1\n")

    copy = await _copies(workspace, tmp_path / "temp").open()

    root = Path(copy.root)
    for folder in ("node_modules", ".venv", "web/node_modules", "venv", ".tox", ".nox"):
        assert os.readlink(root / folder) == str(workspace.resolve() / folder)
    assert (root / "web" / "node_modules" / "react" / "index.js").read_text() == "module.exports = 1\n"
    copy.close()


async def test_links_are_copied_as_links_and_one_climbing_out_keeps_what_it_named(tmp_path):
    workspace = _shop(tmp_path / "shop")
    (tmp_path / "shared").mkdir()
    (workspace / "shop" / "alias.py").symlink_to("cart.py")
    (workspace / "shop" / "data").symlink_to("../../shared")
    (workspace / "abs").symlink_to("/etc/hostname")

    copy = await _copies(workspace, tmp_path / "temp").open()

    root = Path(copy.root)
    assert os.readlink(root / "shop" / "alias.py") == "cart.py"
    assert os.readlink(root / "shop" / "data") == str(tmp_path.resolve() / "shared")
    assert os.readlink(root / "abs") == "/etc/hostname"
    copy.close()


async def test_a_fifo_in_the_workspace_is_skipped_and_the_copy_does_not_wait_on_it(tmp_path):
    workspace = _shop(tmp_path / "shop")
    os.mkfifo(workspace / "pipe")

    copy = await asyncio.wait_for(_copies(workspace, tmp_path / "temp").open(), 30)

    assert not os.path.lexists(Path(copy.root) / "pipe")
    copy.close()


async def test_an_edit_through_the_copys_files_never_touches_the_workspace(tmp_path):
    workspace = _shop(tmp_path / "shop")
    copy = await _copies(workspace, tmp_path / "temp").open()

    await copy.files.write_text("shop/cart.py", "def total(xs):\n    return round(sum(xs), 2)\n")
    await copy.files.write_text("/workspace/shop/new.py", "x = 1\n")

    assert (workspace / "shop" / "cart.py").read_text() == "def total(xs):\n    return sum(xs)\n"
    assert not (workspace / "shop" / "new.py").exists()
    assert (Path(copy.root) / "shop" / "new.py").read_text() == "x = 1\n"
    copy.close()


async def test_the_copys_shell_runs_in_the_copy(tmp_path):
    workspace = _shop(tmp_path / "shop")
    copy = await _copies(workspace, tmp_path / "temp").open()

    ran = await copy.shell.run("pwd && ./run.sh", timeout=30)

    assert ran.exit_code == 0
    assert ran.output.splitlines() == [os.path.realpath(copy.root), "ran"]
    copy.close()


async def test_python_in_the_copy_imports_the_copys_sources_before_an_installed_original(tmp_path):
    workspace = tmp_path / "shop"
    (workspace / "src" / "shop").mkdir(parents=True)
    (workspace / "src" / "shop" / "__init__.py").write_text("")
    copies = _copies(workspace, tmp_path / "temp", env={"PYTHONPATH": str(workspace / "src")})  # as installed
    copy = await copies.open()

    ran = await copy.shell.run(f"{sys.executable} -c 'import shop; print(shop.__file__)'", timeout=60)

    assert ran.output.strip() == str(Path(copy.root) / "src" / "shop" / "__init__.py")
    copy.close()


async def test_close_removes_the_copy_and_may_be_called_twice(tmp_path):
    workspace = _shop(tmp_path / "shop")
    copy = await _copies(workspace, tmp_path / "temp").open()
    private = os.path.dirname(copy.files.host_path("/tmp"))

    copy.close()
    copy.close()

    assert not os.path.exists(copy.root)
    assert not os.path.exists(private)
    assert (workspace / "shop" / "cart.py").exists()


async def test_each_copy_is_a_new_private_folder_named_for_orkeon(tmp_path):
    workspace = _shop(tmp_path / "shop")
    copies = _copies(workspace, tmp_path / "temp")

    first, second = await copies.open(), await copies.open()

    assert first.root != second.root
    assert Path(first.root).name.startswith("orkeon-scratch-")
    assert stat.S_IMODE(os.stat(first.root).st_mode) == 0o700
    first.close()
    second.close()


async def test_more_files_than_the_limit_is_a_scratch_error_and_leaves_no_folder(tmp_path):
    workspace = _shop(tmp_path / "shop")
    copies = _copies(workspace, tmp_path / "temp", max_files=2)

    with pytest.raises(ScratchError) as raised:
        await copies.open()

    assert "more than 2 files (the limit)" in str(raised.value) and str(workspace.resolve()) in str(raised.value)
    assert os.listdir(tmp_path / "temp") == []


async def test_more_bytes_than_the_limit_is_a_scratch_error_and_leaves_no_folder(tmp_path):
    workspace = _shop(tmp_path / "shop")
    (workspace / "big.bin").write_bytes(b"x" * 3 * 1024 * 1024)
    copies = _copies(workspace, tmp_path / "temp", max_bytes=2 * 1024 * 1024)

    with pytest.raises(ScratchError) as raised:
        await copies.open()

    assert "more than 2 MB of files (the limit)" in str(raised.value)
    assert os.listdir(tmp_path / "temp") == []


_OPEN_IN_CHILD = """
import asyncio, sys
from pathlib import Path
from orkeon_engine.ports.scratch_copies import ScratchError
from tests.adapters.test_scratch_copies import _copies

try:
    asyncio.run(_copies(Path(sys.argv[1]), Path(sys.argv[2])).open())
except ScratchError as error:
    print(error)
"""
_NO_READ_OVERRIDE = ("setpriv", "--bounding-set=-dac_override,-dac_read_search")
"""Root reads every file: the copy runs without the capabilities that let it, so a mode of 0 holds for it too."""


def test_a_file_that_cannot_be_read_is_a_scratch_error_naming_it_and_leaves_no_folder(tmp_path):
    workspace = _shop(tmp_path / "shop")
    (workspace / "shop" / "locked.py").write_text("x = 1\n")
    (workspace / "shop" / "locked.py").chmod(0)
    as_root = os.geteuid() == 0
    assert not as_root or shutil.which(_NO_READ_OVERRIDE[0]), "setpriv (util-linux) is needed to test this as root"

    root = Path(__file__).parents[2]
    said = subprocess.run([*(_NO_READ_OVERRIDE if as_root else ()), sys.executable, "-c", _OPEN_IN_CHILD,
                           str(workspace), str(tmp_path / "temp")], capture_output=True, text=True, check=True,
                          cwd=root, env={**os.environ, "PYTHONPATH": str(root)})

    assert "shop/locked.py" in said.stdout and "cannot be copied" in said.stdout, said.stderr
    assert os.listdir(tmp_path / "temp") == []


async def test_a_workspace_that_is_gone_is_a_scratch_error_naming_it(tmp_path):
    copies = _copies(tmp_path / "gone", tmp_path / "temp")

    with pytest.raises(ScratchError) as raised:
        await copies.open()

    assert "the workspace" in str(raised.value) and "gone" in str(raised.value)
    assert os.listdir(tmp_path / "temp") == []


def test_the_copys_environment_puts_the_copy_and_its_src_first_on_pythonpath(tmp_path):
    (tmp_path / "src").mkdir()

    env = copy_first_environment(tmp_path, {"PYTHONPATH": "/elsewhere", "HOME": "/home/a"})

    assert env == {"PYTHONPATH": os.pathsep.join([str(tmp_path), str(tmp_path / "src"), "/elsewhere"]),
                   "HOME": "/home/a"}
