"""ServerApi: the server as its features see it, and what the server keeps of the request being served.

Each feature module (features/) registers its handlers with `setup(server)` against this protocol, as the
language servers built on pygls structure their features (esbonio's `setup(server, ...)`), instead of
importing server.py: server.py builds the server and calls each feature's setup, and no feature imports it
back. server.py's OrkeonServer is the one implementation; a test may set up a feature on it alone.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from orkeon_lsp.editor_link import EditorLink

if TYPE_CHECKING:
    import asyncio

    from lsprotocol import types
    from pygls.progress import Progress
    from pygls.protocol import JsonRPCProtocol

    from orkeon_lsp.cancellation import Cancellations
    from orkeon_lsp.overlay import DocumentOverlay
    from orkeon_lsp.ui import LspHumanInput, LspLogger

Handler = TypeVar("Handler", bound=Callable[..., Any])

client_work_done_token: contextvars.ContextVar[int | str | None] = contextvars.ContextVar(
    "client_work_done_token", default=None)
"""The `workDoneToken` the client gave with the executeCommand being served (None when it gave none); the
server's protocol sets it for the command's task."""


class FindingsOnScreen(Protocol):
    """The review's diagnostics as another feature reads them (features/diagnostics.py's Diagnostics)."""

    def path_of(self, uri: str) -> str | None:
        """The repository-relative path of a document, or None when it lies outside the repository."""

    def lines_of(self, uri: str) -> list[str]:
        """The document's current lines: the editor's buffer when open, else the file on disk."""


class ServerApi(EditorLink, Protocol):
    """One editor connection: what the client supports, its settings, the engine, the open documents, the
    running requests, and the registration of handlers (pygls's `feature` and `command`)."""

    documents: DocumentOverlay
    cancellations: Cancellations
    human: LspHumanInput
    logger: LspLogger
    change_listeners: list[Callable[[types.DidChangeTextDocumentParams], None]]
    """Called on every didChange once pygls applied it (the review's diagnostics follow the text)."""
    diagnostics: FindingsOnScreen
    """The review's diagnostics (features/diagnostics.py sets it up)."""
    trust_check: asyncio.Future[None] | None
    """The workspace trust question, asked in the background once the engine is built."""
    shut_down: bool
    """The client sent `shutdown`: the process then exits 0 on `exit`, else 1 (LSP's rule)."""

    @property
    def protocol(self) -> JsonRPCProtocol: ...

    @property
    def work_done_progress(self) -> Progress: ...

    def feature(self, feature_name: str, options: Any | None = None) -> Callable[[Handler], Handler]:
        """Register the decorated function as the handler of an LSP method (pygls)."""

    def command(self, command_name: str) -> Callable[[Handler], Handler]:
        """Register the decorated function as a `workspace/executeCommand` command (pygls)."""

    def text_document_publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None:
        """Send `textDocument/publishDiagnostics` (pygls)."""
