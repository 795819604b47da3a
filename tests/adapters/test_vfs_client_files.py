"""The VFS over a client that reads and writes files itself (ClientFiles, an ACP editor): /workspace
through the client by real host path, the disk when the client cannot, /output and /tmp always on disk."""

import os

import pytest

from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.ports.files import EditRefusedError, FilesError
from tests.support.doubles.fake_client_files import FakeClientFiles


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "project"
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text("print('disk')\n")
    return root


@pytest.fixture
def vfs_for(workspace):
    made = []

    def make(client):
        vfs = create_workspace_vfs(workspace, workspace / ".orkeon" / "local", client_files=client)
        made.append(vfs)
        return vfs

    yield make
    for vfs in made:
        vfs.close()


def _host(workspace, *parts):
    return os.path.realpath(os.path.join(workspace, *parts))


async def test_a_workspace_file_is_read_through_the_client(workspace, vfs_for):
    host = _host(workspace, "src", "app.py")
    client = FakeClientFiles({host: "print('unsaved buffer')\n"})

    text = await vfs_for(client).read_text("src/app.py")

    assert text == "print('unsaved buffer')\n" and client.reads == [host]


async def test_the_disk_is_read_when_the_client_gives_no_text(workspace, vfs_for):
    client = FakeClientFiles(can_read=False)

    assert await vfs_for(client).read_text("/workspace/src/app.py") == "print('disk')\n"


async def test_a_workspace_write_goes_to_the_client_and_leaves_the_disk_alone(workspace, vfs_for):
    client = FakeClientFiles()

    await vfs_for(client).write_text("src/app.py", "print('edited')\n")

    assert client.writes == [(_host(workspace, "src", "app.py"), "print('edited')\n")]
    assert (workspace / "src" / "app.py").read_text() == "print('disk')\n"


async def test_a_write_the_client_refuses_is_an_edit_refused_error(workspace, vfs_for):
    with pytest.raises(EditRefusedError):
        await vfs_for(FakeClientFiles(outcome="refused")).write_text("src/app.py", "x\n")

    assert (workspace / "src" / "app.py").read_text() == "print('disk')\n"


async def test_a_client_that_cannot_write_leaves_the_write_to_the_disk(workspace, vfs_for):
    await vfs_for(FakeClientFiles(outcome="unsupported")).write_text("src/new.py", "x = 1\n")

    assert (workspace / "src" / "new.py").read_text() == "x = 1\n"


async def test_output_and_tmp_never_go_through_the_client(workspace, vfs_for):
    client = FakeClientFiles()
    vfs = vfs_for(client)

    await vfs.write_text("/output/report.md", "# report\n")
    await vfs.write_text("/tmp/scratch.txt", "notes\n")
    texts = (await vfs.read_text("/output/report.md"), await vfs.read_text("/tmp/scratch.txt"))

    assert texts == ("# report\n", "notes\n")
    assert client.reads == [] and client.writes == []


async def test_writing_a_folder_is_refused_before_the_client_is_asked(workspace, vfs_for):
    client = FakeClientFiles()

    with pytest.raises(FilesError, match="a folder, not a file"):
        await vfs_for(client).write_text("src", "x")

    assert client.writes == []
