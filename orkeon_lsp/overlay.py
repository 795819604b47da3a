"""DocumentOverlay: the engine's OpenDocuments port over the editor's open buffers.

pygls keeps the text of every open document (incremental sync applied in its workspace); the overlay
maps host paths to those documents, so the engine's Files port reads unsaved text first, and sends an
edit of an open document to the editor as `workspace/applyEdit`. Until the editor reports the edited
text back (didChange), a read sees the text the editor accepted.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Literal
from urllib.parse import unquote

from lsprotocol import types
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

if TYPE_CHECKING:
    from orkeon_lsp.editor_link import EditorLink

EditOutcome = Literal["applied", "refused", "unsupported"]


def path_key(path: str) -> str:
    """One spelling per file: absolute, symlinks resolved, case folded where the platform folds it."""
    return os.path.normcase(os.path.realpath(path))


class DocumentOverlay:
    """OpenDocuments: `text` of an open file (None when not open), `apply` an edit through the editor."""

    def __init__(self, server: EditorLink) -> None:
        self._server = server
        self._uris: dict[str, str] = {}
        self._accepted: dict[str, str] = {}

    def opened(self, uri: str) -> None:
        path = to_fs_path(uri)
        if path is not None:
            self._uris[path_key(path)] = uri
        self._accepted.pop(uri, None)

    def changed(self, uri: str) -> None:
        self._accepted.pop(uri, None)

    def closed(self, uri: str) -> None:
        self._accepted.pop(uri, None)
        for key, known in list(self._uris.items()):
            if known == uri:
                del self._uris[key]

    def text(self, host_path: str) -> str | None:
        uri = self._uris.get(path_key(host_path))
        if uri is None:
            return None
        if uri in self._accepted:
            return self._accepted[uri]
        document = self._document(uri)
        return None if document is None else document.source

    async def apply(self, host_path: str, new_text: str) -> EditOutcome:
        uri = self._uris.get(path_key(host_path))
        document = None if uri is None else self._document(uri)
        if uri is None or document is None or not self._server.support.apply_edit:
            return "unsupported"
        if self.text(host_path) == new_text:
            return "applied"
        edit = whole_text_edit(document, new_text, self._server.support.document_changes)
        params = types.ApplyWorkspaceEditParams(edit=edit, label="Orkeon")
        try:
            result = await self._server.request(types.WORKSPACE_APPLY_EDIT, params)
        except Exception as error:  # an error answer: the edit did not happen
            self._server.log("warning", f"workspace/applyEdit of {host_path} failed ({error}); reported as refused")
            return "refused"
        if not getattr(result, "applied", False):
            reason = getattr(result, "failure_reason", None)
            self._server.log("info", f"the editor refused the edit of {host_path}" + (f": {reason}" if reason else ""))
            return "refused"
        self._accepted[uri] = new_text
        return "applied"

    def _document(self, uri: str) -> TextDocument | None:
        document: TextDocument | None = self._server.workspace.text_documents.get(unquote(uri))
        return document


_LINE_END = re.compile(r"\r\n|\r|\n")


def document_lines(source: str) -> list[str]:
    """The text's lines as LSP and git count them, without their ends: only \\n, \\r\\n and \\r end a line
    (str.splitlines, which pygls's `lines` uses, also breaks at a form feed or U+2028 and would put every
    finding below one on the wrong line); a final line end opens no extra line."""
    lines = _LINE_END.split(source)
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines if source else []


def end_of_text(document: TextDocument) -> types.Position:
    """The position just after the last character, in the client's units (never a line past the end)."""
    last = _LINE_END.split(document.source)
    return types.Position(line=len(last) - 1, character=document.position_codec.client_num_units(last[-1]))


def whole_text_edit(document: TextDocument, new_text: str, versioned: bool) -> types.WorkspaceEdit:
    """A WorkspaceEdit replacing the whole text of `document` (positions in the client's units)."""
    end = end_of_text(document)
    edit = types.TextEdit(range=types.Range(start=types.Position(line=0, character=0), end=end), new_text=new_text)
    if versioned:
        identifier = types.OptionalVersionedTextDocumentIdentifier(uri=document.uri, version=document.version)
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(text_document=identifier, edits=[edit])])
    return types.WorkspaceEdit(changes={document.uri: [edit]})
