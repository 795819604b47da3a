"""What the code index knows: the symbols of each file (kind, qualified name, range), its imports, and how
the index stands (IndexStatus). Paths are workspace-relative, with forward slashes (`src/app.py`).

What the index and the navigation answer with beyond that (the whole index, a pass's report, a text hit,
a place) is in answers.py: the cache and `orkeon status` read this module alone (issue 48)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, get_args

SymbolKind = Literal[
    "module", "class", "interface", "struct", "enum", "trait", "impl", "type",
    "function", "method", "constant", "variable",
]
SYMBOL_KINDS: tuple[SymbolKind, ...] = get_args(SymbolKind)
TYPE_KINDS: frozenset[SymbolKind] = frozenset({"class", "interface", "struct", "enum", "trait", "type", "impl"})
CALLABLE_KINDS: frozenset[SymbolKind] = frozenset({"function", "method"})


@dataclass(frozen=True)
class Symbol:
    """One definition: a class, a function, a method, a constant...

    Lines are 1-based and inclusive; bytes are offsets into the file's UTF-8 text, end exclusive. The range
    covers what belongs to the definition (its decorators, an `export` before it)."""

    name: str
    qualified_name: str
    kind: SymbolKind
    path: str
    start_line: int
    end_line: int
    start_byte: int
    end_byte: int
    parent: str | None = None
    """The qualified name of the enclosing symbol; None for a top-level one."""

    @property
    def top_level(self) -> bool:
        return self.parent is None

    @property
    def lines(self) -> int:
        return self.end_line - self.start_line + 1

    def location(self) -> str:
        return f"{self.path}:{self.start_line}-{self.end_line}"


@dataclass(frozen=True)
class ImportRef:
    """One import as written: `os.path`, `..models` (Python, dots for the level), `./util` (JavaScript),
    `crate::a::b` (Rust), `example.com/x/db` (Go), `java.util.List` (Java); `names` what it takes from it."""

    module: str
    line: int
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class FileEntry:
    """One indexed file: its language, content hash, size, the module its symbols are named under, its
    symbols in source order and its imports. `error` says why a file could not be parsed, when it could not."""

    path: str
    language: str
    content_hash: str
    size: int
    line_count: int
    module: str
    symbols: tuple[Symbol, ...] = ()
    imports: tuple[ImportRef, ...] = ()
    error: str = ""

    def top_level(self) -> tuple[Symbol, ...]:
        return tuple(s for s in self.symbols if s.parent is None)


@dataclass(frozen=True)
class IndexStatus:
    """The index as it stands: built or not, its size, where its cache lives, what is stale."""

    root: str
    built: bool
    files: int
    symbols: int
    languages: Mapping[str, int]
    cache: str
    """Where the cache lives, or why there is none (a read-only workspace)."""
    stale: tuple[str, ...] = ()
    """Indexed files whose content changed since (or that were deleted), when known."""
    unindexed: int = 0
    """Files of a supported language not yet in the index."""
