"""The top-level definitions of a file in a brace language (JavaScript, TypeScript, Go, Rust), and a block of
some of them spliced into the file in place of the file's own of the same name.

Why: the candidates' prompt (domain/checks/candidates.py) asks for the changed functions written out in full,
and a reply's block under a file's path is often just those (file_blocks.py). A Python file has them spliced
by its syntax tree; a file of another language needs the same, or a correct function is thrown away (or,
written as it is, wipes out the rest of the file).

No parser: one pass over the text counts the brackets outside strings and comments. A definition opens on a
line at the left margin, outside any bracket, string or comment, whose start reads as one (`function f`,
`export const X =`, `class C`, `func (s *Store) Get`, `pub fn f`, `type T struct`...). It runs to the
first line after which every bracket is closed and the next line that is not blank starts at the margin (the
closing `}` of a body, the end of a one-line constant, an arrow function's indented continuation). Where the
reading is unsure (brackets that do not balance, a string left open, one name defined twice), nothing is
spliced: a candidate is still judged by the project's checks, an edit by the permission gate.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from orkeon_engine.domain.tools.definition_rewrite import Located

BRACE_SUFFIXES = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".go", ".rs")
"""The files whose definitions this module reads."""

_NAME = r"[A-Za-z_$][\w$]*"
_RUST_VISIBILITY = r"(?:pub(?:\([^)]*\))?\s+)?"
_HEADS = tuple(re.compile(pattern) for pattern in (
    rf"^(?:export\s+(?:default\s+)?)?(?:declare\s+)?(?:async\s+)?function\s*\*?\s*(?P<name>{_NAME})",
    rf"^(?:export\s+(?:default\s+)?)?(?:declare\s+)?(?:abstract\s+)?class\s+(?P<name>{_NAME})",
    rf"^(?:export\s+)?(?:declare\s+)?(?:const|let|var)\s+(?P<name>{_NAME})\s*[=:]",
    rf"^(?:export\s+)?(?:declare\s+)?(?:interface|enum|type)\s+(?P<name>{_NAME})",
    r"^func\s+(?:\(\s*(?:\w+\s+)?\*?\s*(?P<receiver>\w+)[^)]*\)\s*)?(?P<name>\w+)",
    r"^(?:var|const)\s+(?P<name>\w+)\b",
    rf"^{_RUST_VISIBILITY}(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+\"[^\"]*\"\s+)?fn\s+(?P<name>\w+)",
    rf"^{_RUST_VISIBILITY}(?:struct|enum|trait|mod|static|const|type|union)\s+(?P<name>\w+)",
    r"^impl\b(?:\s*<[^>{]*>)?\s+(?P<name>[\w:]+(?:<[^>{]*>)?(?:\s+for\s+[\w:]+(?:<[^>{]*>)?)?)",
))
_OPEN, _CLOSE = "([{", ")]}"
_RUST_CHAR = re.compile(r"'(?:\\u\{[0-9A-Fa-f]+\}|\\.[^']{0,3}|[^'\\])'")


def brace_definitions(source: str, rust: bool = False) -> list[Located] | None:
    """The file's top-level definitions in order (a Go method named `Receiver.name`, a Rust impl `impl T`),
    or None when the text does not read cleanly (the module docstring). In Rust (`rust`) a single quote opens
    a character only as one (`'x'`, `'\\n'`): `'a` is a lifetime."""
    lines = source.split("\n")
    clean = _clean_starts(lines, rust)
    if clean is None:
        return None
    found: list[Located] = []
    index = 0
    while index < len(lines):
        name = _head(lines[index]) if clean[index] and _at_margin(lines[index]) else None
        if name is None:
            index += 1
            continue
        end = _end(lines, clean, index)
        found.append(Located(name, index + 1, end + 1))
        index = end + 1
    return found


def brace_spliced(before: str, block: str, rust: bool = False) -> tuple[str, tuple[str, ...]] | None:
    """`before` with the block's definitions in place of its own of the same names (one the file lacks added
    at its end), and the names done; None when the block rewrites none of the file's definitions, or either
    text does not read cleanly, or the file defines one of the names twice."""
    code = textwrap.dedent(block)
    old, new = brace_definitions(before, rust), brace_definitions(code, rust)
    if not old or not new or _twice(old) or _twice(new):
        return None
    existing = {each.name: each for each in old}
    if not any(each.name in existing for each in new):
        return None
    lines = before.split("\n")
    for each in sorted((each for each in new if each.name in existing), key=lambda d: -existing[d.name].start):
        place = existing[each.name]
        lines[place.start - 1:place.end] = each.text(code).split("\n")
    text = "\n".join(lines)
    added = [each.text(code) for each in new if each.name not in existing]
    if added:
        text = text.rstrip("\n") + "\n\n" + "\n\n".join(added) + ("\n" if before.endswith("\n") else "")
    if brace_definitions(text, rust) is None:
        return None
    return text, tuple(each.name for each in new)


def _twice(found: Sequence[Located]) -> bool:
    names = [each.name for each in found]
    return len(names) != len(set(names))


def _head(line: str) -> str | None:
    for pattern in _HEADS:
        match = pattern.match(line)
        if match:
            receiver = match.groupdict().get("receiver")
            name = " ".join(match.group("name").split())
            return f"impl {name}" if pattern is _HEADS[-1] else f"{receiver}.{name}" if receiver else name
    return None


def _at_margin(line: str) -> bool:
    return bool(line) and not line[0].isspace()


def _end(lines: Sequence[str], clean: Sequence[bool], start: int) -> int:
    """The last line of the definition that opens at `start`: the first line whose end leaves every bracket
    closed and after which the next line that is not blank starts at the margin (or the file ends)."""
    for index in range(start, len(lines)):
        if not clean[index + 1]:
            continue
        following = next((line for line in lines[index + 1:] if line.strip()), None)
        if following is None or _at_margin(following):
            return index
    return len(lines) - 1


def _clean_starts(lines: Sequence[str], rust: bool) -> list[bool] | None:
    """For each line, and for the end of the text, whether it starts outside every bracket, string and
    comment; None when a bracket does not match or something is still open at the end."""
    clean: list[bool] = []
    stack: list[str] = []
    state = ""  # "", or inside: "block" comment, "`" template string
    for line in lines:
        clean.append(not stack and not state)
        state = _scan(line, stack, state, rust)
        if state == "error":
            return None
    if stack or state:
        return None
    clean.append(True)
    return clean


def _scan(line: str, stack: list[str], state: str, rust: bool) -> str:
    """Read one line, keeping the open brackets on `stack`; the state at its end ("error" for a bracket that
    closes what is not open)."""
    index = 0
    while index < len(line):
        char = line[index]
        if state == "block":
            if line.startswith("*/", index):
                state, index = "", index + 2
                continue
        elif state == "`":
            if char == "\\":
                index += 2
                continue
            if char == "`":
                state = ""
        elif line.startswith("//", index):
            break
        elif line.startswith("/*", index):
            state, index = "block", index + 2
            continue
        elif char == "`":
            state = "`"
        elif char == "'" and rust:
            literal = _RUST_CHAR.match(line, index)  # else a lifetime (`'a`), which opens nothing
            if literal is not None:
                index = literal.end() - 1
        elif char in "'\"":
            closing = _string_end(line, index)
            if closing is not None:  # a quote with no close on its line is not a string
                index = closing
        elif char == "/" and _regex_may_start(line, index):
            closing = _regex_end(line, index)
            if closing is not None:  # a slash with no close on its line divides
                index = closing
        elif char in _OPEN:
            stack.append(char)
        elif char in _CLOSE and not _closes(stack, char):
            return "error"
        index += 1
    return state


def _closes(stack: list[str], char: str) -> bool:
    """Whether the closing bracket `char` closes the last one open (taken off the stack)."""
    return bool(stack) and _OPEN.index(stack.pop()) == _CLOSE.index(char)


def _regex_may_start(line: str, index: int) -> bool:
    """Whether a slash there can open a JavaScript regular expression: after an operator, an opening bracket,
    a comma, `return` or `typeof`, or at the start of the line, never after a value."""
    before = line[:index].rstrip()
    return not before or before[-1] in "(,=:[!&|?{};+-*%<>~^" or re.search(r"\b(?:return|typeof)$", before) is not None


def _regex_end(line: str, start: int) -> int | None:
    index, in_class = start + 1, False
    while index < len(line):
        char = line[index]
        if char == "\\":
            index += 2
            continue
        if char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "/" and not in_class:
            return index
        index += 1
    return None


def _string_end(line: str, start: int) -> int | None:
    """Where the string opened at `start` closes on its line, or None."""
    quote = line[start]
    index = start + 1
    while index < len(line):
        if line[index] == "\\":
            index += 2
            continue
        if line[index] == quote:
            return index
        index += 1
    return None
