"""Building a plan's inventory (domain/dev/inventory.py) by code: the code index is brought up to date and
its snapshot read; the fixtures are told by their decorators in the files' texts; the items are chosen by
the work's words; then the code navigation says which files use each class, function and setting.

No index (an engine without one) gives an empty inventory; a file the navigation cannot answer for keeps
its item without users. Nothing here raises for the project's own files."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from orkeon_engine.domain.code_index.answers import IndexSnapshot
from orkeon_engine.domain.code_index.model import CALLABLE_KINDS
from orkeon_engine.domain.dev.inventory import (
    Inventory,
    InventoryItem,
    name_position,
    select_inventory,
    with_users,
    work_words,
)
from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.code_navigation import CodeNavigation, CodeNavigationError
from orkeon_engine.ports.files import Files
from orkeon_engine.services.project_files import read_workspace_text

MAX_NAVIGATED = 24
"""The most items whose users the navigation is asked for (one query each)."""
NAVIGATED_KINDS = frozenset({"class", "function", "method", "setting", "fixture"})
_FIXTURE = re.compile(r"^\s*@(?:pytest\.)?fixture\b")


async def build_inventory(files: Files, index: CodeIndex | None, navigation: CodeNavigation | None,
                          texts: Iterable[str]) -> Inventory:
    """The inventory of the workspace for the work whose texts are given."""
    if index is None:
        return Inventory()
    await index.build()
    snapshot = await index.snapshot()
    sources = await _python_texts(files, snapshot)
    items = select_inventory(snapshot, work_words(texts), fixtures(snapshot, sources))
    if navigation is None:
        return Inventory(tuple(items))
    users = await _users(navigation, items, sources)
    return Inventory(with_users(items, users))


async def _python_texts(files: Files, snapshot: IndexSnapshot) -> dict[str, str]:
    texts: dict[str, str] = {}
    for entry in snapshot:
        if entry.language == "python":
            text = await read_workspace_text(files, entry.path)
            if text is not None:
                texts[entry.path] = text
    return texts


def fixtures(snapshot: IndexSnapshot, texts: dict[str, str]) -> set[tuple[str, str]]:
    """(path, qualified name) of each function a `@pytest.fixture` or `@fixture` decorator opens."""
    found: set[tuple[str, str]] = set()
    for symbol in snapshot.symbols():
        text = texts.get(symbol.path)
        if text is None or symbol.kind not in CALLABLE_KINDS:
            continue
        lines = text.split("\n")
        head = lines[symbol.start_line - 1:symbol.end_line]
        decorators = [line for line in head[:4] if line.lstrip().startswith("@")]
        if any(_FIXTURE.match(line) for line in decorators):
            found.add((symbol.path, symbol.qualified_name))
    return found


async def _users(navigation: CodeNavigation, items: Sequence[InventoryItem],
                 texts: dict[str, str]) -> dict[str, list[str]]:
    users: dict[str, list[str]] = {}
    asked = [item for item in items if item.kind in NAVIGATED_KINDS and item.path in texts][:MAX_NAVIGATED]
    for item in asked:
        text = texts[item.path]
        position = name_position(text.split("\n"), item)
        if position is None:
            continue
        try:
            locations = await navigation.find_references(item.path, text, position[0], position[1])
        except CodeNavigationError:
            continue
        users[item.ref] = sorted({location.path for location in locations if location.path is not None})
    return users


async def indexed_files(index: CodeIndex | None) -> frozenset[str]:
    """The files the code index holds (none without an index)."""
    if index is None:
        return frozenset()
    return frozenset((await index.snapshot()).files)
