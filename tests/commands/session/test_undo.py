"""/undo over real assistant turns (the main loop over the fakes): the last turn's edits taken back, a
created file removed, refused naming the file the person changed since, and nothing to undo said."""

from __future__ import annotations

import pytest

from orkeon_engine.commands.session.undo import ARGS, run_undo
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.checkpoints import Checkpoint, FileChange
from orkeon_engine.domain.ui.args import parse_args
from tests.support.checkpoint_turns import edit_turns
from tests.support.deps import make_deps
from tests.support.doubles.fake_checkpoint_store import FakeCheckpointStore
from tests.support.doubles.fake_files import FakeFiles

NO_ARGS = parse_args("undo", ARGS, [])


async def test_undo_restores_the_edited_file_and_removes_the_created_one():
    files = FakeFiles({"cart.py": "TAX = 0.2\n"})
    deps = await edit_turns(files, ("set the tax", {"cart.py": "TAX = 0.21\n", "tax.py": "RATE = 0.21\n"}))

    view = await run_undo(NO_ARGS, deps)

    assert files.texts == {"/workspace/cart.py": "TAX = 0.2\n"}
    assert view.lines == ("restored cart.py", "removed tax.py (the assistant created it)")
    note = (await deps.session.entries())[-1]
    assert note.role == "system" and note.text.startswith("The person ran /undo: the file edits of turn 1 were taken")
    assert view.message.startswith("took back the edits of turn 1 (set the tax)")


async def test_undo_again_takes_back_the_turn_before():
    files = FakeFiles({"a.py": "1\n"})
    deps = await edit_turns(files, ("two", {"a.py": "2\n"}), ("three", {"a.py": "3\n"}))
    await run_undo(NO_ARGS, deps)

    view = await run_undo(NO_ARGS, deps)

    assert files.texts["/workspace/a.py"] == "1\n" and view.data["turn"] == 1


async def test_undo_refuses_naming_the_file_the_person_changed_and_changes_nothing():
    files = FakeFiles({"cart.py": "TAX = 0.2\n", "notes.md": "n\n"})
    deps = await edit_turns(files, ("edit", {"cart.py": "TAX = 0.21\n", "notes.md": "n2\n"}))
    files.texts["/workspace/cart.py"] = "TAX = 0.21  # mine\n"
    writes = len(files.writes)

    with pytest.raises(CommandFailedError, match=r"/workspace/cart.py no longer holds what the turn left"):
        await run_undo(NO_ARGS, deps)

    assert len(files.writes) == writes and files.texts["/workspace/notes.md"] == "n2\n"


async def test_undo_brings_back_a_file_the_turn_removed():
    store = FakeCheckpointStore()
    files = FakeFiles()
    deps = await make_deps(vfs=files, checkpoints=store)
    store.checkpoints[deps.session.id] = [Checkpoint(1, "tidy", (FileChange("/workspace/old.py", "o\n", None),))]

    view = await run_undo(NO_ARGS, deps)

    assert files.texts == {"/workspace/old.py": "o\n"} and view.lines == (
        "brought back old.py (the assistant removed it)",)


async def test_undo_with_no_edits_says_there_is_nothing_to_undo():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="nothing to undo"):
        await run_undo(NO_ARGS, deps)
