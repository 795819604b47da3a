"""Findings that follow the text: edits above, below and on the quoted line; relocation in a file's text."""

from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.review.finding_tracking import TextChange, follow_changes, follow_one, quotes, relocate
from orkeon_engine.domain.review.findings import Finding

split_lines = str.splitlines

TEXT = "import os\n\ndef load(path):\n    handle = open(path)\n    return handle.read()\n"


def _finding(line=4, quote="    handle = open(path)", end_line=None):
    return Finding("app.py", line, end_line or line, quote, "high", "correctness", "leak", "never closed")


def _apply(text, change):
    lines = text.split("\n")
    if change.start_line is None:
        return change.text
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    start = offsets[change.start_line] + change.start_char
    end = offsets[change.end_line] + change.end_char
    return text[:start] + change.text + text[end:]


def test_lines_inserted_above_move_the_finding_down():
    change = TextChange("# one\n# two\n", 0, 0, 0, 0)

    moved = follow_one(_finding(), [change], split_lines(_apply(TEXT, change)))

    assert moved.line == 6


def test_lines_deleted_above_move_the_finding_up():
    change = TextChange("", 0, 0, 2, 0)

    moved = follow_one(_finding(), [change], split_lines(_apply(TEXT, change)))

    assert moved.line == 2


def test_an_edit_below_leaves_the_finding_where_it_is():
    change = TextChange("    # done\n", 4, 0, 4, 0)

    assert follow_one(_finding(), [change], split_lines(_apply(TEXT, change))).line == 4


def test_deleting_the_quoted_line_hides_the_finding_where_its_line_was():
    change = TextChange("", 3, 0, 4, 0)

    followed = follow_changes([_finding()], [change], split_lines(_apply(TEXT, change)))

    assert ([f.line for f in followed.kept], followed.hidden) == ([4], (_finding().id,))


def test_rewriting_the_quoted_line_hides_the_finding():
    change = TextChange("with open(path) as handle:", 3, 4, 3, 23)
    lines = split_lines(_apply(TEXT, change))

    followed = follow_changes([_finding()], [change], lines)

    assert followed.hidden == (_finding().id,) and not quotes(followed.kept[0], lines)


def test_a_typo_undone_shows_the_finding_again_on_its_line():
    typo = TextChange("x", 3, 10, 3, 10)
    typed = _apply(TEXT, typo)
    hidden = follow_one(_finding(), [typo], split_lines(typed))
    undo = TextChange("", 3, 10, 3, 11)

    shown = follow_changes([hidden], [undo], split_lines(_apply(typed, undo)))

    assert ([f.line for f in shown.kept], shown.hidden) == ([4], ())


def test_a_deleted_line_put_back_shows_the_finding_again():
    cut = TextChange("", 3, 0, 4, 0)
    without = _apply(TEXT, cut)
    hidden = follow_one(_finding(), [cut], split_lines(without))
    undo = TextChange("    handle = open(path)\n", 3, 0, 3, 0)

    shown = follow_changes([hidden], [undo], split_lines(_apply(without, undo)))

    assert ([f.line for f in shown.kept], shown.hidden) == ([4], ())


def test_reindenting_the_quoted_line_keeps_the_finding():
    change = TextChange("  ", 3, 0, 3, 0)

    assert follow_one(_finding(), [change], split_lines(_apply(TEXT, change))).line == 4


def test_typing_at_the_end_of_the_line_above_does_not_disturb_it():
    change = TextChange("  # the loader", 2, 15, 2, 15)

    assert follow_one(_finding(), [change], split_lines(_apply(TEXT, change))).line == 4


def test_an_edit_inside_the_span_after_the_quoted_line_moves_only_its_end():
    finding = _finding(end_line=5)
    change = TextChange("    # read it\n", 4, 0, 4, 0)

    moved = follow_one(finding, [change], split_lines(_apply(TEXT, change)))

    assert (moved.line, moved.end_line) == (4, 6)


def test_a_whole_document_change_finds_the_quote_again():
    new_text = "# header\n" + TEXT

    moved = follow_one(_finding(), [TextChange(new_text)], split_lines(new_text))

    assert moved.line == 5


def test_relocate_keeps_a_finding_whose_line_still_quotes_it():
    assert relocate(_finding(), split_lines(TEXT)) == _finding()


def test_relocate_moves_a_finding_to_the_nearest_line_that_quotes_it():
    assert relocate(_finding(line=1), split_lines(TEXT)).line == 4


def test_relocate_gives_up_a_finding_whose_quote_is_gone():
    assert relocate(_finding(), ["nothing", "here"]) is None


# ---- generated edits ----------------------------------------------------------------------------

FILLER = st.lists(st.sampled_from(["a = 1", "b = 2", "", "# c", "pass"]), max_size=6)


@given(FILLER, FILLER, st.integers(min_value=0, max_value=6), st.integers(min_value=0, max_value=6))
@settings(max_examples=300)
def test_any_edit_of_whole_lines_above_keeps_the_finding_on_its_text(before, inserted, at, removed):
    lines = [*before, "QUOTED = compute()", "tail"]
    at = min(at, len(before))
    removed = min(removed, len(before) - at)
    text = "\n".join(lines) + "\n"
    finding = Finding("f.py", len(before) + 1, len(before) + 1, "QUOTED = compute()", "low", "tests", "t", "")
    change = TextChange("".join(f"{x}\n" for x in inserted), at, 0, at + removed, 0)

    new_lines = split_lines(_apply(text, change))
    moved = follow_one(finding, [change], new_lines)

    assert moved is not None
    assert new_lines[moved.line - 1] == "QUOTED = compute()"


@given(FILLER, FILLER)
@settings(max_examples=200)
def test_any_edit_that_deletes_the_quoted_line_hides_the_finding_and_its_undo_shows_it(before, after):
    lines = [*before, "QUOTED = compute()", *after]
    text = "\n".join(lines) + "\n"
    index = len(before)
    finding = Finding("f.py", index + 1, index + 1, "QUOTED = compute()", "low", "tests", "t", "")
    cut = TextChange("", index, 0, index + 1, 0)
    without = _apply(text, cut)
    undo = TextChange("QUOTED = compute()\n", index, 0, index, 0)

    hidden = follow_changes([finding], [cut], split_lines(without))
    shown = follow_changes(hidden.kept, [undo], split_lines(_apply(without, undo)))

    assert hidden.hidden == (finding.id,)
    assert shown.hidden == () and shown.kept[0].line == index + 1
