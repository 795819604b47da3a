from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.shared_memory.candidates import read_candidates, render_candidates
from orkeon_engine.domain.shared_memory.entries import make_entry

PROPOSALS = """# Proposals

Some prose the reader skips.

## Quote every path the shell tool gets
tags: shell, gate
origin: motif 2 (F3, F5, F7)

A path with a space was split in two.

```
## not a heading: inside a fence
```

## Run the narrow test first
source: note

The suite takes minutes.
"""

VERDICT = """# Verdict F3: GAPS

| # | Severity | Finding | Evidence |
|---|----------|---------|----------|
| 1 | Major | The parser drops a trailing tab. It should keep it. | src/parse.py:12 |
| 2 | Minor | Names a \\| pipe in a cell | |
| 3 | Blocking |  | src/a.py:1 |

| name | value |
|------|-------|
| not | a verdict |
"""


def test_each_section_is_a_candidate_with_its_keys_and_text():
    read = read_candidates(PROPOSALS, "PROPOSALS.md")

    first, second = (c.entry for c in read.candidates)
    assert (first.title, first.tags, first.source, first.origin) == (
        "Quote every path the shell tool gets", ("shell", "gate"), "proposal", "motif 2 (F3, F5, F7)")
    assert "## not a heading: inside a fence" in first.text
    assert (second.title, second.source, second.text) == ("Run the narrow test first", "note",
                                                         "The suite takes minutes.")


def test_a_candidate_names_where_it_was_read():
    read = read_candidates(PROPOSALS, "PROPOSALS.md")

    assert read.candidates[1].where == 'PROPOSALS.md, "## Run the narrow test first"'


def test_a_verdict_row_is_a_candidate_from_a_verdict_row():
    read = read_candidates(VERDICT, "verdicts/F3.md")

    entry = read.candidates[0].entry
    assert (entry.title, entry.tags, entry.source, entry.origin) == (
        "The parser drops a trailing tab", ("verdict", "major"), "verdict-row", "verdicts/F3.md, row 1")
    assert entry.text == "The parser drops a trailing tab. It should keep it.\n\nEvidence: src/parse.py:12"


def test_an_escaped_pipe_stays_in_its_cell():
    read = read_candidates(VERDICT, "verdicts/F3.md")

    assert read.candidates[1].entry.title == "Names a | pipe in a cell"


def test_a_row_without_a_finding_is_a_problem_and_the_others_are_read():
    read = read_candidates(VERDICT, "verdicts/F3.md")

    assert len(read.candidates) == 2
    assert read.problems == ("verdicts/F3.md, row 3: the finding cell is empty",)


def test_a_section_without_text_is_a_problem_naming_its_heading():
    read = read_candidates("## Empty one\ntags: a\n\n## Full\ntext\n", "x.md")

    assert [c.entry.title for c in read.candidates] == ["Full"]
    assert read.problems[0].startswith('x.md, "## Empty one": the entry has no text')


def test_the_default_source_applies_when_a_section_names_none():
    read = read_candidates("## A lesson\nthe text\n", "notes.md", default_source="note")

    assert read.candidates[0].entry.source == "note"


def test_rendered_candidates_read_back_as_the_same_entries():
    entries = [make_entry("First lesson", "one\n\ntwo", ["a", "b"], "proposal", "motif 1"),
               make_entry("Second lesson", "three", [], "note")]

    read = read_candidates(render_candidates(entries), "PROPOSALS.md")

    assert [c.entry for c in read.candidates] == entries


@given(st.text(max_size=600))
@settings(max_examples=300, deadline=None)
def test_any_text_gives_candidates_and_problems_never_an_exception(text):
    read = read_candidates(text, "any.md")

    assert all(c.entry.title for c in read.candidates)


@given(st.lists(st.sampled_from(["## T", "tags: a", "| severity | finding |", "|---|---|", "| high | x |",
                                 "```", "text", "", "source: rumour"]), max_size=25))
@settings(max_examples=300, deadline=None)
def test_mixed_markdown_lines_never_raise(lines):
    read_candidates("\n".join(lines), "mixed.md")
