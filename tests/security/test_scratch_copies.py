"""Attacks through the scratch copies the search for a change that passes tries its candidates in (the
composition root's ScratchCopies, over a real workspace): a workspace symlink to a secret outside it, whose
bytes must never be copied and which the copy's files must neither read nor write through; a path climbing
out of the copy to the real workspace; a workspace huge enough to fill the disk; a fifo meant to hang the copy.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import tempfile
from pathlib import Path

import pytest

from orkeon_engine.bootstrap import build_engine
from orkeon_engine.ports.files import FilesError
from orkeon_engine.ports.scratch_copies import ScratchCopy, ScratchError
from orkeon_engine.ports.ui import UserInterface
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_progress import FakeProgress

SECRET = b"-----BEGIN OPENSSH PRIVATE KEY----- scratch-secret-4711"


@pytest.fixture
async def engine(tmp_path):
    workspace = tmp_path / "shop"
    workspace.mkdir()
    (workspace / "cart.py").write_text("def total(xs):\n    return sum(xs)\n")
    ui = UserInterface(FakeHumanInput(), FakeProgress(), FakeLogger())
    built = await build_engine(workspace, ui, env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "xdg")})
    yield built
    built.close()


@pytest.fixture
def secret(tmp_path) -> Path:
    (tmp_path / "home" / ".ssh").mkdir(parents=True)
    key = tmp_path / "home" / ".ssh" / "id_ed25519"
    key.write_bytes(SECRET)
    return key


async def _open(engine) -> ScratchCopy:
    assert engine.deps.scratch is not None
    return await engine.deps.scratch.open()


def _bytes_below(folder: str) -> bytes:
    """Every regular file's bytes below `folder`, no link followed."""
    found = b""
    for parent, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(parent, name)
            if not os.path.islink(path):
                found += Path(path).read_bytes()
    return found


async def test_a_link_to_a_secret_is_copied_as_a_link_and_the_secret_never_written(engine, secret):
    workspace = Path(engine.deps.workspace.root)
    (workspace / "key").symlink_to(secret)
    (workspace / "keys").symlink_to(secret.parent)

    copy = await _open(engine)

    assert os.readlink(Path(copy.root) / "key") == str(secret)
    assert SECRET not in _bytes_below(copy.root)
    assert SECRET not in _bytes_below(os.path.dirname(copy.files.host_path("/tmp")))
    copy.close()


@pytest.mark.parametrize("path", ["key", "keys/id_ed25519"])
async def test_the_copys_files_refuse_to_read_or_write_through_a_link_leaving_the_copy(engine, secret, path):
    workspace = Path(engine.deps.workspace.root)
    (workspace / "key").symlink_to(secret)
    (workspace / "keys").symlink_to(secret.parent)
    copy = await _open(engine)

    with pytest.raises(FilesError) as read:
        await copy.files.read_text(path)
    with pytest.raises(FilesError) as written:
        await copy.files.write_text(path, "overwritten")

    assert "leads out of the mount" in read.value.reason and "leads out of the mount" in written.value.reason
    assert secret.read_bytes() == SECRET
    copy.close()


@pytest.mark.parametrize("path", [
    "../shop/cart.py",
    "/workspace/../shop/cart.py",
    "/workspace/../../shop/cart.py",
])
async def test_a_path_climbing_out_of_the_copy_never_reaches_the_workspace(engine, path):
    workspace = Path(engine.deps.workspace.root)
    copy = await _open(engine)

    with pytest.raises(FilesError):
        await copy.files.write_text(path, "def total(xs):\n    return 0\n")

    assert (workspace / "cart.py").read_text() == "def total(xs):\n    return sum(xs)\n"
    copy.close()


async def test_the_workspaces_host_path_given_to_the_copys_files_never_reaches_the_workspace(engine):
    workspace = Path(engine.deps.workspace.root)
    copy = await _open(engine)

    with contextlib.suppress(FilesError):  # refused, or read as a path of the copy's own /tmp mount
        await copy.files.write_text(str(workspace / "cart.py"), "def total(xs):\n    return 0\n")

    assert (workspace / "cart.py").read_text() == "def total(xs):\n    return sum(xs)\n"
    copy.close()


async def test_a_workspace_larger_than_the_limit_cannot_fill_the_disk(engine):
    workspace = Path(engine.deps.workspace.root)
    with open(workspace / "huge.bin", "wb") as huge:  # sparse: 201 MB that take no room
        huge.truncate(201 * 1024 * 1024)
    before = {name for name in os.listdir(tempfile.gettempdir()) if name.startswith("orkeon-scratch-")}

    with pytest.raises(ScratchError) as raised:
        await _open(engine)

    after = {name for name in os.listdir(tempfile.gettempdir()) if name.startswith("orkeon-scratch-")}
    assert "more than 200 MB of files (the limit)" in str(raised.value)
    assert after <= before


async def test_a_fifo_in_the_workspace_cannot_hang_the_copy(engine):
    os.mkfifo(Path(engine.deps.workspace.root) / "trap")

    copy = await asyncio.wait_for(_open(engine), 30)

    assert not os.path.lexists(Path(copy.root) / "trap")
    copy.close()


async def test_the_copy_lives_in_a_private_folder_of_the_system_temp_folder(engine):
    copy = await _open(engine)

    assert os.path.realpath(os.path.dirname(copy.root)) == os.path.realpath(tempfile.gettempdir())
    assert os.stat(copy.root).st_mode & 0o077 == 0
    copy.close()
    assert not os.path.exists(copy.root)
