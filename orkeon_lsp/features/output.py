"""Output: what the person sees of a command besides its result.

A long text (the view's document when it holds more than one line, or more lines than fit a message) is
written as markdown under /output, one file per command (`.orkeon/local/output/<command>.md`, replaced by
the command's next long text, so they never pile up), under one heading. A client that renders the view
itself (experimental.orkeonViews: both of Orkeon's clients) is sent nothing more: the text is in the
result it shows. Any other client that supports `window/showDocument` gets the file opened without taking
the focus, when `showDocuments` is on. The closing message goes to `window/showMessage` when
`showMessages` is on. A report no request's result carries (a child agent's, when it ends) is written
under its own name and opened for every client that opens documents, whatever its length.
"""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import from_fs_path

from orkeon_engine.domain.ui.view import CommandView

if TYPE_CHECKING:
    from orkeon_lsp.server_api import ServerApi

LONG_TEXT_LINES = 40
"""A view with more lines than this is also written as a document."""


def long_text(name: str, view: CommandView) -> tuple[str, str] | None:
    """The file stem (the command's name) and the markdown of a view's long text, or None when it has none:
    a document of one line is no long text (the view's message says it)."""
    markdown = document_markdown(view)
    if markdown is not None and view.document is not None and not _one_line(view.document.content):
        return name, markdown
    if len(view.lines) > LONG_TEXT_LINES:
        body = "\n".join(view.lines).replace("```", "'''")
        closing = f"\n{view.message}\n" if view.message else ""
        return name, f"# /{name}\n\n```text\n{body}\n```\n{closing}"
    return None


def document_markdown(view: CommandView) -> str | None:
    """The markdown of the view's document under one heading, or None when it has none."""
    if view.document is None:
        return None
    content = view.document.content.strip("\n")
    if content.startswith("# "):  # the document carries its own heading
        return content + "\n"
    return f"# {view.document.title}\n\n{content.rstrip()}\n"


def slugify(title: str) -> str:
    """A file name's part for a title: lower case, words joined by dashes."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60]


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


async def present(server: ServerApi, output_dir: Path | None, name: str, view: CommandView,
                  report: str | None = None) -> str | None:
    """Show the view's long text and closing message; the URI of the document written, if any. `report`
    names the file of a document no request's result carries, always written and opened."""
    markdown = document_markdown(view) if report is not None else None
    found = (report, markdown) if report is not None and markdown is not None else long_text(name, view)
    uri = await _write_long_text(server, output_dir, name, found)
    if uri is not None and (opens_documents(server) if report is None else opens_reports(server)):
        await _show_document(server, uri)
    if view.message and server.settings.show_messages:
        server.tell("info", view.message)
    return uri


def opens_documents(server: ServerApi) -> bool:
    """Whether a long text is opened with window/showDocument: not for a client that shows the view itself."""
    return opens_reports(server) and not server.support.renders_views


def opens_reports(server: ServerApi) -> bool:
    """Whether a report nobody's request carries is opened with window/showDocument."""
    return server.settings.show_documents and server.support.show_document


async def _write_long_text(server: ServerApi, output_dir: Path | None, name: str,
                           found: tuple[str, str] | None) -> str | None:
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


async def _show_document(server: ServerApi, uri: str) -> None:
    try:
        result = await server.request(types.WINDOW_SHOW_DOCUMENT, types.ShowDocumentParams(uri=uri, take_focus=False))
    except Exception as error:
        server.log("info", f"window/showDocument failed ({error})")
        return
    if not getattr(result, "success", False):
        server.log("info", f"the editor did not open {uri}")
