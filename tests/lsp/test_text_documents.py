"""LineTextDocument: an incremental change spliced into the lines gives the text a whole-text edit gives."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

from orkeon_lsp.text_documents import LineTextDocument, LineWorkspace, split_keeping_ends

URI = "file:///repo/app.py"


def lsp_offsets(text: str) -> list[int]:
    """The offset at which each line starts, lines ending at \\n, \\r\\n or \\r only (as LSP counts them)."""
    return [0, *(match.end() for match in re.finditer(r"\r\n|\r|\n", text))]


def reference_edit(text: str, start: tuple[int, int], end: tuple[int, int], new: str) -> str:
    starts = lsp_offsets(text)
    return text[:starts[start[0]] + start[1]] + new + text[starts[end[0]] + end[1]:]


def change(start: tuple[int, int], end: tuple[int, int], text: str) -> types.TextDocumentContentChangePartial:
    return types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(*start), types.Position(*end)), text=text)


PIECES = st.lists(st.sampled_from(["a", "bc", "\n", "\r\n", "\r", " ", "x = 1", "\x0c", "\u2028"]), max_size=12)


@st.composite
def edits(draw: st.DrawFn) -> tuple[str, tuple[int, int], tuple[int, int], str]:
    text = "".join(draw(PIECES))
    starts = lsp_offsets(text)
    ends = [*starts[1:], len(text) + 1]
    contents = [re.sub(r"(\r\n|\r|\n)$", "", text[s:min(e, len(text))]) for s, e in zip(starts, ends, strict=True)]
    lines = len(contents)
    first = draw(st.integers(0, lines - 1))
    last = draw(st.integers(first, lines - 1))
    start_char = draw(st.integers(0, len(contents[first])))
    end_char = draw(st.integers(start_char if last == first else 0, len(contents[last])))
    return text, (first, start_char), (last, end_char), "".join(draw(PIECES))


@given(edits())
@settings(max_examples=400)
def test_an_incremental_change_gives_the_text_a_whole_text_edit_gives(edit):
    text, start, end, new = edit
    document = LineTextDocument(URI, text)

    document.apply_change(change(start, end, new))

    assert document.source == reference_edit(text, start, end, new)
    assert list(document.lines) == split_keeping_ends(document.source)


def test_a_change_splices_only_the_lines_it_touches():
    document = LineTextDocument(URI, "one\ntwo\nthree\n")
    before = document.lines

    document.apply_change(change((1, 0), (1, 3), "TWO\nand a half"))

    assert document.lines is before and list(before) == ["one\n", "TWO\n", "and a half\n", "three\n"]


def test_typing_after_the_last_line_end_appends():
    document = LineTextDocument(URI, "one\n")

    document.apply_change(change((1, 0), (1, 0), "two"))

    assert document.source == "one\ntwo"


def test_a_whole_text_change_replaces_everything():
    document = LineTextDocument(URI, "one\n")

    document.apply_change(types.TextDocumentContentChangeWholeDocument(text="a\r\nb"))

    assert (document.source, list(document.lines)) == ("a\r\nb", ["a\r\n", "b"])


def test_the_workspace_makes_line_documents():
    workspace = LineWorkspace(None)

    workspace.put_text_document(types.TextDocumentItem(URI, "python", 1, "x = 1\n"))

    assert isinstance(workspace.get_text_document(URI), LineTextDocument)
