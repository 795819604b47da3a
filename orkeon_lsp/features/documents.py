"""Documents: didOpen, didChange (incremental) and didClose kept in the overlay the engine reads first.

pygls applies the changes to its workspace before these handlers run; the overlay learns which host path
each open document is, and forgets an edit it sent once the editor reports the document's text again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from orkeon_lsp.server_api import ServerApi


def setup(server: ServerApi) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def on_open(ls: ServerApi, params: types.DidOpenTextDocumentParams) -> None:
        ls.documents.opened(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def on_change(ls: ServerApi, params: types.DidChangeTextDocumentParams) -> None:
        ls.documents.changed(params.text_document.uri)
        for listener in ls.change_listeners:
            listener(params)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def on_close(ls: ServerApi, params: types.DidCloseTextDocumentParams) -> None:
        ls.documents.closed(params.text_document.uri)
