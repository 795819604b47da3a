"""Open documents kept as a list of lines, so an incremental change costs what it changes.

pygls keeps each open document as one string and applies an incremental change by splitting the whole text
into lines and writing every line again: a keystroke in a 100,000-line file costs tens of milliseconds.
`LineTextDocument` keeps the lines themselves (each with its line end, only `\\n`, `\\r\\n` and `\\r` ending a
line, as LSP counts them) and splices the lines a change touches; the whole text is joined only when
someone reads `source`, and kept until the next change. `LineWorkspace` is pygls's workspace making these
documents; the protocol installs it at `initialize` (server.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def split_keeping_ends(text: str) -> list[str]:
    """The text's lines, each with its line end (the last one may have none); no empty line at the end."""
    return _LINE.findall(text)


class LineTextDocument(TextDocument):
    """A text document whose incremental changes splice its list of lines."""

    def __init__(self, uri: str, source: str | None = None, **kwargs: Any) -> None:
        super().__init__(uri, source, **kwargs)
        self._lines: list[str] | None = None if source is None else split_keeping_ends(source)
        self._joined: str | None = source

    @property
    def lines(self) -> Sequence[str]:
        if self._lines is None:
            self._lines = split_keeping_ends(super().source)
        return self._lines

    @property
    def source(self) -> str:
        if self._joined is None:
            self._joined = "".join(self._lines) if self._lines is not None else super().source
        return self._joined

    def _apply_full_change(self, change: types.TextDocumentContentChangeEvent) -> None:
        self._set_text(change.text)

    def _apply_none_change(self, change: types.TextDocumentContentChangeEvent) -> None:
        self._set_text(change.text)

    def _set_text(self, text: str) -> None:
        self._source = text
        self._lines = split_keeping_ends(text)
        self._joined = text

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        lines = self.lines
        assert isinstance(lines, list)
        span = self._position_codec.range_from_client_units(lines, change.range)
        first, last = span.start.line, span.end.line
        if not lines:
            head, tail, first, last = "", "", 0, -1
        else:
            last = min(last, len(lines) - 1)
            head = lines[first][:span.start.character]
            tail = lines[last][span.end.character:] if span.end.line <= last else ""
        replaced = split_keeping_ends(head + change.text + tail)
        end = last + 1
        if replaced and replaced[-1].endswith("\r") and end < len(lines) and lines[end].startswith("\n"):
            replaced[-1] += "\n"  # a \r typed before a \n: one line end, as LSP counts it
            rest = lines[end][1:]
            end += 1
            if rest:
                replaced.extend(split_keeping_ends(rest))
        if first > 0 and lines[first - 1].endswith("\r") and replaced and replaced[0].startswith("\n"):
            first -= 1
            replaced[0] = lines[first] + replaced[0]
            replaced[:1] = split_keeping_ends(replaced[0])
        lines[first:end] = replaced
        self._joined = None
        self._source = None


class LineWorkspace(Workspace):
    """pygls's workspace with its text documents kept as lines."""

    def _create_text_document(self, doc_uri: str, source: str | None = None, version: int | None = None,
                              language_id: str | None = None) -> TextDocument:
        return LineTextDocument(doc_uri, source=source, version=version, language_id=language_id,
                                sync_kind=self._sync_kind, position_codec=self.position_codec)


def line_workspace(workspace: Workspace, sync_kind: types.TextDocumentSyncKind) -> LineWorkspace:
    """A LineWorkspace with the same root, folders and position encoding as pygls's own."""
    return LineWorkspace(workspace.root_uri, sync_kind, list(workspace.folders.values()),
                         workspace.position_encoding)
