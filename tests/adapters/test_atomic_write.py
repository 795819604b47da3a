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
