"""Attack: a hostile model names paths that leave the workspace, hoping the editor (an ACP client writes
any absolute path it is sent) writes or reads them for it. The VFS checks every path before the client
hears of it: `..`, an absolute host path, or a symlink leading out never reaches the client."""

import os

import pytest

from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.ports.files import FilesError
from tests.support.doubles.fake_client_files import FakeClientFiles


@pytest.fixture
def setup(tmp_path):
    root = tmp_path / "project"
    root.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "authorized_keys").write_text("ssh-ed25519 AAAA owner\n")
    os.symlink(outside, root / "escape")
    client = FakeClientFiles({str(outside / "authorized_keys"): "ssh-ed25519 AAAA owner\n"})
    vfs = create_workspace_vfs(root, root / ".orkeon" / "local", client_files=client)
    yield vfs, client, outside
    vfs.close()


@pytest.mark.parametrize("path", ["../outside/authorized_keys", "/workspace/../../outside/authorized_keys",
                                  "escape/authorized_keys", "/etc/passwd"])
async def test_a_write_outside_the_workspace_never_reaches_the_client(setup, path):
    vfs, client, outside = setup

    with pytest.raises(FilesError):
        await vfs.write_text(path, "ssh-ed25519 AAAA attacker\n")

    assert client.writes == []
    assert (outside / "authorized_keys").read_text() == "ssh-ed25519 AAAA owner\n"


@pytest.mark.parametrize("path", ["../outside/authorized_keys", "escape/authorized_keys"])
async def test_a_read_outside_the_workspace_never_reaches_the_client(setup, path):
    vfs, client, _ = setup

    with pytest.raises(FilesError):
        await vfs.read_text(path)

    assert client.reads == []
