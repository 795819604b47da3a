"""The node tools: node_outline and node_read (read class), node_replace and edit_batch (edit class).

They read a file through the Files port (an editor's unsaved buffer wins) and parse that text, so a line
range or a hash always describes the file as it is now. node_read hands out a content hash per node; an
edit must carry the hash node_read gave for that very node. An edit is planned over every file it touches
and checked whole (hashes, overlaps, no new syntax error) before anything is written; then the files are
written through the Files port and reindexed before the tool answers, so the next search sees them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.code_index.model import FileEntry, Symbol
from orkeon_engine.domain.code_index.node_edit import (
    EMPTY_BATCH_RULE,
    FilePlan,
    IssuedHashes,
    NodeLookupError,
    NodeOp,
    Operation,
    byte_span_to_chars,
    check_overlaps,
    find_node,
    node_hash,
    plan_operation,
)
from orkeon_engine.domain.code_index.render import render_outline
from orkeon_engine.domain.tool_call import FileEdit, ToolCall, ToolClass, ToolResult
from orkeon_engine.ports.code_index import CodeIndex, CodeIndexError
from orkeon_engine.ports.files import EditRefusedError, Files, FilesError
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.code_paths import OutsideWorkspaceError, virtual, workspace_relative
from orkeon_engine.tools.file_write import short_diff
from orkeon_engine.tools.shaping import gate_paths

_PATH_HELP = "The file's virtual path under /workspace, or a path relative to it."
_NODE_HELP = ("The symbol: its qualified name as node_outline shows it (`shop.models.Cart.add`), a dotted tail "
              "of it (`Cart.add`) or its bare name when that is unique in the file.")
_LINE_HELP = "Any line inside the symbol, to choose among several of the same name."


class NodeToolError(Exception):
    """A failure the model reads as the tool's answer."""


@dataclass
class LoadedFile:
    relative: str
    text: str
    entry: FileEntry


@dataclass
class BatchOutcome:
    """What a planned batch would do: each file's plan, and every problem found."""

    plans: dict[str, FilePlan] = field(default_factory=dict)
    loaded: dict[str, LoadedFile] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


class NodeWorkbench:
    """The reads, plans and writes the node tools share; one per run, holding the hashes handed out."""

    def __init__(self, files: Files, index: CodeIndex, issued: IssuedHashes | None = None) -> None:
        self.files = files
        self.index = index
        self.issued = issued if issued is not None else IssuedHashes()

    async def load(self, path: str) -> LoadedFile:
        try:
            relative = workspace_relative(self.files, path)
            text = await self.files.read_text(virtual(relative))
            entry = await self.index.parse(relative, text)
        except (OutsideWorkspaceError, FilesError, CodeIndexError) as error:
            raise NodeToolError(str(error)) from None
        return LoadedFile(relative, text, entry)

    def hash_of(self, loaded: LoadedFile, symbol: Symbol) -> tuple[str, str]:
        """The node's current text and the hash node_read gives for it (recorded as handed out)."""
        start, end = byte_span_to_chars(loaded.text.encode("utf-8"), symbol.start_byte, symbol.end_byte)
        text = loaded.text[start:end]
        digest = node_hash(loaded.relative, symbol.qualified_name, text)
        self.issued.record(loaded.relative, symbol.qualified_name, digest)
        return text, digest

    async def plan(self, operations: Sequence[Operation]) -> BatchOutcome:
        outcome = BatchOutcome()
        for index, operation in enumerate(operations):
            try:
                loaded = outcome.loaded.get(workspace_relative(self.files, operation.path))
                if loaded is None:
                    loaded = await self.load(operation.path)
                    outcome.loaded[loaded.relative] = loaded
            except (OutsideWorkspaceError, NodeToolError) as error:
                outcome.errors.append(f"operation {index + 1} ({operation.op} on {operation.path}): {error}")
                continue
            plan = outcome.plans.setdefault(loaded.relative, FilePlan(loaded.relative, loaded.text))
            anchored = Operation(operation.op, loaded.relative, operation.node, operation.hash, operation.text,
                                 operation.old, operation.new, operation.line)
            plan_operation(plan, index, anchored, loaded.entry.symbols, self.issued)
        for plan in outcome.plans.values():
            check_overlaps(plan)
            outcome.errors.extend(plan.errors)
        if not outcome.errors:
            await self._check_syntax(outcome)
        return outcome

    async def _check_syntax(self, outcome: BatchOutcome) -> None:
        for relative, plan in outcome.plans.items():
            before = outcome.loaded[relative].entry
            after = await self.index.parse(relative, plan.result())
            if after.error and not before.error:
                outcome.errors.append(f"the new text of {relative} does not parse ({after.error}); fix the "
                                      "operations on it")

    async def apply(self, outcome: BatchOutcome) -> dict[str, str]:
        """Write every planned file, all or none (the ones written are restored when one fails), then
        reindex them; the new texts by path."""
        written: list[str] = []
        texts = {relative: plan.result() for relative, plan in outcome.plans.items()}
        for relative, text in texts.items():
            if text == outcome.loaded[relative].text:
                continue
            try:
                await self.files.write_text(virtual(relative), text)
            except (EditRefusedError, FilesError) as error:
                restored = await self._restore(written, outcome)
                raise NodeToolError(f"nothing was applied: writing {virtual(relative)} failed ({error.reason})"
                                    + (f"; {restored}" if restored else "")) from None
            written.append(relative)
        if written:
            await self.index.refresh(written, {r: texts[r] for r in written})
        return texts

    async def _restore(self, written: list[str], outcome: BatchOutcome) -> str:
        failed = []
        for relative in written:
            try:
                await self.files.write_text(virtual(relative), outcome.loaded[relative].text)
            except FilesError:
                failed.append(virtual(relative))
        if failed:
            return "these files could not be restored and hold the new text: " + ", ".join(failed)
        return "the files written before it were restored" if written else ""

    async def new_hashes(self, outcome: BatchOutcome, texts: dict[str, str]) -> list[str]:
        """The hash of each node replaced or inserted next to, as it is now, for a follow-up edit."""
        lines = []
        for relative, plan in outcome.plans.items():
            names = [s.symbol.qualified_name for s in plan.splices if s.symbol is not None]
            if not names:
                continue
            entry = await self.index.parse(relative, texts[relative])
            now = LoadedFile(relative, texts[relative], entry)
            for name in dict.fromkeys(names):
                try:
                    symbol = find_node(entry.symbols, relative, name)
                except NodeLookupError:
                    continue
                _, digest = self.hash_of(now, symbol)
                lines.append(f"{symbol.kind} {symbol.qualified_name} ({relative}:{symbol.start_line}-"
                             f"{symbol.end_line}) hash {digest}")
        return lines

    async def preview(self, operations: Sequence[Operation]) -> tuple[tuple[str, ...], str, FileEdit | None]:
        """The paths an edit touches, its diff, and its whole change when it changes one file, for the gate;
        planning problems shown instead of a diff (and no change)."""
        paths = tuple(dict.fromkeys(q for o in operations for q in gate_paths(self.files, o.path)))
        outcome = await self.plan(operations)
        if outcome.errors:
            return paths, "the edit does not validate: " + "; ".join(outcome.errors[:3]), None
        diffs = [short_diff(virtual(r), p.original, p.result()) for r, p in outcome.plans.items()]
        changes = [FileEdit(virtual(r), p.original, p.result()) for r, p in outcome.plans.items()]
        return paths, "\n".join(diffs), changes[0] if len(changes) == 1 else None


class NodeOutlineInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str = Field(description=_PATH_HELP)


class NodeOutlineTool(Tool[NodeOutlineInput]):
    name: ClassVar[str] = "node_outline"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "A file's symbols as a tree: kind, name, qualified name and line range of each class, function, "
        "method, type or constant, read from the file as it is now."
    )
    Input = NodeOutlineInput

    def __init__(self, bench: NodeWorkbench) -> None:
        self._bench = bench

    async def describe(self, args: NodeOutlineInput) -> ToolCall:
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=gate_paths(self._bench.files, args.path))

    async def run(self, args: NodeOutlineInput) -> ToolResult:
        try:
            loaded = await self._bench.load(args.path)
        except NodeToolError as error:
            return ToolResult(str(error), is_error=True)
        return ToolResult(render_outline(loaded.entry), data={"symbols": len(loaded.entry.symbols)})


class NodeReadInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str = Field(description=_PATH_HELP)
    node: str = Field(description=_NODE_HELP)
    line: int | None = Field(None, ge=1, description=_LINE_HELP)


class NodeReadTool(Tool[NodeReadInput]):
    name: ClassVar[str] = "node_read"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Read one symbol's text (a class, function, method...) with its line range and its content hash. "
        "node_replace and edit_batch accept an edit of that node only with this hash, so read a node again "
        "after it changed."
    )
    Input = NodeReadInput

    def __init__(self, bench: NodeWorkbench) -> None:
        self._bench = bench

    async def describe(self, args: NodeReadInput) -> ToolCall:
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=gate_paths(self._bench.files, args.path))

    async def run(self, args: NodeReadInput) -> ToolResult:
        try:
            loaded = await self._bench.load(args.path)
            symbol = find_node(loaded.entry.symbols, loaded.relative, args.node, args.line)
        except (NodeToolError, NodeLookupError) as error:
            return ToolResult(str(error), is_error=True)
        text, digest = self._bench.hash_of(loaded, symbol)
        head = (f"{symbol.kind} {symbol.qualified_name} ({loaded.relative}:{symbol.start_line}-{symbol.end_line})\n"
                f"hash: {digest}\n"
                "The text below starts at the node's first character; node_replace's text replaces exactly it.")
        data = {"path": loaded.relative, "node": symbol.qualified_name, "hash": digest,
                "start_line": symbol.start_line, "end_line": symbol.end_line}
        return ToolResult(f"{head}\n{text}", data=data)


class NodeReplaceInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str = Field(description=_PATH_HELP)
    node: str = Field(description=_NODE_HELP)
    hash: str = Field(description="The hash node_read gave for this very node; a guessed or old hash is refused.")
    text: str = Field(description="The node's complete new text, replacing exactly what node_read returned.")
    line: int | None = Field(None, ge=1, description=_LINE_HELP)


