import contextlib
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.shared_memory.entries import (
    EntryFormatError,
    EntryListing,
    StoredEntry,
    entry_file_name,
    make_entry,
    parse_entry,
    render_entry,
    slugify,
)

GOOD = """---
title: Quote every path the shell tool gets
tags: [shell, Gate]
source: proposal
origin: PROPOSALS.md
created: 2026-12-03
---

A path with a space was split in two.
"""

titles = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=80).map(
    lambda t: " ".join(t.split())).filter(bool)
texts = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\r"), min_size=1,
                max_size=300).map(str.strip).filter(bool)
tags = st.lists(st.from_regex(r"[a-z0-9][a-z0-9._/-]{0,10}", fullmatch=True), max_size=5, unique=True)
entries = st.builds(make_entry, title=titles, text=texts, tags=tags,
                    source=st.sampled_from(["note", "proposal", "verdict-row"]),
                    origin=st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=40),
                    created=st.none() | st.dates())


def test_a_file_with_its_front_matter_is_an_entry():
    entry = parse_entry(GOOD)

    assert (entry.title, entry.tags, entry.source, entry.origin, entry.created, entry.text) == (
        "Quote every path the shell tool gets", ("shell", "gate"), "proposal", "PROPOSALS.md",
        date(2026, 12, 3), "A path with a space was split in two.")


def test_windows_newlines_and_a_byte_order_mark_are_read():
    entry = parse_entry("\ufeff" + GOOD.replace("\n", "\r\n"))

    assert entry.text == "A path with a space was split in two."


def test_tags_without_brackets_and_the_defaults():
    entry = parse_entry("---\ntitle: T\ntags: a, b\n---\ntext\n")

    assert (entry.tags, entry.source, entry.created) == (("a", "b"), "note", None)


@pytest.mark.parametrize(("text", "problem"), [
    ("title: no fence\n", "does not open with a front matter"),
    ("---\ntitle: T\ntext\n", "not closed"),
    ("---\ntags: a\n---\ntext\n", "has no `title:`"),
    ("---\ntitle: T\nauthor: me\n---\ntext\n", "unknown key 'author'; accepted keys: title, tags, source"),
    ("---\ntitle: T\ntitle: U\n---\ntext\n", "`title` is given twice"),
    ("---\ntitle: T\n---\n\n", "no text after its front matter"),
    ("---\ntitle: T\nsource: rumour\n---\ntext\n", "not one of verdict-row, proposal, note"),
    ("---\ntitle: T\ntags: [Has Space]\n---\ntext\n", "the tag 'Has Space' is not accepted"),
    ("---\ntitle: T\ncreated: yesterday\n---\ntext\n", "not a date written YYYY-MM-DD"),
    ("---\ntitle: T\njust words\n---\ntext\n", "line 3 is not `key: value`"),
])
def test_a_file_that_does_not_fit_says_what_is_wrong(text, problem):
    with pytest.raises(EntryFormatError, match=problem.replace("[", r"\[").replace("(", r"\(")):
        parse_entry(text)


def test_a_text_longer_than_the_cap_is_refused():
    with pytest.raises(EntryFormatError, match="split it into entries"):
        make_entry("T", "x" * 20_001)


@given(entries)
@settings(max_examples=200, deadline=None)
def test_a_rendered_entry_reads_back_the_same(entry):
    assert parse_entry(render_entry(entry)) == entry


@given(st.text(max_size=400))
@settings(max_examples=300, deadline=None)
def test_any_text_is_an_entry_or_an_entry_format_error(text):
    with contextlib.suppress(EntryFormatError):
        parse_entry(text)


@given(st.text(max_size=100))
@settings(deadline=None)
def test_a_slug_is_a_safe_file_name(title):
    slug = slugify(title)

    assert slug and len(slug) <= 60 and "/" not in slug and "." not in slug and not slug.startswith(("_", "-"))


def test_a_slug_keeps_the_words_of_the_title():
    assert slugify("Don't push: ../../etc/passwd!") == "don-t-push-etc-passwd"


def test_a_taken_file_name_gets_a_number():
    entry = make_entry("Run the tests", "text")

    assert entry_file_name(entry, {"run-the-tests.md", "Run-The-Tests-2.md"}) == "run-the-tests-3.md"


def test_the_listing_maps_each_key_to_its_first_file():
    entry = make_entry("Same title", "text")
    listing = EntryListing((StoredEntry("a.md", entry), StoredEntry("b.md", entry)))

    assert listing.keys() == {"same-title": "a.md"}
