"""Ranking for codebase_search: symbols scored by how their name, qualified name and path answer the
query's words, ahead of the text hits; ties broken by kind (types, then callables), then shorter names. Also
what a search lists beside them: the files its query names, and the constants its text hits use."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.code_index.answers import IndexSnapshot, TextHit
from orkeon_engine.domain.code_index.model import CALLABLE_KINDS, TYPE_KINDS, FileEntry, Symbol, SymbolKind

_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


@dataclass(frozen=True)
class RankedSymbol:
    symbol: Symbol
    score: int


def query_words(query: str) -> list[str]:
    """The words of a query: split on spaces; a dotted query (`Tool.spec`) stays one word."""
    return [word for word in query.split() if word]


def name_tokens(name: str) -> set[str]:
    """The lower-case parts of an identifier: `parse_args` and `parseArgs` both give {parse, args}."""
    tokens: set[str] = set()
    for piece in re.split(r"[_\-.$]+", name):
        tokens.update(part.lower() for part in _CAMEL.findall(piece))
    return tokens


def _word_score(word: str, symbol: Symbol) -> int:
    lowered = word.lower()
    name = symbol.name
    qualified = symbol.qualified_name
    if name == word:
        return 100
    if qualified == word or qualified.endswith("." + word):
        return 96
    if name.lower() == lowered:
        return 90
    if qualified.lower().endswith("." + lowered):
        return 85
    if name.lower().startswith(lowered):
        return 70
    tokens = name_tokens(name)
    if lowered in tokens:
        return 60
    if lowered in name.lower():
        return 50
    if lowered in qualified.lower():
        return 35
    if all(part in tokens for part in name_tokens(word)) and name_tokens(word):
        return 45
    if _dotted_parts_match(lowered, name.lower(), qualified.lower()):
        return 30
    if lowered in symbol.path.lower():
        return 15
    return 0


def _dotted_parts_match(word: str, name: str, qualified: str) -> bool:
    """A dotted word whose last part is in the name and whose other parts are in the qualified name, each
    loosely: `inventory.PORT` finds `inventory.settings.DEFAULT_PORT` (a 1.5B searched that, found nothing,
    and answered with an imagined result)."""
    *outer, last = word.split(".")
    return bool(outer) and bool(last) and last in name and all(part in qualified for part in outer)


def score_symbol(words: list[str], symbol: Symbol) -> int:
    """The symbol's score for the query's words; 0 when a word matches nothing of it."""
    total = 0
    for word in words:
        score = _word_score(word, symbol)
        if score == 0:
            return 0
        total += score
    if symbol.kind in TYPE_KINDS:
        total += 6
    elif symbol.kind in CALLABLE_KINDS:
        total += 4
    if symbol.parent is None:
        total += 2
    if symbol.name.startswith("_"):
        total -= 3
    return total


def rank_symbols(query: str, symbols: Iterable[Symbol], limit: int = 20) -> list[RankedSymbol]:
    """The best `limit` symbols for the query, best first; stable for equal scores."""
    words = query_words(query)
    if not words:
        return []
    ranked = [RankedSymbol(s, score) for s in symbols if (score := score_symbol(words, s)) > 0]
    ranked.sort(key=lambda r: (-r.score, len(r.symbol.qualified_name), r.symbol.path, r.symbol.start_line))
    return ranked[:limit]


def rank_text_hits(query: str, hits: Iterable[TextHit], covered: set[tuple[str, int]],
                   limit: int = 20) -> list[TextHit]:
    """Text hits not already on a ranked symbol's first line, exact-case matches first, in path order."""
    kept = [hit for hit in hits if (hit.path, hit.line) not in covered]
    kept.sort(key=lambda hit: (query not in hit.text, hit.path, hit.line))
    return kept[:limit]


MAX_NAMES_FOLLOWED = 5
VALUE_KINDS: frozenset[SymbolKind] = frozenset({"constant", "variable"})
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def names_used(hits: Sequence[TextHit], snapshot: IndexSnapshot, shown: set[tuple[str, int]],
               limit: int = MAX_NAMES_FOLLOWED) -> list[Symbol]:
    """The module-level constants and variables that the hit lines use and their own file defines on another
    line not already shown: a search for `INVENTORY_PORT` finds `int(os.environ.get("INVENTORY_PORT",
    DEFAULT_PORT))`, and the line `DEFAULT_PORT = 8731` answers the question (a small model, shown only the
    first, answered "1")."""
    found: list[Symbol] = []
    seen = set(shown) | {(hit.path, hit.line) for hit in hits}
    for hit in hits:
        entry = snapshot.files.get(hit.path)
        words = set(_IDENTIFIER.findall(hit.text))
        for symbol in entry.symbols if entry is not None else ():
            where = (symbol.path, symbol.start_line)
            if symbol.top_level and symbol.kind in VALUE_KINDS and symbol.name in words and where not in seen:
                seen.add(where)
                found.append(symbol)
    return found[:limit]


MAX_FILES_NAMED = 5


def files_named(query: str, entries: Iterable[FileEntry], limit: int = MAX_FILES_NAMED) -> list[FileEntry]:
    """The files a query names rather than a symbol: `inventory/settings.py`, `/workspace/inventory/settings.py`,
    `inventory.settings.py` or the module `inventory.settings` (a small model searched for a file's name and,
    finding no symbol of it, gave up); case aside. A query of several words names no file; a module name counts
    for Python only (a Go or Java module names a folder or a package, not one file)."""
    wanted = _file_key(query.strip().strip("`'\"").removeprefix("/workspace/").lstrip("/")).lower()
    if not wanted or " " in wanted:
        return []
    found = [entry for entry in entries if _file_key(entry.path).lower() == wanted
             or _file_key(entry.path).lower().endswith("." + wanted)
             or entry.language == "python" and entry.module.lower() == wanted]
    return found[:limit]


def _file_key(path: str) -> str:
    """A path or dotted name as dots only, without a code file's suffix: `inventory/settings.py` ->
    `inventory.settings`."""
    stem, dot, suffix = path.rpartition(".")
    return (stem if dot and suffix in CODE_SUFFIXES else path).replace("/", ".").strip(".")


CODE_SUFFIXES = frozenset({"py", "pyi", "js", "mjs", "ts", "tsx", "jsx", "rs", "go", "java", "rb", "c", "h", "cpp",
                           "hpp", "cs"})
