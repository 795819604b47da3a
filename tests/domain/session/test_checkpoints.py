"""The pure rules of checkpoints: the net change over turns taken back, and the refusals naming the file."""

from __future__ import annotations

import pytest

from orkeon_engine.domain.session.checkpoints import (
    Checkpoint,
    CheckpointRefusedError,
    FileChange,
    NothingToTakeBackError,
    Restore,
    checked_workspace_path,
    conversation_before,
    kept_files_note,
    last_undoable,
    plan_take_back,
    refuse_changed_since,
    restore_line,
    taken_back_note,
    turn_line,
    turns_from,
)
from orkeon_engine.domain.session.session import BufferEntry


def test_undoing_one_turn_restores_the_text_before_it():
    turn = Checkpoint(3, "set the tax", (FileChange("/workspace/cart.py", "TAX = 0.2\n", "TAX = 0.21\n"),))

    plan = plan_take_back([turn])

    assert plan == [Restore("/workspace/cart.py", "TAX = 0.21\n", "TAX = 0.2\n")]


def test_a_file_the_turn_created_is_removed_and_one_it_removed_comes_back():
    turn = Checkpoint(1, "move it", (FileChange("/workspace/new.py", None, "x\n"),
                                     FileChange("/workspace/old.py", "y\n", None)))

    plan = plan_take_back([turn])

    assert plan == [Restore("/workspace/new.py", "x\n", None), Restore("/workspace/old.py", None, "y\n")]


def test_several_turns_on_one_file_go_back_to_the_oldest_before():
    turns = [Checkpoint(5, "b", (FileChange("/workspace/a.py", "2\n", "3\n"),)),
             Checkpoint(4, "a", (FileChange("/workspace/a.py", "1\n", "2\n"),))]

    plan = plan_take_back(turns)

    assert plan == [Restore("/workspace/a.py", "3\n", "1\n")]


def test_a_change_between_two_turns_is_refused_naming_the_file():
    turns = [Checkpoint(4, "a", (FileChange("/workspace/a.py", "1\n", "2\n"),)),
             Checkpoint(6, "b", (FileChange("/workspace/a.py", "2 and mine\n", "3\n"),))]

    with pytest.raises(CheckpointRefusedError, match=r"/workspace/a.py: changed by someone else between turn 4 "
                                                     r"and turn 6"):
        plan_take_back(turns)


def test_a_file_changed_since_the_turn_is_refused_and_named():
    plan = [Restore("/workspace/a.py", "2\n", "1\n"), Restore("/workspace/b.py", "x\n", None)]

    with pytest.raises(CheckpointRefusedError, match=r"/workspace/b.py no longer holds what the turn left"):
        refuse_changed_since(plan, {"/workspace/a.py": "2\n", "/workspace/b.py": "x, edited by me\n"})


def test_files_that_still_hold_the_turns_text_pass():
    plan = [Restore("/workspace/a.py", "2\n", "1\n"), Restore("/workspace/new.py", None, "n\n")]

    refuse_changed_since(plan, {"/workspace/a.py": "2\n", "/workspace/new.py": None})


def test_a_turn_whose_file_came_back_to_its_text_restores_nothing():
    turn = Checkpoint(2, "x", (FileChange("/workspace/a.py", "1\n", "1\n"),))

    assert plan_take_back([turn]) == []


def test_a_workspace_path_is_kept_as_it_is():
    assert checked_workspace_path("/workspace/src/a.py") == "/workspace/src/a.py"


def test_undo_takes_the_latest_turn_with_edits_still_in_place():
    turns = [Checkpoint(1, "a", (FileChange("/workspace/a.py", "1\n", "2\n"),)),
             Checkpoint(2, "b", (FileChange("/workspace/a.py", "2\n", "3\n"),), files_undone=True),
             Checkpoint(3, "only talk")]

    assert last_undoable(turns).turn == 1


def test_undo_with_nothing_left_says_so():
    with pytest.raises(NothingToTakeBackError, match="nothing to undo"):
        last_undoable([Checkpoint(1, "only talk")])


def test_rewind_takes_the_turn_and_the_later_ones_still_in_place():
    turns = [Checkpoint(1, "a", (FileChange("/workspace/a.py", "1\n", "2\n"),)),
             Checkpoint(2, "b", (FileChange("/workspace/a.py", "2\n", "3\n"),)),
             Checkpoint(3, "c", (FileChange("/workspace/b.py", None, "b\n"),), files_undone=True)]

    target, later = turns_from(turns, 2)

    assert target.turn == 2 and [c.turn for c in later] == [2]


def test_rewind_to_an_unknown_turn_names_the_turns_there_are():
    with pytest.raises(NothingToTakeBackError, match=r"turn 7 is not a turn of this session \(turns 1-2"):
        turns_from([Checkpoint(1, "a"), Checkpoint(2, "b")], 7)


def test_the_conversation_goes_back_to_before_the_turns_request():
    entries = [BufferEntry("user", "a"), BufferEntry("assistant", "A"), BufferEntry("user", "b"),
               BufferEntry("assistant", "B")]

    kept = conversation_before(entries, Checkpoint(2, "b", history_at=2))

    assert kept == entries[:2]


def test_a_request_a_compaction_moved_is_found_by_its_text():
    entries = [BufferEntry("system", "note", "snip-note"), BufferEntry("user", "b"), BufferEntry("assistant", "B")]

    assert conversation_before(entries, Checkpoint(2, "b", history_at=2)) == entries[:1]


def test_a_conversation_compacted_away_is_refused_with_the_files_flag_named():
    entries = [BufferEntry("user", "b", "archived:message"), BufferEntry("system", "summary", "summary")]

    with pytest.raises(NothingToTakeBackError, match=r"/rewind 2 --files"):
        conversation_before(entries, Checkpoint(2, "b", history_at=0))


def test_a_turn_line_shows_its_number_request_and_files():
    turn = Checkpoint(4, "add a cart\nwith details", (FileChange("/workspace/cart.py", None, "x"),
                                                      FileChange("/workspace/old.py", "y", None),
                                                      FileChange("/workspace/app.py", "1", "2")))

    assert turn_line(turn) == "4. add a cart | cart.py (created), old.py (removed), app.py"


def test_each_restore_says_what_happened_to_the_file():
    lines = [restore_line(Restore("/workspace/a.py", "2", "1")), restore_line(Restore("/workspace/n.py", "x", None)),
             restore_line(Restore("/workspace/o.py", None, "y"))]

    assert lines == ["restored a.py", "removed n.py (the assistant created it)",
                     "brought back o.py (the assistant removed it)"]


def test_the_note_after_an_undo_names_the_turn_and_what_was_done():
    note = taken_back_note("/undo", [3], [Restore("/workspace/a.py", "2", "1")])

    assert note == ("The person ran /undo: the file edits of turn 3 were taken back (restored a.py). Read a file "
                    "again before you edit it.")


def test_the_note_after_a_conversation_rewind_names_the_files_that_keep_their_edits():
    note = kept_files_note(2, ["/workspace/a.py", "/workspace/b.py"])

    assert "before turn 2" in note and "keep their edits (a.py, b.py)" in note
