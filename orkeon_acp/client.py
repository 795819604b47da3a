"""What the connected ACP client can do, read once from its `initialize` capabilities, and the client as
the engine's /doctor shows it."""

from __future__ import annotations

from dataclasses import dataclass

from acp.schema import ClientCapabilities, Implementation

from orkeon_engine.domain.ui.client_info import ClientFeature, ClientInfo


@dataclass(frozen=True)
class ClientSupport:
    """The client's support for the requests the agent sends it."""

    read_text_file: bool = False
    """fs/read_text_file: the model's reads see the editor's unsaved buffers."""

    write_text_file: bool = False
    """fs/write_text_file: the model's edits land in the editor (and its undo history)."""

    terminal: bool = False
    """terminal/create and the rest: the model's shell commands run in the editor's terminal."""

    elicitation_form: bool = False
    """elicitation/create in form mode: questions that take the person's own words (a text, or a choice with a
    free answer)."""

    @classmethod
    def from_capabilities(cls, capabilities: ClientCapabilities | None) -> ClientSupport:
        if capabilities is None:
            return cls()
        fs = capabilities.fs
        return cls(
            read_text_file=bool(fs and fs.read_text_file),
            write_text_file=bool(fs and fs.write_text_file),
            terminal=bool(capabilities.terminal),
            elicitation_form=bool(capabilities.elicitation and capabilities.elicitation.form is not None),
        )


def describe_client(support: ClientSupport, client: Implementation | None) -> ClientInfo:
    """The client, each capability the engine uses, and what is lost without it."""
    features = (
        ClientFeature("fs/readTextFile", support.read_text_file,
                      "the model reads files from disk, not the editor's unsaved buffers"),
        ClientFeature("fs/writeTextFile", support.write_text_file,
                      "the model's edits are written to disk, not through the editor"),
        ClientFeature("terminal", support.terminal, "the model's shell commands run here, not in the editor"),
        ClientFeature("elicitation (form)", support.elicitation_form,
                      "questions take only one of their options, never the person's own words"),
    )
    if client is None:
        return ClientInfo("an unnamed ACP client", "", features)
    return ClientInfo(client.title or client.name, client.version, features)
