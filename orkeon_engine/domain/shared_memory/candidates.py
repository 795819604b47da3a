"""The candidates /memory admit proposes, read from a Markdown file: candidate sections and verdict rows.

A candidate section is a level-2 heading (its title), then optional `key: value` lines (tags, source,
origin), then the text, up to the next level-2 heading (a heading inside a ``` fence is text):

    ## Quote every path the shell tool gets
    tags: shell, gate
    source: proposal
    origin: dev-learn motif 2 (F3, F5, F7)

    A path with a space was split into two arguments in three batches...

This is the format /dev-learn writes PROPOSALS.md in (`render_candidates`). A verdict row is a row of a
Markdown table whose header names a `severity` and a `finding` column (an `evidence` column is read
when present): each row becomes a candidate whose source is `verdict-row`.

The files come from outside (a model's proposals, a hand-written list): what does not fit is reported as a
problem naming the heading or the row, and the rest is still read; nothing raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from orkeon_engine.domain.shared_memory.entries import (
    EntryFormatError,
    EntrySource,
    MemoryEntry,
    make_entry,
    normalise_newlines,
    split_tags,
)

CANDIDATE_KEYS: tuple[str, ...] = ("tags", "source", "origin")
MAX_VERDICT_TITLE = 120
_HEADING = re.compile(r"##[ \t]+(.+?)[ \t#]*")
_KEY_LINE = re.compile(r"([A-Za-z]+)[ \t]*:[ \t]*(.*)")
_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_RULE_CELL = re.compile(r":?-{3,}:?")
_Part = tuple[str, Callable[[], MemoryEntry]]
"""A part of a file that may be a candidate: its label, and what builds its entry (EntryFormatError if not)."""


@dataclass(frozen=True)
class Candidate:
    """A lesson proposed for the shared memory: the entry it would become, and where it was read."""

    entry: MemoryEntry
    where: str
    """`PROPOSALS.md, "## Quote every path"` or `verdicts/F3.md, row 2`: for the person, and for problems."""


@dataclass(frozen=True)
class CandidateRead:
    """What a file yielded: the candidates in file order and the problems of the parts that did not fit."""

    candidates: tuple[Candidate, ...] = ()
    problems: tuple[str, ...] = ()


def read_candidates(text: str, where: str, default_source: EntrySource = "proposal") -> CandidateRead:
    """Every candidate section and verdict row of a file's text (`where` names the file in messages)."""
    lines = normalise_newlines(text.removeprefix("\ufeff")).split("\n")
    candidates: list[Candidate] = []
    problems: list[str] = []
    for label, build in [*_sections(lines, where, default_source), *_verdict_rows(lines, where)]:
        try:
            candidates.append(Candidate(build(), label))
        except EntryFormatError as error:
            problems.append(f"{label}: {error}")
    return CandidateRead(tuple(candidates), tuple(problems))


# --- candidate sections ---------------------------------------------------------------------------------

def _sections(lines: list[str], where: str, default_source: EntrySource) -> list[_Part]:
    return [(f'{where}, "## {title}"', partial(_section_entry, title, body, default_source))
            for title, body in _split_sections(lines)]


def _split_sections(lines: list[str]) -> list[tuple[str, list[str]]]:
    sections: list[tuple[str, list[str]]] = []
    in_fence = False
    for line in lines:
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        heading = None if in_fence else _HEADING.fullmatch(line.rstrip())
        if heading is not None:
            sections.append((heading.group(1).strip(), []))
        elif sections:
            sections[-1][1].append(line)
    return sections


def _section_entry(title: str, body: list[str], default_source: EntrySource) -> MemoryEntry:
    fields: dict[str, str] = {}
    index = 0
    while index < len(body) and not body[index].strip():
        index += 1
    while index < len(body):
        match = _KEY_LINE.fullmatch(body[index].strip())
        if match is None or match.group(1).lower() not in CANDIDATE_KEYS:
            break
        key = match.group(1).lower()
        if key in fields:
            raise EntryFormatError(f"`{key}:` is given twice")
        fields[key] = match.group(2).strip()
        index += 1
    return make_entry(
        title=title,
        text="\n".join(body[index:]),
        tags=split_tags(fields.get("tags", "")),
        source=fields.get("source", default_source),
        origin=fields.get("origin", ""),
    )


def render_candidates(entries: list[MemoryEntry], heading: str = "Proposals for the shared memory") -> str:
    """A candidates file for `entries` (what /dev-learn writes to PROPOSALS.md), read back by
    `read_candidates` as the same entries."""
    parts = [f"# {heading}", ""]
    for entry in entries:
        parts.append(f"## {entry.title}")
        if entry.tags:
            parts.append(f"tags: {', '.join(entry.tags)}")
        parts.append(f"source: {entry.source}")
        if entry.origin:
            parts.append(f"origin: {entry.origin}")
        parts += ["", entry.text, ""]
    return "\n".join(parts)


# --- verdict rows ---------------------------------------------------------------------------------------

def _verdict_rows(lines: list[str], where: str) -> list[_Part]:
    parts: list[_Part] = []
    columns: dict[str, int] | None = None
    row_number = 0
    previous_was_table = False
    for line in lines:
        cells = _cells(line)
        if cells is None:
            columns, previous_was_table = None, False
            continue
        if not previous_was_table:
            columns = _verdict_columns(cells)
            row_number = 0
            previous_was_table = True
            continue
        if columns is None or all(_RULE_CELL.fullmatch(cell) for cell in cells if cell):
            continue
        row_number += 1
        label = f"{where}, row {row_number}"
        parts.append((label, partial(_row_entry, cells, columns, label)))
    return parts


def _cells(line: str) -> list[str] | None:
    stripped = line.strip()
    if not stripped.startswith("|"):
        return None
    inner = stripped[1:-1] if stripped.endswith("|") and len(stripped) > 1 else stripped[1:]
    return [cell.strip().replace("\\|", "|") for cell in _CELL_SPLIT.split(inner)]


def _verdict_columns(header: list[str]) -> dict[str, int] | None:
    names = {cell.strip().strip("*").lower(): index for index, cell in enumerate(header)}
    if "severity" not in names or "finding" not in names:
        return None
    return names


def _row_entry(cells: list[str], columns: dict[str, int], label: str) -> MemoryEntry:
    def cell(name: str) -> str:
        index = columns.get(name)
        return cells[index].strip() if index is not None and index < len(cells) else ""

    finding, severity, evidence = cell("finding"), cell("severity"), cell("evidence")
    if not finding:
        raise EntryFormatError("the finding cell is empty")
    text = finding + (f"\n\nEvidence: {evidence}" if evidence else "")
    severity_tag = "-".join(re.findall(r"[a-z0-9]+", severity.lower()))[:40].strip("-")
    return make_entry(title=_first_sentence(finding), text=text,
                      tags=["verdict", severity_tag] if severity_tag else ["verdict"],
                      source="verdict-row", origin=label)


def _first_sentence(text: str) -> str:
    sentence = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0].rstrip(".")
    if len(sentence) <= MAX_VERDICT_TITLE:
        return sentence
    cut = sentence[:MAX_VERDICT_TITLE].rsplit(" ", 1)[0]
    return cut + "..."
