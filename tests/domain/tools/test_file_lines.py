from orkeon_engine.domain.tools.file_lines import numbered, split_lines


def test_lines_split_at_line_feeds_only_and_a_final_one_opens_none():
    assert split_lines("a\r\n\x0cb\nc\n") == ["a", "\x0cb", "c"]
    assert split_lines("") == []


def test_numbered_lines_align_their_numbers():
    assert numbered(["x", "y"], 9) == " 9\tx\n10\ty"
