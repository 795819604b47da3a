"""Output: what the person sees of a command besides its result.

A long text (the view's document when it holds more than one line, or more lines than fit a message) is
written as markdown under /output, one file per command (`.orkeon/local/output/<command>.md`, replaced by
the command's next long text, so they never pile up), under one heading. A client that renders the view
itself (experimental.orkeonViews: both of Orkeon's clients) is sent nothing more: the text is in the
result it shows. Any other client that supports `window/showDocument` gets the file opened without taking
the focus, when `showDocuments` is on. The closing message goes to `window/showMessage` when
`showMessages` is on.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import from_fs_path

from orkeon_engine.domain.view import CommandView

if TYPE_CHECKING:
    from orkeon_lsp.server import OrkeonServer

LONG_TEXT_LINES = 40
"""A view with more lines than this is also written as a document."""


def long_text(name: str, view: CommandView) -> tuple[str, str] | None:
    """The file stem (the command's name) and the markdown of a view's long text, or None when it has none:
    a document of one line is no long text (the view's message says it)."""
    if view.document is not None and not _one_line(view.document.content):
        content = view.document.content.strip("\n")
        if content.startswith("# "):  # the document carries its own heading
            return name, content + "\n"
        return name, f"# {view.document.title}\n\n{content.rstrip()}\n"
    if len(view.lines) > LONG_TEXT_LINES:
        body = "\n".join(view.lines).replace("```", "'''")
        closing = f"\n{view.message}\n" if view.message else ""
        return name, f"# /{name}\n\n```text\n{body}\n```\n{closing}"
    return None


def _one_line(content: str) -> bool:
    return sum(1 for line in content.splitlines() if line.strip()) <= 1


def write_markdown(folder: Path, stem: str, text: str) -> Path:
    """Write `<folder>/<stem>.md` atomically (a temp file, then a rename); raises OSError."""
    import tempfile  # here: tempfile pulls in shutil and the compressors, not wanted on the way to initialize

    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{stem}.md"
    handle, temp = tempfile.mkstemp(dir=folder, prefix=f".{stem}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return target


async def present(server: OrkeonServer, output_dir: Path | None, name: str, view: CommandView) -> str | None:
    """Show the view's long text and closing message; the URI of the document written, if any."""
    uri = await _write_long_text(server, output_dir, name, view)
    if uri is not None and opens_documents(server):
        await _show_document(server, uri)
    if view.message and server.settings.show_messages:
        server.tell("info", view.message)
    return uri


def opens_documents(server: OrkeonServer) -> bool:
    """Whether a long text is opened with window/showDocument: not for a client that shows the view itself."""
    support = server.support
    return server.settings.show_documents and support.show_document and not support.renders_views


async def _write_long_text(server: OrkeonServer, output_dir: Path | None, name: str, view: CommandView) -> str | None:
    found = long_text(name, view)
    if found is None:
        return None
    if output_dir is None:
        server.log("warning", f"/{name}: the workspace is not writable, so its long text is not saved under /output")
        return None
    stem, text = found
    try:
        path = await asyncio.to_thread(write_markdown, output_dir, stem, text)
    except OSError as error:
        server.log("warning", f"/{name}: cannot write {output_dir / (stem + '.md')} ({error})")
        return None
    uri: str | None = from_fs_path(str(path))
    return uri


async def _show_document(server: OrkeonServer, uri: str) -> None:
    try:
        result = await server.request(types.WINDOW_SHOW_DOCUMENT, types.ShowDocumentParams(uri=uri, take_focus=False))
    except Exception as error:
        server.log("info", f"window/showDocument failed ({error})")
        return
    if not getattr(result, "success", False):
        server.log("info", f"the editor did not open {uri}")
