"""What the connected editor can do, read once from its `initialize` capabilities.

The features ask these flags instead of walking the optional capability tree each time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lsprotocol import types

ORKEON_INPUT = "orkeonInput"
"""The experimental capability a client declares when it answers the `orkeon/input` request."""


@dataclass(frozen=True)
class ClientSupport:
    """The client's support for what the server sends it."""

    show_message_request: bool = False
    """window/showMessageRequest: the questions of the permission gate and every choice."""

    show_document: bool = False
    """window/showDocument: long texts written under /output are opened."""

    work_done_progress: bool = False
    """window/workDoneProgress/create and $/progress."""

    apply_edit: bool = False
    """workspace/applyEdit: edits of open documents go to the editor."""

    document_changes: bool = False
    """Versioned TextDocumentEdits in a WorkspaceEdit (else the `changes` map)."""

    configuration: bool = False
    """workspace/configuration: the settings can be pulled."""

    orkeon_input: bool = False
    """The `orkeon/input` request for free text (experimental.orkeonInput)."""

    @classmethod
    def from_capabilities(cls, capabilities: types.ClientCapabilities | None) -> ClientSupport:
        if capabilities is None:
            return cls()
        window = capabilities.window
        workspace = capabilities.workspace
        edit = workspace.workspace_edit if workspace is not None else None
        experimental = capabilities.experimental
        return cls(
            show_message_request=window is not None and window.show_message is not None,
            show_document=bool(window and window.show_document and window.show_document.support),
            work_done_progress=bool(window and window.work_done_progress),
            apply_edit=bool(workspace and workspace.apply_edit),
            document_changes=bool(edit and edit.document_changes),
            configuration=bool(workspace and workspace.configuration),
            orkeon_input=isinstance(experimental, Mapping) and experimental.get(ORKEON_INPUT) is True,
        )
