import pytest

from orkeon_engine.adapters.disk_files import LocalDiskFiles
from orkeon_engine.ports.files import FilesError


async def test_a_file_is_written_with_its_missing_folders(tmp_path):
    target = tmp_path / "out" / "notes" / "chat.md"

    await LocalDiskFiles().write_text(str(target), "hello\n")

    assert target.read_text(encoding="utf-8") == "hello\n"


async def test_exists_tells_a_written_file(tmp_path):
    disk = LocalDiskFiles()
    await disk.write_text(str(tmp_path / "a.md"), "x")

    assert await disk.exists(str(tmp_path / "a.md")) and not await disk.exists(str(tmp_path / "b.md"))


async def test_a_folder_is_not_overwritten(tmp_path):
    with pytest.raises(FilesError, match="is a folder"):
        await LocalDiskFiles().write_text(str(tmp_path), "x")


async def test_an_unwritable_place_is_a_files_error_naming_the_path(tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where a folder should be")

    with pytest.raises(FilesError) as caught:
        await LocalDiskFiles().write_text(str(blocked / "chat.md"), "x")

    assert str(blocked / "chat.md") in str(caught.value)
