"""ClientFiles over fs/read_text_file and fs/write_text_file (the editor played by EditorClient)."""

from orkeon_acp.client import ClientSupport
from orkeon_acp.files import AcpClientFiles
from orkeon_acp.peer import SessionPeer
from tests.support.acp_client import EditorClient

BOTH = ClientSupport(read_text_file=True, write_text_file=True)


def _files(client, support=BOTH):
    return AcpClientFiles(SessionPeer(client, support, session_id="s1"))


async def test_a_read_returns_the_editors_unsaved_buffer():
    client = EditorClient(buffers={"/p/a.py": "unsaved\n"})

    assert await _files(client).read("/p/a.py") == "unsaved\n"


async def test_a_file_the_editor_cannot_read_is_left_to_the_disk(tmp_path):
    client = EditorClient()

    assert await _files(client).read(str(tmp_path / "missing.py")) is None


async def test_a_write_lands_in_the_editor():
    client = EditorClient()

    outcome = await _files(client).write("/p/a.py", "new\n")

    assert outcome == "applied" and client.writes == [("/p/a.py", "new\n")]


async def test_a_client_without_the_capabilities_is_never_asked():
    client = EditorClient(buffers={"/p/a.py": "unsaved\n"})
    files = _files(client, ClientSupport())

    read, wrote = await files.read("/p/a.py"), await files.write("/p/a.py", "x")

    assert (read, wrote) == (None, "unsupported") and client.reads == [] and client.writes == []
