from datetime import UTC, datetime

from orkeon_engine.domain.session.export import conversation_markdown, default_export_path
from orkeon_engine.domain.session.session import BufferEntry, SessionInfo

WHEN = datetime(2026, 1, 15, 9, 30, tzinfo=UTC)
INFO = SessionInfo("s7", "", WHEN, WHEN)


def test_the_default_path_is_under_output_named_after_the_session():
    assert default_export_path("s7") == "/output/conversation-s7.md"


def test_the_document_has_a_title_the_session_facts_and_each_entry_under_its_speaker():
    entries = [BufferEntry("user", "fix the parser"), BufferEntry("assistant", "Done: parser.py:12.")]

    text = conversation_markdown(INFO, entries, WHEN)

    assert text.startswith("# Conversation s7\n")
    assert "- session: s7" in text and "- entries: 2" in text
    assert "## 1. You\n\nfix the parser" in text
    assert "## 2. Orkeon\n\nDone: parser.py:12." in text


def test_an_entry_that_is_not_a_plain_message_says_its_kind():
    text = conversation_markdown(INFO, [BufferEntry("system", "Earlier: ...", kind="summary")], WHEN)

    assert "## 1. System (summary)" in text


def test_a_titled_session_uses_its_title():
    titled = SessionInfo("s7", "Parser fixes", WHEN, WHEN)

    assert conversation_markdown(titled, [BufferEntry("user", "x")], WHEN).startswith("# Parser fixes\n")
