"""RecordingFiles: a turn's workspace writes recorded with their before and after, other mounts not, and an
unreadable file left unwritten."""

from __future__ import annotations

import pytest

from orkeon_engine.domain.checkpoints import FileChange
from orkeon_engine.ports.files import FilesError
from orkeon_engine.services.checkpoints import RecordingFiles
from tests.support.doubles.fake_checkpoint_store import FakeCheckpointStore
from tests.support.doubles.fake_files import FakeFiles


async def recording(files: FakeFiles) -> tuple[RecordingFiles, FakeCheckpointStore]:
    store = FakeCheckpointStore()
    turn = await store.begin_turn("s1", "edit")
    return RecordingFiles(files, store, "s1", turn), store


async def test_two_writes_of_a_file_keep_the_text_before_the_first_and_after_the_last():
    files = FakeFiles({"cart.py": "TAX = 0.2\n"})
    recorder, store = await recording(files)
    await recorder.write_text("cart.py", "TAX = 0.21\n")

    await recorder.write_text("/workspace/cart.py", "TAX = 0.22\n")

    (turn,) = await store.turns("s1")
    assert turn.files == (FileChange("/workspace/cart.py", "TAX = 0.2\n", "TAX = 0.22\n"),)
    assert files.texts["/workspace/cart.py"] == "TAX = 0.22\n"


async def test_a_created_file_is_recorded_as_absent_before():
    recorder, store = await recording(FakeFiles())

    await recorder.write_text("src/new.py", "x = 1\n")

    (turn,) = await store.turns("s1")
    assert turn.files == (FileChange("/workspace/src/new.py", None, "x = 1\n"),) and recorder.changed == [
        "/workspace/src/new.py"]


async def test_the_engines_own_folders_are_not_recorded():
    files = FakeFiles()
    recorder, store = await recording(files)

    await recorder.write_text("/output/report.md", "r\n")

    (turn,) = await store.turns("s1")
    assert turn.files == () and files.texts["/output/report.md"] == "r\n"


async def test_a_file_whose_text_cannot_be_read_is_not_written():
    files = FakeFiles({"blob.bin": "old"})
    files.folders.add("/workspace/blob.bin/")  # exists, but reading it fails below
    del files.texts["/workspace/blob.bin"]
    files.folders.add("/workspace/blob.bin")
    recorder, store = await recording(files)

    with pytest.raises(FilesError, match="cannot be kept in the turn's checkpoint"):
        await recorder.write_text("blob.bin", "new")

    assert files.writes == [] and (await store.turns("s1"))[0].files == ()
