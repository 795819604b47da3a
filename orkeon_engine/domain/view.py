"""CommandView: what a command shows, rendered as aligned text for a terminal or as JSON for an editor.

A view has lines written first (a command's own output, such as a diff), an optional table of columns
and rows, an optional document (a long text the editor opens), and a closing message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Table:
    """Columns and rows of cells, every row as long as the columns; columns all unnamed print no heading."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = ()

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


def table(columns: list[str] | tuple[str, ...], rows: list[list[str]] | list[tuple[str, ...]]) -> Table:
    """Build a Table from lists, turning every cell into text."""
    return Table(tuple(columns), tuple(tuple(str(cell) for cell in row) for row in rows))


def render_text(view: CommandView) -> str:
    """The view as a terminal shows it: lines, the aligned table, then the message."""
    parts: list[str] = list(view.lines)
    if view.table is not None:
        parts.extend(_render_table(view.table))
    if view.document is not None and not view.lines:
        parts.append(view.document.content.rstrip("\n"))
    if view.message:
        parts.append(view.message)
    return "\n".join(parts)


def _render_table(tbl: Table) -> list[str]:
    widths = [len(col) for col in tbl.columns]
    for row in tbl.rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], len(cell))

    def fmt(cells: tuple[str, ...]) -> str:
        return "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(cells)).rstrip()

    out = [fmt(tbl.columns), fmt(tuple("-" * w for w in widths))] if any(tbl.columns) else []
    out.extend(fmt(row) for row in tbl.rows)
    return out


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
