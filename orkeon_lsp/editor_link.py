"""EditorLink: the connection to the editor as the server's own parts use it.

The open-document overlay (overlay.py) and the engine's user interface (ui.py) are built by the server and
talk back to the editor through it: what the client supports, its settings, the engine slot, pygls's
workspace of open documents, and the log, message and request calls. They take this protocol rather than
the server class, so server.py imports them and they never import server.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pygls.workspace import Workspace

    from orkeon_lsp.client import ClientSupport
    from orkeon_lsp.engine_slot import EngineSlot
    from orkeon_lsp.settings import LogLevel, ServerSettings


class EditorLink(Protocol):
    """What the overlay and the user interface read and call on the server (server.py's OrkeonServer)."""

    support: ClientSupport
    settings: ServerSettings
    engine: EngineSlot

    @property
    def workspace(self) -> Workspace: ...

    def log(self, level: LogLevel, message: str) -> None:
        """A window/logMessage line at the client's `logLevel` or above; never raises."""

    def tell(self, level: LogLevel, message: str) -> None:
        """A window/showMessage the person sees (and the same line in the log); never raises."""

    async def request(self, method: str, params: Any) -> Any:
        """Send a request to the client and await its answer."""
