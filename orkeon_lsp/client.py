"""What the connected editor can do, read once from its `initialize` capabilities.

The features ask these flags instead of walking the optional capability tree each time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lsprotocol import types

from orkeon_engine.domain.client_info import ClientFeature, ClientInfo

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


def describe_client(support: ClientSupport, client: types.ClientInfo | None) -> ClientInfo:
    """The client as the engine's /doctor shows it: its name and version, each capability the engine uses,
    and what is lost without it."""
    features = (
        ClientFeature("showMessageRequest", support.show_message_request,
                      "the permission questions cannot be asked, so every call that would ask is refused"),
        ClientFeature("showDocument", support.show_document, "long texts are written under /output but not opened"),
        ClientFeature("workDoneProgress", support.work_done_progress, "a running crew shows no progress"),
        ClientFeature("applyEdit", support.apply_edit,
                      "an edit of an open file is written to disk instead of going through the editor"),
        ClientFeature("configuration", support.configuration, "the orkeon settings are not pulled from the editor"),
    )
    name = client.name if client is not None else "an unnamed client"
    version = (client.version or "") if client is not None else ""
    return ClientInfo(name, version, features)
