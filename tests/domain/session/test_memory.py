from datetime import UTC, datetime

import pytest

from orkeon_engine.domain.session.memory import (
    CATEGORY_DEFINITIONS,
    MAX_NOTE_CHARS,
    MEMORY_CATEGORIES,
    MemoryNote,
    MemoryNoteError,
    check_note_text,
    parse_category,
)


def test_every_category_says_what_it_holds_and_what_it_excludes():
    assert set(CATEGORY_DEFINITIONS) == set(MEMORY_CATEGORIES)
    assert all(d.holds and d.excludes for d in CATEGORY_DEFINITIONS.values())


def test_a_category_is_read_without_case():
    assert parse_category(" Feedback ") == "feedback"


def test_an_unknown_category_names_the_four():
    with pytest.raises(MemoryNoteError, match="user, project, feedback, reference"):
        parse_category("team")


def test_a_note_is_flattened_to_one_line():
    assert check_note_text("  the build\n needs   docker ") == "the build needs docker"


@pytest.mark.parametrize("text", ["", "   \n", "x" * (MAX_NOTE_CHARS + 1)])
def test_an_empty_or_overlong_note_is_refused(text):
    with pytest.raises(MemoryNoteError):
        check_note_text(text)


def test_a_feedback_note_line_carries_its_reason():
    note = MemoryNote("n1", "feedback", "run the narrow test first", datetime(2026, 1, 1, tzinfo=UTC),
                      reason="the suite is slow")

    assert note.line() == "[feedback] run the narrow test first (because the suite is slow)"
