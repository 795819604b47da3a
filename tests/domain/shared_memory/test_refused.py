import contextlib
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.shared_memory.entries import EntryFormatError
from orkeon_engine.domain.shared_memory.refused import (
    RefusedCandidate,
    RefusedList,
    parse_refused,
    refuse,
    render_refused,
)

titles = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=60).map(
    lambda t: " ".join(t.split())).filter(bool)


def test_an_item_line_is_read_with_its_key_date_and_title():
    refused = parse_refused("# Refused\n\nprose\n- quote-paths | 2026-12-03 | Quote paths | really\n")

    assert refused.items == (RefusedCandidate("quote-paths", date(2026, 12, 3), "Quote paths | really"),)


def test_a_key_alone_is_enough():
    assert parse_refused("- run-tests-first\n").items == (RefusedCandidate("run-tests-first"),)


@pytest.mark.parametrize(("line", "problem"), [
    ("- Not A Key | 2026-01-01 | x", "line 1: 'Not A Key' is not a key"),
    ("- a-key | soon | x", "line 1: 'soon' is not a date"),
])
def test_a_bad_item_line_is_named(line, problem):
    with pytest.raises(EntryFormatError, match=problem):
        parse_refused(line)


def test_a_candidate_is_found_by_the_key_of_its_title():
    refused = RefusedList((refuse("Quote every path!", date(2026, 1, 1)),))

    assert refused.find("quote EVERY path") is not None and refused.find("Quote nothing") is None


def test_adding_keeps_one_item_a_key():
    refused = RefusedList((RefusedCandidate("a"),))

    added = refused.with_added([RefusedCandidate("a"), RefusedCandidate("b"), RefusedCandidate("b")])

    assert [item.key for item in added.items] == ["a", "b"]


@given(st.lists(st.builds(refuse, titles, st.dates()), max_size=8))
@settings(max_examples=200, deadline=None)
def test_a_rendered_list_reads_back_the_same(items):
    refused = RefusedList().with_added(items)

    assert parse_refused(render_refused(refused)) == refused


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_list_or_an_entry_format_error(text):
    with contextlib.suppress(EntryFormatError):
        parse_refused(text)
