"""Output: what the person sees of a command besides its result.

A long text (the view's document, or more lines than fit a message) is written as markdown under
/output (`.orkeon/local/output/<command>[-<title>].md`, replaced by the next one of the same name) and
opened with `window/showDocument` when the client supports it and `showDocuments` is on. The closing
message goes to `window/showMessage` when `showMessages` is on.
"""

from __future__ import annotations

import asyncio
import os
import re
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
    """The file stem and the markdown of a view's long text, or None when it has none."""
    if view.document is not None:
        stem = name + (f"-{slug}" if (slug := slugify(view.document.title)) and slug != name else "")
        return stem, f"# {view.document.title}\n\n{view.document.content.rstrip()}\n"
    if len(view.lines) > LONG_TEXT_LINES:
        body = "\n".join(view.lines).replace("```", "'''")
        closing = f"\n{view.message}\n" if view.message else ""
        return name, f"# /{name}\n\n```text\n{body}\n```\n{closing}"
    return None


def slugify(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60]


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
    if uri is not None and server.settings.show_documents and server.support.show_document:
        await _show_document(server, uri)
    if view.message and server.settings.show_messages:
        server.tell("info", view.message)
    return uri


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
        result = await server.request(types.WINDOW_SHOW_DOCUMENT, types.ShowDocumentParams(uri=uri, take_focus=True))
    except Exception as error:
        server.log("info", f"window/showDocument failed ({error})")
        return
    if not getattr(result, "success", False):
        server.log("info", f"the editor did not open {uri}")
