"""CommandView: what a command shows, rendered as aligned text for a terminal or as JSON for an editor.

A view has lines written first (a command's own output, such as a diff), an optional table of columns
and rows, an optional document (a long text the editor opens), and a closing message. Rendered for a
terminal of a given width, a table that would be wider has its widest columns narrowed and their cells
wrapped onto more lines, so every row fits.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Any

COLUMN_GAP = 2
MIN_COLUMN = 6
"""A column is never narrowed below this (or its own width when smaller): a terminal too narrow for that
gets rows that overflow rather than one letter a line."""


@dataclass(frozen=True)
class Table:
    """Columns and rows of cells, every row as long as the columns; columns all unnamed print no heading."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    whole: tuple[int, ...] = ()
    """The columns (by index) never narrowed to fit a terminal, such as a name the person types again: the
    other columns wrap instead."""

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"a row has {len(row)} cells for {len(self.columns)} columns: {row!r}")


@dataclass(frozen=True)
class Document:
    """A long text shown as a document: a title and markdown content."""

    title: str
    content: str


@dataclass(frozen=True)
class CommandView:
    """What a command returns for the person to see."""

    lines: tuple[str, ...] = ()
    table: Table | None = None
    message: str = ""
    document: Document | None = None
    data: dict[str, Any] = field(default_factory=dict)
    exit_code: int = 0
    """What `orkeon <command>` exits with when the command ran (1 for /review --fail-on with findings)."""
    aside: str = ""
    """A line for the person when the output is meant for a program (a JSON or SARIF report): the CLI
    writes it on stderr, so the report on stdout stays clean."""
    markdown: bool = False
    """The message is Markdown (an assistant's answer): a terminal that draws may render it."""


def table(columns: list[str] | tuple[str, ...], rows: list[list[str]] | list[tuple[str, ...]],
          whole: tuple[int, ...] = ()) -> Table:
    """Build a Table from lists, turning every cell into text; `whole` names the columns never narrowed."""
    return Table(tuple(columns), tuple(tuple(str(cell) for cell in row) for row in rows), whole)


def render_text(view: CommandView, width: int | None = None) -> str:
    """The view as a terminal shows it: lines, the aligned table (fitted to `width` columns when given),
    then the message."""
    parts: list[str] = list(view.lines)
    if view.table is not None:
        parts.extend(render_table(view.table, width))
    if view.document is not None and not view.lines:
        parts.append(view.document.content.rstrip("\n"))
    if view.message:
        parts.append(view.message)
    return "\n".join(parts)


def render_table(tbl: Table, width: int | None = None) -> list[str]:
    """The table's lines: a heading (unless every column is unnamed), a rule, then the rows; with `width`,
    columns narrowed and cells wrapped so that each line fits in it."""
    natural = [len(col) for col in tbl.columns]
    for row in tbl.rows:
        for index, cell in enumerate(row):
            natural[index] = max(natural[index], len(cell))
    widths = natural if width is None else fit_widths(natural, width, tbl.whole)

    def fmt(cells: tuple[str, ...]) -> list[str]:
        wrapped = [[cell] if width is None else _wrap(cell, widths[i]) for i, cell in enumerate(cells)]
        height = max((len(parts) for parts in wrapped), default=1)
        return ["  ".join((parts[line] if line < len(parts) else "").ljust(widths[i])
                          for i, parts in enumerate(wrapped)).rstrip() for line in range(height)]

    out: list[str] = []
    if any(tbl.columns):
        out += fmt(tbl.columns)
        out.append("  ".join("-" * w for w in widths).rstrip())
    for row in tbl.rows:
        out += fmt(row)
    return out


def fit_widths(natural: list[int], width: int, whole: tuple[int, ...] = ()) -> list[int]:
    """Column widths whose sum with the gaps fits in `width`: the `whole` columns and the narrow ones keep
    their width, the wide ones share what is left evenly (never below MIN_COLUMN, so a very narrow terminal
    may still overflow)."""
    room = width - COLUMN_GAP * max(len(natural) - 1, 0)
    if sum(natural) <= room:
        return list(natural)
    widths = list(natural)
    room -= sum(natural[i] for i in range(len(natural)) if i in whole)
    pending = sorted((i for i in range(len(natural)) if i not in whole), key=lambda i: natural[i])
    left = room
    while pending:
        share = left // len(pending)
        index = pending[0]
        if natural[index] <= share:
            left -= natural[index]
            pending.pop(0)
            continue
        extra = left - share * len(pending)  # what the even share leaves over goes to the widest columns
        for rank, index in enumerate(reversed(pending)):
            widths[index] = max(share + (1 if rank < extra else 0), min(natural[index], MIN_COLUMN))
        break
    return widths


def _wrap(cell: str, width: int) -> list[str]:
    if len(cell) <= width and "\n" not in cell:
        return [cell]
    lines: list[str] = []
    for paragraph in cell.split("\n"):
        lines += textwrap.wrap(paragraph, width, break_long_words=True, break_on_hyphens=False) or [""]
    return lines


def to_json(view: CommandView) -> dict[str, Any]:
    """The view as the language server returns it: {message, lines, table, document}."""
    return {
        "message": view.message,
        "lines": list(view.lines),
        "table": None
        if view.table is None
        else {"columns": list(view.table.columns), "rows": [list(r) for r in view.table.rows]},
        "document": None
        if view.document is None
        else {"title": view.document.title, "content": view.document.content},
        "data": view.data,
    }
