"""The inventory of a plan: what the project already offers for a piece of work (modules, classes,
functions, methods, tests, fixtures, settings), chosen by code from the code index, each with a ref (`I1`,
`I2`...) the plan anchors to, and the files that use it (from the code navigation, when it can say).

The planner never writes a `path:line` of its own: it names a ref, a file to create, or an existing file
the index does not hold (plan_checks.py checks each).

    - I1 · class · shop.cart.Cart · shop/cart.py:1-9 · used by shop/checkout.py, tests/test_cart.py
    - I2 · test · tests/test_cart.py::test_total · tests/test_cart.py:4-6

Choosing is pure: the index's snapshot, the words of the work (its spec or brief) and which symbols are
fixtures (read from their decorators by the service, services/dev_inventory.py) come in; a small project
is offered whole, a larger one by relevance to the work's words, its tests, fixtures and settings kept.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from orkeon_engine.domain.checks.project_tooling import is_test_file
from orkeon_engine.domain.code_index.answers import IndexSnapshot
from orkeon_engine.domain.code_index.model import CALLABLE_KINDS, TYPE_KINDS, Symbol
from orkeon_engine.domain.code_index.ranking import name_tokens, score_symbol
from orkeon_engine.domain.dev.sections import DevFileError

InventoryKind = Literal["module", "class", "function", "method", "test", "fixture", "setting"]
INVENTORY_KINDS: tuple[InventoryKind, ...] = get_args(InventoryKind)
MAX_ITEMS = 80
"""The most items an inventory offers (the planner's prompt stays small)."""
MAX_USED_BY = 5
_REF = re.compile(r"^I[1-9]\d*$")
_LINE = re.compile(r"^(I[1-9]\d*) · (\w+) · (\S+) · (\S+):(\d+)-(\d+)(?: · used by (\S+(?:, \S+)*))?$")
_SETTING_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")
_SETTINGS_MODULES = frozenset({"settings", "config", "conf", "configuration", "constants"})
_NAME_KINDS: dict[str, InventoryKind] = {kind: kind for kind in INVENTORY_KINDS}


@dataclass(frozen=True)
class InventoryItem:
    """One thing the project offers: its ref, what it is, its name (a qualified name, a module's path, a
    test as `path::name`), where it lives (lines inclusive) and the files that use it."""

    ref: str
    kind: InventoryKind
    name: str
    path: str
    start_line: int
    end_line: int
    used_by: tuple[str, ...] = ()

    def where(self) -> str:
        return f"{self.path}:{self.start_line}-{self.end_line}"


@dataclass(frozen=True)
class Inventory:
    items: tuple[InventoryItem, ...] = ()

    def find(self, ref: str) -> InventoryItem | None:
        return next((item for item in self.items if item.ref == ref), None)

    def refs(self) -> frozenset[str]:
        return frozenset(item.ref for item in self.items)


def is_ref(text: str) -> bool:
    return _REF.match(text) is not None


def is_test_path(path: str) -> bool:
    """Whether a file holds tests or fixtures by its name or folder (`test_x.py`, `tests/`, conftest.py)."""
    return is_test_file(path) or path.rpartition("/")[2] == "conftest.py"


def work_words(texts: Iterable[str]) -> frozenset[str]:
    """The lower-case words (three letters or more) of the work's texts, the query the inventory answers."""
    found: set[str] = set()
    for text in texts:
        found.update(word for word in re.findall(r"[A-Za-z][A-Za-z0-9_]*", text) for word in name_tokens(word)
                     if len(word) >= 3)
    return frozenset(found)


def classify(symbol: Symbol, fixtures: Collection[tuple[str, str]]) -> InventoryKind | None:
    """What a symbol is to a planner (None: nothing it offers, such as a local variable)."""
    if (symbol.path, symbol.qualified_name) in fixtures:
        return "fixture"
    if symbol.kind in CALLABLE_KINDS and symbol.name.startswith("test") and is_test_path(symbol.path):
        return "test"
    if symbol.kind in TYPE_KINDS:
        return "class"
    if symbol.kind in CALLABLE_KINDS:
        return "method" if symbol.kind == "method" else "function"
    if symbol.kind in ("constant", "variable") and symbol.top_level and _is_setting(symbol):
        return "setting"
    return None


def _is_setting(symbol: Symbol) -> bool:
    module = symbol.path.rpartition("/")[2].removesuffix(".py")
    return _SETTING_NAME.match(symbol.name) is not None or module in _SETTINGS_MODULES


def _item_name(symbol: Symbol, kind: InventoryKind, module: str) -> str:
    if kind == "test":
        inside = symbol.qualified_name.removeprefix(module + ".") if module else symbol.qualified_name
        return f"{symbol.path}::{inside.replace('.', '::')}"
    return symbol.qualified_name


def select_inventory(snapshot: IndexSnapshot, words: Collection[str],
                     fixtures: Collection[tuple[str, str]] = (), limit: int = MAX_ITEMS) -> list[InventoryItem]:
    """The items offered, refs I1... in path and line order: every one when the project is small, else the
    ones the work's words name first, then the tests, fixtures and settings, with the module of each."""
    candidates: list[tuple[Symbol, InventoryKind]] = []
    for symbol in snapshot.symbols():
        kind = classify(symbol, fixtures)
        if kind is not None:
            candidates.append((symbol, kind))
    modules = {entry.path: entry for entry in snapshot}
    if len(candidates) + len(modules) > limit:
        candidates = _most_relevant(candidates, words, limit)
    paths = sorted({symbol.path for symbol, _ in candidates} | (set(modules) if len(modules) <= limit // 4 else set()))
    chosen: list[tuple[str, int, InventoryKind, str, int, int]] = []
    for path in paths:
        entry = modules.get(path)
        if entry is not None:
            chosen.append((path, 0, "module", entry.module or path, 1, max(entry.line_count, 1)))
    for symbol, kind in candidates:
        module = modules[symbol.path].module if symbol.path in modules else ""
        chosen.append((symbol.path, symbol.start_line, kind, _item_name(symbol, kind, module), symbol.start_line,
                       symbol.end_line))
    chosen.sort(key=lambda row: (row[0], row[1], row[3]))
    return [InventoryItem(f"I{number}", kind, name, path, start, end)
            for number, (path, _, kind, name, start, end) in enumerate(chosen[:limit], 1)]


def _most_relevant(candidates: Sequence[tuple[Symbol, InventoryKind]], words: Collection[str],
                   limit: int) -> list[tuple[Symbol, InventoryKind]]:
    """The candidates the work's words score highest (any one word), the tests, fixtures and settings of
    the same files next; at most `limit` (modules take a share of it)."""
    budget = max(1, limit * 3 // 4)
    scored = sorted(((max((score_symbol([word], symbol) for word in words), default=0), index)
                     for index, (symbol, _) in enumerate(candidates)), key=lambda pair: (-pair[0], pair[1]))
    kept = [index for score, index in scored if score > 0][:budget]
    files = {candidates[index][0].path for index in kept}
    kept += [index for index, (symbol, kind) in enumerate(candidates)
             if index not in kept and kind in ("test", "fixture", "setting") and symbol.path in files]
    return [candidates[index] for index in sorted(kept[:budget])]


def with_users(items: Sequence[InventoryItem], users: Mapping[str, Sequence[str]]) -> tuple[InventoryItem, ...]:
    """The items with the files that use each (by ref), its own file left out, the first few kept."""
    return tuple(InventoryItem(item.ref, item.kind, item.name, item.path, item.start_line, item.end_line,
                               tuple(path for path in dict.fromkeys(users.get(item.ref, ()))
                                     if path != item.path)[:MAX_USED_BY])
                 for item in items)


def name_position(lines: Sequence[str], item: InventoryItem) -> tuple[int, int] | None:
    """Where the item's own name is written in its file (1-based line and column), for the navigation to
    find its references; None when its definition line does not show it."""
    name = item.name.rpartition(".")[2].rpartition("::")[2]
    pattern = re.compile(rf"^\s*(?:async\s+def|def|class)\s+({re.escape(name)})\b|^({re.escape(name)})\s*[:=]")
    for number in range(item.start_line, min(item.end_line, len(lines)) + 1):
        found = pattern.match(lines[number - 1])
        if found is not None:
            group = 1 if found.group(1) is not None else 2
            return number, found.start(group) + 1
    return None


# --- the inventory section of plan.md ---------------------------------------------------------------------


def render_item(item: InventoryItem) -> str:
    used = f" · used by {', '.join(item.used_by)}" if item.used_by else ""
    return f"- {item.ref} · {item.kind} · {item.name} · {item.where()}{used}"


def render_inventory(inventory: Inventory) -> list[str]:
    return [render_item(item) for item in inventory.items]


def parse_inventory(lines: Sequence[str], file: str) -> Inventory:
    """The inventory a plan's section holds; DevFileError naming the line that does not read as an item."""
    items = []
    for line in lines:
        if not line.startswith("- "):
            continue
        found = _LINE.match(line[2:])
        kind = _NAME_KINDS.get(found.group(2)) if found is not None else None
        if found is None or kind is None:
            raise DevFileError(f"{file}: `{line}` under Inventory is no "
                               "`- I<n> · <kind> · <name> · <path>:<from>-<to>` line")
        used = tuple(found.group(7).split(", ")) if found.group(7) else ()
        items.append(InventoryItem(found.group(1), kind, found.group(3), found.group(4), int(found.group(5)),
                                   int(found.group(6)), used))
    return Inventory(tuple(items))
