"""What a turn reads for the model before it asks: the files the request names, and the project's lines
that share words with it.

A small model often answers from what it imagines rather than calling file_read (the eval's traces: "port
5000" for a service whose code says 8731; an edit of lines it never read). Two things put the material in
front of it instead:

- `named_paths`: the project files the request names, by their path (`src/calc.py`, `/workspace/calc.py`)
  or by a file name only one project file has (`calc.py`). The turn reads them whole (setting
  `assistant.namedFiles`), as `/add` would, through the same read rules.
- `search_terms` and `best_lines`: the request's words looked up in the project's lines (setting
  `assistant.requestSearch`), each line scored by how rare the words it shares are, so "inventory" and "port"
  lead to `DEFAULT_PORT = 8731` and "the" leads nowhere. The lines are a lead, marked as such;
- `defining_lines`: a fact is often one name away from the line that uses it (`os.environ.get("PORT",
  DEFAULT_PORT)`, with `DEFAULT_PORT = 8731` in another module), so the module-level assignments of the
  names a lead line uses join the leads, and those of the names they use in turn (two hops, at most
  MAX_DEFINING_LINES lines).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.context.context_files import ContextFile
from orkeon_engine.domain.tools.file_lines import split_lines

WORKSPACE = "/workspace/"
MAX_NAMED_FILES = 4
"""The most named files a turn reads whole."""
NAMED_FILE_MAX_TOKENS = 3_000
"""A named file longer than this is left for file_read (a name in passing should not fill the window)."""
MAX_LINES = 8
"""The most lines the search shows."""
MAX_LINES_A_FILE = 3
MAX_LINE_CHARS = 240
MAX_DEFINING_LINES = 4
DEFINING_HOPS = 2
"""A longer line (minified code, data) is not shown."""
MIN_TERM_CHARS = 3
PREFIX_CHARS = 4
"""A word and a longer one that begins with it count as the same word from this length on (listen, listens)."""
SEARCH_FILES_MAX = 400
SEARCH_FILE_MAX_CHARS = 100_000
STOP_WORDS = frozenset({
    "the", "and", "for", "with", "which", "what", "when", "where", "does", "did", "this", "that", "these", "those",
    "from", "into", "then", "than", "there", "their", "them", "they", "you", "your", "our", "are", "was", "were",
    "has", "have", "had", "not", "but", "can", "could", "should", "would", "will", "shall", "may", "might", "its",
    "all", "any", "each", "some", "such", "only", "also", "just", "how", "why", "who", "whom", "out", "use", "used",
    "using", "about", "after", "before", "over", "under", "again", "once", "here", "very", "more", "most", "other",
    "same", "own", "both", "few", "please", "let", "make", "sure",
})
_TOKEN = re.compile(r"[^\s`'\"()<>\[\]{},;]+")
_PATH_LIKE = re.compile(r"/|\w\.\w+$")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


@dataclass(frozen=True)
class LineHit:
    """One line of the project that shares words with the request: where it is, its text, its score."""

    path: str
    line: int
    text: str
    score: float

    def render(self) -> str:
        return f"{self.path}:{self.line}: {self.text.strip()}"


@dataclass(frozen=True)
class RequestMaterial:
    """The named files as the turn shows them (text, or why left out), and the lines the search found."""

    named: tuple[ContextFile, ...] = ()
    lines: tuple[LineHit, ...] = ()


def uses_request_search(setting: str, core_set: bool) -> bool:
    """Whether a turn searches the project for the request's words: `on`, or `auto` with the core tool set
    (a model small enough to be offered the core set is the one that skips reading)."""
    return setting == "on" or (setting == "auto" and core_set)


def named_paths(request: str, project_files: Sequence[str]) -> tuple[str, ...]:
    """The virtual paths of the project files the request names, in the order named (at most
    MAX_NAMED_FILES): a token that is a listed path (bare or under /workspace/), or a file name exactly one
    listed file has. Without a listing, a relative token naming a path is kept as it is; the caller reads
    it through the workspace checks."""
    listed = set(project_files)
    by_name: dict[str, list[str]] = {}
    for path in project_files:
        by_name.setdefault(path.rsplit("/", 1)[-1], []).append(path)
    found: list[str] = []
    for token in _TOKEN.findall(request):
        token = token.rstrip(".:!?")
        relative = token.removeprefix(WORKSPACE).removeprefix("./")
        if not _PATH_LIKE.search(relative) or relative.startswith("/") or ".." in relative.split("/"):
            continue
        if relative in listed or not project_files:
            candidate = relative
        elif len(by_name.get(relative, ())) == 1:
            candidate = by_name[relative][0]
        else:
            continue
        path = WORKSPACE + candidate
        if path not in found:
            found.append(path)
    return tuple(found[:MAX_NAMED_FILES])


def search_terms(request: str) -> tuple[str, ...]:
    """The request's words worth looking up: lower-cased, split at case and underscores, at least
    MIN_TERM_CHARS letters, not a common English word; in order, once each."""
    terms: list[str] = []
    for word in _WORD.findall(request):
        for part in _CAMEL.findall(word):
            term = part.lower()
            if len(term) >= MIN_TERM_CHARS and not term.isdigit() and term not in STOP_WORDS and term not in terms:
                terms.append(term)
    return tuple(terms)


def line_words(text: str) -> frozenset[str]:
    """A line's words as search_terms splits them (DEFAULT_PORT: default, port; HTTPServer: http, server)."""
    return frozenset(part.lower() for word in _WORD.findall(text) for part in _CAMEL.findall(word))


