"""RecordingFiles: a turn's workspace writes recorded with their before and after, other mounts not, and an
unreadable file left unwritten; take_back: files restored, refused naming the file the person changed, and
nothing written when refused."""

from __future__ import annotations

import pytest

from orkeon_engine.domain.session.checkpoints import Checkpoint, CheckpointRefusedError, FileChange
from orkeon_engine.ports.files import FilesError
from orkeon_engine.services.checkpoints import RecordingFiles, take_back
from tests.support.doubles.fake_checkpoint_store import FakeCheckpointStore
from tests.support.doubles.fake_files import FakeFiles


async def recording(files: FakeFiles) -> tuple[RecordingFiles, FakeCheckpointStore]:
    store = FakeCheckpointStore()
    recorder = RecordingFiles(files, store, "s1")
    await recorder.begin("edit", 0)
    return recorder, store


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


async def test_a_removed_file_is_recorded_as_absent_after():
    files = FakeFiles({"old.py": "y\n"})
    recorder, store = await recording(files)

    await recorder.remove("old.py")

    assert (await store.turns("s1"))[0].files == (FileChange("/workspace/old.py", "y\n", None),)


async def test_a_write_before_the_turn_began_is_refused():
    files = FakeFiles()
    recorder = RecordingFiles(files, FakeCheckpointStore(), "s1")

    with pytest.raises(FilesError, match="checkpoint is not open yet"):
        await recorder.write_text("a.py", "x")

    assert files.writes == []


async def turns_of(store: FakeCheckpointStore, *changes: FileChange) -> list[Checkpoint]:
    turn = await store.begin_turn("s1", "edit")
    for change in changes:
        await store.record_file("s1", turn, change.path, change.before, change.after)
    return await store.turns("s1")


async def test_taking_a_turn_back_restores_edited_created_and_removed_files():
    files = FakeFiles({"cart.py": "TAX = 0.21\n", "new.py": "n\n"})
    store = FakeCheckpointStore()
    turns = await turns_of(store, FileChange("/workspace/cart.py", "TAX = 0.2\n", "TAX = 0.21\n"),
                           FileChange("/workspace/new.py", None, "n\n"), FileChange("/workspace/old.py", "o\n", None))

    done = await take_back(files, store, "s1", turns)

    assert files.texts == {"/workspace/cart.py": "TAX = 0.2\n", "/workspace/old.py": "o\n"}
    assert done.turns == (1,) and (await store.turns("s1"))[0].files_undone


async def test_a_file_the_person_changed_since_refuses_the_undo_and_nothing_is_written():
    files = FakeFiles({"a.py": "assistant\n", "b.py": "assistant and mine\n"})
    store = FakeCheckpointStore()
    turns = await turns_of(store, FileChange("/workspace/a.py", "1\n", "assistant\n"),
                           FileChange("/workspace/b.py", "2\n", "assistant\n"))

    with pytest.raises(CheckpointRefusedError, match=r"/workspace/b.py no longer holds what the turn left"):
        await take_back(files, store, "s1", turns)

    assert files.writes == [] and files.removals == [] and not (await store.turns("s1"))[0].files_undone


async def test_a_write_failing_half_way_puts_back_what_was_restored():
    files = FakeFiles({"a.py": "A2\n", "b.py": "B2\n"})
    files.refuse_edits.add("/workspace/b.py")
    store = FakeCheckpointStore()
    turns = await turns_of(store, FileChange("/workspace/a.py", "A1\n", "A2\n"),
                           FileChange("/workspace/b.py", "B1\n", "B2\n"))

    with pytest.raises(CheckpointRefusedError, match=r"/workspace/b.py: cannot be restored .* nothing changed"):
        await take_back(files, store, "s1", turns)

    assert files.texts == {"/workspace/a.py": "A2\n", "/workspace/b.py": "B2\n"}
    assert not (await store.turns("s1"))[0].files_undone
