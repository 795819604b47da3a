"""The definitions a review's changed lines use, shown to each lens beside the diff.

A diff shows a call but not what it calls: `prepare(text, channel)` reads as well as `prepare(channel, text)`
until the reader sees `def prepare(channel, text)`. So the names the changed lines (added and removed) call,
read as an attribute, or spell as a constant are looked up in the repository as the change leaves it, and the
first lines of each definition found (its signature, its docstring, a small body whole) go in the request.

This module decides, from text alone: which names (`used_names`), which symbols stand for a name
(`chosen_definitions`: never one the diff already shows, files the change touches first, tests last) and how
a definition is cut and written (`excerpt`, `render_used`). services/review_context.py fetches the files.
"""

from __future__ import annotations

import builtins
import keyword
import re
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.checks.project_tooling import is_test_file
from orkeon_engine.domain.code_index.model import Symbol
from orkeon_engine.domain.git.diff import Diff

MAX_NAMES = 8
"""Names looked up a review: the first ones the changed lines use."""
MAX_DEFINITIONS = 8
"""Definitions shown a review."""
MAX_A_NAME = 2
"""Definitions shown for one name (a name defined in more places is shown where it is most likely meant)."""
WHOLE_LINES = 12
"""A definition this short is shown whole; a longer one by its first HEAD_LINES lines."""
HEAD_LINES = 8
MAX_LINE_CHARS = 200
MAX_CHARS = 4_000
"""The section's size at most; the definitions that would pass it are left out."""
USED_KINDS = frozenset({"function", "method", "class", "constant", "variable"})

_STRING = re.compile(r"\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`")
_COMMENT = re.compile(r"(?:#|//).*$")
_CALLED = re.compile(r"(?<![\w$])([A-Za-z_$][\w$]*)\s*\(")
_ATTRIBUTE = re.compile(r"(?<=[\w$)\]])\.([A-Za-z_$][\w$]*)")
_CONSTANT = re.compile(r"(?<![\w$.])([A-Z][A-Z0-9_]{2,})(?![\w$])")
_COMMON = frozenset({
    # the languages' own words and what every runtime defines: no definition of the project's stands for them
    *keyword.kwlist, *dir(builtins), *dir(str), *dir(list), *dir(dict), *dir(set),
    "function", "return", "const", "let", "var", "new", "typeof", "instanceof", "this", "self", "cls", "super",
    "require", "module", "exports", "console", "Math", "JSON", "Object", "Array", "String", "Number", "Boolean",
    "Promise", "Error", "Date", "Map", "Set", "RegExp", "parseInt", "parseFloat", "length", "push", "map",
    "filter", "reduce", "forEach", "some", "every", "find", "includes", "indexOf", "slice", "splice", "concat",
    "toString", "toLowerCase", "toUpperCase", "trim", "trimStart", "trimEnd", "padStart", "padEnd", "then",
    "catch", "null", "undefined", "true", "false", "nil", "err",
})

@dataclass(frozen=True)
class UsedDefinition:
    """The first lines of one definition a changed line uses: `lines` start at `start_line` of `path`;
    `left_out` lines of it follow unshown."""

    name: str
    path: str
    start_line: int
    lines: tuple[str, ...]
    left_out: int = 0


def used_names(diff: Diff) -> tuple[str, ...]:
    """The names the changed lines call, read as an attribute or spell as a constant, in the order they first
    appear (added lines before removed ones), strings and comments left out, at most MAX_NAMES."""
    names: dict[str, None] = {}
    for kind in ("added", "removed"):
        for file in diff.files:
            for hunk in file.hunks:
                for line in hunk.lines:
                    if line.kind == kind:
                        names.update(dict.fromkeys(_names_in(line.text)))
    return tuple(names)[:MAX_NAMES]


def _names_in(text: str) -> list[str]:
    code = _COMMENT.sub("", _STRING.sub('""', text))
    found = sorted([(m.start(1), m.group(1)) for pattern in (_CALLED, _ATTRIBUTE, _CONSTANT)
                    for m in pattern.finditer(code)])
    return [name for _, name in found if name not in _COMMON and not name.startswith("__")]


def chosen_definitions(name: str, symbols: Sequence[Symbol], diff: Diff) -> list[Symbol]:
    """The symbols to show for `name`: of a kind a change uses (a variable only at the top of its file), not
    already shown by the diff, a changed file's first, then other code, then tests; at most MAX_A_NAME."""
    fitting = [s for s in symbols if s.name == name and s.kind in USED_KINDS
               and (s.kind != "variable" or s.top_level) and not _shown_by(diff, s)]
    changed = set(diff.paths)
    fitting.sort(key=lambda s: (s.path not in changed, is_test_file(s.path), s.path, s.start_line))
    return fitting[:MAX_A_NAME]


def _shown_by(diff: Diff, symbol: Symbol) -> bool:
    """Whether a hunk of the diff already shows the symbol's first line."""
    file = diff.file(symbol.path)
    return file is not None and file.hunk_at(symbol.start_line) is not None


def excerpt(symbol: Symbol, text: str) -> UsedDefinition | None:
    """The symbol's lines from `text`: all of them up to WHOLE_LINES, else the first HEAD_LINES; None when
    the text does not hold them."""
    lines = text.splitlines()[symbol.start_line - 1: symbol.end_line]
    if not lines:
        return None
    shown = lines if len(lines) <= WHOLE_LINES else lines[:HEAD_LINES]
    return UsedDefinition(symbol.name, symbol.path, symbol.start_line, tuple(line[:MAX_LINE_CHARS] for line in shown),
                          len(lines) - len(shown))


def render_used(definitions: Sequence[UsedDefinition]) -> str:
    """The definitions as the request shows them, each under its path and lines, numbered as in its file; those
    past MAX_CHARS left out. Empty when there are none."""
    blocks: list[str] = []
    size = 0
    for definition in definitions:
        end = definition.start_line + len(definition.lines) - 1
        body = [f"{definition.start_line + i:>6}  {line}" for i, line in enumerate(definition.lines)]
        if definition.left_out:
            body.append(f"        ... ({definition.left_out} more lines)")
        block = "\n".join([f"{definition.path}, lines {definition.start_line}-{end} (`{definition.name}`):", *body])
        if size + len(block) > MAX_CHARS:
            break
        blocks.append(block)
        size += len(block)
    return "\n\n".join(blocks)