def best_lines(terms: Sequence[str], texts: Sequence[tuple[str, str]]) -> list[LineHit]:
    """The lines of `texts` (workspace-relative path, text) that share the most informative words with
    `terms` (`_shared_terms`); a term's weight falls with the share of lines that have it; a line needs two
    terms (one when the request has only one), and at most MAX_LINES_A_FILE lines of a file are kept."""
    if not terms:
        return []
    stems = re.compile("|".join(re.escape(term[:PREFIX_CHARS]) for term in terms))  # the terms are lower-case
    lines: list[tuple[str, int, str, frozenset[str]]] = []
    for path, text in texts:
        lowered = text.lower()
        if stems.search(lowered) is None:
            continue
        for number, (line, low) in enumerate(zip(split_lines(text), split_lines(lowered), strict=False), start=1):
            shared = _shared_terms(line, low, terms, stems)
            if shared:
                lines.append((path, number, line, shared))
    total = max(1, sum(len(split_lines(text)) for _, text in texts))
    counts = {term: sum(1 for *_, shared in lines if term in shared) for term in terms}
    weight = {term: math.log((total + 1) / (count + 1)) + 1.0 for term, count in counts.items()}
    needed = 2 if len(terms) > 1 else 1
    hits = [LineHit(path, number, line, sum(weight[t] for t in shared))
            for path, number, line, shared in lines if len(shared) >= needed]
    hits.sort(key=lambda hit: -hit.score)
    kept: list[LineHit] = []
    per_file: dict[str, int] = {}
    for hit in hits:
        if per_file.get(hit.path, 0) < MAX_LINES_A_FILE:
            kept.append(hit)
            per_file[hit.path] = per_file.get(hit.path, 0) + 1
        if len(kept) == MAX_LINES:
            break
    return kept


def _shared_terms(line: str, low: str, terms: Sequence[str], stems: re.Pattern[str]) -> frozenset[str]:
    """The terms a line shares: one of its words is the term, or begins with it, or is how it begins (from
    PREFIX_CHARS letters on: listen, listens). A line too long, or holding none of the terms' first
    PREFIX_CHARS letters (`stems`, looked for in `low`, the line lower-cased), shares none, and is not split
    into words at all."""
    if len(line) > MAX_LINE_CHARS:
        return frozenset()
    if stems.search(low) is None:
        return frozenset()
    words = line_words(line)
    stemmed: dict[str, list[str]] = {}
    for word in words:
        if len(word) >= PREFIX_CHARS:
            stemmed.setdefault(word[:PREFIX_CHARS], []).append(word)
    return frozenset(term for term in terms if _shares(term, words, stemmed))


def _shares(term: str, words: frozenset[str], stemmed: dict[str, list[str]]) -> bool:
    """Whether a line's `words` (and the same words by their first PREFIX_CHARS letters) hold `term`, or a
    word that begins it or that it begins (both PREFIX_CHARS letters or more)."""
    if term in words:
        return True
    if len(term) < PREFIX_CHARS:
        return False
    return any(word.startswith(term) or term.startswith(word) for word in stemmed.get(term[:PREFIX_CHARS], ()))


_NAME = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*\b")
_ASSIGNED = re.compile(r"^(?:export\s+)?(?:(?:const|let|var)\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?::[^=\n]*)?=(?!=)")


def defining_lines(hits: Sequence[LineHit], texts: Sequence[tuple[str, str]]) -> list[LineHit]:
    """The module-level assignments (`NAME = value`, `const NAME = value`, at the line's start) of the names the
    `hits` lines use, then of the names those use (DEFINING_HOPS), not already among the hits; at most
    MAX_DEFINING_LINES, scored below every hit."""
    assigned: dict[str, list[LineHit]] = {}
    for path, text in texts:
        for number, line in enumerate(split_lines(text), start=1):
            match = _ASSIGNED.match(line)
            if match is not None and len(line) <= MAX_LINE_CHARS:
                assigned.setdefault(match.group(1), []).append(LineHit(path, number, line, 0.0))
    seen = {(hit.path, hit.line) for hit in hits}
    found: list[LineHit] = []
    frontier = list(hits)
    for _ in range(DEFINING_HOPS):
        following: list[LineHit] = []
        for hit in frontier:
            own = _ASSIGNED.match(hit.text)
            for name in dict.fromkeys(_NAME.findall(hit.text)):
                if own is not None and name == own.group(1):
                    continue
                for definition in assigned.get(name, [])[:1]:  # the first one: a name assigned twice is rare
                    if (definition.path, definition.line) not in seen and len(found) < MAX_DEFINING_LINES:
                        seen.add((definition.path, definition.line))
                        found.append(definition)
                        following.append(definition)
        frontier = following
    return found
