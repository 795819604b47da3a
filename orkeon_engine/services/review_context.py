"""used_definitions: find the definitions a review's changed lines use (domain/review/review_context.py says which
and how they are cut), reading the repository as the change leaves it through the ReviewSource port (the
files that say a name, each file's text) and parsing each file once through the CodeIndex port.

A file that usually holds secrets is never read; a file the index cannot parse, or cannot be read, is skipped.
Nothing here can fail a review: without a definition found the request simply shows none.
"""

from __future__ import annotations

from orkeon_engine.domain.checks.project_tooling import is_test_file
from orkeon_engine.domain.code_index.model import Symbol
from orkeon_engine.domain.git.diff import Diff
from orkeon_engine.domain.review.review_context import (
    MAX_DEFINITIONS,
    UsedDefinition,
    chosen_definitions,
    excerpt,
    used_names,
)
from orkeon_engine.domain.secrets.secret_paths import secret_path_reason
from orkeon_engine.ports.code_index import CodeIndex, CodeIndexError
from orkeon_engine.ports.review_source import DiffRequest, ReviewSource

MAX_FILES_A_NAME = 8
"""The files searched for one name's definition: those the change touches first, tests last."""
MAX_FILES = 24
"""Files read and parsed a review, at most."""


async def used_definitions(diff: Diff, request: DiffRequest, source: ReviewSource,
                           index: CodeIndex) -> tuple[UsedDefinition, ...]:
    """The definitions of the names the changed lines use, in the order the names first appear."""
    files = _Files(request, source, index)
    found: list[UsedDefinition] = []
    changed = set(diff.paths)
    for name in used_names(diff):
        paths = await source.mentions(request, name) or ()
        ranked = sorted((p for p in paths if secret_path_reason(p) is None),
                        key=lambda p: (p not in changed, is_test_file(p), p))[:MAX_FILES_A_NAME]
        symbols = [symbol for path in ranked for symbol in await files.symbols(path)]
        for symbol in chosen_definitions(name, symbols, diff):
            shown = excerpt(symbol, await files.text(symbol.path) or "")
            if shown is not None:
                found.append(shown)
        if len(found) >= MAX_DEFINITIONS:
            break
    return tuple(found[:MAX_DEFINITIONS])


class _Files:
    """Each file's text and symbols, read and parsed once a review, at most MAX_FILES of them."""

    def __init__(self, request: DiffRequest, source: ReviewSource, index: CodeIndex) -> None:
        self._request = request
        self._source = source
        self._index = index
        self._texts: dict[str, str | None] = {}
        self._symbols: dict[str, tuple[Symbol, ...]] = {}

    async def text(self, path: str) -> str | None:
        if path not in self._texts:
            if len(self._texts) >= MAX_FILES:
                return None
            self._texts[path] = (await self._source.versions(self._request, path, path)).new
        return self._texts[path]

    async def symbols(self, path: str) -> tuple[Symbol, ...]:
        if path not in self._symbols:
            text = await self.text(path)
            try:
                entry = await self._index.parse(path, text) if text is not None else None
            except CodeIndexError:  # a language the index does not parse, or an ignored folder
                entry = None
            self._symbols[path] = entry.symbols if entry is not None else ()
        return self._symbols[path]
