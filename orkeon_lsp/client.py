"""What the connected editor can do, read once from its `initialize` capabilities.

The features ask these flags instead of walking the optional capability tree each time. The questions
(`window/showMessageRequest`) are base protocol: every client is asked, whatever it declares (the
`window.showMessage` capability only says how it renders them). Our own clients declare three experimental
flags: `orkeonInput` (they answer free text), `orkeonViews` (they render a command's view themselves, so no
`window/showDocument` repeats it) and `orkeonQuestions` (they answer the `orkeon/question` request: the
gate's question with the whole new text of an edit, which they show beside it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lsprotocol import types

from orkeon_engine.domain.ui.client_info import ClientFeature, ClientInfo

ORKEON_INPUT = "orkeonInput"
"""The experimental capability a client declares when it answers the `orkeon/input` request."""

ORKEON_VIEWS = "orkeonViews"
"""The experimental capability a client declares when it renders a command's view (its result) itself."""

ORKEON_QUESTIONS = "orkeonQuestions"
"""The experimental capability a client declares when it answers `orkeon/question` (a question and its edits)."""


@dataclass(frozen=True)
class ClientSupport:
    """The client's support for what the server sends it."""

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

    renders_views: bool = False
    """The client shows a command's result itself (experimental.orkeonViews): no showDocument repeats it."""

    shows_edits: bool = False
    """The client is asked with `orkeon/question`, and shows an edit's new text beside the question
    (experimental.orkeonQuestions)."""

    @classmethod
    def from_capabilities(cls, capabilities: types.ClientCapabilities | None) -> ClientSupport:
        if capabilities is None:
            return cls()
        window = capabilities.window
        workspace = capabilities.workspace
        edit = workspace.workspace_edit if workspace is not None else None
        return cls(
            show_document=bool(window and window.show_document and window.show_document.support),
            work_done_progress=bool(window and window.work_done_progress),
            apply_edit=bool(workspace and workspace.apply_edit),
            document_changes=bool(edit and edit.document_changes),
            configuration=bool(workspace and workspace.configuration),
            orkeon_input=_experimental(capabilities, ORKEON_INPUT),
            renders_views=_experimental(capabilities, ORKEON_VIEWS),
            shows_edits=_experimental(capabilities, ORKEON_QUESTIONS),
        )


def _experimental(capabilities: types.ClientCapabilities, name: str) -> bool:
    experimental = capabilities.experimental
    return isinstance(experimental, Mapping) and experimental.get(name) is True


def describe_client(support: ClientSupport, client: types.ClientInfo | None, ask: bool = True) -> ClientInfo:
    """The client as the engine's /doctor shows it: its name and version, each capability the engine uses,
    and what is lost without it; `ask` is the `askInEditor` setting (questions asked in the editor)."""
    features = (
        ClientFeature("showMessageRequest", ask,
                      "askInEditor is off: nobody is asked, so every call that would ask is refused"),
        ClientFeature("showDocument", support.show_document, "long texts are written under /output but not opened"),
        ClientFeature("workDoneProgress", support.work_done_progress, "a running crew shows no progress"),
        ClientFeature("applyEdit", support.apply_edit,
                      "an edit of an open file is written to disk instead of going through the editor"),
        ClientFeature("configuration", support.configuration, "the orkeon settings are not pulled from the editor"),
    )
    name = client.name if client is not None else "an unnamed client"
    version = (client.version or "") if client is not None else ""
    return ClientInfo(name, version, features)
