from orkeon_engine.domain.session.session import TITLE_CHARS, BufferEntry, title_from_entries


def test_the_title_is_the_first_line_of_the_first_user_message_cut_to_its_length():
    entries = [BufferEntry("system", "rules"), BufferEntry("user", "   "),
               BufferEntry("user", "x" * 80 + "\nmore"), BufferEntry("user", "later")]

    assert title_from_entries(entries) == "x" * TITLE_CHARS


def test_no_user_message_gives_no_title():
    assert title_from_entries([BufferEntry("assistant", "hello"), BufferEntry("user", "s", kind="summary")]) == ""


def test_a_first_request_archived_by_a_compaction_still_titles_the_session():
    assert title_from_entries([BufferEntry("user", "split the parser", kind="archived:message")]) == "split the parser"