class NodeReplaceTool(Tool[NodeReplaceInput]):
    name: ClassVar[str] = "node_replace"
    tool_class: ClassVar[ToolClass] = "edit"
    description: ClassVar[str] = (
        "Replace one symbol's whole text. Requires the hash node_read gave for that very node: a hash that was "
        "never given for it, or one given before the node changed, is refused and nothing is written. The "
        "file is reindexed at once and the answer gives the node's new hash."
    )
    Input = NodeReplaceInput

    def __init__(self, bench: NodeWorkbench) -> None:
        self._bench = bench

    def _operation(self, args: NodeReplaceInput) -> Operation:
        return Operation("replace_node", args.path, args.node, args.hash, args.text, line=args.line)

    async def describe(self, args: NodeReplaceInput) -> ToolCall:
        paths, preview, change = await self._bench.preview([self._operation(args)])
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=paths, preview=preview, edit=change)

    async def run(self, args: NodeReplaceInput) -> ToolResult:
        return await run_operations(self._bench, [self._operation(args)], check_only=False, tool=self.name)


class BatchOperation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    op: NodeOp = Field(description="replace_node, insert_before, insert_after, delete_node or replace_text.")
    path: str = Field(description=_PATH_HELP)
    node: str = Field("", description="For the node operations: " + _NODE_HELP)
    hash: str = Field("", description="For the node operations: the hash node_read gave for that very node.")
    text: str = Field("", description="replace_node: the node's new text; insert_*: the code to insert, "
                      "indented as the node is (its own lines relative to it).")
    old: str = Field("", description="replace_text: the exact text to replace; it must occur once in the file.")
    new: str = Field("", description="replace_text: the text that replaces it.")
    line: int | None = Field(None, ge=1, description=_LINE_HELP)


class EditBatchInput(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    operations: list[BatchOperation] = Field(
        default_factory=list,
        description="The operations, at least one, checked together against the files as they are now "
        "(each node operation with the hash node_read gave for its node) and applied all or none.",
    )
    check_only: bool = Field(False, alias="validate", description="Check the batch and show its diff without "
                             "writing anything.")


class EditBatchTool(Tool[EditBatchInput]):
    name: ClassVar[str] = "edit_batch"
    tool_class: ClassVar[ToolClass] = "edit"
    description: ClassVar[str] = (
        "Apply several edits to one or more files as one change: replace, insert before or after, or delete "
        "symbols (each with the hash node_read gave for it), and replace an exact text. Every operation is "
        "checked against the files as they are now before any file is written; if one fails, none is "
        "applied. A batch with no operations is refused. `validate: true` checks without writing."
    )
    Input = EditBatchInput

    def __init__(self, bench: NodeWorkbench) -> None:
        self._bench = bench

    async def describe(self, args: EditBatchInput) -> ToolCall:
        operations = _operations(args)
        if not operations:
            return ToolCall(self.name, self.tool_class, args.model_dump(by_alias=True), preview=EMPTY_BATCH_RULE)
        paths, preview, change = await self._bench.preview(operations)
        return ToolCall(self.name, self.tool_class, args.model_dump(by_alias=True), paths=paths, preview=preview,
                        edit=change)

    async def run(self, args: EditBatchInput) -> ToolResult:
        operations = _operations(args)
        if not operations:
            return ToolResult(EMPTY_BATCH_RULE, is_error=True)
        return await run_operations(self._bench, operations, check_only=args.check_only, tool=self.name)


def _operations(args: EditBatchInput) -> list[Operation]:
    return [Operation(o.op, o.path, o.node, o.hash, o.text, o.old, o.new, o.line) for o in args.operations]


async def run_operations(bench: NodeWorkbench, operations: Sequence[Operation], check_only: bool,
                         tool: str) -> ToolResult:
    """Plan, check and (unless `check_only`) apply operations, all or none."""
    outcome = await bench.plan(operations)
    if outcome.errors:
        listed = "\n".join(f"- {problem}" for problem in outcome.errors)
        return ToolResult(f"{tool} refused; nothing was written:\n{listed}", is_error=True,
                          data={"errors": outcome.errors})
    if check_only:
        diffs = [short_diff(virtual(r), p.original, p.result()) for r, p in outcome.plans.items()]
        return ToolResult(f"the batch validates ({len(operations)} operations); nothing was written:\n"
                          + "\n".join(diffs), data={"valid": True})
    try:
        texts = await bench.apply(outcome)
    except NodeToolError as error:
        return ToolResult(str(error), is_error=True)
    hashes = await bench.new_hashes(outcome, texts)
    files = ", ".join(virtual(r) for r in outcome.plans)
    lines = [f"applied {len(operations)} operation{'s' if len(operations) != 1 else ''} to {files}; "
             "reindexed."]
    if hashes:
        lines.append("Nodes now (hash for a follow-up edit):")
        lines.extend(hashes)
    return ToolResult("\n".join(lines), data={"files": list(outcome.plans)})
