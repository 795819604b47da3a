import os

import pytest

from orkeon_engine.adapters.atomic_write import write_atomically


def test_a_write_creates_the_folders_and_keeps_the_newlines_as_given(tmp_path):
    target = tmp_path / "a" / "b.txt"

    write_atomically(target, "one\r\ntwo\n")

    assert target.read_bytes() == b"one\r\ntwo\n"


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path):
    target = tmp_path / "kept.txt"
    target.write_text("old")

    with pytest.raises(UnicodeEncodeError):
        write_atomically(target, "\udcff")

    assert target.read_text() == "old" and os.listdir(tmp_path) == ["kept.txt"]


def test_a_create_never_replaces_a_file_and_leaves_no_temp_file(tmp_path):
    target = tmp_path / "entry.md"
    target.write_text("the first")

    with pytest.raises(FileExistsError):
        write_atomically(target, "the second", replace=False)

    assert target.read_text() == "the first" and os.listdir(tmp_path) == ["entry.md"]


def test_a_create_writes_a_new_file_whole(tmp_path):
    target = tmp_path / "new.md"

    write_atomically(target, "whole\n", replace=False)

    assert target.read_text() == "whole\n" and os.listdir(tmp_path) == ["new.md"]
