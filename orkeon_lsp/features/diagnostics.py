"""Diagnostics: the review's findings on the lines they concern, for every file they name, open or not.

The engine's findings board announces which files' findings changed (a review, `orkeon.review --clear`, a
dismissal, an edit); this feature then publishes those files' diagnostics, each finding found again in the
file's current text (the open buffer, else the disk). A finding whose quoted line no longer reads as quoted
(a typo in it, the line cut) is hidden, not dropped: it is kept where its line was and published again when
the text comes back (an undo), until the next review replaces it. An edit of an open document moves its
findings (domain/review/finding_tracking.py), one edit after the other; while edits of a file wait to be followed,
its publication waits too (relocating on a text ahead of the findings would move them twice). A document
with no findings costs an edit nothing here: its text is not even read. When the server starts, the
findings stored in state.db are published again.

A diagnostic: source `orkeon`, code the lens, severity blocker/high → Error, medium → Warning,
low → Information, nit → Hint, the title and detail as the message, the finding's id in `data`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path

from orkeon_engine.domain.review.finding_tracking import TextChange, follow_changes, quotes, relocate
from orkeon_engine.domain.review.findings import Finding
from orkeon_lsp.overlay import document_lines

if TYPE_CHECKING:
    from orkeon_lsp.server_api import ServerApi

SOURCE = "orkeon"
SEVERITIES: dict[str, types.DiagnosticSeverity] = {
    "blocker": types.DiagnosticSeverity.Error,
    "high": types.DiagnosticSeverity.Error,
    "medium": types.DiagnosticSeverity.Warning,
    "low": types.DiagnosticSeverity.Information,
    "nit": types.DiagnosticSeverity.Hint,
}


def to_diagnostic(finding: Finding, lines: Sequence[str], units: Callable[[str], int] = len) -> types.Diagnostic:
    """The finding as a diagnostic over its lines, from the quoted line's first character to the span's end;
    `units` measures text in the client's position units (the server's position codec)."""
    first = finding.line - 1
    last = min(finding.end_line, max(len(lines), finding.line)) - 1
    quoted = lines[first] if 0 <= first < len(lines) else ""
    start = units(quoted[:len(quoted) - len(quoted.lstrip())])
    end = units(lines[last]) if 0 <= last < len(lines) else units(quoted)
    message = finding.title if not finding.detail else f"{finding.title}\n{finding.detail}"
    if finding.also:
        message += f"\n(also raised by {', '.join(finding.also)})"
    return types.Diagnostic(
        range=types.Range(types.Position(first, start), types.Position(last, max(end, 0))),
        message=message,
        severity=SEVERITIES.get(finding.severity, types.DiagnosticSeverity.Warning),
        code=finding.lens,
        source=SOURCE,
        data={"id": finding.id, "severity": finding.severity, "hasSuggestion": finding.replacement is not None},
    )


def to_changes(params: types.DidChangeTextDocumentParams) -> list[TextChange]:
    """The LSP content changes as the domain's TextChange list."""
    changes = []
    for change in params.content_changes:
        if isinstance(change, types.TextDocumentContentChangePartial):
            r = change.range
            changes.append(TextChange(change.text, r.start.line, r.start.character, r.end.line, r.end.character))
        else:
            changes.append(TextChange(change.text))
    return changes


