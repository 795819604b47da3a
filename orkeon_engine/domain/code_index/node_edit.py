"""Edits by node: the content hash node_read hands out, finding a node by its name, and a batch of
operations planned together over the files as they are now, all of them valid or none applied.

A hash binds a node's path, qualified name and text, so it proves the model read that very node as it is
now: a hash node_read never gave for that node is refused as guessed, one it gave before the node changed
is refused as stale. Every edit is anchored in the text of the file as it was read, so operations of one
batch on one file do not shift each other; overlapping operations are refused."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from orkeon_engine.domain.code_index.model import Symbol

NodeOp = Literal["replace_node", "insert_before", "insert_after", "delete_node", "replace_text"]
NODE_OPS: tuple[NodeOp, ...] = ("replace_node", "insert_before", "insert_after", "delete_node", "replace_text")

EMPTY_BATCH_RULE = (
    "edit_batch refused: a batch needs at least one operation. Pass `operations` as a list such as "
    '[{"op": "replace_node", "path": "src/app.py", "node": "app.main", "hash": "<the hash node_read gave '
    'for that node>", "text": "<the new text>"}]; the ops are replace_node, insert_before, insert_after, '
    "delete_node (each with the hash node_read gave for that very node) and replace_text (old, which must "
    "occur exactly once, and new). Set validate to true to check the batch without writing."
)


def node_hash(path: str, qualified_name: str, text: str) -> str:
    """The hash of one node as node_read gives it: path, qualified name and text together."""
    digest = hashlib.sha256(f"{path}\0{qualified_name}\0{text}".encode())
    return digest.hexdigest()[:16]


def byte_span_to_chars(data: bytes, start: int, end: int) -> tuple[int, int]:
    """Character offsets of a UTF-8 byte span of `data`."""
    begin = len(data[:start].decode("utf-8", errors="replace"))
    return begin, begin + len(data[start:end].decode("utf-8", errors="replace"))


class NodeLookupError(ValueError):
    """A node name that names no symbol of the file, or several: the message lists the candidates."""


def find_node(symbols: Sequence[Symbol], path: str, node: str, line: int | None = None) -> Symbol:
    """The symbol of the file that `node` names: its qualified name, a dotted tail of it (`Tool.spec`) or
    its bare name, with `line` (any line inside it) to choose among several."""
    wanted = node.strip()
    exact = [s for s in symbols if s.qualified_name == wanted]
    matches = exact or [s for s in symbols if s.qualified_name.endswith("." + wanted)] or \
        [s for s in symbols if s.name == wanted]
    if line is not None and len(matches) > 1:
        inside = [s for s in matches if s.start_line <= line <= s.end_line]
        matches = [min(inside, key=lambda s: s.end_line - s.start_line)] if inside else matches
    if len(matches) == 1:
        return matches[0]
    if not matches:
        names = ", ".join(s.qualified_name for s in symbols[:15]) or "none"
        raise NodeLookupError(f"{path} has no symbol named {wanted!r}; its symbols: {names}"
                              + (" ..." if len(symbols) > 15 else ""))
    listed = ", ".join(f"{s.kind} {s.qualified_name} (line {s.start_line})" for s in matches[:10])
    raise NodeLookupError(f"{wanted!r} names several symbols of {path}: {listed}; pass the qualified name "
                          "or the line of the one you mean")


@dataclass
class IssuedHashes:
    """The hashes node_read handed out, by (path, qualified name): the proof a later edit needs."""

    issued: dict[tuple[str, str], set[str]] = field(default_factory=dict)

    def record(self, path: str, qualified_name: str, digest: str) -> None:
        self.issued.setdefault((path, qualified_name), set()).add(digest)

    def was_issued(self, path: str, qualified_name: str, digest: str) -> bool:
        return digest in self.issued.get((path, qualified_name), set())

    def owner_of(self, digest: str) -> tuple[str, str] | None:
        for key, digests in self.issued.items():
            if digest in digests:
                return key
        return None


def check_hash(issued: IssuedHashes, path: str, symbol: Symbol, current: str, given: str) -> str:
    """Why the given hash does not prove a fresh read of `symbol` ("" when it does)."""
    given = given.strip()
    if given == current and issued.was_issued(path, symbol.qualified_name, given):
        return ""
    if issued.was_issued(path, symbol.qualified_name, given):
        return (f"stale hash: {symbol.qualified_name} in {path} changed since node_read gave {given}; "
                "read it again with node_read and use the hash it gives now")
    owner = issued.owner_of(given)
    if owner is not None:
        return (f"wrong hash: {given} was given by node_read for {owner[1]} in {owner[0]}, not for "
                f"{symbol.qualified_name} in {path}; call node_read on that node and pass its own hash")
    return (f"unknown hash: node_read never gave {given!r} for {symbol.qualified_name} in {path}; a guessed or "
            "placeholder hash is never accepted: call node_read on that node and pass the hash it returns")


@dataclass(frozen=True)
class Operation:
    """One operation of a batch (or the single operation of node_replace)."""

    op: NodeOp
    path: str
    node: str = ""
    hash: str = ""
    text: str = ""
    old: str = ""
    new: str = ""
    line: int | None = None


@dataclass(frozen=True)
class Splice:
    """A planned change of one file: characters [start, end) replaced by `text`; `symbol` is the node
    operated on (None for replace_text)."""

    start: int
    end: int
    text: str
    index: int
    symbol: Symbol | None = None


@dataclass
class FilePlan:
    """The operations planned on one file, and the errors found for them."""

    path: str
    original: str
    splices: list[Splice] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def result(self) -> str:
        """The new text: every splice applied, from the end of the file backwards."""
        text = self.original
        for splice in sorted(self.splices, key=lambda s: (s.start, s.end, s.index), reverse=True):
            text = text[:splice.start] + splice.text + text[splice.end:]
        return text


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _indent_of(text: str, offset: int) -> str:
    start = _line_start(text, offset)
    line = text[start:offset]
    return line if not line.strip() else line[: len(line) - len(line.lstrip())]


def _indented(block: str, indent: str) -> str:
    return "\n".join(indent + line if line.strip() else line for line in block.strip("\n").split("\n"))


def plan_operation(plan: FilePlan, index: int, operation: Operation, symbols: Sequence[Symbol],
                   issued: IssuedHashes) -> None:
    """Check one operation against the file as it is and add its splice to the plan, or an error."""
    label = f"operation {index + 1} ({operation.op} on {operation.path})"
    text = plan.original
    if operation.op == "replace_text":
        if not operation.old:
            plan.errors.append(f"{label}: `old` is empty; give the exact text to replace")
            return
        count = text.count(operation.old)
        if count != 1:
            found = "does not occur" if count == 0 else f"occurs {count} times"
            plan.errors.append(f"{label}: `old` {found} in the file; it must occur exactly once")
            return
        start = text.index(operation.old)
        plan.splices.append(Splice(start, start + len(operation.old), operation.new, index))
        return
    if not operation.node:
        plan.errors.append(f"{label}: `node` is missing; name the symbol as node_read named it")
        return
    try:
        symbol = find_node(symbols, operation.path, operation.node, operation.line)
    except NodeLookupError as error:
        plan.errors.append(f"{label}: {error}")
        return
    data = text.encode("utf-8")
    start, end = byte_span_to_chars(data, symbol.start_byte, symbol.end_byte)
    current = node_hash(operation.path, symbol.qualified_name, text[start:end])
    problem = check_hash(issued, operation.path, symbol, current, operation.hash)
    if problem:
        plan.errors.append(f"{label}: {problem}")
        return
    if operation.op == "replace_node":
        plan.splices.append(Splice(start, end, operation.text, index, symbol))
    elif operation.op == "delete_node":
        line_start = _line_start(text, start)
        cut_start = line_start if not text[line_start:start].strip() else start
        cut_end = end + 1 if text[end:end + 1] == "\n" else end
        plan.splices.append(Splice(cut_start, cut_end, "", index, symbol))
    else:
        if not operation.text.strip():
            plan.errors.append(f"{label}: `text` is empty; give the code to insert")
            return
        block = _indented(operation.text, _indent_of(text, start))
        if operation.op == "insert_after":
            plan.splices.append(Splice(end, end, "\n\n" + block, index, symbol))
        else:
            line_start = _line_start(text, start)
            plan.splices.append(Splice(line_start, line_start, block + "\n\n", index, symbol))


def check_overlaps(plan: FilePlan) -> None:
    """Refuse operations of one file whose spans overlap (two inserts at one point are kept in order)."""
    ordered = sorted(plan.splices, key=lambda s: (s.start, s.end))
    for first, second in zip(ordered, ordered[1:], strict=False):
        if second.start < first.end:
            plan.errors.append(f"operations {first.index + 1} and {second.index + 1} on {plan.path} overlap; "
                               "combine them into one operation")