class Diagnostics:
    """Publishes the board's findings as diagnostics and keeps them on their lines as documents change."""

    def __init__(self, server: ServerApi) -> None:
        self._server = server
        self._root: Path | None = None
        self._board: Any = None
        self._lock = asyncio.Lock()
        self._unapplied: dict[str, int] = {}
        """Per path, the edits reported but not yet followed: until they are, the text is ahead of the board."""
        self._held: set[str] = set()
        """Paths whose publication waits for those edits."""
        self._with_findings: set[str] = set()
        """Paths that have findings (shown or hidden): only their edits are followed."""
        self._paths: dict[str, str | None] = {}
        """The repository-relative path of each document seen (resolving a path reads the disk)."""
        self._following: set[str] = set()
        """Paths whose findings an edit is moving now: the board's announcement of it is ours to publish."""
        self._sent: dict[str, list[types.Diagnostic]] = {}
        """The diagnostics last published per URI: the same list is not sent again."""

    async def attach(self) -> None:
        """Subscribe to the engine's findings and publish every stored one (the server has just started)."""
        engine = await self._server.engine.get()
        if engine.findings is None:
            return
        self._board = engine.findings
        self._root = Path(engine.repository_root)
        self._board.subscribe(self._on_change)
        paths = sorted({f.path for f in await self._board.findings()})
        await self._publish(paths)

    async def _on_change(self, change: Any) -> None:
        await self._publish([path for path in change.paths if path not in self._following])

    def uri_of(self, path: str) -> str:
        assert self._root is not None
        return from_fs_path(str(self._root / path)) or f"file://{self._root / path}"

    def path_of(self, uri: str) -> str | None:
        """The repository-relative path of a document, or None when it lies outside the repository."""
        if uri not in self._paths:
            self._paths[uri] = self._relative(uri)
        return self._paths[uri]

    def _relative(self, uri: str) -> str | None:
        fs_path = to_fs_path(uri)
        if fs_path is None or self._root is None:
            return None
        try:
            return Path(fs_path).resolve().relative_to(self._root.resolve()).as_posix()
        except ValueError:
            return None

    def lines_of(self, uri: str) -> list[str]:
        """The document's current lines: the editor's buffer when open, else the file on disk."""
        try:
            return document_lines(self._server.workspace.get_text_document(uri).source)
        except (OSError, UnicodeDecodeError):
            return []

    async def _publish(self, paths: Sequence[str]) -> None:
        if self._board is None:
            return
        for path in paths:
            if self._unapplied.get(path):  # relocating on a text ahead of the board would move them twice
                self._held.add(path)
                continue
            self._held.discard(path)
            uri = self.uri_of(path)
            lines = [line.rstrip("\r\n") for line in self.lines_of(uri)]
            findings = await self._board.for_path(path)
            placed = [(f, relocate(f, lines)) for f in findings]
            moved = [p for f, p in placed if p is not None and p != f]
            if moved:
                await self._board.follow(path, moved)  # announces the path again: published then
                continue
            if findings:
                self._with_findings.add(path)
            else:
                self._with_findings.discard(path)
            self._send(uri, [p for _, p in placed if p is not None], lines)

    def _send(self, uri: str, shown: Sequence[Finding], lines: Sequence[str]) -> None:
        units = self._server.workspace.position_codec.client_num_units
        diagnostics = [to_diagnostic(f, lines, units) for f in shown]
        if diagnostics == self._sent.get(uri, []):
            return
        self._sent[uri] = diagnostics
        self._server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))

    def document_changed(self, params: types.DidChangeTextDocumentParams) -> None:
        """Follow an edit: the changes and the text they produced are taken now, the findings moved in order."""
        if self._board is None:
            return
        path = self.path_of(params.text_document.uri)
        if path is None or path not in self._with_findings:
            return
        changes = to_changes(params)
        lines = [line.rstrip("\r\n") for line in self.lines_of(params.text_document.uri)]
        self._unapplied[path] = self._unapplied.get(path, 0) + 1
        asyncio.ensure_future(self._follow(path, changes, lines))

    async def _follow(self, path: str, changes: list[TextChange], lines: list[str]) -> None:
        async with self._lock:
            try:
                findings = await self._board.for_path(path)
                followed = follow_changes(findings, changes, lines) if findings else None
            finally:
                left = self._unapplied.pop(path, 1) - 1
                if left > 0:
                    self._unapplied[path] = left
            if followed is not None:
                self._following.add(path)
                try:
                    await self._board.follow(path, followed.kept)
                finally:
                    self._following.discard(path)
            if self._unapplied.get(path):  # a later edit is waiting: it publishes
                return
            if path in self._held:  # a review came meanwhile: place its findings in the text
                await self._publish([path])
            elif followed is not None:
                self._send(self.uri_of(path), [f for f in followed.kept if quotes(f, lines)], lines)


def setup(server: ServerApi) -> None:
    diagnostics = Diagnostics(server)
    server.diagnostics = diagnostics
    server.change_listeners.append(diagnostics.document_changed)

    @server.feature(types.INITIALIZED)
    async def on_initialized(ls: ServerApi, params: types.InitializedParams) -> None:
        try:
            await diagnostics.attach()
        except Exception as error:  # no engine: the commands say why; diagnostics stay off
            ls.log("warning", f"orkeon: the review findings cannot be shown ({error})")
